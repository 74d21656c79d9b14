#!/usr/bin/env node
// Draws the app icons (web/offline/icons/*.png) from the home screen's logo: the two
// stones and the hex of web/style/app.css (.logo) on the page background. Plain node, no
// dependency: each pixel is 4×4 supersampled and the PNG is written with node's zlib.
// The PNGs are committed; rerun after a logo change:  node scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "web", "offline", "icons");

const BG = [0xf4, 0xf4, 0xf6];
const STONE_A = [0x1a, 0x36, 0x5d];
const STONE_B = [0xff, 0x6b, 0x35];
const HEX = [0x2e, 0xcc, 0x71];

// The logo in CSS pixels (app.css .logo): stones of diameter 52 at x 8 and 44, y 16;
// the hex 34×38 at x 86, y 30. Its drawn box is x 8..120, y 16..68.
const LOGO = { x0: 8, x1: 120, y0: 16, y1: 68 };
const HEX_POLY = [[0.5, 0], [1, 0.25], [1, 0.75], [0.5, 1], [0, 0.75], [0, 0.25]].map(([u, v]) => [86 + 34 * u, 30 + 38 * v]);

function inCircle(x, y, cx, cy, r) {
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inPolygon(x, y, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The colour of the logo at a point in logo (CSS) coordinates. */
function logoColour(x, y) {
  if (inPolygon(x, y, HEX_POLY)) return HEX;
  const a = inCircle(x, y, 34, 42, 26);
  const b = inCircle(x, y, 70, 42, 26);
  // Stone B is drawn with mix-blend-mode: multiply over stone A and the background.
  if (a && b) return STONE_A.map((c, i) => Math.round((c * STONE_B[i]) / 255));
  if (b) return STONE_B.map((c, i) => Math.round((c * BG[i]) / 255));
  if (a) return STONE_A;
  return BG;
}

/** An RGBA image of `size` px with the logo `share` of the width wide, centred. */
function render(size, share) {
  const scale = (size * share) / (LOGO.x1 - LOGO.x0);
  const ox = (size - (LOGO.x1 - LOGO.x0) * scale) / 2 - LOGO.x0 * scale;
  const oy = (size - (LOGO.y1 - LOGO.y0) * scale) / 2 - LOGO.y0 * scale;
  const pixels = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = logoColour((px + (sx + 0.5) / n - ox) / scale, (py + (sy + 0.5) / n - oy) / scale);
          for (let i = 0; i < 3; i++) sum[i] += c[i];
        }
      }
      const at = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) pixels[at + i] = Math.round(sum[i] / (n * n));
      pixels[at + 3] = 255;
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

// "any" icons fill 80% of the width; maskable ones keep the logo inside the central
// 80% circle every platform mask leaves visible (so 60% of the width).
for (const [name, size, share] of [
  ["icon-192.png", 192, 0.8],
  ["icon-512.png", 512, 0.8],
  ["maskable-192.png", 192, 0.6],
  ["maskable-512.png", 512, 0.6],
]) {
  writeFileSync(join(out, name), png(size, render(size, share)));
  console.log(`wrote ${join(out, name)}`);
}
