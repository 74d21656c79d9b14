// Helpers for the Baifang browser tests: drive the board by clicks and ask the
// engine's own CLI what the state must be, so the UI is checked against the rules.
import { expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openApp } from "./helpers.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const scenarios = JSON.parse(readFileSync(join(root, "e2e", "fixtures", "baifang-scenarios.json"), "utf8"));

/** The engine binary built by scripts/test.sh (override with ENGINE_BIN). */
export function engineBin() {
  return process.env.ENGINE_BIN ?? join(root, "target", "release", "engine");
}

/** Runs `engine baifang replay -` on an action list and returns its JSON answer. */
export function engineReplay(actions) {
  const run = spawnSync(engineBin(), ["baifang", "replay", "-"], { input: JSON.stringify(actions), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`engine replay failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

export const place = (to) => ({ actionType: 0, toIndex: to });
export const capture = (at) => ({ actionType: 2, eatIndices: [at] });

export async function openBaifang(page) {
  await openApp(page);
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
}

/**
 * Opens the app at `query`, then Baifang's online play from its lobby: the referee server's
 * screen on a page the server sent, Game Center's and the browser tabs' elsewhere.
 */
export async function openOnlineLobby(page, query = "") {
  await page.goto("./" + query);
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await openOnline(page);
}

/** From the Baifang lobby to its online screen. */
export async function openOnline(page) {
  await page.getByTestId("lobby-online").click();
  await expect(page.getByTestId("screen-baifang-online")).toBeVisible();
  await expect(page.getByTestId("lobby")).toBeVisible();
}

/** From Baifang's online screen back to its lobby, where the games on one device start. */
export async function backToLobby(page) {
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
}

export async function startHotSeat(page) {
  await openBaifang(page);
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
}

export const point = (page, p) => page.getByTestId(`point-${p}`);

/** Resigns the game in the room from its menu, confirming, until the settlement shows. */
export async function resign(page) {
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await expect(page.getByTestId("settlement")).toBeVisible();
}


/** Performs one packet-format action with clicks on the points, as a player would. */
export async function clickAction(page, action) {
  switch (action.actionType) {
    case 0:
      await point(page, action.toIndex).click();
      break;
    case 1:
      await point(page, action.fromIndex).click();
      await expect(point(page, action.fromIndex)).toHaveAttribute("data-flags", /selected/);
      await point(page, action.toIndex).click();
      break;
    case 2:
      for (const at of action.eatIndices) await point(page, at).click();
      break;
    default:
      throw new Error(`no click for action ${JSON.stringify(action)}`);
  }
}

/** The board as the engine CLI prints it: 25 chars of . B W, read from the hooks. */
export async function boardString(page) {
  return page.evaluate(() =>
    Array.from({ length: 25 }, (_, i) => document.querySelector(`[data-testid="point-${i}"]`).dataset.owner || ".").join(""),
  );
}

/**
 * Plays `actions[from..to]` by clicks (the earlier ones must already be on the board);
 * after each one the UI board must equal the engine's replay of the whole prefix.
 */
export async function playChecked(page, actions, from = 0, to = actions.length) {
  for (let i = from; i < to; i++) {
    await clickAction(page, actions[i]);
    const expected = engineReplay(actions.slice(0, i + 1));
    expect(expected.error, `fixture action ${i} is legal`).toBeNull();
    await expect.poll(() => boardString(page), { message: `board after action ${i}` }).toBe(expected.board);
  }
}

export async function flagsOf(page, p) {
  return (await point(page, p).getAttribute("data-flags")) ?? "";
}

/**
 * The one room seats the player's own side at the bottom: its scoreboard below the
 * board, the other side's above (hot-seat: the side to move at the start).
 */
export async function expectOwnSideAtBottom(page, side) {
  const other = side === "B" ? "W" : "B";
  await expect(page.getByTestId("room")).toHaveAttribute("data-bottom", side);
  const [own, theirs, board] = await Promise.all(
    [`score-${side}`, `score-${other}`, "board"].map((id) => page.getByTestId(id).boundingBox()),
  );
  expect(theirs.y + theirs.height, `${other}'s scoreboard above the board`).toBeLessThanOrEqual(board.y + 1);
  expect(own.y, `${side}'s own scoreboard below the board`).toBeGreaterThanOrEqual(board.y + board.height - 1);
}

/** The heartbeats (haptic "tick") a page has played: one a second in the last five of its own turn. */
export const heartbeats = (page) => page.evaluate(() => (window.__haptics ?? []).filter((h) => h === "tick").length);

/** Expects `side`'s scoreboard in an online room to count `used` disconnects against it, as square pips. */
export async function expectDisconnectPips(page, side, used) {
  const pips = page.getByTestId(`score-${side}-disconnects`);
  await expect(pips).toHaveAttribute("data-used", String(used));
  await expect(pips.locator(".pip.used")).toHaveCount(used);
  await expect(pips.locator(".pip")).toHaveCount(3);
  await expect(pips).toBeVisible();
}

/** Expects `side`'s scoreboard to show `used` timeout pips filled. */
export async function expectTimeoutPips(page, side, used) {
  const pips = page.getByTestId(`score-${side}-timeouts`);
  await expect(pips).toHaveAttribute("data-used", String(used));
  await expect(pips.locator(".pip.used")).toHaveCount(used);
  await expect(pips.locator(".pip")).toHaveCount(3);
}
