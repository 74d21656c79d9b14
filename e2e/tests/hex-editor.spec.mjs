// The Hex Stroke level editor and share links, driven with real clicks and
// drags. Solutions come from the engine CLI at test time (hex-helpers.mjs `solve`).
import { test, expect } from "@playwright/test";
import { observeLongTasks, snap, watchConsole } from "./helpers.mjs";
import { SMALL, board, deduce, drag, openHex, solve } from "./hex-helpers.mjs";

// Where the test draws SMALL's six cells (see hex-helpers.mjs).
const CELLS = [
  [0, 0],
  [1, 0],
  [2, 0],
  [0, 1],
  [1, 1],
  [2, 1],
];

async function openEditor(page) {
  await openHex(page);
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
}

/** Records every data-state the status panel goes through. */
async function recordStatusStates(page) {
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="editor-status"]');
    window.__statusStates = [el.dataset.state];
    new MutationObserver(() => window.__statusStates.push(el.dataset.state)).observe(el, {
      attributes: true,
      attributeFilter: ["data-state"],
    });
  });
  return () => page.evaluate(() => window.__statusStates);
}

async function setNumber(page, testid, value) {
  const input = page.getByTestId(testid);
  await input.fill(String(value));
  await input.dispatchEvent("change");
}

async function buildSmallLevel(page) {
  const status = page.getByTestId("editor-status");
  for (const [q, r] of CELLS) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  await expect(page.getByTestId("editor-cell-2-1")).toHaveAttribute("data-id", "f");
  await page.getByTestId("editor-tool-wall").click();
  await page.getByTestId("editor-edge-c-f").click();
  await expect(page.getByTestId("editor-edge-c-f")).toHaveAttribute("data-wall", "true");
  await page.getByTestId("editor-tool-clue").click();
  await page.getByTestId("editor-clue-number").fill("1");
  await page.getByTestId("editor-cell-0-0").click();
  await page.getByTestId("editor-clue-number").fill("3");
  await page.getByTestId("editor-cell-1-0").click();
  await expect(page.getByTestId("editor-cell-1-0")).toHaveAttribute("data-clue", "3");
  await expect(status).toHaveAttribute("data-state", "done", { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-solutions", "1");
  await expect(status).toHaveAttribute("data-walls-matter", "yes");
}

test("a small level built by clicks is unique with walls that matter, and its link plays standalone", async ({
  page,
  context,
}) => {
  const console = watchConsole(page);
  await openEditor(page);
  const states = await recordStatusStates(page);
  await buildSmallLevel(page);
  expect(await states()).toContain("running");

  // the wall is reported necessary; undo takes the last clue off, redo puts it back
  await expect(page.getByTestId("editor-edge-c-f")).toHaveClass(/is-necessary/);
  await page.getByTestId("editor-undo").click();
  await expect(page.getByTestId("editor-cell-1-0")).toHaveAttribute("data-clue", "");
  // Once in a whole run the panel kept the previous draft's report for all 15 s; the states it
  // went through and the clues on the board say whether the undo reached the checker.
  await expect(page.getByTestId("editor-status"))
    .not.toHaveAttribute("data-solutions", "1", { timeout: 15_000 })
    .catch(async (e) => {
      const clues = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="editor-cell-"][data-clue]:not([data-clue=""])')].map(
          (c) => `${c.dataset.testid}=${c.dataset.clue}`,
        ),
      );
      throw new Error(`${e.message}\nstatus states: ${JSON.stringify(await states())}; clues: ${clues.join(", ")}`);
    });
  await page.getByTestId("editor-redo").click();
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-solutions", "1", { timeout: 15_000 });

  // a title travels with the link
  await page.getByTestId("editor-title").fill("小试一笔");
  await page.getByTestId("editor-title").dispatchEvent("change");
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-state", "done", { timeout: 15_000 });

  // copy the link (read from the field: no clipboard permission needed); a unique level
  // is shared without a question
  await page.getByTestId("editor-copy-link").click();
  const link = await page.getByTestId("editor-link").inputValue();
  await expect(page.getByTestId("editor-share-warning")).toHaveCount(0);
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  expect(link.split("#")[0]).toBe(page.url().split("#")[0]);

  const other = await context.newPage();
  const otherConsole = watchConsole(other);
  await other.goto(link);
  await expect(other.getByTestId("hex-play")).toBeVisible();
  await expect(other.getByTestId("hex-level-id")).toHaveText("小试一笔");
  await expect(other.getByTestId("hex-edit")).toBeVisible();
  await expect(other.getByTestId("hex-copy-link")).toBeVisible();
  const path = solve(SMALL);
  await drag(other, path);
  await expect(other.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  expect((await board(other)).path).toEqual(path);
  // standalone: nothing was counted in pack progress
  expect(await other.evaluate(() => localStorage.getItem("mode:03-hex-walls:clearedId"))).toBeNull();
  // the menu's 回到主页 lands at home inside the app, not on the page before
  await other.getByTestId("hex-menu").click();
  await other.getByTestId("hex-menu-home").click();
  await expect(other.getByTestId("screen-home")).toBeVisible();
  await other.reload(); // the link still opens the level on a reload
  await expect(other.getByTestId("hex-play")).toBeVisible();
  // 编辑 opens the shared level in the editor (another module): the level crosses as the
  // editor's mount argument, so the other tab sees nothing written to storage for it
  await page.evaluate(() => {
    window.__storageKeys = [];
    addEventListener("storage", (e) => window.__storageKeys.push(e.key));
  });
  await other.getByTestId("hex-edit").click();
  await expect(other.getByTestId("editor-cell-2-1")).toHaveClass(/is-painted/);
  const written = await page.evaluate(() => window.__storageKeys);
  expect(written.filter((k) => /edit|handoff/.test(k ?? ""))).toEqual([]);
  await expect(other.getByTestId("editor-status")).toHaveAttribute("data-solutions", "1", { timeout: 15_000 });
  otherConsole.expectClean();
  console.expectClean();
});

test("tampered, truncated and empty links show the reason and a way home", async ({ page }) => {
  const console = watchConsole(page);
  // the reasons are checked in English (the page words the engine's codes in both languages)
  await page.addInitScript(() => localStorage.setItem("app:lang", "en"));
  const code = "AQAAAAMCPwIAAQEDAQcAqzQNWA"; // the small level's code (engine hex share encode)
  const flip = (c) => (c === "A" ? "B" : "A");
  const tampered = code.slice(0, 10) + flip(code[10]) + code.slice(11);
  for (const [bad, words] of [
    [tampered, /damaged|checksum|invalid|malformed/i],
    [code.slice(0, 8), /incomplete|cut off|malformed|damaged/i],
    ["", /empty/i],
    ["%%%", /invalid character/i],
  ]) {
    await page.goto(`./#play=${bad}`);
    await expect(page.getByTestId("hex-share-error")).toBeVisible();
    await expect(page.getByTestId("hex-share-error-text")).toHaveText(words);
  }
  await page.getByTestId("hex-share-home").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  expect(page.url()).not.toContain("#play=");
  // the good code still opens, also as a later hash change on an open page
  await page.evaluate((c) => (location.hash = `play=${c}`), code);
  await expect(page.getByTestId("hex-play")).toBeVisible();
  await expect(page.getByTestId("hex-cell-f")).toBeVisible();
  console.expectClean();
});

test("importing a level JSON with errors lists every one", async ({ page }) => {
  const console = watchConsole(page);
  await page.addInitScript(() => localStorage.setItem("app:lang", "en"));
  await openEditor(page);
  const bad = {
    id: "bad",
    cells: [
      { id: "a", q: 0, r: 0, clue: 1 },
      { id: "a", q: 1, r: 0 },
      { id: "c", q: 3, r: 0, clue: 9 },
    ],
    walls: [
      ["a", "c"],
      ["c", "zz"],
    ],
  };
  await page.getByTestId("editor-import-text").fill(JSON.stringify(bad));
  await page.getByTestId("editor-import").click();
  const errors = page.getByTestId("editor-import-error");
  await expect(errors).toHaveCount(4);
  await expect(errors.filter({ hasText: /used twice/ })).toHaveCount(1);
  await expect(errors.filter({ hasText: /clue 9, outside/ })).toHaveCount(1);
  await expect(errors.filter({ hasText: /not neighbours/ })).toHaveCount(1);
  await expect(errors.filter({ hasText: /unknown cell "zz"/ })).toHaveCount(1);
  // not JSON at all: one sentence
  await page.getByTestId("editor-import-text").fill("{ nope");
  await page.getByTestId("editor-import").click();
  await expect(errors).toHaveCount(1);
  await expect(errors).toHaveText(/not valid JSON/);
  // a good one replaces the draft
  await page.getByTestId("editor-import-text").fill(JSON.stringify(SMALL));
  await page.getByTestId("editor-import").click();
  await expect(errors).toHaveCount(0);
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-solutions", "1", { timeout: 15_000 });
  console.expectClean();
});

test("a generated 60-cell level reaches a verdict without long tasks on the page", { tag: ["@alone"] }, async ({ page }) => {
  const console = watchConsole(page);
  await openEditor(page);
  await setNumber(page, "editor-gen-cells", 60);
  await setNumber(page, "editor-gen-walls", 2);
  await setNumber(page, "editor-gen-seed", 7);
  const states = await recordStatusStates(page);
  const long = await observeLongTasks(page);
  await page.getByTestId("editor-generate").click();
  const status = page.getByTestId("editor-status");
  await expect(status).toHaveAttribute("data-state", "done", { timeout: 45_000 });
  await expect(status).toHaveAttribute("data-solutions", /^(0|1|2\+)\??$/);
  expect(await page.locator('[data-testid^="editor-cell-"].is-painted').count()).toBe(60);
  expect(await states()).toContain("running");
  const longest = await long.longest();
  expect(longest, `long tasks: ${JSON.stringify(await long.all())}`).toBeLessThanOrEqual(50);
  console.expectClean();
});

test("export downloads the level in the levels/ format, and 试玩 plays it", async ({ page }) => {
  await openEditor(page);
  await buildSmallLevel(page);
  const download = page.waitForEvent("download");
  await page.getByTestId("editor-export").click();
  const file = await download;
  const { readFileSync } = await import("node:fs");
  const exported = JSON.parse(readFileSync(await file.path(), "utf8"));
  expect(exported.cells.map((c) => c.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
  expect(exported.walls).toEqual([["c", "f"]]);
  expect(JSON.stringify(exported)).not.toMatch(/solution|path/);
  await page.getByTestId("editor-try").click();
  await expect(page.getByTestId("hex-play")).toBeVisible();
  await drag(page, solve(SMALL));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  // back to the editor with the same draft and its history
  await page.getByTestId("hex-edit").click();
  await expect(page.getByTestId("editor-cell-1-0")).toHaveAttribute("data-clue", "3");
  await expect(page.getByTestId("editor-undo")).toBeEnabled();
});

test("a level that needs guessing shows the board where reasoning gets stuck, as the engine's deduce reports it", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openEditor(page);
  // the small level without its wall: two solutions, so reasoning must stop somewhere
  for (const [q, r] of CELLS) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  await page.getByTestId("editor-tool-clue").click();
  await page.getByTestId("editor-clue-number").fill("1");
  await page.getByTestId("editor-cell-0-0").click();
  await page.getByTestId("editor-clue-number").fill("3");
  await page.getByTestId("editor-cell-1-0").click();
  const status = page.getByTestId("editor-status");
  await expect(status).toHaveAttribute("data-state", "done", { timeout: 15_000 });
  await expect(status).toHaveAttribute("data-reasoning", "stuck");

  // the oracle: the engine CLI on the same level
  const drawn = { ...SMALL, walls: [] };
  const oracle = deduce(drawn);
  expect(oracle.outcome).toBe("stuck");
  const steps = oracle.stuck_board.steps;
  const fixed = Object.fromEntries(Object.entries(steps).filter(([, s]) => s.length === 1).map(([id, [s]]) => [id, String(s)]));
  const choices = Object.keys(steps).filter((id) => steps[id].includes(oracle.stuck_step)).sort();
  const pairs = (list) => list.map(([a, b]) => [a, b].sort().join("-")).sort();
  // the board must show more than the clues: reasoning fixed a cell of its own
  expect(Object.keys(fixed).length).toBeGreaterThan(2);
  await expect(page.getByTestId("editor-reasoning")).toContainText(String(oracle.stuck_step));

  await expect(page.getByTestId("editor-stuck-board")).toHaveCount(0);
  await page.getByTestId("editor-show-stuck").click();
  await expect(page.getByTestId("editor-show-stuck")).toHaveAttribute("aria-pressed", "true");
  const overlay = page.getByTestId("editor-stuck-board");
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute("data-step", String(oracle.stuck_step));
  const read = (prefix, attr) =>
    page.locator(`[data-testid^="${prefix}"]`).evaluateAll(
      (els, [prefix, attr]) => els.map((e) => [e.dataset.testid.slice(prefix.length), attr ? e.getAttribute(attr) : null]),
      [prefix, attr],
    );
  expect(Object.fromEntries(await read("editor-stuck-cell-", "data-step"))).toEqual(fixed);
  expect((await read("editor-stuck-choice-")).map(([id]) => id).sort()).toEqual(choices);
  const sides = async (prefix) => (await read(prefix)).map(([ab]) => ab).sort();
  expect(await sides("editor-stuck-used-")).toEqual(pairs(oracle.stuck_board.used));
  expect(await sides("editor-stuck-closed-")).toEqual(pairs(oracle.stuck_board.closed));
  await snap(page, testInfo, "hex-editor-stuck-board");

  // the toggle hides it again; an edit takes it away with the old report
  await page.getByTestId("editor-show-stuck").click();
  await expect(overlay).toHaveCount(0);
  await page.getByTestId("editor-show-stuck").click();
  await expect(overlay).toBeVisible();
  await page.getByTestId("editor-tool-wall").click();
  await page.getByTestId("editor-edge-c-f").click();
  await expect(overlay).toHaveCount(0);
  await expect(status).toHaveAttribute("data-reasoning", /^tier-/, { timeout: 15_000 });
  await expect(page.getByTestId("editor-show-stuck")).toHaveCount(0);
  console.expectClean();
});

test("two solutions can be shown on the board", async ({ page }) => {
  await openEditor(page);
  for (const [q, r] of [[0, 0], [1, 0], [0, 1], [1, 1]]) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  const status = page.getByTestId("editor-status");
  await expect(status).toHaveAttribute("data-solutions", "2+", { timeout: 15_000 });
  await page.getByTestId("editor-show-two").click();
  await expect(page.getByTestId("editor-solution-a")).toBeVisible();
  const [a, b] = await Promise.all(
    ["a", "b"].map((k) => page.getByTestId(`editor-solution-${k}`).getAttribute("points")),
  );
  expect(a).not.toEqual(b);
});

test("a level with two solutions asks before its link is made; a copied link is confirmed", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openEditor(page);
  for (const [q, r] of [[0, 0], [1, 0], [0, 1], [1, 1]]) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  const status = page.getByTestId("editor-status");
  await expect(status).toHaveAttribute("data-solutions", "2+", { timeout: 15_000 });
  // Asked first; cancelling makes no link.
  await page.getByTestId("editor-copy-link").click();
  const warning = page.getByTestId("editor-share-warning");
  await expect(warning).toHaveAttribute("data-warning", "Several");
  await expect(warning).toContainText("不止一个解");
  await page.getByTestId("editor-share-cancel").click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId("editor-link")).toHaveCount(0);
  // Shared anyway: the link is made, on the clipboard, and the page says so.
  await page.getByTestId("editor-copy-link").click();
  await page.getByTestId("editor-share-anyway").click();
  const link = await page.getByTestId("editor-link").inputValue();
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  const note = page.locator('[data-testid="copy-note"][data-of="level"]');
  await expect(note).toHaveAttribute("data-sent", "copied");
  await expect(note).toHaveText("链接已复制");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test("spinners go on corners and cycle their phase", async ({ page }) => {
  await openEditor(page);
  for (const [q, r] of [[0, 0], [1, 0], [0, 1]]) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  await page.getByTestId("editor-tool-spinner").click();
  // corner 0 of (0,0) is its lower-right vertex (30° clockwise from +x)
  const box = await page.getByTestId("editor-cell-0-0").boundingBox();
  const radius = box.width / Math.sqrt(3) / 0.93;
  const at = { x: box.x + box.width / 2 + 0.8 * radius * Math.cos(Math.PI / 6), y: box.y + box.height / 2 + 0.8 * radius * Math.sin(Math.PI / 6) };
  const spinner = page.getByTestId("editor-spinner-a-0");
  for (const phase of ["0", "1", "2"]) {
    await page.mouse.click(at.x, at.y);
    await expect(spinner).toHaveAttribute("data-phase", phase);
  }
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-state", /done|invalid/, { timeout: 15_000 });
  await page.mouse.click(at.x, at.y);
  await expect(spinner).toHaveCount(0);
  await page.getByTestId("editor-undo").click();
  await expect(spinner).toHaveAttribute("data-phase", "2");
});

test("on a phone every hex of the editor is at least 44 px across and every control 44 px tall; a tap off screen is a scroll away", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phones only: a desktop board is larger anyway");
  await openEditor(page);
  const sizes = await page.locator('[data-testid^="editor-cell-"]').evaluateAll((cells) =>
    cells.map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)),
  );
  expect(sizes.length).toBeGreaterThan(20);
  expect(Math.min(...sizes), "the smallest hex, in CSS px").toBeGreaterThanOrEqual(44);
  const small = await page.locator('[data-testid="hex-editor"] button:visible, [data-testid="hex-editor"] input:visible').evaluateAll((els) =>
    els
      .map((el) => ({ id: el.dataset.testid ?? el.textContent.trim(), h: el.getBoundingClientRect().height }))
      .filter((b) => b.h < 44),
  );
  expect(small, "controls under 44 px tall").toEqual([]);
  // A hex outside the frame is scrolled to and painted by a tap, like any other.
  const far = page.getByTestId("editor-cell-6-0");
  await far.scrollIntoViewIfNeeded();
  await far.tap();
  await expect(far).toHaveAttribute("data-id", /.+/);
  await snap(page, testInfo, "hex-editor-phone-44");
});
