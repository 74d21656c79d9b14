#!/usr/bin/env bash
# The Hex level generator side by side with hamilton.c, the Hidato/Numbrix
# generator James Clark wrote for Simon Tatham's puzzle collection (the fastest
# public Hamiltonian-path puzzle generator we compare against).
#
# Our side always runs: `engine hex bench-generate` over seeds 1-20 at 20, 60 and
# 100 cells (3 walls), median and worst per size. hamilton.c's side runs only
# when it is already on this machine; this script never downloads anything:
#   HAMILTON_BIN=path   a hamilton binary built with -DTESTING (its test main
#                       generates puzzles and prints "time: X ms" per puzzle)
#   HAMILTON_SRC=dir    a checkout of the puzzle collection holding hamilton.c;
#                       built here with gcc -O2 -DTESTING together with the
#                       support files in HAMILTON_SUPPORT (default: random.c
#                       malloc.c misc.c)
# Otherwise it prints the figures recorded on this machine class (gcc -O2,
# back to back with the project): 3 ms median at 60 cells, 330 ms at 100 cells.
# Informational: it exits 0 even when hamilton.c cannot be built or run, and 1
# only when our own generator fails a seed.
set -uo pipefail
cd "$(dirname "$0")/.."

ENGINE_BIN=${ENGINE_BIN:-$PWD/target/release/engine}
REPEAT=${REPEAT:-1}

echo "== Hex Stroke generator (engine hex bench-generate, seeds 1-20, 3 walls, best of $REPEAT run(s) per seed)"
if [ ! -x "$ENGINE_BIN" ]; then
  cargo build -p engine --release --quiet || { echo "engine build failed"; exit 1; }
fi
"$ENGINE_BIN" hex bench-generate --cells 20,60,100 --seeds 20 --repeat "$REPEAT"
ours=$?

echo
echo "== hamilton.c"
hamilton=${HAMILTON_BIN:-}
if [ -z "$hamilton" ] && [ -n "${HAMILTON_SRC:-}" ]; then
  if [ -f "$HAMILTON_SRC/hamilton.c" ] && command -v gcc >/dev/null; then
    out=$(mktemp -d)
    support=()
    for f in ${HAMILTON_SUPPORT:-random.c malloc.c misc.c}; do support+=("$HAMILTON_SRC/$f"); done
    if gcc -O2 -DTESTING -I"$HAMILTON_SRC" -o "$out/hamilton" "$HAMILTON_SRC/hamilton.c" "${support[@]}" -lm 2>"$out/build.log"; then
      hamilton="$out/hamilton"
      echo "built $hamilton from $HAMILTON_SRC (gcc -O2 -DTESTING)"
    else
      echo "could not build hamilton.c from $HAMILTON_SRC (see $out/build.log; set HAMILTON_SUPPORT to the files it needs)"
    fi
  else
    echo "HAMILTON_SRC=$HAMILTON_SRC has no hamilton.c (or gcc is missing)"
  fi
fi

if [ -n "$hamilton" ] && [ -x "$hamilton" ]; then
  # the grid size is the one compiled into its test main
  times=$("$hamilton" | sed -n 's/^time: \([0-9.]*\) ms$/\1/p' | sort -g)
  n=$(printf '%s\n' "$times" | grep -c .)
  if [ "$n" -gt 0 ]; then
    median=$(printf '%s\n' "$times" | awk -v n="$n" 'NR == int((n + 1) / 2) { print }')
    worst=$(printf '%s\n' "$times" | tail -n 1)
    echo "hamilton.c: $n puzzles, median $median ms, worst $worst ms (grid size as compiled into its test main)"
  else
    echo "$hamilton printed no 'time: X ms' lines (is it built with -DTESTING?)"
  fi
else
  echo "hamilton.c not available here (set HAMILTON_BIN or HAMILTON_SRC); recorded reference figures,"
  echo "gcc -O2, measured back to back with the project on this machine class:"
  printf '%5s %12s\n' "cells" "median ms"
  printf '%5s %12s\n' 60 3 100 330
fi

[ "$ours" -eq 0 ] || { echo "the generator failed a seed"; exit 1; }
exit 0
