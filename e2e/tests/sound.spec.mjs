// Sounds (docs/baifang-rules.md and the README's "Sounds and motion"): synthesised with Web
// Audio, silent until the page's first user gesture, never when muted. A spy on
// AudioContext counts what the page asks the audio system for.
import { test, expect } from "@playwright/test";
import { openApp, watchConsole } from "./helpers.mjs";
import { point, boardString } from "./baifang-helpers.mjs";
import { allLevels, drag, everything, openHex, openLevel, solve, wallAhead } from "./hex-helpers.mjs";

// Installed before the page's scripts: every context and oscillator the app makes is counted.
async function spyOnAudio(page) {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    window.__audio = { contexts: 0, oscillators: 0 };
    window.AudioContext = class extends Real {
      constructor(...a) { super(...a); window.__audio.contexts++; }
      createOscillator() { window.__audio.oscillators++; return super.createOscillator(); }
    };
  });
}
const audio = (page) => page.evaluate(() => ({ ...window.__audio, sounds: [...(window.__sounds ?? [])] }));

/** A tap the page cannot tell from a finger's except that it is not trusted (no user activation). */
async function syntheticTap(page, testid) {
  await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    const r = el.getBoundingClientRect();
    const opts = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, pointerId: 1, isPrimary: true, pointerType: "mouse" };
    el.dispatchEvent(new PointerEvent("pointerdown", opts));
    el.dispatchEvent(new PointerEvent("pointerup", opts));
    el.dispatchEvent(new MouseEvent("click", opts));
  }, testid);
}

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "phone", "one viewport is enough: the rules are the page's, not the layout's"));

test("Baifang is silent before the first gesture, sounds after it, and never when muted (kept across a reload)", async ({ page }) => {
  const console = watchConsole(page);
  await spyOnAudio(page);
  await openApp(page);
  // To a hot-seat game and two placements, all by untrusted events: the page acts on them…
  await syntheticTap(page, "home-baifang");
  await expect(page.getByTestId("lobby")).toBeVisible();
  await syntheticTap(page, "lobby-hotseat");
  await expect(page.getByTestId("board")).toBeVisible();
  await syntheticTap(page, "point-0");
  await syntheticTap(page, "point-24");
  await expect.poll(() => boardString(page)).toBe("B" + ".".repeat(23) + "W");
  // …and felt them (haptics), but made no sound: there was no user gesture yet.
  expect(await page.evaluate(() => (window.__haptics ?? []).length)).toBeGreaterThan(0);
  expect(await audio(page)).toEqual({ contexts: 0, oscillators: 0, sounds: [] });

  // A real tap places a stone, and its sound is synthesised.
  await point(page, 12).click();
  await expect.poll(async () => (await audio(page)).sounds).toEqual(["Place"]);
  const heard = await audio(page);
  expect(heard.contexts).toBe(1);
  expect(heard.oscillators).toBeGreaterThan(0);

  // Muted: taps still play, the audio system is asked for nothing more.
  // (in a game room the switch is in the room's menu)
  await page.getByTestId("room-menu").click();
  const toggle = page.getByTestId("sound-switch");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await page.getByTestId("menu-close").click();
  const before = (await audio(page)).oscillators;
  await point(page, 6).click();
  await point(page, 18).click();
  await expect.poll(() => boardString(page)).toBe("B.....W.....B.....B.....W");
  expect((await audio(page)).oscillators).toBe(before);
  expect((await audio(page)).sounds).toEqual(["Place"]);

  // The setting is kept: after a reload the switch is still off and taps stay silent.
  await page.reload();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("sound-switch")).toHaveAttribute("aria-pressed", "false");
  await page.getByTestId("lobby-hotseat").click();
  // (a new game or the saved one resumed: point 7 is empty in both)
  await point(page, 7).click();
  await expect(point(page, 7)).toHaveAttribute("data-owner", /[BW]/);
  expect(await audio(page)).toEqual({ contexts: 0, oscillators: 0, sounds: [] });
  console.expectClean();
});

test("Hex Stroke: steps, a wall bump and the solve each have their sound", async ({ page }) => {
  const console = watchConsole(page);
  await spyOnAudio(page);
  await openHex(page, { cleared: everything() });
  const lvl = allLevels().filter((l) => !(l.spinners ?? []).length).find((l) => wallAhead(l, solve(l)));
  const solution = solve(lvl);
  const { prefix, behind } = wallAhead(lvl, solution);
  await openLevel(page, lvl.id);
  await drag(page, prefix.length > 1 ? prefix : [prefix[0], solution[1]]);
  await expect.poll(async () => (await audio(page)).sounds).toContain("Step");
  expect((await audio(page)).oscillators).toBeGreaterThan(0);
  // Into the wall from the path's end: the bump's sound, nothing appended.
  const end = prefix.length > 1 ? prefix.at(-1) : solution[1];
  if (prefix.length > 1) {
    await drag(page, [end, behind], { steps: 3 });
    await expect.poll(async () => (await audio(page)).sounds.at(-1)).toBe("Bump");
  }
  // Finish the level: the solve rings once.
  const done = prefix.length > 1 ? prefix.length : 2;
  await drag(page, solution.slice(done - 1));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  await expect.poll(async () => (await audio(page)).sounds.filter((s) => s === "Solved").length).toBe(1);
  console.expectClean();
});
