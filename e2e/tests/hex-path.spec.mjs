// Hex Stroke drawing: conflicts, undo by sliding back, truncation by pressing an
// earlier cell, restart, hints after a deviation, ten wall bumps, a fast drag across
// three cells in one pointer move, and no long task over 50 ms while drawing.
import { test, expect } from "@playwright/test";
import { observeLongTasks, snap, watchConsole } from "./helpers.mjs";
import {
  allLevels, board, bumpsSoFar, centre, deviation, drag, everything, expectPath, largestPlainLevel, level,
  openHex, openLevel, slideTo, solve, straightRun, wallAhead, wrongClueRoute,
} from "./hex-helpers.mjs";

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "drawing rules are viewport-independent; phone is the target");
  await openHex(page, { cleared: everything() });
});

/** The first main-line level (no spinners) for which `pick` finds something. */
function firstLevel(pick) {
  for (const lvl of allLevels().filter((l) => !(l.spinners ?? []).length)) {
    const found = pick(lvl);
    if (found) return { lvl, found };
  }
  throw new Error("no level fits");
}

test("conflict, undo by sliding back, truncation and restart are stable", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  const { lvl, found: [route, clueCell] } = firstLevel(wrongClueRoute);
  await openLevel(page, lvl.id);
  const n = lvl.cells.length;
  const clue = lvl.cells.find((c) => c.id === clueCell).clue;

  for (let round = 0; round < 3; round++) {
    // a clue reached at the wrong step: red, showing the step, the gesture goes on
    await drag(page, route);
    await expectPath(page, route);
    const cells = (await board(page)).cells;
    expect(cells[clueCell]).toEqual({ step: String(route.length), state: "conflict" });
    expect(Number(cells[clueCell].step)).not.toBe(clue);
    await expect(page.getByTestId("hex-remaining")).toHaveText(String(n - route.length));
    if (round === 0) await snap(page, testInfo, "hex-conflict");

    // slide back from the end: one undo per cell, the conflict goes with it
    await drag(page, [route.at(-1), route.at(-2)]);
    await expectPath(page, route.slice(0, -1));
    expect((await board(page)).cells[clueCell].state).toBe("unvisited");
    await expect(page.getByTestId("hex-remaining")).toHaveText(String(n - route.length + 1));

    // re-enter it, then press an earlier cell: the path is cut back to it
    await drag(page, [route.at(-2), route.at(-1)]);
    await expectPath(page, route);
    await drag(page, [route[0]]);
    await expectPath(page, route.slice(0, 1));
    expect((await board(page)).cells[route[0]].state).toBe("end");

    // restart wipes it
    await page.getByTestId("hex-restart").click();
    await expectPath(page, []);
    await expect(page.getByTestId("hex-remaining")).toHaveText(String(n));
    const all = (await board(page)).cells;
    for (const id of Object.keys(all)) expect(all[id]).toEqual({ step: "", state: "unvisited" });
  }
  console.expectClean();
});

test("a hint after deviating points to the fork, and hints are unlimited", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  const { lvl, found } = firstLevel((l) => deviation(l, solve(l)));
  const { prefix, wrong, fork } = found;
  const solution = solve(lvl);
  await openLevel(page, lvl.id);

  // no path: the hint shows the legal start
  await page.getByTestId("hex-hint").click();
  expect((await board(page)).cells[solution[0]].state).toBe("hint");

  // on the solution: the next cell
  await drag(page, prefix);
  await page.getByTestId("hex-hint").click();
  expect((await board(page)).cells[solution[prefix.length]].state).toBe("hint");

  // off the solution: the fork to return to, not a next step
  await drag(page, [prefix.at(-1), wrong]);
  await expectPath(page, [...prefix, wrong]);
  for (let i = 0; i < 3; i++) await page.getByTestId("hex-hint").click();
  const cells = (await board(page)).cells;
  expect(cells[fork].state).toBe("hint");
  expect(cells[fork].step).toBe(String(prefix.length));
  expect(Object.values(cells).filter((c) => c.state === "hint")).toHaveLength(1);
  await snap(page, testInfo, "hex-hint");

  // going back to the fork and on along the hint clears
  await drag(page, [wrong, fork]);
  await expectPath(page, prefix);
  await drag(page, solution.slice(prefix.length - 1));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  console.expectClean();
});

test("bumping a wall ten times appends nothing and leaves the path intact", async ({ page }) => {
  const console = watchConsole(page);
  const { lvl, found } = firstLevel((l) => wallAhead(l, solve(l)));
  const { prefix, behind } = found;
  await openLevel(page, lvl.id);
  const before = await bumpsSoFar(page);
  await drag(page, prefix, { release: false });
  for (let i = 0; i < 10; i++) {
    await slideTo(page, behind, 4);
    await slideTo(page, prefix.at(-1), 4);
  }
  await page.mouse.up();
  await expectPath(page, prefix);
  expect((await board(page)).cells[behind]).toEqual({ step: "", state: "unvisited" });
  expect(await bumpsSoFar(page)).toBe(before + 10);
  // and the same ten times from a fresh press on the end
  for (let i = 0; i < 10; i++) await drag(page, [prefix.at(-1), behind], { steps: 3 });
  await expectPath(page, prefix);
  expect(await bumpsSoFar(page)).toBe(before + 20);
  console.expectClean();
});

test("a fast drag across three cells in one pointer move appends all three", async ({ page }) => {
  const console = watchConsole(page);
  const { lvl, found } = firstLevel((l) => straightRun(l, solve(l)));
  const { prefix, run } = found;
  await openLevel(page, lvl.id);
  await drag(page, prefix, { release: false });
  const target = await centre(page, run[2]);
  // one pointermove from the end's centre to the third cell's centre
  await page.mouse.move(target.x, target.y, { steps: 1 });
  await page.mouse.up();
  await expectPath(page, [...prefix, ...run]);
  console.expectClean();
});

test("no long task over 50 ms while drawing a 20-cell board", { tag: ["@alone"] }, async ({ page }) => {
  const console = watchConsole(page);
  const lvl = largestPlainLevel();
  expect(lvl.cells.length).toBeGreaterThanOrEqual(20);
  const solution = solve(lvl);
  await openLevel(page, lvl.id);
  const tasks = await observeLongTasks(page);
  // Time each pointermove from a window capture listener (before the board's handler)
  // to a window bubble listener (after it and the microtasks that re-render).
  await page.evaluate(() => {
    window.__moveMs = [];
    let t0 = 0;
    window.addEventListener("pointermove", () => (t0 = performance.now()), { capture: true });
    window.addEventListener("pointermove", () => window.__moveMs.push(performance.now() - t0));
  });
  // draw most of the way, slide back a few cells, and draw on: undo, append, repeat
  const cut = solution.length - 4;
  await drag(page, solution.slice(0, cut), { release: false, steps: 8 });
  for (const id of solution.slice(cut - 5, cut - 1).reverse()) await slideTo(page, id, 8);
  for (const id of solution.slice(cut - 4, cut)) await slideTo(page, id, 8);
  await page.mouse.up();
  await expectPath(page, solution.slice(0, cut));
  const longest = await tasks.longest();
  const moves = await page.evaluate(() => window.__moveMs);
  const slowest = Math.max(...moves);
  const line = `${lvl.id} (${lvl.cells.length} cells): ${moves.length} pointermoves, slowest handled in ${slowest.toFixed(1)} ms; longest main-thread task ${longest} ms`;
  test.info().annotations.push({ type: "drag timing", description: line });
  process.stdout.write(`${line}\n`);
  expect(moves.length).toBeGreaterThan(100);
  expect(longest).toBeLessThanOrEqual(50);
  // the observer itself works: a deliberate 80 ms task is seen
  await page.evaluate(() => setTimeout(() => { const t = performance.now(); while (performance.now() - t < 80); }, 0));
  await expect.poll(() => tasks.longest()).toBeGreaterThan(50);
  console.expectClean();
});

test("a touch drag draws like the mouse (pointer events, touch type)", async ({ page }) => {
  const console = watchConsole(page);
  const lvl = level("1-3");
  const solution = solve(lvl);
  await openLevel(page, lvl.id);
  const cdp = await page.context().newCDPSession(page);
  const points = [];
  for (const id of solution) points.push(await centre(page, id));
  const touch = (type, p) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await touch("touchStart", points[0]);
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    for (let s = 1; s <= 5; s++) await touch("touchMove", { x: a.x + ((b.x - a.x) * s) / 5, y: a.y + ((b.y - a.y) * s) / 5 });
  }
  await touch("touchEnd");
  await expectPath(page, solution);
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  console.expectClean();
});

test("feedback: each step pops its hex, a matched clue flashes, a bump flashes and shakes the wall and shakes the head", async ({ page }) => {
  const console = watchConsole(page);
  // record every Web Animations call with the element's data-fx name
  await page.evaluate(() => {
    window.__fx = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      window.__fx.push(this.dataset?.fx ?? "?");
      return animate.apply(this, args);
    };
  });
  const lvl = level("1-3");
  const solution = solve(lvl);
  const { prefix, behind } = wallAhead(lvl, solution);
  const index = (id) => lvl.cells.findIndex((c) => c.id === id);
  const wall = (lvl.walls ?? []).findIndex(([a, b]) => [a, b].includes(prefix.at(-1)) && [a, b].includes(behind));
  await openLevel(page, lvl.id);
  await drag(page, prefix, { release: false });
  await slideTo(page, behind);
  await page.mouse.up();
  const fx = await page.evaluate(() => window.__fx);
  const start = index(solution[0]);
  // the start is the clue 1: it pops and its outline flashes; then each step pops; then the
  // wall flashes, and it and the path's head shake (hex-solved-card.spec.mjs times the shake)
  const head = index(prefix.at(-1));
  expect(fx).toEqual([`c${start}`, `r${start}`, ...prefix.slice(1).map((id) => `c${index(id)}`), `w${wall}`, `ws${wall}`, `h${head}`]);
  console.expectClean();
});
