//! The endgame tables' probe behind a plain C ABI (no JavaScript glue), built for wasm32 so
//! `scripts/bench-tables-wasm.sh` can time it under node (the JavaScript engine of Chromium)
//! on the same sample as `engine baifang tables bench-probe`, whose checksum it must equal.

use std::cell::RefCell;

use engine::baifang::tables::file::TableFile;
use engine::baifang::tables::probe_sample::{positions, probe_all};
use engine::baifang::tables::Tables;
use engine::baifang::State;

thread_local! {
    static TABLES: RefCell<Tables> = RefCell::new(Tables::in_memory());
    static BUFFERS: RefCell<[Vec<u8>; 2]> = const { RefCell::new([Vec::new(), Vec::new()]) };
    static SAMPLE: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
    static LAST: RefCell<(u64, u32)> = const { RefCell::new((0, 0)) };
}

/// A buffer of `len` bytes for file `which` (0: `.val`, 1: `.dist`) to be written by the host.
#[no_mangle]
pub extern "C" fn tables_buffer(which: u32, len: u32) -> *mut u8 {
    BUFFERS.with(|b| {
        let buf = &mut b.borrow_mut()[which as usize & 1];
        *buf = vec![0; len as usize];
        buf.as_mut_ptr()
    })
}

/// Checks the two buffers as the files of signature `m` v `o` and adds the table: 0, or -1
/// when they are not a table of that signature.
#[no_mangle]
pub extern "C" fn tables_load(m: u32, o: u32) -> i32 {
    let [val, dist] = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    match TableFile::from_bytes(m as usize, o as usize, val, dist) {
        Ok(t) => {
            TABLES.with(|tables| tables.borrow_mut().insert(t));
            0
        }
        Err(_) => -1,
    }
}

/// Draws the sample of `seed` (`n` positions) to probe.
#[no_mangle]
pub extern "C" fn tables_sample(seed: u64, n: u32) {
    SAMPLE.with(|s| *s.borrow_mut() = positions(seed, n));
}

/// Probes the whole sample; the checksum (its covered count from `tables_covered`).
#[no_mangle]
pub extern "C" fn tables_probe_sample() -> u64 {
    let r = SAMPLE.with(|s| TABLES.with(|t| probe_all(&mut t.borrow_mut(), &s.borrow())));
    LAST.with(|l| *l.borrow_mut() = (r.checksum, r.covered));
    r.checksum
}

/// How many positions of the last probed sample the tables covered.
#[no_mangle]
pub extern "C" fn tables_covered() -> u32 {
    LAST.with(|l| l.borrow().1)
}
