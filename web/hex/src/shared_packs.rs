//! The packs opened from links (`#pack=<code>`) on this device and each one's
//! progress, saved in local storage under `mode:03-hex-walls:sharedPacks` as a
//! JSON object of pack code → the positions cleared and when it was last opened.
//! A pack is known by its code (the code holds the whole pack and its checksum, so
//! two packs never share one), so its progress is its own and never mixes with the
//! shipped packs' or another pack's. An unreadable save is reset with a console
//! warning; a refusing storage only loses the save.

use std::collections::BTreeMap;

use engine::hex::level_file::Pack;
use serde::{Deserialize, Serialize};

use crate::progress::{load_or_reset, parse_keyed, save_json, Unreadable};

/// Where the shared packs' progress is saved.
pub const SHARED_PACKS_KEY: &str = "mode:03-hex-walls:sharedPacks";

/// The most packs kept: opening one more forgets the one opened longest ago, so a
/// player who opens many links never fills the storage.
pub const MAX_KEPT: usize = 20;

/// The longest code kept (a pack code's content is capped far below this).
const MAX_CODE_CHARS: usize = 32 * 1024;

/// A pack opened from a link: its code (which names it) and its levels.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedPack {
    pub code: String,
    pub pack: Pack,
}

/// One pack's progress on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackRecord {
    /// The 1-based positions of the levels cleared, in clearing order.
    pub cleared: Vec<usize>,
    /// When it was last opened, as a count of openings on this device (larger is later).
    pub opened: u64,
}

/// Every pack opened from a link on this device.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SharedPacks {
    packs: BTreeMap<String, PackRecord>,
}

/// A key that can be a pack code: the code alphabet (base64url) only.
fn valid_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= MAX_CODE_CHARS
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl SharedPacks {
    /// Parses the stored text (`None`: nothing stored yet).
    pub fn parse(raw: Option<&str>) -> Result<SharedPacks, Unreadable> {
        parse_keyed(raw, "sharedPacks", MAX_KEPT, valid_code).map(|packs| SharedPacks { packs })
    }

    pub fn load() -> SharedPacks {
        load_or_reset(SHARED_PACKS_KEY, SharedPacks::parse)
    }

    pub fn save(&self) {
        save_json(SHARED_PACKS_KEY, self);
    }

    /// Notes that `code` was opened now (keeping its progress); beyond [`MAX_KEPT`]
    /// the pack opened longest ago is forgotten.
    pub fn opened(&mut self, code: &str) {
        let now = self.packs.values().map(|r| r.opened).max().unwrap_or(0) + 1;
        self.packs.entry(code.to_string()).or_default().opened = now;
        while self.packs.len() > MAX_KEPT {
            let oldest = self
                .packs
                .iter()
                .min_by_key(|(_, r)| r.opened)
                .map(|(c, _)| c.clone());
            match oldest {
                Some(c) => self.packs.remove(&c),
                None => break,
            };
        }
    }

    /// Marks level `position` (1-based) of `code` cleared; returns whether it was new.
    pub fn mark_cleared(&mut self, code: &str, position: usize) -> bool {
        let record = self.packs.entry(code.to_string()).or_default();
        if record.cleared.contains(&position) {
            return false;
        }
        record.cleared.push(position);
        true
    }

    pub fn is_cleared(&self, code: &str, position: usize) -> bool {
        self.packs
            .get(code)
            .is_some_and(|r| r.cleared.contains(&position))
    }

    /// How many levels of `code` are cleared.
    pub fn cleared_count(&self, code: &str) -> usize {
        self.packs.get(code).map_or(0, |r| r.cleared.len())
    }

    /// The codes kept, the one opened last first.
    pub fn recent(&self) -> Vec<String> {
        let mut codes: Vec<(&String, u64)> =
            self.packs.iter().map(|(c, r)| (c, r.opened)).collect();
        codes.sort_by_key(|&(_, opened)| std::cmp::Reverse(opened));
        codes.into_iter().map(|(c, _)| c.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_kept_per_pack_and_round_trips() {
        let mut s = SharedPacks::default();
        s.opened("AAA");
        s.opened("BBB");
        assert!(s.mark_cleared("AAA", 2));
        assert!(!s.mark_cleared("AAA", 2));
        assert!(s.is_cleared("AAA", 2));
        assert!(!s.is_cleared("BBB", 2));
        assert_eq!(s.cleared_count("AAA"), 1);
        assert_eq!(s.recent(), vec!["BBB".to_string(), "AAA".to_string()]);
        s.opened("AAA");
        assert_eq!(s.recent()[0], "AAA");
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(
            text,
            r#"{"AAA":{"cleared":[2],"opened":3},"BBB":{"cleared":[],"opened":2}}"#
        );
        assert_eq!(SharedPacks::parse(Some(&text)), Ok(s));
    }

    #[test]
    fn opening_one_pack_too_many_forgets_the_oldest() {
        let mut s = SharedPacks::default();
        for i in 0..=MAX_KEPT {
            s.opened(&format!("P{i}"));
        }
        assert_eq!(s.recent().len(), MAX_KEPT);
        assert!(!s.recent().contains(&"P0".to_string()));
        assert!(s.recent().contains(&format!("P{MAX_KEPT}")));
    }

    #[test]
    fn bad_saves_are_named() {
        assert!(SharedPacks::parse(Some(r#"{"a b":{"cleared":[],"opened":1}}"#)).is_err());
        assert!(SharedPacks::parse(Some(r#"{"AB":{"cleared":[],"opened":1,"x":0}}"#)).is_err());
        assert!(SharedPacks::parse(Some("[]")).is_err());
        assert_eq!(SharedPacks::parse(None), Ok(SharedPacks::default()));
    }
}
