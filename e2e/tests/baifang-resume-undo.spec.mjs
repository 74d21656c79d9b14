// Nothing lost by a stray tap: hot-seat and vs-AI games are kept after every action and
// offered again in the lobby (继续上局) after a reload, exactly as they were; leaving a
// game (the menu's 返回大厅 or the browser's back gesture) asks first and can be
// cancelled; undo takes back whole turns (against the AI, its reply with the player's
// turn) and is off on hard and master. Positions are compared through the engine's state
// hash on the room and the engine CLI's replay of the saved log.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";
import { boardString, capture, engineReplay, openBaifang, place, playChecked, point, startHotSeat } from "./baifang-helpers.mjs";

const HOTSEAT_KEY = "baifang.localGame.v1.hotseat";
const AI_KEY = "baifang.localGame.v1.ai";

/** What the room shows of the position: the engine's hash, side to move, board, counts. */
async function position(page) {
  const room = page.getByTestId("room");
  const counts = {};
  for (const side of ["B", "W"]) {
    const score = page.getByTestId(`score-${side}`);
    counts[side] = await score.evaluate((el) => [el.dataset.onBoard, el.dataset.inHand, el.dataset.taken].join("/"));
  }
  return {
    hash: await room.getAttribute("data-hash"),
    toMove: await room.getAttribute("data-to-move"),
    board: await boardString(page),
    counts,
  };
}

/** The saved game of `key`, as stored. */
const saved = (page, key) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), key);

/** Expects the room's position to be the engine's replay of `log`. */
async function expectReplayOf(page, log) {
  const expected = engineReplay(log);
  expect(expected.error).toBeNull();
  await expect(page.getByTestId("room")).toHaveAttribute("data-hash", expected.hash);
  await expect(page.getByTestId("room")).toHaveAttribute("data-to-move", expected.toMove);
  expect(await boardString(page)).toBe(expected.board);
}

/** Starts a vs-AI game at `level`, the player on `colour`. */
async function startAi(page, level, colour = "B") {
  await openBaifang(page);
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId(`ai-level-${level}`).click();
  await page.getByTestId(`ai-colour-${colour}`).click();
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toBeVisible();
}

/** Plays point `p` against the AI and waits until its whole reply is on the board. */
async function playAndAwaitReply(page, preferred) {
  const stones = await page.locator('[data-testid^="point-"][data-owner="W"]').count();
  // The AI's placements are random: where it already stands, the first empty point instead.
  const owners = await page.locator('[data-testid^="point-"]').evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [Number(e.dataset.testid.slice(6)), e.dataset.owner ?? ""])),
  );
  const p = owners[preferred] ? Number(Object.keys(owners).find((q) => !owners[q])) : preferred;
  await point(page, p).click();
  await expect(page.locator('[data-testid^="point-"][data-owner="W"]')).toHaveCount(stones + 1, { timeout: 20_000 });
  await expect(page.getByTestId("room")).toHaveAttribute("data-to-move", "B");
  await expect(page.getByTestId("room-undo")).toBeEnabled();
}

/** Reloads the page and opens Baifang's lobby again. */
async function reloadToLobby(page) {
  await page.reload();
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
}

const opening = [...[0, 24, 1, 23, 5, 22, 6].map(place), capture(22), place(12)];

test("a hot-seat game survives a reload and resumes exactly as saved", async ({ page }) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  await playChecked(page, opening);
  const before = await position(page);
  const stored = await saved(page, HOTSEAT_KEY);
  expect(stored.log).toHaveLength(opening.length);
  // The saved log is the engine's action format, and replays to the position shown.
  await expectReplayOf(page, stored.log);

  await reloadToLobby(page);
  const resume = page.getByTestId("lobby-resume-hotseat");
  await expect(resume).toHaveText("继续上局 · 本地双人");
  await expect(page.getByTestId("lobby-resume-ai")).toHaveCount(0);
  await resume.click();
  await expect(page.getByTestId("board")).toBeVisible();
  expect(await position(page)).toEqual(before);
  expect(before.toMove).toBe("B");

  // The game goes on from there, and each action is kept.
  await point(page, 18).click();
  await expect(point(page, 18)).toHaveAttribute("data-owner", "B");
  expect((await saved(page, HOTSEAT_KEY)).log).toHaveLength(opening.length + 1);
  console.expectClean();
});

test("a vs-AI game survives a reload and resumes with its level and side", async ({ page }) => {
  const console = watchConsole(page);
  await startAi(page, "beginner");
  await playAndAwaitReply(page, 12);
  await playAndAwaitReply(page, 6);
  const before = await position(page);
  const stored = await saved(page, AI_KEY);
  expect(stored.who).toBe("ai-B-beginner");
  await expectReplayOf(page, stored.log);

  await reloadToLobby(page);
  await expect(page.getByTestId("lobby-resume-ai")).toHaveText("继续上局 · 人机对战 · 入门");
  await page.getByTestId("lobby-resume-ai").click();
  await expect(page.getByTestId("board")).toBeVisible();
  expect(await position(page)).toEqual(before);
  await expect(page.getByTestId("score-B")).toContainText("你");
  // The AI answers the next move as before.
  await playAndAwaitReply(page, 18);
  console.expectClean();
});

test("leaving asks first, by the menu and by the back gesture, and can be cancelled", async ({ page }) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  await playChecked(page, [0, 24, 1].map(place));
  const before = await position(page);
  const warning = page.getByTestId("leave-warning");

  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  await expect(warning).toHaveText("离开对局？本局已保存，可在大厅点「继续上局」接着下。");
  await expect(page.getByTestId("leave-confirm")).toHaveText("离开");
  await page.getByTestId("leave-cancel").click();
  await expect(warning).toHaveCount(0);
  expect(await position(page)).toEqual(before);

  // The browser's back gesture asks the same question; cancelling keeps the game.
  await page.goBack();
  await expect(warning).toBeVisible();
  await page.getByTestId("leave-cancel").click();
  await expect(page.getByTestId("room")).toBeVisible();
  expect(await position(page)).toEqual(before);
  await point(page, 23).click();
  await expect(point(page, 23)).toHaveAttribute("data-owner", "W");
  const after = await position(page);

  // Asked again, and leaving keeps the game for 继续上局.
  await page.goBack();
  await page.getByTestId("leave-confirm").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await page.getByTestId("lobby-resume-hotseat").click();
  expect(await position(page)).toEqual(after);

  // A new game with nothing played leaves at once and does not replace the saved one.
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  await page.getByTestId("leave-confirm").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("lobby")).toBeVisible();
  expect((await saved(page, HOTSEAT_KEY)).log).toHaveLength(4);
  // Back from the lobby still leaves for home.
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  console.expectClean();
});

test("hot-seat undo takes back whole turns to the exact position", async ({ page }) => {
  const console = watchConsole(page);
  await startHotSeat(page);
  const undo = page.getByTestId("room-undo");
  await expect(undo).toBeDisabled();
  const six = [0, 24, 1, 23, 5, 22].map(place);
  await playChecked(page, six);
  const before = await position(page);

  // A square owing a capture: undo takes the half turn back.
  await point(page, 6).click();
  await expect(page.getByTestId("status-banner")).toContainText("吃掉");
  await undo.click();
  expect(await position(page)).toEqual(before);

  // The placement and its capture are one turn: one undo takes both.
  await playChecked(page, [...six, place(6), capture(22)], 6);
  await undo.click();
  expect(await position(page)).toEqual(before);
  await expectReplayOf(page, six);
  expect((await saved(page, HOTSEAT_KEY)).log).toEqual(six);

  // One turn at a time, back to the start.
  await undo.click();
  await expectReplayOf(page, six.slice(0, 5));
  for (let i = 0; i < 5; i++) await undo.click();
  await expect(page.locator('[data-testid^="point-"][data-owner="B"]')).toHaveCount(0);
  await expect(page.locator('[data-testid^="point-"][data-owner="W"]')).toHaveCount(0);
  await expect(undo).toBeDisabled();
  console.expectClean();
});

test("undo against the AI takes its reply back with the player's turn", async ({ page }) => {
  const console = watchConsole(page);
  await startAi(page, "medium");
  const undo = page.getByTestId("room-undo");
  await expect(undo).toBeDisabled();
  const start = await position(page);
  await playAndAwaitReply(page, 12);
  const afterFirst = await position(page);
  const firstLog = (await saved(page, AI_KEY)).log;
  const free = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid^="point-"][data-owner=""]')).map((el) => Number(el.dataset.testid.slice(6))),
  );
  await playAndAwaitReply(page, free.find((p) => p !== 12));
  await undo.click();
  expect(await position(page)).toEqual(afterFirst);
  await expectReplayOf(page, firstLog);
  await undo.click();
  expect(await position(page)).toEqual(start);
  await expect(undo).toBeDisabled();
  // The AI does not reply to a position taken back to the player's turn.
  await page.waitForTimeout(1000);
  expect(await position(page)).toEqual(start);
  console.expectClean();
});

test("hard and master games say undo is off", async ({ page }) => {
  for (const level of ["hard", "master"]) {
    await startAi(page, level);
    await expect(page.getByTestId("room-undo-off")).toHaveText("困难和大师难度不能悔棋。");
    await expect(page.getByTestId("room-undo")).toHaveCount(0);
  }
});

test("a saved game that does not replay is discarded with a sentence; a finished one is not offered", async ({ page }) => {
  const console = watchConsole(page);
  await openBaifang(page);
  await page.evaluate((key) => {
    const log = [{ actionType: 0, toIndex: 3 }, { actionType: 0, toIndex: 3 }];
    localStorage.setItem(key, JSON.stringify({ who: "hotseat", stepClock: false, log }));
  }, HOTSEAT_KEY);
  await reloadToLobby(page);
  await expect(page.getByTestId("resume-discarded")).toHaveText("上局的存档无法还原，已丢弃。");
  await expect(page.getByTestId("lobby-resume-hotseat")).toHaveCount(0);
  expect(await saved(page, HOTSEAT_KEY)).toBeNull();

  // A game played to its end leaves nothing to resume.
  await page.getByTestId("lobby-hotseat").click();
  await point(page, 12).click();
  expect(await saved(page, HOTSEAT_KEY)).not.toBeNull();
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toBeVisible();
  expect(await saved(page, HOTSEAT_KEY)).toBeNull();
  await reloadToLobby(page);
  await expect(page.getByTestId("resume-discarded")).toHaveCount(0);
  await expect(page.getByTestId("lobby-resume-hotseat")).toHaveCount(0);
  console.expectClean();
});

test("the resume offer and the leave question read in English too", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("app:lang", "en"));
  await startHotSeat(page);
  await point(page, 12).click();
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  await expect(page.getByTestId("leave-warning")).toHaveText("Leave the game? It is saved: Resume in the lobby picks it up again.");
  await page.getByTestId("leave-confirm").click();
  await expect(page.getByTestId("lobby-resume-hotseat")).toHaveText("Resume · Two players, one device");
  await expect(page.getByTestId("room-undo")).toHaveCount(0);
});
