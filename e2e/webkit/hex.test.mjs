// Hex Stroke in WebKit: the first level cleared by one finger-like drag along the
// engine's solution, and share links opened (in a browser and through the native host's
// share sheet, with the host's public address).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { packs, shareCode, solve } from "../engine-cli.mjs";
import { attr, baseURL, clearStorage, drag, openApp, pageErrors, session, snap, tap, text, waitFor, waitForTestId } from "./webkit.mjs";

let driver;
before(async () => {
  driver = await session();
  await clearStorage(driver);
});
after(() => driver?.quit());

const PATH = `return Array.from(document.querySelectorAll('[data-testid^="hex-cell-"]')).filter((e) => e.dataset.step !== "").sort((a, b) => a.dataset.step - b.dataset.step).map((e) => e.dataset.testid.slice(9))`;

test("the first level is cleared by a drag along the engine's solution", async () => {
  const level = packs()[0].levels[0];
  const solution = solve(level);
  await openApp(driver);
  await tap(driver, "home-hex");
  await waitForTestId(driver, "hex-select");
  await tap(driver, `hex-level-${level.id}`);
  await waitForTestId(driver, `hex-cell-${level.cells[0].id}`);
  assert.equal(await text(driver, "hex-level-id"), level.id);
  await drag(driver, solution.map((id) => `hex-cell-${id}`));
  await waitFor(driver, PATH, { accept: (p) => JSON.stringify(p) === JSON.stringify(solution), message: "the drawn path is the solution" });
  await waitFor(driver, `return document.querySelector('[data-testid="hex-board"]').dataset.cleared`, { accept: (c) => c === "true", message: "cleared" });
  await snap(driver, "hex-cleared");
  // the sweep, then the solved card: its Next opens the next level
  await waitForTestId(driver, "hex-solved-next");
  await snap(driver, "hex-solved-card");
  await tap(driver, "hex-solved-next");
  const next = packs()[0].levels[1];
  await waitFor(driver, `return document.querySelector('[data-testid="hex-level-id"]')?.textContent`, { accept: (t) => t === next.id, message: "the next level" });
  assert.deepEqual(await pageErrors(driver), []);
});

/** A small level that is not in the packs (a share link plays it standalone). */
function sharedLevel() {
  const level = structuredClone(packs()[0].levels[1] ?? packs()[0].levels[0]);
  level.id = "webkit-shared";
  level.title = "WebKit 分享";
  return level;
}

test("a share link opens its level, and copying it gives the same link", async () => {
  const level = sharedLevel();
  const code = shareCode(level);
  await clearStorage(driver);
  await openApp(driver, `./#play=${code}`);
  await waitForTestId(driver, "hex-play");
  assert.equal(await text(driver, "hex-level-id"), level.title);
  await waitForTestId(driver, "hex-copy-link");
  await tap(driver, "hex-copy-link");
  await waitForTestId(driver, "hex-share-link");
  const link = await driver.executeScript(`return document.querySelector('[data-testid="hex-share-link"]').value`);
  assert.equal(link, `${baseURL}#play=${code}`);
  await snap(driver, "hex-shared-level");
  const solution = solve(level);
  await drag(driver, solution.map((id) => `hex-cell-${id}`));
  await waitFor(driver, `return document.querySelector('[data-testid="hex-board"]').dataset.cleared`, { accept: (c) => c === "true", message: "cleared" });
  assert.equal(await driver.executeScript(`return localStorage.getItem("mode:03-hex-walls:clearedId")`), null, "a shared level is outside pack progress");
  // its card: no Next (a single level), Again plays it afresh
  await waitForTestId(driver, "hex-solved-again");
  assert.equal(await driver.executeScript(`return document.querySelector('[data-testid="hex-solved-next"]').hidden`), true);
  await tap(driver, "hex-solved-again");
  await waitFor(driver, `return document.querySelector('[data-testid="hex-remaining"]')?.textContent`, { accept: (t) => t === String(level.cells.length), message: "the level afresh" });
  assert.deepEqual(await pageErrors(driver), []);
});

test("inside a native host, links use the host's public address and go to its share sheet", async () => {
  const level = sharedLevel();
  const code = shareCode(level);
  const publicBase = "https://baifang.example/play/";
  await openApp(driver, `./?host=mock&shareBase=${encodeURIComponent(publicBase)}#play=${code}`);
  await waitForTestId(driver, "hex-play");
  await tap(driver, "hex-copy-link");
  const shared = await waitFor(driver, "return window.__mockHostShared", { message: "the host's share call" });
  assert.deepEqual(shared, [{ kind: "link", name: level.title, text: `${publicBase}#play=${code}` }]);
  // Without a public address the app offers no link at all (never its own address).
  await openApp(driver, `./?host=mock&shareBase=none#play=${code}`);
  await waitForTestId(driver, "hex-play");
  assert.equal(await attr(driver, "hex-copy-link", "data-testid"), null);
  assert.deepEqual(await pageErrors(driver), []);
});
