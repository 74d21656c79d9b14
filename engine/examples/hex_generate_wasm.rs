//! The generator behind a plain C ABI (no JavaScript glue), built for wasm32 so
//! `scripts/check-wasm-determinism.sh` can run it under node and compare each
//! level's share code with the native `engine hex generate` for the same options.

use std::sync::Mutex;

use engine::hex::generator::{generate, GenOptions};
use engine::hex::share;

/// The last answer: a share code, or the generator's error sentence.
static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Generates a level with the CLI's defaults for everything not given and keeps
/// its share code in the output buffer. Returns the code's length, or minus the
/// length of the error sentence kept there instead.
#[no_mangle]
pub extern "C" fn hex_generate(
    cells: u32,
    holes: u32,
    walls: u32,
    spinners: u32,
    seed: u64,
) -> i32 {
    let opts = GenOptions {
        cells: cells as usize,
        holes: holes as usize,
        walls: walls as usize,
        spinners: spinners as usize,
        seed,
        ..GenOptions::default()
    };
    let (text, ok) = match generate(&opts) {
        Ok(level) => (share::encode(&level), true),
        Err(e) => (e.to_string(), false),
    };
    let mut out = OUT.lock().unwrap_or_else(|p| p.into_inner());
    *out = text.into_bytes();
    let len = out.len() as i32;
    if ok {
        len
    } else {
        -len
    }
}

/// Where the output buffer starts in linear memory.
#[no_mangle]
pub extern "C" fn hex_out_ptr() -> *const u8 {
    OUT.lock().unwrap_or_else(|p| p.into_inner()).as_ptr()
}
