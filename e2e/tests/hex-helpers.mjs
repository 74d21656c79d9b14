// Helpers for the Hex Stroke browser tests: level data from levels/, solutions from
// the engine CLI (computed at test time, never written down), and finger-like drags
// through cell centres found in the DOM.
import { expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openApp } from "./helpers.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The packs the app was built with (HEX_LEVELS_DIR overrides levels/, as in web/hex/build.rs). */
export const levelsDir = process.env.HEX_LEVELS_DIR ? resolve(process.env.HEX_LEVELS_DIR) : join(root, "levels");

/** Every pack file, in pack-number order. */
export function packs() {
  if (!existsSync(levelsDir)) return [];
  return readdirSync(levelsDir)
    .filter((f) => f.startsWith("pack-") && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(levelsDir, f), "utf8")))
    .sort((a, b) => a.pack - b.pack);
}

/** The engine's content spec (pack kinds and the progression order). */
export const hexSpec = JSON.parse(readFileSync(join(root, "engine", "spec", "hex.json"), "utf8"));

/** The main-line packs (the tutorial and the main packs, not the spinner branch or the
 * large packs), in pack-number order: clearing them opens the spinner branch. */
export function mainLinePacks() {
  const main = new Set([...hexSpec.tutorial.packs, ...hexSpec.main.packs]);
  return packs().filter((p) => main.has(p.pack));
}

/** A small level the editor tests draw and the offline test plays from its share link: six
 * cells in two rows, clue 1 on a, clue 3 on b, and one wall c–f. With the wall it has one
 * solution; without it two (so the wall matters). */
export const SMALL = {
  id: "custom",
  cells: [
    { id: "a", q: 0, r: 0, clue: 1 },
    { id: "b", q: 1, r: 0, clue: 3 },
    { id: "c", q: 2, r: 0 },
    { id: "d", q: 0, r: 1 },
    { id: "e", q: 1, r: 1 },
    { id: "f", q: 2, r: 1 },
  ],
  walls: [["c", "f"]],
};

export function allLevels() {
  return packs().flatMap((p) => p.levels);
}

export function level(id) {
  const l = allLevels().find((x) => x.id === id);
  if (!l) throw new Error(`level ${id} is not in ${levelsDir}`);
  return l;
}

/** Runs the engine CLI with `args` on `input`: ENGINE_BIN (set by scripts/test.sh),
 * else the release binary in the target folder, else `cargo run`. */
function engine(args, input) {
  const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(root, "target");
  const bin = [process.env.ENGINE_BIN, join(target, "release", "engine")].find((b) => b && existsSync(b));
  const out = bin
    ? execFileSync(bin, args, { input })
    : execFileSync("cargo", ["run", "-p", "engine", "--release", "--quiet", "--", ...args], {
        input,
        cwd: root,
        stdio: ["pipe", "pipe", "inherit"],
      });
  return JSON.parse(out.toString());
}

/** The daily puzzle of `date` (YYYY-MM-DD), from `engine hex daily DATE --json`. */
export function daily(date) {
  return engine(["hex", "daily", date, "--json"], "");
}

const solved = new Map();
/** The solution as a list of cell ids, from `engine hex solve -`. */
export function solve(lvl) {
  if (solved.has(lvl.id)) return solved.get(lvl.id);
  const result = engine(["hex", "solve", "-"], JSON.stringify(lvl));
  if (!result.path) throw new Error(`level ${lvl.id} has no solution`);
  solved.set(lvl.id, result.path);
  return result.path;
}

/** The level a share code holds, from `engine hex share decode CODE`. */
export function shareDecode(code) {
  return engine(["hex", "share", "decode", code]);
}

/** The pack a pack code holds (the `levels/` pack format), from `engine hex pack decode CODE --json`. */
export function packDecode(code) {
  return engine(["hex", "pack", "decode", code, "--json"]);
}

/** How many solutions a level has, counted up to `limit`, from `engine hex solve - --limit`. */
export function countSolutions(lvl, limit = 2) {
  return engine(["hex", "solve", "-", "--limit", String(limit)], JSON.stringify(lvl)).solutions;
}

/** The deduction solver's report with its trace, from `engine hex deduce - --trace`. */
export function deduce(lvl) {
  return engine(["hex", "deduce", "-", "--trace"], JSON.stringify(lvl));
}

// ---- lattice facts read from the level JSON (for choosing moves, not for rules) ----
const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

export function cellAt(lvl, q, r) {
  return lvl.cells.find((c) => c.q === q && c.r === r);
}

export function hasWall(lvl, a, b) {
  return (lvl.walls ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** Lattice neighbours of a cell id, as [direction, id]. */
export function neighbours(lvl, id) {
  const c = lvl.cells.find((x) => x.id === id);
  return DIRS.map(([dq, dr], d) => [d, cellAt(lvl, c.q + dq, c.r + dr)]).filter(([, n]) => n).map(([d, n]) => [d, n.id]);
}

export function startCell(lvl) {
  return lvl.cells.find((c) => c.clue === 1)?.id;
}

// ---- the app ----

/** Opens the app with the given saves and shows the Hex Stroke level select. */
export async function openHex(page, { cleared = null, current = null } = {}) {
  await openApp(page);
  if (cleared || current) {
    await page.evaluate(
      ([cleared, current]) => {
        if (cleared) localStorage.setItem("mode:03-hex-walls:clearedId", JSON.stringify(cleared));
        if (current) localStorage.setItem("mode:03-hex-walls:currentId", current);
      },
      [cleared, current],
    );
    await page.reload();
    await expect(page.getByTestId("app")).toBeVisible();
  }
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
}

/** The level with the most cells among those without spinners (the drawing-speed board). */
export function largestPlainLevel() {
  return allLevels()
    .filter((l) => !(l.spinners ?? []).length)
    .reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
}

/** Every level id, as if all were cleared (for tests about play, not unlocking). */
export function everything() {
  return allLevels().map((l) => l.id);
}

export async function openLevel(page, id) {
  await page.getByTestId(`hex-level-${id}`).click();
  await expect(page.getByTestId("hex-level-id")).toHaveText(id);
  await expect(page.getByTestId(`hex-cell-${level(id).cells[0].id}`)).toBeVisible();
}

export async function centre(page, cellId) {
  const box = await page.getByTestId(`hex-cell-${cellId}`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Press on the first cell, slide through the others (as a finger would), optionally lift. */
export async function drag(page, ids, { steps = 6, release = true } = {}) {
  const first = await centre(page, ids[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const id of ids.slice(1)) {
    const p = await centre(page, id);
    await page.mouse.move(p.x, p.y, { steps });
  }
  if (release) await page.mouse.up();
}

/** After a clear: the solved card (it comes once the sweep has played), then its Next. */
export async function tapNext(page) {
  await expect(page.getByTestId("hex-solved")).toBeVisible({ timeout: 5000 });
  await page.getByTestId("hex-solved-next").click();
}

export async function slideTo(page, id, steps = 6) {
  const p = await centre(page, id);
  await page.mouse.move(p.x, p.y, { steps });
}

/** The board as the tests see it: { id: { step, state } }, plus the path in order. */
export async function board(page) {
  return page.evaluate(() => {
    const cells = {};
    for (const el of document.querySelectorAll('[data-testid^="hex-cell-"]')) {
      cells[el.dataset.testid.slice("hex-cell-".length)] = { step: el.dataset.step, state: el.dataset.state };
    }
    const path = Object.entries(cells)
      .filter(([, c]) => c.step !== "")
      .sort((a, b) => Number(a[1].step) - Number(b[1].step))
      .map(([id]) => id);
    return { cells, path };
  });
}

export async function expectPath(page, ids) {
  await expect.poll(async () => (await board(page)).path).toEqual(ids);
}

export async function bumpsSoFar(page) {
  return page.evaluate(() => (window.__haptics ?? []).filter((h) => h === "bump").length);
}

// ---- move finders: pick test moves from the level's own geometry (no stored solutions) ----

function isOpen(lvl, a, b) {
  return neighbours(lvl, a).some(([, n]) => n === b) && !hasWall(lvl, a, b);
}

/**
 * A legal path (walls respected; for levels without spinners) from the start that
 * reaches a clue cell at the wrong step: [path, clueCellId]. Shortest first.
 */
export function wrongClueRoute(lvl) {
  const start = startCell(lvl);
  const clues = lvl.cells.filter((c) => c.clue && c.clue !== 1);
  const queue = [[start]];
  while (queue.length) {
    const path = queue.shift();
    const end = path[path.length - 1];
    const hit = clues.find((c) => c.id === end && c.clue !== path.length);
    if (hit && path.length > 1) return [path, hit.id];
    if (path.length > 8) continue;
    for (const [, n] of neighbours(lvl, end)) {
      if (!path.includes(n) && isOpen(lvl, end, n)) queue.push([...path, n]);
    }
  }
  return null;
}

/**
 * Where the player can leave the solution: the first k such that the solution's k-th
 * cell has another open, unvisited neighbour. Returns { prefix, wrong, fork }.
 */
export function deviation(lvl, solution) {
  for (let k = 1; k < solution.length; k++) {
    const prefix = solution.slice(0, k);
    const end = prefix[k - 1];
    const wrong = neighbours(lvl, end)
      .map(([, n]) => n)
      .filter((n) => n !== solution[k] && !prefix.includes(n) && isOpen(lvl, end, n))
      // prefer a plain cell (a clue would also show a conflict)
      .sort((x, y) => Number(!!lvl.cells.find((c) => c.id === x).clue) - Number(!!lvl.cells.find((c) => c.id === y).clue))[0];
    if (wrong) return { prefix, wrong, fork: end };
  }
  return null;
}

/**
 * A point on the solution from which three open, unvisited cells follow in a straight
 * lattice line: { prefix, run } with run the three ids in order.
 */
export function straightRun(lvl, solution) {
  for (let k = 1; k <= solution.length; k++) {
    const prefix = solution.slice(0, k);
    const end = lvl.cells.find((c) => c.id === prefix[k - 1]);
    for (const [dq, dr] of DIRS) {
      const run = [1, 2, 3].map((i) => cellAt(lvl, end.q + dq * i, end.r + dr * i)?.id);
      if (run.some((id) => !id || prefix.includes(id))) continue;
      const chain = [end.id, ...run];
      if (chain.slice(1).every((id, i) => !hasWall(lvl, chain[i], id))) return { prefix, run };
    }
  }
  return null;
}

/** A prefix of the solution that ends on a wall, with the cell behind the wall unvisited. */
export function wallAhead(lvl, solution) {
  for (let k = 1; k <= solution.length; k++) {
    const prefix = solution.slice(0, k);
    const end = prefix[k - 1];
    const behind = neighbours(lvl, end)
      .map(([, n]) => n)
      .find((n) => hasWall(lvl, end, n) && !prefix.includes(n));
    if (behind) return { prefix, behind };
  }
  return null;
}
