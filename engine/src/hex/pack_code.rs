//! Pack codes: a whole Hex Stroke pack (its title and its levels in order) as one
//! URL-safe text code, for links like `#pack=<code>`. A code never contains a solution.
//!
//! Layout, in the shared code envelope (`crate::code_envelope`: version byte,
//! body, checksum, base64url without padding):
//! ```text
//! 0x50                          kind and version (a level code starts with 0x01)
//! varint len, UTF-8 title       the pack's name, at most MAX_TITLE_CHARS characters
//! varint n                      MIN_LEVELS ≤ n ≤ MAX_LEVELS
//! n level bodies                each in the share code's layout (`share::write_level_body`)
//! 4 bytes                       first 4 bytes of SHA-256 of everything before
//! ```
//! The content is not compressed: the level bodies are already dense (bitmaps
//! and varints), and DEFLATE saves 0–14 % on the shipped packs (a 12-level pack:
//! 312 → 269 bytes, a code of 423 → 366 characters), not worth a decompressor
//! in the app's cold-link bundle nor a deflate bomb to guard against.
//! `tests/hex_pack_code.rs` measures it again and fails if that changes much;
//! a compressed form would be a new version byte (0x51).
//! The kind byte keeps the two codes apart: a level code given to [`decode`]
//! and a pack code given to `share::decode` are each refused with a sentence
//! saying which kind of code it is. Decoded levels get the ids `shared-1`,
//! `shared-2`, … and their index; cell ids, as in a level code, are a, b, c, …

use std::fmt;

use serde::{Deserialize, Serialize};

use super::level_file::Pack;
use super::share::{self, read_level_body, write_level_body, ShareError};
use crate::code_envelope::{self, put_varint, EnvelopeError, ReadError};

/// The kind-and-version byte of pack codes ([`share::PACK_VERSION`]: stated
/// beside the level codes' versions, so neither is taken for the other).
pub const VERSION: u8 = share::PACK_VERSION;

/// The most characters a pack's title may have: it is a heading on the level
/// select and in the share sheet, and 60 characters (180 bytes at most in
/// UTF-8, Chinese included) keep it on a line or two and a small part of a link.
pub const MAX_TITLE_CHARS: usize = 60;

/// The fewest levels a pack holds: an empty pack has nothing to play.
pub const MIN_LEVELS: usize = 1;

/// The most levels a pack holds: the shipped packs have 8 or 9, so 30 leaves
/// room for a player's collection while a code of 30 shipped-size levels stays
/// well under the 8,000 characters that every browser and chat app carries in a
/// link (the 12-level figure is in the tests).
pub const MAX_LEVELS: usize = 30;

/// The most bytes a pack's content may take (16 KiB, a link of about 22,000
/// characters): a real pack is far below it (the five shipped packs: about
/// 200–260 bytes each), so only levels far larger than any shipped reach it.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Why a pack cannot be written as a code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum EncodeError {
    /// The pack has no level.
    NoLevels,
    /// More levels than [`MAX_LEVELS`].
    TooManyLevels {
        /// How many the pack has.
        count: usize,
    },
    /// A title longer than [`MAX_TITLE_CHARS`] characters.
    TitleTooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// The content is larger than [`MAX_BODY_BYTES`] (levels far larger than any shipped).
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::NoLevels => write!(
                f,
                "the pack has no levels; a pack code needs at least {MIN_LEVELS}"
            ),
            EncodeError::TooManyLevels { count } => write!(
                f,
                "the pack has {count} levels; a pack code holds at most {MAX_LEVELS}"
            ),
            EncodeError::TitleTooLong { chars } => write!(
                f,
                "the pack title has {chars} characters; a pack code holds at most {MAX_TITLE_CHARS}"
            ),
            EncodeError::TooLarge { bytes } => write!(
                f,
                "the pack's levels take {bytes} bytes; a pack code holds at most {MAX_BODY_BYTES}"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Why a pack code could not be read. Pages translate the code; `Display` is
/// the command line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum PackError {
    /// Nothing was given.
    Empty,
    /// A character outside the code's alphabet.
    BadCharacter {
        /// 0-based position in the code.
        position: usize,
        /// The character.
        character: char,
    },
    /// A level's share code, not a pack code.
    LevelCode,
    /// A version this app does not read (a newer app wrote it).
    UnknownVersion(u8),
    /// The code is cut off.
    Truncated,
    /// The checksum does not match: altered or mistyped.
    Altered,
    /// The content is larger than [`MAX_BODY_BYTES`].
    TooLarge {
        /// The cap in bytes.
        max: usize,
    },
    /// The checksum holds but the pack's own fields cannot be read.
    Malformed(PackFault),
    /// One level of the pack cannot be read or is not valid.
    Level {
        /// 1-based position of the level in the pack.
        entry: usize,
        /// What is wrong with it: [`ShareError::Truncated`] (the content ends
        /// inside it), [`ShareError::Malformed`] or [`ShareError::Invalid`].
        error: ShareError,
    },
}

/// What is unreadable in a pack code's own fields (its levels aside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum PackFault {
    /// The content ends before the level count.
    EndsEarly,
    /// A number does not fit 64 bits.
    NumberTooLarge,
    /// The title is longer than [`MAX_TITLE_CHARS`] characters.
    TitleTooLong {
        /// Its length (in bytes if it is too long to be read at all).
        chars: u64,
    },
    /// The title is not UTF-8 text.
    TitleNotUtf8,
    /// No level.
    NoLevels,
    /// More than [`MAX_LEVELS`] levels.
    TooManyLevels {
        /// The count as written.
        count: u64,
    },
    /// Bytes after the last level.
    TrailingBytes,
}

impl fmt::Display for PackFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackFault::EndsEarly => write!(f, "it ends before its list of levels"),
            PackFault::NumberTooLarge => write!(f, "a number is too large"),
            PackFault::TitleTooLong { chars } => write!(
                f,
                "the title is {chars} long, more than {MAX_TITLE_CHARS} characters"
            ),
            PackFault::TitleNotUtf8 => write!(f, "the title is not UTF-8"),
            PackFault::NoLevels => write!(f, "it holds no levels"),
            PackFault::TooManyLevels { count } => {
                write!(f, "it holds {count} levels, more than {MAX_LEVELS}")
            }
            PackFault::TrailingBytes => write!(f, "unexpected bytes after the last level"),
        }
    }
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Empty => write!(f, "the pack code is empty"),
            PackError::BadCharacter { position, character } => write!(
                f,
                "the pack code has an invalid character {character:?} at position {}",
                position + 1
            ),
            PackError::LevelCode => write!(
                f,
                "this is a level code, not a pack code: open it as a level (#play=…)"
            ),
            PackError::UnknownVersion(v) => write!(
                f,
                "the pack code has version {v}, but this app reads only version {VERSION}; it may come from a newer app"
            ),
            PackError::Truncated => write!(f, "the pack code is incomplete (cut off)"),
            PackError::Altered => write!(
                f,
                "the pack code is damaged: its checksum does not match (altered or mistyped)"
            ),
            PackError::TooLarge { max } => write!(
                f,
                "the pack code is too long: its content is over {max} bytes"
            ),
            PackError::Malformed(m) => write!(f, "the pack code is malformed: {m}"),
            PackError::Level { entry, error } => match error {
                ShareError::Truncated => {
                    write!(f, "the pack code is malformed: it ends inside level {entry}")
                }
                ShareError::Malformed(m) => {
                    write!(f, "level {entry} of the pack is malformed: {m}")
                }
                ShareError::Invalid(p) => {
                    let each: Vec<String> = p.iter().map(ToString::to_string).collect();
                    write!(f, "level {entry} of the pack is invalid: {}", each.join("; "))
                }
                other => write!(f, "level {entry} of the pack: {other}"),
            },
        }
    }
}

impl std::error::Error for PackError {}

impl From<EnvelopeError> for PackError {
    fn from(e: EnvelopeError) -> PackError {
        match e {
            EnvelopeError::Empty => PackError::Empty,
            EnvelopeError::BadCharacter {
                position,
                character,
            } => PackError::BadCharacter {
                position,
                character,
            },
            EnvelopeError::UnknownVersion(share::VERSION) => PackError::LevelCode,
            EnvelopeError::UnknownVersion(v) => PackError::UnknownVersion(v),
            EnvelopeError::Truncated => PackError::Truncated,
            EnvelopeError::Altered => PackError::Altered,
        }
    }
}

impl From<ReadError> for PackError {
    fn from(e: ReadError) -> PackError {
        PackError::Malformed(match e {
            ReadError::Truncated => PackFault::EndsEarly,
            ReadError::NumberTooLarge => PackFault::NumberTooLarge,
        })
    }
}

/// The uncompressed content of a pack's code: title, count, level bodies.
fn body(pack: &Pack) -> Result<Vec<u8>, EncodeError> {
    let chars = pack.title.chars().count();
    if chars > MAX_TITLE_CHARS {
        return Err(EncodeError::TitleTooLong { chars });
    }
    let count = pack.levels.len();
    if count < MIN_LEVELS {
        return Err(EncodeError::NoLevels);
    }
    if count > MAX_LEVELS {
        return Err(EncodeError::TooManyLevels { count });
    }
    let mut out = Vec::new();
    put_varint(&mut out, pack.title.len() as u64);
    out.extend_from_slice(pack.title.as_bytes());
    put_varint(&mut out, count as u64);
    for level in &pack.levels {
        write_level_body(&mut out, level);
    }
    if out.len() > MAX_BODY_BYTES {
        return Err(EncodeError::TooLarge { bytes: out.len() });
    }
    Ok(out)
}

/// Encodes a pack (its title and levels; not its number, nor level or cell ids)
/// as a pack code.
pub fn encode(pack: &Pack) -> Result<String, EncodeError> {
    let mut out = vec![VERSION];
    out.extend(body(pack)?);
    Ok(code_envelope::seal(out))
}

/// Decodes a pack code into a validated pack numbered 0 (a shared pack has no
/// place among the numbered ones), its levels `shared-1`, `shared-2`, …
pub fn decode(code: &str) -> Result<Pack, PackError> {
    let content = match code_envelope::open(code, VERSION) {
        Err(EnvelopeError::Altered) if cut_off(code) => return Err(PackError::Truncated),
        other => other?,
    };
    read_content(&content)
}

/// Whether a code whose checksum fails was cut off rather than altered: a pack
/// link is long enough for a chat app or a careless copy to cut it, and "cut
/// off" tells the player to fetch the whole link again. The envelope has no
/// length, but the content states its own: read whole (the checksum's place
/// taken as content too), a cut code's counts ask for more than it holds, or its
/// content is whole with fewer than the checksum's four bytes after it. An
/// altered code that is whole reads its levels and has those four bytes left.
fn cut_off(code: &str) -> bool {
    let Ok(data) = code_envelope::unbase64url(code.trim()) else {
        return false;
    };
    match read_content(&data) {
        Ok(_)
        | Err(PackError::Malformed(PackFault::EndsEarly))
        | Err(PackError::Level {
            error: ShareError::Truncated,
            ..
        }) => true,
        Err(_) => (1..4).any(|k| data.len() > k && read_content(&data[..data.len() - k]).is_ok()),
    }
}

/// The pack in a code's content (the version byte first, the checksum removed).
fn read_content(content: &[u8]) -> Result<Pack, PackError> {
    if content.len().saturating_sub(1) > MAX_BODY_BYTES {
        return Err(PackError::TooLarge {
            max: MAX_BODY_BYTES,
        });
    }
    let mut r = code_envelope::Reader::new(content, 1);
    let len = r.varint()?;
    // A title of more than 4 bytes a character cannot be short enough.
    if len > (4 * MAX_TITLE_CHARS) as u64 {
        return Err(PackError::Malformed(PackFault::TitleTooLong { chars: len }));
    }
    let title = std::str::from_utf8(r.bytes(len)?)
        .map_err(|_| PackError::Malformed(PackFault::TitleNotUtf8))?
        .to_string();
    let chars = title.chars().count();
    if chars > MAX_TITLE_CHARS {
        return Err(PackError::Malformed(PackFault::TitleTooLong {
            chars: chars as u64,
        }));
    }
    let count = r.varint()?;
    if count < MIN_LEVELS as u64 {
        return Err(PackError::Malformed(PackFault::NoLevels));
    }
    if count > MAX_LEVELS as u64 {
        return Err(PackError::Malformed(PackFault::TooManyLevels { count }));
    }
    let mut levels = Vec::with_capacity(count as usize);
    for entry in 1..=count as usize {
        let mut level = read_level_body(&mut r, &format!("shared-{entry}"))
            .map_err(|error| PackError::Level { entry, error })?;
        level.index = Some(entry as u32);
        levels.push(level);
    }
    if !r.at_end() {
        return Err(PackError::Malformed(PackFault::TrailingBytes));
    }
    Ok(Pack {
        pack: 0,
        title,
        levels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;
    use crate::hex::Level;

    fn level(title: &str) -> Level {
        parse_level(&format!(
            r#"{{"id":"x","title":"{title}","cells":[{{"id":"c","q":0,"r":0,"clue":1}},{{"id":"e","q":1,"r":0}},{{"id":"s","q":0,"r":1}},
               {{"id":"w","q":-1,"r":1,"clue":4}}],"walls":[["s","w"]],"spinners":[{{"cell":"c","corner":0,"phase":2}}]}}"#
        ))
        .unwrap()
    }

    fn pack(n: usize) -> Pack {
        Pack {
            pack: 7,
            title: "小径 trails".into(),
            levels: (0..n).map(|i| level(&format!("第 {i} 关"))).collect(),
        }
    }

    /// A sealed pack code of any content, to reach the reader's errors.
    fn code_of(content: &[u8]) -> String {
        let mut out = vec![VERSION];
        out.extend(content);
        code_envelope::seal(out)
    }

    #[test]
    fn a_pack_round_trips_with_its_titles_in_order() {
        let p = pack(3);
        let code = encode(&p).unwrap();
        assert!(code.starts_with('U'), "{code}");
        let d = decode(&code).unwrap();
        assert_eq!(d.pack, 0);
        assert_eq!(d.title, p.title);
        assert_eq!(d.levels.len(), 3);
        for (i, l) in d.levels.iter().enumerate() {
            assert_eq!(l.id, format!("shared-{}", i + 1));
            assert_eq!(l.index, Some(i as u32 + 1));
            assert_eq!(l.title, p.levels[i].title);
            assert_eq!(share::encode(l), share::encode(&p.levels[i]));
        }
        assert_eq!(encode(&d).unwrap(), code);
    }

    #[test]
    fn the_limits_hold_both_ways() {
        assert_eq!(encode(&pack(0)), Err(EncodeError::NoLevels));
        assert_eq!(
            encode(&pack(MAX_LEVELS + 1)),
            Err(EncodeError::TooManyLevels {
                count: MAX_LEVELS + 1
            })
        );
        assert!(encode(&pack(MAX_LEVELS)).is_ok());
        let mut long = pack(1);
        long.title = "墙".repeat(MAX_TITLE_CHARS);
        assert!(encode(&long).is_ok());
        long.title.push('x');
        assert_eq!(
            encode(&long),
            Err(EncodeError::TitleTooLong {
                chars: MAX_TITLE_CHARS + 1
            })
        );
        // the decoder refuses what the encoder would not write
        let mut content = vec![0u8, 0];
        assert_eq!(
            decode(&code_of(&content)),
            Err(PackError::Malformed(PackFault::NoLevels))
        );
        content[1] = MAX_LEVELS as u8 + 1;
        assert_eq!(
            decode(&code_of(&content)),
            Err(PackError::Malformed(PackFault::TooManyLevels {
                count: MAX_LEVELS as u64 + 1
            }))
        );
        let mut titled = vec![61];
        titled.extend([b'a'; 61]);
        titled.push(1);
        assert_eq!(
            decode(&code_of(&titled)),
            Err(PackError::Malformed(PackFault::TitleTooLong { chars: 61 }))
        );
        assert_eq!(
            decode(&code_of(&[2, 0xff, 0xfe, 1])),
            Err(PackError::Malformed(PackFault::TitleNotUtf8))
        );
        assert_eq!(
            decode(&code_of(&[3, b'a'])),
            Err(PackError::Malformed(PackFault::EndsEarly))
        );
    }

    #[test]
    fn a_bad_level_is_named_by_its_entry() {
        let p = pack(2);
        let mut content = body(&p).unwrap();
        // cut inside level 2
        content.truncate(content.len() - 3);
        let e = decode(&code_of(&content)).unwrap_err();
        assert_eq!(
            e,
            PackError::Level {
                entry: 2,
                error: ShareError::Truncated
            }
        );
        assert!(e.to_string().contains("level 2"), "{e}");
        // a second level that reads but is not a valid level: one cell, clue 5
        let mut content = vec![0u8, 2];
        write_level_body(&mut content, &p.levels[0]);
        content.extend([0, 0, 0, 1, 1, 1, 1, 0, 5, 0, 0]);
        let e = decode(&code_of(&content)).unwrap_err();
        assert!(
            matches!(
                e,
                PackError::Level {
                    entry: 2,
                    error: ShareError::Invalid(_)
                }
            ),
            "{e:?}"
        );
        assert!(
            e.to_string().starts_with("level 2 of the pack is invalid"),
            "{e}"
        );
        // bytes after the last level
        let mut content = body(&pack(1)).unwrap();
        content.push(0);
        assert_eq!(
            decode(&code_of(&content)),
            Err(PackError::Malformed(PackFault::TrailingBytes))
        );
    }

    #[test]
    fn level_and_pack_codes_are_not_taken_for_each_other() {
        let level_code = share::encode(&level("t"));
        let e = decode(&level_code).unwrap_err();
        assert_eq!(e, PackError::LevelCode);
        assert!(e
            .to_string()
            .contains("this is a level code, not a pack code"));
        let pack_code = encode(&pack(2)).unwrap();
        let e = share::decode(&pack_code).unwrap_err();
        assert_eq!(e, ShareError::PackCode);
        assert!(e
            .to_string()
            .contains("this is a pack code, not a level code"));
    }

    #[test]
    fn damage_and_oversize_are_errors() {
        let code = encode(&pack(2)).unwrap();
        assert_eq!(decode(""), Err(PackError::Empty));
        assert!(matches!(
            decode("U*x"),
            Err(PackError::BadCharacter { position: 1, .. })
        ));
        assert_eq!(decode(&code[..1]), Err(PackError::Truncated));
        let mut chars: Vec<char> = code.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        let altered: String = chars.into_iter().collect();
        assert_eq!(decode(&altered), Err(PackError::Altered));
        let mut raw = code_envelope::unbase64url(&code).unwrap();
        raw[0] = VERSION + 1;
        assert_eq!(
            decode(&code_envelope::base64url(&raw)),
            Err(PackError::UnknownVersion(VERSION + 1))
        );
        let huge = code_of(&vec![0u8; MAX_BODY_BYTES + 1]);
        assert_eq!(
            decode(&huge),
            Err(PackError::TooLarge {
                max: MAX_BODY_BYTES
            })
        );
    }

    /// The rules page states the limits the code holds.
    #[test]
    fn the_rules_page_states_the_limits() {
        let doc = include_str!("../../../docs/hex-stroke-rules.md");
        let para = &doc[doc.find("**Pack codes.**").expect("a Pack codes paragraph")..];
        let para = &para[..para.find("\n\n").unwrap_or(para.len())];
        let para = para.replace('\n', " ");
        for stated in [
            format!("at most {MAX_TITLE_CHARS} characters"),
            format!("({MIN_LEVELS} to {MAX_LEVELS})"),
            format!("`{VERSION:#04x}`"),
            format!("exceed {} KiB", MAX_BODY_BYTES / 1024),
            format!("more than {MAX_LEVELS}"),
        ] {
            assert!(para.contains(&stated), "the paragraph lacks {stated:?}");
        }
    }
}
