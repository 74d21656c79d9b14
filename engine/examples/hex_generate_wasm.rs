//! The generator behind a plain C ABI (no JavaScript glue), built for wasm32 so
//! `scripts/check-wasm-determinism.sh` can run it under node and compare each
//! level's share code with the native `engine hex generate` for the same options,
//! and each daily puzzle's with `engine hex daily` for the same date.

use std::sync::Mutex;

use engine::hex::daily::{daily, Date};
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
    keep(match generate(&opts) {
        Ok(level) => (share::encode(&level), true),
        Err(e) => (e.to_string(), false),
    })
}

/// Makes the daily puzzle of `year-month-day` and keeps its share code (or the
/// sentence why there is none) in the output buffer, as [`hex_generate`] does.
#[no_mangle]
pub extern "C" fn hex_daily(year: u32, month: u32, day: u32) -> i32 {
    let date = format!("{year:04}-{month:02}-{day:02}");
    let made = Date::parse(&date)
        .map_err(|e| e.to_string())
        .and_then(|d| daily(d).map_err(|e| e.to_string()));
    keep(match made {
        Ok(d) => (share::encode(&d.level), true),
        Err(e) => (e, false),
    })
}

/// Keeps `text` in the output buffer; its length, negative for an error.
fn keep((text, ok): (String, bool)) -> i32 {
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
