// Baifang's settled look: the settlement's pictures drawn for the game (a crown with three
// jewelled points for a win, a calm moon for a loss), the review's head with back, players
// and result above the board, control icons drawn as SVG (no font glyph that may be
// missing), and the browser's own controls in the palette instead of its default blue.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { clickAction, openBaifang, place, resign, startHotSeat } from "./baifang-helpers.mjs";

const NAVY = "rgb(26, 54, 93)"; // --player-a

test("a win wears a crown; the review's head has back, players and result above the board", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  // The menu's icon is drawn, not a glyph.
  await expect(page.getByTestId("room-menu").locator("svg.icon")).toHaveCount(1);
  expect(await page.getByTestId("room-menu").textContent()).not.toContain("☰");
  for (const p of [0, 24, 1]) await clickAction(page, place(p));
  await resign(page);
  const art = page.locator(".settlement-art");
  await expect(art.locator(".art-crown circle")).toHaveCount(3);
  await expect(art.locator(".art-night")).toHaveCount(0);
  await snap(page, testInfo, "baifang-settlement-crown");

  await page.getByTestId("settlement-review").click();
  const review = page.getByTestId("review");
  await expect(review).toBeVisible();
  const back = page.getByTestId("review-back");
  const board = page.getByTestId("review-board");
  expect((await back.boundingBox()).y, "back sits above the board").toBeLessThan((await board.boundingBox()).y);
  // Orange resigned at its turn: Blue won.
  await expect(page.getByTestId("review-result")).toHaveText(/蓝方/);
  await expect(page.getByTestId("review-players")).toBeVisible();
  // At the end the position's banner leaves the result to the line above it.
  await expect(page.getByTestId("review-banner")).toBeEmpty();
  for (const id of ["review-first", "review-prev", "review-next", "review-last"]) {
    const button = page.getByTestId(id);
    await expect(button.locator("svg.icon path")).toHaveCount(1);
    expect((await button.textContent()).trim(), `${id} holds no glyph`).toBe("");
    await expect(button).toHaveAttribute("aria-label", /.+/);
  }
  await expect(page.getByTestId("review-slider")).toHaveCSS("accent-color", NAVY);
  await snap(page, testInfo, "baifang-review-head");
  await back.click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  console.expectClean();
});

test("a loss is drawn calmly, without a crown", async ({ page }, testInfo) => {
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-beginner").click();
  await page.getByTestId("ai-colour-B").click();
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await resign(page);
  const art = page.locator(".settlement-art");
  await expect(art.locator(".art-night")).toHaveCount(1);
  // The player's own stone (Blue) at rest, not the winner's.
  await expect(art.locator(".art-stone.stone-B")).toHaveCount(1);
  await expect(art.locator(".art-crown")).toHaveCount(0);
  await snap(page, testInfo, "baifang-settlement-loss");
});

test("the lobby's step-clock switch is in the palette", async ({ page }) => {
  await openBaifang(page);
  await expect(page.getByTestId("lobby-step-clock")).toHaveCSS("accent-color", NAVY);
});

test("coordinates on the board's edge name the points as the notation does; the menu hides them for good", async ({ page }, testInfo) => {
  await startHotSeat(page);
  const files = page.getByTestId("coord-file");
  const ranks = page.getByTestId("coord-rank");
  await expect(files).toHaveText(["a", "b", "c", "d", "e"]);
  await expect(ranks).toHaveText(["5", "4", "3", "2", "1"]);
  const centre = async (l) => {
    const b = await l.boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  for (let i = 0; i < 5; i++) {
    // A file sits under its column, a rank beside its row (the notation's a5 is point 0).
    const column = await centre(page.getByTestId(`point-${20 + i}`).locator("circle.hit"));
    expect(Math.abs((await centre(files.nth(i))).x - column.x)).toBeLessThan(2);
    const row = await centre(page.getByTestId(`point-${5 * i}`).locator("circle.hit"));
    expect(Math.abs((await centre(ranks.nth(i))).y - row.y)).toBeLessThan(3);
  }
  await snap(page, testInfo, "baifang-coordinates");
  await page.getByTestId("room-menu").click();
  const sw = page.getByTestId("coords-switch");
  await expect(sw).toBeChecked();
  await sw.uncheck();
  await expect(files).toHaveCount(0);
  await page.getByTestId("menu-close").click();
  await page.reload();
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("coord-file")).toHaveCount(0);
  await page.getByTestId("room-menu").click();
  await page.getByTestId("coords-switch").check();
  await expect(page.getByTestId("coord-file")).toHaveCount(5);
});
