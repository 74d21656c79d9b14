// What one pointer move costs, from a Chrome performance trace of the same gestures as
// frames.spec.mjs at 4x CPU throttle: per pointermove, the elements whose style was
// recalculated (UpdateLayoutTree elementCount), layout, paint, and script time on the
// renderer's main thread, and, from Chromium's invalidation tracking, which of those
// restyles the page's own DOM writes caused (an attribute, a class, an inserted node) and
// which a running CSS animation or transition did. Prints the totals divided by the
// pointer moves dispatched and writes artifacts/bench-trace.json; asserts nothing about
// time (the tracking itself slows the page, so its milliseconds are only comparable with
// each other).
import { test, chromium } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { drag, everything, expectPath, largestPlainLevel, openHex, openLevel, slideTo, solve } from "../tests/hex-helpers.mjs";
import { playChecked, scenarios, startHotSeat } from "../tests/baifang-helpers.mjs";
import { shuttleStone } from "./gestures.mjs";

const RATE = 4;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.invalidationTracking",
  "blink.user_timing",
].join(",");
const results = [];

/** Sums the main thread's events per kind: count, total ms, and the elements restyled. */
function summarise(traceJson) {
  const events = JSON.parse(traceJson).traceEvents ?? JSON.parse(traceJson);
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // the renderer main thread that dispatched the pointer moves
  const moves = events.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "pointermove");
  const main = moves.length ? `${moves[0].pid}:${moves[0].tid}` : [...mains][0];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X");
  const sum = (name) => on.filter((e) => e.name === name).reduce((s, e) => s + (e.dur ?? 0) / 1000, 0);
  const count = (name) => on.filter((e) => e.name === name).length;
  const restyled = on
    .filter((e) => e.name === "UpdateLayoutTree")
    .reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
  const n = moves.length || 1;
  // each restyle Chromium tracks names its reason: a running animation, or a DOM write
  const tracked = events.filter((e) => `${e.pid}:${e.tid}` === main && e.name === "StyleRecalcInvalidationTracking");
  const byAnimation = tracked.filter((e) => e.args?.data?.reason === "Animation").length;
  const relayouts = events.filter((e) => `${e.pid}:${e.tid}` === main && e.name === "LayoutInvalidationTracking");
  return {
    pointermoves: moves.length,
    perMove: {
      restyledElements: restyled / n,
      restylesFromDomWrites: (tracked.length - byAnimation) / n,
      restylesFromAnimations: byAnimation / n,
      layoutInvalidations: relayouts.length / n,
      styleRecalcs: count("UpdateLayoutTree") / n,
      styleMs: sum("UpdateLayoutTree") / n,
      layouts: count("Layout") / n,
      layoutMs: sum("Layout") / n,
      prePaintMs: sum("PrePaint") / n,
      paints: count("Paint") / n,
      paintMs: sum("Paint") / n,
      pointermoveHandlerMs: moves.reduce((s, e) => s + (e.dur ?? 0) / 1000, 0) / n,
      scriptMs: (sum("FunctionCall") + sum("EventDispatch") + sum("FireAnimationFrame")) / n,
      animationFrameMs: sum("FireAnimationFrame") / n,
      commitMs: sum("Commit") / n,
      layerizeMs: sum("Layerize") / n,
    },
  };
}

async function traced(page, gesture) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: CATEGORIES.split(",") });
  await gesture();
  const buf = await browser.stopTracing();
  return summarise(buf.toString("utf8"));
}

function report(name, summary) {
  results.push({ gesture: name, throttle: RATE, ...summary });
  const p = summary.perMove;
  process.stdout.write(
    `${name} at ${RATE}x, ${summary.pointermoves} pointer moves; per move: ` +
      `${p.restyledElements.toFixed(1)} elements restyled in ${p.styleRecalcs.toFixed(2)} recalcs (${p.styleMs.toFixed(2)} ms; ` +
      `${p.restylesFromDomWrites.toFixed(2)} from DOM writes, ${p.restylesFromAnimations.toFixed(2)} from animations), ` +
      `${p.layoutInvalidations.toFixed(2)} layout invalidations, ` +
      `layout ${p.layouts.toFixed(2)}× (${p.layoutMs.toFixed(2)} ms), pre-paint ${p.prePaintMs.toFixed(2)} ms, ` +
      `paint ${p.paints.toFixed(2)}× (${p.paintMs.toFixed(2)} ms), handler ${p.pointermoveHandlerMs.toFixed(2)} ms, ` +
      `script ${p.scriptMs.toFixed(2)} ms, commit ${p.commitMs.toFixed(2)} ms\n`,
  );
}

test("Hex drag: what a pointer move costs", async ({ page }) => {
  const lvl = largestPlainLevel();
  const path = solve(lvl).slice(0, -1);
  await openHex(page, { cleared: everything() });
  await openLevel(page, lvl.id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  const summary = await traced(page, async () => {
    await drag(page, path, { release: false, steps: 8 });
    for (const id of path.slice(0, -1).reverse()) await slideTo(page, id, 8);
    await page.mouse.up();
  });
  await expectPath(page, path.slice(0, 1));
  report(`Hex drag (${lvl.id}, ${lvl.cells.length} cells)`, summary);
});

test("Baifang drag-and-drop: what a pointer move costs", async ({ page }) => {
  const moves = scenarios.shuttle;
  const firstCapture = moves.findIndex((a, i) => a.actionType === 1 && moves[i + 1]?.actionType === 2);
  const shuttle = moves[firstCapture];
  await startHotSeat(page);
  await playChecked(page, moves, 0, firstCapture);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
  const summary = await traced(page, () => shuttleStone(page, shuttle.fromIndex, shuttle.toIndex));
  report("Baifang drag-and-drop with formation", summary);
});

test.afterAll(() => {
  const dir = join(process.cwd(), "artifacts");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "bench-trace.json"), JSON.stringify(results, null, 2));
});
