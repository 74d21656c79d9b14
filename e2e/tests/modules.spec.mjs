// Each game is a wasm module of its own: the home screen downloads the shell alone, a game
// its own module once per page, and a module that cannot be downloaded is said so and retried.
// The Web Workers run their game's module again rather than a wasm of their own, except the
// review's analysis, whose module (the search, the endgame tables) comes only when it starts.
import { test, expect } from "@playwright/test";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startStaticServer } from "../serve.mjs";
import { openApp, watchConsole } from "./helpers.mjs";
import { gameLinkCode, shareCode } from "../engine-cli.mjs";
import { level } from "./hex-helpers.mjs";

const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), "..", ".."), "dist");

const MODULE = /\/(baifang|baifang_play|baifang_online|baifang_peer|baifang_review|hex|hex_editor)(_bg\.wasm|\.js)(\?.*)?$/;

/** The game modules' files this page has requested so far, by file name. */
function moduleRequests(page) {
  const seen = [];
  page.on("request", (request) => {
    const m = new URL(request.url()).pathname.match(MODULE);
    if (m) seen.push(`${m[1]}${m[2]}`);
  });
  return seen;
}

test("home downloads no game; each game downloads only its own module, once", async ({ page }) => {
  const console = watchConsole(page);
  const seen = moduleRequests(page);
  await openApp(page);
  await expect(page.getByTestId("screen-home")).toBeVisible();
  expect(seen).toEqual([]);

  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  expect(seen.sort()).toEqual(["hex.js", "hex_bg.wasm"]);

  // Back home and in again: the module stays loaded.
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  expect(seen.length).toBe(2);

  // The editor is a module of its own, downloaded only by whoever opens it.
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  // (Its solver's worker starts the same module again as soon as the editor checks the draft:
  // the browser may report those requests too, served from its cache; the last test of this
  // file checks that the workers download nothing of their own.)
  expect([...new Set(seen.filter((f) => f.startsWith("hex_editor")))].sort()).toEqual(["hex_editor.js", "hex_editor_bg.wasm"]);
  expect(seen.some((f) => f.startsWith("baifang"))).toBe(false);

  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
  expect(seen.filter((f) => f.startsWith("baifang")).sort()).toEqual(["baifang.js", "baifang_bg.wasm"]);
  console.expectClean();
});

test("Baifang's online play and review are modules of their own, and a game crosses between them", async ({ page, context }) => {
  const console = watchConsole(page);
  // Another tab of the same browser: what one screen hands the next is the next module's mount
  // argument, never a storage key this tab could see (or take) on the way.
  const otherTab = await context.newPage();
  await openApp(otherTab);
  await otherTab.evaluate(() => {
    window.__storageKeys = [];
    addEventListener("storage", (e) => window.__storageKeys.push(e.key));
  });
  const seen = moduleRequests(page);
  const baifangFiles = () => seen.filter((f) => f.startsWith("baifang")).sort();
  await openApp(page);
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();

  // A page the server did not send plays online over tabs and Game Center: that module alone.
  await page.getByTestId("lobby-online").click();
  await expect(page.getByTestId("lobby")).toHaveAttribute("data-online", "peer");
  expect(baifangFiles()).toEqual(["baifang.js", "baifang_bg.wasm", "baifang_peer.js", "baifang_peer_bg.wasm"]);
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();

  // A game on this device is the play screen's module, downloaded when the first one starts.
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("screen-baifang-play")).toBeVisible();
  expect(baifangFiles()).toContain("baifang_play_bg.wasm");
  // A finished hot-seat game goes to the review's module, and "play from here" comes back.
  for (const p of [0, 24, 1]) await page.getByTestId(`point-${p}`).click();
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await page.getByTestId("settlement-review").click();
  await expect(page.getByTestId("screen-baifang-review")).toBeVisible();
  await expect(page.getByTestId("review-players")).toBeVisible();
  expect(baifangFiles()).toContain("baifang_review_bg.wasm");
  await page.getByTestId("review-first").click();
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowRight");
  await page.getByTestId("review-play-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  for (const p of [0, 24]) await expect(page.getByTestId(`point-${p}`)).toHaveAttribute("data-owner", /[BW]/);
  await expect(page.getByTestId("point-1")).toHaveAttribute("data-owner", "");
  expect(baifangFiles().filter((f) => f.endsWith(".wasm"))).toEqual(["baifang_bg.wasm", "baifang_peer_bg.wasm", "baifang_play_bg.wasm", "baifang_review_bg.wasm"]);
  // 返回大厅 goes to the lobby, though the review opened this room; back from there passes the
  // room left (nothing to show) and lands on the review, one step at a time.
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-lobby").click();
  const confirm = page.getByTestId("leave-confirm");
  await expect(page.getByTestId("lobby").or(confirm)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("screen-baifang-review")).toBeVisible();
  const written = await otherTab.evaluate(() => window.__storageKeys);
  expect(written.filter((k) => /handoff|review|play-on/.test(k ?? ""))).toEqual([]);
  console.expectClean();
});

test("a finger on a button that opens a Baifang game starts its module's download before the tap ends, once", async ({ page }) => {
  const console = watchConsole(page);
  const seen = moduleRequests(page);
  await openApp(page);
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("lobby")).toBeVisible();
  expect(seen.filter((f) => f.startsWith("baifang_play"))).toEqual([]);
  // The pointer goes down on 双人对战 and stays there: the module comes, the lobby stays.
  const asked = page.waitForRequest((r) => /\/baifang_play_bg\.wasm$/.test(new URL(r.url()).pathname));
  await page.getByTestId("lobby-hotseat").dispatchEvent("pointerdown");
  await asked;
  await expect(page.getByTestId("lobby")).toBeVisible();
  await expect(page.getByTestId("screen-baifang-play")).toHaveCount(0);
  // The tap opens the room on the module already loaded: no second request.
  await page.getByTestId("lobby-hotseat").click();
  await expect(page.getByTestId("board")).toBeVisible();
  expect(seen.filter((f) => f.startsWith("baifang_play")).sort()).toEqual(["baifang_play.js", "baifang_play_bg.wasm"]);
  console.expectClean();
});

test("a game link opened cold downloads the review's module alone, with Baifang's lobby one step back", async ({ page, browser }) => {
  // A link to a finished game, from the review's own share field.
  await openApp(page);
  await page.getByTestId("home-baifang").click();
  await page.getByTestId("lobby-hotseat").click();
  await page.getByTestId("point-12").click();
  await page.getByTestId("room-menu").click();
  await page.getByTestId("menu-resign").click();
  await page.getByTestId("resign-confirm").click();
  await page.getByTestId("settlement-review").click();
  const link = await page.getByTestId("review-link").inputValue();

  // No service worker: its precache of the whole build would fetch the other modules.
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const other = await fresh.newPage();
  const console = watchConsole(other);
  const seen = moduleRequests(other);
  await other.goto(link);
  await expect(other.getByTestId("screen-baifang-review")).toBeVisible();
  await expect(other.getByTestId("review")).toBeVisible();
  expect(seen.sort()).toEqual(["baifang_review.js", "baifang_review_bg.wasm"]);
  await other.goBack();
  await expect(other.getByTestId("screen-baifang")).toBeVisible();
  await expect(other.getByTestId("lobby")).toBeVisible();
  await other.goBack();
  await expect(other.getByTestId("screen-home")).toBeVisible();
  console.expectClean();
  await fresh.close();
});

/** Resource timing of the files this page fetched whose path ends with `suffix`. */
async function timing(page, suffix) {
  return page.evaluate(
    (end) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname.endsWith(end))
        .map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
    suffix,
  );
}

/**
 * A phone's network for `page`, not loopback's: on loopback the shell's wasm and a module can
 * arrive within a few milliseconds, before any second request could start, which says nothing
 * about a preload. At 8 Mbit/s with 40 ms latency (this test server sends the files
 * uncompressed) they take a few hundred milliseconds, as they do for a player, so "before it
 * has arrived" measures the order of the requests.
 */
async function onPhoneNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: 1024 * 1024,
    uploadThroughput: 256 * 1024,
  });
}

test("a share link opened cold starts the page from Hex Stroke's module, which carries the shell: one wasm, asked for while the page is parsed, once", async ({ browser }) => {
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const page = await fresh.newPage();
  const console = watchConsole(page);
  const seen = moduleRequests(page);
  await onPhoneNetwork(fresh, page);
  await page.goto(`./#play=${shareCode(level("1-1"))}`);
  await expect(page.getByTestId("screen-hex")).toBeVisible({ timeout: 15_000 });
  // No download of the shell's own binary: the module brings it (web_shell::carry_the_shell!).
  const wasm = (await timing(page, "_bg.wasm")).map((e) => new URL(e.name).pathname);
  expect(wasm).toEqual([expect.stringMatching(/\/hex_bg\.wasm$/)]);
  const hexWasm = await timing(page, "/hex_bg.wasm");
  const hexJs = await timing(page, "/hex.js");
  expect(hexJs.length).toBe(1);
  // Asked for by the page's first script, while the document is still being parsed (no
  // waterfall behind any other download or script).
  const parsed = await page.evaluate(() => performance.getEntriesByType("navigation")[0].domInteractive);
  expect(hexWasm[0].startTime).toBeLessThan(parsed);
  expect(hexJs[0].startTime).toBeLessThan(parsed);
  // The preload is the download the page starts from: one request each.
  expect(seen.sort()).toEqual(["hex.js", "hex_bg.wasm"]);
  console.expectClean();
  await fresh.close();
});

test("a cold link whose module does not arrive starts the shell alone, which says so and loads the game on retry", async ({ browser }) => {
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const page = await fresh.newPage();
  await page.route(/hex_bg\.wasm/, (route) => route.abort("internetdisconnected"));
  await page.goto(`./#play=${shareCode(level("1-1"))}`);
  const failed = page.getByTestId("mode-failed");
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await page.unroute(/hex_bg\.wasm/);
  await page.getByTestId("mode-retry").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  await expect(page.getByTestId("hex-board")).toBeVisible();
  await expect(failed).toHaveCount(0);
  await fresh.close();
});

test("a shortcut into a game (#open=) opens its first screen cold with its module preloaded, then forgets itself", async ({ browser }) => {
  for (const [game, module, shown] of [["hex", "hex", ".hex-select"], ["baifang", "baifang", '[data-testid="lobby"]']]) {
    const fresh = await browser.newContext({ serviceWorkers: "block" });
    const page = await fresh.newPage();
    const console = watchConsole(page);
    const seen = moduleRequests(page);
    await page.goto(`./#open=${game}`);
    await expect(page.locator(shown).first()).toBeVisible();
    // index.html's script asked for the module, which carries the shell, and the page
    // started from it; the shell's loader found it started.
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map((l) => new URL(l.href).pathname),
    );
    expect(preloads.filter((p) => p.endsWith(`/${module}.js`) || p.endsWith(`/${module}_bg.wasm`))).toHaveLength(2);
    expect(seen.filter((f) => f === `${module}_bg.wasm`)).toEqual([`${module}_bg.wasm`]);
    // Done once the screen is open: a reload after leaving the game lands where the player is.
    expect(new URL(page.url()).hash).toBe("");
    await page.goBack();
    await expect(page.getByTestId("screen-home")).toBeVisible();
    console.expectClean();
    await fresh.close();
  }
  // A shortcut to anything but a game's first screen opens home.
  const page = await browser.newPage();
  await page.goto("./#open=hex-editor");
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.close();
});

/** The page's requests for `/api/server` (is a referee server behind the page?) so far. */
function serverQuestions(page) {
  const asked = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/server") asked.push(r.url());
  });
  return asked;
}

test("a lobby link opened cold asks whether a referee server is behind the page beside the module, once, and not inside a host", async ({ browser }) => {
  for (const path of ["./#open=baifang", "./#room=ABC234"]) {
    const fresh = await browser.newContext({ serviceWorkers: "block" });
    const page = await fresh.newPage();
    const console = watchConsole(page);
    const asked = serverQuestions(page);
    await onPhoneNetwork(fresh, page);
    await page.goto(path);
    await expect(page.getByTestId("lobby")).toBeVisible({ timeout: 15_000 });
    // This test server is a plain static host: the lobby learns there is no referee server
    // (a room link says it cannot be joined here) from the answer asked for beside the module.
    if (path.includes("room")) await expect(page.getByTestId("room-link-refused")).toBeVisible();
    const info = await timing(page, "/api/server");
    const module = await timing(page, "/baifang_bg.wasm");
    expect(info.length, path).toBe(1);
    expect(module.length, path).toBe(1);
    // Asked while the module still downloads, not a round trip after its mount...
    expect(info[0].startTime, path).toBeLessThan(module[0].responseEnd);
    // ...and the lobby's own question took that answer: one request.
    expect(asked, path).toHaveLength(1);
    console.expectClean();
    await fresh.close();
  }
  // Inside a native host (the mock host stands in for the iPhone app) the lobby asks
  // nothing, and neither does the page.
  const page = await browser.newPage();
  const asked = serverQuestions(page);
  await page.goto("./?host=mock#open=baifang");
  await expect(page.getByTestId("lobby")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await page.close();
});

test("a game's module is instantiated in one task and mounts its screen in a later one", async ({ browser }) => {
  for (const [game, file, screen] of [["hex", "hex_bg.wasm", "screen-hex"], ["baifang", "baifang_bg.wasm", "screen-baifang"]]) {
    const fresh = await browser.newContext({ serviceWorkers: "block" });
    const page = await fresh.newPage();
    // When a wasm instantiation resolves, a message is posted at once: its handler runs in
    // the first task after the one that instantiated, and records whether the screen was
    // there by then (mounted in the instantiation's own microtasks).
    await page.addInitScript((screen) => {
      window.__instantiated = [];
      const original = WebAssembly.instantiateStreaming;
      WebAssembly.instantiateStreaming = (source, imports) => {
        const url = Promise.resolve(source).then((r) => r.url);
        const result = original.call(WebAssembly, source, imports);
        Promise.all([url, result]).then(([url]) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const mounted = document.querySelector(`[data-testid="${screen}"]`) !== null;
            window.__instantiated.push({ url, mounted });
          };
          channel.port2.postMessage(null);
        });
        return result;
      };
    }, screen);
    await page.goto(`./#open=${game}`);
    await expect(page.getByTestId(screen)).toBeVisible();
    const seen = await page.evaluate(() => window.__instantiated);
    expect(seen.filter((i) => new URL(i.url).pathname.endsWith(`/${file}`))).toEqual([
      expect.objectContaining({ mounted: false }),
    ]);
    await fresh.close();
  }
});

test("the home screen asks for no game module and no test tool", async ({ browser }) => {
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const page = await fresh.newPage();
  const seen = moduleRequests(page);
  const mockHost = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith("/mock-host.js")) mockHost.push(r.url());
  });
  await page.goto("./");
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(seen).toEqual([]);
  expect(mockHost).toEqual([]);
  // The shell's own preloads are all the page holds: index.html's for app-<hash>, the binary
  // the home screen starts from.
  const shellOwn = /\/app-[0-9a-f]+(_bg\.wasm|\.js)$|\/snippets\/web-shell-[0-9a-f]+\/inline\d+\.js$/;
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map((l) => new URL(l.href).pathname),
  );
  expect(preloads.filter((p) => !shellOwn.test(p))).toEqual([]);
  await fresh.close();
});

test("a game that cannot be downloaded says so, goes home, and loads on retry", async ({ page }) => {
  await openApp(page);
  await page.route(/baifang_bg\.wasm/, (route) => route.abort("internetdisconnected"));
  await page.getByTestId("home-baifang").click();
  const failed = page.getByTestId("mode-failed");
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("载入失败");
  await expect(page.getByTestId("screen-baifang")).toHaveCount(0);

  // Home from the error, and the retry once the network is back.
  await page.getByTestId("mode-home").click();
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.getByTestId("home-baifang").click();
  await expect(failed).toBeVisible();
  await page.unroute(/baifang_bg\.wasm/);
  await page.getByTestId("mode-retry").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("the language switched inside a game is the shell's too, and the other way round", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  await page.getByTestId("lang-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("nav-back").click();
  await expect(page.getByTestId("home-hex")).toContainText("Hex Stroke");

  await page.getByTestId("lang-switch").click();
  await expect(page.getByTestId("home-hex")).toContainText("六边一笔");
  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-title")).toContainText("六边一笔");
});

test("the editor keeps its draft when left through the history and opened again", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("home-hex").click();
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  await page.getByTestId("editor-cell-0-0").click();
  await page.getByTestId("editor-cell-1-0").click();
  await expect(page.getByTestId("editor-cell-1-0")).toHaveAttribute("data-id", /.+/);

  // Back to the player's Hex Stroke (another module), then into the editor again.
  await page.goBack();
  await expect(page.getByTestId("hex-open-editor")).toBeVisible();
  await page.getByTestId("hex-open-editor").click();
  await expect(page.getByTestId("hex-editor")).toBeVisible();
  await expect(page.getByTestId("editor-cell-1-0")).toHaveAttribute("data-id", /.+/);
});

test("the lobby's download carries no AI and no board: the play screen's module comes with a game, its worker brings the analysis module when a game against the AI starts; the editor's solver runs in the editor's module", async ({ page }) => {
  // A server of its own, whose log sees the workers' requests too.
  const { server, port } = await startStaticServer(dist, 0);
  const served = new Set();
  server.on("request", (req) => served.add(new URL(req.url, "http://x").pathname));
  const wasmServed = () => [...served].filter((p) => p.endsWith(".wasm")).map((p) => p.replace(/^\/app-[0-9a-f]+_/, "/app_")).sort();
  try {
    const console = watchConsole(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByTestId("home-baifang").click();
    await expect(page.getByTestId("lobby-ai")).toBeVisible();
    // The lobby alone: its games' module comes with the first game.
    expect(wasmServed()).toEqual(["/app_bg.wasm", "/baifang_bg.wasm"]);
    await page.getByTestId("lobby-ai").click();
    await page.getByTestId("ai-level-medium").click();
    await page.getByTestId("ai-colour-B").click();
    await page.getByTestId("ai-start").click();
    await page.getByTestId("point-12").click();
    await expect(page.locator('[data-testid^="point-"][data-owner="W"]')).toHaveCount(1, { timeout: 20_000 });

    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByTestId("home-hex").click();
    await page.getByTestId("hex-open-editor").click();
    for (const [field, value] of [["editor-gen-cells", 20], ["editor-gen-seed", 3]]) {
      await page.getByTestId(field).fill(String(value));
      await page.getByTestId(field).dispatchEvent("change");
    }
    await page.getByTestId("editor-generate").click();
    await expect(page.getByTestId("editor-status")).toHaveAttribute("data-state", "done", { timeout: 45_000 });
    console.expectClean();

    expect(served.has("/baifang_ai.js")).toBe(true);
    expect(served.has("/hex_solver.js")).toBe(true);
    expect(wasmServed()).toEqual(["/app_bg.wasm", "/baifang_analysis_bg.wasm", "/baifang_bg.wasm", "/baifang_play_bg.wasm", "/hex_bg.wasm", "/hex_editor_bg.wasm"]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test("a cold game link downloads the review without its analysis; the analysis module comes when it starts", async ({ page }) => {
  const console = watchConsole(page);
  const wasm = [];
  page.on("request", (request) => {
    const m = new URL(request.url()).pathname.match(/\/([a-z_]+?)(-[0-9a-f]+)?_bg\.wasm$/);
    if (m) wasm.push(m[1]);
  });
  const game = [0, 24, 1, 23, 5, 22, 6].map((to) => ({ actionType: 0, toIndex: to }));
  await page.goto(`/#game=${gameLinkCode(game)}`);
  await expect(page.getByTestId("review")).toBeVisible();
  // The review's module carries the shell: the page starts from it alone.
  expect(wasm.sort()).toEqual(["baifang_review"]);
  await page.getByTestId("review-analyse").click();
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  expect(wasm.sort()).toEqual(["baifang_analysis", "baifang_review"]);
  console.expectClean();
});

const STYLE = /\/(baifang|review|hex)\.css(\?.*)?$/;

/** The game stylesheets this page has requested so far, by file name. */
function styleRequests(page) {
  const seen = [];
  page.on("request", (request) => {
    const m = new URL(request.url()).pathname.match(STYLE);
    if (m) seen.push(`${m[1]}.css`);
  });
  return seen;
}

test("each game's stylesheets come with its module, applied before its screen shows", async ({ browser }) => {
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const page = await fresh.newPage();
  const console = watchConsole(page);
  const seen = styleRequests(page);
  await page.goto("./");
  await expect(page.getByTestId("screen-home")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Home holds the shell's stylesheet alone.
  expect(seen).toEqual([]);
  const sheets = () => page.evaluate(() => [...document.styleSheets].map((s) => new URL(s.href ?? "inline:", location.href).pathname.split("/").pop()));
  expect((await sheets()).filter((f) => /\.css$/.test(f) && !/^app-[0-9a-f]+\.css$/.test(f))).toEqual([]);

  await page.getByTestId("home-hex").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  expect(seen).toEqual(["hex.css"]);
  // Its rules hold from the first frame the screen is in (the loader waits for the sheet).
  await expect(page.locator(".hex-select").first()).toHaveCSS("display", "flex");

  await page.getByTestId("nav-back").click();
  await page.getByTestId("home-baifang").click();
  await expect(page.getByTestId("screen-baifang")).toBeVisible();
  await expect(page.locator(".lobby").first()).toHaveCSS("display", "flex");
  expect(seen.sort()).toEqual(["baifang.css", "hex.css", "review.css"]);
  console.expectClean();
  await fresh.close();
});

test("a share link opened cold links Hex Stroke's stylesheet alone, once", async ({ browser }) => {
  const fresh = await browser.newContext({ serviceWorkers: "block" });
  const page = await fresh.newPage();
  const console = watchConsole(page);
  const seen = styleRequests(page);
  await page.goto(`./#play=${shareCode(level("1-1"))}`);
  await expect(page.getByTestId("screen-hex")).toBeVisible({ timeout: 15_000 });
  // index.html's script linked it; the loader found that link and waited for it.
  expect(seen).toEqual(["hex.css"]);
  expect(await page.locator('link[data-style="hex.css"]').count()).toBe(1);
  console.expectClean();
  await fresh.close();
});

test("a game whose stylesheet cannot be downloaded says so and loads on retry", async ({ page }) => {
  await openApp(page);
  await page.route(/\/hex\.css/, (route) => route.abort("internetdisconnected"));
  await page.getByTestId("home-hex").click();
  const failed = page.getByTestId("mode-failed");
  await expect(failed).toBeVisible();
  await expect(page.getByTestId("screen-hex")).toHaveCount(0);
  await page.unroute(/\/hex\.css/);
  await page.getByTestId("mode-retry").click();
  await expect(page.getByTestId("screen-hex")).toBeVisible();
  await expect(page.locator(".hex-select").first()).toHaveCSS("display", "flex");
  await expect(failed).toHaveCount(0);
});
