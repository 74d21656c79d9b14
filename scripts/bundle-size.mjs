#!/usr/bin/env node
// What a player downloads per screen of the release build (dist/), in the bytes the server sends
// a browser: the build's brotli copy (FILE.br, scripts/precompress.mjs) where there is one, else
// the file itself; against a budget per screen, with the gzip copy's figure beside it (what a
// client without brotli gets). Exits 1 when a screen is over its budget, or when the build has
// no compressed copies (its post_build hook did not run).
//   home     index.html, the shell's JS and wasm (and the JS snippets it imports), the stylesheets
//   Baifang  opening the game: its lobby's module (the games on one device), loaded by the
//            shell on the first visit
//   Baifang + AI   the AI worker added once a game against the AI starts: its script, which
//                  starts the module already downloaded (web/workers/)
//   Baifang online (server) / (peer)   online play through the referee server, or over Game
//            Center and browser tabs: the module of the one that can play here
//   Baifang review + analysis   a game's review with its analysis worker's script
//   Hex      opening the game (level select, play, share links): its module
//   Hex editor     the editor's module (all of Hex Stroke with the editor) and its solver worker's
//                  script, loaded when a designer opens the editor
// A game's lines count what it adds to the shell already on screen; "cold" lines add the shell,
// which is what a link opened in a fresh browser downloads.
// The service worker, the manifest, its icons and the mock host are left out: the first two
// are fetched beside the page (not before it works) and the mock host is only for tests.
//
//   node scripts/bundle-size.mjs [dist]
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// Budgets in KiB as served (brotli). The goals: 150 for the home screen, 300 for opening a game
// (each of Baifang's screens, Hex Stroke). The editor's and the cold links' are set a few per
// cent above the sizes measured when they were set (README, "Page size"), so growth fails the
// test command until it is looked at.
const BUDGET_KIB = {
  home: 150,
  Baifang: 300,
  "Baifang + AI": 300,
  "Baifang online (server)": 300,
  "Baifang online (peer)": 300,
  "Baifang review + analysis": 300,
  "Baifang game link, cold": 285,
  Hex: 300,
  "Hex editor": 355,
  "Hex cold (share link)": 295,
};

const dist = process.argv[2] ?? "dist";
const names = readdirSync(dist);

/** The files of one Trunk rust binary (`bin`): its JS and wasm. */
function binary(bin) {
  const own = names.filter((n) => new RegExp(`^${bin}(-[0-9a-f]+)?(\\.js|_bg\\.wasm)$`).test(n));
  if (own.length !== 2) throw new Error(`${dist}: expected the JS and wasm of ${bin}, found ${JSON.stringify(own)}`);
  return own;
}

/** A worker's script (web/workers/), which starts a module the page already has. */
function workerScript(name) {
  if (!names.includes(name)) throw new Error(`${dist}: no worker script ${name}`);
  return [name];
}

/** Every file under dist/snippets (wasm-bindgen's inline JS the shell imports). */
function snippets() {
  const walk = (dir) =>
    readdirSync(join(dist, dir)).flatMap((n) => {
      const path = join(dir, n);
      return statSync(join(dist, path)).isDirectory() ? walk(path) : [path];
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
const home = ["index.html", ...binary("app"), ...snippets(), ...names.filter((n) => n.endsWith(".css"))];
const baifang = binary("baifang");
const review = [...binary("baifang_review"), ...workerScript("baifang_review_ai.js")];
const hex = binary("hex");
const hexEditor = binary("hex_editor");
const screens = {
  home,
  Baifang: baifang,
  "Baifang + AI": [...baifang, ...workerScript("baifang_ai.js")],
  "Baifang online (server)": binary("baifang_online"),
  "Baifang online (peer)": binary("baifang_peer"),
  "Baifang review + analysis": review,
  "Baifang game link, cold": [...home, ...review],
  Hex: hex,
  "Hex editor": [...hexEditor, ...workerScript("hex_solver.js")],
  "Hex cold (share link)": [...home, ...hex],
};

let over = 0;
const kib = (bytes) => (bytes / 1024).toFixed(1);
for (const [screen, files] of Object.entries(screens)) {
  const br = files.reduce((sum, f) => sum + brSize(f), 0);
  const gz = files.reduce((sum, f) => sum + gzipSize(f), 0);
  const budget = BUDGET_KIB[screen];
  const within = br / 1024 <= budget;
  if (!within) over++;
  const verdict = within ? "ok" : "OVER BUDGET";
  console.log(`bundle size: ${screen.padEnd(28)} ${kib(br).padStart(7)} KiB brotli (budget ${budget} KiB) ${verdict}; gzip ${kib(gz)} KiB`);
  for (const f of files) console.log(`  ${f} ${kib(brSize(f))} KiB brotli, ${kib(gzipSize(f))} KiB gzip`);
}
process.exit(over ? 1 : 0);
