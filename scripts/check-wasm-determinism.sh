#!/usr/bin/env bash
# Same seed, same Hex level in wasm32 as natively: builds the generator for
# wasm32 (engine/examples/hex_generate_wasm.rs) and compares its levels' share
# codes with the native engine CLI's under node, and 30 days of daily puzzles
# with `engine hex daily`. Exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE_BIN=${ENGINE_BIN:-$PWD/target/release/engine}
[ -x "$ENGINE_BIN" ] || cargo build -p engine --release --quiet
cargo build -p engine --release --quiet --no-default-features \
  --target wasm32-unknown-unknown --example hex_generate_wasm
node scripts/check-wasm-determinism.mjs \
  target/wasm32-unknown-unknown/release/examples/hex_generate_wasm.wasm "$ENGINE_BIN"
