// Online 1v1 (docs/baifang-rules.md, "Online play"): two pages of one browser context meet over
// BroadcastChannel (the browser-tab transport) or through the mock native host
// (?host=mock, the GameKit code path). Each test opens its own two pages.
import { test, expect } from "@playwright/test";
import {
  scenarios, clickAction, boardString, expectDisconnectPips, expectOwnSideAtBottom, expectTimeoutPips, heartbeats, openOnline, openOnlineLobby,
} from "./baifang-helpers.mjs";
import { watchConsole, snap } from "./helpers.mjs";

const T0 = new Date("2026-11-30T00:00:00Z").getTime();
const state = (page) => page.evaluate(() => window.__onlineTest.state());

/** The Elo change of a K=32 newcomer: rounded K·(S − E) (docs/baifang-rules.md, "Elo rating"). */
function eloDelta(ra, rb, won, k = 32) {
  const e = 1 / (1 + Math.pow(10, (rb - ra) / 400));
  return Math.round(k * ((won ? 1 : 0) - e));
}

/** Two pages press 快速匹配 and are paired; returns them as {black, white}. */
async function pairPages(context, { query = "", clock = false } = {}) {
  const a = await context.newPage();
  const b = await context.newPage();
  const consoles = [watchConsole(a), watchConsole(b)];
  if (clock) {
    await a.clock.install({ time: T0 });
    await b.clock.install({ time: T0 });
  }
  // Separate record slots: the two pages stand for two devices.
  const sep = query ? "&" : "?";
  // Over the mock host each page has a Game Center display name of its own.
  const names = query.includes("host=mock") ? ["&name=Ann%20Mock", "&name=Bo%20Mock"] : ["", ""];
  await openOnlineLobby(a, `${query}${sep}profile=a&testhooks${names[0]}`);
  await openOnlineLobby(b, `${query}${sep}profile=b&testhooks${names[1]}`);
  await a.getByTestId("lobby-quick").click();
  await b.getByTestId("lobby-quick").click();
  for (const p of [a, b]) await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 15_000 });
  const [sa, sb] = [await state(a), await state(b)];
  expect(sa.peer).toBe(sb.me);
  expect(sb.peer).toBe(sa.me);
  expect(sa.mySide).not.toBe(sb.mySide);
  expect(sa.transport).toBe(query.includes("host=mock") ? "host" : "tabs");
  const [black, white] = sa.mySide === "B" ? [a, b] : [b, a];
  return { black, white, consoles };
}

async function expectSameBoards(black, white, actions) {
  await expect.poll(async () => (await state(white)).actions, { message: "white caught up" }).toBe(actions);
  await expect.poll(async () => (await state(black)).actions, { message: "black caught up" }).toBe(actions);
  const [sb, sw] = [await state(black), await state(white)];
  expect(sb.hash).toBe(sw.hash);
  expect(sb.board).toBe(sw.board);
  expect(await boardString(black)).toBe(await boardString(white));
}

/** Plays a fixture game by clicks on whichever page is to move; boards compared after every action. */
async function playByClicks(black, white, game, count = 0) {
  for (const action of game) {
    const mover = (await state(black)).toMove === "B" ? black : white;
    await clickAction(mover, action);
    count += action.actionType === 2 ? action.eatIndices.length : 1;
    await expectSameBoards(black, white, count);
  }
}

for (const [name, query] of [["browser tabs", ""], ["the mock host (GameKit path)", "?host=mock"]]) {
  test(`quick match pairs two pages and a full game by clicks stays identical, with Elo (${name})`, async ({ context }, testInfo) => {
    test.setTimeout(120_000);
    const { black, white, consoles } = await pairPages(context, { query });
    await expect(black.getByTestId("step-timer")).toBeVisible();
    // Each player's own side sits at the bottom, White's too.
    await expectOwnSideAtBottom(black, "B");
    await expectOwnSideAtBottom(white, "W");
    await snap(black, testInfo, `online-playing${query ? "-mock" : ""}`);
    // Game Center's display names: each page names its opponent by it (tabs have none).
    const nameOf = async (p) => (await p.evaluate(() => new URLSearchParams(location.search).get("name")));
    const [blackName, whiteName] = [await nameOf(black), await nameOf(white)];
    if (query) {
      await expect(black.getByTestId("opponent")).toHaveAttribute("data-name", whiteName);
      await expect(white.getByTestId("opponent")).toHaveAttribute("data-name", blackName);
    } else {
      for (const p of [black, white]) await expect(p.getByTestId("opponent")).toHaveCount(0);
    }
    await playByClicks(black, white, scenarios.fewerThanFour);
    for (const p of [black, white]) {
      await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "fewer_than_four");
    }
    const winner = await black.getByTestId("settlement").getAttribute("data-winner");
    const [won, lost] = winner === "B" ? [black, white] : [white, black];
    // Both start at 1200 with no rated games: the formula gives +16 / −16.
    await expect(won.getByTestId("settlement-rating")).toHaveAttribute("data-delta", String(eloDelta(1200, 1200, true)));
    await expect(lost.getByTestId("settlement-rating")).toHaveAttribute("data-delta", String(eloDelta(1200, 1200, false)));
    await snap(won, testInfo, `online-settlement${query ? "-mock" : ""}`);
    const hostLog = (p) => p.evaluate(() => window.__mockHostLog.map((e) => e.type));
    if (query) {
      const log = await hostLog(black);
      for (const t of ["authenticate", "findMatch", "sendData", "dataReceived", "submitScore", "matchFound"]) {
        expect(log, `mock host saw ${t}`).toContain(t);
      }
      // The match stays connected for a rematch until the player leaves it.
      expect(log).not.toContain("disconnect");
      expect(await won.evaluate(() => window.__mockHostScore)).toBe(1216);
    }
    // The record survives a reload.
    for (const [p, rating, wins, losses] of [[won, "1216", "1", "0"], [lost, "1184", "0", "1"]]) {
      await p.getByTestId("settlement-back").click();
      // Leaving the finished match disconnects it.
      if (query) await expect.poll(() => hostLog(p)).toContain("disconnect");
      await p.reload();
      await p.getByTestId("home-baifang").click();
      await openOnline(p);
      const record = p.getByTestId("profile-record");
      await expect(p.getByTestId("profile-rating")).toHaveAttribute("data-rating", rating);
      await expect(record).toHaveAttribute("data-games", "1");
      await expect(record).toHaveAttribute("data-wins", wins);
      await expect(record).toHaveAttribute("data-losses", losses);
      await expect(p.getByTestId("recent-matches").locator("li")).toHaveCount(1);
      if (query) {
        // The lobby shows the Game Center name, and the recent game names the opponent by theirs.
        const [mine, theirs] = p === black ? [blackName, whiteName] : [whiteName, blackName];
        await expect(p.getByTestId("profile-bar")).toContainText(mine);
        await expect(p.getByTestId("recent-matches").locator("li")).toContainText(theirs);
      }
    }
    for (const c of consoles) c.expectClean();
  });
}

for (const [name, query] of [["browser tabs", ""], ["the mock host (GameKit path)", "?host=mock"]]) {
  test(`a rematch by clicks on both sides: the same connection, colours swapped, both games rated (${name})`, async ({ context }) => {
    test.setTimeout(120_000);
    const { black, white, consoles } = await pairPages(context, { query });
    const resign = async (p) => {
      await p.getByTestId("room-menu").click();
      await p.getByTestId("menu-resign").click();
    };
    await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 2));
    await resign(black);
    for (const p of [black, white]) await expect(p.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
    const firstLog = (await state(black)).log;
    expect((await state(white)).log).toBe(firstLog);
    // White offers; Black sees the offer with the seconds left before it lapses, and accepts.
    await white.getByTestId("rematch-offer").click();
    await expect(white.getByTestId("rematch")).toHaveAttribute("data-state", "waiting");
    await expect(black.getByTestId("rematch")).toHaveAttribute("data-state", "offered");
    await expect(black.getByTestId("rematch")).toContainText(/ (30|29|28) s/);
    await black.getByTestId("rematch-accept").click();
    for (const p of [black, white]) {
      await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing");
      await expect(p.getByTestId("settlement")).toHaveCount(0);
    }
    // The colours swapped: the first game's White plays Black now, on an empty board.
    const [sb, sw] = [await state(white), await state(black)];
    expect([sb.mySide, sw.mySide]).toEqual(["B", "W"]);
    expect([sb.actions, sw.actions]).toEqual([0, 0]);
    const [black2, white2] = [white, black];
    await expectOwnSideAtBottom(black2, "B");
    await playByClicks(black2, white2, scenarios.fewerThanFour.slice(0, 2));
    // White resigns this one: the same opening, another game.
    await resign(white2);
    for (const p of [black2, white2]) await expect(p.getByTestId("settlement")).toHaveAttribute("data-winner", "B");
    // Both sides' logs hold the same new game: game 2 of the connection, its own moves.
    const [log2b, log2w] = [await state(black2), await state(white2)];
    expect([log2b.game, log2w.game]).toEqual([2, 2]);
    expect(log2b.log).toBe(log2w.log);
    expect(log2b.log).not.toBe(firstLog);
    expect(log2b.log.length).toBeGreaterThan(0);
    // Rated from the first game's settlement: 1184 (lost) against 1216 (won), one game each.
    await expect(black2.getByTestId("settlement-rating")).toHaveAttribute("data-delta", String(eloDelta(1216, 1184, true)));
    await expect(white2.getByTestId("settlement-rating")).toHaveAttribute("data-delta", String(eloDelta(1184, 1216, false)));
    if (query) {
      // One match found, one connection, for both games.
      const log = await black.evaluate(() => window.__mockHostLog.map((e) => e.type));
      expect(log.filter((t) => t === "matchFound")).toHaveLength(1);
      expect(log).not.toContain("disconnect");
    }
    // Declined this time: the offerer hears it.
    await black2.getByTestId("rematch-offer").click();
    await white2.getByTestId("rematch-decline").click();
    await expect(black2.getByTestId("rematch-ended")).toHaveAttribute("data-why", "declined");
    await expect(black2.getByTestId("rematch-offer")).toHaveCount(0);
    // Both games are in each record: the first game's White won both.
    for (const [p, wins] of [[black2, "2"], [white2, "0"]]) {
      await p.getByTestId("settlement-back").click();
      const record = p.getByTestId("profile-record");
      await expect(record).toHaveAttribute("data-games", "2");
      await expect(record).toHaveAttribute("data-wins", wins);
      await expect(p.getByTestId("recent-matches").locator("li")).toHaveCount(2);
    }
    for (const c of consoles) c.expectClean();
  });
}

test("a forged packet ends the match as the forger's loss on the honest page", async ({ context }) => {
  const { black, white } = await pairPages(context);
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 4));
  const me = (await state(black)).me;
  const forged = { kind: "action", protocolVersion: 1, actionType: 0, playerID: me, fromIndex: -1, toIndex: 12,
    eatIndices: [], timestamp: Date.now(), seq: 3, hash: "0000000000000000" };
  await black.evaluate((json) => window.__onlineTest.sendForged(json), JSON.stringify(forged));
  // White's own state replays true from its log: the fault is Black's, a forfeit, rated.
  await expect(white.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
  await expect(white.getByTestId("settlement")).toHaveAttribute("data-reason", "resign");
  await expect(white.getByTestId("online-message")).toHaveText("对手中止了对局或发来异常数据：判对手负");
  await white.getByTestId("settlement-back").click();
  await expect(white.getByTestId("profile-rating")).toHaveAttribute("data-rating", "1216");
});

test("memory tampering on one side is caught by the next packet", async ({ context }) => {
  const { black, white } = await pairPages(context);
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 6));
  // Black is to move; White edits its memory; Black's next packet no longer matches White's state.
  expect((await state(black)).toMove).toBe("B");
  await white.evaluate(() => window.__onlineTest.tamper());
  await clickAction(black, scenarios.fewerThanFour[6]);
  // White's state no longer replays from its log: its own fault, so it voids (no rating change).
  await expect(white.getByTestId("settlement")).toHaveAttribute("data-reason", "void");
  await expect(white.getByTestId("online-message")).toHaveText("对局数据异常");
  expect(await white.getByTestId("settlement").getAttribute("data-detail")).toContain("hash");
  // Black played honestly and was aborted on: White's forfeit in Black's record.
  await expect(black.getByTestId("settlement")).toHaveAttribute("data-winner", "B");
  await expect(black.getByTestId("online-message")).toHaveText("对手中止了对局或发来异常数据：判对手负");
});

test("closing one page makes the other win at exactly 15 s of its clock", async ({ context }, testInfo) => {
  const { black, white } = await pairPages(context, { clock: true });
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 2));
  const now = await black.evaluate(() => Date.now());
  await black.clock.pauseAt(now + 1000);
  await white.close();
  const countdown = black.getByTestId("grace-countdown");
  await expect(countdown).toBeVisible();
  await expect(countdown).toHaveAttribute("data-remaining", "15");
  await black.clock.runFor(10_000);
  await expect(countdown).toHaveAttribute("data-remaining", "5");
  await black.clock.runFor(4_999);
  await expect(countdown).toHaveAttribute("data-remaining", "1");
  await expect(black.getByTestId("settlement")).toHaveCount(0);
  await black.clock.runFor(1);
  await expect(black.getByTestId("settlement")).toHaveAttribute("data-reason", "disconnect");
  await expect(black.getByTestId("settlement")).toHaveAttribute("data-winner", "B");
  await expect(black.getByTestId("online-message")).toHaveText("对方玩家断开连接，本局获胜");
  await expect(black.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "16");
  await snap(black, testInfo, "online-peer-left");
});

test("three step timeouts lose", async ({ context }) => {
  test.setTimeout(120_000);
  const { black, white } = await pairPages(context, { clock: true });
  // Playwright's clock belongs to the browser context: both pages share it. It stops
  // just after the match began (a jump past Black's first 30 s would time it out at once).
  const now = await black.evaluate(() => Date.now());
  await black.clock.pauseAt(now + 500);
  // It advances a second at a time, so heartbeats keep flowing as in real time.
  const advance = async (ms) => {
    for (let t = 0; t < ms; t += 1000) await black.clock.runFor(1000);
  };
  let actions = 0;
  for (let k = 1; k <= 3; k++) {
    // Black lets its 30 s run out; its heart beats through the last five.
    await advance(30_000);
    actions += 1;
    await expectSameBoards(black, white, actions);
    if (k === 3) break;
    expect(await heartbeats(black)).toBe(5 * k);
    expect(await heartbeats(white)).toBe(0);
    for (const p of [black, white]) {
      await expectTimeoutPips(p, "B", k);
      await expectTimeoutPips(p, "W", 0);
    }
    // White plays a stone on the first empty point.
    const board = (await state(white)).board;
    await white.getByTestId(`point-${board.indexOf(".")}`).click();
    actions += 1;
    await expectSameBoards(black, white, actions);
  }
  for (const p of [black, white]) {
    await expect(p.getByTestId("settlement")).toHaveAttribute("data-reason", "timeouts");
    await expect(p.getByTestId("settlement")).toHaveAttribute("data-winner", "W");
  }
  await expect(white.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "16");
  await expect(black.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "-16");
});

test("a dropped network within the grace resumes, and the side behind receives the missed packet; the drop is counted on the side that stayed", { tag: ["@surfaced-disconnects"] }, async ({ context }) => {
  const { black, white } = await pairPages(context);
  const game = scenarios.fewerThanFour;
  await playByClicks(black, white, game.slice(0, 2));
  // White's network drops: both sides see the other fall silent and start the grace.
  await white.evaluate(() => window.__onlineTest.setOffline(true));
  await expect(black.getByTestId("grace-countdown")).toBeVisible({ timeout: 10_000 });
  await expect(white.getByTestId("grace-countdown")).toBeVisible({ timeout: 10_000 });
  // Black plays meanwhile; the packet is lost on the way.
  await clickAction(black, game[2]);
  await expect.poll(async () => (await state(black)).actions).toBe(3);
  expect((await state(white)).actions).toBe(2);
  // Back within the grace: the peers compare notes and White receives the missed packet.
  await white.evaluate(() => window.__onlineTest.setOffline(false));
  await expect(black.getByTestId("grace-countdown")).toHaveCount(0, { timeout: 10_000 });
  await expect(white.getByTestId("grace-countdown")).toHaveCount(0, { timeout: 10_000 });
  await expectSameBoards(black, white, 3);
  // Black's room counts White's drop. White's own network went, so White excuses the silence
  // it saw from Black, and a device never draws a count of its own drops (the peer keeps it).
  await expectDisconnectPips(black, "W", 1);
  await expect(black.getByTestId("score-B-disconnects")).toHaveCount(0);
  await expectDisconnectPips(white, "B", 0);
  await expect(white.getByTestId("score-W-disconnects")).toHaveCount(0);
  // The game goes on, boards identical.
  await playByClicks(black, white, game.slice(3, 8), 3);
  await expect(black.getByTestId("settlement")).toHaveCount(0);
});

test("a network split: the side whose own network went shows 连接中断，本局未计分 and keeps its record, the other wins", async ({ context }) => {
  const { black, white } = await pairPages(context, { clock: true });
  await playByClicks(black, white, scenarios.fewerThanFour.slice(0, 2));
  // The clock stops just after now. The context's clock moves its pages one after the other:
  // a jump (this test once stopped it at T0 + 60 s) left one page's clock 50 s ahead of the
  // other's for a moment, and the peers rightly took what crossed that moment as a timeout
  // claimed a few ms into the step (a forfeit, `resign`, on both sides). Second by second,
  // the two clocks never differ by more than the claim tolerance.
  const now = await black.evaluate(() => Date.now());
  await black.clock.pauseAt(now + 500);
  // White's own network goes (its connectivity signal says so) and stays gone past the grace.
  await white.evaluate(() => window.__onlineTest.setOffline(true));
  for (let t = 0; t < 25_000; t += 1000) await black.clock.runFor(1000);
  await expect(white.getByTestId("settlement")).toHaveAttribute("data-reason", "interrupted");
  await expect(white.getByTestId("online-message")).toHaveText("连接中断，本局未计分");
  await expect(black.getByTestId("settlement")).toHaveAttribute("data-reason", "disconnect");
  await expect(black.getByTestId("settlement")).toHaveAttribute("data-winner", "B");
  // Not scored on White's side: the loss held since the start is gone again.
  await white.getByTestId("settlement-back").click();
  await expect(white.getByTestId("profile-rating")).toHaveAttribute("data-rating", "1200");
  await expect(white.getByTestId("profile-record")).toHaveAttribute("data-games", "0");
});

test("a corrupted local record is reset with a notice, never a crash", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("./");
  await expect(page.getByTestId("app")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("baifang:profile", "{not json"));
  await page.reload();
  await page.getByTestId("home-baifang").click();
  await openOnline(page);
  await expect(page.getByTestId("profile-notice")).toBeVisible();
  await expect(page.getByTestId("profile-rating")).toHaveAttribute("data-rating", "1200");
  await expect(page.getByTestId("profile-record")).toHaveAttribute("data-games", "0");
  // The reset record was stored: the next load is clean.
  await page.reload();
  await page.getByTestId("home-baifang").click();
  await openOnline(page);
  await expect(page.getByTestId("profile-notice")).toHaveCount(0);
  console.expectClean();
});
