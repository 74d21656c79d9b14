// Baifang's motion, watched frame by frame in a real browser: a step slides its stone
// along its line and ends on its point, a placed stone drops in, a taken stone shrinks
// and fades before it leaves the DOM, the last placement or step stays marked, and
// reduced motion turns the slide into a fade. Moves are made by clicks, as a player
// would, and the board is checked against the engine's replay.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { clickAction, place, playChecked, point, scenarios, startHotSeat } from "./baifang-helpers.mjs";

/**
 * Starts sampling, once per animation frame for `ms`, the computed transform and opacity
 * of the element `selector` finds (null while there is none). Returns a function that
 * waits for the samples.
 */
async function sampleFrames(page, selector, ms = 600) {
  await page.evaluate(
    ([selector, ms]) => {
      window.__frames = [];
      window.__framesDone = false;
      const start = performance.now();
      const tick = (now) => {
        const el = document.querySelector(selector);
        const style = el && getComputedStyle(el);
        window.__frames.push(style ? { transform: style.transform, opacity: Number(style.opacity) } : null);
        if (now - start < ms) requestAnimationFrame(tick);
        else window.__framesDone = true;
      };
      requestAnimationFrame(tick);
    },
    [selector, ms],
  );
  return async () => {
    await page.waitForFunction(() => window.__framesDone);
    return page.evaluate(() => window.__frames);
  };
}

/** The translation of a CSS `matrix(a, b, c, d, tx, ty)` (null for none or a scale). */
function translation(transform) {
  const m = /^matrix\(([^)]+)\)$/.exec(transform ?? "");
  if (!m) return null;
  const [a, b, c, d, tx, ty] = m[1].split(",").map(Number);
  return { a, b, c, d, tx, ty };
}

/** The centre of an element's box on screen. */
async function centre(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("a step slides its stone along its line, ends on its point and stays marked", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  const moves = scenarios.shuttle;
  const step = moves.findIndex((a) => a.actionType === 1);
  await startHotSeat(page);
  await playChecked(page, moves, 0, step);
  const { fromIndex: from, toIndex: to } = moves[step];
  await point(page, from).click();
  await expect(point(page, from)).toHaveAttribute("data-flags", /selected/);
  const frames = await sampleFrames(page, `[data-testid="point-${to}"] circle.stone`);
  await point(page, to).click();
  const samples = (await frames()).filter(Boolean);

  // Every frame of the slide is a pure translation along the line from `from` to `to`,
  // shrinking towards the point: at least three different frames, then none.
  const moving = samples.map((s) => translation(s.transform)).filter((t) => t && (t.tx !== 0 || t.ty !== 0));
  expect(new Set(moving.map((t) => `${t.tx},${t.ty}`)).size, "the transform changes over at least three frames").toBeGreaterThanOrEqual(3);
  const horizontal = Math.abs(to - from) === 1;
  for (const t of moving) {
    expect([t.a, t.b, t.c, t.d]).toEqual([1, 0, 0, 1]);
    expect(horizontal ? t.ty : t.tx, "along the line, never across it").toBeCloseTo(0, 3);
  }
  const along = moving.map((t) => Math.abs(horizontal ? t.tx : t.ty));
  expect(along[0], "it starts near the point it left (100 board units away)").toBeGreaterThan(40);
  for (let i = 1; i < along.length; i++) expect(along[i]).toBeLessThanOrEqual(along[i - 1]);
  // It comes to rest on its point: no transform left, its centre on the point's.
  expect(["none", "matrix(1, 0, 0, 1, 0, 0)"]).toContain(samples.at(-1).transform);
  const stone = await centre(point(page, to).locator("circle.stone"));
  const spot = await centre(point(page, to).locator("circle.hit"));
  expect(Math.abs(stone.x - spot.x)).toBeLessThan(1);
  expect(Math.abs(stone.y - spot.y)).toBeLessThan(1);

  // The step is marked: a ring round the stone, a small ring where it came from.
  await expect(page.getByTestId("last-to")).toHaveAttribute("data-point", String(to));
  await expect(page.getByTestId("last-from")).toHaveAttribute("data-point", String(from));
  await snap(page, testInfo, "baifang-last-step");
  console.expectClean();
});

test("a placed stone drops in and its point is marked as the last move", async ({ page }) => {
  await startHotSeat(page);
  const frames = await sampleFrames(page, `[data-testid="point-12"] circle.stone`, 400);
  await point(page, 12).click();
  const samples = (await frames()).filter(Boolean);
  const scales = samples.map((s) => translation(s.transform)?.a ?? 1);
  expect(Math.max(...scales), "it comes in larger, as if dropped").toBeGreaterThan(1);
  expect(scales.at(-1)).toBe(1);
  await expect(page.getByTestId("last-to")).toHaveAttribute("data-point", "12");
  await expect(page.getByTestId("last-from")).toHaveCount(0);
});

test("a taken stone shrinks and fades before it leaves the DOM", async ({ page }) => {
  await startHotSeat(page);
  await playChecked(page, [0, 24, 1, 23, 5, 22, 6].map(place));
  const frames = await sampleFrames(page, '[data-testid="stones-gone"] circle[data-point="22"]');
  await clickAction(page, { actionType: 2, eatIndices: [22] });
  await expect(point(page, 22)).toHaveAttribute("data-owner", "");
  const samples = await frames();
  const seen = samples.filter(Boolean);
  const fading = seen.filter((s) => s.opacity > 0 && s.opacity < 1);
  expect(fading.length, "seen part-faded on at least two frames").toBeGreaterThanOrEqual(2);
  for (let i = 1; i < seen.length; i++) expect(seen[i].opacity).toBeLessThanOrEqual(seen[i - 1].opacity);
  expect(samples.at(-1), "gone from the DOM once faded").toBeNull();
  await expect(page.getByTestId("stones-gone")).toHaveCount(0);
  // The capture leaves the placement that earned it marked.
  await expect(page.getByTestId("last-to")).toHaveAttribute("data-point", "6");
});

test("with reduced motion a step fades in where it lands instead of sliding", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const moves = scenarios.shuttle;
  const step = moves.findIndex((a) => a.actionType === 1);
  await startHotSeat(page);
  await playChecked(page, moves, 0, step);
  const { toIndex: to } = moves[step];
  await point(page, moves[step].fromIndex).click();
  const frames = await sampleFrames(page, `[data-testid="point-${to}"] circle.stone`, 400);
  await point(page, to).click();
  const samples = (await frames()).filter(Boolean);
  for (const s of samples) expect(translation(s.transform)?.tx ?? 0).toBe(0);
  expect(samples.some((s) => s.opacity < 1), "it fades in").toBe(true);
});
