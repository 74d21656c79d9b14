#!/usr/bin/env node
// Writes sw.js into a web build: the service worker template (web/offline/sw.js) with the
// build's exact file list, each file's SHA-256 and a version that is the hash of that list.
// Trunk runs it after every build (Trunk.toml, post_build hook: the files are in
// TRUNK_STAGING_DIR then); with a folder argument it (re)writes that folder's sw.js:
//
//   node scripts/sw-precache.mjs [dir]
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("sw-precache: no build folder (pass one, or run from Trunk's post_build hook)");
  process.exit(2);
}
const SW = "sw.js";
const MARKER = "/* BUILD */ { version: \"unbuilt\", files: [] }";

/** Every file under `base`, as sorted "/"-separated paths relative to it. */
function files(base, at = base) {
  return readdirSync(at, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return files(base, path);
      return entry.isFile() ? [relative(base, path).split(sep).join("/")] : [];
    })
    .sort();
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

// The worker itself is not precached (the browser fetches it to look for a new build), nor
// are hidden files (Trunk's own staging leftovers), nor the compressed copies (the browser
// asks for the file and gets whichever copy the server chose, decoded).
const list = files(dir)
  .filter((path) => path !== SW && !path.split("/").some((part) => part.startsWith(".")))
  .filter((path) => !path.endsWith(".br") && !path.endsWith(".gz"))
  .map((path) => ({ path, sha256: sha256(readFileSync(join(dir, path))) }));
if (!list.some((f) => f.path === "index.html")) {
  console.error(`sw-precache: ${dir} has no index.html`);
  process.exit(1);
}
const version = sha256(JSON.stringify(list)).slice(0, 16);

const template = readFileSync(join(root, "web", "offline", SW), "utf8");
if (template.split(MARKER).length !== 2) {
  console.error(`sw-precache: web/offline/${SW} must hold the marker ${MARKER} exactly once`);
  process.exit(1);
}
const build = JSON.stringify({ version, files: list }, null, 2);
writeFileSync(join(dir, SW), template.replace(MARKER, build));
const bytes = list.reduce((sum, f) => sum + statSync(join(dir, f.path)).size, 0);
console.log(`sw-precache: ${SW} version ${version}, ${list.length} files, ${(bytes / 1024).toFixed(0)} KiB precached`);
