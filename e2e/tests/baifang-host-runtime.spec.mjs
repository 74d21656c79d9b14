// The page against the iOS host's run-time rules, through the mock host (?host=mock), which
// follows them: every call answered once (a second reply ignored), the Game Center refusal
// alert once per launch, lifecycle/network events coalesced and bounded while the page
// does not listen, a crash reload that drops the old page's match, and a sign-in that
// never answers. What only a device can show is in ios-wrapper/README.md's device script.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";
import { openOnlineLobby } from "./baifang-helpers.mjs";

const mockLog = (page) => page.evaluate(() => window.__mockHostLog);

test("a second reply and a repeated event are ignored: one findMatch per sign-in, and the match plays", async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  const consoles = [watchConsole(a), watchConsole(b)];
  // Every reply is settled twice and every event delivered twice by both hosts.
  await openOnlineLobby(a, "?host=mock&replyTwice=1&profile=a");
  await openOnlineLobby(b, "?host=mock&replyTwice=1&profile=b");
  await a.getByTestId("lobby-quick").click();
  await b.getByTestId("lobby-quick").click();
  for (const p of [a, b]) await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 10_000 });
  for (const p of [a, b]) {
    const log = await mockLog(p);
    const calls = (type) => log.filter((e) => e.dir === "call" && e.type === type).length;
    expect(calls("authenticate")).toBe(1);
    // The authenticate reply came twice; the page went on to matchmaking once.
    expect(calls("findMatch")).toBe(1);
    expect(log.filter((e) => e.dir === "second-reply-ignored" && e.type === "authenticate").length).toBe(1);
  }
  // Each hello was delivered twice; a packet handled twice would be a protocol error.
  for (const p of [a, b]) await expect(p.getByTestId("online-message")).toHaveCount(0);
  for (const c of consoles) c.expectClean();
});

test("the refusal alert is shown once across three returns to the foreground, again only when the player asks", async ({ page }) => {
  await openOnlineLobby(page, "?host=mock&auth=refused");
  // At launch GameKit refused: the alert once.
  expect(await page.evaluate(() => window.__mockHostAlerts)).toBe(1);
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.__mockHost.foreground());
  expect(await page.evaluate(() => window.__mockHostAlerts)).toBe(1);
  // The player asks to sign in from the lobby: one more alert, and the page's own notice once.
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-message")).toHaveText(/需开启 Game Center/);
  await expect(page.getByTestId("online-message")).toHaveCount(1);
  expect(await page.evaluate(() => window.__mockHostAlerts)).toBe(2);
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.__mockHost.foreground());
  expect(await page.evaluate(() => window.__mockHostAlerts)).toBe(2);
  await expect(page.getByTestId("online-message")).toHaveCount(1);
});

test("a burst of lifecycle and network events while the page does not listen reaches it as the latest of each", async ({ page }) => {
  await openOnlineLobby(page, "?host=mock");
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("room")).toBeVisible();
  const seen = await page.evaluate(() => {
    const types = [];
    const listener = window.__hostEvent;
    window.__hostEvent = (e) => { types.push(e.type); return listener(e); };
    window.__mockHost.pause();
    for (let i = 0; i < 1000; i++) {
      window.__mockHost.emit(i % 2 ? "appForeground" : "appBackground", {});
      window.__mockHost.emit("networkChanged", { online: i % 2 === 1 });
    }
    const waiting = window.__mockHost.pending().length;
    window.__mockHost.resume();
    return { types, waiting };
  });
  // 2000 events raised; one lifecycle and one network state waited, and arrived.
  expect(seen.waiting).toBe(2);
  expect(seen.types).toEqual(["appForeground", "networkChanged"]);
  // Data of a match is never coalesced, only bounded.
  const bounded = await page.evaluate(() => {
    window.__mockHost.pause();
    for (let i = 0; i < 1000; i++) window.__mockHost.emit("peerRating", { playerID: "G:nobody", rating: i });
    const n = window.__mockHost.pending().length;
    window.__mockHost.resume();
    return { n, max: window.__mockHost.maxUndelivered };
  });
  expect(bounded.n).toBe(bounded.max);
});

test("after a crash reload mid-match the page is not in the old match, and the peer sees the disconnect", async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openOnlineLobby(a, "?host=mock&profile=a");
  await openOnlineLobby(b, "?host=mock&profile=b");
  await a.getByTestId("lobby-quick").click();
  await b.getByTestId("lobby-quick").click();
  for (const p of [a, b]) await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 10_000 });
  // The web content process of `a` dies; the host leaves the match and reloads the page.
  await a.evaluate(() => { setTimeout(() => window.__mockHost.crashReload(), 0); });
  await expect(a.getByTestId("app")).toBeVisible();
  // The old page may still be up when the poll starts; its context goes away mid-evaluate
  // when the reload lands, which is the reload happening, not a failure: poll again.
  await expect
    .poll(() => a.evaluate(() => window.__mockHost?.generation).catch(() => "reloading"))
    .toBe(1);
  const reload = (await mockLog(a)).find((e) => e.dir === "reload");
  expect(reload.purged, "the old page's match events were dropped").toBeGreaterThan(0);
  // No stale match: nothing of the old match reaches the new page, and it is not playing.
  await a.waitForTimeout(1500);
  expect((await mockLog(a)).filter((e) => e.dir === "event" && ["matchFound", "dataReceived"].includes(e.type))).toEqual([]);
  await expect(a.locator('[data-testid="room"][data-stage="Playing"]')).toHaveCount(0);
  // The peer is told: its disconnect grace runs.
  await expect(b.getByTestId("grace-countdown")).toBeVisible({ timeout: 10_000 });
});

test("a sign-in that never answers ends in 'Game Center did not answer' after the time-out", async ({ page }) => {
  // The page's timer runs on Playwright's clock: 45 s pass without waiting 45 s.
  await page.clock.install();
  await openOnlineLobby(page, "?host=mock&auth=hang");
  await page.getByTestId("lobby-quick").click();
  await page.clock.runFor(30_000);
  await expect(page.getByTestId("online-message")).toHaveCount(0);
  await page.clock.runFor(16_000);
  await expect(page.getByTestId("online-message")).toHaveText(/Game Center 没有应答/);
  const calls = (await mockLog(page)).filter((e) => e.dir === "call").map((e) => e.type);
  expect(calls).toEqual(["authenticate"]);
});
