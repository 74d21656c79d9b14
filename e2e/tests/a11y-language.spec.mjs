// Every screen speaks one language: in English no Han character shows outside
// names and level titles; in Chinese no English word shows outside proper names.
// Visible text and what screen readers read (aria-label, title, placeholder, alt)
// are both checked, including the engine's problems worded by the page.
import { test, expect } from "@playwright/test";
import { packs } from "./hex-helpers.mjs";

/** Names that keep their own script in either language. */
const titles = packs().flatMap((p) => [p.title, ...p.levels.map((l) => l.title)]).filter(Boolean);
const HAN = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Proper names, codes and units the Chinese interface writes in Latin letters. */
const LATIN_NAMES = new Set(["English", "AI", "JSON", "Game", "Center", "Baifang", "Hex", "Stroke", "UTF", "pointy", "vs"]);

/** Every string a person can see or hear on the page now. */
async function pageTexts(page) {
  return page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll("[aria-label],[title],[placeholder],[alt]")) {
      if (el.closest("[aria-hidden=true]")) continue;
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out.join("\n");
  });
}

function strip(text) {
  let t = text;
  for (const name of [...titles].sort((a, b) => b.length - a.length)) t = t.split(name).join(" ");
  return t;
}

async function expectOneLanguage(page, lang, screen) {
  const text = strip(await pageTexts(page));
  if (lang === "en") {
    // The switch names the other language in its own script.
    const bad = text.split("\n").filter((line) => HAN.test(line.replace("中文", "")));
    expect(bad, `Han characters on the English ${screen} screen`).toEqual([]);
  } else {
    const words = [...text.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((w) => !LATIN_NAMES.has(w));
    expect(words, `English words on the Chinese ${screen} screen`).toEqual([]);
  }
}

for (const lang of ["en", "zh-Hans"]) {
  test(`every screen speaks ${lang} only`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((code) => localStorage.setItem("app:lang", code), lang);
    const check = (screen) => expectOneLanguage(page, lang === "en" ? "en" : "zh", screen);
    await page.goto("./");
    await expect(page.getByTestId("app")).toBeVisible();
    await check("home");

    // Baifang: lobby, the AI sheet, a hot-seat room with its menu and a settlement.
    await page.getByTestId("home-baifang").click();
    await expect(page.getByTestId("lobby")).toBeVisible();
    await check("Baifang lobby");
    await page.getByTestId("lobby-ai").click();
    await expect(page.getByTestId("ai-sheet")).toBeVisible();
    await check("AI sheet");
    await page.getByTestId("ai-start").click();
    await expect(page.getByTestId("board")).toBeVisible();
    await check("vs-AI room");
    await page.goto("./");
    await page.getByTestId("home-baifang").click();
    await page.getByTestId("lobby-hotseat").click();
    await expect(page.getByTestId("board")).toBeVisible();
    for (const p of [0, 24, 1, 23, 5, 19, 6]) await page.getByTestId(`point-${p}`).click();
    await check("hot-seat room while capturing");
    await page.getByTestId("room-menu").click();
    await check("room menu");
    await page.getByTestId("menu-resign").click();
    await check("resign confirmation");
    await page.getByTestId("resign-confirm").click();
    await expect(page.getByTestId("settlement")).toBeVisible();
    await check("settlement");

    // Online: the waiting panel.
    await page.goto("./");
    await page.getByTestId("home-baifang").click();
    await page.getByTestId("lobby-quick").click();
    await expect(page.getByTestId("online-wait")).toBeVisible();
    await check("online waiting");

    // Hex Stroke: level select, a level with its menu, the editor with problems.
    await page.goto("./");
    await page.getByTestId("home-hex").click();
    await expect(page.getByTestId("hex-select")).toBeVisible();
    await check("Hex level select");
    await page.getByTestId("hex-continue").click();
    await expect(page.getByTestId("hex-play")).toBeVisible();
    await check("Hex play");
    await page.getByTestId("hex-menu").click();
    await expect(page.getByTestId("hex-menu-sheet")).toBeVisible();
    await check("Hex menu");
    await page.getByTestId("hex-menu-levels").click();
    await page.getByTestId("hex-open-editor").click();
    await expect(page.getByTestId("editor-import-text")).toBeVisible();
    await check("editor");
    // An engine problem about a level, worded by the page.
    await page.getByTestId("editor-import-text").fill(
      JSON.stringify({ id: "x", cells: [{ id: "a", q: 0, r: 0, clue: 1 }, { id: "b", q: 1, r: 0, clue: 1 }] }),
    );
    await page.getByTestId("editor-import").click();
    await expect(page.getByTestId("editor-import-error").first()).toBeVisible();
    await check("editor import problem");
    await page.getByTestId("editor-import-text").fill('{"id": "x",');
    await page.getByTestId("editor-import").click();
    await expect(page.getByTestId("editor-import-error").first()).toContainText(/1/);
    await check("editor JSON problem");

    // A broken share link: the engine's reason, worded by the page.
    await page.goto("./#play=AAAA");
    await expect(page.getByTestId("hex-share-error")).toBeVisible();
    await expect(page.getByTestId("hex-share-error-text")).not.toBeEmpty();
    await check("share error");
  });
}
