// Browser benchmarks (not pass/fail tests): the normal browser-test setup, pointed at e2e/bench.
import base from "./playwright.config.mjs";
import { defineConfig } from "@playwright/test";

export default defineConfig({
  ...base,
  testDir: "./bench",
  retries: 0,
  timeout: 300_000,
  reporter: [["list"]],
  // Frames are not capped at the display's 60 Hz, so an interval measures the work of a frame
  // (a ProMotion phone's 120 Hz budget is 8.3 ms).
  use: {
    ...base.use,
    launchOptions: {
      ...base.use.launchOptions,
      args: [...base.use.launchOptions.args, "--disable-frame-rate-limit", "--disable-gpu-vsync"],
    },
  },
  projects: [base.projects.find((p) => p.name === "phone")],
});
