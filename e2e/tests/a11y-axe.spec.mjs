// Screen readers and motion: axe-core (the standard accessibility rules engine,
// WCAG 2 A and AA rules, colour contrast included) reports no serious or critical
// violation on any screen in either language; with reduced motion asked for,
// only fades run (document.getAnimations() sees nothing but opacity change).
import { test, expect } from "@playwright/test";
import { axeViolations, walkScreens } from "./a11y-helpers.mjs";

for (const lang of ["en", "zh-Hans"]) {
  test(`axe-core finds no serious violation on any screen (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((code) => localStorage.setItem("app:lang", code), lang);
    const found = [];
    await walkScreens(page, async (screen) => {
      // let transitions settle so contrast is measured on the final colours
      await page.waitForTimeout(400);
      for (const v of await axeViolations(page)) found.push(`${screen}: ${v}`);
    });
    expect(found).toEqual([]);
  });
}

/** Every running animation or transition that changes more than opacity or colour. */
async function nonFades(page) {
  return page.evaluate(() => { const FADES = ["opacity", "color", "backgroundColor", "background-color", "fill", "stroke", "boxShadow", "box-shadow"]; return (
    document
      .getAnimations()
      .filter((a) => a.playState === "running")
      .flatMap((a) => {
        const props = new Set();
        if (a.transitionProperty) props.add(a.transitionProperty);
        for (const k of a.effect?.getKeyframes?.() ?? [])
          for (const p of Object.keys(k)) if (!["offset", "easing", "composite", "computedOffset"].includes(p)) props.add(p);
        // opacity and colour changes are fades; anything else moves, scales or sweeps
        const moving = [...props].filter((p) => !FADES.includes(p));
        return moving.length ? [`${a.animationName ?? a.transitionProperty} on ${a.effect?.target?.getAttribute?.("class") ?? "?"}: ${moving.join(",")}`] : [];
      })); },
  );
}

test("reduced motion: only fades run on any screen", async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found = [];
  await walkScreens(page, async (screen) => {
    for (const a of await nonFades(page)) found.push(`${screen}: ${a}`);
  });
  // A formation's ripple and the capture's shake are the Baifang motions: none may move.
  expect(found).toEqual([]);
});
