#!/usr/bin/env bash
# The endgame tables' probe in wasm32 beside the native one: builds the probe for wasm32
# (engine/examples/baifang_tables_wasm.rs), loads the 4 v 4 table's files into it as bytes under
# node, and prints the time per probe of both over the same sample; exits 1 when their
# checksums differ. The table comes from target/endgame-tables-cache (the tables' tests build
# it there), built here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE_BIN=${ENGINE_BIN:-$PWD/target/release/engine}
DIR=${TABLES_DIR:-$PWD/target/endgame-tables-cache}
[ -x "$ENGINE_BIN" ] || cargo build -p engine --release --quiet
if [ ! -f "$DIR/4v4.val" ] || [ ! -f "$DIR/4v4.dist" ]; then
  "$ENGINE_BIN" baifang tables build --max-stones 8 --out "$DIR" >/dev/null
fi
cargo build -p engine --release --quiet --no-default-features \
  --target wasm32-unknown-unknown --example baifang_tables_wasm
node scripts/bench-tables-wasm.mjs \
  target/wasm32-unknown-unknown/release/examples/baifang_tables_wasm.wasm "$DIR" "$ENGINE_BIN" "${1:-100000}"
