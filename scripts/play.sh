#!/usr/bin/env bash
# Quick start 1: install what is missing, build the web app, and serve it on 127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh play
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
echo
echo "  Open http://127.0.0.1:8080 in a browser (Ctrl-C stops the server)."
echo
exec trunk serve --release --address 127.0.0.1 --port 8080
