#!/usr/bin/env node
// What a player downloads per screen of the release build (dist/), in the bytes the server sends
// a browser: the build's brotli copy (FILE.br, scripts/precompress.mjs) where there is one, else
// the file itself; against a budget per screen, with the gzip copy's figure beside it (what a
// client without brotli gets). Exits 1 when a screen is over its budget, or when the build has
// no compressed copies (its post_build hook did not run).
// One line per row of the app's table of modules (web/modules.json):
//   home     index.html, the shell's JS and wasm (and the JS snippets it imports), the shell's
//            stylesheet (every .css of the build that no module names)
//   a game's screen   what opening it adds to the shell already on screen: its module's JS and
//            wasm and its stylesheets, with the worker script that starts the same module again
//            (the AI, the editor's solver) or a module of its own (the review's analysis)
//   "cold"   for a screen a link opens (a game link, a share link): what a link opened in a
//            fresh browser downloads: the page, the shell's stylesheet and snippets, and the
//            module, which carries the shell (the page starts from it, index.html), with its
//            stylesheets; a worker starts later, when the player asks for it
// The service worker, the manifest, its icons and the mock host are left out: the first two
// are fetched beside the page (not before it works) and the mock host is only for tests.
//
//   node scripts/bundle-size.mjs [dist]
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// The screens, their modules and budgets (KiB as served, brotli) come from the app's one table of
// modules (web/core/src/modules.rs), through its checked copy web/modules.json.
const MODULES = JSON.parse(readFileSync(new URL("../web/modules.json", import.meta.url), "utf8")).modules;
const FRAGMENT_OF = { "baifang-review": "game link", hex: "share link", baifang: "room link" };

const dist = process.argv[2] ?? "dist";
const names = readdirSync(dist);

/** The files of one Trunk rust binary (`bin`): its JS and wasm. */
function binary(bin) {
  const own = names.filter((n) => new RegExp(`^${bin}(-[0-9a-f]+)?(\\.js|_bg\\.wasm)$`).test(n));
  if (own.length !== 2) throw new Error(`${dist}: expected the JS and wasm of ${bin}, found ${JSON.stringify(own)}`);
  return own;
}

/** A worker's script (web/workers/), which starts a module the page already has, or its own. */
function workerScript(name) {
  if (!names.includes(name)) throw new Error(`${dist}: no worker script ${name}`);
  return [name];
}

/** Every file under dist/snippets (wasm-bindgen's inline JS the shell imports), without the
 * compressed copies beside them (each is counted as its file's bytes, not as a file of its own). */
function snippets() {
  const walk = (dir) =>
    readdirSync(join(dist, dir)).flatMap((n) => {
      const path = join(dir, n);
      if (statSync(join(dist, path)).isDirectory()) return walk(path);
      return /\.(br|gz)$/.test(n) ? [] : [path];
    });
  return names.includes("snippets") ? walk("snippets") : [];
}

if (!names.some((n) => n.endsWith(".wasm.br"))) {
  console.error(`bundle size: ${dist} has no .br copies: build it with Trunk (its post_build hook runs scripts/precompress.mjs), or run node scripts/precompress.mjs ${dist}`);
  process.exit(1);
}

/** The bytes sent for `name` in an encoding (`.br`, `.gz`): its copy, or the file when none is smaller. */
const served = (name, suffix) => {
  const copy = join(dist, name + suffix);
  return statSync(existsSync(copy) ? copy : join(dist, name)).size;
};
const brSize = (name) => served(name, ".br");
const gzipSize = (name) => served(name, ".gz");
/** A module's stylesheets (copied into the build under their own names). */
function styles(files) {
  for (const f of files) if (!names.includes(f)) throw new Error(`${dist}: no stylesheet ${f}`);
  return files;
}
const moduleStyles = new Set(MODULES.flatMap((m) => m.styles));
const page = ["index.html", ...snippets(), ...names.filter((n) => n.endsWith(".css") && !moduleStyles.has(n))];
const home = [...page, ...binary("app")];
/** Each screen's line: its files and budget; a screen a link opens also has a cold line. */
const lines = [];
for (const m of MODULES) {
  if (!m.stem) {
    lines.push({ screen: m.screen, files: home, budget: m.budgetKiB });
    continue;
  }
  const opened = [...binary(m.stem), ...styles(m.styles)];
  const worker = m.worker ? [...workerScript(m.worker), ...(m.workerStem ? binary(m.workerStem) : [])] : [];
  const workerName = m.worker ? ` + ${m.worker}${m.workerStem ? ` (${m.workerStem})` : ""}` : "";
  lines.push({ screen: m.screen + workerName, files: [...opened, ...worker], budget: m.budgetKiB });
  // A link opens the screen; its worker starts later, when the player asks for it.
  if (m.coldBudgetKiB != null) {
    const link = FRAGMENT_OF[m.screen] ?? "link";
    lines.push({ screen: `${m.screen} ${link}, cold`, files: [...page, ...opened], budget: m.coldBudgetKiB });
  }
}

let over = 0;
const kib = (bytes) => (bytes / 1024).toFixed(1);
for (const { screen, files, budget } of lines) {
  const br = files.reduce((sum, f) => sum + brSize(f), 0);
  const gz = files.reduce((sum, f) => sum + gzipSize(f), 0);
  const within = br / 1024 <= budget;
  if (!within) over++;
  const verdict = within ? "ok" : "OVER BUDGET";
  console.log(`bundle size: ${screen.padEnd(40)} ${kib(br).padStart(7)} KiB brotli (budget ${budget} KiB) ${verdict}; gzip ${kib(gz)} KiB`);
  for (const f of files) console.log(`  ${f} ${kib(brSize(f))} KiB brotli, ${kib(gzipSize(f))} KiB gzip`);
}
process.exit(over ? 1 : 0);
