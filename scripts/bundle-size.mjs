#!/usr/bin/env node
// What a player downloads per screen of the release build (dist/), gzip -9 as a server would
// send it, against a budget per screen; exits 1 when a screen is over its budget.
//   home     index.html, the app's JS and wasm, the stylesheets
//   Baifang  home + the AI worker (loader, JS, wasm)
//   Hex      home + the Hex solver worker (loader, JS, wasm)
// The service worker, the manifest, its icons and the mock host are left out: the first two
// are fetched beside the page (not before it works) and the mock host is only for tests.
//
//   node scripts/bundle-size.mjs [dist]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// Budgets in KiB (gzip), set a few per cent above the sizes measured when they were set
// (README, "Page size"): a growth past them fails the test command until it is looked at.
const BUDGET_KIB = { home: 780, Baifang: 875, Hex: 935 };

const dist = process.argv[2] ?? "dist";
const names = readdirSync(dist);

/** The file names of one Trunk rust binary (`bin`): its JS, its wasm, and its worker loader. */
function binary(bin, { loader }) {
  const own = names.filter((n) => new RegExp(`^${bin}(-[0-9a-f]+)?(\\.js|_bg\\.wasm)$`).test(n));
  if (own.length !== 2) throw new Error(`${dist}: expected the JS and wasm of ${bin}, found ${JSON.stringify(own)}`);
  return loader ? [...own, `${bin}_loader.js`] : own;
}

const gzipSize = (name) => gzipSync(readFileSync(join(dist, name)), { level: 9 }).length;
const home = ["index.html", ...binary("app", { loader: false }), ...names.filter((n) => n.endsWith(".css"))];
const screens = {
  home,
  Baifang: [...home, ...binary("worker", { loader: true })],
  Hex: [...home, ...binary("hex_worker", { loader: true })],
};

let over = 0;
for (const [screen, files] of Object.entries(screens)) {
  const kib = files.reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
  const budget = BUDGET_KIB[screen];
  const verdict = kib <= budget ? "ok" : "OVER BUDGET";
  if (kib > budget) over++;
  console.log(`bundle size: ${screen.padEnd(8)} ${kib.toFixed(1).padStart(7)} KiB gzip (budget ${budget} KiB) ${verdict}`);
  for (const f of files) console.log(`  ${f} ${(gzipSize(f) / 1024).toFixed(1)} KiB`);
}
process.exit(over ? 1 : 0);
