// Installable and offline: the service worker (web/offline/sw.js, written per build by
// scripts/sw-precache.mjs) keeps the build, so after one visit every mode plays with the
// network off; a new deploy waits behind the "new version — reload" prompt. Each test serves
// the build from a server of its own and stops it before going offline, so nothing can come
// from the network (Playwright's offline mode alone may not cover the worker's own fetches).
// The other browser tests block service workers (playwright.config.mjs); these allow them.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startStaticServer } from "../serve.mjs";
import { snap, watchConsole } from "./helpers.mjs";
import { SMALL, allLevels, drag, level, openLevel, solve } from "./hex-helpers.mjs";

test.use({ serviceWorkers: "allow" });

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = join(root, "dist");

// The share code of hex-helpers.mjs's SMALL level (the editor tests draw the same level).
const SHARE_CODE = "AQAAAAMCPwIAAQEDAQcAqzQNWA";

/** Serves `dir` on a free loopback port; `stop()` ends the server and its connections. */
async function serve(dir) {
  const { server, port } = await startStaticServer(dir, 0);
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Console errors, except the failed network requests that being offline means. */
function watchErrors(page) {
  const watch = watchConsole(page);
  return {
    expectClean: () => {
      const real = watch.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(e));
      expect(real, `console errors:\n${real.join("\n")}`).toEqual([]);
    },
  };
}

async function open(page, url) {
  await page.goto(url);
  await expect(page.getByTestId("app")).toBeVisible();
}

/** Waits until the service worker is active and controls the page. */
async function waitForWorker(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function goOffline(site, context) {
  await site.stop();
  await context.setOffline(true);
}

test("after one visit, hot-seat, vs-AI, every Hex level, the editor and share links work offline", async ({ page, context }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const site = await serve(dist);
  await open(page, site.url);
  await waitForWorker(page);
  // Every level open to play (as if cleared), saved while still online.
  const ids = allLevels().map((l) => l.id);
  await page.evaluate((ids) => localStorage.setItem("mode:03-hex-walls:clearedId", JSON.stringify(ids)), ids);
  await goOffline(site, context);
  await page.reload();
  await expect(page.getByTestId("app")).toBeVisible();

  // hot-seat: both players place a stone
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await page.getByTestId("point-12").click();
  await expect(page.getByTestId("point-12")).toHaveAttribute("data-owner", "B");
  await page.getByTestId("point-0").click();
  await expect(page.getByTestId("point-0")).toHaveAttribute("data-owner", "W");

  // vs-AI: the AI opens from its worker (its script and wasm come from the cache)
  await open(page, site.url);
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-ai").click();
  await page.getByTestId("ai-level-beginner").click();
  await page.getByTestId("ai-colour-W").click();
  await page.getByTestId("ai-start").click();
  await expect(page.locator('[data-testid^="point-"][data-owner="B"]')).toHaveCount(1, { timeout: 15_000 });

  // every Hex level opens; the last one is played to the end
  await open(page, site.url);
  await page.getByTestId("home-hex").click();
  for (const id of ids) {
    await openLevel(page, id);
    await page.getByTestId("hex-menu").click();
    await page.getByTestId("hex-menu-levels").click();
    await expect(page.getByTestId("hex-select")).toBeVisible();
  }
  const last = ids[ids.length - 1];
  await openLevel(page, last);
  await drag(page, solve(level(last)));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");

  // the editor: its checker (the solver worker) judges a drawn level
  await open(page, site.url);
  await page.getByTestId("home-hex").click();
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  for (const [q, r] of [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]]) await page.getByTestId(`editor-cell-${q}-${r}`).click();
  await page.getByTestId("editor-tool-clue").click();
  await page.getByTestId("editor-clue-number").fill("1");
  await page.getByTestId("editor-cell-0-0").click();
  await expect(page.getByTestId("editor-status")).toHaveAttribute("data-state", "done", { timeout: 15_000 });

  // a share link, opened as a fresh load, plays
  await page.goto(`${site.url}#play=${SHARE_CODE}`);
  await page.reload();
  await expect(page.getByTestId("hex-play")).toBeVisible();
  await drag(page, solve(SMALL));
  await expect(page.getByTestId("hex-board")).toHaveAttribute("data-cleared", "true");
  errors.expectClean();
});

test("a new build's worker takes over only after the prompt", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the update path does not depend on the viewport");
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const dir = mkdtempSync(join(tmpdir(), "offline-update-"));
  cpSync(dist, dir, { recursive: true });
  const site = await serve(dir);
  try {
    const marker = page.locator('meta[name="build-marker"]');
    const prompt = page.getByTestId("update-prompt");
    await open(page, site.url);
    await waitForWorker(page);
    await expect(prompt).toHaveCount(0);

    // Deploy a changed build: index.html gains a marker and sw.js is written anew for it.
    const index = join(dir, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace("</head>", '<meta name="build-marker" content="2"></head>'));
    execFileSync(process.execPath, [join(root, "scripts", "sw-precache.mjs"), dir]);

    // The reload finds the new worker; the old one keeps serving the old build, and offers the new.
    await page.reload();
    await expect(page.getByTestId("app")).toBeVisible();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(marker).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("app")).toBeVisible();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(marker).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null)).toBe(true);
    await snap(page, testInfo, "update-prompt");

    // Only the click switches: the page reloads into the new build, and the old cache is gone.
    await prompt.click();
    await expect(marker).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId("app")).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting)).toBeNull();
    expect(await page.evaluate(() => caches.keys())).toHaveLength(1);
    errors.expectClean();
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("from a sub-path: installable with its icons, and offline after one visit", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the sub-path does not depend on the viewport");
  const errors = watchErrors(page);
  const dir = mkdtempSync(join(tmpdir(), "offline-sub-"));
  symlinkSync(dist, join(dir, "sub"));
  const site = await serve(dir);
  try {
    const base = `${site.url}sub/`;
    await open(page, base);
    await waitForWorker(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(base);
    await goOffline(site, context);
    await page.reload();
    await expect(page.getByTestId("app")).toBeVisible();

    // The manifest and every icon it names come from the sub-path (here: from the cache).
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      const json = await (await fetch(href)).json();
      const icons = [];
      for (const icon of json.icons) {
        const response = await fetch(new URL(icon.src, href));
        icons.push({ ...icon, url: response.url, ok: response.ok, type: response.headers.get("content-type") });
      }
      return { href, startUrl: new URL(json.start_url, href).href, icons };
    });
    expect(manifest.href).toBe(`${base}manifest.webmanifest`);
    expect(manifest.startUrl).toBe(base);
    for (const purpose of ["any", "maskable"]) {
      expect(manifest.icons.filter((i) => i.purpose === purpose).map((i) => i.sizes).sort()).toEqual(["192x192", "512x512"]);
    }
    for (const icon of manifest.icons) {
      expect(icon.url.startsWith(base), icon.src).toBe(true);
      expect(icon.ok, icon.src).toBe(true);
      expect(icon.type, icon.src).toBe("image/png");
    }

    await page.getByTestId("home-hex").click();
    await openLevel(page, allLevels()[0].id);
    errors.expectClean();
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a share link's first visit fetches the rest of the build for offline only after its game's module", async ({ page }) => {
  const site = await serve(dist);
  // Every file the server sends, in order, the service worker's own fetches included.
  const served = [];
  site.server.on("request", (req) => served.push(new URL(req.url, "http://x").pathname));
  await page.goto(`${site.url}#play=${SHARE_CODE}`);
  await expect(page.getByTestId("hex-board")).toBeVisible();
  await waitForWorker(page);
  const at = (pattern) => served.findIndex((p) => pattern.test(p));
  const module = at(/\/hex_bg\.wasm$/);
  const worker = at(/\/sw\.js$/);
  // The worker is registered once Hex Stroke's module is in (the shell's stylesheets came with
  // the page), and only it fetches the other game, the editor and the workers' scripts.
  expect(module).toBeGreaterThanOrEqual(0);
  expect(worker).toBeGreaterThan(module);
  expect(at(/(baifang|hex_editor|hex_solver)[^/]*\.(js|wasm)$/)).toBeGreaterThan(worker);
  expect(served.some((p) => p.endsWith("/baifang_bg.wasm"))).toBe(true);
  expect(served.some((p) => p.endsWith("/hex_editor_bg.wasm"))).toBe(true);
  await site.stop();
});
