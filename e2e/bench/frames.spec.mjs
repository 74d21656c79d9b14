// Frame intervals while dragging: a Hex Stroke path across the largest plain level and a
// Baifang drag-and-drop that completes a square (formation ripple and flash), each at 1x
// and 4x CPU throttle (Chromium's DevTools throttling, a mid-range phone). Prints p50/p95
// of requestAnimationFrame intervals, each drag's p95 above the idle row's of the same run
// and, at 4x, whether that is within the goal (1.0 ms), and writes
// artifacts/bench-frames.json; asserts only that the gestures did what they should, never
// a time.
//
// Why a heartbeat: headless Chromium with --disable-frame-rate-limit runs frames back to
// back only while each frame draws something. A frame that changes nothing on screen
// (a pointer move inside one hex, the wait between two gestures) falls back to a ~17.5 ms
// clock: the idle control below, with no input at all, measures p50 ≈ 17.5 ms, and one
// tiny square repainted every frame brings it to ≈ 1 ms. Those empty frames were the p95
// of ≈ 17.5 ms this benchmark used to report whatever the app did. So the recorder moves
// a 2-pixel composited square by one pixel in every frame: every frame then has damage,
// the clock never idles, and an interval measures the work of the frame. What the
// heartbeat itself costs is the "idle" row (the same recorder with no gesture).
import { test, expect } from "@playwright/test";
import { quantile, throttle } from "./measure.mjs";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { drag, everything, expectPath, largestPlainLevel, openHex, openLevel, slideTo, solve } from "../tests/hex-helpers.mjs";
import { playChecked, point, scenarios, startHotSeat } from "../tests/baifang-helpers.mjs";
import { shuttleStone } from "./gestures.mjs";

const RATES = [1, 4];
const ROUNDS = 3;
const results = [];

/** Starts recording requestAnimationFrame intervals, with the heartbeat (see the top of
 * this file); the returned function stops and reads them. */
async function recordFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
    const beat = document.createElement("div");
    beat.style.cssText =
      "position:fixed;left:0;top:0;width:2px;height:2px;background:#000;opacity:0.01;" +
      "will-change:transform;pointer-events:none;z-index:2147483647";
    document.body.append(beat);
    let last = null;
    let n = 0;
    const tick = (t) => {
      if (last !== null) window.__frames.push(t - last);
      last = t;
      beat.style.transform = `translateX(${n++ % 2}px)`;
      if (window.__recording) requestAnimationFrame(tick);
      else beat.remove();
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => { window.__recording = false; return window.__frames; });
}

/** The goal, relative to the machine's floor at that moment: a drag's p95 at 4x within this
 * much of the idle row's p95 in the same run (the idle row runs first at each rate). */
const GOAL_ABOVE_IDLE_MS = 1.0;
const GOAL_RATE = 4;
const IDLE = "Idle (recorder only)";

function report(name, rate, frames) {
  const row = { gesture: name, throttle: rate, frames: frames.length, p50: quantile(frames, 0.5), p95: quantile(frames, 0.95) };
  const idle = results.find((r) => r.gesture === IDLE && r.throttle === rate);
  let against = "";
  if (name !== IDLE && idle) {
    row.p95AboveIdle = row.p95 - idle.p95;
    against = `, ${row.p95AboveIdle.toFixed(1)} ms above the idle p95`;
    if (rate === GOAL_RATE) {
      row.goalMet = row.p95AboveIdle <= GOAL_ABOVE_IDLE_MS;
      against += ` (goal at ${GOAL_RATE}x: at most ${GOAL_ABOVE_IDLE_MS.toFixed(1)} ms; ${row.goalMet ? "met" : "not met"})`;
    }
  }
  results.push(row);
  process.stdout.write(`${name} at ${rate}x CPU throttle: ${row.frames} frames, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms${against}\n`);
}

for (const rate of RATES) {
  test(`Idle control: the recorder alone on the Hex level at ${rate}x`, async ({ page }) => {
    const lvl = largestPlainLevel();
    await openHex(page, { cleared: everything() });
    await openLevel(page, lvl.id);
    await throttle(page, rate);
    const stop = await recordFrames(page);
    await page.waitForTimeout(3000);
    report("Idle (recorder only)", rate, await stop());
  });

  test(`Hex drag back and forth across the largest plain level at ${rate}x`, async ({ page }) => {
    const lvl = largestPlainLevel();
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
      const stop = await recordFrames(page);
      await shuttleStone(page, shuttle.fromIndex, shuttle.toIndex);
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
