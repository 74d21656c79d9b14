// The engine CLI as the browser tests' oracle (plain node, no test framework): rule
// replays, Hex solutions and share codes are computed by the engine at test time, so no
// test stores an answer. ENGINE_BIN (set by scripts/test.sh) or target/release/engine,
// else `cargo run -p engine --release`.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function run(args, input) {
  const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(root, "target");
  const bin = [process.env.ENGINE_BIN, join(target, "release", "engine")].find((b) => b && existsSync(b));
  const out = bin
    ? execFileSync(bin, args, { input })
    : execFileSync("cargo", ["run", "-p", "engine", "--release", "--quiet", "--", ...args], { input, cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  return out.toString();
}

/** `engine baifang replay -`: the state after a packet-format action list. */
export function replay(actions) {
  return JSON.parse(run(["baifang", "replay", "-"], JSON.stringify(actions)));
}

/** `engine hex solve -`: the solution path (cell ids) of one level. */
export function solve(level) {
  const result = JSON.parse(run(["hex", "solve", "-"], JSON.stringify(level)));
  if (!result.path) throw new Error(`level ${level.id} has no solution`);
  return result.path;
}

/** `engine baifang link -`: the game link's code of a packet-format action list. */
export function gameLinkCode(actions) {
  return run(["baifang", "link", "-"], JSON.stringify(actions)).trim();
}

/** `engine hex share encode -`: the share code of one level. */
export function shareCode(level) {
  return run(["hex", "share", "encode", "-"], JSON.stringify(level)).trim();
}

/** The Hex Stroke packs the app was built with (HEX_LEVELS_DIR overrides levels/). */
export function packs() {
  const dir = process.env.HEX_LEVELS_DIR ? resolve(process.env.HEX_LEVELS_DIR) : join(root, "levels");
  return readdirSync(dir)
    .filter((f) => f.startsWith("pack-") && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")))
    .sort((a, b) => a.pack - b.pack);
}

/** The Baifang browser-test scenarios (action lists found by engine/examples). */
export const scenarios = JSON.parse(readFileSync(join(root, "e2e", "fixtures", "baifang-scenarios.json"), "utf8"));
