// The app shell in WebKit: it mounts, offers both games, opens each and comes back,
// switches language, and keeps its touch targets at least 44 px.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { attr, clearStorage, openApp, pageErrors, session, snap, tap, text, waitFor, waitForTestId } from "./webkit.mjs";

let driver;
before(async () => {
  driver = await session();
  await clearStorage(driver);
});
after(() => driver?.quit());

test("loads with no page errors and shows both games", async () => {
  await openApp(driver);
  await waitForTestId(driver, "screen-home");
  assert.match(await text(driver, "home-baifang"), /摆方 1v1/);
  assert.match(await text(driver, "home-hex"), /六边一笔/);
  assert.equal(await driver.executeScript("return document.documentElement.lang"), "zh-Hans");
  assert.deepEqual(await driver.executeScript("return [innerWidth, innerHeight]"), [390, 844]);
  await snap(driver, "home");
  assert.deepEqual(await pageErrors(driver), []);
});

test("each game opens its own screen and back returns home", async () => {
  await openApp(driver);
  await tap(driver, "home-baifang");
  await waitForTestId(driver, "screen-baifang");
  await snap(driver, "baifang");
  await tap(driver, "nav-back");
  await waitForTestId(driver, "screen-home");
  await tap(driver, "home-hex");
  await waitForTestId(driver, "screen-hex");
  await snap(driver, "hex");
  await driver.navigate().back();
  await waitForTestId(driver, "screen-home");
  assert.equal(await driver.executeScript("return location.hash"), "");
  assert.deepEqual(await pageErrors(driver), []);
});

test("the language switch changes the interface and is remembered", async () => {
  await openApp(driver);
  await tap(driver, "lang-switch");
  await waitFor(driver, `return document.querySelector('[data-testid="home-hex"]').textContent`, { accept: (t) => /Hex Stroke/.test(t) });
  assert.equal(await driver.executeScript("return document.documentElement.lang"), "en");
  await snap(driver, "home-en");
  await openApp(driver);
  assert.match(await text(driver, "home-hex"), /Hex Stroke/);
  await tap(driver, "lang-switch");
  await waitFor(driver, `return document.querySelector('[data-testid="home-hex"]').textContent`, { accept: (t) => /六边一笔/.test(t) });
});

test("a first visit speaks the browser's language (Chinese for zh-*, otherwise English)", async () => {
  await openApp(driver);
  await driver.executeScript("localStorage.removeItem('app:lang')");
  await openApp(driver);
  const preferred = await driver.executeScript("return [...(navigator.languages ?? []), navigator.language]");
  const first = preferred.find((l) => /^(zh|en)([-_]|$)/i.test(l ?? ""));
  const expected = first && /^zh/i.test(first) ? "zh-Hans" : "en";
  assert.equal(await driver.executeScript("return document.documentElement.lang"), expected, `navigator.languages ${preferred}`);
  // Back to the Chinese the other WebKit tests read.
  await driver.executeScript("localStorage.setItem('app:lang', 'zh-Hans')");
});

test("touch targets are at least 44 px", async () => {
  await openApp(driver);
  for (const id of ["home-baifang", "home-hex", "lang-switch"]) {
    const [w, h] = await driver.executeScript(`const r = document.querySelector('[data-testid="${id}"]').getBoundingClientRect(); return [r.width, r.height];`);
    assert.ok(w >= 44 && h >= 44, `${id} is ${w}×${h}`);
  }
  assert.equal(await attr(driver, "splash", "data-testid"), null, "the splash is gone once the app mounts");
});
