// The native host's code path (through the mock host, ?host=mock): a sign-in that does not
// succeed leaves the rest of the app playable and says why online play is unavailable, and
// a peer's first packet that arrives before the host announced the match is kept, not lost.
import { test, expect } from "@playwright/test";
import { watchConsole, snap } from "./helpers.mjs";
import { backToLobby, openOnline, openOnlineLobby } from "./baifang-helpers.mjs";

for (const [code, words] of [
  ["refused", /需开启 Game Center/],
  ["offline", /无法连接 Game Center/],
  ["restricted", /受限/],
  ["unrecognized", /无法识别/],
]) {
  test(`a sign-in that fails as ${code} says so, and hot-seat still plays`, async ({ page }, testInfo) => {
    const console = watchConsole(page);
    await openOnlineLobby(page, `?host=mock&auth=${code}`);
    await page.getByTestId("lobby-quick").click();
    await expect(page.getByTestId("online-message")).toHaveText(words);
    if (code === "refused") await snap(page, testInfo, "online-sign-in-refused");
    // Nothing else is blocked: back to the lobby, a hot-seat game takes a stone.
    await page.getByTestId("online-cancel").click();
    await backToLobby(page);
    await page.getByTestId("lobby-hotseat").click();
    await page.getByTestId("point-12").click();
    await expect(page.getByTestId("point-12")).toHaveAttribute("data-owner", "B");
    console.expectClean();
  });
}

test("the English interface words a refused sign-in in English", async ({ page }) => {
  await page.goto("./?host=mock&auth=refused");
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("lang-switch").click();
  await page.getByTestId("home-baifang").click();
  await openOnline(page);
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-message")).toHaveText(/Online play needs Game Center/);
});

test("a hello that arrives before matchFound is kept and the match starts", async ({ context }) => {
  const late = await context.newPage();
  const prompt = await context.newPage();
  const consoles = [watchConsole(late), watchConsole(prompt)];
  // `late`'s host announces the match 2 s after pairing, while `prompt`'s hello is
  // already delivered to it (GameKit can do that).
  await openOnlineLobby(late, "?host=mock&matchDelay=2000&profile=a");
  await openOnlineLobby(prompt, "?host=mock&profile=b");
  await late.getByTestId("lobby-quick").click();
  await prompt.getByTestId("lobby-quick").click();
  for (const p of [late, prompt]) await expect(p.getByTestId("room")).toHaveAttribute("data-stage", "Playing", { timeout: 8_000 });
  const events = await late.evaluate(() => window.__mockHostLog.filter((e) => e.dir === "event").map((e) => e.type));
  expect(events.indexOf("dataReceived"), "a packet came before matchFound").toBeLessThan(events.indexOf("matchFound"));
  for (const c of consoles) c.expectClean();
});
