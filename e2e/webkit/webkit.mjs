// Driving WebKit for the WebKit lane: one WebKitGTK MiniBrowser session through
// WebKitWebDriver (started by run.mjs under a virtual X server), with the app at a phone
// viewport. Pointer input goes through W3C pointer actions at element centres (WebKit
// refuses WebDriver's element click on SVG groups as "not interactable").
import { Builder, Origin } from "selenium-webdriver";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../engine-cli.mjs";

export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}/`;
const driverURL = `http://127.0.0.1:${process.env.WEBKIT_DRIVER_PORT ?? 4444}`;
export const screenshotDir = join(root, "artifacts", "screenshots", "webkit");
/** The phone viewport of the Chromium tests' "phone" project. */
export const PHONE = { width: 390, height: 844 };

const capabilities = {
  browserName: "MiniBrowser",
  "webkitgtk:browserOptions": {
    binary: "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    args: ["--automation", "--full-screen"],
  },
};

/** A new browser session whose page viewport is exactly 390×844 (a phone's). */
export async function session() {
  const driver = await new Builder().usingServer(driverURL).withCapabilities(capabilities).build();
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
  await fitViewport(driver);
  return driver;
}

/**
 * The page must be exactly 390×844: MiniBrowser's window has a minimum width (its
 * toolbar), so run.mjs gives the virtual X screen that size and the window runs full
 * screen, without any chrome.
 */
export async function fitViewport(driver) {
  // The new window starts at a default size; sizing it to the (phone-sized) screen
  // settles it.
  await driver.manage().window().setRect({ ...PHONE });
  let [w, h] = [0, 0];
  for (let i = 0; i < 20 && (w !== PHONE.width || h !== PHONE.height); i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    [w, h] = await driver.executeScript("return [innerWidth, innerHeight]");
  }
  if (w !== PHONE.width || h !== PHONE.height) {
    throw new Error(`the page is ${w}×${h}, not ${PHONE.width}×${PHONE.height}: is the X screen ${PHONE.width}x${PHONE.height} (run.mjs) and MiniBrowser full screen?`);
  }
}

/**
 * Polls `script` (a function body run in the page, returning a value) until `accept`
 * holds for its value; returns the value. Fails with `message` and the last value.
 */
export async function waitFor(driver, script, { accept = Boolean, timeout = 10_000, message = script } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await driver.executeScript(script);
    if (accept(last)) return last;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms: ${message} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sel = (id) => `document.querySelector('[data-testid="${id}"]')`;

/** Waits until the element with data-testid `id` is shown. */
export function waitForTestId(driver, id, timeout = 10_000) {
  return waitFor(driver, `const e = ${sel(id)}; return !!e && e.getClientRects().length > 0;`, { timeout, message: `${id} visible` });
}

/** An attribute of the element with data-testid `id` (null when missing). */
export function attr(driver, id, name) {
  return driver.executeScript(`const e = ${sel(id)}; return e ? e.getAttribute(${JSON.stringify(name)}) : null;`);
}

export function text(driver, id) {
  return driver.executeScript(`const e = ${sel(id)}; return e ? e.textContent : null;`);
}

/** The centre of the element with data-testid `id`, in viewport pixels. */
export async function centre(driver, id) {
  const c = await driver.executeScript(
    `const e = ${sel(id)}; if (!e) return null; e.scrollIntoView({ block: "nearest" }); const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 };`,
  );
  if (!c) throw new Error(`no element ${id}`);
  return { x: Math.round(c.x), y: Math.round(c.y) };
}

/** A tap (press and release) at the element's centre, once it is shown (a game's screen
 * appears only when its module has loaded). */
export async function tap(driver, id) {
  await waitForTestId(driver, id);
  const { x, y } = await centre(driver, id);
  await driver.actions({ async: true }).move({ x, y, origin: Origin.VIEWPORT }).press().release().perform();
}

/** Press on the first element, slide through the others as a finger would, lift. */
export async function drag(driver, ids, { stepMs = 60 } = {}) {
  const points = [];
  for (const id of ids) points.push(await centre(driver, id));
  let actions = driver.actions({ async: true }).move({ ...points[0], origin: Origin.VIEWPORT }).press();
  for (const p of points.slice(1)) actions = actions.move({ ...p, origin: Origin.VIEWPORT, duration: stepMs });
  await actions.release().perform();
}

/** Saves the viewport as artifacts/screenshots/webkit/<name>.png. */
export async function snap(driver, name) {
  mkdirSync(screenshotDir, { recursive: true });
  // Let the page paint what the DOM already holds (two animation frames, then the end
  // of short CSS transitions) before WebKit takes the picture.
  await driver.executeAsyncScript("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)));");
  const path = join(screenshotDir, `${name}.png`);
  writeFileSync(path, Buffer.from(await driver.takeScreenshot(), "base64"));
  return path;
}

/**
 * Collects the page's errors from now on (WebKitWebDriver has no log endpoint):
 * uncaught errors, unhandled rejections and console.error (a Rust panic logs one).
 */
export function watchErrors(driver) {
  return driver.executeScript(`
    if (window.__pageErrors) return;
    window.__pageErrors = [];
    const keep = (e) => window.__pageErrors.push(String(e));
    addEventListener("error", (e) => keep(e.message));
    addEventListener("unhandledrejection", (e) => keep(e.reason));
    const original = console.error.bind(console);
    console.error = (...args) => { keep(args.join(" ")); original(...args); };
  `);
}

export function pageErrors(driver) {
  return driver.executeScript("return window.__pageErrors ?? []");
}

/** Opens `path` (relative to the served build) and waits until the wasm app mounted. */
export async function openApp(driver, path = "./") {
  await driver.get(new URL(path, baseURL).href);
  await waitForTestId(driver, "app", 20_000);
  await watchErrors(driver);
}

/**
 * A clean local record for this origin (progress, profiles), with the interface in Chinese:
 * the tests read its words (a first visit would follow the browser's language instead;
 * shell.test.mjs checks that).
 */
export async function clearStorage(driver) {
  await driver.get(baseURL);
  await driver.executeScript("localStorage.clear(); localStorage.setItem('app:lang', 'zh-Hans')");
}
