#!/usr/bin/env bash
# Quick start 2: install what is missing, then run every check the project has:
# formatting, lints, the workspace's unit/property/CLI tests, the level content law,
# a release web build, and the browser tests against that build on loopback: Chromium
# (Playwright), then WebKit (WebKitGTK's WebDriver, the engine family of the iPhone app).
# Ends with one summary line; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CARGO_TERM_COLOR=never

rust_passed=0; rust_failed=0; web_passed=0; web_failed=0; web_skipped=0; web_flaky=0; webkit_passed=0; webkit_failed=0
log_dir=$(mktemp -d)
started=$(date +%s)

summary() {
  local status=$1
  echo
  [ -s "$log_dir/e2e-outcomes.txt" ] && cat "$log_dir/e2e-outcomes.txt"
  echo "rust tests: $rust_passed passed, $rust_failed failed; browser tests (Chromium): $web_passed passed, $web_failed failed, $web_skipped skipped, $web_flaky passed on retry; WebKit: $webkit_passed passed, $webkit_failed failed; $(( $(date +%s) - started )) s"
  echo "summary: $((rust_passed + web_passed + webkit_passed)) passed, $((rust_failed + web_failed + webkit_failed)) failed"
  exit "$status"
}

step() {
  echo
  # The time since the start on every step, so a log (CI's included) says where the time went.
  echo "==> [$(( $(date +%s) - started )) s] $1"
}

fail() {
  echo "FAILED: $1"
  summary 1
}

step "tools"
scripts/setup.sh test || fail "tool setup"

step "cargo fmt --check"
cargo fmt --all --check || fail "formatting (run cargo fmt --all)"

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings || fail "clippy"

step "fuzz targets compile (cargo check on stable; running them needs nightly and cargo-fuzz, see Fuzzing)"
# Outside the workspace, so nothing else builds them: without this they drift from the engine.
(cd engine/fuzz && CARGO_TARGET_DIR=../../target/fuzz-check cargo check --bins --quiet) || fail "fuzz targets (cargo check in engine/fuzz)"

step "crate boundaries (cargo tree): the shell reaches no game, neither game the other"
# The web crates depend games → shell → core (a game's module carries the shell, which a
# link opened cold starts from). Cargo refuses a `use` across a missing dependency, so this
# checks the dependencies themselves, as Cargo resolves them.
boundary_failed=0
for pair in "web-shell:web-baifang web-hex" "web-baifang:web-hex" "web-hex:web-baifang" "web-core:web-shell web-baifang web-hex"; do
  crate=${pair%%:*}
  reached=$(cargo tree -p "$crate" -e normal --prefix none --quiet | awk '{print $1}' | sort -u)
  for forbidden in ${pair#*:}; do
    if grep -qx "$forbidden" <<<"$reached"; then
      echo "crate boundary broken: $crate reaches $forbidden"
      boundary_failed=1
    fi
  done
done
[ "$boundary_failed" -eq 0 ] || fail "crate boundaries (see above)"
echo "web crates: shell → core, baifang → shell and core, hex → shell and core; the shell reaches no game, neither game the other"

step "private Redis and PostgreSQL for the server's cluster tests"
services_dir="$log_dir/services"
# Stopped on every way out of this script (success, failure, Ctrl-C).
trap 'scripts/services.sh stop "$services_dir" >/dev/null 2>&1 || true' EXIT
scripts/services.sh start "$services_dir" || fail "services (scripts/services.sh start)"
# shellcheck disable=SC1091
. "$services_dir/env"
# With the services running, a cluster test that cannot reach them fails instead of skipping.
export BAIFANG_REQUIRE_SERVICES=1

step "cargo test (workspace, profile checks: release code so property tests and solvers run at speed, built in parallel)"
cargo test --workspace --profile checks 2>&1 | tee "$log_dir/cargo-test.log"
cargo_status=${PIPESTATUS[0]}
read -r rust_passed rust_failed < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$log_dir/cargo-test.log")
[ "$cargo_status" -eq 0 ] || fail "cargo test"
scripts/services.sh stop "$services_dir" >/dev/null 2>&1 || true

step "engine CLI (the binary cargo test built for its CLI tests; the browser tests check the UI against it)"
# `cargo test --profile checks` above built target/checks/engine and target/checks/server for
# the integration tests. A `cargo build` here would build both again with another feature set
# (no dev-dependencies), about two minutes, and the next test run would rebuild them back.
export ENGINE_BIN="$PWD/target/checks/engine"
[ -x "$ENGINE_BIN" ] || cargo build -p engine --profile checks --quiet || fail "engine build"

step "level content law (engine hex verify levels/*.json)"
"$ENGINE_BIN" hex verify levels/*.json || fail "hex verify"

step "Hex generator beside hamilton.c (informational: never fails the run, downloads nothing)"
scripts/bench-hamilton.sh || echo "note: the generator bench reported a failed seed (see above)"

step "rule spec anatomy (engine spec anatomy)"
"$ENGINE_BIN" spec anatomy | grep -E "^(orphans|unused_verbs|unread_params|coverage)=|^== (surfaced|hidden)"
"$ENGINE_BIN" spec anatomy | grep -q "orphans=0" || fail "spec anatomy has orphan state components"

step "iOS wrapper (Swift syntax, bridge contract)"
(cd ios-wrapper/check && npm ci --ignore-scripts --no-audit --no-fund >/dev/null && node check-swift.mjs) || fail "iOS wrapper check"

step "release web build (trunk build --release) and the page-size budgets"
trunk build --release || fail "trunk build"
for wasm in dist/*.wasm; do
  raw=$(stat -c %s "$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  echo "wasm size: $(basename "$wasm") $raw bytes raw, $gz bytes gzip"
done
node scripts/bundle-size.mjs dist || fail "page size over its budget (scripts/bundle-size.mjs)"

step "Endgame tables beside the build (dist/tables/, fetched by the AI worker) and their download budget"
scripts/stage-tables.sh dist || fail "endgame tables beside the build (scripts/stage-tables.sh)"

step "Hex generator: same seed, same level in wasm32 and natively (node)"
scripts/check-wasm-determinism.sh || fail "wasm vs native generator levels"

step "Endgame tables: the probe in wasm32 reads what the native one reads (node), times beside each other"
scripts/bench-tables-wasm.sh || fail "endgame tables probe, wasm vs native (scripts/bench-tables-wasm.sh)"

step "referee server (the binary cargo test built; the server browser tests start it on loopback)"
export SERVER_BIN="$PWD/target/checks/server"
[ -x "$SERVER_BIN" ] || cargo build -p server --profile checks --quiet || fail "server build"

step "browser tests (Playwright + /usr/bin/chromium against dist/ on 127.0.0.1)"
rm -rf artifacts
# Two groups: the tests tagged @alone time the main thread or a worker against a budget, so
# they run by themselves, one at a time; the rest run two at a time (two browsers), which on
# 2 cores took the suite from about 21 to about 13 minutes.
E2E_GROUP=alone npx playwright test --config e2e/playwright.config.mjs --grep @alone --workers 1 2>&1 | tee "$log_dir/e2e-alone.log"
e2e_status=${PIPESTATUS[0]}
E2E_GROUP=shared npx playwright test --config e2e/playwright.config.mjs --grep-invert @alone --workers 2 2>&1 | tee "$log_dir/e2e-shared.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || e2e_status=1
: > "$log_dir/e2e-outcomes.txt"
for group in alone shared; do
  report="artifacts/e2e-results-$group.json"
  [ -f "$report" ] || { e2e_status=1; echo "no report from the $group group"; continue; }
  read -r passed failed skipped flaky < <(node -e '
    const s = require("./" + process.argv[1]).stats;
    console.log(s.expected, s.unexpected, s.skipped, s.flaky);' "$report")
  web_passed=$((web_passed + passed)); web_failed=$((web_failed + failed))
  web_skipped=$((web_skipped + skipped)); web_flaky=$((web_flaky + flaky))
  # Name every test that failed, or passed only on its retry, so a CI log's tail says which.
  node e2e/report-outcomes.mjs "$report" >> "$log_dir/e2e-outcomes.txt"
done

step "browser tests in WebKit (WebKitGTK WebDriver under Xvfb against dist/ on 127.0.0.1)"
webkit_started=$(date +%s)
node e2e/webkit/run.mjs
webkit_status=$?
if [ -f artifacts/webkit-results.json ]; then
  read -r webkit_passed webkit_failed < <(node -e '
    const r = require("./artifacts/webkit-results.json");
    console.log(r.passed, r.failed);')
fi
echo "WebKit lane: $(( $(date +%s) - webkit_started )) s"
echo "browser test artifacts (screenshots): $PWD/artifacts/screenshots (WebKit: artifacts/screenshots/webkit)"
[ "$e2e_status" -eq 0 ] || fail "browser tests (Chromium)"
[ "$webkit_status" -eq 0 ] || fail "browser tests (WebKit)"

step "Lighthouse (mobile preset) against the referee server: five cold pages, three runs each, the median"
# After the browser tests, alone on the machine: Lighthouse's simulated timings scale what the
# page's main thread took here. Reports in artifacts/lighthouse/.
node scripts/lighthouse.mjs --server "$SERVER_BIN" --out artifacts/lighthouse || fail "Lighthouse (a page under its threshold, see above)"

summary 0
