// Baifang hot-seat games played by clicking points: each acceptance case of the
// rules (square captures 1, line captures 2, diagonals nothing, the shield, the
// anti-looping lock, resigning; docs/baifang-rules.md) is shown through the
// stable hooks and the banner, and the board is checked against the engine CLI
// after every action.
import { test, expect } from "@playwright/test";
import { observeLongTasks, snap, watchConsole } from "./helpers.mjs";
import {
  boardString, capture, engineReplay, expectOwnSideAtBottom, expectTimeoutPips, flagsOf, heartbeats, openBaifang, openOnline, place,
  playChecked, point, scenarios, startHotSeat,
} from "./baifang-helpers.mjs";

const banner = (page) => page.getByTestId("status-banner");

test("lobby offers the three ways to play, and online play its two", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openBaifang(page);
  for (const id of ["lobby-online", "lobby-ai", "lobby-hotseat"]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await snap(page, testInfo, "baifang-lobby");
  await openOnline(page);
  for (const id of ["lobby-quick", "lobby-friend"]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await expect(page.getByTestId("profile-rating")).toHaveAttribute("data-rating", "1200");
  await snap(page, testInfo, "baifang-online-lobby");
  console.expectClean();
});

test("a square captures 1 with the warning banner", { tag: ["@surfaced-hand"] }, async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  await playChecked(page, [0, 24, 1, 23, 5, 22].map(place));
  await point(page, 12).hover();
  await snap(page, testInfo, "baifang-placing");
  await point(page, 6).click();
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 1 枚棋子");
  for (const p of [0, 1, 5, 6]) expect(await flagsOf(page, p)).toContain("formation");
  for (const p of [22, 23, 24]) expect(await flagsOf(page, p)).toContain("capturable");
  // The formation's gold outline flashes once, for 0.3 s.
  const flash = await page.locator(".fx-formation").first().evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.animationName, s.animationDuration, s.animationIterationCount];
  });
  expect(flash).toEqual(["gold-flash", "0.3s", "1"]);
  await snap(page, testInfo, "baifang-capture-mode");
  // Own stones and empty points are refused; an enemy stone is taken.
  await point(page, 0).click();
  await point(page, 12).click();
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 1 枚棋子");
  await point(page, 22).click();
  await expect(point(page, 22)).toHaveAttribute("data-owner", "");
  await expect(banner(page)).not.toContainText("吃掉");
  await expect(page.getByTestId("score-W")).toHaveAttribute("data-on-board", "2");
  await expect(page.getByTestId("score-B")).toHaveAttribute("data-taken", "1");
  // Stones in hand, as the scoreboards print them, are the engine's.
  const { inHand } = engineReplay([...[0, 24, 1, 23, 5, 22, 6].map(place), capture(22)]);
  for (const side of ["B", "W"]) {
    await expect(page.getByTestId(`score-${side}-hand`)).toHaveText(String(inHand[side]));
  }
  console.expectClean();
});

/** The motion layer's running animations (web/baifang/src/board/fx.rs), by `data-fx`: marks
 * that move together must be one animation, since the browser services each running
 * animation in every frame (the frame benchmark's reason for the layer). */
const fxAnimations = (page) =>
  page.evaluate(() =>
    document.getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.target?.closest?.(".board-fx"))
      .map((a) => a.effect.target.getAttribute("data-fx")));

test("the capturable stones shake as one animation, over the board's own stones hidden", async ({ page }) => {
  await startHotSeat(page);
  await playChecked(page, [0, 24, 1, 23, 5, 22].map(place));
  await point(page, 6).click();
  for (const p of [22, 23, 24]) expect(await flagsOf(page, p)).toContain("capturable");
  // Three capturable stones shake as one element, drawn where the board hides its own.
  await expect.poll(() => fxAnimations(page).then((a) => a.filter((k) => k === "shake"))).toEqual(["shake"]);
  const shaking = page.locator('[data-fx="shake"] circle');
  await expect(shaking).toHaveCount(3);
  expect((await shaking.evaluateAll((cs) => cs.map((c) => Number(c.dataset.point)))).sort()).toEqual([22, 23, 24]);
  for (const p of [22, 23, 24]) {
    await expect(point(page, p).locator("circle.stone")).toHaveCSS("visibility", "hidden");
  }
  // Once the capture is made the shaking stops with it.
  await point(page, 22).click();
  await expect(page.locator('[data-fx="shake"]')).toHaveCount(0);
  expect(await fxAnimations(page).then((a) => a.filter((k) => k === "shake"))).toEqual([]);
});

test("a picked-up stone's targets breathe as one animation", async ({ page }) => {
  const moves = scenarios.shuttle;
  const firstMove = moves.findIndex((a) => a.actionType === 1);
  await startHotSeat(page);
  await playChecked(page, moves, 0, firstMove);
  await point(page, moves[firstMove].fromIndex).click();
  await expect(point(page, moves[firstMove].fromIndex)).toHaveAttribute("data-flags", /selected/);
  const legal = [];
  for (let p = 0; p < 25; p++) if ((await flagsOf(page, p)).includes("legal")) legal.push(p);
  expect(legal.length).toBeGreaterThan(0);
  const glows = page.locator('[data-fx="target"] circle');
  await expect(glows).toHaveCount(legal.length);
  expect((await glows.evaluateAll((cs) => cs.map((c) => Number(c.dataset.point)))).sort((a, b) => a - b)).toEqual(legal);
  await expect.poll(() => fxAnimations(page).then((a) => a.filter((k) => k === "target"))).toEqual(["target"]);
});

test("a line captures 2", { tag: ["@surfaced-board", "@surfaced-pendingCaptures"] }, async ({ page }) => {
  await startHotSeat(page);
  await playChecked(page, [0, 20, 1, 22, 2, 24, 3, 11].map(place));
  await point(page, 4).click();
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 2 枚棋子");
  await point(page, 20).click();
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 1 枚棋子");
  await point(page, 22).click();
  await expect(banner(page)).not.toContainText("吃掉");
  expect(await boardString(page)).toBe(engineReplay([...[0, 20, 1, 22, 2, 24, 3, 11, 4].map(place), capture(20), capture(22)]).board);
});

test("a five-stone diagonal gives no response", { tag: ["@surfaced-toMove"] }, async ({ page }) => {
  await startHotSeat(page);
  await playChecked(page, [0, 4, 6, 2, 12, 14, 18, 20, 24].map(place));
  await expect(banner(page)).toHaveText("橙方落子");
  // The side to move is named by the banner and raised on its scoreboard.
  await expect(page.getByTestId("score-W")).toHaveClass(/\bto-move\b/);
  await expect(page.getByTestId("score-B")).not.toHaveClass(/\bto-move\b/);
  for (let p = 0; p < 25; p++) {
    const flags = await flagsOf(page, p);
    expect(flags).not.toContain("formation");
    expect(flags).not.toContain("capturable");
  }
});

test("shielded stones cannot be captured while loose ones exist, and can once none are", async ({ page }) => {
  await startHotSeat(page);
  // White squares 18-19-23-24 and keeps a loose stone on 14; White takes Black's 10.
  await playChecked(page, [...[0, 18, 1, 19, 2, 23, 3, 14, 10, 24].map(place), capture(10)]);
  await point(page, 4).click(); // Black's row 0: owes 2.
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 2 枚棋子");
  for (const p of [18, 19, 23, 24]) {
    expect((await flagsOf(page, p)).split(" ")).toContain("shielded");
    await point(page, p).click();
    await expect(point(page, p)).toHaveAttribute("data-owner", "W");
  }
  expect(await flagsOf(page, 14)).toContain("capturable");
  await point(page, 14).click();
  await expect(banner(page)).toHaveText("请挑拣并吃掉对方 1 枚棋子");
  // No loose White stone is left: the shield lifts.
  for (const p of [18, 19, 23, 24]) {
    const flags = (await flagsOf(page, p)).split(" ");
    expect(flags).toContain("capturable");
    expect(flags).not.toContain("shielded");
  }
  await point(page, 18).click();
  await expect(point(page, 18)).toHaveAttribute("data-owner", "");
});

test("the A-B shuttle captures only the first time, its stone marked while the lock stands", { tag: ["@surfaced-locks", "@surfaced-phase", "@alone"] }, async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  const moves = scenarios.shuttle;
  const last = moves.length - 1;
  const firstCapture = moves.findIndex((a, i) => a.actionType === 1 && moves[i + 1]?.actionType === 2);
  expect(firstCapture).toBeGreaterThan(0);
  const shuttle = moves[firstCapture];
  expect(moves[last]).toMatchObject({ actionType: 1, fromIndex: shuttle.toIndex, toIndex: shuttle.fromIndex });

  await playChecked(page, moves, 0, firstCapture);
  // The first A→B move forms and captures; the stone is dragged, with a long-task observer on.
  const longTasks = await observeLongTasks(page);
  const from = await point(page, shuttle.fromIndex).boundingBox();
  const to = await point(page, shuttle.toIndex).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await snap(page, testInfo, "baifang-moving-drag");
  await page.mouse.up();
  await expect(banner(page)).toContainText("请挑拣并吃掉对方");
  await page.waitForTimeout(700); // the formation ripple and gold flash run their course
  expect(await longTasks.longest(), "no main-thread task over 50 ms during the drag and formation").toBeLessThanOrEqual(50);

  // The lock is recorded once the capturing turn completes: its stone is marked.
  let turnEnd = firstCapture + 1;
  while (moves[turnEnd]?.actionType === 2) turnEnd++;
  await playChecked(page, moves, firstCapture + 1, turnEnd);
  expect(engineReplay(moves.slice(0, turnEnd)).loopLocked).toEqual([shuttle.toIndex]);
  await expect.poll(() => loopLocked(page)).toEqual([shuttle.toIndex]);
  await expect(banner(page)).toContainText("走子");
  await playChecked(page, moves, turnEnd, last);
  await expect.poll(() => loopLocked(page)).toEqual(engineReplay(moves.slice(0, last)).loopLocked);
  await expect(point(page, moves[last].fromIndex)).toHaveAttribute("data-owner", /[BW]/);
  // Moving back B→A re-forms the formation, but the capture is intercepted and shown.
  await point(page, moves[last].fromIndex).click();
  await snap(page, testInfo, "baifang-moving-selected");
  await point(page, moves[last].toIndex).click();
  await expect(banner(page)).toContainText("退步不吃子");
  const after = engineReplay(moves);
  expect(after.pendingCaptures).toBe(0);
  expect(await boardString(page)).toBe(after.board);
  for (let p = 0; p < 25; p++) expect(await flagsOf(page, p)).not.toContain("capturable");
  // The intercepted shuttle keeps the lock: the mark follows the stone back.
  expect(after.loopLocked).toEqual([moves[last].toIndex]);
  await expect.poll(() => loopLocked(page)).toEqual(after.loopLocked);
  await expect(point(page, moves[last].toIndex).locator(".loop-glyph")).toBeVisible();
  await snap(page, testInfo, "baifang-loop-lock");
  console.expectClean();
});

/** The points whose stone shows the anti-looping lock's badge, by the hook and the drawing. */
async function loopLocked(page) {
  const marked = [];
  for (let p = 0; p < 25; p++) {
    const flagged = (await flagsOf(page, p)).split(" ").includes("loop-locked");
    const drawn = await point(page, p).locator(".loop-glyph").isVisible();
    expect(drawn, `point ${p}: the badge is drawn exactly when the hook says so`).toBe(flagged);
    if (flagged) marked.push(p);
  }
  return marked;
}

for (const [name, reason] of [["fewerThanFour", "fewer_than_four"], ["noMoves", "no_moves"]]) {
  test(`a ${reason} ending reaches the settlement with that reason`, { tag: ["@surfaced-result"] }, async ({ page }, testInfo) => {
    await startHotSeat(page);
    const game = scenarios[name];
    const expected = engineReplay(game);
    expect(expected.reason).toBe(reason);
    await playChecked(page, game);
    const settlement = page.getByTestId("settlement");
    await expect(settlement).toBeVisible();
    await expect(settlement).toHaveAttribute("data-reason", reason);
    await expect(settlement).toHaveAttribute("data-winner", expected.winner);
    await expect(page.getByTestId("settlement-reason")).toHaveText(reason === "no_moves" ? "憋死" : "兵力枯竭");
    if (reason === "fewer_than_four") {
      await page.waitForTimeout(300); // let the card's pop-in finish
      await snap(page, testInfo, "baifang-settlement");
    }
    await page.getByTestId("settlement-back").click();
    await expect(page.getByTestId("lobby")).toBeVisible();
  });
}

test("resign from the menu, with confirmation", async ({ page }) => {
  await startHotSeat(page);
  await point(page, 12).click(); // Blue places; Orange is to move.
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-cancel").click();
  await expect(page.getByTestId("settlement")).toHaveCount(0);
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  const settlement = page.getByTestId("settlement");
  await expect(settlement).toHaveAttribute("data-reason", "resign");
  await expect(settlement).toHaveAttribute("data-winner", "B");
  await expect(page.getByTestId("settlement-reason")).toHaveText("认输");
  // 再来一局: a new game on an empty board, Blue to move.
  await page.getByTestId("play-again").click();
  await expect(settlement).toHaveCount(0);
  await expect(page.getByTestId("room")).toHaveAttribute("data-to-move", "B");
  await expect(page.locator('[data-owner="B"], [data-owner="W"]')).toHaveCount(0);
  await point(page, 12).click();
  await expect(point(page, 12)).toHaveAttribute("data-owner", "B");
});

test("the step clock on one device: a heartbeat in the last five seconds of each turn, each timeout a pip on its side", { tag: ["@surfaced-timeouts"] }, async ({ page }) => {
  await page.clock.install();
  await openBaifang(page);
  await page.getByTestId("lobby-step-clock").check();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  // Hot-seat seats the side to move at the start at the bottom.
  await expectOwnSideAtBottom(page, "B");
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
  // A second at a time, as the 200 ms ticker sees real time.
  const run = async (seconds) => {
    for (let t = 0; t < seconds; t++) await page.clock.runFor(1000);
  };
  await run(30);
  await expectTimeoutPips(page, "B", 1);
  await expectTimeoutPips(page, "W", 0);
  expect(await heartbeats(page)).toBe(5);
  await run(30);
  await expectTimeoutPips(page, "W", 1);
  expect(await heartbeats(page)).toBe(10);
  await run(30);
  await expectTimeoutPips(page, "B", 2);
  await expectTimeoutPips(page, "W", 1);
  expect(await heartbeats(page)).toBe(15);
});
