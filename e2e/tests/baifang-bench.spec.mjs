// The AI's search speed in wasm, in the real Web Worker of headless Chromium, next to
// the native figure. The node count and checksum must equal the native bench exactly
// (the search is deterministic); the speed ratio is reported, not asserted.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openApp, screenshotDir } from "./helpers.mjs";
import { engineBin } from "./baifang-helpers.mjs";

const DEPTH = 8;
const RUNS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("wasm search in the worker matches native node for node; nodes/s reported", { tag: ["@alone"] }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one measurement is enough");
  test.setTimeout(180_000);
  const native = spawnSync(engineBin(), ["baifang", "bench", "--depth", String(DEPTH), "--runs", String(RUNS)], { encoding: "utf8" });
  expect(native.status, native.stderr).toBe(0);
  const m = native.stdout.match(/(\d+) nodes, median ([\d.]+) s .*\(checksum (-?\d+)\)/);
  expect(m, native.stdout).not.toBeNull();
  const [nativeNodes, nativeSeconds, nativeChecksum] = [Number(m[1]), Number(m[2]), Number(m[3])];

  await openApp(page);
  // The hook comes with the module of Baifang's games on this device, loaded by the first game.
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("screen-baifang-play")).toBeVisible();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await page.evaluate((d) => window.__baifangBench(d), DEPTH));
  for (const run of runs) {
    expect(run.nodes).toBe(nativeNodes);
    expect(run.checksum).toBe(nativeChecksum);
  }
  const wasmSeconds = median(runs.map((r) => r.millis)) / 1000;
  const report = {
    depth: DEPTH,
    nodes: nativeNodes,
    nativeNodesPerSecond: Math.round(nativeNodes / nativeSeconds),
    wasmNodesPerSecond: Math.round(nativeNodes / wasmSeconds),
    wasmToNativeRatio: Number((nativeSeconds / wasmSeconds).toFixed(2)),
  };
  console.log(`AI bench: ${JSON.stringify(report)}`);
  mkdirSync(join(screenshotDir, ".."), { recursive: true });
  writeFileSync(join(screenshotDir, "..", "bench-baifang-ai.json"), JSON.stringify(report, null, 2));
});
