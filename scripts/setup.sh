#!/usr/bin/env bash
# Installs what the build and the tests need, idempotently and at pinned versions.
#   scripts/setup.sh play   the web build tools (wasm32 target, trunk, wasm-bindgen, wasm-opt)
#   scripts/setup.sh test   the above plus Debian's chromium, redis-server, postgresql, WebKitGTK's WebDriver (with a
#                           virtual X server) and the browser-test runners
# A second run only checks versions and returns in a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-play}
TRUNK_VERSION=0.21.14
# The CLI must equal the wasm-bindgen in Cargo.lock (pinned with "=" in Cargo.toml).
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)

say() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 4 minutes on 2 cores, once)"
  # Trunk's own release profile is fat LTO in one codegen unit: 6.5 minutes of a fresh
  # machine, most of it one core linking, for a tool that spends seconds of a build in its
  # own code (cargo, wasm-bindgen and wasm-opt do the work). Built in parallel instead.
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install --locked "trunk@$TRUNK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes, once)"
  # Not --locked: one of its locked dependencies is missing from the registry.
  cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
fi

# npm packages (binaryen's wasm-opt, Playwright's test runner, Lighthouse). The stamp holds the
# hash of package.json so an unchanged tree skips npm entirely.
stamp=node_modules/.setup-stamp
# sha256sum is GNU; macOS has shasum instead.
want=$( (sha256sum package.json 2>/dev/null || shasum -a 256 package.json) | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
  say "installing npm packages"
  npm install --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

if [ "$mode" = test ]; then
  # chromium for the browser tests; a CJK font so screenshots show the Chinese interface.
  if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
    say "installing Debian's chromium and fonts-noto-cjk"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  fi
  # WebKit, the engine of the iPhone app: WebKitGTK's WebDriver (and its MiniBrowser),
  # run under a virtual X server by the WebKit lane (e2e/webkit/).
  if ! command -v WebKitWebDriver >/dev/null 2>&1 || ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then
    say "installing Debian's webkit2gtk-driver, xvfb and xauth"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb xauth >/dev/null
  fi
  # Redis and PostgreSQL for the server's cluster tests (scripts/services.sh starts
  # private instances of both; nothing system-wide is enabled).
  if ! command -v redis-server >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    say "installing Debian's redis-server and postgresql"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server postgresql >/dev/null
  fi
  if [ "$(cargo fuzz --version 2>/dev/null | cut -d' ' -f1 || true)" != "cargo-fuzz" ] && [ "${SETUP_FUZZ:-0}" = 1 ]; then
    say "installing cargo-fuzz"
    cargo install cargo-fuzz
  fi
fi

say "tools ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version)"
