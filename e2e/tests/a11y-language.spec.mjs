// Every screen speaks one language: in English no Han character shows outside
// names and level titles; in Chinese no English word shows outside proper names.
// Visible text and what screen readers read (aria-label, title, placeholder, alt)
// are both checked, including the engine's problems worded by the page.
import { test, expect } from "@playwright/test";
import { packs } from "./hex-helpers.mjs";
import { walkScreens } from "./a11y-helpers.mjs";

/**
 * Names that keep their own script in either language: a shipped title with an English form
 * (`titleEn`) is not one of them, each language shows its own.
 */
const titles = packs()
  .flatMap((p) => [p, ...p.levels])
  .filter((x) => x.title && !x.titleEn)
  .map((x) => x.title);
const HAN = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Proper names, codes and units the Chinese interface writes in Latin letters. */
const LATIN_NAMES = new Set(["English", "AI", "JSON", "Game", "Center", "Baifang", "Hex", "Stroke", "UTF", "pointy", "vs", "iOS",
  // the move notation's codes (resign and disconnect of B or W), the same in both languages
  "RB", "RW", "DB", "DW",
  // key names as the keys print them (the editor board's keyboard help)
  "Shift", "Ctrl"]);

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

/** Commands the interface quotes as they are typed (a path is not an English word). */
const COMMANDS = ["scripts/play.sh"];

function strip(text) {
  let t = text;
  for (const command of COMMANDS) t = t.split(command).join(" ");
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
    await walkScreens(page, check);
  });
}

test.describe("a first visit in an English browser", () => {
  test.use({ locale: "en-US" });
  test("speaks English, and the switch still wins", async ({ page }) => {
    await page.goto("./");
    await expect(page.getByTestId("app")).toBeVisible();
    expect(await page.evaluate(() => navigator.language)).toBe("en-US");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");
    // The packs and levels by their English titles.
    await page.getByTestId("home-hex").click();
    await expect(page.getByTestId("hex-pack-3").locator(".hex-pack-title")).toHaveText("Honeycomb Trails");
    await expect(page.getByTestId("hex-level-3-1")).toHaveAttribute("aria-label", /^3-1 First Look/);
    await page.goto("./");
    await page.getByTestId("lang-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await page.reload();
    await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  });
});

test.describe("a first visit in a Chinese browser", () => {
  test.use({ locale: "zh-TW" });
  test("speaks Chinese", async ({ page }) => {
    await page.goto("./");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  });
});
