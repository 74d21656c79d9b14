#!/usr/bin/env bash
# Hex Stroke uniqueness proofs: the engine's solver back to back with a SAT solver
# (CaDiCaL through python-sat, the reference program hex_sat.py).
#
# Generates levels with `engine hex generate` (60, 100 and 150 cells, 3 walls,
# seeds 1-30), then per size times `engine hex bench-solve --limit 2` (in-process,
# median of REPS runs per level) and hex_sat.py (--reps REPS, median per level), and
# prints one table: median and worst over the levels per size, and the ratios.
# CaDiCaL's time is its solve calls only (hex_sat.py's solve_ms; its Python
# encoding is listed apart as total); the engine's time includes its set-up.
#
#   scripts/bench-hex-sat.sh [HEX_SAT]
#   HEX_SAT   path of hex_sat.py (first argument or env; default ../shared/bench/hex_sat.py,
#             relative to the repository root)
#   ENGINE_BIN the engine binary (default: $CARGO_TARGET_DIR or target, release; built if missing)
#   SIZES (default "60 100 150"), SEEDS (default 30), WALLS (default 3), REPS (default 3)
#   VENV      python-sat's venv (default ~/.cache/hex-sat-venv; made with pip if missing)
set -euo pipefail
cd "$(dirname "$0")/.."

HEX_SAT=${1:-${HEX_SAT:-../shared/bench/hex_sat.py}}
ENGINE_BIN=${ENGINE_BIN:-${CARGO_TARGET_DIR:-$PWD/target}/release/engine}
SIZES=${SIZES:-60 100 150}
SEEDS=${SEEDS:-30}
WALLS=${WALLS:-3}
REPS=${REPS:-3}
VENV=${VENV:-$HOME/.cache/hex-sat-venv}

if [ ! -f "$HEX_SAT" ]; then
  echo "no SAT reference at $HEX_SAT (pass its path as the first argument or HEX_SAT)" >&2
  exit 2
fi
if [ ! -x "$ENGINE_BIN" ]; then
  cargo build -p engine --release --quiet
fi
if ! "$VENV/bin/python" -c 'import pysat' 2>/dev/null; then
  echo "installing python-sat into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet python-sat
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rows=()
for cells in $SIZES; do
  mkdir -p "$work/$cells"
  for seed in $(seq 1 "$SEEDS"); do
    "$ENGINE_BIN" hex generate --cells "$cells" --walls "$WALLS" --seed "$seed" >"$work/$cells/s$seed.json"
  done
  # engine: the row of its table for this size is "cells levels median worst mean ..."
  read -r _ levels e_med e_worst _ _ e_nodes_max e_unique < <(
    "$ENGINE_BIN" hex bench-solve "$work/$cells"/*.json --limit 2 --repeat "$REPS" | awk -v c="$cells" '$1 == c'
  )
  "$VENV/bin/python" "$HEX_SAT" "$work/$cells"/*.json --limit 2 --reps "$REPS" >"$work/sat-$cells.jsonl"
  sat=$("$VENV/bin/python" - "$work/sat-$cells.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
def mw(key):
    v = sorted(r[key] for r in rows)
    return statistics.median(v), v[-1]
sm, sw = mw("solve_ms")
tm, tw = mw("total_ms")
unique = sum(1 for r in rows if r.get("solutions") == 1)
print(f"{sm:.2f} {sw:.2f} {tm:.2f} {tw:.2f} {unique}")
PY
)
  read -r s_med s_worst t_med t_worst s_unique <<<"$sat"
  rows+=("$cells $levels $s_med $s_worst $t_med $t_worst $e_med $e_worst $e_nodes_max $s_unique $e_unique")
done

echo "Hex Stroke uniqueness proof (limit 2), $WALLS walls, seeds 1-$SEEDS, median of $REPS runs per level; ms"
printf '%5s %6s | %11s %10s | %12s %11s | %11s %10s %10s | %12s %11s | %s\n' \
  cells levels "cadical med" "cad worst" "cad+enc med" "+enc worst" "engine med" "eng worst" "eng nodes" \
  "ratio med" "ratio worst" "unique sat/engine"
for r in "${rows[@]}"; do
  read -r cells levels s_med s_worst t_med t_worst e_med e_worst e_nodes s_u e_u <<<"$r"
  awk -v c="$cells" -v l="$levels" -v sm="$s_med" -v sw="$s_worst" -v tm="$t_med" -v tw="$t_worst" \
      -v em="$e_med" -v ew="$e_worst" -v en="$e_nodes" -v su="$s_u" -v eu="$e_u" 'BEGIN {
    printf "%5d %6d | %11.2f %10.2f | %12.2f %11.2f | %11.2f %10.2f %10d | %11.1fx %10.1fx | %s/%s\n",
      c, l, sm, sw, tm, tw, em, ew, en, sm / em, sw / ew, su, eu
  }'
done
echo "ratio = CaDiCaL solve time / engine time (above 1: the engine is faster)"
