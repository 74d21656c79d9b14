// Hex Stroke level select and saves: packs in the order players meet them, linear
// unlock, the experimental spinner branch listed and opened after the main line, progress that survives a reload, no
// half-drawn path saved, unreadable storage reset, the colour-blind wall setting.
import { test, expect } from "@playwright/test";
import { openApp, snap, watchConsole } from "./helpers.mjs";
import { drag, hexSpec, level, mainLinePacks, openHex, openLevel, packs, solve, tapNext } from "./hex-helpers.mjs";

/** The test ids of the pack sections on the page, in page order. */
const packOrder = (page) =>
  page.locator('[data-testid^="hex-pack-"]').evaluateAll((els) => els.map((e) => e.dataset.testid).filter((t) => /^hex-pack-\d+$/.test(t)));

/** The test ids of the shipped packs' sections, in the engine's progression order (the
 * order the level select lists them). */
const shippedPackIds = () =>
  hexSpec.progression.order.filter((n) => packs().some((p) => p.pack === n)).map((n) => `hex-pack-${n}`);

test("the level select is built a part per task: the first packs with the screen, each later pack after", async ({ page }) => {
  await openApp(page);
  // what the task that mounts the screen built, seen before any later task runs
  await page.evaluate(() => {
    window.__firstBuild = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="hex-select"]')) return;
        mo.disconnect();
        // packOrder's list, read here because this runs inside the mounting task
        const packs = [...document.querySelectorAll('[data-testid^="hex-pack-"]')].map((e) => e.dataset.testid).filter((t) => /^hex-pack-\d+$/.test(t));
        resolve({ packs, editor: document.querySelector('[data-testid="hex-open-editor"]') !== null });
      });
      mo.observe(document.body, { subtree: true, childList: true });
    });
  });
  await page.getByTestId("home-hex").click();
  const first = await page.evaluate(() => window.__firstBuild);
  expect(first).toEqual({ packs: shippedPackIds().slice(0, 2), editor: false });
  // then every pack, in order, and the rest of the screen
  await expect(page.getByTestId("hex-open-editor")).toBeVisible();
  const all = await packOrder(page);
  expect(all).toEqual(shippedPackIds());
});

test("the level select's later parts come without a timer: with the page's timers held, every pack and the editor's button still appear", async ({ page }) => {
  // A background tab or a test's clock holds timers (a background tab's to one a second);
  // the parts after the first are messages the page posts itself, so they come at once.
  await page.clock.install();
  await page.clock.pauseAt(new Date(2026, 11, 22, 9, 0, 0));
  await openHex(page);
  await expect(page.getByTestId("hex-open-editor")).toBeVisible();
  expect(await packOrder(page)).toEqual(shippedPackIds());
});

const storage = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("mode:03-hex-walls")).map((k) => [k, localStorage.getItem(k)])));

test("level select: packs in order, linear unlock, the spinner branch after the main line", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openHex(page);
  const all = packs();
  // the engine's progression: the tutorial, the main packs, the spinner branch (pack 2), then the large packs
  const mainLine = mainLinePacks();
  // the packs come in a task each, the editor's button after the last
  await expect(page.getByTestId("hex-open-editor")).toBeVisible();
  expect(await packOrder(page)).toEqual(shippedPackIds());
  const tutorial = all.find((p) => p.pack === 1).levels.map((l) => l.id);
  const mainIds = mainLine.flatMap((p) => p.levels.map((l) => l.id));
  await expect(page.getByTestId("hex-level-1-1")).toBeEnabled();
  await expect(page.getByTestId("hex-level-1-2")).toBeDisabled();
  await expect(page.getByTestId("hex-level-2-1")).toBeDisabled();
  await expect(page.getByTestId("hex-level-3-1")).toBeDisabled();
  await expect(page.getByTestId("hex-pack-note-2")).toHaveText("通关主线后解锁");
  await snap(page, testInfo, "hex-select-fresh");

  // partway through the tutorial: cleared marked, the next open, the branch still shut
  await openHex(page, { cleared: tutorial.slice(0, 3), current: tutorial[3] });
  for (const id of tutorial.slice(0, 3)) await expect(page.getByTestId(`hex-level-${id}`)).toHaveAttribute("data-cleared", "true");
  await expect(page.getByTestId(`hex-level-${tutorial[3]}`)).toHaveAttribute("data-cleared", "false");
  await expect(page.getByTestId(`hex-level-${tutorial[3]}`)).toBeEnabled();
  await expect(page.getByTestId(`hex-level-${tutorial[4]}`)).toBeDisabled();
  await expect(page.getByTestId("hex-level-2-1")).toBeDisabled();
  await expect(page.getByTestId("hex-continue")).toContainText(tutorial[3]);
  await snap(page, testInfo, "hex-select");

  // the tutorial cleared: the main line goes on, the experimental branch stays shut
  await openHex(page, { cleared: tutorial });
  await expect(page.getByTestId("hex-level-3-1")).toBeEnabled();
  await expect(page.getByTestId("hex-level-3-2")).toBeDisabled();
  await expect(page.getByTestId("hex-level-2-1")).toBeDisabled();
  await expect(page.getByTestId("hex-pack-note-2")).toBeVisible();

  // all but the main line's last level: still shut
  await openHex(page, { cleared: mainIds.slice(0, -1) });
  await expect(page.getByTestId(`hex-level-${mainIds.at(-1)}`)).toBeEnabled();
  await expect(page.getByTestId("hex-level-2-1")).toBeDisabled();

  // the whole main line cleared: the branch opens, one level at a time, and continue leads there
  await openHex(page, { cleared: mainIds });
  await expect(page.getByTestId("hex-level-2-1")).toBeEnabled();
  await expect(page.getByTestId("hex-level-2-2")).toBeDisabled();
  await expect(page.getByTestId("hex-pack-note-2")).toHaveCount(0);
  await expect(page.getByTestId("hex-continue")).toContainText("2-1");
  // the large packs: shut, saying what opens them, until the branch is cleared too
  const large = all.filter((p) => hexSpec.large.packs.includes(p.pack));
  expect(large.length).toBeGreaterThan(0);
  const firstLarge = large[0].levels[0].id;
  await expect(page.getByTestId(`hex-level-${firstLarge}`)).toBeDisabled();
  await expect(page.getByTestId(`hex-pack-note-${large[0].pack}`)).toHaveText("通关转墙关卡包后解锁");
  const branchIds = all.filter((p) => hexSpec.spinner.packs.includes(p.pack)).flatMap((p) => p.levels.map((l) => l.id));
  await openHex(page, { cleared: [...mainIds, ...branchIds] });
  await expect(page.getByTestId(`hex-level-${firstLarge}`)).toBeEnabled();
  await expect(page.getByTestId(`hex-level-${large[0].levels[1].id}`)).toBeDisabled();
  await expect(page.getByTestId(`hex-pack-note-${large[0].pack}`)).toHaveCount(0);
  await expect(page.getByTestId("hex-continue")).toContainText(firstLarge);
  console.expectClean();
});

test("progress survives a reload; a half-drawn path is not saved", async ({ page }) => {
  const console = watchConsole(page);
  await openHex(page);
  await openLevel(page, "1-1");
  await drag(page, solve(level("1-1")));
  await tapNext(page);
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-2");
  await drag(page, solve(level("1-2")).slice(0, 3));
  const { "mode:03-hex-walls:bestMs": best, ...saved } = await storage(page);
  expect(saved).toEqual({
    "mode:03-hex-walls:clearedId": '["1-1"]',
    "mode:03-hex-walls:currentId": "1-2",
  });
  // 1-1's best time (whatever the clock said); nothing of the half-drawn 1-2.
  expect(Object.keys(JSON.parse(best))).toEqual(["1-1"]);

  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-cleared", "true");
  await expect(page.getByTestId("hex-level-1-2")).toBeEnabled();
  await expect(page.getByTestId("hex-level-1-3")).toBeDisabled();
  await expect(page.getByTestId("hex-continue")).toContainText("1-2");
  await page.getByTestId("hex-continue").click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-2");
  // the level starts afresh
  await expect(page.getByTestId("hex-remaining")).toHaveText(String(level("1-2").cells.length));
  await expect(page.locator('[data-testid^="hex-cell-"][data-state="unvisited"]')).toHaveCount(level("1-2").cells.length);
  console.expectClean();
});

test("unreadable storage is reset without breaking the page", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("./");
  await page.evaluate(() => {
    localStorage.setItem("mode:03-hex-walls:clearedId", '{"oops": [1, 2');
    localStorage.setItem("mode:03-hex-walls:currentId", "x".repeat(500));
    localStorage.setItem("mode:03-hex-walls:settings", "not json");
  });
  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await expect(page.getByTestId("hex-level-1-1")).toBeEnabled();
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-cleared", "false");
  expect(await storage(page)).toEqual({
    "mode:03-hex-walls:clearedId": "[]",
    "mode:03-hex-walls:settings": "not json",
  });
  // and it still plays and saves
  await openLevel(page, "1-1");
  await drag(page, solve(level("1-1")));
  await tapNext(page);
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-2");
  expect((await storage(page))["mode:03-hex-walls:clearedId"]).toBe('["1-1"]');
  console.expectClean();
});

test("the colour-blind wall style is a remembered setting; the menu leads back", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone is the target");
  const console = watchConsole(page);
  await openHex(page, { cleared: ["1-1", "1-2"] });
  await openLevel(page, "1-3");
  const boardEl = page.getByTestId("hex-board");
  await expect(boardEl).not.toHaveClass(/walls-cb/);
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-setting-colorblind").click();
  await expect(page.getByTestId("hex-setting-colorblind")).toHaveAttribute("aria-checked", "true");
  await page.getByTestId("hex-menu-resume").click();
  await expect(boardEl).toHaveClass(/walls-cb/);
  await snap(page, testInfo, "hex-colour-blind-walls");

  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-setting-colorblind")).toHaveAttribute("aria-checked", "true");
  await openLevel(page, "1-3");
  await expect(page.getByTestId("hex-board")).toHaveClass(/walls-cb/);
  // menu: level list, then back to the shell
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await openLevel(page, "1-3");
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-home").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  console.expectClean();
});

test("leaving during the clear animation stays left (no card or level follows later)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone is the target");
  const console = watchConsole(page);
  await openHex(page);
  await openLevel(page, "1-1");
  await drag(page, solve(level("1-1")));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-cleared", "true");
  console.expectClean();
});

test("a pack level keeps its best time: the visible time from opening to clearing, only a faster clear replaces it", async ({ page }) => {
  const start = new Date(2026, 11, 22, 9, 0, 0);
  await page.clock.install({ time: new Date(start.getTime() - 1000) });
  await page.clock.pauseAt(start);
  await openHex(page);
  const path = solve(level("1-1"));
  const clearIn = async (ms) => {
    await openLevel(page, "1-1");
    await page.clock.runFor(ms);
    await drag(page, path);
    await expect(page.getByTestId("hex-remaining")).toHaveText("0");
  };
  await clearIn(7_000);
  await expect(page.getByTestId("hex-best")).toHaveAttribute("data-ms", "7000");
  await expect(page.getByTestId("hex-best")).toHaveText("最佳 0:07");
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-best-ms", "7000");
  // The level list stays: the cleared level's card was called off with its screen.
  await page.clock.runFor(3_000);
  await expect(page.getByTestId("hex-select")).toBeVisible();
  // Slower: the best stays; faster: it is replaced, and survives a reload.
  await clearIn(9_000);
  await expect(page.getByTestId("hex-best")).toHaveAttribute("data-ms", "7000");
  await page.getByTestId("hex-menu").click();
  await page.getByTestId("hex-menu-levels").click();
  await clearIn(4_000);
  await expect(page.getByTestId("hex-best")).toHaveAttribute("data-ms", "4000");
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem("mode:03-hex-walls:bestMs")))).toEqual({ "1-1": 4000 });
  await page.reload();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("data-best-ms", "4000");
  await expect(page.getByTestId("hex-level-1-1")).toHaveAttribute("title", "1-1 第一笔 · 最佳 0:04");
});
