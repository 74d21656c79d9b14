// The first game that teaches: offered once in the lobby on a first visit, five scripted
// boards completed by taps on the marked points (the engine in the page checks every
// action; the Rust tests in lesson/script.rs replay each script through the engine), a
// legal tap off the mark explained and not played, a protected stone refused, and the rules
// page in both languages.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { axeViolations } from "./a11y-helpers.mjs";
import { boardString, openBaifang, point } from "./baifang-helpers.mjs";

/** The points the lesson marks now. */
async function marked(page) {
  const list = await page.getByTestId("hint-marker").getAttribute("data-points");
  return list.split(" ").map(Number);
}

test("offered once, the five lessons complete by taps on the marked points", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openBaifang(page);
  await expect(page.getByTestId("lesson-offer")).toBeVisible();
  await snap(page, testInfo, "baifang-lesson-offer");
  await page.getByTestId("lesson-offer-start").click();
  const lesson = page.getByTestId("lesson");
  await expect(lesson).toHaveAttribute("data-lesson", "0");

  // A legal placement off the mark is explained and not played.
  const before = await boardString(page);
  await point(page, 3).click();
  await expect(page.getByTestId("lesson-note")).not.toBeEmpty();
  expect(await boardString(page)).toBe(before);

  for (let index = 0; index < 5; index++) {
    await expect(lesson).toHaveAttribute("data-lesson", String(index));
    if (index === 3) {
      // The shield: after the square, a protected stone cannot be taken.
      await point(page, (await marked(page))[0]).click();
      await point(page, 24).click();
      await expect(page.getByTestId("lesson-note")).toContainText("受保护");
      await expect(point(page, 24)).toHaveAttribute("data-owner", "W");
    }
    while ((await lesson.getAttribute("data-done")) !== "true") {
      const step = await lesson.getAttribute("data-step");
      await point(page, (await marked(page))[0]).click();
      await expect(page.getByTestId("lesson-note")).toBeEmpty();
      // A move takes two taps (the stone, then its target): tap until the step advances.
      if ((await lesson.getAttribute("data-step")) === step && (await lesson.getAttribute("data-done")) !== "true") continue;
    }
    await snap(page, testInfo, `baifang-lesson-${index + 1}-done`);
    if (index === 4) {
      // The shuttle back re-formed the square and was intercepted: nothing is owed.
      await expect(page.getByTestId("lesson-say")).toContainText("退步不吃");
      for (let p = 0; p < 25; p++) expect(await point(page, p).getAttribute("data-flags")).not.toContain("capturable");
      await expect(page.getByTestId("lesson-all-done")).toBeVisible();
    } else {
      await page.getByTestId("lesson-next").click();
    }
  }
  await page.getByTestId("lesson-finish").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  // Offered once: not again after a reload.
  await page.reload();
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page.getByTestId("lesson-offer")).toHaveCount(0);
  await expect(page.getByTestId("lobby-lesson")).toBeVisible();
  console.expectClean();
});

test("the rules page reads in both languages, passes axe, and leads to the lesson", async ({ page }, testInfo) => {
  await openBaifang(page);
  await page.getByTestId("lesson-offer-skip").click();
  await expect(page.getByTestId("lesson-offer")).toHaveCount(0);
  await page.getByTestId("lobby-rules").click();
  const rules = page.getByTestId("rules");
  await expect(rules).toContainText("成方");
  await expect(rules).toContainText("12");
  expect(await axeViolations(page)).toEqual([]);
  await snap(page, testInfo, "baifang-rules");
  await page.getByTestId("lang-switch").click();
  await expect(rules).toContainText("Protection");
  await expect(rules).toContainText("fewer than 4 stones");
  await page.getByTestId("rules-lesson").click();
  await expect(page.getByTestId("lesson")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByTestId("lesson-back").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  // The lessons are a screen behind the lobby: the browser's back gesture leaves one for the
  // lobby, not for home.
  await page.getByTestId("lobby-rules").click();
  await expect(rules).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("lobby")).toBeVisible();
  // A step forward into the screen just left has nothing to show there: it steps back to the
  // lobby, and back from the lobby still leaves for home (no loop).
  await page.goForward();
  await page.waitForFunction(() => history.state === "baifang");
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page.getByTestId("screen-baifang-play")).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
});
