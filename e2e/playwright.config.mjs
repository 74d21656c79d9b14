// Browser tests: Playwright's runner driving Debian's Chromium against the release build.
import { defineConfig } from "@playwright/test";

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 4173);

// scripts/test.sh runs the suite twice over: the tests tagged @alone (those that time the main
// thread or a worker against a budget) with one worker, then the rest with two, each group
// writing its report under its own name (E2E_GROUP). A plain run is one group with one worker.
const group = process.env.E2E_GROUP ?? "";
const suffix = group ? `-${group}` : "";

export default defineConfig({
  testDir: "./tests",
  outputDir: `../artifacts/test-output${suffix}`,
  fullyParallel: false,
  workers: 1,
  // One retry absorbs a shared CI machine's noise; scripts/test.sh names every test that
  // needed it ("passed on retry"), so a flaky test is visible, never silent.
  retries: 1,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: `../artifacts/e2e-results${suffix}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // A first visit speaks the browser's language; the tests read the Chinese interface
    // unless they switch (a11y-language.spec.mjs opens an English browser on purpose).
    locale: "zh-CN",
    // No test but the offline ones (offline.spec.mjs allows them) runs under the app's service
    // worker, so each test sees the build exactly as served.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, deviceScaleFactor: 2 } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `node e2e/serve.mjs dist ${port}`,
    cwd: "..",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
