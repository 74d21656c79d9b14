// Fair play in the browser: what a page does when it cannot play fairly (no secure
// randomness), and the rules that decide who gets a result, driven by clicks.
import { test, expect } from "@playwright/test";
import { watchConsole } from "./helpers.mjs";

async function openLobby(page, query = "") {
  await page.goto("./" + query);
  await expect(page.getByTestId("app")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
}

for (const [name, script] of [
  ["throws", () => { crypto.getRandomValues = () => { throw new Error("disabled by policy"); }; }],
  ["hands back nothing", () => { crypto.getRandomValues = (a) => a; }],
]) {
  test(`when crypto.getRandomValues ${name}, online play says why and never starts`, async ({ page }) => {
    const console = watchConsole(page);
    await page.addInitScript(script);
    await openLobby(page);
    await page.getByTestId("lobby-quick").click();
    await expect(page.getByTestId("online-message")).toHaveText(/无法联机：crypto\.getRandomValues (failed|returned no randomness)/);
    await page.getByTestId("online-cancel").click();
    await page.getByTestId("lobby-hotseat").click();
    await page.getByTestId("point-12").click();
    await expect(page.getByTestId("point-12")).toHaveAttribute("data-owner", "B");
    console.expectClean();
  });
}
