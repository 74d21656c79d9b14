// Walks every screen of the app, calling `check(name)` on each: the home screen,
// Baifang's lobby, AI sheet, rooms, menu, settlement and online waiting panel,
// Hex Stroke's level select, play screen, menu, editor (with engine problems
// shown) and a broken share link. The language, accessibility and motion tests
// share it so they all see the same screens.
import { expect } from "@playwright/test";

export async function walkScreens(page, check) {
  await page.goto("./");
  await expect(page.getByTestId("app")).toBeVisible();
  await check("home");

  // Baifang: lobby, the AI sheet, a hot-seat room with its menu and a settlement.
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await check("Baifang lobby");
  await page.getByTestId("lobby-ai").click();
  await expect(page.getByTestId("ai-sheet")).toBeVisible();
  await check("AI sheet");
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await check("vs-AI room");
  await page.goto("./");
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  for (const p of [0, 24, 1, 23, 5, 19, 6]) await page.getByTestId(`point-${p}`).click();
  await check("hot-seat room while capturing");
  await page.getByTestId("room-menu").click();
  await check("room menu");
  await page.getByTestId("menu-resign").click();
  await check("resign confirmation");
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toBeVisible();
  await check("settlement");

  // Online: the waiting panel.
  await page.goto("./");
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-wait")).toBeVisible();
  await check("online waiting");

  // Hex Stroke: level select, a level with its menu, the editor with problems.
  await page.goto("./");
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await check("Hex level select");
  await page.getByTestId("hex-continue").click();
  await expect(page.getByTestId("hex-play")).toBeVisible();
  await check("Hex play");
  await page.getByTestId("hex-menu").click();
  await expect(page.getByTestId("hex-menu-sheet")).toBeVisible();
  await check("Hex menu");
  await page.getByTestId("hex-menu-levels").click();
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("editor-import-text")).toBeVisible();
  await check("editor");
  // An engine problem about a level, worded by the page.
  await page.getByTestId("editor-import-text").fill(
    JSON.stringify({ id: "x", cells: [{ id: "a", q: 0, r: 0, clue: 1 }, { id: "b", q: 1, r: 0, clue: 1 }] }),
  );
  await page.getByTestId("editor-import").click();
  await expect(page.getByTestId("editor-import-error").first()).toBeVisible();
  await check("editor import problem");
  await page.getByTestId("editor-import-text").fill('{"id": "x",');
  await page.getByTestId("editor-import").click();
  await expect(page.getByTestId("editor-import-error").first()).toContainText(/1/);
  await check("editor JSON problem");

  // A broken share link: the engine's reason, worded by the page.
  await page.goto("./#play=AAAA");
  await expect(page.getByTestId("hex-share-error")).toBeVisible();
  await expect(page.getByTestId("hex-share-error-text")).not.toBeEmpty();
  await check("share error");
}
