// Names the browser tests that failed or passed only on a retry, from Playwright's JSON report.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));

function* specs(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? []) yield { spec, path: here };
  for (const child of suite.suites ?? []) yield* specs(child, here);
}

for (const suite of report.suites) {
  for (const { spec, path } of specs(suite)) {
    for (const test of spec.tests) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      const label = test.status === "flaky" ? "passed on retry" : "FAILED";
      const first = test.results.find((r) => r.status !== "passed" && r.status !== "skipped");
      const why = (first?.errors?.[0]?.message ?? first?.error?.message ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n")[0];
      console.log(`${label}: [${test.projectName}] ${[...path, spec.title].join(" › ")}${why ? ` — ${why}` : ""}`);
    }
  }
}
