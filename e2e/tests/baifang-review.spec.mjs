// The Baifang game review: from a finished game's settlement to the review,
// stepping to a capture and its marked formation, the analysis in the AI worker
// (no long main-thread task), the game link in a fresh browser, a tampered link,
// and playing on from a reviewed position. The engine CLI says what each
// position must be.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { observeLongTasks, snap, watchConsole } from "./helpers.mjs";
import {
  boardString, capture, clickAction, engineBin, engineReplay, flagsOf, place, resign, startHotSeat,
} from "./baifang-helpers.mjs";

/** The legal actions after `actions`, from the engine CLI. */
function engineLegal(actions) {
  const run = spawnSync(engineBin(), ["baifang", "legal", "-"], { input: JSON.stringify(actions), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`engine legal failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A legal game of `plies` actions that is still running, chosen by a fixed rule. */
function longGame(plies) {
  const actions = [];
  while (actions.length < plies) {
    const legal = engineLegal(actions);
    // Prefer an action after which the game goes on.
    const pick = legal
      .map((_, i) => legal[(i + actions.length * 7) % legal.length])
      .find((a) => engineReplay([...actions, a]).winner === null);
    actions.push(pick);
  }
  return actions;
}

async function playAndReview(page, actions) {
  await startHotSeat(page);
  for (const a of actions) await clickAction(page, a);
  await expect.poll(() => boardString(page)).toBe(engineReplay(actions).board);
  await resign(page);
  await page.getByTestId("settlement-review").click();
  await expect(page.getByTestId("review")).toBeVisible();
}

const squareGame = [...[0, 24, 1, 23, 5, 22, 6].map(place), capture(22), place(12)];

test("finish a game, review it, step to the capture and see its formation", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await playAndReview(page, squareGame);
  const review = page.getByTestId("review");
  // The review opens at the end: the moves plus the resignation.
  await expect(review).toHaveAttribute("data-last", String(squareGame.length + 1));
  await expect(review).toHaveAttribute("data-ply", String(squareGame.length + 1));
  // Step back with the arrow keys to the capture (ply 8).
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowLeft");
  await expect(review).toHaveAttribute("data-ply", "8");
  await expect(review).toHaveAttribute("data-action", "capture");
  await expect(page.getByTestId("review-captured")).toHaveAttribute("data-point", "22");
  for (const p of [0, 1, 5, 6]) expect(await flagsOf(page, p)).toContain("formation");
  await expect(page.locator(".formation-line")).toHaveCount(4);
  expect(await boardString(page)).toBe(engineReplay(squareGame.slice(0, 8)).board);
  await snap(page, testInfo, "baifang-review-capture");
  // The buttons step too; the next ply is a new turn with nothing marked.
  await page.getByTestId("review-next").click();
  await expect(review).toHaveAttribute("data-ply", "9");
  await expect(page.getByTestId("review-captured")).toHaveCount(0);
  await page.getByTestId("review-first").click();
  expect(await boardString(page)).toBe(".........................");
  console.expectClean();
});

test("a 60-ply game's analysis completes with no main-thread task over 50 ms", { tag: ["@alone"] }, async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const console = watchConsole(page);
  await playAndReview(page, longGame(60));
  const longTasks = await observeLongTasks(page);
  await page.getByTestId("review-analyse").click();
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("review-progress")).toContainText("/");
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 200_000 });
  expect(Number(await page.getByTestId("review-graph").getAttribute("data-points"))).toBeGreaterThan(20);
  // Every completed turn of a played position has a class somewhere in the game.
  await page.getByTestId("review-first").click();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("review-class")).toHaveAttribute("data-class", /best|good|inaccuracy|mistake|blunder/);
  await page.getByTestId("review-first").click();
  await expect(page.getByTestId("review-best")).toBeVisible();
  await snap(page, testInfo, "baifang-review-analysis");
  expect(await longTasks.longest(), "longest main-thread task (ms)").toBeLessThanOrEqual(50);
  console.expectClean();
});

test("analysis can be cancelled", async ({ page }) => {
  await playAndReview(page, squareGame);
  await page.getByTestId("review-analyse").click();
  const cancel = page.getByTestId("review-cancel");
  // This short game's analysis can end before the tap lands, and its cancel button goes with
  // it (a whole run once waited a minute for the button): then "done" is the right end. A
  // button still there that cannot be tapped is a failure.
  await cancel.click({ timeout: 5_000 }).catch(async (e) => {
    if (await cancel.count()) throw e;
  });
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", /cancelled|done/);
});

test("a game link opens the same final position in a fresh browser; a tampered one says why", async ({ page, browser }, testInfo) => {
  const console = watchConsole(page);
  await playAndReview(page, squareGame);
  const link = await page.getByTestId("review-link").inputValue();
  expect(link).toMatch(/#game=[A-Za-z0-9_-]+$/);
  const hash = await page.getByTestId("review").getAttribute("data-hash");
  const board = await boardString(page);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId("review")).toBeVisible();
  await expect(other.getByTestId("review")).toHaveAttribute("data-hash", hash);
  expect(await boardString(other)).toBe(board);
  await expect(other.getByTestId("review-players")).toContainText("蓝方");

  // One character changed: the checksum catches it, in words, with a way home.
  const code = link.split("#game=")[1];
  const i = Math.floor(code.length / 2);
  const tampered = `${link.split("#game=")[0]}#game=${code.slice(0, i)}${code[i] === "A" ? "B" : "A"}${code.slice(i + 1)}`;
  const third = await fresh.newPage();
  await third.goto(tampered);
  await expect(third.getByTestId("game-link-error")).toBeVisible();
  await expect(third.getByTestId("game-link-error-text")).toHaveText("对局代码已损坏：校验和不符（被改动或抄错）。");
  await snap(third, testInfo, "baifang-review-broken-link");
  await third.getByTestId("game-link-home").click();
  await expect(third.getByTestId("home-baifang")).toBeVisible();
  await fresh.close();
  console.expectClean();
});

test("play on from a reviewed position continues from exactly there", async ({ page }) => {
  const console = watchConsole(page);
  await playAndReview(page, squareGame);
  // Back to ply 6: Blue to place, before the square.
  await page.getByTestId("review-first").click();
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
  await page.getByTestId("review-play-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  expect(await boardString(page)).toBe(engineReplay(squareGame.slice(0, 6)).board);
  // The game goes on: Blue completes the square and must capture.
  await clickAction(page, place(6));
  await expect(page.getByTestId("status-banner")).toHaveText("请挑拣并吃掉对方 1 枚棋子");
  console.expectClean();
});
