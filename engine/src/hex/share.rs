//! Share codes: a compact, URL-safe, versioned text encoding of a level
//! (cells, clues, walls, spinners, optional title) for links like `#play=<code>`.
//! A code never contains a solution.
//!
//! Version 1 layout, in the shared code envelope (`crate::code_envelope`:
//! version byte, body, checksum, base64url without padding):
//! ```text
//! 0x01                          version
//! varint flags                  bit 0: a title follows
//! zigzag q0, zigzag r0          the smallest q and r
//! varint w, varint h            bounding box (w·h ≤ 65536)
//! ceil(w·h/8) bytes             cell bitmap, row-major (r, then q), LSB first
//! varint #clues, (ordinal, clue)…      ordinal = rank of the cell in bitmap order
//! varint #walls, (ordinal·3 + d)…      d ∈ {0 E, 1 SE, 2 SW} from the wall's first cell
//! varint #spinners, ((ordinal·6 + corner)·3 + phase)…
//! [varint len, UTF-8 title]
//! 4 bytes                       first 4 bytes of SHA-256 of everything before
//! ```
//! Decoded cells are named a, b, c, … in bitmap order; positions, clues, walls,
//! spinners (as written) and the title survive a round trip exactly.
//!
//! Everything between the version byte and the checksum is one level's body,
//! written and read by [`write_level_body`] and [`read_level_body`], so that a
//! pack code (`super::pack_code`) stores its levels in the same layout.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::coord::Axial;
use super::model::{cell_name, Cell, Level, LevelParts, SpinnerSpec, MAX_CELLS};
use super::problem::LevelProblem;
use crate::code_envelope::{self, put_varint, EnvelopeError, ReadError};

/// The version this code writes.
pub const VERSION: u8 = 1;
/// The kind-and-version byte of pack codes (`super::pack_code`, which owns their
/// layout). Level codes count their versions up from 1; pack codes from 0x50, so
/// neither can be taken for the other (a pack code's first character is `U`, a
/// level code's `A`). Stated here, beside the level codes' own, so that this
/// decoder names a pack code without depending on the pack codec.
pub const PACK_VERSION: u8 = 0x50;
const MAX_AREA: u64 = 65_536;
const MAX_TITLE: usize = 200;

/// Why a share code could not be read. Pages translate the code; `Display` is
/// the command line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum ShareError {
    /// Nothing was given.
    Empty,
    /// A character outside the code's alphabet.
    BadCharacter {
        /// 0-based position in the code.
        position: usize,
        /// The character.
        character: char,
    },
    /// A pack code (`super::pack_code`), not a level's share code.
    PackCode,
    /// A version this app does not read (a newer app wrote it).
    UnknownVersion(u8),
    /// The code is cut off.
    Truncated,
    /// The checksum does not match: altered or mistyped.
    Altered,
    /// The checksum holds but the content cannot be read.
    Malformed(ShareFault),
    /// The content reads as a level that is not valid.
    Invalid(Vec<LevelProblem>),
}

/// Which list of a share code is too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShareList {
    Clues,
    Walls,
    Spinners,
    TitleBytes,
}

/// What is unreadable inside a share code whose checksum holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum ShareFault {
    /// A number does not fit 64 bits.
    NumberTooLarge,
    /// A list longer than the board allows.
    TooMany {
        /// Which list.
        list: ShareList,
        /// Its length as written.
        count: u64,
    },
    /// Flag bits this version does not define.
    UnknownFlags {
        /// The flags.
        flags: u64,
    },
    /// A bounding box that is empty or too large.
    BoardSize {
        /// Width in cells.
        width: u64,
        /// Height in cells.
        height: u64,
    },
    /// The board's corner is too far from the origin.
    CoordinatesOutOfRange,
    /// More cells than the engine's limit.
    TooManyCells {
        /// The limit.
        max: usize,
    },
    /// A clue on a cell rank beyond the cells.
    ClueCellMissing {
        /// The rank written.
        rank: u64,
    },
    /// A clue that does not fit 32 bits.
    ClueTooLarge,
    /// One cell given two clues.
    TwoClues,
    /// A wall on a cell rank beyond the cells.
    WallCellMissing,
    /// A wall toward a position with no cell.
    WallBordersNothing,
    /// A spinner on a cell rank beyond the cells.
    SpinnerCellMissing,
    /// The title is not UTF-8 text.
    TitleNotUtf8,
    /// Bytes after the last field.
    TrailingBytes,
}

impl fmt::Display for ShareFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ShareFault::*;
        match self {
            NumberTooLarge => write!(f, "a number is too large"),
            TooMany { list, count } => {
                let what = match list {
                    ShareList::Clues => "clues",
                    ShareList::Walls => "walls",
                    ShareList::Spinners => "spinners",
                    ShareList::TitleBytes => "title bytes",
                };
                write!(f, "too many {what} ({count})")
            }
            UnknownFlags { flags } => write!(f, "unknown flags {flags}"),
            BoardSize { width, height } => write!(f, "bad board size {width}×{height}"),
            CoordinatesOutOfRange => write!(f, "coordinates out of range"),
            TooManyCells { max } => write!(f, "more than {max} cells"),
            ClueCellMissing { rank } => {
                write!(f, "a clue names cell #{rank}, which does not exist")
            }
            ClueTooLarge => write!(f, "a clue is too large"),
            TwoClues => write!(f, "a cell has two clues"),
            WallCellMissing => write!(f, "a wall names a cell that does not exist"),
            WallBordersNothing => write!(f, "a wall borders no cell"),
            SpinnerCellMissing => write!(f, "a spinner names a cell that does not exist"),
            TitleNotUtf8 => write!(f, "the title is not UTF-8"),
            TrailingBytes => write!(f, "unexpected bytes at the end"),
        }
    }
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => write!(f, "the share code is empty"),
            ShareError::BadCharacter { position, character } => write!(
                f,
                "the share code has an invalid character {character:?} at position {}",
                position + 1
            ),
            ShareError::PackCode => write!(
                f,
                "this is a pack code, not a level code: open it as a pack (#pack=…)"
            ),
            ShareError::UnknownVersion(v) => write!(
                f,
                "the share code has version {v}, but this app reads only version {VERSION}; it may come from a newer app"
            ),
            ShareError::Truncated => write!(f, "the share code is incomplete (cut off)"),
            ShareError::Altered => write!(
                f,
                "the share code is damaged: its checksum does not match (altered or mistyped)"
            ),
            ShareError::Malformed(m) => write!(f, "the share code is malformed: {m}"),
            ShareError::Invalid(p) => {
                let each: Vec<String> = p.iter().map(LevelProblem::to_string).collect();
                write!(f, "the shared level is invalid: {}", each.join("; "))
            }
        }
    }
}

impl std::error::Error for ShareError {}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

/// Encodes a level as a share code.
pub fn encode(level: &Level) -> String {
    let mut out = vec![VERSION];
    write_level_body(&mut out, level);
    code_envelope::seal(out)
}

/// Appends one level's body (everything after the version byte, before the
/// checksum, in the layout above). Pack codes write each level with it.
pub fn write_level_body(out: &mut Vec<u8>, level: &Level) {
    let cells = level.cells();
    let qmin = cells.iter().map(|c| c.pos.q).min().unwrap_or(0);
    let rmin = cells.iter().map(|c| c.pos.r).min().unwrap_or(0);
    let qmax = cells.iter().map(|c| c.pos.q).max().unwrap_or(0);
    let rmax = cells.iter().map(|c| c.pos.r).max().unwrap_or(0);
    let w = (qmax - qmin + 1) as usize;
    let h = (rmax - rmin + 1) as usize;
    let slot = |p: Axial| (p.r - rmin) as usize * w + (p.q - qmin) as usize;
    let mut bitmap = vec![0u8; (w * h).div_ceil(8)];
    for c in cells {
        let s = slot(c.pos);
        bitmap[s / 8] |= 1 << (s % 8);
    }
    // ordinal of each cell in bitmap order
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| slot(cells[i].pos));
    let mut ordinal = vec![0usize; cells.len()];
    for (k, &i) in order.iter().enumerate() {
        ordinal[i] = k;
    }
    let title = level.title.as_deref().filter(|t| !t.is_empty());
    put_varint(out, u64::from(title.is_some()));
    put_varint(out, zigzag(qmin as i64));
    put_varint(out, zigzag(rmin as i64));
    put_varint(out, w as u64);
    put_varint(out, h as u64);
    out.extend_from_slice(&bitmap);
    let clues: Vec<(usize, u32)> = {
        let mut v: Vec<(usize, u32)> = cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.clue.map(|v| (ordinal[i], v)))
            .collect();
        v.sort();
        v
    };
    put_varint(out, clues.len() as u64);
    for (o, v) in clues {
        put_varint(out, o as u64);
        put_varint(out, v as u64);
    }
    put_varint(out, level.walls().len() as u64);
    for e in level.walls() {
        let d = level.direction(e.a, e.b).expect("walls are adjacent");
        let (from, d) = if d < 3 { (e.a, d) } else { (e.b, d - 3) };
        put_varint(out, (ordinal[from] * 3 + d) as u64);
    }
    put_varint(out, level.spinners().len() as u64);
    for s in level.spinners() {
        let v = (ordinal[s.cell] * 6 + s.corner as usize) * 3 + s.phase as usize;
        put_varint(out, v as u64);
    }
    if let Some(t) = title {
        let mut end = t.len().min(MAX_TITLE);
        while !t.is_char_boundary(end) {
            end -= 1;
        }
        put_varint(out, end as u64);
        out.extend_from_slice(&t.as_bytes()[..end]);
    }
}

/// The envelope's reader, with its errors in the share code's words.
struct Reader<'r, 'a>(&'r mut code_envelope::Reader<'a>);

impl From<ReadError> for ShareError {
    fn from(e: ReadError) -> ShareError {
        match e {
            ReadError::Truncated => ShareError::Truncated,
            ReadError::NumberTooLarge => ShareError::Malformed(ShareFault::NumberTooLarge),
        }
    }
}

impl From<EnvelopeError> for ShareError {
    fn from(e: EnvelopeError) -> ShareError {
        match e {
            EnvelopeError::Empty => ShareError::Empty,
            EnvelopeError::BadCharacter {
                position,
                character,
            } => ShareError::BadCharacter {
                position,
                character,
            },
            EnvelopeError::UnknownVersion(PACK_VERSION) => ShareError::PackCode,
            EnvelopeError::UnknownVersion(v) => ShareError::UnknownVersion(v),
            EnvelopeError::Truncated => ShareError::Truncated,
            EnvelopeError::Altered => ShareError::Altered,
        }
    }
}

impl Reader<'_, '_> {
    fn varint(&mut self) -> Result<u64, ShareError> {
        Ok(self.0.varint()?)
    }
    fn bytes(&mut self, n: usize) -> Result<&[u8], ShareError> {
        Ok(self.0.bytes(n as u64)?)
    }
    fn count(&mut self, list: ShareList, max: usize) -> Result<usize, ShareError> {
        let v = self.varint()?;
        if v > max as u64 {
            return Err(ShareError::Malformed(ShareFault::TooMany {
                list,
                count: v,
            }));
        }
        Ok(v as usize)
    }
}

/// Decodes a share code into a validated level with id `shared`.
pub fn decode(code: &str) -> Result<Level, ShareError> {
    let body = code_envelope::open(code, VERSION)?;
    let mut r = code_envelope::Reader::new(&body, 1);
    let level = read_level_body(&mut r, "shared")?;
    if !r.at_end() {
        return Err(ShareError::Malformed(ShareFault::TrailingBytes));
    }
    Ok(level)
}

/// Reads one level's body (as [`write_level_body`] wrote it) from `r`, leaving
/// `r` after its last field, and validates it as a level with id `id`. The
/// only errors are [`ShareError::Truncated`], [`ShareError::Malformed`] and
/// [`ShareError::Invalid`].
pub fn read_level_body(r: &mut code_envelope::Reader, id: &str) -> Result<Level, ShareError> {
    let mut r = Reader(r);

    let flags = r.varint()?;
    if flags > 1 {
        return Err(ShareError::Malformed(ShareFault::UnknownFlags { flags }));
    }
    let mut cells = read_cells(&mut r)?;
    read_clues(&mut r, &mut cells)?;
    let walls = read_walls(&mut r, &cells)?;
    let spinners = read_spinners(&mut r, cells.len())?;
    let title = if flags & 1 == 1 {
        let len = r.count(ShareList::TitleBytes, MAX_TITLE)?;
        let bytes = r.bytes(len)?;
        Some(
            String::from_utf8(bytes.to_vec())
                .map_err(|_| ShareError::Malformed(ShareFault::TitleNotUtf8))?,
        )
    } else {
        None
    };
    Level::build(LevelParts {
        id: id.into(),
        pack: None,
        index: None,
        title,
        cells,
        walls,
        spinners,
    })
    .map_err(ShareError::Invalid)
}

/// The bounding box and the cell bitmap: cells named a, b, … in bitmap order.
fn read_cells(r: &mut Reader) -> Result<Vec<Cell>, ShareError> {
    let q0 = unzigzag(r.varint()?);
    let r0 = unzigzag(r.varint()?);
    let w = r.varint()?;
    let h = r.varint()?;
    if w == 0 || h == 0 || w > MAX_AREA || h > MAX_AREA || w * h > MAX_AREA {
        return Err(ShareError::Malformed(ShareFault::BoardSize {
            width: w,
            height: h,
        }));
    }
    let lim = i64::from(i32::MAX) / 2;
    if !(-lim..=lim).contains(&q0) || !(-lim..=lim).contains(&r0) {
        return Err(ShareError::Malformed(ShareFault::CoordinatesOutOfRange));
    }
    let (w, h) = (w as usize, h as usize);
    let bitmap = r.bytes((w * h).div_ceil(8))?;
    let mut cells = Vec::new();
    for s in 0..w * h {
        if bitmap[s / 8] >> (s % 8) & 1 == 1 {
            if cells.len() >= MAX_CELLS {
                return Err(ShareError::Malformed(ShareFault::TooManyCells {
                    max: MAX_CELLS,
                }));
            }
            cells.push(Cell {
                id: cell_name(cells.len()),
                pos: Axial::new((q0 + (s % w) as i64) as i32, (r0 + (s / w) as i64) as i32),
                clue: None,
            });
        }
    }
    Ok(cells)
}

/// The clues, as (cell rank, value) pairs.
fn read_clues(r: &mut Reader, cells: &mut [Cell]) -> Result<(), ShareError> {
    let n = cells.len();
    let nclues = r.count(ShareList::Clues, n)?;
    for _ in 0..nclues {
        let o = r.varint()?;
        let v = r.varint()?;
        if o >= n as u64 {
            return Err(ShareError::Malformed(ShareFault::ClueCellMissing {
                rank: o,
            }));
        }
        if v > u32::MAX as u64 {
            return Err(ShareError::Malformed(ShareFault::ClueTooLarge));
        }
        if cells[o as usize].clue.is_some() {
            return Err(ShareError::Malformed(ShareFault::TwoClues));
        }
        cells[o as usize].clue = Some(v as u32);
    }
    Ok(())
}

/// The walls, each as its first cell's rank and a direction (E, SE or SW).
fn read_walls(r: &mut Reader, cells: &[Cell]) -> Result<Vec<(usize, usize)>, ShareError> {
    let n = cells.len();
    let nwalls = r.count(ShareList::Walls, 3 * n)?;
    let mut walls = Vec::with_capacity(nwalls);
    for _ in 0..nwalls {
        let v = r.varint()?;
        let (o, d) = ((v / 3) as usize, (v % 3) as usize);
        if o >= n {
            return Err(ShareError::Malformed(ShareFault::WallCellMissing));
        }
        let to = cells[o].pos.neighbor(d);
        let Some(j) = cells.iter().position(|c| c.pos == to) else {
            return Err(ShareError::Malformed(ShareFault::WallBordersNothing));
        };
        walls.push((o, j));
    }
    Ok(walls)
}

/// The spinners, each as `(cell rank · 6 + corner) · 3 + phase`.
fn read_spinners(r: &mut Reader, n: usize) -> Result<Vec<SpinnerSpec>, ShareError> {
    let nsp = r.count(ShareList::Spinners, 2 * n)?;
    let mut spinners = Vec::with_capacity(nsp);
    for _ in 0..nsp {
        let v = r.varint()?;
        let phase = (v % 3) as u8;
        let corner = (v / 3 % 6) as u8;
        let o = v / 18;
        if o >= n as u64 {
            return Err(ShareError::Malformed(ShareFault::SpinnerCellMissing));
        }
        spinners.push(SpinnerSpec {
            cell: o as usize,
            corner,
            phase,
        });
    }
    Ok(spinners)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;

    fn sample() -> Level {
        parse_level(
            r#"{"id":"x","title":"小题 ✓","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1},
               {"id":"w","q":-1,"r":1,"clue":4}],"walls":[["s","w"]],"spinners":[{"cell":"c","corner":0,"phase":2}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn round_trip_keeps_content() {
        let l = sample();
        let code = encode(&l);
        let d = decode(&code).unwrap();
        assert_eq!(d.title.as_deref(), Some("小题 ✓"));
        assert_eq!(d.len(), 4);
        for c in l.cells() {
            let j = d.index_at(c.pos).unwrap();
            assert_eq!(d.cell(j).clue, c.clue);
        }
        assert_eq!(d.walls().len(), 1);
        let (a, b) = (
            d.index_at(Axial::new(0, 1)).unwrap(),
            d.index_at(Axial::new(-1, 1)).unwrap(),
        );
        assert!(d.has_wall(a, b));
        let (s0, s1) = (&l.spinners()[0], &d.spinners()[0]);
        assert_eq!(
            (s0.vertex, s0.vertex_corner, s0.vertex_phase),
            (s1.vertex, s1.vertex_corner, s1.vertex_phase)
        );
        assert_eq!(encode(&d), code);
    }

    #[test]
    fn errors_are_clear() {
        let code = encode(&sample());
        assert_eq!(decode(""), Err(ShareError::Empty));
        assert!(matches!(
            decode("ab*c"),
            Err(ShareError::BadCharacter { position: 2, .. })
        ));
        // truncated
        let cut = &code[..code.len() - 3];
        assert!(matches!(
            decode(cut),
            Err(ShareError::Truncated | ShareError::Altered)
        ));
        assert_eq!(decode(&code[..1]), Err(ShareError::Truncated));
        // altered: flip one character in the middle
        let mut chars: Vec<char> = code.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        let altered: String = chars.into_iter().collect();
        assert_eq!(decode(&altered), Err(ShareError::Altered));
        // a future version
        let mut raw = code_envelope::unbase64url(&code).unwrap();
        raw[0] = 2;
        let e = decode(&code_envelope::base64url(&raw)).unwrap_err();
        assert_eq!(e, ShareError::UnknownVersion(2));
        assert!(e.to_string().contains("newer"));
    }

    #[test]
    fn huge_numbers_are_errors_not_overflows() {
        // found by the fuzz target: a board size whose product overflows u64,
        // and a coordinate that decodes to i64::MIN
        for body in [
            vec![
                1u8, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x07, 0x2e,
            ],
            vec![
                1u8, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 1, 1, 1,
            ],
        ] {
            assert!(matches!(
                decode(&code_envelope::seal(body)),
                Err(ShareError::Malformed(_) | ShareError::Truncated)
            ));
        }
    }
}
