// The endgame tables' probe in wasm32 under node (V8, the JavaScript engine of Chromium):
// engine/examples/baifang_tables_wasm.rs, a plain C ABI, loaded with the 4 v 4 table's two
// files as bytes (as a page gets them by fetch), times the same reproducible sample as
// `engine baifang tables bench-probe` and must print the same checksum.
// Usage: node scripts/bench-tables-wasm.mjs WASM TABLES_DIR ENGINE_BIN [PROBES]
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const [wasmPath, dir, engineBin, probesArg] = process.argv.slice(2);
const probes = Number(probesArg ?? 100000);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { tables_buffer, tables_load, tables_sample, tables_probe_sample, tables_covered, memory } = instance.exports;

for (const [which, name] of [[0, "4v4.val"], [1, "4v4.dist"]]) {
  const bytes = readFileSync(join(dir, name));
  const ptr = tables_buffer(which, bytes.length);
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
}
if (tables_load(4, 4) !== 0) {
  console.log(`${dir}: the 4 v 4 files are not a checked table`);
  process.exit(1);
}
tables_sample(1n, probes);
let checksum = tables_probe_sample(); // the first run touches the table's pages
const times = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  checksum = tables_probe_sample();
  times.push(((performance.now() - t0) * 1e6) / probes);
}
times.sort((a, b) => a - b);
const hex = BigInt.asUintN(64, checksum).toString(16).padStart(16, "0");
console.log(`wasm:   ${probes} probes, ${tables_covered()} covered, checksum ${hex}; ${times[2].toFixed(0)} ns per probe (median of 5 runs)`);
const native = execFileSync(engineBin, ["baifang", "tables", "bench-probe", dir, "--probes", String(probes)], { encoding: "utf8" }).trim();
console.log(native);
if (!native.includes(`checksum ${hex}`)) {
  console.log("the wasm probe's checksum differs from the native one");
  process.exit(1);
}
