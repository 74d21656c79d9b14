// Fair play in the browser: what a page does when it cannot play fairly (no secure
// randomness), and the rules that decide who gets a result, driven by clicks.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";
import { backToLobby, openOnlineLobby } from "./baifang-helpers.mjs";

for (const [name, script] of [
  ["throws", () => { crypto.getRandomValues = () => { throw new Error("disabled by policy"); }; }],
  ["hands back nothing", () => { crypto.getRandomValues = (a) => a; }],
]) {
  test(`when crypto.getRandomValues ${name}, online play says why and never starts`, async ({ page }) => {
    const console = watchConsole(page);
    await page.addInitScript(script);
    await openOnlineLobby(page);
    await page.getByTestId("lobby-quick").click();
    await expect(page.getByTestId("online-message")).toHaveText(/无法联机：crypto\.getRandomValues (failed|returned no randomness)/);
    await page.getByTestId("online-cancel").click();
    await backToLobby(page);
    await page.getByTestId("lobby-hotseat").click();
    await page.getByTestId("point-12").click();
    await expect(page.getByTestId("point-12")).toHaveAttribute("data-owner", "B");
    console.expectClean();
  });
}

/** Two pages (two record slots, standing for two devices) press 快速匹配 and start a game. */
async function startGame(context, leaverLang) {
  const leaver = await context.newPage();
  const peer = await context.newPage();
  const consoles = [watchConsole(leaver), watchConsole(peer)];
  await openOnlineLobby(peer, "?profile=peer");
  await openOnlineLobby(leaver, "?profile=leaver");
  if (leaverLang === "en") await leaver.getByTestId("lang-switch").click();
  await peer.getByTestId("lobby-quick").click();
  await leaver.getByTestId("lobby-quick").click();
  for (const p of [leaver, peer]) {
    await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 15_000 });
  }
  return { leaver, peer, consoles };
}

async function expectRecord(page, { rating, games, losses }) {
  await expect(page.getByTestId("profile-rating")).toHaveAttribute("data-rating", rating);
  await expect(page.getByTestId("profile-record")).toHaveAttribute("data-games", games);
  await expect(page.getByTestId("profile-record")).toHaveAttribute("data-losses", losses);
}

for (const [lang, warning, confirm] of [
  ["zh", "对局进行中，离开即认输，本局判负并计入积分。", "认输并离开"],
  ["en", "The game is on: leaving resigns it, and the loss counts toward your rating.", "Resign and leave"],
]) {
  test(`leaving is a loss: 返回大厅 mid-game asks first, then the leaver's record takes the loss at once (${lang})`, async ({ context }) => {
    const { leaver, peer, consoles } = await startGame(context, lang);
    const peerSide = await peer.getByTestId("room").getAttribute("data-my-side");

    // Asking is not leaving: 继续对局 keeps the game going.
    await leaver.getByTestId("room-menu").click();
    await leaver.getByTestId("menu-lobby").click();
    await expect(leaver.getByTestId("leave-warning")).toHaveText(warning);
    await expect(leaver.getByTestId("leave-confirm")).toHaveText(confirm);
    await leaver.getByTestId("leave-cancel").click();
    await expect(leaver.getByTestId("room")).toHaveAttribute("data-stage", "Playing");

    await leaver.getByTestId("room-menu").click();
    await leaver.getByTestId("menu-lobby").click();
    await leaver.getByTestId("leave-confirm").click();
    // Back in the lobby with the loss and its Elo change already on record (1200 → 1184).
    await expect(leaver.getByTestId("lobby")).toBeVisible();
    await expectRecord(leaver, { rating: "1184", games: "1", losses: "1" });
    await expect(leaver.getByTestId("recent-matches").locator("li")).toHaveCount(1);
    // The resignation reached the peer: it wins by resignation, not by waiting.
    await expect(peer.getByTestId("settlement")).toHaveAttribute("data-reason", "resign");
    await expect(peer.getByTestId("settlement")).toHaveAttribute("data-winner", peerSide);
    await expect(peer.getByTestId("settlement-rating")).toHaveAttribute("data-delta", "16");
    for (const c of consoles) c.expectClean();
  });
}

test("leaving is a loss: a page closed mid-game without a word has already recorded its loss", async ({ context }) => {
  const { leaver, peer } = await startGame(context, "zh");
  // Closed with no chance to run code (no unload handlers), like a killed app.
  await leaver.close();
  const again = await context.newPage();
  await openOnlineLobby(again, "?profile=leaver");
  await expectRecord(again, { rating: "1184", games: "1", losses: "1" });
  // The peer heard nothing: only its own disconnect rule can give it the win.
  await expect(peer.getByTestId("grace-countdown")).toBeVisible({ timeout: 10_000 });
  await expect(peer.getByTestId("settlement")).toHaveCount(0);
});

test("the packet-forging test hooks exist only on a page opened with the test flag", async ({ page }) => {
  const hooks = () => page.evaluate(() => typeof window.__onlineTest);
  await openOnlineLobby(page);
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-wait")).toBeVisible();
  expect(await hooks()).toBe("undefined");
  await openOnlineLobby(page, "?testhooks");
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-wait")).toBeVisible();
  expect(await hooks()).toBe("object");
});
