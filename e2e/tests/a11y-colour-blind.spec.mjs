// The colour-blind setting, checked as colour-blind players see it: Chromium renders
// the page through each simulated colour-vision deficiency (CDP
// Emulation.setEmulatedVisionDeficiency), the screenshot's pixels are read, and every
// pair of things a player must tell apart keeps a WCAG contrast ratio of at least 3:1.
// Hex Stroke (colour-blind wall style on): wall, path and cell, and the clue's number
// on its cell. Baifang: black and white stones, the capture marker on each, and a
// protected stone's lock mark. Colours are measured where they are drawn (sample
// points mapped from each element's own coordinates), so the test needs no colour list.
import { test, expect } from "@playwright/test";
import { inflateSync } from "node:zlib";
import { capture, engineReplay, place, playChecked, point, startHotSeat } from "./baifang-helpers.mjs";
import { drag, level, openHex, openLevel, everything, solve } from "./hex-helpers.mjs";

const DEFICIENCIES = ["none", "protanopia", "deuteranopia", "tritanopia", "achromatopsia"];
const MIN_CONTRAST = 3;

// ---- pixels ----

/** Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are). */
function decodePng(buf) {
  let pos = 8;
  let width, height, depth, type, interlace;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const kind = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === "IHDR") [width, height, depth, type, interlace] = [data.readUInt32BE(0), data.readUInt32BE(4), data[8], data[9], data[12]];
    if (kind === "IDAT") idat.push(data);
    if (kind === "IEND") break;
    pos += 12 + len;
  }
  if (depth !== 8 || interlace !== 0 || (type !== 2 && type !== 6)) throw new Error(`unexpected PNG: depth ${depth} type ${type}`);
  const bpp = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let pred = 0;
      if (filter === 1) pred = a;
      else if (filter === 2) pred = b;
      else if (filter === 3) pred = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + x] = (raw[line + x] + pred) & 255;
    }
  }
  return {
    width,
    height,
    at(x, y) {
      const i = Math.round(y) * stride + Math.round(x) * bpp;
      return [out[i], out[i + 1], out[i + 2]];
    },
  };
}

const channel = (c) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG contrast ratio of two sRGB colours. */
function contrast(x, y) {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}
const hex = (c) => "#" + c.map((v) => v.toString(16).padStart(2, "0")).join("");

/**
 * Screen points (CSS pixels) for probes given in elements' own coordinates:
 * `{ name: [selector, [[x, y], …]] }` → `{ name: [[sx, sy], …] }`.
 */
async function probePoints(page, probes) {
  return page.evaluate((probes) => {
    const out = {};
    for (const [name, [selector, points]] of Object.entries(probes)) {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      const m = el.getScreenCTM();
      out[name] = points.map(([x, y]) => {
        const p = new DOMPoint(x, y).matrixTransform(m);
        return [p.x, p.y];
      });
    }
    return out;
  }, probes);
}

/** The screenshot under `deficiency`, with a reader for the probes' colours. */
async function seeAs(page, cdp, deficiency, points) {
  await cdp.send("Emulation.setEmulatedVisionDeficiency", { type: deficiency });
  const png = decodePng(await page.screenshot({ animations: "disabled", caret: "hide" }));
  const scale = png.width / page.viewportSize().width;
  const pixels = (name) => points[name].map(([x, y]) => png.at(x * scale, y * scale));
  return {
    /** The colour of an area: the per-channel median over its sample points. */
    area(name) {
      const px = pixels(name);
      return [0, 1, 2].map((k) => px.map((p) => p[k]).sort((a, b) => a - b)[Math.floor(px.length / 2)]);
    },
    /** The strongest contrast any sample point of a mark (a number, a glyph) has against `ground`. */
    mark(name, ground) {
      return Math.max(...pixels(name).map((p) => contrast(p, ground)));
    },
  };
}

/** Points on a circle of radius `r` round (cx, cy), `n` of them. */
const circle = (cx, cy, r, n = 16) => Array.from({ length: n }, (_, k) => [cx + r * Math.cos((2 * Math.PI * k) / n), cy + r * Math.sin((2 * Math.PI * k) / n)]);
/** A square grid of points round (cx, cy), half-width `h`, step `s`. */
const grid = (cx, cy, h, s) => {
  const out = [];
  for (let y = -h; y <= h; y += s) for (let x = -h; x <= h; x += s) out.push([cx + x, cy + y]);
  return out;
};

/** Checks every pair under every deficiency; fails once, listing every pair below 3:1. */
async function expectDistinguishable(page, points, pairsOf) {
  const cdp = await page.context().newCDPSession(page);
  const failures = [];
  const seen = {};
  for (const deficiency of DEFICIENCIES) {
    const view = await seeAs(page, cdp, deficiency, points);
    seen[deficiency] = view;
    for (const [pair, ratio] of Object.entries(pairsOf(view))) {
      if (!(ratio >= MIN_CONTRAST)) failures.push(`${deficiency}: ${pair} ${ratio.toFixed(2)}:1`);
      if (process.env.CB_REPORT) console.log(`${deficiency}: ${pair} ${ratio.toFixed(2)}:1`);
    }
  }
  await cdp.send("Emulation.setEmulatedVisionDeficiency", { type: "none" });
  expect(failures, "pairs below 3:1").toEqual([]);
  return seen;
}

// ---- Hex Stroke ----

test("Hex walls, path, cells and clues stay 3:1 apart in the colour-blind style under simulated colour vision", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("mode:03-hex-walls:settings", JSON.stringify({ colourBlindWalls: true })));
  // A level with walls and a clue the half path does not reach.
  const id = "3-3";
  const lvl = level(id);
  const path = solve(lvl);
  await openHex(page, { cleared: everything() });
  await openLevel(page, id);
  await expect(page.getByTestId("hex-board")).toHaveClass(/walls-cb/);
  const half = path.slice(0, Math.ceil(path.length / 2));
  await drag(page, half);
  await expect(page.getByTestId(`hex-cell-${half[half.length - 1]}`)).toHaveAttribute("data-state", "end");

  const plain = lvl.cells.find((c) => !c.clue && !half.includes(c.id));
  const clued = lvl.cells.find((c) => c.clue && !half.includes(c.id));
  const end = half[half.length - 1];
  const visited = half.find((cid) => cid !== end && !lvl.cells.find((c) => c.id === cid).clue);
  expect(plain && clued && visited, "the level has a plain cell and a clue off the half path").toBeTruthy();
  // Hex geometry in the board's units (web/hex/src/svg.rs SIZE, board.rs wall sizes).
  const SIZE = 50;
  const WALL = 0.98 * SIZE;
  // A face away from its number and its path links: toward its corners.
  const face = Array.from({ length: 6 }, (_, k) => [0.55 * SIZE * Math.cos(((30 + 60 * k) * Math.PI) / 180), 0.55 * SIZE * Math.sin(((30 + 60 * k) * Math.PI) / 180)]);
  const cell = (cid) => `[data-testid="hex-cell-${cid}"]`;
  const wallEl = (w) => `[data-testid="hex-wall-${w[0]}-${w[1]}"]`;
  const probes = {
    cell: [cell(plain.id), face],
    path: [cell(visited), face],
    end: [cell(end), face],
    clue: [cell(clued.id), grid(0, 0, 0.3 * SIZE, 2)],
  };
  lvl.walls.forEach((w, k) => {
    // the colour-blind bar's two pieces, along its middle line
    probes[`wall${k}`] = [wallEl(w), [[-0.3 * WALL, 0], [-0.25 * WALL, 0], [0.25 * WALL, 0], [0.3 * WALL, 0], [-0.3 * WALL, 2], [0.3 * WALL, -2]]];
  });
  const points = await probePoints(page, probes);
  const seen = await expectDistinguishable(page, points, (v) => {
    const [c, p, e] = [v.area("cell"), v.area("path"), v.area("end")];
    const pairs = {
      "path vs cell": contrast(p, c),
      "path end vs cell": contrast(e, c),
      "clue number vs cell": v.mark("clue", c),
    };
    lvl.walls.forEach((_, k) => {
      const w = v.area(`wall${k}`);
      pairs[`wall ${k} vs cell`] = contrast(w, c);
      pairs[`wall ${k} vs path`] = contrast(w, p);
      pairs[`wall ${k} vs path end`] = contrast(w, e);
    });
    return pairs;
  });
  // The simulation really ran: without colour vision the path is grey.
  const [r, g, b] = seen.achromatopsia.area("path");
  expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(3);
  const [nr, ng, nb] = seen.none.area("path");
  expect(Math.max(nr, ng, nb) - Math.min(nr, ng, nb), `path ${hex([nr, ng, nb])} has colour`).toBeGreaterThan(40);
});

// ---- Baifang ----

/** Probes on a stone: its face (between the centre mark and the rim), its rim
 * (where the capture marker is stroked), its centre (where a mark would sit) and the
 * body of the lock mark (web/baifang/src/board/mod.rs: a rounded 18×14 box under a shackle). */
async function stoneProbes(page, name, p) {
  const sel = `[data-testid="point-${p}"] circle.stone`;
  const [cx, cy, r] = await page.locator(sel).evaluate((el) => ["cx", "cy", "r"].map((a) => Number(el.getAttribute(a))));
  return {
    [`${name} face`]: [sel, circle(cx, cy, 0.62 * r)],
    [`${name} rim`]: [sel, circle(cx, cy, r)],
    [`${name} centre`]: [sel, grid(cx, cy, 0.3 * r, 1.5)],
    [`${name} lock`]: [sel, [-5, -2.5, 0, 2.5, 5].flatMap((dx) => [1, 4, 7].map((dy) => [cx + dx, cy + dy]))],
  };
}

const flags = (page, p) => point(page, p).getAttribute("data-flags");

/**
 * Stones a player must tell apart in a capture: `mover` has just made a formation;
 * `shielded` is a protected enemy stone, `loose` a capturable one, `own` a stone of the mover.
 */
async function checkCapture(page, { own, shielded, loose }) {
  expect((await flags(page, shielded)).split(" ")).toContain("shielded");
  expect(await flags(page, loose)).toContain("capturable");
  const points = await probePoints(page, {
    ...(await stoneProbes(page, "own", own)),
    ...(await stoneProbes(page, "shielded", shielded)),
    ...(await stoneProbes(page, "loose", loose)),
  });
  await expectDistinguishable(page, points, (v) => {
    const [mine, theirs] = [v.area("own face"), v.area("loose face")];
    return {
      "black stone vs white stone": contrast(mine, theirs),
      "capture marker vs its stone": contrast(v.area("loose rim"), theirs),
      // a protected stone is told from an ordinary one of its colour by its lock mark
      "lock mark vs protected stone": contrast(v.area("shielded lock"), v.area("shielded face")),
    };
  });
  // An ordinary stone carries no mark: the lock is what tells them apart.
  const cdp = await page.context().newCDPSession(page);
  const plain = await seeAs(page, cdp, "none", points);
  expect(plain.mark("loose centre", plain.area("loose face"))).toBeLessThan(1.5);
  expect(plain.mark("own centre", plain.area("own face"))).toBeLessThan(1.5);
}

test("Baifang: Black captures beside White's protected square, distinguishable under simulated colour vision", async ({ page }) => {
  // White (orange) squares 18-19-23-24 and keeps a loose stone on 14; Black's row on 0-4
  // then owes captures: White's square is protected, 14 is capturable.
  await startHotSeat(page);
  const actions = [...[0, 18, 1, 19, 2, 23, 3, 14, 10, 24].map(place), capture(10), place(4)];
  await playChecked(page, actions);
  expect(engineReplay(actions).pendingCaptures).toBeGreaterThan(0);
  await checkCapture(page, { own: 0, shielded: 18, loose: 14 });
});

test("Baifang: White captures beside Black's protected square, distinguishable under simulated colour vision", async ({ page }) => {
  // Black squares 0-1-5-6 (taking White's 24) and keeps a loose stone on 10; White's
  // square 13-14-18-19 then owes a capture: Black's square is protected, 10 is capturable.
  await startHotSeat(page);
  const actions = [...[0, 24, 1, 13, 5, 14, 6].map(place), capture(24), ...[18, 10, 19].map(place)];
  await playChecked(page, actions);
  expect(engineReplay(actions).pendingCaptures).toBeGreaterThan(0);
  await checkCapture(page, { own: 13, shielded: 0, loose: 10 });
});
