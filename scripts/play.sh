#!/usr/bin/env bash
# Quick start 1: install what is missing, build the web app and the referee server, put the
# endgame tables beside the app (scripts/stage-tables.sh), and serve both on 127.0.0.1:8080
# (the page, and online play between any browsers).
# Extra arguments go to the server, e.g. `scripts/play.sh --bind 0.0.0.0:8080` for a LAN.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh play
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release
cargo build -p server -p engine --release
scripts/stage-tables.sh dist
echo
echo "  Open http://127.0.0.1:8080 in a browser (Ctrl-C stops the server)."
echo "  Players and games are kept in data/baifang.sqlite3."
echo
exec target/release/server --bind 127.0.0.1:8080 --dist dist --database data/baifang.sqlite3 "$@"
