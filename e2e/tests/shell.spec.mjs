// The app shell: loads cleanly, offers both games, opens each, switches language.
import { test, expect } from "@playwright/test";
import { openApp, snap, watchConsole } from "./helpers.mjs";

test("loads with no console errors and shows both games", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await expect(page.getByTestId("home-baifang")).toContainText("摆方 1v1");
  await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await snap(page, testInfo, "home");
  console.expectClean();
});

test("each game opens its own screen and back returns home", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);

  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
  await snap(page, testInfo, "baifang");
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();

  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  await snap(page, testInfo, "hex");
  // The browser's own back button works too, and the URL never changed (the fragment stays free).
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");
  console.expectClean();
});

test("the language switch changes the interface and is remembered", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openApp(page);
  await page.getByTestId("lang-switch").click();
  await expect(page.getByTestId("home-baifang")).toContainText("Baifang 1v1");
  await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await snap(page, testInfo, "home-en");

  await page.reload();
  await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");
  await page.getByTestId("lang-switch").click();
  await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  console.expectClean();
});

test("touch targets are at least 44 px", async ({ page }) => {
  await openApp(page);
  for (const id of ["home-baifang", "home-hex", "lang-switch"]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box.height, id).toBeGreaterThanOrEqual(44);
    expect(box.width, id).toBeGreaterThanOrEqual(44);
  }
});

test("the splash covers the load and is gone once the app mounts", async ({ page }) => {
  const html = await (await page.request.get("./")).text();
  expect(html).toContain('data-testid="splash"');
  await openApp(page);
  await expect(page.getByTestId("splash")).toHaveCount(0);
});
