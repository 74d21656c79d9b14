// Same seed, same level in wasm32 as natively: runs the generator compiled to
// wasm32 (engine/examples/hex_generate_wasm.rs, a plain C ABI, no imports) under
// node and compares every level's share code with the native engine CLI's, and the daily
// puzzles of 30 consecutive dates with `engine hex daily`.
// Usage: node scripts/check-wasm-determinism.mjs WASM ENGINE_BIN
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const [wasmPath, engineBin] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { hex_generate, hex_daily, hex_out_ptr, memory } = instance.exports;

// [cells, holes, walls, spinners, seed]: seeds 1-20 at the bench sizes, holes, spinners
const cases = [];
for (const cells of [20, 60, 100]) for (let seed = 1; seed <= 20; seed++) cases.push([cells, 0, 3, 0, seed]);
for (let seed = 1; seed <= 10; seed++) cases.push([16, 1, 3, 0, seed], [14, 1, 1, 2, seed]);

let bad = 0;
for (const [cells, holes, walls, spinners, seed] of cases) {
  const len = hex_generate(cells, holes, walls, spinners, BigInt(seed));
  const text = new TextDecoder().decode(new Uint8Array(memory.buffer, hex_out_ptr(), Math.abs(len)));
  const args = ["hex", "generate", "--cells", cells, "--holes", holes, "--walls", walls, "--spinners", spinners, "--seed", seed].map(String);
  let native;
  try {
    const level = execFileSync(engineBin, args, { encoding: "utf8" });
    native = execFileSync(engineBin, ["hex", "share", "encode", "-"], { input: level, encoding: "utf8" }).trim();
  } catch (e) {
    native = `error: ${e.stderr ?? e.message}`.trim();
  }
  const wasm = len >= 0 ? text : `error: ${text}`;
  if (len < 0 || wasm !== native) {
    bad++;
    console.log(`differs: ${args.join(" ")}\n  wasm:   ${wasm}\n  native: ${native}`);
  }
}
console.log(`wasm vs native: ${cases.length - bad} of ${cases.length} levels identical`);

// The daily puzzles of 30 consecutive dates from the first: the page makes them in wasm, so
// they must be the CLI's. Timed here too (node, this machine: no CPU throttle).
let badDays = 0;
const times = [];
const day = new Date(Date.UTC(2026, 11, 1));
for (let i = 0; i < 30; i++, day.setUTCDate(day.getUTCDate() + 1)) {
  const date = day.toISOString().slice(0, 10);
  const t0 = performance.now();
  const len = hex_daily(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  times.push(performance.now() - t0);
  const wasm = new TextDecoder().decode(new Uint8Array(memory.buffer, hex_out_ptr(), Math.abs(len)));
  const native = JSON.parse(execFileSync(engineBin, ["hex", "daily", date, "--json"], { encoding: "utf8" })).share;
  if (len < 0 || wasm !== native) {
    badDays++;
    console.log(`daily ${date} differs\n  wasm:   ${wasm}\n  native: ${native}`);
  }
}
times.sort((a, b) => a - b);
console.log(`daily puzzles, wasm vs native: ${30 - badDays} of 30 dates identical; wasm time per day: median ${times[15].toFixed(1)} ms, worst ${times[29].toFixed(1)} ms`);
process.exit(bad === 0 && badDays === 0 ? 0 : 1);
