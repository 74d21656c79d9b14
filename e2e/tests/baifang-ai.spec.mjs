// Playing the AI in the browser: the search runs in a Web Worker, so the page's
// main thread stays free (a long-task observer watches it) while the AI thinks.
import { test, expect } from "@playwright/test";
import { observeLongTasks, snap, watchConsole } from "./helpers.mjs";
import { openBaifang } from "./baifang-helpers.mjs";

/**
 * One human action by a seeded random player: a capturable stone, an open point, or
 * a movable stone and then (after the board re-renders) one of its targets.
 */
async function humanAct(page, random) {
  const pickFrom = (selector) =>
    page.evaluate(([selector, roll]) => {
      const all = Array.from(document.querySelectorAll(selector));
      const el = all[Math.floor(roll * all.length)];
      if (!el) return null;
      const r = el.getBoundingClientRect();
      const opts = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, pointerId: 1, isPrimary: true, pointerType: "mouse" };
      el.dispatchEvent(new PointerEvent("pointerdown", opts));
      el.dispatchEvent(new PointerEvent("pointerup", opts));
      return el.dataset.testid;
    }, [selector, random()]);
  const captured = await pickFrom('[data-testid^="point-"][data-flags~="capturable"]');
  if (captured) return captured;
  const placed = await pickFrom('[data-testid^="point-"][data-flags~="legal"][data-owner=""]:not(.pickable)');
  if (placed) return placed;
  const stone = await pickFrom(".point.pickable");
  if (!stone) return null;
  await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`).dataset.flags.includes("selected"), stone);
  return pickFrom('[data-testid^="point-"][data-flags~="legal"]');
}

/** mulberry32: a tiny seeded generator, so the test's moves are the same every run. */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("a vs-AI game on 困难 is played to the end, the main thread never blocked", { tag: ["@alone"] }, async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const console = watchConsole(page);
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-hard").click();
  await page.getByTestId("ai-colour-W").click();
  await page.getByTestId("ai-start").click();
  const longTasks = await observeLongTasks(page);
  const settlement = page.getByTestId("settlement");
  const board = page.getByTestId("board");

  // The AI (Blue) opens; its stone appears after the readable delay.
  await expect(page.locator('[data-testid^="point-"][data-owner="B"]')).toHaveCount(1, { timeout: 10_000 });
  let humanActions = 0;
  const random = seeded(20261129);
  while (!(await settlement.isVisible())) {
    await expect(board).not.toHaveClass(/waiting/, { timeout: 20_000 }).catch(() => {});
    if (await settlement.isVisible()) break;
    const did = await humanAct(page, random);
    if (did) humanActions++;
    await page.waitForTimeout(50);
    expect(humanActions, "the game ends").toBeLessThan(400);
    if (humanActions === 3) await snap(page, testInfo, "baifang-vs-ai");
  }
  await expect(settlement).toHaveAttribute("data-winner", /[BW]/);
  await expect(settlement).toHaveAttribute("data-reason", /fewer_than_four|no_moves/);
  expect(await longTasks.longest(), "no main-thread task over 50 ms while the AI played").toBeLessThanOrEqual(50);
  console.expectClean();
});

test("the hint shows the engine's best turn for the human", async ({ page }) => {
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-beginner").click();
  await page.getByTestId("ai-colour-B").click();
  await page.getByTestId("ai-start").click();
  await page.getByTestId("room-hint").click();
  const marker = page.getByTestId("hint-marker");
  await expect(marker).toBeVisible({ timeout: 15_000 });
  const points = (await marker.getAttribute("data-points")).split(" ").map(Number);
  expect(points.length).toBeGreaterThan(0);
  // Following the hint plays a legal turn; the marker clears once the board changes.
  await page.getByTestId(`point-${points[0]}`).click();
  await expect(page.getByTestId(`point-${points[0]}`)).toHaveAttribute("data-owner", "B");
  await expect(marker).toHaveCount(0);
});

test("play again against the AI swaps the colours: the AI opens the new game", async ({ page }) => {
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-beginner").click();
  await page.getByTestId("ai-colour-B").click();
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("room")).toHaveAttribute("data-bottom", "B");
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
  await page.getByTestId("play-again").click();
  await expect(page.getByTestId("settlement")).toHaveCount(0);
  await expect(page.getByTestId("room")).toHaveAttribute("data-bottom", "W");
  // Blue moves first, and Blue is now the AI's.
  await expect(page.locator('[data-owner="B"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("room")).toHaveAttribute("data-to-move", "W");
});

test("leaving a game while the AI thinks stops it cleanly", async ({ page }) => {
  const console = watchConsole(page);
  // The page's clock stops once the game starts, so the AI's first move (shown after its
  // readable delay, a timer) cannot land before the player leaves: on a slow machine it
  // used to, and leaving a game with a move in it asks to confirm first.
  await page.clock.install();
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-master").click();
  await page.getByTestId("ai-colour-W").click();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toHaveClass(/waiting/);
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  expect(await page.locator('[data-testid^="point-"][data-owner="B"]').count(), "left before the AI moved").toBe(0);
  // Whatever the AI's search or its delay had pending runs out now, on the lobby.
  await page.clock.runFor(5_000);
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page.getByTestId("room")).toHaveCount(0);
  console.expectClean();
});
