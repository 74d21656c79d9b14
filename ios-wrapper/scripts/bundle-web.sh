#!/usr/bin/env bash
# Builds the release web app with relative asset paths and copies it into the iOS app's
# resources (ios-wrapper/BaifangHex/Web/), where BundleSchemeHandler serves it on
# app://localhost/. Run from anywhere; rerun after every web change.
#
#   ios-wrapper/scripts/bundle-web.sh            # build + copy
#   ios-wrapper/scripts/bundle-web.sh --no-build # copy the existing dist/ only
#
# Needs the web build tools (trunk, wasm-bindgen, wasm-opt): scripts/setup.sh play.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
dest="$repo/ios-wrapper/BaifangHex/Web"
cd "$repo"
export PATH="$HOME/.cargo/bin:$repo/node_modules/.bin:$PATH"

say() { printf '[bundle-web] %s\n' "$*"; }

if [ "${1:-}" != "--no-build" ]; then
  for tool in trunk wasm-bindgen wasm-opt; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      say "$tool not found: run scripts/setup.sh play first"
      exit 1
    fi
  done
  say "trunk build --release --public-url ./"
  trunk build --release --public-url ./
fi

if [ ! -f dist/index.html ] || ! compgen -G "dist/*.wasm" >/dev/null; then
  say "dist/ has no index.html or .wasm: the web build did not run or failed"
  exit 1
fi
# Root-absolute asset URLs would point outside app://localhost/'s bundle folder layout.
if grep -Eq '(src|href)="/[^/]' dist/index.html; then
  say "dist/index.html has root-absolute asset paths; build with --public-url ./"
  exit 1
fi

mkdir -p "$dest"
# Replace the previous copy, keeping the .gitkeep placeholder.
find "$dest" -mindepth 1 -maxdepth 1 ! -name .gitkeep -exec rm -rf {} +
cp -R dist/. "$dest/"
# The app serves its files from the bundle itself: the build's compressed copies
# (FILE.br, FILE.gz, for web servers) would only make it larger.
find "$dest" -type f \( -name '*.br' -o -name '*.gz' \) -delete

files=$(find "$dest" -type f ! -name .gitkeep | wc -l | tr -d ' ')
size=$(du -sk "$dest" | cut -f1)
say "copied $files files (${size} KB) into ${dest#"$repo"/}"
for wasm in "$dest"/*.wasm; do
  say "  $(basename "$wasm"): $(wc -c <"$wasm" | tr -d ' ') bytes"
done
