// Interaction latency at 4x CPU throttle: from the input that starts an interaction (a
// tap's pointerdown, or the pointermove that slides into a hex) to the frame that shows its
// effect, 30 times each for a Baifang placement, a Baifang move that forms a square (the
// capture banner comes up), a Hex step and a tap in the editor (which also asks the solver
// worker for a check). Goal: p98 ≤ 50 ms. Prints p50 / p98 / worst and writes
// artifacts/bench-latency.json; asserts only that each input did what it should.
//
// Two measures. (1) The Event Timing API, the standard one (what INP reports): every event
// of a tap carries an interactionId and a duration from the event to the next paint after
// its handlers, in 8 ms steps; a tap's latency is the longest of its events. It reports
// nothing under 16 ms (such a tap counts as 16) and does not cover pointermove. (2) Its
// equivalent by frames, for every row: the page arms a MutationObserver for the effect (a
// selector whose attribute must come to match), keeps the first triggering event's
// timestamp, and when the effect lands waits for two requestAnimationFrame callbacks: the
// second starts once the frame that drew the effect has finished its style, layout and
// paint. Measured side by side on placements, the two agree within the API's 8 ms steps.
// (An earlier version waited for a task after the first frame instead: with frames
// uncapped, as the frame benchmark needs, running animations drew frame after frame before
// that task and it reported up to 80 ms past the frame that showed the effect.)
//
// Taps come PACE_MS apart, as a person's do (a hot-seat tap is followed by the other
// player's); the Hex step's slide goes on without a pause, as a finger's does.
//
// The control row is the floor: the same measurement of a bare listener that sets one
// attribute on a small element, at 1x and 4x. DevTools' CPU throttling slows the page by
// pausing its main thread in slices, so an input that arrives during a pause waits for
// it: at 4x the floor itself is far above what a phone 4x slower would show, and the
// app's figure beside it (the difference of the medians) is what the app adds.
import { test, expect } from "@playwright/test";
import { quantile, throttle } from "./measure.mjs";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { everything, largestPlainLevel, openHex, openLevel, solve, centre } from "../tests/hex-helpers.mjs";
import { point, scenarios, startHotSeat } from "../tests/baifang-helpers.mjs";

const RATE = Number(process.env.LATENCY_RATE ?? 4);
const TAPS = 30;
const PACE_MS = 250;
const GOAL_P98_MS = 50;
const results = [];

/** Arms the measurement: the first of a tap's `triggers` events starts it (the last
 * pointermove of a slide), the effect is
 * `selector`'s `attribute` matching `pattern` (a RegExp source). Resolves to
 * `{ frames, eventTiming }` in ms (`eventTiming` null when no event of the interaction
 * reached the API's 16 ms threshold, or for a slide). */
async function arm(page, triggers, selector, attribute, pattern) {
  // a tap is timed from its pointerdown; a slide from the move that entered the hex
  const fromLast = triggers.includes("pointermove");
  await page.evaluate(
    ([triggers, selector, attribute, pattern, fromLast]) => {
      const re = new RegExp(pattern);
      let t0 = null;
      const onEvent = (e) => {
        if (fromLast || t0 === null) t0 = e.timeStamp;
      };
      for (const t of triggers) addEventListener(t, onEvent, { capture: true });
      const timed = [];
      const po = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.interactionId) timed.push(e);
      });
      po.observe({ type: "event", durationThreshold: 16 });
      window.__latency = new Promise((resolve) => {
        const landed = () => {
          const el = document.querySelector(selector);
          return el !== null && re.test(el.getAttribute(attribute) ?? "");
        };
        const mo = new MutationObserver(() => {
          if (t0 === null || !landed()) return;
          mo.disconnect();
          for (const t of triggers) removeEventListener(t, onEvent, { capture: true });
          const start = t0;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const frames = performance.now() - start;
              // the API delivers an entry after the paint it waited for: give it a moment
              setTimeout(() => {
                for (const e of po.takeRecords()) if (e.interactionId) timed.push(e);
                po.disconnect();
                const own = timed.filter((e) => e.startTime >= start - 1);
                resolve({ frames, eventTiming: own.length ? Math.max(...own.map((e) => e.duration)) : null });
              }, 100);
            }),
          );
        });
        mo.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
      });
    },
    [triggers, selector, attribute, pattern, fromLast],
  );
}

const TAP = ["pointerdown", "pointerup", "click"];

const measured = (page) => page.evaluate(() => window.__latency);

/** A tap on the middle of `locator`, PACE_MS after the one before. */
async function tapAt(page, locator) {
  await page.waitForTimeout(PACE_MS);
  // the editor's board scrolls in its frame on a phone: a cell may start out of view
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Prints and keeps one row: p50 / p98 / worst of the frames measure, and of the Event
 * Timing API's where it reported (taps; a tap it did not report counts as 16 ms). */
function report(name, samples, rate = RATE) {
  const stats = (ms) => ({ p50: quantile(ms, 0.5), p98: quantile(ms, 0.98), worst: Math.max(...ms) });
  const frames = stats(samples.map((s) => s.frames));
  const tapped = samples.some((s) => s.eventTiming !== null);
  const eventTiming = tapped ? stats(samples.map((s) => s.eventTiming ?? 16)) : null;
  const row = { interaction: name, throttle: rate, n: samples.length, ...frames, eventTiming, goalP98: GOAL_P98_MS, samples };
  results.push(row);
  const line = (s) => `p50 ${s.p50.toFixed(1)} ms, p98 ${s.p98.toFixed(1)} ms, worst ${s.worst.toFixed(1)} ms`;
  const et = eventTiming ? `; Event Timing ${line(eventTiming)}` : "";
  process.stdout.write(`${name} at ${rate}x: n ${row.n}, frames ${line(frames)}${et} (goal p98 ≤ ${GOAL_P98_MS})\n`);
}

for (const rate of [...new Set([1, RATE])]) {
  test(`Control: a bare listener setting one attribute, at ${rate}x`, async ({ page }) => {
    await startHotSeat(page);
    await page.evaluate(() => {
      const el = document.createElement("button");
      el.id = "latency-control";
      el.style.cssText = "position:fixed;left:20px;bottom:20px;width:60px;height:60px;z-index:2147483647";
      el.addEventListener("pointerdown", () => el.setAttribute("data-n", String(Number(el.getAttribute("data-n") ?? 0) + 1)));
      document.body.append(el);
    });
    await throttle(page, rate);
    const ms = [];
    for (let i = 1; i <= TAPS; i++) {
      await arm(page, TAP, "#latency-control", "data-n", `^${i}$`);
      await tapAt(page, page.locator("#latency-control"));
      ms.push(await measured(page));
    }
    report("Control (bare listener)", ms, rate);
  });
}

test("Baifang placement (tap → stone drawn)", async ({ page }) => {
  const placements = scenarios.shuttle.slice(0, scenarios.shuttle.findIndex((a) => a.actionType !== 0));
  const ms = [];
  while (ms.length < TAPS) {
    await startHotSeat(page);
    const cdp = await throttle(page, RATE);
    for (const a of placements.slice(0, TAPS - ms.length)) {
      const sel = `[data-testid="point-${a.toIndex}"]`;
      await arm(page, TAP, sel, "data-owner", "[BW]");
      await tapAt(page, point(page, a.toIndex));
      ms.push(await measured(page));
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
  report("Baifang placement", ms);
});

test("Baifang move forming a square (tap → stone moved, capture banner up)", async ({ page }) => {
  const moves = scenarios.shuttle;
  const at = moves.findIndex((a, i) => a.actionType === 1 && moves[i + 1]?.actionType === 2);
  const move = moves[at];
  const ms = [];
  while (ms.length < TAPS) {
    await startHotSeat(page);
    for (const a of moves.slice(0, at)) {
      if (a.actionType === 1) {
        await point(page, a.fromIndex).click();
        await point(page, a.toIndex).click();
      } else {
        for (const p of a.eatIndices ?? [a.toIndex]) await point(page, p).click();
      }
    }
    await point(page, move.fromIndex).click();
    await expect(point(page, move.fromIndex)).toHaveAttribute("data-flags", /selected/);
    const cdp = await throttle(page, RATE);
    await arm(page, TAP, '[data-testid="status-banner"]', "class", "warning");
    await tapAt(page, point(page, move.toIndex));
    ms.push(await measured(page));
    await expect(point(page, move.toIndex)).toHaveAttribute("data-owner", /[BW]/);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
  report("Baifang move with capture banner", ms);
});

test("Hex step (slide into the next hex → step drawn)", async ({ page }) => {
  const lvl = largestPlainLevel();
  const path = solve(lvl);
  await openHex(page, { cleared: everything() });
  await openLevel(page, lvl.id);
  await throttle(page, RATE);
  const ms = [];
  while (ms.length < TAPS) {
    const start = await centre(page, path[0]);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // the last hex is left out: clearing the level starts its animation
    for (const [i, id] of path.slice(1, -1).entries()) {
      if (ms.length >= TAPS) break;
      await arm(page, ["pointermove"], `[data-testid="hex-cell-${id}"]`, "data-step", `^${i + 2}$`);
      const p = await centre(page, id);
      await page.mouse.move(p.x, p.y, { steps: 4 });
      ms.push(await measured(page));
    }
    await page.mouse.up();
    await page.getByTestId("hex-restart").click();
  }
  report(`Hex step (${lvl.id}, ${lvl.cells.length} cells)`, ms);
});

test("Hex editor tap (cell painted; the check goes to the worker)", async ({ page }) => {
  await openHex(page);
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  await throttle(page, RATE);
  const cells = ["0-0", "1-0", "2-0", "0-1", "1-1", "2-1"];
  const ms = [];
  for (let i = 0; ms.length < TAPS; i++) {
    const id = cells[i % cells.length];
    const painted = Math.floor(i / cells.length) % 2 === 0;
    const sel = `[data-testid="editor-cell-${id}"]`;
    await arm(page, TAP, sel, "class", painted ? "is-painted" : "^(?!.*is-painted)");
    await tapAt(page, page.getByTestId(`editor-cell-${id}`));
    ms.push(await measured(page));
  }
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-state", /./);
  report("Hex editor tap", ms);
});

test.afterAll(() => {
  const dir = join(process.cwd(), "artifacts");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "bench-latency.json"), JSON.stringify(results, null, 2));
});
