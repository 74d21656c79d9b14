// Online 1v1 in WebKit: two windows of one MiniBrowser session meet over BroadcastChannel
// (the browser-tab transport; one WebKitWebDriver serves one session, and windows of a
// session share the channel), pair by 快速匹配 and play a whole game by taps; after every
// action both boards have the same engine hash.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { scenarios } from "../engine-cli.mjs";
import { attr, clearStorage, openApp, pageErrors, session, snap, tap, waitFor, waitForTestId } from "./webkit.mjs";

let driver;
before(async () => {
  driver = await session();
  await clearStorage(driver);
});
after(() => driver?.quit());

const STATE = "return window.__onlineTest ? window.__onlineTest.state() : null";

async function inWindow(handle, f) {
  await driver.switchTo().window(handle);
  return f();
}

test("two windows pair by quick match and play a game to the end with identical boards", { timeout: 240_000 }, async () => {
  const a = await driver.getWindowHandle();
  await openApp(driver, "./?profile=a&testhooks");
  await driver.switchTo().newWindow("window");
  const b = await driver.getWindowHandle();
  await openApp(driver, "./?profile=b&testhooks");
  for (const w of [a, b]) {
    await inWindow(w, async () => {
      await tap(driver, "home-baifang");
      await tap(driver, "lobby-online");
      await waitForTestId(driver, "screen-baifang-online");
      await tap(driver, "lobby-quick");
    });
  }
  const states = {};
  for (const w of [a, b]) {
    states[w] = await inWindow(w, () => waitFor(driver, STATE, { accept: (s) => s?.stage === "Playing", timeout: 20_000, message: "playing" }));
  }
  assert.equal(states[a].peer, states[b].me);
  assert.equal(states[b].peer, states[a].me);
  assert.notEqual(states[a].mySide, states[b].mySide);
  assert.equal(states[a].transport, "tabs");
  const black = states[a].mySide === "B" ? a : b;
  const white = black === a ? b : a;
  await inWindow(black, () => snap(driver, "online-playing"));

  let count = 0;
  for (const action of scenarios.fewerThanFour) {
    const toMove = (await inWindow(black, () => driver.executeScript(STATE))).toMove;
    const mover = toMove === "B" ? black : white;
    await inWindow(mover, async () => {
      if (action.actionType === 0) await tap(driver, `point-${action.toIndex}`);
      else if (action.actionType === 1) {
        await tap(driver, `point-${action.fromIndex}`);
        await waitFor(driver, `return document.querySelector('[data-testid="point-${action.fromIndex}"]').dataset.flags`, { accept: (f) => /selected/.test(f ?? "") });
        await tap(driver, `point-${action.toIndex}`);
      } else for (const at of action.eatIndices) await tap(driver, `point-${at}`);
    });
    count += action.actionType === 2 ? action.eatIndices.length : 1;
    const seen = [];
    for (const w of [black, white]) {
      seen.push(await inWindow(w, () => waitFor(driver, STATE, { accept: (s) => s.actions === count, message: `${count} actions applied` })));
    }
    assert.equal(seen[0].hash, seen[1].hash, `hashes after ${count} actions`);
  }
  for (const w of [black, white]) {
    await inWindow(w, async () => {
      await waitForTestId(driver, "settlement");
      assert.equal(await attr(driver, "settlement", "data-reason"), "fewer_than_four");
      assert.deepEqual(await pageErrors(driver), []);
    });
  }
  await inWindow(black, () => snap(driver, "online-settlement"));
});
