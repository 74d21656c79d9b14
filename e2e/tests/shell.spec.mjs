// The app shell: loads cleanly, offers both games, opens each, switches language.
import { test, expect } from "@playwright/test";
import { openApp, snap, watchConsole } from "./helpers.mjs";

test("loads with no console errors and shows both games", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await expect(page.getByTestId("home-baifang")).toContainText("摆方 1v1");
  await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await snap(page, testInfo, "home");
  console.expectClean();
});

test("each game opens its own screen and back returns home", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);

  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
  await snap(page, testInfo, "baifang");
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();

  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  await snap(page, testInfo, "hex");
  // The browser's own back button works too, and the URL never changed (the fragment stays free).
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");
  console.expectClean();
});

test("the language switch changes the interface and is remembered", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);
  await page.getByTestId("lang-switch").click();
  await expect(page.getByTestId("home-baifang")).toContainText("Baifang 1v1");
  await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await snap(page, testInfo, "home-en");

  await page.reload();
  await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");
  await page.getByTestId("lang-switch").click();
  await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  console.expectClean();
});

test("touch targets are at least 44 px", async ({ page }) => {
  await openApp(page);
  for (const id of ["home-baifang", "home-hex", "lang-switch"]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box.height, id).toBeGreaterThanOrEqual(44);
    expect(box.width, id).toBeGreaterThanOrEqual(44);
  }
});

test("the splash covers the load and is gone once the app mounts", async ({ page }) => {
  const html = await (await page.request.get("./")).text();
  expect(html).toContain('data-testid="splash"');
  await openApp(page);
  await expect(page.getByTestId("splash")).toHaveCount(0);
});

test("a cold link's first task draws its screen; the history entries it starts with follow in a task of their own", async ({ page }) => {
  // Each history call is a same-document navigation of several milliseconds: the shell's first
  // task, the one that draws the first screen, leaves them to a timer. Recorded here: each call,
  // and whether the shell had drawn the game's frame (its loading line, or the module's screen)
  // when it came; in the old order the entries were written before the shell drew anything.
  await page.addInitScript(() => {
    window.__history = [];
    for (const method of ["pushState", "replaceState"]) {
      const original = history[method].bind(history);
      history[method] = (state, title, url) => {
        window.__history.push({ method, state, url: url ?? null, drawn: document.querySelector('[data-testid="mode-loading"], [data-testid="screen-baifang"]') !== null });
        return original(state, title, url);
      };
    }
  });
  const console = watchConsole(page);
  await page.goto("./#open=baifang");
  await expect(page.getByTestId("lobby")).toBeVisible();
  const calls = await page.evaluate(() => window.__history);
  expect(calls.map((c) => [c.method, c.state, c.drawn])).toEqual([
    ["replaceState", "home", true],
    ["pushState", "baifang", true],
  ]);
  // The shortcut is dropped with the first entry, in the same call.
  expect(calls[0].url).not.toContain("#");
  expect(new URL(page.url()).hash).toBe("");
  // Back lands at home inside the app, and forward returns to the lobby.
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId("lobby")).toBeVisible();
  console.expectClean();
});
