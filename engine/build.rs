//! Writes the few numbers of `spec/hex.json` that the apps read at run time (which
//! pack numbers are of which kind, the order players meet the packs in, where the
//! tutorial teaches walls) as Rust constants in `$OUT_DIR/hex_spec_app.rs`, so the
//! web modules carry these numbers instead of a JSON parser for the whole spec
//! (about 11 KiB of each Hex Stroke module). The file stays the one source: the
//! content law still reads all of it through `src/hex/spec.rs`, and a test there
//! holds these constants equal to the parsed spec.

use std::env;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;

fn numbers(spec: &Value, path: &[&str]) -> Vec<u64> {
    let mut v = spec;
    for key in path {
        v = &v[*key];
    }
    v.as_array()
        .unwrap_or_else(|| panic!("spec/hex.json: {} is a list of numbers", path.join(".")))
        .iter()
        .map(|n| {
            n.as_u64()
                .expect("spec/hex.json: pack numbers are whole numbers")
        })
        .collect()
}

fn main() {
    println!("cargo:rerun-if-changed=spec/hex.json");
    let text = fs::read_to_string("spec/hex.json").expect("engine/spec/hex.json exists");
    let spec: Value = serde_json::from_str(&text).expect("engine/spec/hex.json is JSON");
    let list = |name: &str, path: &[&str]| {
        let items: Vec<String> = numbers(&spec, path).iter().map(u64::to_string).collect();
        format!("pub const {name}: &[u32] = &[{}];\n", items.join(", "))
    };
    let first_wall = spec["mainLine"]["firstWall"]["value"]
        .as_u64()
        .expect("spec/hex.json: mainLine.firstWall.value is a number");
    let out = [
        "// Written by engine/build.rs from engine/spec/hex.json.\n".to_string(),
        list("TUTORIAL_PACKS", &["tutorial", "packs"]),
        list("SPINNER_PACKS", &["spinner", "packs"]),
        list("MAIN_PACKS", &["main", "packs"]),
        list("LARGE_PACKS", &["large", "packs"]),
        list("PROGRESSION", &["progression", "order"]),
        format!("pub const FIRST_WALL: usize = {first_wall};\n"),
    ]
    .concat();
    let dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(dir.join("hex_spec_app.rs"), out).expect("OUT_DIR is writable");
}
