// The table puzzles ("win in N") from the Baifang lobby: the built-in set
// (levels/baifang/puzzles.json, checked by the tables in the Rust tests) by difficulty; a
// puzzle played by taps on the real board, each whole turn judged by the endgame tables in
// the AI's Web Worker (fetched from dist/tables/, scripts/stage-tables.sh). The winning line
// is accepted turn by turn with the tables' defence played between; any other first move
// throws the win away (each puzzle has one winning first turn) and is taken back with the
// tables' words; the hint marks the tables' winning turn; a host without the tables says the
// turn could not be judged.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { snap, watchConsole } from "./helpers.mjs";
import { boardString, clickAction, openBaifang, point } from "./baifang-helpers.mjs";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
const puzzles = JSON.parse(readFileSync(join(root, "levels", "baifang", "puzzles.json"), "utf8"));

/** A move of the puzzle's side other than its winning first move (legal: an orthogonal step to an empty point). */
function otherFirstMove(puzzle) {
  const win = puzzle.line[0];
  for (let from = 0; from < 25; from++) {
    if (puzzle.board[from] !== puzzle.toMove) continue;
    const [r, c] = [Math.floor(from / 5), from % 5];
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const [nr, nc] = [r + dr, c + dc];
      const to = nr * 5 + nc;
      if (nr < 0 || nr > 4 || nc < 0 || nc > 4 || puzzle.board[to] !== ".") continue;
      if (from === win.fromIndex && to === win.toIndex) continue;
      return { actionType: 1, fromIndex: from, toIndex: to };
    }
  }
  throw new Error("the puzzle's side has no other move");
}

async function openPuzzle(page, index) {
  await openBaifang(page);
  await page.getByTestId("lobby-puzzles").click();
  await expect(page.getByTestId("puzzles")).toBeVisible();
  await page.getByTestId(`puzzle-${index}`).click();
  await expect(page.getByTestId("puzzle-play")).toHaveAttribute("data-stage", "playing");
  expect(await boardString(page)).toBe(puzzles[index].board);
}

test("a puzzle refuses a losing move with the tables' words and accepts the winning line", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  const index = puzzles.findIndex((p) => p.plies === 8);
  const puzzle = puzzles[index];
  await openPuzzle(page, index);
  await expect(page.getByTestId("puzzle-goal")).toContainText(`${puzzle.plies} 步内取胜`);

  // The hint: the tables' winning first turn, marked on the board; gone once a turn is played.
  await page.getByTestId("puzzle-hint").click();
  await expect(page.getByTestId("hint-marker")).toHaveAttribute("data-points", `${puzzle.line[0].fromIndex} ${puzzle.line[0].toIndex}`);

  // Any other first move throws the win away: named in the tables' words, taken back.
  const note = page.getByTestId("puzzle-note");
  await clickAction(page, otherFirstMove(puzzle));
  await expect(note).toHaveAttribute("data-verdict", "threwWin");
  await expect(note).toContainText(`错失必胜：走前${puzzle.plies} 步内必胜`);
  await expect(note).toContainText("已退回");
  await expect.poll(() => boardString(page)).toBe(puzzle.board);
  await expect(page.getByTestId("hint-marker")).toHaveCount(0);
  await snap(page, testInfo, "baifang-puzzle-refused");

  // The winning line: each player turn kept, the tables' defence played between.
  const play = page.getByTestId("puzzle-play");
  let k = 0;
  while (k < puzzle.line.length) {
    const turnStart = k;
    await clickAction(page, puzzle.line[k]);
    k += 1;
    if (puzzle.line[k]?.actionType === 2) {
      await clickAction(page, puzzle.line[k]);
      k += 1;
    }
    if (k === puzzle.line.length) break;
    await expect(note).toHaveAttribute("data-verdict", "kept");
    await expect(note).toContainText(`保持最快取胜（走前${puzzle.plies - turnStart} 步内必胜）`);
    // The defence is the line's next turn (a step: the defender never captures in a lost ending).
    k += 1;
    await expect(play).toHaveAttribute("data-plies-played", String(k));
    await expect(play).toHaveAttribute("data-stage", "playing");
  }
  await expect(play).toHaveAttribute("data-stage", "solved");
  await expect(note).toHaveAttribute("data-verdict", "solved");
  await expect(note).toContainText(`解开了！${puzzle.plies} 步取胜`);
  await expect(page.getByTestId("puzzle-next")).toBeVisible();
  await snap(page, testInfo, "baifang-puzzle-solved");

  // Solved is remembered on this device.
  await page.getByTestId("puzzle-list").click();
  await expect(page.getByTestId(`puzzle-${index}`)).toHaveAttribute("data-solved", "true");
  await page.reload();
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-puzzles").click();
  await expect(page.getByTestId(`puzzle-${index}`)).toHaveAttribute("data-solved", "true");
  await expect(page.getByTestId("puzzle-0")).toHaveAttribute("data-solved", "false");
  console.expectClean();
});

test("without the tables there is no hint and a puzzle turn is not judged: it is taken back with the reason", async ({ page }) => {
  test.setTimeout(60_000);
  await page.route("**/tables/**", (route) => route.fulfill({ status: 404, body: "not here" }));
  await openPuzzle(page, 0);
  const note = page.getByTestId("puzzle-note");
  await page.getByTestId("puzzle-hint").click();
  await expect(note).toHaveAttribute("data-verdict", "error");
  await expect(note).toContainText("残局库无法给出提示");
  await expect(page.getByTestId("hint-marker")).toHaveCount(0);
  await clickAction(page, puzzles[0].line[0]);
  await expect(note).toHaveAttribute("data-verdict", "error");
  await expect(note).toContainText("残局库无法判断这一步");
  await expect.poll(() => boardString(page)).toBe(puzzles[0].board);
  await expect(point(page, puzzles[0].line[0].fromIndex)).toHaveAttribute("data-owner", puzzles[0].toMove);
});
