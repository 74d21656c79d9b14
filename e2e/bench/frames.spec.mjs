// Frame intervals while dragging: a Hex Stroke path across the largest plain level and a
// Baifang drag-and-drop that completes a square (formation ripple and flash), each at 1x
// and 4x CPU throttle (Chromium's DevTools throttling, a mid-range phone). Prints p50/p95
// of requestAnimationFrame intervals and writes artifacts/bench-frames.json; asserts only
// that the gestures did what they should, never a time.
import { test, expect } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { allLevels, drag, expectPath, openHex, openLevel, slideTo, solve, everything } from "../tests/hex-helpers.mjs";
import { place, playChecked, point, scenarios, startHotSeat } from "../tests/baifang-helpers.mjs";

const RATES = [1, 4];
const ROUNDS = 3;
const results = [];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function throttle(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return cdp;
}

/** Starts recording requestAnimationFrame intervals; the returned function stops and reads them. */
async function recordFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
    let last = null;
    const tick = (t) => {
      if (last !== null) window.__frames.push(t - last);
      last = t;
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => { window.__recording = false; return window.__frames; });
}

function report(name, rate, frames) {
  const row = { gesture: name, throttle: rate, frames: frames.length, p50: quantile(frames, 0.5), p95: quantile(frames, 0.95) };
  results.push(row);
  process.stdout.write(`${name} at ${rate}x CPU throttle: ${row.frames} frames, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms\n`);
}

for (const rate of RATES) {
  test(`Hex drag back and forth across the largest plain level at ${rate}x`, async ({ page }) => {
    const lvl = allLevels()
      .filter((l) => !(l.spinners ?? []).length)
      .reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
    const path = solve(lvl).slice(0, -1);
    await openHex(page, { cleared: everything() });
    await openLevel(page, lvl.id);
    await throttle(page, rate);
    const frames = [];
    for (let round = 0; round < ROUNDS; round++) {
      const stop = await recordFrames(page);
      await drag(page, path, { release: false, steps: 8 });
      for (const id of path.slice(0, -1).reverse()) await slideTo(page, id, 8);
      await page.mouse.up();
      frames.push(...(await stop()));
      await expectPath(page, path.slice(0, 1));
    }
    report(`Hex drag (${lvl.id}, ${lvl.cells.length} cells)`, rate, frames);
  });

  test(`Baifang drag-and-drop forming a square at ${rate}x`, async ({ page }) => {
    const moves = scenarios.shuttle;
    const firstCapture = moves.findIndex((a, i) => a.actionType === 1 && moves[i + 1]?.actionType === 2);
    const shuttle = moves[firstCapture];
    const frames = [];
    for (let round = 0; round < ROUNDS; round++) {
      await startHotSeat(page);
      await playChecked(page, moves, 0, firstCapture);
      const cdp = await throttle(page, rate);
      const from = await point(page, shuttle.fromIndex).boundingBox();
      const to = await point(page, shuttle.toIndex).boundingBox();
      const stop = await recordFrames(page);
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 24 });
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2, { steps: 24 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 24 });
      await page.mouse.up();
      await page.waitForTimeout(700); // the formation ripple and gold flash run their course
      frames.push(...(await stop()));
      await expect(point(page, shuttle.toIndex)).toHaveAttribute("data-owner", /[BW]/);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
    report("Baifang drag-and-drop with formation", rate, frames);
  });
}

test.afterAll(() => {
  const dir = join(process.cwd(), "artifacts");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "bench-frames.json"), JSON.stringify(results, null, 2));
});
