// Baifang in WebKit: a hot-seat game to a capture (every board checked against the
// engine's replay), a vs-AI game in which the AI's Web Worker answers, and a table puzzle
// judged by the endgame tables in that worker.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { replay } from "../engine-cli.mjs";
import { attr, clearStorage, openApp, pageErrors, session, snap, tap, text, waitFor, waitForTestId } from "./webkit.mjs";

let driver;
before(async () => {
  driver = await session();
  await clearStorage(driver);
});
after(() => driver?.quit());

const place = (to) => ({ actionType: 0, toIndex: to });
const capture = (at) => ({ actionType: 2, eatIndices: [at] });
const BOARD = `return Array.from({ length: 25 }, (_, i) => document.querySelector('[data-testid="point-' + i + '"]').dataset.owner || ".").join("")`;

async function openLobby() {
  await openApp(driver);
  await tap(driver, "home-baifang");
  await waitForTestId(driver, "lobby");
}

/** Taps one packet-format action, then waits for the engine's board after `prefix`. */
async function play(prefix) {
  const action = prefix.at(-1);
  if (action.actionType === 0) await tap(driver, `point-${action.toIndex}`);
  else if (action.actionType === 2) for (const at of action.eatIndices) await tap(driver, `point-${at}`);
  else throw new Error(`no tap for ${JSON.stringify(action)}`);
  const expected = replay(prefix);
  assert.equal(expected.error, null, "the fixture action is legal");
  await waitFor(driver, BOARD, { accept: (b) => b === expected.board, message: `board after ${prefix.length} actions` });
}

test("a hot-seat square captures one stone by taps", async () => {
  await openLobby();
  await tap(driver, "lobby-hotseat");
  await waitForTestId(driver, "board");
  const actions = [0, 24, 1, 23, 5, 22, 6].map(place);
  for (let i = 1; i <= actions.length; i++) await play(actions.slice(0, i));
  assert.equal(await text(driver, "status-banner"), "请挑拣并吃掉对方 1 枚棋子");
  for (const p of [22, 23, 24]) assert.match((await attr(driver, `point-${p}`, "data-flags")) ?? "", /capturable/);
  await snap(driver, "baifang-capture-mode");
  await play([...actions, capture(22)]);
  assert.equal(await attr(driver, "score-W", "data-on-board"), "2");
  assert.equal(await attr(driver, "score-B", "data-taken"), "1");
  await snap(driver, "baifang-captured");
  assert.deepEqual(await pageErrors(driver), []);
});

test("the AI (in its Web Worker) answers a placement", async () => {
  await openLobby();
  await tap(driver, "lobby-ai");
  await tap(driver, "ai-level-medium");
  await tap(driver, "ai-colour-B");
  await tap(driver, "ai-start");
  await waitForTestId(driver, "board");
  await tap(driver, "point-12");
  await waitFor(driver, `return document.querySelectorAll('[data-testid^="point-"][data-owner="W"]').length`, { accept: (n) => n === 1, timeout: 20_000, message: "the AI placed a stone" });
  assert.equal(await attr(driver, "point-12", "data-owner"), "B");
  await snap(driver, "baifang-ai-reply");
  assert.deepEqual(await pageErrors(driver), []);
});

const puzzles = JSON.parse(readFileSync(join(fileURLToPath(import.meta.url), "..", "..", "..", "levels", "baifang", "puzzles.json"), "utf8"));

/** Taps one packet-format move or capture. */
async function tapAction(action) {
  if (action.actionType === 1) {
    await tap(driver, `point-${action.fromIndex}`);
    await tap(driver, `point-${action.toIndex}`);
  } else for (const at of action.eatIndices) await tap(driver, `point-${at}`);
}

test("a table puzzle: the tables refuse another first move and accept the winning line", async () => {
  const puzzle = puzzles[0];
  await openLobby();
  await tap(driver, "lobby-puzzles");
  await tap(driver, "puzzle-0");
  await waitForTestId(driver, "puzzle-play");
  await waitFor(driver, BOARD, { accept: (b) => b === puzzle.board, message: "the puzzle's board" });
  const verdict = `return document.querySelector('[data-testid="puzzle-note"]').dataset.verdict`;
  // Another step of the same stone or another: a step to an empty orthogonal neighbour.
  const win = puzzle.line[0];
  let other = null;
  for (let from = 0; from < 25 && !other; from++) {
    if (puzzle.board[from] !== puzzle.toMove) continue;
    for (const d of [-5, 5, -1, 1]) {
      const to = from + d;
      const sameRow = Math.abs(d) === 5 || Math.floor(to / 5) === Math.floor(from / 5);
      if (to < 0 || to > 24 || !sameRow || puzzle.board[to] !== ".") continue;
      if (from === win.fromIndex && to === win.toIndex) continue;
      other = { actionType: 1, fromIndex: from, toIndex: to };
      break;
    }
  }
  await tapAction(other);
  await waitFor(driver, verdict, { accept: (v) => v === "threwWin", timeout: 30_000, message: "the tables' verdict" });
  assert.match(await text(driver, "puzzle-note"), /错失必胜/);
  await waitFor(driver, BOARD, { accept: (b) => b === puzzle.board, message: "the refused move taken back" });
  const played = `return document.querySelector('[data-testid="puzzle-play"]').dataset.pliesPlayed`;
  let k = 0;
  while (k < puzzle.line.length) {
    await tapAction(puzzle.line[k]);
    k += 1;
    if (puzzle.line[k]?.actionType === 2) {
      await tapAction(puzzle.line[k]);
      k += 1;
    }
    if (k === puzzle.line.length) break;
    k += 1;
    await waitFor(driver, played, { accept: (n) => n === String(k), timeout: 30_000, message: `the defence after ${k - 1} plies` });
  }
  await waitFor(driver, verdict, { accept: (v) => v === "solved", timeout: 30_000, message: "solved" });
  await snap(driver, "baifang-puzzle-solved");
  assert.deepEqual(await pageErrors(driver), []);
});
