// Walks every screen of the app, calling `check(name)` on each: the home screen,
// Baifang's lobby (also offering a game to resume, with a discarded save's notice),
// AI sheet, rooms (undo, and undo off on hard), menu, the leave question, settlement, game review (with its
// analysis), online lobby and waiting panel, a broken game link, Hex Stroke's level
// select, play screen with a teaching hint, the solved card, a locked level's note, menu, editor (with engine problems
// and a reasoning verdict shown) and a broken share link. The language, accessibility and motion tests
// share it so they all see the same screens.
import { expect } from "@playwright/test";
import { drag, level, solve, startCell } from "./hex-helpers.mjs";
import { createRequire } from "node:module";

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
  await page.getByTestId("ai-level-hard").click();
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await page.getByTestId("point-12").click();
  await expect(page.getByTestId("room-undo-off")).toBeVisible();
  await check("vs-AI room");
  // The lobby offers the game to resume, and says a save that did not replay was dropped.
  await page.goto("./");
  await page.evaluate(() => localStorage.setItem("baifang.localGame.v1.hotseat", "{"));
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby-resume-ai")).toBeVisible();
  await expect(page.getByTestId("resume-discarded")).toBeVisible();
  await check("Baifang lobby with a game to resume");
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  for (const p of [0, 24, 1, 23, 5, 19, 6]) await page.getByTestId(`point-${p}`).click();
  await expect(page.getByTestId("room-undo")).toBeEnabled();
  await check("hot-seat room while capturing");
  await page.getByTestId("room-menu").click();
  await check("room menu");
  await page.getByTestId("menu-lobby").click();
  await expect(page.getByTestId("leave-warning")).toBeVisible();
  await check("leave question");
  await page.getByTestId("leave-cancel").click();
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await check("resign confirmation");
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toBeVisible();
  await check("settlement");
  await page.getByTestId("settlement-review").click();
  await expect(page.getByTestId("review")).toBeVisible();
  await check("game review");
  await page.getByTestId("review-analyse").click();
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  await page.getByTestId("review-first").click();
  await page.keyboard.press("ArrowRight");
  await check("game review analysed");
  await page.goto("./#game=AAAA");
  await expect(page.getByTestId("game-link-error")).toBeVisible();
  await check("broken game link");

  // Online: the waiting panel.
  await page.goto("./");
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-online").click();
  await expect(page.getByTestId("screen-baifang-online")).toBeVisible();
  await check("Baifang online lobby");
  await page.getByTestId("lobby-quick").click();
  await expect(page.getByTestId("online-wait")).toBeVisible();
  await check("online waiting");

  // Hex Stroke: level select, a level with its menu, the editor with problems.
  await page.goto("./");
  await page.evaluate(() => localStorage.setItem("mode:03-hex-walls:clearedId", JSON.stringify(["1-1", "1-2", "1-3"])));
  await page.reload();
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
  // A teaching hint on 1-4: after the first step the hint names the deduction.
  await page.getByTestId("hex-level-1-4").click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-4");
  await drag(page, [startCell(level("1-4"))]);
  await page.getByTestId("hex-hint").click();
  await expect(page.getByTestId("hex-hint-line")).toBeVisible();
  await check("Hex teaching hint");
  // The rest of the path: the sweep, then the solved card.
  await drag(page, solve(level("1-4")));
  await expect(page.getByTestId("hex-solved")).toBeVisible();
  await check("Hex solved card");
  // Back on the list, a locked level tapped says what opens it.
  await page.getByTestId("hex-solved-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await page.getByTestId("hex-level-1-6").click({ force: true });
  await expect(page.getByTestId("hex-lock-note-1")).not.toBeEmpty();
  await check("Hex locked level");
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
  // A valid level: the content checks' report and the reasoning verdict.
  await page.getByTestId("editor-import-text").fill(JSON.stringify(level("1-4")));
  await page.getByTestId("editor-import").click();
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-reasoning", /tier|stuck/, { timeout: 30_000 });
  await check("editor reasoning verdict");

  // A broken share link: the engine's reason, worded by the page.
  await page.goto("./#play=AAAA");
  await expect(page.getByTestId("hex-share-error")).toBeVisible();
  await expect(page.getByTestId("hex-share-error-text")).not.toBeEmpty();
  await check("share error");
}

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's serious and critical WCAG 2 A/AA violations on the page as it is now. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }),
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}
