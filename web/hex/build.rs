//! Embeds the Hex Stroke level packs at compile time.
//!
//! Every `levels/pack-*.json` (sorted by file name) becomes one entry of
//! `PACK_FILES` in `$OUT_DIR/packs.rs`, included by `src/hex/levels.rs`. Level data
//! lives only in `levels/`; the app parses and validates it with the engine at start.
//! `HEX_LEVELS_DIR` points the build at another folder (for trying packs out).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=HEX_LEVELS_DIR");
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dir = env::var_os("HEX_LEVELS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("..").join("levels"));
    // A directory is scanned as a whole, so adding a pack re-runs this script.
    println!("cargo:rerun-if-changed={}", dir.display());

    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("pack-") && n.ends_with(".json"))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();

    let mut out = String::from(
        "/// `(file name, contents)` of every embedded level pack, sorted by file name.\n\
         pub static PACK_FILES: &[(&str, &str)] = &[\n",
    );
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let abs = fs::canonicalize(path).expect("pack file path");
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("utf-8 name");
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            abs.display().to_string()
        )
        .expect("write to string");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("packs.rs");
    fs::write(dest, out).expect("write packs.rs");
}
