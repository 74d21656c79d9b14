#!/usr/bin/env node
// Lighthouse as a new player meets the app: npm `lighthouse` (mobile preset: simulated slow 4G
// and a 4× slower CPU) against the referee server on loopback serving the release build, with
// /usr/bin/chromium. Five pages, each opened cold: home, a Baifang game link, a Hex Stroke share
// link, and each game's first screen by its shortcut (`#open=`). Three runs per page; the run
// with the median performance score is kept (its JSON in OUT/<page>.json) and printed: the four
// scores, FCP, LCP, TBT, CLS and the bytes the page transferred. Exits 1 when a page is under
// its threshold: accessibility, best practices and SEO 100 everywhere, performance ≥ 98 on home
// and ≥ 95 on every cold link (they measure 96–99 here since a link's module carries the shell,
// README "Lighthouse").
//
//   node scripts/lighthouse.mjs [--server BIN] [--dist DIR] [--runs N] [--out DIR] [--only PAGE]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

// A game of 摆方 as its link carries it (`engine baifang link
// engine/tests/data/baifang-game.json --black 蓝 --white 橙`), and level 1-1 as its
// share link does (`engine hex share encode`); the review and the play screen open on them.
const GAME_CODE = "AQPok50D5qmZLgcABhQMCwgNAgEDig0JBQSCBREWDgoPFRgXXm1iipRyVJRqS0ZOfo1COxo2foL6P32y";
const SHARE_CODE = "AQEAAAMBBwEAAQAACeesrOS4gOeslCxYJSs";

// `performance`: the median performance under which the run fails.
const PAGES = [
  { name: "home", path: "./", performance: 98 },
  { name: "baifang-game-link", path: `./#game=${GAME_CODE}`, performance: 95 },
  { name: "hex-share-link", path: `./#play=${SHARE_CODE}`, performance: 95 },
  { name: "hex-level-select", path: "./#open=hex", performance: 95 },
  { name: "baifang-lobby", path: "./#open=baifang", performance: 95 },
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const FULL_MARKS = 100;

const { values: opts } = parseArgs({
  options: {
    server: { type: "string", default: process.env.SERVER_BIN ?? "target/release/server" },
    dist: { type: "string", default: "dist" },
    runs: { type: "string", default: "3" },
    out: { type: "string", default: "artifacts/lighthouse" },
    only: { type: "string" },
  },
});
const port = Number(process.env.E2E_PORT ?? 4173) + 20;
const base = `http://127.0.0.1:${port}/`;

/** The referee server on loopback with a throwaway database; resolves once it answers. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "lighthouse-server-"));
  const args = ["--bind", `127.0.0.1:${port}`, "--dist", opts.dist, "--database", join(dataDir, "db.sqlite3")];
  const server = spawn(opts.server, args, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  server.stderr.on("data", (d) => (log += d));
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${log}`);
    try {
      if ((await fetch(`${base}api/server`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`the server did not answer on ${base}: ${log}`);
}

/** One Lighthouse run of `url` in a fresh Chromium (nothing cached, nothing stored). */
async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr, id) => Math.round(lhr.audits[id].numericValue);

/** What the report says of one page: its scores, its metrics, and what fell short. */
function row(page, lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)]));
  const shortfalls = CATEGORIES.filter((c) => scores[c] < (c === "performance" ? page.performance : FULL_MARKS)).map(
    (c) => `${c} ${scores[c]} < ${c === "performance" ? page.performance : FULL_MARKS}`,
  );
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    page: page.name,
    ...scores,
    performanceThreshold: page.performance,
    fcpMs: ms(lhr, "first-contentful-paint"),
    lcpMs: ms(lhr, "largest-contentful-paint"),
    tbtMs: ms(lhr, "total-blocking-time"),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    transferKiB: Number((lhr.audits["total-byte-weight"].numericValue / 1024).toFixed(1)),
    shortfalls,
    failedAudits: shortfalls.length ? failed : [],
  };
}

const stopServer = await startServer();
const rows = [];
try {
  mkdirSync(opts.out, { recursive: true });
  for (const page of PAGES.filter((p) => !opts.only || p.name === opts.only)) {
    const runs = [];
    for (let i = 0; i < Number(opts.runs); i++) runs.push(await audit(new URL(page.path, base).href));
    runs.sort((a, b) => score(a, "performance") - score(b, "performance"));
    const median = runs[Math.floor(runs.length / 2)];
    writeFileSync(join(opts.out, `${page.name}.json`), JSON.stringify(median));
    const r = row(page, median);
    r.performanceRuns = runs.map((lhr) => score(lhr, "performance"));
    rows.push(r);
    console.log(JSON.stringify(r));
  }
} finally {
  stopServer();
}
writeFileSync(join(opts.out, "summary.json"), JSON.stringify(rows, null, 2));
console.log("\n| page | performance (threshold) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | transferred |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} (${r.performanceThreshold}; runs ${r.performanceRuns.join(", ")}) | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.transferKiB} KiB |`,
  );
}
const short = rows.filter((r) => r.shortfalls.length);
for (const r of short) console.log(`under its threshold: ${r.page}: ${r.shortfalls.join(", ")} (failed audits: ${r.failedAudits.join(", ") || "none"})`);
process.exit(short.length ? 1 : 0);
