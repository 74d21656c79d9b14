// The Hex Stroke daily puzzle in the browser: the level of an injected date is the
// engine CLI's (the same function, built for wasm), solved by dragging its path; the
// solved card (no Next: the day has one puzzle) with the result's text to share; the streak over three days with one missed; the clock standing
// while the page is hidden.
import { test, expect } from "@playwright/test";
import { daily, drag, openHex, solve } from "./hex-helpers.mjs";
import { snap } from "./helpers.mjs";

/** Local 09:00 on `date` (the page's calendar is the browser's local one). */
const morning = (date) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y, m - 1, d, 9, 0, 0);
};

/** Opens the level select on `date` with the page clock held still. */
async function openOn(page, date) {
  // Installed a second early: pausing at a time the page clock has already passed fails.
  await page.clock.install({ time: new Date(morning(date).getTime() - 1000) });
  await page.clock.pauseAt(morning(date));
  await openHex(page);
}

/** Plays `date`'s puzzle from the level select and returns its level (from the CLI). */
async function openDaily(page, date) {
  const d = daily(date);
  const card = page.getByTestId("hex-daily");
  await expect(card).toHaveAttribute("data-date", date);
  await expect(card).toHaveAttribute("data-number", String(d.number));
  await card.click();
  await expect(page.getByTestId("hex-level-id")).toHaveText(`每日一题 第 ${d.number} 期`);
  // The board is the engine's level of that date: every cell drawn, no other.
  const drawn = await page.locator('[data-testid^="hex-cell-"]').evaluateAll((els) =>
    els.map((e) => e.dataset.testid.slice("hex-cell-".length)).sort());
  expect(drawn).toEqual(d.level.cells.map((c) => c.id).sort());
  return d;
}

test("today's daily puzzle is the engine's level of the date; solving it shows the result card", async ({ page }, testInfo) => {
  const date = "2026-12-22";
  await openOn(page, date);
  const d = await openDaily(page, date);
  const path = solve(d.level);
  // Two steps, then the restart button: one undo.
  await drag(page, path.slice(0, 2));
  await page.getByTestId("hex-restart").click();
  await expect(page.getByTestId("hex-daily-undos")).toHaveAttribute("data-undos", "1");
  await page.clock.runFor(65_000);
  await expect(page.getByTestId("hex-daily-timer")).toHaveText("用时 1:05");
  await drag(page, path);
  // the sweep first, then the card
  await expect(page.getByTestId("hex-solved")).toHaveCount(0);
  await page.clock.runFor(3_000);
  const card = page.getByTestId("hex-daily-result");
  await expect(card).toBeVisible();
  await expect(page.getByTestId("hex-solved-time")).toHaveText("1:05");
  await expect(page.getByTestId("hex-solved-undos")).toHaveText("1");
  await expect(page.getByTestId("hex-solved-hints")).toHaveText("0");
  await expect(page.getByTestId("hex-solved-best")).toHaveAttribute("data-ms", "65000");
  await expect(page.getByTestId("hex-solved-next")).toBeHidden();
  await expect(page.getByTestId("hex-daily-text")).toHaveText(
    `六边一笔 每日一题 第 ${d.number} 期\n⏱ 1:05 · 撤回 1 次 · 提示 0 次\n🔥 连续 1 天`);
  // The clock stopped with the solve.
  await page.clock.runFor(5_000);
  await expect(page.getByTestId("hex-daily-timer")).toHaveText("用时 1:05");
  await snap(page, testInfo, "hex-daily-result");
  await page.getByTestId("hex-solved-levels").click();
  await expect(page.getByTestId("hex-daily")).toHaveAttribute("data-solved", "true");
  await expect(page.getByTestId("hex-daily-streak")).toHaveAttribute("data-streak", "1");
  await expect(page.getByTestId("hex-daily-best")).toHaveText("✓ 1:05");
});

test("the streak over three days with the middle one missed", async ({ page }) => {
  await openOn(page, "2026-12-21");
  let d = await openDaily(page, "2026-12-21");
  await drag(page, solve(d.level));
  await page.clock.runFor(3_000);
  await expect(page.getByTestId("hex-daily-text")).toContainText("🔥 连续 1 天");
  // The 22nd passes unplayed; on the 23rd the streak still stands (one miss a week is forgiven).
  await page.clock.setSystemTime(morning("2026-12-23"));
  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-daily-streak")).toHaveAttribute("data-streak", "1");
  await expect(page.getByTestId("hex-daily")).toHaveAttribute("data-solved", "false");
  d = await openDaily(page, "2026-12-23");
  await drag(page, solve(d.level));
  await page.clock.runFor(3_000);
  await expect(page.getByTestId("hex-daily-text")).toContainText("🔥 连续 2 天");
  // Two more days unplayed: the streak is over.
  await page.clock.setSystemTime(morning("2026-12-26"));
  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-daily-streak")).toHaveAttribute("data-streak", "0");
});

test("the daily clock stands while the page is hidden", async ({ page }) => {
  await openOn(page, "2026-12-22");
  await openDaily(page, "2026-12-22");
  const timer = page.getByTestId("hex-daily-timer");
  await page.clock.runFor(10_000);
  await expect(timer).toHaveAttribute("data-ms", "10000");
  const setHidden = (hidden) =>
    page.evaluate((hidden) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await setHidden(true);
  await page.clock.runFor(20_000);
  await expect(timer).toHaveAttribute("data-ms", "10000");
  await setHidden(false);
  await page.clock.runFor(5_000);
  await expect(timer).toHaveAttribute("data-ms", "15000");
});

test("a past day is played from the list and never counts for the streak", async ({ page }) => {
  await openOn(page, "2026-12-24");
  await page.getByTestId("hex-daily-past").locator("summary").click();
  const item = page.getByTestId("hex-daily-past-2026-12-22");
  await expect(item).toHaveAttribute("data-solved", "false");
  await item.click();
  const d = daily("2026-12-22");
  await expect(page.getByTestId("hex-level-id")).toHaveText(`每日一题 第 ${d.number} 期`);
  await drag(page, solve(d.level));
  await page.clock.runFor(3_000);
  await expect(page.getByTestId("hex-daily-text")).toContainText("🔥 连续 0 天");
  await page.getByTestId("hex-solved-levels").click();
  await expect(page.getByTestId("hex-daily-streak")).toHaveAttribute("data-streak", "0");
  await expect(page.getByTestId("hex-daily")).toHaveAttribute("data-solved", "false");
  await page.getByTestId("hex-daily-past").locator("summary").click();
  await expect(page.getByTestId("hex-daily-past-2026-12-22")).toHaveAttribute("data-solved", "true");
});

test("the calendar pages back to the first puzzle's month; every day since is playable, none to come", async ({ page }, testInfo) => {
  await openOn(page, "2027-01-05");
  await page.getByTestId("hex-daily-past").locator("summary").click();
  await expect(page.getByTestId("hex-cal-month")).toHaveText("2027 年 1 月");
  await expect(page.getByTestId("hex-cal-next")).toBeDisabled();
  await expect(page.getByTestId("hex-daily-past-2027-01-04")).toBeEnabled();
  await expect(page.getByTestId("hex-daily-past-2027-01-06")).toBeDisabled();
  // 2027-01-01 is a Friday: four blanks before it in a Monday-first week
  await expect(page.locator(".hex-cal-grid .hex-cal-blank")).toHaveCount(4);
  await page.getByTestId("hex-cal-month").scrollIntoViewIfNeeded();
  await snap(page, testInfo, "hex-daily-calendar");
  await page.getByTestId("hex-cal-prev").click();
  await expect(page.getByTestId("hex-cal-month")).toHaveText("2026 年 12 月");
  await expect(page.getByTestId("hex-cal-prev")).toBeDisabled();
  const first = page.getByTestId("hex-daily-past-2026-12-01");
  await expect(first).toBeEnabled();
  await first.click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("每日一题 第 1 期");
});
