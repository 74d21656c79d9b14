// Whole Hex Stroke packs by link (#pack=…): a pack collected in the editor, shared,
// opened in a fresh browser context with its own level select and its own progress;
// a cut link's sentence. Real clicks and drags; solutions from the engine CLI.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";
import { drag, level, openHex, packDecode, solve, tapNext } from "./hex-helpers.mjs";

async function openEditor(page) {
  await openHex(page);
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
}

/** Loads a shipped level into the editor's draft (pasted JSON) and adds it to the pack. */
async function addLevel(page, id) {
  await page.getByTestId("editor-import-text").fill(JSON.stringify(level(id)));
  await page.getByTestId("editor-import").click();
  await expect(page.getByTestId("editor-pack-add")).toBeEnabled();
  await page.getByTestId("editor-pack-add").click();
}

async function makePackLink(page) {
  await openEditor(page);
  await addLevel(page, "1-3");
  await addLevel(page, "1-5");
  await addLevel(page, "1-4");
  const rows = page.getByTestId("editor-pack-level");
  await expect(rows).toHaveCount(3);
  // order: move the last level up one place, drop the first
  await rows.nth(2).getByTestId("editor-pack-up").click();
  await rows.nth(0).getByTestId("editor-pack-remove").click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId("editor-pack-title").fill("周末两关");
  await page.getByTestId("editor-pack-title").dispatchEvent("change");
  await page.getByTestId("editor-pack-copy-link").click();
  const link = await page.getByTestId("editor-pack-link").inputValue();
  expect(link).toMatch(/#pack=[A-Za-z0-9_-]+$/);
  expect(link.split("#")[0]).toBe(page.url().split("#")[0]);
  return link;
}

test("a pack collected in the editor opens from its link in a fresh context, with progress kept per pack", async ({ page, browser }) => {
  const console = watchConsole(page);
  const link = await makePackLink(page);
  const code = link.split("#pack=")[1];
  const pack = packDecode(code);
  expect(pack.title).toBe("周末两关");
  // the order set in the editor: 1-4 moved above 1-5, 1-3 removed
  expect(pack.levels.map((l) => l.title)).toEqual([level("1-4").title, level("1-5").title]);
  // the collection survives a reload of the editor
  await openEditor(page);
  await expect(page.getByTestId("editor-pack-level")).toHaveCount(2);

  const context = await browser.newContext();
  const other = await context.newPage();
  const otherConsole = watchConsole(other);
  await other.goto(link);
  await expect(other.getByTestId("hex-shared-pack")).toBeVisible();
  await expect(other.getByTestId("hex-shared-pack-title")).toHaveText("周末两关");
  await expect(other.getByTestId("hex-shared-pack-progress")).toContainText("0/2");
  await other.getByTestId("hex-shared-level-1").click();
  await expect(other.getByTestId("hex-play")).toBeVisible();
  await expect(other.getByTestId("hex-level-id")).toHaveText(/^1\. /);
  await drag(other, solve(pack.levels[0]));
  await expect(other.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  // the card's Next is the pack's next level, not a shipped one
  await tapNext(other);
  await expect(other.getByTestId("hex-level-id")).toHaveText(/^2\. /);
  await other.getByTestId("hex-menu").click();
  await other.getByTestId("hex-menu-levels").click();
  await expect(other.getByTestId("hex-shared-pack")).toBeVisible();
  await expect(other.getByTestId("hex-shared-level-1")).toHaveAttribute("data-cleared", "true");
  await expect(other.getByTestId("hex-shared-level-2")).toHaveAttribute("data-cleared", "false");
  // kept on this device, apart from the shipped packs' progress
  expect(await other.evaluate(() => localStorage.getItem("mode:03-hex-walls:clearedId"))).toBeNull();
  await other.reload();
  await expect(other.getByTestId("hex-shared-pack-progress")).toContainText("1/2");
  // back on the level select the pack is listed to come back to
  await other.getByTestId("hex-shared-pack-back").click();
  await expect(other.getByTestId("hex-select")).toBeVisible();
  expect(other.url()).not.toContain("#pack=");
  const entry = other.getByTestId("hex-shared-pack-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("周末两关");
  await expect(entry).toContainText("1/2");
  await entry.click();
  await expect(other.getByTestId("hex-shared-level-1")).toHaveAttribute("data-cleared", "true");
  otherConsole.expectClean();
  console.expectClean();
  await context.close();
});

test("a cut pack link says it is incomplete, and a level link given as a pack says which it is", async ({ page }) => {
  const console = watchConsole(page);
  await page.addInitScript(() => localStorage.setItem("app:lang", "en"));
  const link = await makePackLink(page);
  const code = link.split("#pack=")[1];
  for (const cut of [code.slice(0, 40), code.slice(0, code.length - 2)]) {
    await page.goto(`./#pack=${cut}`);
    await expect(page.getByTestId("hex-share-error")).toBeVisible();
    await expect(page.getByTestId("hex-share-error-text")).toHaveText("the pack code is incomplete (cut off)");
  }
  await page.goto(`./#pack=AQAAAAMCPwIAAQEDAQcAqzQNWA`); // a level's code
  await expect(page.getByTestId("hex-share-error-text")).toHaveText("this is a level code, not a pack code");
  await page.getByTestId("hex-share-home").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  expect(page.url()).not.toContain("#pack=");
  // a pasted cut link in the editor's import says the same, and the pack stays as it was
  await openEditor(page);
  await page.getByTestId("editor-pack-import-text").fill(link.slice(0, link.length - 30));
  await page.getByTestId("editor-pack-import").click();
  await expect(page.getByTestId("editor-pack-error")).toHaveText("the pack code is incomplete (cut off)");
  await expect(page.getByTestId("editor-pack-level")).toHaveCount(2);
  // the whole link imports
  await page.getByTestId("editor-pack-import-text").fill(link);
  await page.getByTestId("editor-pack-import").click();
  await expect(page.getByTestId("editor-pack-error")).toHaveCount(0);
  await expect(page.getByTestId("editor-pack-title")).toHaveValue("周末两关");
  console.expectClean();
});

test("a pack file picked in the editor's import becomes the pack; a bad one names its problems", async ({ page }) => {
  const console = watchConsole(page);
  await openEditor(page);
  const file = (pack) => ({ name: "pack.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(pack)) });
  // levels that say they belong to pack 1 in a file of pack 9: refused, nothing changes
  await page.getByTestId("editor-pack-import-file").setInputFiles(file({ pack: 9, title: "坏包", levels: [level("1-2")] }));
  await expect(page.getByTestId("editor-pack-error").first()).toContainText("1");
  await expect(page.getByTestId("editor-pack-level")).toHaveCount(0);
  const bare = (l) => {
    const { pack, index, ...rest } = l;
    return rest;
  };
  await page.getByTestId("editor-pack-import-file").setInputFiles(file({ pack: 9, title: "文件包", levels: [bare(level("1-2")), bare(level("1-3"))] }));
  await expect(page.getByTestId("editor-pack-level")).toHaveCount(2);
  await expect(page.getByTestId("editor-pack-error")).toHaveCount(0);
  await expect(page.getByTestId("editor-pack-title")).toHaveValue("文件包");
  await page.getByTestId("editor-pack-try").click();
  await expect(page.getByTestId("hex-shared-pack-title")).toHaveText("文件包");
  await expect(page.getByTestId("hex-shared-level-2")).toBeVisible();
  console.expectClean();
});
