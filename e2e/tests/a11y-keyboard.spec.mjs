// Playing and editing by keyboard only: the Baifang board is a grid with one focus
// ring that the arrows move and Enter/Space/Escape act on; every action is checked
// against the engine's replay of the same actions. The Hex board plays a level by
// keys, and the Hex editor builds one by keys whose link the engine decodes.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";
import { boardString, engineReplay, place, capture } from "./baifang-helpers.mjs";
import { openHex, openLevel, level, solve, expectPath, everything, countSolutions, shareDecode } from "./hex-helpers.mjs";

const SIDE = 5;

/** The point index the keyboard focus is on, or null. */
async function focusedPoint(page) {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute("data-testid") ?? "";
    return id.startsWith("point-") ? Number(id.slice("point-".length)) : null;
  });
}

/** Tabs from wherever the focus is until it lands on the board. */
async function tabIntoBoard(page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if ((await focusedPoint(page)) !== null) return;
  }
  throw new Error("Tab never reached the board");
}

/** Walks the focus ring to point `to` with the arrow keys. */
async function arrowTo(page, to) {
  const from = await focusedPoint(page);
  const [fc, fr, tc, tr] = [from % SIDE, Math.floor(from / SIDE), to % SIDE, Math.floor(to / SIDE)];
  for (let i = 0; i < Math.abs(tc - fc); i++) await page.keyboard.press(tc > fc ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(tr - fr); i++) await page.keyboard.press(tr > fr ? "ArrowDown" : "ArrowUp");
  expect(await focusedPoint(page)).toBe(to);
}

test("a hot-seat Baifang game to a capture, by keyboard only", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("./");
  await expect(page.getByTestId("app")).toBeVisible();
  // Home -> Baifang -> hot seat, by Tab and Enter.
  const activate = async (testid) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
      if (id === testid) return page.keyboard.press("Enter");
    }
    throw new Error(`Tab never reached ${testid}`);
  };
  await activate("home-baifang");
  await expect(page.getByTestId("lobby")).toBeVisible();
  await activate("lobby-hotseat");
  await expect(page.getByTestId("board")).toBeVisible();

  // The board is a labelled grid of five rows of five labelled cells.
  await expect(page.getByRole("grid")).toHaveAttribute("aria-label", /.+/);
  await expect(page.getByRole("row")).toHaveCount(5);
  await expect(page.getByRole("gridcell")).toHaveCount(25);

  await tabIntoBoard(page);
  // The focus ring is drawn while a point has keyboard focus.
  const ringOpacity = () =>
    page.evaluate(() => getComputedStyle(document.activeElement.querySelector(".focus-ring")).opacity);
  expect(await ringOpacity()).toBe("1");

  // Blue closes a square at 0 1 5 6 and captures Orange's 24.
  const actions = [place(0), place(24), place(1), place(23), place(5), place(19), place(6), capture(24)];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    await arrowTo(page, a.actionType === 2 ? a.eatIndices[0] : a.toIndex);
    await page.keyboard.press(i % 2 === 0 ? "Enter" : " ");
    const expected = engineReplay(actions.slice(0, i + 1));
    expect(expected.error).toBeNull();
    await expect.poll(() => boardString(page), { message: `board after action ${i}` }).toBe(expected.board);
    if (i === 6) {
      // The capture is owed: the points say so to a screen reader.
      await expect(page.getByTestId("point-24")).toHaveAttribute("aria-label", /capturable|可吃/);
      // Point 0 is named as the move notation names it: column a, row 5 from the bottom.
      await expect(page.getByTestId("point-0")).toHaveAttribute("aria-label", /^a5[,，]/);
      // The accessibility tree a screen reader walks: rows of labelled cells.
      const tree = await page.getByRole("grid").ariaSnapshot();
      expect(tree).toMatch(/- row/);
      expect(tree).toMatch(/- gridcell "a5[,，][^"\n]*"/);
      expect(tree).toMatch(/- gridcell "[^"\n]*(capturable|可吃)[^"\n]*"/);
    }
  }
  const after = engineReplay(actions);
  expect(after.pendingCaptures).toBe(0);
  expect(after.board[24]).toBe(".");
  await expect(page.getByTestId("point-24")).toHaveAttribute("aria-label", /empty|空/);

  // The focus is never trapped: Tab leaves the board.
  await page.keyboard.press("Tab");
  expect(await focusedPoint(page)).toBeNull();
  console.expectClean();
});

test("Escape puts a picked-up stone down again", async ({ page }) => {
  // 24 placements that fill the board without a formation and leave point 24 empty.
  const black = [], white = [];
  for (let p = 0; p < 24; p++) ((Math.floor((p % 5) / 2) + Math.floor(p / 5)) % 2 === 1 ? black : white).push(p);
  const actions = black.flatMap((b, i) => [place(b), place(white[i])]);
  const state = engineReplay(actions);
  expect(state.phase).toBe("moving");
  await page.goto("./");
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  await tabIntoBoard(page);
  for (const a of actions) {
    await arrowTo(page, a.toIndex);
    await page.keyboard.press("Enter");
  }
  await expect.poll(() => boardString(page)).toBe(state.board);
  // A stone of the side to move beside the empty point 24: 19 or 23.
  const mover = state.toMove;
  const from = [19, 23].find((p) => state.board[p] === mover);
  await arrowTo(page, from);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId(`point-${from}`)).toHaveAttribute("data-flags", /selected/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId(`point-${from}`)).not.toHaveAttribute("data-flags", /selected/);
  // Picked up again and moved by keyboard.
  await page.keyboard.press("Enter");
  await arrowTo(page, 24);
  await page.keyboard.press("Enter");
  const moved = engineReplay([...actions, { actionType: 1, fromIndex: from, toIndex: 24 }]);
  expect(moved.error).toBeNull();
  await expect.poll(() => boardString(page)).toBe(moved.board);
});

// ---- Hex Stroke ----

/** The key for each lattice direction, in the engine's order E, SE, SW, W, NW, NE. */
const DIRECTION_KEYS = ["e", "d", "s", "a", "q", "w"];
const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

function directionKey(lvl, fromId, toId) {
  const a = lvl.cells.find((c) => c.id === fromId);
  const b = lvl.cells.find((c) => c.id === toId);
  const d = DIRS.findIndex(([dq, dr]) => a.q + dq === b.q && a.r + dr === b.r);
  if (d < 0) throw new Error(`${fromId} and ${toId} are not neighbours`);
  return DIRECTION_KEYS[d];
}

test("a Hex Stroke level cleared by keyboard only", async ({ page }) => {
  const console = watchConsole(page);
  const id = "1-3";
  const lvl = level(id);
  const solution = solve(lvl);
  await openHex(page, { cleared: everything() });
  await openLevel(page, id);
  // Tab onto the board (the screen's buttons come first).
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) === "hex-board") break;
  }
  await expect(page.getByTestId("hex-board")).toBeFocused();
  await expect(page.getByTestId("hex-board")).toHaveAttribute("aria-label", /Backspace|退格/);
  // Choose the start with the arrows (the cursor walks the cells in order) and Enter.
  const startIndex = lvl.cells.findIndex((c) => c.id === solution[0]);
  for (let i = 0; i < startIndex; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId(`hex-cell-${solution[0]}`)).toHaveClass(/is-cursor/);
  await page.keyboard.press("Enter");
  await expectPath(page, solution.slice(0, 1));
  // Cells tell a screen reader their step and clue.
  expect(await page.getByTestId(`hex-cell-${solution[0]}`).getAttribute("aria-label")).toMatch(/step 1|第 1 步/);
  // The accessibility tree: the board and its cells, the start cell at step 1.
  const tree = await page.getByTestId("hex-board").ariaSnapshot();
  expect(tree).toMatch(/- img "[^"\n]*(step 1|第 1 步)[^"\n]*"/);
  // One step, Backspace takes it back, then the whole path.
  await page.keyboard.press(directionKey(lvl, solution[0], solution[1]));
  await expectPath(page, solution.slice(0, 2));
  await page.keyboard.press("Backspace");
  await expectPath(page, solution.slice(0, 1));
  for (let k = 1; k < solution.length; k++) {
    await page.keyboard.press(directionKey(lvl, solution[k - 1], solution[k]));
    if (k < solution.length - 1) await expectPath(page, solution.slice(0, k + 1));
  }
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  console.expectClean();
});

// ---- the Hex level editor ----

/** Presses Tab until the element with `testid` has the focus. */
async function tabTo(page, testid, most = 250) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) === testid) return;
  }
  throw new Error(`Tab never reached ${testid}`);
}

/** The editor's keyboard focus as [q, r]. */
async function editorFocus(page) {
  const ring = page.getByTestId("editor-focus");
  return [Number(await ring.getAttribute("data-q")), Number(await ring.getAttribute("data-r"))];
}

/** A level as comparable facts: cells by position (moved so the smallest q and r are 0,
 * as a share code may place the board anywhere) with clues, walls by positions. */
function shape(lvl) {
  const [q0, r0] = [Math.min(...lvl.cells.map((c) => c.q)), Math.min(...lvl.cells.map((c) => c.r))];
  const at = Object.fromEntries(lvl.cells.map((c) => [c.id, `${c.q - q0},${c.r - r0}`]));
  return {
    cells: lvl.cells.map((c) => `${at[c.id]}:${c.clue ?? ""}`).sort(),
    walls: (lvl.walls ?? []).map(([a, b]) => [at[a], at[b]].sort().join("|")).sort(),
  };
}

test("a Hex level built in the editor by keyboard only checks unique and its link holds it", async ({ page, context }) => {
  const console = watchConsole(page);
  // Labels are checked in English (both languages come from the same translations).
  await context.addInitScript(() => localStorage.setItem("app:lang", "en"));
  await page.goto("./");
  await expect(page.getByTestId("app")).toBeVisible();
  // Home -> Hex Stroke -> the editor, by Tab and Enter.
  await tabTo(page, "home-hex");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await tabTo(page, "hex-open-editor");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  await tabTo(page, "editor-board");

  // The canvas is a labelled grid of rows of labelled hexes, with a visible focus ring.
  const grid = page.getByRole("grid");
  await expect(grid).toHaveAttribute("aria-label", /Space or Enter/);
  expect(await page.getByRole("row").count()).toBeGreaterThan(5);
  await expect(page.getByTestId("editor-cell-0-0")).toHaveAttribute("aria-label", "position q 0, r 0, hole");
  await expect(grid).toHaveAttribute("aria-activedescendant", "editor-hex-0-0");
  expect(await page.getByTestId("editor-focus").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");

  // A ring of eight cells round a hole: (0,0) (1,0) (2,0), down the east side,
  // back along the bottom row and up to (0,1).
  const keys = (...list) => list.reduce((p, k) => p.then(() => page.keyboard.press(k)), Promise.resolve());
  await keys(" ", "ArrowRight", " ", "ArrowRight", " ", "ArrowDown", " ", "ArrowDown", " ");
  await keys("ArrowLeft", " ", "ArrowLeft", " ", "ArrowUp", " ");
  expect(await editorFocus(page)).toEqual([0, 1]);
  await expect(page.getByTestId("editor-cell-0-1")).toHaveAttribute("data-id", "h");
  // Walls on (0,1)'s north-west and north-east sides: Q and W.
  await keys("q", "w");
  await expect(page.getByTestId("editor-edge-a-h")).toHaveAttribute("data-wall", "true");
  await expect(page.getByTestId("editor-edge-b-h")).toHaveAttribute("data-wall", "true");
  await expect(page.getByTestId("editor-cell-0-1")).toHaveAttribute(
    "aria-label",
    "position q 0, r 1, cell h, wall to the north-west, north-east",
  );
  // The middle: painted, then a hole again (Space toggles).
  await keys("ArrowRight", " ");
  await expect(page.getByTestId("editor-cell-1-1")).toHaveClass(/is-painted/);
  await keys(" ");
  await expect(page.getByTestId("editor-cell-1-1")).not.toHaveClass(/is-painted/);
  await expect(page.getByTestId("editor-announce")).toHaveText("position q 1, r 1, hole");
  // Clue 1 on (0,0) with C (the toolbar's clue number, 1 unless changed), 5 on (2,2)
  // typed as a digit after a 9 that Backspace cleared.
  await keys("ArrowUp", "ArrowLeft", "c");
  await expect(page.getByTestId("editor-cell-0-0")).toHaveAttribute("data-clue", "1");
  await keys("ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "9");
  await expect(page.getByTestId("editor-cell-2-2")).toHaveAttribute("data-clue", "9");
  await keys("Backspace");
  await expect(page.getByTestId("editor-cell-2-2")).toHaveAttribute("data-clue", "");
  await keys("5");
  // Ctrl+Z and Ctrl+Y go through the same undo history as the toolbar.
  await keys("Control+z");
  await expect(page.getByTestId("editor-cell-2-2")).toHaveAttribute("data-clue", "");
  await keys("Control+y");
  await expect(page.getByTestId("editor-cell-2-2")).toHaveAttribute("data-clue", "5");
  await expect(page.getByTestId("editor-cell-2-2")).toHaveAttribute("aria-label", "position q 2, r 2, cell e, clue 5");

  const built = {
    id: "custom",
    cells: [
      { id: "a", q: 0, r: 0, clue: 1 },
      { id: "b", q: 1, r: 0 },
      { id: "c", q: 2, r: 0 },
      { id: "d", q: 2, r: 1 },
      { id: "e", q: 2, r: 2, clue: 5 },
      { id: "f", q: 1, r: 2 },
      { id: "g", q: 0, r: 2 },
      { id: "h", q: 0, r: 1 },
    ],
    walls: [["a", "h"], ["b", "h"]],
  };
  // The engine agrees there is exactly one solution, and the editor's verdict says so.
  expect(countSolutions(built)).toBe(1);
  const status = page.getByTestId("editor-status");
  await expect(status).toHaveAttribute("data-state", "done", { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-solutions", "1");

  // Copy the link by keyboard and read the link the editor shows.
  await tabTo(page, "editor-copy-link");
  await page.keyboard.press("Enter");
  const link = await page.getByTestId("editor-link").inputValue();
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  const held = shareDecode(link.split("#play=")[1]);
  expect(shape(held)).toEqual(shape(built));

  // The link opens the same level: its cells, clues and walls, as a screen reader hears them.
  const other = await context.newPage();
  const otherConsole = watchConsole(other);
  await other.goto(link);
  await expect(other.getByTestId("hex-play")).toBeVisible();
  await expect(other.locator('[data-testid^="hex-cell-"]')).toHaveCount(built.cells.length);
  for (const c of held.cells) {
    const label = await other.getByTestId(`hex-cell-${c.id}`).getAttribute("aria-label");
    expect(label).toContain(`cell ${c.id}`);
    if (c.clue) expect(label).toContain(`clue ${c.clue}`);
  }
  for (const [a, b] of held.walls) await expect(other.getByTestId(`hex-wall-${a}-${b}`)).toHaveCount(1);
  await expect(other.locator(".hex-wall")).toHaveCount(built.walls.length);
  otherConsole.expectClean();
  console.expectClean();
});
