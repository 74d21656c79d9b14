#!/usr/bin/env node
// Writes the compressed copies of a web build that servers send instead of the files: for each
// text or wasm file, FILE.br (brotli, quality 11, the largest window) and FILE.gz (gzip -9).
// Compressing once at build time lets the server send the smallest bytes with no CPU per request
// (brotli 11 takes seconds per megabyte: far too slow on the fly). A copy that would not be
// smaller is not written, so the server sends the file as it is. Trunk runs it after
// sw-precache.mjs (scripts/post-build.mjs); by hand:
//
//   node scripts/precompress.mjs [dir]
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("precompress: no build folder (pass one, or run from Trunk's post_build hook)");
  process.exit(2);
}

/** Extensions worth compressing: text and wasm. Images and fonts are compressed formats. */
const TEXT = [".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".xml"];
const COMPRESSIBLE = [...TEXT, ".wasm"];

/** Every file under `at`, with its path. */
function files(at) {
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const path = join(at, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.isFile() ? [path] : [];
  });
}

const brotli = (bytes, text) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const path of files(dir)) {
  if (path.endsWith(".br") || path.endsWith(".gz")) continue;
  const ext = path.slice(path.lastIndexOf("."));
  if (!COMPRESSIBLE.includes(ext)) continue;
  const bytes = readFileSync(path);
  const copies = [
    [".br", brotli(bytes, TEXT.includes(ext))],
    [".gz", gzipSync(bytes, { level: 9 })],
  ];
  for (const [suffix, packed] of copies) {
    // A copy left from an earlier run of a file that changed must not be served.
    rmSync(path + suffix, { force: true });
    if (packed.length < bytes.length) writeFileSync(path + suffix, packed);
  }
  raw += bytes.length;
  br += Math.min(copies[0][1].length, bytes.length);
  gz += Math.min(copies[1][1].length, bytes.length);
  count += 1;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`precompress: ${count} files, ${kib(raw)} → brotli ${kib(br)}, gzip ${kib(gz)}`);
