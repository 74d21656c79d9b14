// The large packs on a phone: every level of 25 cells or more, opened on a 390×844
// portrait screen, shows its whole board with hexes at least 44 px across (Apple's
// smallest comfortable touch target: the distance between the centres of two hexes side
// by side, which is what a finger has, the drawn hexes keeping a hairline gap), with no
// pinch-zoom needed and the page not scrolling sideways. The board's size is the app's (the SVG fits the screen's width);
// the levels' shape is the content law's (`maxHexWidthsAcross` in engine/spec/hex.json).
import { test, expect } from "@playwright/test";
import { allLevels, centre, openHex, openLevel } from "./hex-helpers.mjs";
import { snap } from "./helpers.mjs";

const LARGE = 25;
const TOUCH_PX = 44;

test("every level of 25 cells or more fits a 390×844 phone with hexes at least 44 px across", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the phone's screen is the point");
  test.setTimeout(240_000);
  const large = allLevels().filter((l) => l.cells.length >= LARGE);
  expect(large.length, "the shipped packs have large levels").toBeGreaterThan(0);
  // every level open, so each can be reached from the level select
  const cleared = allLevels().map((l) => l.id);
  await openHex(page, { cleared });
  const viewport = page.viewportSize();
  const largest = large.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
  for (const lvl of large) {
    await openLevel(page, lvl.id);
    const boxes = await page.locator('[data-testid^="hex-cell-"]').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { w: r.width, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    expect(boxes.length, lvl.id).toBe(lvl.cells.length);
    // two hexes side by side (same r, q one apart): their centres are one hex width apart
    const pair = lvl.cells
      .map((a) => [a, lvl.cells.find((b) => b.r === a.r && b.q === a.q + 1)])
      .find(([, b]) => b);
    expect(pair, `${lvl.id} has two hexes side by side`).toBeTruthy();
    const [a, b] = await Promise.all(pair.map((c) => centre(page, c.id)));
    expect(Math.hypot(b.x - a.x, b.y - a.y), `${lvl.id}: one hex across`).toBeGreaterThanOrEqual(TOUCH_PX);
    expect(Math.min(...boxes.map((b) => b.left)), `${lvl.id} left edge`).toBeGreaterThanOrEqual(0);
    expect(Math.max(...boxes.map((b) => b.right)), `${lvl.id} right edge`).toBeLessThanOrEqual(viewport.width);
    expect(Math.max(...boxes.map((b) => b.bottom)), `${lvl.id} bottom edge`).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lvl.id} no sideways scroll`).toBeLessThanOrEqual(viewport.width);
    if (lvl === largest) await snap(page, testInfo, "hex-large-board");
    await page.getByTestId("hex-menu").click();
    await page.getByTestId("hex-menu-levels").click();
    await expect(page.getByTestId("hex-select")).toBeVisible();
  }
});
