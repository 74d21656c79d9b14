// Shared helpers for the browser tests.
import { expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "artifacts", "screenshots");

/** Fails the test on any console error or uncaught page error (a Rust panic logs one). */
export function watchConsole(page) {
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return {
    errors,
    expectClean: () => expect(errors, `console errors:\n${errors.join("\n")}`).toEqual([]),
  };
}

/** Saves a screenshot named for the screen and the viewport project. */
export async function snap(page, testInfo, name) {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Opens the app on a fresh storage and waits until the wasm has mounted. */
export async function openApp(page, path = "./") {
  await page.goto(path);
  await expect(page.getByTestId("app")).toBeVisible();
}

/**
 * Records main-thread long tasks (PerformanceObserver 'longtask') from now on.
 * Call `longest()` to read the longest task seen, in ms.
 */
export async function observeLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: false });
  });
  return {
    longest: () => page.evaluate(() => Math.max(0, ...window.__longTasks)),
    all: () => page.evaluate(() => window.__longTasks),
  };
}
