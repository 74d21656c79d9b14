#!/usr/bin/env node
// Trunk's post_build hook, in the order the steps depend on each other: sw.js first (its list
// of the build's files and their hashes), then the compressed copies of every file, sw.js too.
//
//   node scripts/post-build.mjs   (from Trunk; TRUNK_STAGING_DIR names the build folder)
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
for (const step of ["sw-precache.mjs", "precompress.mjs"]) {
  execFileSync(process.execPath, [join(here, step), ...process.argv.slice(2)], { stdio: "inherit" });
}
