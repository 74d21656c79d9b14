#!/usr/bin/env bash
# Puts the Baifang endgame tables beside a web build, where the AI's Web Worker fetches them:
# DIST/tables/4v4.val and 4v4.dist, each with a gzip -9 copy the referee server sends to a
# browser that accepts gzip. The tables are data, built by `engine baifang tables build` into
# target/endgame-tables-cache (resumable: a table already written and checked is kept), never
# committed. Fails when the gzip bytes a browser downloads for them exceed the budget (2 MiB).
#
#   scripts/stage-tables.sh [DIST]   (default: dist)
set -euo pipefail
cd "$(dirname "$0")/.."

DIST=${1:-dist}
ENGINE_BIN=${ENGINE_BIN:-$PWD/target/release/engine}
CACHE=${TABLES_DIR:-$PWD/target/endgame-tables-cache}
BUDGET=$((2 * 1024 * 1024))

[ -d "$DIST" ] || { echo "stage-tables: no build folder $DIST (run trunk build --release)" >&2; exit 2; }
[ -x "$ENGINE_BIN" ] || cargo build -p engine --release --quiet
"$ENGINE_BIN" baifang tables build --max-stones 8 --out "$CACHE" >/dev/null
mkdir -p "$DIST/tables"
total_raw=0
total_gz=0
for name in 4v4.val 4v4.dist; do
  cp "$CACHE/$name" "$DIST/tables/$name"
  gzip -9 -n -c "$CACHE/$name" > "$DIST/tables/$name.gz"
  raw=$(stat -c %s "$DIST/tables/$name")
  gz=$(stat -c %s "$DIST/tables/$name.gz")
  echo "endgame table: tables/$name $raw bytes raw, $gz bytes gzip"
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
done
echo "endgame tables beside the build: $total_raw bytes raw, $total_gz bytes gzip (budget $BUDGET gzip)"
if [ "$total_gz" -gt "$BUDGET" ]; then
  echo "stage-tables: the 4 v 4 table is $total_gz bytes gzip, over its budget of $BUDGET" >&2
  exit 1
fi
