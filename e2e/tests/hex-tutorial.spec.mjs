// Hex Stroke tutorial, what its first levels must teach: 1-1 and 1-2 clear without walls and the
// solved card's Next opens the next level; in 1-3 a straight drag into the wall appends nothing
// and going round clears; in 1-4 a press on a non-1 cell starts nothing and the wall
// leaves one first direction. Moves are real mouse drags through cell centres; the
// solutions come from the engine CLI at test time.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import {
  board, bumpsSoFar, drag, expectPath, level, neighbours, openHex, openLevel, slideTo, solve,
  startCell, tapNext, wallAhead,
} from "./hex-helpers.mjs";

test("1-1 and 1-2 clear without walls, each card's Next opening the next level", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openHex(page);
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-cleared", "false");
  await page.getByTestId("hex-continue").click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-1");
  await expect(page.getByTestId("hex-tutorial")).toHaveText("从一个数字滑到旁边的格子");

  for (const [id, next] of [["1-1", "1-2"], ["1-2", "1-3"]]) {
    const lvl = level(id);
    expect(lvl.walls ?? []).toEqual([]);
    await expect(page.locator('[data-testid^="hex-wall-"]')).toHaveCount(0);
    await expect(page.getByTestId("hex-remaining")).toHaveText(String(lvl.cells.length));
    const solution = solve(lvl);
    await drag(page, solution);
    await expectPath(page, solution);
    await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
    await expect(page.getByTestId("hex-remaining")).toHaveText("0");
    if (id === "1-1") await snap(page, testInfo, "hex-1-1-cleared");
    // the sweep, then the solved card; its Next opens the next level
    await tapNext(page);
    await expect(page.getByTestId("hex-level-id")).toHaveText(next);
    await expect(page.getByTestId("hex-remaining")).toHaveText(String(level(next).cells.length));
  }
  // 1-2 has no line; 1-3 teaches the wall
  await expect(page.getByTestId("hex-tutorial")).toHaveText("条纹是墙，绕开它");
  console.expectClean();
});

test("1-3: a straight drag into the wall appends nothing; going round clears", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one viewport is enough for the rule");
  const console = watchConsole(page);
  await openHex(page, { cleared: ["1-1", "1-2"] });
  await openLevel(page, "1-3");
  const lvl = level("1-3");
  const solution = solve(lvl);
  const { prefix, behind } = wallAhead(lvl, solution);
  const wall = page.locator(`[data-testid="hex-wall-${prefix.at(-1)}-${behind}"], [data-testid="hex-wall-${behind}-${prefix.at(-1)}"]`);
  await expect(wall).toHaveCount(1);

  // one motion: through the prefix and on, straight into the wall, finger still down
  const bumps = await bumpsSoFar(page);
  await drag(page, prefix, { release: false });
  await slideTo(page, behind);
  await expectPath(page, prefix);
  expect((await board(page)).cells[behind]).toEqual({ step: "", state: "unvisited" });
  expect(await bumpsSoFar(page)).toBe(bumps + 1);
  await page.waitForTimeout(300); // let the 250 ms shake and the wall flash end for the picture
  await snap(page, testInfo, "hex-1-3-mid-drag");

  // back onto the path's end (nothing happens) and round the long way
  await slideTo(page, prefix.at(-1));
  for (const id of solution.slice(prefix.length)) await slideTo(page, id);
  await page.mouse.up();
  await expectPath(page, solution);
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  await snap(page, testInfo, "hex-cleared");
  await tapNext(page);
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-4");
  console.expectClean();
});

test("1-4: a press off the 1 starts nothing and the wall leaves one first direction", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one viewport is enough for the rule");
  const console = watchConsole(page);
  await openHex(page, { cleared: ["1-1", "1-2", "1-3"] });
  await openLevel(page, "1-4");
  const lvl = level("1-4");
  const start = startCell(lvl);
  expect(start).toBeTruthy();

  // pressing (and sliding from) any other cell starts nothing
  for (const cell of lvl.cells.filter((c) => c.id !== start)) {
    const others = neighbours(lvl, cell.id).map(([, n]) => n).filter((n) => n !== start);
    await drag(page, [cell.id, ...others.slice(0, 1)]);
    await expectPath(page, []);
  }

  // from the 1, exactly one neighbour can be the first step
  const open = [];
  for (const [, n] of neighbours(lvl, start)) {
    await drag(page, [start, n]);
    const path = (await board(page)).path;
    if (path.length === 2) open.push(n);
    else expect(path).toEqual([start]);
    await page.getByTestId("hex-restart").click();
    await expectPath(page, []);
  }
  expect(neighbours(lvl, start).length).toBeGreaterThan(1);
  expect(open).toEqual([solve(lvl)[1]]);
  console.expectClean();
});

test("the tutorial lines have English versions", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a language check; the phone runs the Chinese lines");
  const console = watchConsole(page);
  await page.goto("./");
  await page.evaluate(() => localStorage.setItem("app:lang", "en"));
  await openHex(page, { cleared: ["1-1", "1-2"] });
  await openLevel(page, "1-1");
  await expect(page.getByTestId("hex-tutorial")).toHaveText("Slide from a number to the cell beside it");
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await openLevel(page, "1-2");
  await expect(page.getByTestId("hex-tutorial")).toHaveCount(0);
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await openLevel(page, "1-3");
  await expect(page.getByTestId("hex-tutorial")).toHaveText("Stripes are walls: go around them");
  console.expectClean();
});
