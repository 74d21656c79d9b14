//! Table files: per signature `MvO.val` (2-bit value codes) and `MvO.dist`
//! (distances, 1 or 2 bytes a slot), each with a self-checking header.
//!
//! Plain file reads into memory: the largest table built today (4 v 4) is
//! 12 MB, so memory mapping would add a dependency and `unsafe` for nothing.

use super::index::Index;
use super::solve::{Solved, NO_RESULT, UNUSED};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 4] = b"BFTB";
const VERSION: u8 = 1;
const HEADER: usize = 32;

/// A loaded table: packed value codes and distances of one signature.
pub struct TableFile {
    /// Mover stones.
    pub m: usize,
    /// Opponent stones.
    pub o: usize,
    /// Slots.
    pub len: u64,
    values: Vec<u8>,
    dist: Vec<u8>,
    dist_bytes: usize,
}

/// The two file names of signature `m` v `o` (values, distances): the same in a
/// folder on disk and beside a web build (`tables/4v4.val`).
pub fn names(m: usize, o: usize) -> (String, String) {
    (format!("{m}v{o}.val"), format!("{m}v{o}.dist"))
}

/// The two paths of signature `m` v `o` in `dir`.
pub fn paths(dir: &Path, m: usize, o: usize) -> (PathBuf, PathBuf) {
    let (val, dist) = names(m, o);
    (dir.join(val), dir.join(dist))
}

/// FNV-1a over the body: catches a truncated or damaged file.
fn checksum(body: &[u8]) -> u64 {
    body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn header(m: usize, o: usize, width: usize, len: u64, body: &[u8]) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..4].copy_from_slice(MAGIC);
    h[4] = VERSION;
    h[5] = m as u8;
    h[6] = o as u8;
    h[7] = width as u8;
    h[8..16].copy_from_slice(&len.to_le_bytes());
    h[16..24].copy_from_slice(&checksum(body).to_le_bytes());
    h
}

/// Writes both files atomically (a temporary name, then a rename), so an
/// interrupted build never leaves a file that looks complete.
pub fn write(dir: &Path, solved: &Solved) -> io::Result<u64> {
    let (m, o) = (solved.index.m, solved.index.o);
    let len = solved.index.len();
    let mut packed = vec![0u8; len.div_ceil(4) as usize];
    for (s, &v) in solved.value.iter().enumerate() {
        packed[s / 4] |= v << (2 * (s % 4));
    }
    let longest = solved.dist.iter().copied().max().unwrap_or(0);
    let width = if longest > 255 { 2 } else { 1 };
    let dist: Vec<u8> = if width == 1 {
        solved.dist.iter().map(|&d| d as u8).collect()
    } else {
        solved.dist.iter().flat_map(|d| d.to_le_bytes()).collect()
    };
    let (vp, dp) = paths(dir, m, o);
    let mut bytes = 0;
    for (path, body, w) in [(vp, &packed, 0), (dp, &dist, width)] {
        let tmp = path.with_extension("tmp");
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&header(m, o, w, len, body))?;
        f.write_all(body)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        bytes += (HEADER + body.len()) as u64;
    }
    Ok(bytes)
}

fn read_one(path: &Path, m: usize, o: usize) -> io::Result<(Vec<u8>, usize, u64)> {
    let mut f = std::fs::File::open(path)?;
    let mut all = Vec::new();
    f.read_to_end(&mut all)?;
    check_one(&path.display().to_string(), all, m, o)
}

/// The body, distance width and slot count of one file's bytes `all` (named `name` in
/// errors), checked: header, signature and checksum.
fn check_one(
    name: &str,
    mut all: Vec<u8>,
    m: usize,
    o: usize,
) -> io::Result<(Vec<u8>, usize, u64)> {
    let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, format!("{name}: {why}"));
    if all.len() < HEADER || &all[..4] != MAGIC || all[4] != VERSION {
        return Err(bad("not a table file of this version"));
    }
    if all[5] as usize != m || all[6] as usize != o {
        return Err(bad("signature differs from its name"));
    }
    let len = u64::from_le_bytes(all[8..16].try_into().expect("8 bytes"));
    let sum = u64::from_le_bytes(all[16..24].try_into().expect("8 bytes"));
    let body = all.split_off(HEADER);
    if checksum(&body) != sum {
        return Err(bad("checksum mismatch (damaged or truncated)"));
    }
    Ok((body, all[7] as usize, len))
}

impl TableFile {
    /// Reads and checks both files of signature `m` v `o`.
    pub fn load(dir: &Path, m: usize, o: usize) -> io::Result<TableFile> {
        let (vp, dp) = paths(dir, m, o);
        let values = read_one(&vp, m, o)?;
        let dist = read_one(&dp, m, o)?;
        TableFile::checked(m, o, values, dist)
    }

    /// Checks both files of signature `m` v `o` given as bytes (a page fetches them).
    pub fn from_bytes(m: usize, o: usize, val: Vec<u8>, dist: Vec<u8>) -> io::Result<TableFile> {
        let values = check_one(&format!("{m}v{o}.val"), val, m, o)?;
        let dist = check_one(&format!("{m}v{o}.dist"), dist, m, o)?;
        TableFile::checked(m, o, values, dist)
    }

    /// The table of two checked files, if their sizes agree.
    fn checked(
        m: usize,
        o: usize,
        (values, _, len): (Vec<u8>, usize, u64),
        (dist, dist_bytes, dlen): (Vec<u8>, usize, u64),
    ) -> io::Result<TableFile> {
        let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, format!("{m}v{o}: {why}"));
        // The header is checked like the body: a slot count or width the lookups do not
        // expect would index past the end, and a checksum is no proof against a crafted file.
        if len != Index::new(m, o).len() {
            return Err(bad("slot count differs from the signature's"));
        }
        if !matches!(dist_bytes, 1 | 2) {
            return Err(bad("distance width is neither 1 nor 2 bytes"));
        }
        if dlen != len
            || values.len() as u64 != len.div_ceil(4)
            || Some(dist.len() as u64) != len.checked_mul(dist_bytes as u64)
        {
            return Err(bad("table sizes disagree"));
        }
        Ok(TableFile {
            m,
            o,
            len,
            values,
            dist,
            dist_bytes,
        })
    }
    /// Value code of a slot.
    #[inline]
    pub fn value(&self, slot: u64) -> u8 {
        self.values[(slot / 4) as usize] >> (2 * (slot % 4)) & 3
    }
    /// Distance of a slot.
    #[inline]
    pub fn dist(&self, slot: u64) -> u16 {
        let s = slot as usize;
        if self.dist_bytes == 1 {
            self.dist[s] as u16
        } else {
            u16::from_le_bytes([self.dist[2 * s], self.dist[2 * s + 1]])
        }
    }
    /// Value codes and distances, unpacked (for counting).
    pub fn unpack(&self) -> (Vec<u8>, Vec<u16>) {
        (0..self.len).map(|s| (self.value(s), self.dist(s))).unzip()
    }
    /// Whether slot `s` holds a position (not an unused, non-canonical slot).
    pub fn used(&self, slot: u64) -> bool {
        self.value(slot) != UNUSED
    }
    /// Whether slot `s` is a position with no forced result.
    pub fn no_result(&self, slot: u64) -> bool {
        self.value(slot) == NO_RESULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A file with any header fields and body, with the checksum right (anyone can compute it).
    fn crafted(m: u8, o: u8, width: u8, len: u64, body: &[u8]) -> Vec<u8> {
        let mut h = [0u8; HEADER];
        h[..4].copy_from_slice(MAGIC);
        h[4] = VERSION;
        h[5] = m;
        h[6] = o;
        h[7] = width;
        h[8..16].copy_from_slice(&len.to_le_bytes());
        h[16..24].copy_from_slice(&checksum(body).to_le_bytes());
        [&h[..], body].concat()
    }

    proptest! {
        /// Fetched bytes are input: whatever they hold, reading them gives an error, never a
        /// panic and never a table the lookups would read past.
        #[test]
        fn crafted_or_damaged_files_are_refused_with_a_sentence(
            width in any::<u8>(),
            len in prop_oneof![Just(Index::new(4, 4).len()), any::<u64>(), 0u64..64],
            dlen in prop_oneof![Just(Index::new(4, 4).len()), any::<u64>(), 0u64..64],
            val_body in proptest::collection::vec(any::<u8>(), 0..64),
            dist_body in proptest::collection::vec(any::<u8>(), 0..64),
            cut in 0usize..40,
        ) {
            let val = crafted(4, 4, 0, len, &val_body);
            let dist = crafted(4, 4, width, dlen, &dist_body);
            let Err(refused) = TableFile::from_bytes(4, 4, val.clone(), dist.clone()) else {
                return Err(TestCaseError::fail("a crafted file was taken for a table"));
            };
            prop_assert!(refused.to_string().contains("4v4"), "{refused}");
            let short = val[..cut.min(val.len())].to_vec();
            prop_assert!(TableFile::from_bytes(4, 4, short, dist).is_err());
        }
    }
}
