//! Writes what the apps read at run time of two spec files as Rust constants, so the web
//! modules carry these values instead of a JSON parser for the whole spec:
//! - `spec/hex.json`'s few numbers (which pack numbers are of which kind, the order players
//!   meet the packs in, where the tutorial teaches walls) in `$OUT_DIR/hex_spec_app.rs`
//!   (about 11 KiB of each Hex Stroke module);
//! - `spec/baifang_ai.json`'s strength names and game-review numbers in
//!   `$OUT_DIR/baifang_ai_app.rs` (about 9 KiB of Baifang's review module, which names
//!   strengths and classifies turns but runs no search).
//!
//! Each file stays the one source: the engine still reads all of it (`src/hex/spec.rs`,
//! `src/baifang/ai/strength.rs`), and a test beside each holds these constants equal to
//! the parsed spec.

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
    let dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(dir.join("hex_spec_app.rs"), hex_constants()).expect("OUT_DIR is writable");
    fs::write(dir.join("baifang_ai_app.rs"), baifang_ai_constants()).expect("OUT_DIR is writable");
}

/// The spec file `spec/<name>`, parsed; the build runs again when it changes.
fn spec(name: &str) -> Value {
    let path = format!("spec/{name}");
    println!("cargo:rerun-if-changed={path}");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("engine/{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("engine/{path} is not JSON: {e}"))
}

/// `spec/hex.json`'s numbers the apps read.
fn hex_constants() -> String {
    let spec = spec("hex.json");
    let list = |name: &str, path: &[&str]| {
        let items: Vec<String> = numbers(&spec, path).iter().map(u64::to_string).collect();
        format!("pub const {name}: &[u32] = &[{}];\n", items.join(", "))
    };
    let first_wall = spec["mainLine"]["firstWall"]["value"]
        .as_u64()
        .expect("spec/hex.json: mainLine.firstWall.value is a number");
    [
        "// Written by engine/build.rs from engine/spec/hex.json.\n".to_string(),
        list("TUTORIAL_PACKS", &["tutorial", "packs"]),
        list("SPINNER_PACKS", &["spinner", "packs"]),
        list("MAIN_PACKS", &["main", "packs"]),
        list("LARGE_PACKS", &["large", "packs"]),
        list("PROGRESSION", &["progression", "order"]),
        format!("pub const FIRST_WALL: usize = {first_wall};\n"),
    ]
    .concat()
}

/// `spec/baifang_ai.json`'s strength names (ids, Chinese, English; weakest first, as many as
/// the file has: `strength.rs` asserts at compile time that it is one per `Strength`) and its
/// game-review numbers.
fn baifang_ai_constants() -> String {
    let spec = spec("baifang_ai.json");
    let rows = spec["strengths"]
        .as_array()
        .expect("spec/baifang_ai.json: strengths is a list");
    let names = |name: &str, field: &str| {
        let items: Vec<String> = rows
            .iter()
            .map(|row| {
                let text = row[field].as_str().unwrap_or_else(|| {
                    panic!("spec/baifang_ai.json: every strength has a text {field}")
                });
                format!("{text:?}")
            })
            .collect();
        format!(
            "pub const {name}: [&str; {}] = [{}];\n",
            items.len(),
            items.join(", ")
        )
    };
    let review = |name: &str, field: &str| {
        let value = spec["review"][field]["value"].as_u64().unwrap_or_else(|| {
            panic!("spec/baifang_ai.json: review.{field}.value is a whole number")
        });
        format!("pub const {name}: u64 = {value};\n")
    };
    [
        "// Written by engine/build.rs from engine/spec/baifang_ai.json.\n".to_string(),
        names("STRENGTH_IDS", "id"),
        names("STRENGTH_NAMES", "name"),
        names("STRENGTH_EN", "en"),
        review("REVIEW_NODES", "nodes"),
        review("REVIEW_SCORE_CAP", "scoreCap"),
        review("REVIEW_GOOD_BELOW", "goodBelow"),
        review("REVIEW_INACCURACY_BELOW", "inaccuracyBelow"),
        review("REVIEW_MISTAKE_BELOW", "mistakeBelow"),
    ]
    .concat()
}
