// The review with the endgame tables: a game that reaches 4 v 4 and throws wins away
// (engine/tests/data/baifang-thrown-win.json) opened from its game link and analysed. The AI
// worker fetches the 4 v 4 table from beside the build (dist/tables/, scripts/stage-tables.sh),
// and the review shows the tables' exact words where they cover the game: the position's
// value, the turn that threw the win away (marked in the move list), the graph's certain dots.
// `engine baifang analyse --tables` says what each must be.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { snap, watchConsole } from "./helpers.mjs";
import { engineBin } from "./baifang-helpers.mjs";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
const game = join(root, "engine", "tests", "data", "baifang-thrown-win.json");
const tables = process.env.TABLES_DIR ?? join(root, "target", "endgame-tables-cache");

function engine(args) {
  const run = spawnSync(engineBin(), args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`engine ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout.trim();
}

test("a reviewed game in a covered ending shows the tables' exact values and marks the thrown win", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const console = watchConsole(page);
  // The exact parts do not depend on the search's budget: a small one keeps this quick.
  const review = JSON.parse(engine(["baifang", "analyse", game, "--tables", tables, "--nodes", "500"]));
  let ply = 0;
  const changes = [];
  for (const turn of review.turns) {
    const verdict = turn.exact?.verdict;
    if (verdict === "threwWin" || verdict === "letSlip") changes.push({ ply: ply + 1, turn, verdict });
    ply += turn.played.length;
  }
  const exactPositions = review.positions.filter((p) => p.exact !== undefined).length;
  const thrown = changes.find((c) => c.verdict === "threwWin");
  expect(thrown, "the fixture throws a covered win away").toBeTruthy();

  await page.goto(`/#game=${engine(["baifang", "link", game])}`);
  await expect(page.getByTestId("review")).toBeVisible();
  const tableRequests = [];
  page.on("request", (r) => { if (r.url().includes("/tables/")) tableRequests.push(new URL(r.url()).pathname); });
  await page.getByTestId("review-analyse").click();
  await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 280_000 });
  expect(tableRequests.sort()).toEqual(["/tables/4v4.dist", "/tables/4v4.val"]);

  // The graph draws every covered position as a certain dot.
  await expect(page.getByTestId("review-graph-exact")).toHaveAttribute("data-points", String(exactPositions));
  // The move list marks exactly the turns that changed the result.
  const marked = page.locator("[data-testid=review-move][data-verdict]");
  await expect(marked).toHaveCount(changes.length);
  for (const c of changes) {
    await expect(page.locator(`[data-testid=review-move][data-ply="${c.ply}"]`)).toHaveAttribute("data-verdict", c.verdict);
  }

  // The position before the thrown turn: won, at the tables' distance.
  const before = thrown.turn.exact.before;
  await page.locator(`[data-testid=review-move][data-ply="${thrown.ply - 1}"]`).click();
  await expect(page.getByTestId("review-exact")).toHaveAttribute("data-outcome", "win");
  await expect(page.getByTestId("review-exact")).toHaveAttribute("data-distance", String(before.win));
  await expect(page.getByTestId("review-exact")).toContainText(`${before.win} 步内必胜`);
  // The thrown turn: a blunder, in the tables' words.
  await page.locator(`[data-testid=review-move][data-ply="${thrown.ply}"]`).click();
  await expect(page.getByTestId("review-verdict")).toHaveAttribute("data-verdict", "threwWin");
  await expect(page.getByTestId("review-verdict")).toContainText(`错失必胜：走前${before.win} 步内必胜`);
  await expect(page.getByTestId("review-class")).toHaveAttribute("data-class", "blunder");
  await snap(page, testInfo, "baifang-review-thrown-win");
  console.expectClean();
});

test("a host without the tables, or with a damaged one: the review searches as before and says nothing false", async ({ page }) => {
  test.setTimeout(300_000);
  const console = watchConsole(page);
  const warnings = [];
  page.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
  for (const [name, answer] of [
    ["missing", (route) => route.fulfill({ status: 404, body: "not here" })],
    ["damaged", (route) => route.fulfill({ status: 200, contentType: "application/octet-stream", body: Buffer.from("BFTB not a table at all") })],
  ]) {
    await page.unrouteAll();
    await page.route("**/tables/**", answer);
    warnings.length = 0;
    await page.goto(`/#game=${engine(["baifang", "link", game])}`);
    await page.reload();
    await expect(page.getByTestId("review")).toBeVisible();
    await page.getByTestId("review-analyse").click();
    await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 280_000 });
    await expect(page.getByTestId("review-graph-exact"), name).toHaveAttribute("data-points", "0");
    await expect(page.locator("[data-testid=review-move][data-verdict]"), name).toHaveCount(0);
    await expect(page.getByTestId("review-exact"), name).toHaveCount(0);
    expect(warnings.join("\n"), name).toContain("endgame table 4 v 4 not used");
  }
  console.expectClean();
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("the service worker keeps the fetched table: offline, the review is still exact", async ({ page, context }) => {
    test.setTimeout(300_000);
    const console = watchConsole(page);
    await page.goto(`/#game=${engine(["baifang", "link", game])}`);
    await expect(page.getByTestId("review")).toBeVisible();
    // The worker that fetches the table is started by a page the service worker controls.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId("review-analyse").click();
    await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 280_000 });
    const kept = await page.evaluate(async () => {
      const key = (await caches.keys()).find((k) => k.startsWith("app-tables:"));
      if (!key) return [];
      return (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname).sort();
    });
    expect(kept).toEqual(["/tables/4v4.dist", "/tables/4v4.val"]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("review")).toBeVisible();
    await page.getByTestId("review-analyse").click();
    await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 280_000 });
    expect(Number(await page.getByTestId("review-graph-exact").getAttribute("data-points"))).toBeGreaterThan(50);
    await expect(page.locator("[data-testid=review-move][data-verdict=threwWin]").first()).toBeVisible();
    await context.setOffline(false);
    console.expectClean();
  });

  test("a damaged copy in the service worker's tables cache is fetched again and replaced", async ({ page }) => {
    test.setTimeout(300_000);
    const console = watchConsole(page);
    const warnings = [];
    page.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
    await page.goto(`/#game=${engine(["baifang", "link", game])}`);
    await expect(page.getByTestId("review")).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A copy kept from an older build: the right name, bytes the engine refuses.
    const tableUrl = await page.evaluate(async () => {
      const scope = (await navigator.serviceWorker.ready).scope;
      const url = new URL("tables/4v4.val", scope).href;
      const cache = await caches.open(`app-tables:${scope}`);
      await cache.put(url, new Response(new Uint8Array([66, 70, 84, 66, 0, 1, 2, 3]), {
        headers: { "content-type": "application/octet-stream" },
      }));
      return url;
    });
    await page.getByTestId("review-analyse").click();
    await expect(page.getByTestId("review-analysis")).toHaveAttribute("data-state", "done", { timeout: 280_000 });
    expect(Number(await page.getByTestId("review-graph-exact").getAttribute("data-points"))).toBeGreaterThan(50);
    expect(warnings.filter((w) => w.includes("endgame table"))).toEqual([]);
    const kept = await page.evaluate(async (url) => {
      const scope = (await navigator.serviceWorker.ready).scope;
      const hit = await (await caches.open(`app-tables:${scope}`)).match(url);
      return hit ? (await hit.arrayBuffer()).byteLength : 0;
    }, tableUrl);
    expect(kept, "the host's table replaced the damaged copy").toBeGreaterThan(1_000_000);
    console.expectClean();
  });
});
