//! The one envelope of every text code the app shares (Baifang game links,
//! Hex Stroke share codes): a version byte and the code's body, then the first
//! four bytes of SHA-256 of both, written as base64url without padding
//! (`A–Z a–z 0–9 - _`, safe in a URL fragment). Each code owns its body's
//! layout and reads it with the [`Reader`] here; the envelope answers only
//! "is this a code of ours, of this version, unaltered".

use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// Why text is not an intact code of the expected version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvelopeError {
    /// Nothing was given.
    Empty,
    /// A character outside the alphabet (0-based position, in characters).
    BadCharacter {
        /// 0-based position.
        position: usize,
        /// The character.
        character: char,
    },
    /// Another version than the one this build reads (a newer app made it).
    UnknownVersion(u8),
    /// The code is cut off.
    Truncated,
    /// The checksum does not match: altered or mistyped.
    Altered,
}

/// base64url without padding. A last character with stray low bits still
/// decodes, so that a mistyped last character is caught by the checksum and
/// reported as altered, not as cut off.
const BASE64URL: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone),
);

/// The first four bytes of SHA-256 of `data`.
pub fn checksum(data: &[u8]) -> [u8; 4] {
    let h = Sha256::digest(data);
    [h[0], h[1], h[2], h[3]]
}

/// `data` as base64url without padding.
pub fn base64url(data: &[u8]) -> String {
    BASE64URL.encode(data)
}

/// The bytes of base64url text (trailing `=` padding tolerated: some tools add it).
pub fn unbase64url(text: &str) -> Result<Vec<u8>, EnvelopeError> {
    let text = text.trim_end_matches('=');
    if let Some((position, character)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(EnvelopeError::BadCharacter {
            position,
            character,
        });
    }
    // Every character is in the alphabet, so the only failure left is a length
    // no byte string has (a dangling character): the code was cut.
    BASE64URL.decode(text).map_err(|_| EnvelopeError::Truncated)
}

/// The code of `data` (its first byte the version): checksummed and written out.
pub fn seal(mut data: Vec<u8>) -> String {
    let sum = checksum(&data);
    data.extend_from_slice(&sum);
    base64url(&data)
}

/// The bytes of a code of `version` (the version byte first, the checksum
/// removed), once it is intact. Surrounding white space is ignored.
pub fn open(code: &str, version: u8) -> Result<Vec<u8>, EnvelopeError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(EnvelopeError::Empty);
    }
    let mut data = unbase64url(code)?;
    match data.first() {
        None => return Err(EnvelopeError::Truncated),
        Some(&v) if v != version => return Err(EnvelopeError::UnknownVersion(v)),
        Some(_) => {}
    }
    if data.len() < 1 + 4 {
        return Err(EnvelopeError::Truncated);
    }
    let sum = data.split_off(data.len() - 4);
    if checksum(&data) != sum[..] {
        return Err(EnvelopeError::Altered);
    }
    Ok(data)
}

/// Appends `v` as a LEB128 varint (7 bits a byte, low first).
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// Why a [`Reader`] could not read the next field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The bytes ran out.
    Truncated,
    /// A varint whose value does not fit 64 bits (or that runs over ten bytes).
    NumberTooLarge,
}

/// Reads a code's body field by field, never past its end.
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at byte `pos` of `data` (1 skips the version byte).
    pub fn new(data: &'a [u8], pos: usize) -> Reader<'a> {
        Reader { data, pos }
    }

    /// Whether every byte has been read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte.
    pub fn byte(&mut self) -> Result<u8, ReadError> {
        let b = *self.data.get(self.pos).ok_or(ReadError::Truncated)?;
        self.pos += 1;
        Ok(b)
    }

    /// The next varint (at most ten bytes, at most `u64::MAX`).
    pub fn varint(&mut self) -> Result<u64, ReadError> {
        let mut v = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            if i == 9 && b > 1 {
                return Err(ReadError::NumberTooLarge);
            }
            v |= ((b & 0x7f) as u64) << (7 * i);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        // (The tenth byte was at most 1, so it ended the number.)
        Err(ReadError::NumberTooLarge)
    }

    /// The next `n` bytes.
    pub fn bytes(&mut self, n: u64) -> Result<&'a [u8], ReadError> {
        let end = usize::try_from(n)
            .ok()
            .and_then(|n| self.pos.checked_add(n))
            .filter(|&end| end <= self.data.len())
            .ok_or(ReadError::Truncated)?;
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_code_opens_to_its_bytes() {
        let data = vec![3, 0, 1, 2, 255];
        let code = seal(data.clone());
        assert!(code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_eq!(open(&code, 3), Ok(data.clone()));
        assert_eq!(open(&format!("  {code}==\n"), 3), Ok(data));
    }

    #[test]
    fn every_way_a_code_is_not_ours_is_named() {
        let code = seal(vec![1, 42, 7, 7, 7, 7]);
        assert_eq!(open("", 1), Err(EnvelopeError::Empty));
        assert_eq!(
            open("ab!c", 1),
            Err(EnvelopeError::BadCharacter {
                position: 2,
                character: '!'
            })
        );
        assert_eq!(open(&code, 2), Err(EnvelopeError::UnknownVersion(1)));
        assert_eq!(
            open(&code[..code.len() - 2], 1),
            Err(EnvelopeError::Altered)
        );
        assert_eq!(open("AQ", 1), Err(EnvelopeError::Truncated));
        assert_eq!(open("A", 1), Err(EnvelopeError::Truncated));
        let mut bytes = unbase64url(&code).unwrap();
        bytes[1] ^= 1;
        assert_eq!(open(&base64url(&bytes), 1), Err(EnvelopeError::Altered));
    }

    #[test]
    fn varints_round_trip_and_overlong_ones_are_refused() {
        for v in [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut r = Reader::new(&out, 0);
            assert_eq!(r.varint(), Ok(v));
            assert!(r.at_end());
        }
        let mut r = Reader::new(&[0xff; 9], 0);
        assert_eq!(r.varint(), Err(ReadError::Truncated));
        let mut r = Reader::new(&[0xff; 10], 0);
        assert_eq!(r.varint(), Err(ReadError::NumberTooLarge));
        let mut eleven = vec![0x80; 9];
        eleven.extend([0x81, 0x00]);
        let mut r = Reader::new(&eleven, 0);
        assert_eq!(r.varint(), Err(ReadError::NumberTooLarge));
        let mut r = Reader::new(&[1, 2], 0);
        assert_eq!(r.bytes(3), Err(ReadError::Truncated));
        assert_eq!(r.bytes(u64::MAX), Err(ReadError::Truncated));
        assert_eq!(r.bytes(2), Ok(&[1u8, 2][..]));
    }
}
