// Nothing spills or clips on small and sideways phones: a walk through every screen of
// both games at 320×568 (the smallest iPhone) and 844×390 (a phone held sideways), in both
// languages, that checks each visible element's box against the viewport's width and each
// text against its own box (a text wider than its box is clipped or spills). Pages may
// scroll down; nothing may need a sideways scroll. Sideways, the Baifang board fits the
// height, so a player sees the whole board without scrolling.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { SMALL_SCREENS, layoutProblems } from "./layout-helpers.mjs";
import { clickAction, place, resign } from "./baifang-helpers.mjs";
import { drag, level, openLevel, solve } from "./hex-helpers.mjs";


/** Checks the screen now, remembering what is wrong under `where`. */
async function check(page, testInfo, found, where) {
  // Let entrances (a sheet, a card) finish first.
  await page.waitForTimeout(350);
  for (const p of await layoutProblems(page)) found.push(`${where}: ${p}`);
  await snap(page, testInfo, `walk-${where}`);
}

async function walkBaifang(page, testInfo, found, tag) {
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-lobby`);
  await page.getByTestId("lobby-ai").click();
  await expect(page.getByTestId("ai-sheet")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-ai-sheet`);
  await page.getByTestId("ai-level-beginner").click();
  await page.getByTestId("ai-colour-B").click();
  await page.getByTestId("ai-start").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-ai-room`);
  await page.getByTestId("room-menu").click();
  await check(page, testInfo, found, `${tag}-baifang-menu`);
  await page.getByTestId("menu-close").click();
  await resign(page);
  await check(page, testInfo, found, `${tag}-baifang-settlement`);
  await page.getByTestId("settlement-review").click();
  await expect(page.getByTestId("review")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-review`);
  await page.getByTestId("review-back").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  for (const p of [0, 24, 1, 23, 5, 22, 6]) await clickAction(page, place(p));
  await check(page, testInfo, found, `${tag}-baifang-capture`);
  const vh = page.viewportSize().height;
  const board = await page.getByTestId("board").boundingBox();
  if (board.y < 0 || board.y + board.height > vh + 1) {
    found.push(`${tag}-baifang-capture: the board does not fit the height: ${Math.round(board.y)}..${Math.round(board.y + board.height)} of ${vh}`);
  }
  if (page.viewportSize().width > vh) {
    // Sideways, both sides' scoreboards show beside the board, none below the fold.
    for (const side of ["B", "W"]) {
      const score = await page.getByTestId(`score-${side}`).boundingBox();
      if (score.y + score.height > vh + 1) found.push(`${tag}-baifang-capture: the scoreboard of ${side} is below the fold`);
    }
  }
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  await page.getByTestId("leave-confirm").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  // Straight from a room to the lesson: the room's settings must not outlive it (a
  // coordinates context once did, and the lesson's board panicked on its disposed signal).
  await page.getByTestId("lobby-lesson").click();
  await expect(page.getByTestId("lesson")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-lesson`);
  await page.getByTestId("lesson-back").click();
  await page.getByTestId("lobby-rules").click();
  await expect(page.getByTestId("rules")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-rules`);
  await page.getByTestId("rules-back").click();
  await page.getByTestId("lobby-online").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await check(page, testInfo, found, `${tag}-baifang-online`);
}

async function walkHex(page, testInfo, found, tag) {
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await check(page, testInfo, found, `${tag}-hex-select`);
  await openLevel(page, "1-1");
  await check(page, testInfo, found, `${tag}-hex-play`);
  // Solved: the sweep, then the card with time, undos, best and the ways on.
  await drag(page, solve(level("1-1")));
  await expect(page.getByTestId("hex-solved")).toBeVisible();
  await page.waitForTimeout(600);
  await check(page, testInfo, found, `${tag}-hex-solved`);
  await page.getByTestId("hex-solved-again").click();
  await expect(page.getByTestId("hex-solved")).toHaveCount(0);
  await page.getByTestId("hex-menu").click();
  await check(page, testInfo, found, `${tag}-hex-menu`);
  await page.getByTestId("hex-menu-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  await check(page, testInfo, found, `${tag}-hex-editor`);
}

for (const size of SMALL_SCREENS) {
  test(`no element spills or clips at ${size.name}, in both languages, on every screen`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the walk sets its own viewports");
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const console = watchConsole(page);
    const found = [];
    for (const lang of ["zh", "en"]) {
      await page.goto("./");
      await page.evaluate((lang) => {
        localStorage.clear();
        localStorage.setItem("mode:03-hex-walls:clearedId", "[]");
        localStorage.setItem("app:lang", lang);
      }, lang);
      await page.goto("./");
      await expect(page.getByTestId("app")).toBeVisible();
      const tag = `${size.name}-${lang}`;
      await check(page, testInfo, found, `${tag}-home`);
      await walkBaifang(page, testInfo, found, tag);
      await page.goto("./");
      await expect(page.getByTestId("app")).toBeVisible();
      await walkHex(page, testInfo, found, tag);
    }
    expect(found, found.join("\n")).toEqual([]);
    console.expectClean();
  });
}
