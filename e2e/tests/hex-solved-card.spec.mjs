// A Hex Stroke win worth seeing: solving by real drags lights the path up from its
// start to its end, then the solved card shows the time, the undos and hints used and
// the best time kept on this device, with Next / Again / the level list; a share link's
// card has no Next; a locked level shows a lock and, tapped, says what opens it (the
// catalogue's rule, the spec's order); a wall bump shakes the path's head and the wall
// for 250 ms by transform only, and not at all with reduced motion.
import { test, expect } from "@playwright/test";
import { snap, watchConsole } from "./helpers.mjs";
import { shareCode } from "../engine-cli.mjs";
import {
  board, drag, expectPath, hexSpec, level, openHex, openLevel, packs, slideTo, solve, wallAhead,
} from "./hex-helpers.mjs";

/** Opens the level select with the page clock held still (times are then exact). */
async function openPaused(page, opts) {
  const start = new Date(2026, 11, 22, 9, 0, 0);
  await page.clock.install({ time: new Date(start.getTime() - 1000) });
  await page.clock.pauseAt(start);
  await openHex(page, opts);
}

const card = (page) => page.getByTestId("hex-solved");

test("solving by drags: the sweep, then the card with time, undos, hints and best; Again, Next and the level list", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openPaused(page);
  await openLevel(page, "1-1");
  const path = solve(level("1-1"));
  // one step and back (an undo), a hint, twelve seconds
  await drag(page, path.slice(0, 2));
  await drag(page, [path[1], path[0]]);
  await expectPath(page, path.slice(0, 1));
  await page.getByTestId("hex-hint").click();
  await page.clock.runFor(12_000);
  await drag(page, path);
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");

  // The sweep: each step's cell lights up after the one before, from the start to the end.
  const delays = await page.evaluate((ids) => ids.map((id) => {
    const face = document.querySelector(`[data-testid="hex-cell-${id}"] .hex-face`);
    const names = face.getAnimations().map((a) => a.animationName);
    return { names, delay: parseFloat(getComputedStyle(face).animationDelay) };
  }), path);
  for (const d of delays) expect(d.names).toContain("hex-cell-light");
  for (let k = 1; k < delays.length; k++) expect(delays[k].delay).toBeGreaterThan(delays[k - 1].delay);
  // The card waits for the sweep (the page clock holds its timer).
  await expect(card(page)).toHaveCount(0);
  await page.clock.runFor(3_000);
  await expect(card(page)).toBeVisible();
  await expect(page.getByTestId("hex-solved-time")).toHaveAttribute("data-ms", "12000");
  await expect(page.getByTestId("hex-solved-time")).toHaveText("0:12");
  await expect(page.getByTestId("hex-solved-undos")).toHaveText("1");
  await expect(page.getByTestId("hex-solved-hints")).toHaveText("1");
  await expect(page.getByTestId("hex-solved-best")).toHaveAttribute("data-ms", "12000");
  await expect(page.getByTestId("hex-solved-new-best")).toBeHidden();
  await expect(page.getByTestId("hex-solved-next")).toBeFocused();
  await page.waitForTimeout(300); // the card's 220 ms rise, for the picture
  await snap(page, testInfo, "hex-solved-card");

  // Again: the same level afresh, counted from zero; a faster clear is the new best.
  await page.getByTestId("hex-solved-again").click();
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-1");
  await expect(page.getByTestId("hex-remaining")).toHaveText(String(path.length));
  await page.clock.runFor(5_000);
  await drag(page, path);
  await page.clock.runFor(3_000);
  await expect(page.getByTestId("hex-solved-time")).toHaveAttribute("data-ms", "5000");
  await expect(page.getByTestId("hex-solved-undos")).toHaveText("0");
  await expect(page.getByTestId("hex-solved-hints")).toHaveText("0");
  await expect(page.getByTestId("hex-solved-best")).toHaveAttribute("data-ms", "5000");
  await expect(page.getByTestId("hex-solved-new-best")).toBeVisible();
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem("mode:03-hex-walls:bestMs")))).toEqual({ "1-1": 5000 });

  // Next: the next level of the line; nothing opens by itself meanwhile.
  await page.clock.runFor(10_000);
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-1");
  await page.getByTestId("hex-solved-next").click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-2");
  await expect(card(page)).toHaveCount(0);

  // The level list.
  await drag(page, solve(level("1-2")));
  await page.clock.runFor(3_000);
  await page.getByTestId("hex-solved-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await expect(page.getByTestId("hex-level-1-2")).toHaveAttribute("data-cleared", "true");
  console.expectClean();
});

test("a share link's card: no Next, Again replays it, its best is kept by content, the way back is the level select", async ({ page }) => {
  const console = watchConsole(page);
  await openPaused(page);
  const lvl = { ...level("1-4"), id: "shared-card", title: "分享的一关" };
  await page.goto(`./#play=${shareCode(lvl)}`);
  await expect(page.getByTestId("hex-level-id")).toHaveText("分享的一关");
  await page.clock.runFor(4_000);
  await drag(page, solve(lvl));
  await page.clock.runFor(3_000);
  await expect(card(page)).toBeVisible();
  await expect(page.getByTestId("hex-solved-next")).toBeHidden();
  await expect(page.getByTestId("hex-solved-again")).toBeFocused();
  await expect(page.getByTestId("hex-solved-best")).toHaveAttribute("data-ms", "4000");
  const best = JSON.parse(await page.evaluate(() => localStorage.getItem("mode:03-hex-walls:bestMs")));
  expect(Object.keys(best)).toEqual([expect.stringMatching(/^s:[0-9a-f]{16}$/)]);
  expect(await page.evaluate(() => localStorage.getItem("mode:03-hex-walls:clearedId"))).toBeNull();
  await page.getByTestId("hex-solved-again").click();
  await expect(page.getByTestId("hex-remaining")).toHaveText(String(lvl.cells.length));
  await drag(page, solve(lvl));
  await page.clock.runFor(3_000);
  await page.getByTestId("hex-solved-levels").click();
  await expect(page.getByTestId("hex-select")).toBeVisible();
  expect(page.url()).not.toContain("#play=");
  console.expectClean();
});

/** The level before `id` in its line, or what opens its line, as the spec orders packs. */
function expectedNote(id) {
  const [pack, index] = id.split("-").map(Number);
  if (index > 1) return `${id} 未解锁：先通过 ${pack}-${index - 1}`;
  if (hexSpec.spinner.packs.includes(pack)) return `${id} 未解锁：先通关主线`;
  return `${id} 未解锁：先通关转墙关卡包`;
}

test("a locked level shows a lock and, tapped, says what opens it", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openHex(page, { cleared: ["1-1"] });
  const open = page.getByTestId("hex-level-1-2");
  await expect(open.getByTestId("hex-level-lock")).toBeHidden();
  const tile = page.getByTestId("hex-level-1-4");
  await expect(tile.getByTestId("hex-level-lock")).toBeVisible();
  await expect(tile).toBeDisabled();
  // a finger's tap on the locked tile: it stays on the list and says why
  const box = await tile.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId("hex-select")).toBeVisible();
  await expect(page.getByTestId("hex-lock-note-1")).toHaveText(expectedNote("1-4"));
  await snap(page, testInfo, "hex-locked-note");
  // the first level of the spinner branch and of the large packs: the lines before them
  const firstOf = (numbers) => packs().find((p) => numbers.includes(p.pack)).levels[0].id;
  for (const id of [firstOf(hexSpec.spinner.packs), firstOf(hexSpec.large.packs)]) {
    const pack = id.split("-")[0];
    await page.getByTestId(`hex-level-${id}`).click({ force: true });
    await expect(page.getByTestId(`hex-lock-note-${pack}`)).toHaveText(expectedNote(id));
  }
  // an open level still opens
  await open.click();
  await expect(page.getByTestId("hex-level-id")).toHaveText("1-2");
  console.expectClean();
});

/** Records every element.animate() call as { fx, props, duration }. */
async function recordAnimations(page) {
  await page.addInitScript(() => {
    window.__animated = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
      const props = new Set(frames.flatMap((f) => Object.keys(f)).filter((k) => !["offset", "easing", "composite"].includes(k)));
      window.__animated.push({ fx: this.getAttribute("data-fx"), props: [...props], duration: options?.duration ?? options });
      return animate.call(this, frames, options);
    };
  });
}

for (const reduced of [false, true]) {
  test(`a wall bump shakes the path's head and the wall${reduced ? ": with reduced motion, only the flash fades" : " for 250 ms, by transform only"}`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "phone is the target");
    const console = watchConsole(page);
    if (reduced) await page.emulateMedia({ reducedMotion: "reduce" });
    await recordAnimations(page);
    await openHex(page, { cleared: ["1-1", "1-2"] });
    await openLevel(page, "1-3");
    const lvl = level("1-3");
    const { prefix, behind } = wallAhead(lvl, solve(lvl));
    await drag(page, prefix, { release: false });
    await page.evaluate(() => (window.__animated = []));
    await slideTo(page, behind);
    await page.mouse.up();
    await expectPath(page, prefix);
    expect((await board(page)).cells[behind].step).toBe("");
    // the effect layers the board marks on the head and on the wall it met
    const end = prefix.at(-1);
    const headFx = await page.getByTestId(`hex-cell-${end}`).locator(".hex-shake").getAttribute("data-fx");
    const wallEl = page.locator(`[data-testid="hex-wall-${end}-${behind}"], [data-testid="hex-wall-${behind}-${end}"]`);
    const wallFx = await wallEl.locator(":scope > g").getAttribute("data-fx");
    const flashFx = await wallEl.locator(".wall-flash").getAttribute("data-fx");
    const done = await page.evaluate(() => window.__animated);
    const shakes = done.filter((a) => a.fx === headFx || a.fx === wallFx);
    if (reduced) {
      expect(shakes).toEqual([]);
      expect(done.filter((a) => a.fx === flashFx).map((a) => a.props)).toEqual([["opacity"]]);
    } else {
      expect(shakes).toEqual([
        { fx: wallFx, props: ["transform"], duration: 250 },
        { fx: headFx, props: ["transform"], duration: 250 },
      ]);
    }
    console.expectClean();
  });
}
