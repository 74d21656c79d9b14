// The experimental spinner pack (docs/hex-stroke-rules.md, "Spinners"): 2-1 opens
// after the main line, its spinners turn one candidate per step (and back on undo)
// and it clears.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { bumpsSoFar, drag, expectPath, level, mainLinePacks, neighbours, openHex, openLevel, solve, tapNext } from "./hex-helpers.mjs";

/** Every main-line level id: what opens the spinner branch. */
const mainLine = () => mainLinePacks().flatMap((p) => p.levels.map((l) => l.id));

test("2-1: spinners turn with every step and back on undo, and the level clears", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone is the target");
  const console = watchConsole(page);
  await openHex(page, { cleared: mainLine() });
  await openLevel(page, "2-1");
  const lvl = level("2-1");
  expect(lvl.spinners.length).toBeGreaterThan(0);
  const solution = solve(lvl);
  const candidates = () =>
    Promise.all(lvl.spinners.map((s) => page.getByTestId(`hex-spinner-${s.cell}-${s.corner}`).getAttribute("data-candidate")));
  const expected = (t) => lvl.spinners.map((s) => String((s.phase + t) % 3));

  expect(await candidates()).toEqual(expected(0));
  await drag(page, solution.slice(0, 3), { release: false });
  await expectPath(page, solution.slice(0, 3));
  expect(await candidates()).toEqual(expected(3));
  await snap(page, testInfo, "hex-2-1-spinner");
  // slide back one: the spinners turn back
  await drag(page, [solution[2], solution[1]], { release: true });
  await page.mouse.up();
  await expectPath(page, solution.slice(0, 2));
  expect(await candidates()).toEqual(expected(2));

  await drag(page, solution.slice(1));
  await expectPath(page, solution);
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  await tapNext(page);
  await expect(page.getByTestId("hex-level-id")).toHaveText("2-2");
  console.expectClean();
});

test("2-1: after the first press a spinner blocks a step: a bump, nothing appended", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone is the target");
  const console = watchConsole(page);
  await openHex(page, { cleared: mainLine() });
  await openLevel(page, "2-1");
  const lvl = level("2-1");
  expect(lvl.walls ?? []).toEqual([]); // so any bump here is a spinner
  const start = solve(lvl)[0];
  const blocked = [];
  for (const [, n] of neighbours(lvl, start)) {
    const before = await bumpsSoFar(page);
    await drag(page, [start, n]);
    if ((await bumpsSoFar(page)) > before) {
      blocked.push(n);
      await expectPath(page, [start]);
    }
    await page.getByTestId("hex-restart").click();
  }
  expect(blocked.length).toBeGreaterThan(0);
  console.expectClean();
});
