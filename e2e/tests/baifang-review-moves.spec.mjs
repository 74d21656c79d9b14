// The review's move list, its swipe across the board, the lobby's recent
// games, and a game exported as a JSON file and imported back (or broken).
// The engine CLI says what each move and position must be.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { snap, watchConsole } from "./helpers.mjs";
import {
  boardString, capture, clickAction, engineBin, engineReplay, openBaifang, openOnline, place, scenarios, startHotSeat,
} from "./baifang-helpers.mjs";

/** `engine baifang notation -` on an action list: the line and every ply. */
function engineNotation(actions) {
  const run = spawnSync(engineBin(), ["baifang", "notation", "-"], { input: JSON.stringify(actions), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`engine notation failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const squareGame = [...[0, 24, 1, 23, 5, 22, 6].map(place), capture(22), place(12)];
// The hot-seat resignation is Blue's (the side to move after ply 9).
const finished = [...squareGame, { actionType: 3, side: "B" }];

async function playResignAndReview(page) {
  await startHotSeat(page);
  for (const a of squareGame) await clickAction(page, a);
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toBeVisible();
  await page.getByTestId("settlement-review").click();
  await expect(page.getByTestId("review")).toBeVisible();
}

test("the move list is the engine's notation; a move jumps to its ply", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await playResignAndReview(page);
  const moves = page.getByTestId("review-move");
  const want = engineNotation(finished).plies.map((p) => p.text);
  expect(want.slice(6, 8)).toEqual(["b4+", "xc1"]);
  await expect(moves).toHaveText(want);
  // The last ply is current; the capture jumps back to ply 8 and shows it.
  await expect(moves.last()).toHaveAttribute("aria-current", "step");
  await moves.filter({ hasText: "xc1" }).click();
  const review = page.getByTestId("review");
  await expect(review).toHaveAttribute("data-ply", "8");
  await expect(page.getByTestId("review-captured")).toHaveAttribute("data-point", "22");
  await expect(moves.nth(7)).toHaveAttribute("aria-current", "step");
  await expect(page.locator(".review-move.current")).toHaveCount(1);
  // Stepping with the keys moves the mark.
  await page.keyboard.press("ArrowLeft");
  await expect(moves.nth(6)).toHaveClass(/current/);
  await snap(page, testInfo, "baifang-review-moves");
  console.expectClean();
});

/** One finger dragged across the element by real touch input (Chromium's CDP). */
async function swipe(page, locator, dx) {
  const box = await locator.boundingBox();
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, x) => cdp.send("Input.dispatchTouchEvent", {
    type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }],
  });
  await touch("touchStart", x0);
  for (let k = 1; k <= 6; k++) await touch("touchMove", x0 + (dx * k) / 6);
  await touch("touchEnd", x0 + dx);
  await cdp.detach();
}

test("a swipe across the review board steps back and forward", async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.hasTouch, "touch swipes are the phone's");
  const console = watchConsole(page);
  await playResignAndReview(page);
  const review = page.getByTestId("review");
  const board = page.getByTestId("review-board");
  await expect(review).toHaveAttribute("data-ply", "10");
  await swipe(page, board, 160); // rightwards: back
  await expect(review).toHaveAttribute("data-ply", "9");
  await swipe(page, board, 160);
  await expect(review).toHaveAttribute("data-ply", "8");
  expect(await boardString(page)).toBe(engineReplay(squareGame.slice(0, 8)).board);
  await swipe(page, board, -160); // leftwards: forward
  await expect(review).toHaveAttribute("data-ply", "9");
  // A short stroke is a tap, not a swipe.
  await swipe(page, board, 20);
  await expect(review).toHaveAttribute("data-ply", "9");
  console.expectClean();
});

test("a finished game is in the lobby's recent games and opens its review", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await playResignAndReview(page);
  const hash = await page.getByTestId("review").getAttribute("data-hash");
  await page.getByTestId("review-back").click();
  const recent = page.getByTestId("recent-game");
  await expect(recent).toHaveCount(1);
  await expect(recent).toHaveAttribute("data-plies", String(finished.length));
  await expect(recent).toContainText("蓝方 — 橙方");
  // It survives a reload (local storage), then opens the same game.
  await page.reload();
  await openBaifang(page);
  await snap(page, testInfo, "baifang-lobby-recent-games");
  await page.getByTestId("recent-game").click();
  await expect(page.getByTestId("review")).toHaveAttribute("data-hash", hash);
  await expect(page.getByTestId("review")).toHaveAttribute("data-last", String(finished.length));
  expect(engineReplay(finished).hash).toBeDefined();
  console.expectClean();
});

test("export and import the game as JSON; a broken file says what is wrong", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await playResignAndReview(page);
  const hash = await page.getByTestId("review").getAttribute("data-hash");
  const download = page.waitForEvent("download");
  await page.getByTestId("review-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("baifang-game.json");
  const text = readFileSync(await file.path(), "utf8");
  // The replay command reads the file and reaches the same position.
  expect(JSON.parse(text)).toEqual(finished);
  expect(engineReplay(JSON.parse(text)).board).toBe(await boardString(page));

  // Step away, then import the file: the same game, at its end.
  await page.getByTestId("review-first").click();
  await page.getByTestId("review-import-open").click();
  await page.getByTestId("review-import-file").setInputFiles({
    name: "baifang-game.json", mimeType: "application/json", buffer: Buffer.from(text),
  });
  const review = page.getByTestId("review");
  await expect(review).toHaveAttribute("data-ply", String(finished.length));
  await expect(review).toHaveAttribute("data-hash", hash);

  // A broken file: a sentence naming the problem, and the review stays.
  await page.getByTestId("review-import-open").click();
  await page.getByTestId("review-import-text").fill('[{"actionType":0,"toIndex":3},');
  await page.getByTestId("review-import").click();
  await expect(page.getByTestId("review-import-error")).toHaveText(/^这不是有效的 JSON（第 1 行第 \d+ 列出错）。$/);
  await page.getByTestId("review-import-text").fill('[{"actionType":0,"toIndex":3},{"actionType":0,"toIndex":3}]');
  await page.getByTestId("review-import").click();
  await expect(page.getByTestId("review-import-error")).toHaveText("第 2 个动作不合规则。");
  await expect(review).toHaveAttribute("data-hash", hash);
  await snap(page, testInfo, "baifang-review-import-error");

  // The game link imports the same way.
  const link = await page.getByTestId("review-link").inputValue();
  await page.getByTestId("review-first").click();
  await page.getByTestId("review-import-text").fill(link);
  await page.getByTestId("review-import").click();
  await expect(review).toHaveAttribute("data-ply", String(finished.length));
  await expect(page.getByTestId("review-import-error")).toHaveCount(0);
  console.expectClean();
});

test("an online match's settlement opens its review, and the lobby keeps the game", async ({ context }) => {
  test.setTimeout(120_000);
  const state = (page) => page.evaluate(() => window.__onlineTest.state());
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const [p, slot] of [[a, "a"], [b, "b"]]) {
    await p.goto(`./?profile=${slot}&testhooks`);
    await p.getByTestId("home-baifang").click();
    await openOnline(p);
    await p.getByTestId("lobby-quick").click();
  }
  for (const p of [a, b]) await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 15_000 });
  const [black, white] = (await state(a)).mySide === "B" ? [a, b] : [b, a];
  for (const action of scenarios.fewerThanFour) {
    const before = (await state(black)).actions;
    const mover = (await state(black)).toMove === "B" ? black : white;
    await clickAction(mover, action);
    await expect.poll(async () => (await state(white)).actions).toBeGreaterThan(before);
    await expect.poll(async () => (await state(black)).actions).toBe((await state(white)).actions);
  }
  for (const p of [black, white]) {
    await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "fewer_than_four");
    const hash = await p.getByTestId("room").getAttribute("data-hash");
    await p.getByTestId("settlement-review").click();
    const review = p.getByTestId("review");
    await expect(review).toHaveAttribute("data-hash", hash);
    await expect(p.getByTestId("review-result")).not.toBeEmpty();
    await p.getByTestId("review-back").click();
    await expect(p.getByTestId("recent-game")).toHaveCount(1);
    await expect(p.getByTestId("recent-game")).toContainText("联机对战");
  }
});
