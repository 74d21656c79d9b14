#!/usr/bin/env node
// The WebKit lane: the release build (dist/) served on loopback, WebKitGTK's WebDriver
// under a virtual X server, and each e2e/webkit/*.test.mjs run by node's test runner
// against it. A fresh driver (one MiniBrowser session) per test file, so a crashed file
// cannot leave a session behind for the next. Writes artifacts/webkit-results.json
// ({passed, failed, seconds}) for the test command's summary; exits non-zero on any
// failure.
//
//   node e2e/webkit/run.mjs [file.test.mjs ...]
//   E2E_PORT (default 4173, as the Chromium tests) serves the build; WEBKIT_DRIVER_PORT
//   (default 4444) is the driver's.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { basename, join } from "node:path";
import { root } from "../engine-cli.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
const driverPort = Number(process.env.WEBKIT_DRIVER_PORT ?? 4444);
const here = join(root, "e2e", "webkit");
const artifacts = join(root, "artifacts", "webkit");
const started = Date.now();

const say = (m) => console.log(`[webkit] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `cmd` in its own process group, so stopping it stops its children too. */
function start(cmd, args, log) {
  const child = spawn(cmd, args, { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const out = [];
  child.stdout.on("data", (d) => out.push(d));
  child.stderr.on("data", (d) => out.push(d));
  child.on("exit", () => log && writeFileSync(log, Buffer.concat(out)));
  return child;
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 5_000).unref();
  });
}

async function waitForURL(url, what, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return await res.text();
    } catch {}
    await sleep(200);
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function runFile(file) {
  const name = basename(file, ".test.mjs");
  // A 390×844 screen: the full-screen MiniBrowser window is then exactly the phone viewport.
  const driver = start("xvfb-run", ["-a", "-s", "-screen 0 390x844x24", "WebKitWebDriver", `--port=${driverPort}`], join(artifacts, `${name}.driver.log`));
  try {
    await waitForURL(`http://127.0.0.1:${driverPort}/status`, "WebKitWebDriver");
    const tap = join(artifacts, `${name}.tap`);
    const test = spawn(
      process.execPath,
      ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", `--test-reporter-destination=${tap}`, file],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, E2E_PORT: String(port), WEBKIT_DRIVER_PORT: String(driverPort) } },
    );
    const code = await new Promise((resolve) => test.on("exit", (c) => resolve(c ?? 1)));
    const report = existsSync(tap) ? readFileSync(tap, "utf8") : "";
    const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, "m"))?.[1] ?? 0);
    const passed = count("pass");
    // A file that crashed before reporting counts as one failure.
    const failed = count("fail") + (code !== 0 && count("fail") === 0 ? 1 : 0);
    return { passed, failed };
  } finally {
    await stop(driver);
  }
}

async function main() {
  if (!existsSync(join(root, "dist", "index.html"))) throw new Error("dist/ has no index.html: run trunk build --release first");
  mkdirSync(artifacts, { recursive: true });
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(here).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => join(here, f));
  const server = start(process.execPath, [join(root, "e2e", "serve.mjs"), "dist", String(port)], join(artifacts, "serve.log"));
  let passed = 0;
  let failed = 0;
  try {
    await waitForURL(`http://127.0.0.1:${port}/`, "the static server");
    for (const file of files) {
      const t0 = Date.now();
      const r = await runFile(file);
      say(`${basename(file)}: ${r.passed} passed, ${r.failed} failed, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      passed += r.passed;
      failed += r.failed;
    }
  } finally {
    await stop(server);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(root, "artifacts", "webkit-results.json"), JSON.stringify({ passed, failed, seconds }) + "\n");
  say(`${passed} passed, ${failed} failed, ${seconds} s; screenshots in artifacts/screenshots/webkit/`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[webkit] ${error.message}`);
    process.exit(2);
  },
);
