// Online play through the referee server: two separate browser contexts (separate storage,
// like two devices) against the real server binary on loopback with a fresh database.
// The server's clocks are real here (the disconnect test waits the 15 s grace once), except
// where a test moves the server's clock on through its test-mode endpoint (--test-clock).
import { test, expect } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  scenarios, clickAction, boardString, expectDisconnectPips, expectOwnSideAtBottom, expectTimeoutPips, heartbeats, openOnline,
} from "./baifang-helpers.mjs";
import { screenshotDir, watchConsole } from "./helpers.mjs";
import { axeViolations } from "./a11y-helpers.mjs";
import { smallScreenProblems } from "./layout-helpers.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const serverBin = process.env.SERVER_BIN ?? join(root, "target", "release", "server");
// Beside the static server's port (E2E_PORT), so checkouts running side by side do not meet.
const port = Number(process.env.E2E_SERVER_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 10);
const serverURL = `http://127.0.0.1:${port}/`;

let server;
let dataDir;
let clockToken;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "baifang-server-e2e-"));
  // Every device here comes from 127.0.0.1: more new players than the default hourly allowance.
  const args = [
    "--bind", `127.0.0.1:${port}`, "--dist", join(root, "dist"), "--database", join(dataDir, "db.sqlite3"),
    "--new-players-per-hour", "1000", "--test-clock",
  ];
  server = spawn(serverBin, args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  // The log goes to stdout: the test clock's token is read from it.
  server.stdout.on("data", (d) => (log += d));
  server.stderr.on("data", (d) => (log += d));
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      const r = await fetch(`${serverURL}api/server`);
      clockToken = log.match(/x-test-clock-token: ([A-Za-z0-9_-]+)/)?.[1];
      if (r.ok && clockToken) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer on ${serverURL}: ${log}`);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  if (server && server.exitCode === null) await new Promise((r) => server.once("exit", r));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// The server's games are the same on both viewports; one project runs them.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server games run once, on the desktop project");
});

const room = (page) => page.getByTestId("room");

/** Moves the server's clock on by `ms` (the server runs with --test-clock). */
async function advanceServer(ms) {
  const r = await fetch(`${serverURL}api/test/advance?ms=${ms}`, { method: "POST", headers: { "x-test-clock-token": clockToken } });
  expect(r.ok, await r.text()).toBe(true);
}

/**
 * A new device: its own browser context, the app from the server, the Baifang lobby signed in.
 * `clock`: the page's clock is Playwright's, to move on by hand.
 */
async function device(browser, name, path = "", { clock = false } = {}) {
  const context = await browser.newContext({ baseURL: serverURL });
  if (clock) await context.clock.install();
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto(serverURL + path);
  await expect(page.getByTestId("app")).toBeVisible();
  // A room link opens Baifang, which hands the room to its online screen to join.
  if (path.includes("#room=")) return { context, page, console };
  await page.getByTestId("home-baifang").click();
  await openOnline(page);
  await expect(page.getByTestId("lobby")).toHaveAttribute("data-online", "server");
  await expect(page.getByTestId("profile-rating")).toBeVisible();
  if (name) {
    await page.getByTestId("server-name").fill(name);
    await page.getByTestId("server-name-save").click();
  }
  return { context, page, console };
}

async function roomState(page) {
  const r = room(page);
  return {
    side: await r.getAttribute("data-my-side"),
    toMove: await r.getAttribute("data-to-move"),
    hash: await r.getAttribute("data-hash"),
    actions: Number(await r.getAttribute("data-actions")),
  };
}

/** Both pages show a game: returns them as {black, white}. */
async function inGame(a, b) {
  for (const p of [a, b]) await expect(room(p)).toHaveAttribute("data-stage", "Playing", { timeout: 15_000 });
  const [sa, sb] = [await roomState(a), await roomState(b)];
  expect(sa.side).not.toBe(sb.side);
  return sa.side === "B" ? { black: a, white: b } : { black: b, white: a };
}

async function expectSameBoards(black, white, actions) {
  for (const p of [black, white]) await expect(room(p)).toHaveAttribute("data-actions", String(actions));
  const [sb, sw] = [await roomState(black), await roomState(white)];
  expect(sb.hash).toBe(sw.hash);
  expect(await boardString(black)).toBe(await boardString(white));
}

/** Plays fixture actions by clicks on whichever page is to move; boards compared after each. */
async function playByClicks(black, white, game, count = 0) {
  for (const action of game) {
    const mover = (await roomState(black)).toMove === "B" ? black : white;
    await clickAction(mover, action);
    count += action.actionType === 2 ? action.eatIndices.length : 1;
    await expectSameBoards(black, white, count);
  }
  return count;
}

async function quickPair(browser) {
  const a = await device(browser, "Alice");
  const b = await device(browser, "Bob");
  await a.page.getByTestId("lobby-quick").click();
  await expect(a.page.getByTestId("server-searching")).toBeVisible();
  await b.page.getByTestId("lobby-quick").click();
  return { a, b, ...(await inGame(a.page, b.page)) };
}

test("quick match pairs two devices and a full game by clicks stays identical; both ratings settle", async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, black, white } = await quickPair(browser);
  // Each sees the other's name and rating, and the server's step clock.
  await expect(a.page.getByTestId("opponent")).toHaveAttribute("data-name", "Bob");
  await expect(b.page.getByTestId("opponent")).toHaveAttribute("data-name", "Alice");
  await expect(a.page.getByTestId("opponent")).toHaveAttribute("data-rating", "1200");
  await expect(black.getByTestId("step-timer")).toBeVisible();
  await playByClicks(black, white, scenarios.fewerThanFour);
  for (const p of [black, white]) await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "fewer_than_four");
  const winner = await black.getByTestId("settlement").getAttribute("data-winner");
  const [won, lost] = winner === "B" ? [black, white] : [white, black];
  await expect(won.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "16");
  await expect(won.getByTestId("settlement-opponent-rating")).toHaveAttribute("data-delta", "-16");
  await expect(lost.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "-16");
  await expect(lost.getByTestId("settlement-opponent-rating")).toHaveAttribute("data-delta", "16");
  // Back in the lobby: the server's rating, record and the game in the recent list.
  for (const [p, rating, wins] of [[won, "1216", "1"], [lost, "1184", "0"]]) {
    await p.getByTestId("settlement-back").click();
    await expect(p.getByTestId("profile-rating")).toHaveAttribute("data-rating", rating);
    await expect(p.getByTestId("profile-record")).toHaveAttribute("data-wins", wins);
    await expect(p.getByTestId("recent-matches").locator("li")).toHaveCount(1);
  }
  // The record is the server's: a reload (same token) shows it again.
  await won.reload();
  await won.getByTestId("home-baifang").click();
  await openOnline(won);
  await expect(won.getByTestId("profile-rating")).toHaveAttribute("data-rating", "1216");
  await expect(won.getByTestId("server-name")).toHaveValue(won === a.page ? "Alice" : "Bob");
  for (const d of [a, b]) d.console.expectClean();
  await a.context.close();
  await b.context.close();
});

test("a third device watches a live game by its link: the same board after every action, the count on both players' screens, no moves of its own; at the end the review", async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, black, white } = await quickPair(browser);
  const gameId = await room(black).getAttribute("data-game-id");
  const href = await black.getByTestId("watch-link").getAttribute("href");
  expect(href).toBe(`${serverURL}#watch=${gameId}`);
  const s = await browser.newContext({ baseURL: serverURL });
  const watcher = await s.newPage();
  const watcherConsole = watchConsole(watcher);
  await watcher.goto(href);
  await expect(room(watcher)).toHaveAttribute("data-spectator", "true", { timeout: 15_000 });
  await expect(room(watcher)).toHaveAttribute("data-game-id", gameId);
  const names = { B: black === a.page ? "Alice" : "Bob", W: black === a.page ? "Bob" : "Alice" };
  await expect(watcher.getByTestId("spectating")).toHaveAttribute("data-black", names.B);
  await expect(watcher.getByTestId("spectating")).toHaveAttribute("data-white", names.W);
  for (const p of [black, white, watcher]) await expect(p.getByTestId("watchers")).toHaveAttribute("data-count", "1");
  // The link was taken: a reload would not watch again.
  expect(new URL(watcher.url()).hash).toBe("");
  let count = 0;
  for (const action of scenarios.fewerThanFour) {
    const mover = (await roomState(black)).toMove === "B" ? black : white;
    await clickAction(mover, action);
    count += action.actionType === 2 ? action.eatIndices.length : 1;
    await expectSameBoards(black, white, count);
    await expect(room(watcher)).toHaveAttribute("data-actions", String(count));
    expect((await roomState(watcher)).hash).toBe((await roomState(black)).hash);
    expect(await boardString(watcher)).toBe(await boardString(black));
    if (count === 2) {
      // A spectator's tap on an empty point (the first two stones are on 5 and 12) plays nothing.
      await watcher.getByTestId("point-0").click();
      await expect(room(black)).toHaveAttribute("data-actions", "2");
      await expect(room(watcher)).toHaveAttribute("data-actions", "2");
    }
  }
  for (const p of [black, white, watcher]) await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "fewer_than_four");
  const winner = await black.getByTestId("settlement").getAttribute("data-winner");
  await expect(watcher.getByTestId("settlement")).toHaveAttribute("data-winner", winner);
  await watcher.getByTestId("settlement-review").click();
  await expect(watcher.getByTestId("review")).toBeVisible();
  // The finished game's link opens its review.
  const late = await s.newPage();
  await late.goto(href);
  await expect(late.getByTestId("review")).toBeVisible({ timeout: 15_000 });
  watcherConsole.expectClean();
  for (const d of [a, b]) d.console.expectClean();
  await s.close();
  await a.context.close();
  await b.context.close();
});

test("the leaderboard, a player's page with its chart and games, the review from it, and the export of every finished game", async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, black, white } = await quickPair(browser);
  await playByClicks(black, white, scenarios.fewerThanFour);
  const winner = await black.getByTestId("settlement").getAttribute("data-winner");
  const [won, lost] = winner === "B" ? [black, white] : [white, black];
  for (const p of [won, lost]) await p.getByTestId("settlement-back").click();
  const idOf = (p) => p.getByTestId("profile-rating").getAttribute("data-player");
  const [wonId, lostId] = [await idOf(won), await idOf(lost)];
  const wonRating = Number(await won.getByTestId("profile-rating").getAttribute("data-rating"));
  const lostRating = Number(await lost.getByTestId("profile-rating").getAttribute("data-rating"));

  // The leaderboard: ranked by rating, highest first; both players there, marked provisional.
  await lost.getByTestId("open-leaderboard").click();
  const rows = lost.getByTestId("leaderboard-row");
  await expect(rows.first()).toBeVisible();
  const listed = await rows.evaluateAll((rs) => rs.map((r) => ({
    id: r.dataset.player, rank: Number(r.dataset.rank), rating: Number(r.dataset.rating), provisional: r.dataset.provisional,
  })));
  expect(listed.map((r) => r.rank)).toEqual(listed.map((_, i) => i + 1));
  for (let i = 1; i < listed.length; i++) expect(listed[i - 1].rating).toBeGreaterThanOrEqual(listed[i].rating);
  const row = (id) => listed.find((r) => r.id === id);
  expect(row(wonId)).toMatchObject({ rating: wonRating, provisional: "true" });
  expect(row(lostId)).toMatchObject({ rating: lostRating, provisional: "true" });
  expect(row(wonId).rank).toBeLessThan(row(lostId).rank);
  expect(await axeViolations(lost)).toEqual([]);
  expect(await smallScreenProblems(lost, "leaderboard")).toEqual([]);
  await lost.screenshot({ path: join(screenshotDir, "baifang-leaderboard.png") });

  // A row opens that player's page: record, the chart of the one rated game, the game.
  await lost.locator(`[data-testid="leaderboard-row"][data-player="${wonId}"]`).getByTestId("leaderboard-player").click();
  const page = lost.getByTestId("player-page");
  await expect(page).toHaveAttribute("data-player", wonId);
  const summary = lost.getByTestId("player-summary");
  await expect(summary).toHaveAttribute("data-rating", String(wonRating));
  await expect(summary).toHaveAttribute("data-wins", "1");
  await expect(summary).toHaveAttribute("data-provisional", "true");
  await expect(lost.getByTestId("rating-chart")).toHaveAttribute("data-games", "1");
  const games = lost.getByTestId("player-games").locator("li");
  await expect(games).toHaveCount(1);
  await expect(games.first()).toHaveAttribute("data-won", "true");
  const gameId = await games.first().getAttribute("data-game");
  expect(await axeViolations(lost)).toEqual([]);
  expect(await smallScreenProblems(lost, "player page")).toEqual([]);
  await lost.screenshot({ path: join(screenshotDir, "baifang-player-page.png") });
  // Back goes to the leaderboard, and from there to the lobby.
  await lost.getByTestId("panel-back").click();
  await expect(lost.getByTestId("leaderboard")).toBeVisible();
  await lost.getByTestId("panel-back").click();
  await expect(lost.getByTestId("lobby-quick")).toBeVisible();
  expect(await smallScreenProblems(lost, "the server's lobby")).toEqual([]);

  // One's own page: the export downloads every finished game of that player as one file.
  await won.getByTestId("open-my-page").click();
  await expect(won.getByTestId("player-summary")).toHaveAttribute("data-games", "1");
  const [download] = await Promise.all([won.waitForEvent("download"), won.getByTestId("export-games").click()]);
  const file = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(file.player.id).toBe(wonId);
  expect(file.games.map((g) => g.id)).toEqual([gameId]);
  const served = await (await fetch(`${serverURL}api/players/${wonId}/games?page=0`)).json();
  expect(file.games.length).toBe(served.games.length);
  const actions = file.games[0].actions.length;
  expect(actions).toBeGreaterThan(0);

  // A game on the page opens in the review, every action of it there.
  await won.getByTestId("player-games").getByTestId("game-review").first().click();
  await expect(won.getByTestId("screen-baifang-review")).toBeVisible();
  await expect(won.getByTestId("review")).toHaveAttribute("data-last", String(actions));
  for (const d of [a, b]) d.console.expectClean();
  await a.context.close();
  await b.context.close();
});

test("rematch by clicks: offered on the card, accepted by the other device, a new rated game with colours swapped; then a declined one", async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, black, white } = await quickPair(browser);
  await playByClicks(black, white, scenarios.fewerThanFour);
  for (const p of [black, white]) await expect(p.getByTestId("settlement")).toBeVisible();
  await black.getByTestId("rematch-offer").click();
  await expect(black.getByTestId("rematch")).toHaveAttribute("data-state", "waiting");
  await expect(white.getByTestId("rematch")).toHaveAttribute("data-state", "offered");
  await expect(white.getByTestId("rematch-offer")).toHaveCount(0);
  await white.getByTestId("rematch-accept").click();
  // The new game: the same two players, the colours swapped, from an empty board.
  const again = await inGame(black, white);
  expect(again.black).toBe(white);
  expect(again.white).toBe(black);
  for (const p of [black, white]) await expect(room(p)).toHaveAttribute("data-actions", "0");
  await playByClicks(again.black, again.white, scenarios.fewerThanFour);
  const winner = await black.getByTestId("settlement").getAttribute("data-winner");
  const won = winner === "B" ? again.black : again.white;
  await expect(won.getByTestId("settlement-rating")).not.toHaveAttribute("data-delta", "0");
  // A second offer, declined: the offerer is told, the card stays, nobody is in a game.
  await again.black.getByTestId("rematch-offer").click();
  await again.white.getByTestId("rematch-decline").click();
  await expect(again.black.getByTestId("rematch-ended")).toBeVisible();
  await expect(again.black.getByTestId("rematch")).toHaveCount(0);
  await expect(again.white.getByTestId("rematch")).toHaveCount(0);
  await expect(again.white.getByTestId("rematch-ended")).toHaveCount(0);
  // Both games are on the server, two ids, both rated.
  for (const p of [black, white]) {
    await p.getByTestId("settlement-back").click();
    const games = p.getByTestId("recent-matches").locator("li");
    await expect(games).toHaveCount(2);
    const ids = await games.evaluateAll((ls) => ls.map((l) => l.dataset.game));
    expect(new Set(ids).size).toBe(2);
    for (const li of await games.all()) expect(await li.getAttribute("data-unrated")).toBeNull();
  }
  for (const d of [a, b]) d.console.expectClean();
  await a.context.close();
  await b.context.close();
});

test("the one room on the server: own side at the bottom, a heartbeat in the last five seconds, timeouts as pips", async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await device(browser, "Cleo", "", { clock: true });
  const b = await device(browser, "Dan", "", { clock: true });
  await a.page.getByTestId("lobby-quick").click();
  await expect(a.page.getByTestId("server-searching")).toBeVisible();
  await b.page.getByTestId("lobby-quick").click();
  const { black, white } = await inGame(a.page, b.page);
  await expectOwnSideAtBottom(black, "B");
  await expectOwnSideAtBottom(white, "W");
  // Both make their first move (a first turn that runs out aborts the game instead).
  for (const [p, n] of [[black, 1], [white, 2]]) {
    const empty = (await boardString(p)).indexOf(".");
    await p.getByTestId(`point-${empty}`).click();
    await expectSameBoards(black, white, n);
  }
  // Black's page lives 29 s of its turn (the server's clock is not moved): the step
  // clock it shows runs into its last five seconds and its heart beats once a second.
  const now = await black.evaluate(() => Date.now());
  await black.clock.pauseAt(now + 500);
  for (let t = 0; t < 29; t++) await black.clock.runFor(1000);
  expect(await heartbeats(black)).toBe(5);
  expect(await heartbeats(white)).toBe(0);
  await black.clock.resume();
  // The server's clock runs Black's turn out: a timeout, shown as a pip on both screens.
  await advanceServer(30_000);
  for (const p of [black, white]) {
    await expect(room(p)).toHaveAttribute("data-actions", "3");
    await expectTimeoutPips(p, "B", 1);
    await expectTimeoutPips(p, "W", 0);
  }
  const board = await boardString(white);
  await white.getByTestId(`point-${board.indexOf(".")}`).click();
  await expectSameBoards(black, white, 4);
  await advanceServer(30_000);
  for (const p of [black, white]) {
    await expect(room(p)).toHaveAttribute("data-actions", "5");
    await expectTimeoutPips(p, "B", 2);
    await expectTimeoutPips(p, "W", 0);
  }
  await a.context.close();
  await b.context.close();
});

test("a game whose first move never comes is aborted: both back in the lobby, told why, ratings unchanged", async ({ browser }) => {
  const a = await device(browser, "Gus", "");
  const b = await device(browser, "Hana", "");
  await a.page.getByTestId("lobby-quick").click();
  await expect(a.page.getByTestId("server-searching")).toBeVisible();
  await b.page.getByTestId("lobby-quick").click();
  const { black, white } = await inGame(a.page, b.page);
  // Black never moves: its first turn's 30 s run out on the server's clock.
  await advanceServer(30_000);
  for (const [p, words] of [
    [black, "你没有在 30 秒内走出第一步：本局作废，不计分，回到大厅"],
    [white, "对手没有在 30 秒内走出第一步：本局作废，不计分，回到大厅"],
  ]) {
    await expect(p.getByTestId("server-lobby")).toBeVisible();
    await expect(p.getByTestId("server-notice")).toHaveText(words);
    await expect(p.getByTestId("profile-rating")).toContainText("1200");
  }
  for (const d of [a, b]) d.console.expectClean();
  await a.context.close();
  await b.context.close();
});

test("quick match can be cancelled", async ({ browser }) => {
  const a = await device(browser);
  await a.page.getByTestId("lobby-quick").click();
  await a.page.getByTestId("server-cancel").click();
  await expect(a.page.getByTestId("lobby-quick")).toBeVisible();
  await expect(a.page.getByTestId("server-lobby")).toHaveAttribute("data-phase", "Lobby");
  await a.context.close();
});

test("friend match: the room link opened on another device joins the game", async ({ browser }) => {
  const a = await device(browser, "Host");
  await a.page.getByTestId("lobby-friend").click();
  // Nine characters (about 44.6 bits), shown in groups of three; friendly unless both tick "rated".
  await expect(a.page.getByTestId("friend-room")).toHaveAttribute("data-rated", "false");
  const code = await a.page.getByTestId("friend-room").getAttribute("data-code");
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{9}$/);
  await expect(a.page.getByTestId("room-code")).toHaveText(`${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`);
  const link = await a.page.getByTestId("room-link").getAttribute("href");
  expect(link).toBe(`${serverURL}#room=${code}`);
  const b = await device(browser, "", `#room=${code}`);
  const { black, white } = await inGame(a.page, b.page);
  await expect(b.page.getByTestId("opponent")).toHaveAttribute("data-name", "Host");
  // The link was taken: a reload would not join again.
  expect(new URL(b.page.url()).hash).toBe("");
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 2));
  // Black resigns from the menu; White wins on both screens.
  await black.getByTestId("room-menu").click();
  await black.getByTestId("menu-resign").click();
  await black.getByTestId("resign-confirm").click();
  for (const p of [black, white]) {
    await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "resign");
    await expect(p.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
    // A friend game nobody asked to rate: the result stands, no rating moves, and it says why.
    await expect(p.getByTestId("settlement-unrated")).toBeVisible();
    await expect(p.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "0");
  }
  await a.context.close();
  await b.context.close();
});

test("a player who closes the page loses when the 15 s grace runs out on the server clock", async ({ browser }) => {
  test.setTimeout(90_000);
  const { a, b, black, white } = await quickPair(browser);
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 1));
  const [gone, stays] = black === a.page ? [a, b] : [b, a];
  const closed = Date.now();
  await gone.context.close();
  await expect(stays.page.getByTestId("grace-countdown")).toBeVisible();
  const seen = Number(await stays.page.getByTestId("grace-countdown").getAttribute("data-remaining"));
  expect(seen).toBeGreaterThan(10);
  expect(seen).toBeLessThanOrEqual(15);
  await expect(stays.page.getByTestId("settlement")).toHaveAttribute("data-reason", "disconnect", { timeout: 30_000 });
  await expect(stays.page.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
  const waited = Date.now() - closed;
  expect(waited).toBeGreaterThanOrEqual(14_000);
  expect(waited).toBeLessThan(25_000);
  // One move made: a walk-out before each side's third move is a loss on the board, unrated.
  await expect(stays.page.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "0");
  await expect(stays.page.getByTestId("settlement-unrated")).toBeVisible();
  stays.console.expectClean();
  await stays.context.close();
});

test("a reload mid-game comes back to the same board and clock and play goes on, the drop counted on both screens", { tag: ["@surfaced-disconnects"] }, async ({ browser }) => {
  test.setTimeout(90_000);
  const { a, b, black, white } = await quickPair(browser);
  const count = await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 3));
  const before = await roomState(white);
  const board = await boardString(white);
  await white.reload();
  // The page opens the game again by itself: same board, same hash, the server's clock.
  await expect(room(white)).toHaveAttribute("data-stage", "Playing");
  await expect(room(white)).toHaveAttribute("data-connected", "true");
  // The reload itself is one disconnect action in the log.
  await expect(room(white)).toHaveAttribute("data-actions", String(before.actions + 1));
  // Both rooms count it against White, and nothing against Black.
  for (const page of [black, white]) {
    await expectDisconnectPips(page, "W", 1);
    await expectDisconnectPips(page, "B", 0);
  }
  expect(await boardString(white)).toBe(board);
  await expect(white.getByTestId("step-timer")).toBeVisible();
  const left = Number(await white.getByTestId("step-timer").getAttribute("data-remaining"));
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(30);
  await expectSameBoards(black, white, before.actions + 1);
  await playByClicks(black, white, scenarios.fewerThanFour.slice(3, 5), count + 1);
  await a.context.close();
  await b.context.close();
});

test("on a static host the lobby offers tabs and Game Center only, and a room link says why it cannot join", async ({ page }) => {
  await page.goto("./#room=ABC234");
  await expect(page.getByTestId("room-link-refused")).toBeVisible();
  await openOnline(page);
  await expect(page.getByTestId("lobby")).toHaveAttribute("data-online", "peer");
  await expect(page.getByTestId("no-server")).toContainText("scripts/play.sh");
});

test("from the referee server the tab's icon is kept: once it has arrived, the next page takes it from the cache", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: serverURL, serviceWorkers: "block" });
  const icon = (await (await fetch(serverURL)).text()).match(/<link rel="icon" href="\.\/([^"]+)"/)?.[1];
  // Trunk names the icon by a hash of its content, which the server lets browsers keep.
  expect(icon).toMatch(/^icon-192-[0-9a-f]{12,16}\.png$/);
  /** The answers to `page`'s asks for the icon, each marked whether it crossed the network. */
  async function iconAnswers(page) {
    const answers = [];
    const cached = new Set();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    cdp.on("Network.requestServedFromCache", (e) => cached.add(e.requestId));
    cdp.on("Network.responseReceived", (e) => {
      if (!new URL(e.response.url).pathname.endsWith(`/${icon}`)) return;
      answers.push({ status: e.response.status, network: !e.response.fromDiskCache && !cached.has(e.requestId) });
    });
    return answers;
  }
  // A cold link: Chromium asks for the icon as the page loads (on a link perhaps twice at once).
  const first = await context.newPage();
  const firstAnswers = await iconAnswers(first);
  await first.goto("./#open=hex");
  await expect(first.locator(".hex-select")).toBeVisible();
  await expect.poll(() => firstAnswers.filter((a) => a.network).map((a) => a.status)).toContain(200);
  // The next page of the same browser asks again and is answered from the cache: no request
  // goes out (a name that never changes was revalidated, a 304 over the network, every time).
  const next = await context.newPage();
  const nextAnswers = await iconAnswers(next);
  await next.goto("./#open=baifang");
  await expect(next.getByTestId("lobby")).toBeVisible();
  await expect.poll(() => nextAnswers.length).toBeGreaterThan(0);
  await next.waitForLoadState("networkidle");
  expect(nextAnswers.filter((a) => a.network)).toEqual([]);
  await context.close();
});
