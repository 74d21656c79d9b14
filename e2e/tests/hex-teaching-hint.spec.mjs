// Hex Stroke teaching hints: on 1-4, after the first tap, the hint names the deduction
// that forces the next step (the 1 has one open side) in the current language and
// rings the cells it looks at (the 1 and the only neighbour it can step to); off the
// solution the hint falls back to the fork and names nothing.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import {
  board, drag, expectPath, hasWall, level, neighbours, openHex, openLevel, solve, startCell,
} from "./hex-helpers.mjs";

/** The cells whose reason ring is on, sorted. */
async function ringed(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="hex-cell-"][data-reason="true"]')]
      .map((el) => el.dataset.testid.slice("hex-cell-".length))
      .sort(),
  );
}

for (const [lang, words] of [["zh", "只剩一条边"], ["en", "only one open side"]]) {
  test(`1-4: the hint after the first tap names "one open side" (${lang}) and rings the 1 and its open neighbour`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone" && lang === "zh", "one viewport per language");
    test.skip(testInfo.project.name !== "desktop" && lang === "en", "one viewport per language");
    const console = watchConsole(page);
    await page.goto("./");
    await page.evaluate((l) => localStorage.setItem("app:lang", l), lang);
    await openHex(page, { cleared: ["1-1", "1-2", "1-3"] });
    await openLevel(page, "1-4");
    const lvl = level("1-4");
    const start = startCell(lvl);
    const open = neighbours(lvl, start).map(([, n]) => n).filter((n) => !hasWall(lvl, start, n));
    expect(open).toHaveLength(1);

    // no hint yet: nothing named, nothing ringed
    await expect(page.getByTestId("hex-hint-line")).toHaveCount(0);
    await drag(page, [start]);
    await expectPath(page, [start]);
    await page.getByTestId("hex-hint").click();

    const line = page.getByTestId("hex-hint-line");
    await expect(line).toHaveAttribute("data-technique", "one_open");
    await expect(line).toContainText(words);
    expect((await board(page)).cells[open[0]].state).toBe("hint");
    expect(await ringed(page)).toEqual([start, open[0]].sort());
    await snap(page, testInfo, `hex-teaching-hint-${lang}`);

    // the next step taken: the named deduction and its rings go away
    await drag(page, [start, open[0]]);
    await expectPath(page, [start, open[0]]);
    await expect(page.getByTestId("hex-hint-line")).toHaveCount(0);
    expect(await ringed(page)).toEqual([]);

    // off the solution: the fork, and no technique named
    const solution = solve(lvl);
    const wrong = neighbours(lvl, open[0]).map(([, n]) => n)
      .find((n) => n !== start && n !== solution[2] && !hasWall(lvl, open[0], n));
    if (wrong) {
      await drag(page, [open[0], wrong]);
      await expectPath(page, [start, open[0], wrong]);
      await page.getByTestId("hex-hint").click();
      expect((await board(page)).cells[open[0]].state).toBe("hint");
      await expect(page.getByTestId("hex-hint-line")).toHaveCount(0);
      expect(await ringed(page)).toEqual([]);
    }
    console.expectClean();
  });
}
