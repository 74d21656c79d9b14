//! The best time of each level solved on this device (the play screen's visible
//! time from opening the level to clearing it), saved in local storage under
//! `mode:03-hex-walls:bestMs` as a JSON object of key → ms: a pack level's id, or
//! for a level from a link (a share link, a shared pack) [`link_level_key`]. An
//! unreadable save is reset with a console warning; a refusing storage only
//! loses the save.

use std::collections::BTreeMap;

use engine::hex::Level;
use serde::{Deserialize, Serialize};

use crate::progress::{load_or_reset, parse_keyed, save_json, valid_id, Unreadable};

/// Where the best times are saved.
pub const BEST_KEY: &str = "mode:03-hex-walls:bestMs";
/// More levels than any catalogue will have: treat as corruption.
const MAX_LEVELS: usize = 10_000;

/// The key of a level from a link: `s:` and a 64-bit FNV-1a hash of its share
/// code, so the same level keeps its best however it was opened, and never meets
/// a pack level's id.
pub fn link_level_key(level: &Level) -> String {
    let code = engine::hex::share::encode(level);
    let hash = code.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("s:{hash:016x}")
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BestTimes {
    pub ms: BTreeMap<String, u64>,
}

impl BestTimes {
    /// Parses the stored text (`None`: nothing stored yet).
    pub fn parse(raw: Option<&str>) -> Result<BestTimes, Unreadable> {
        parse_keyed(raw, "bestMs", MAX_LEVELS, valid_id).map(|ms| BestTimes { ms })
    }

    pub fn load() -> BestTimes {
        load_or_reset(BEST_KEY, BestTimes::parse)
    }

    pub fn save(&self) {
        save_json(BEST_KEY, self);
    }

    pub fn best(&self, id: &str) -> Option<u64> {
        self.ms.get(id).copied()
    }

    /// Records a clear of `id` in `ms`; true when it is the level's new best.
    pub fn record(&mut self, id: &str, ms: u64) -> bool {
        if self.best(id).is_some_and(|b| b <= ms) {
            return false;
        }
        self.ms.insert(id.to_string(), ms);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_faster_clear_replaces_the_best() {
        let mut b = BestTimes::default();
        assert!(b.record("1-1", 9_000));
        assert!(!b.record("1-1", 12_000));
        assert!(b.record("1-1", 4_000));
        assert_eq!(b.best("1-1"), Some(4_000));
        assert_eq!(b.best("1-2"), None);
    }

    #[test]
    fn a_link_level_is_keyed_by_its_content() {
        let level = engine::hex::level_file::parse_level(
            r#"{"id":"x","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0}]}"#,
        )
        .unwrap();
        let key = link_level_key(&level);
        assert!(key.starts_with("s:") && key.len() == 18, "{key}");
        assert!(crate::progress::valid_id(&key));
        assert_eq!(link_level_key(&level.clone()), key);
    }

    #[test]
    fn the_save_round_trips_and_bad_ones_are_named() {
        let mut b = BestTimes::default();
        b.record("3-4", 42_000);
        let text = serde_json::to_string(&b).unwrap();
        assert_eq!(text, r#"{"3-4":42000}"#);
        assert_eq!(BestTimes::parse(Some(&text)), Ok(b));
        assert!(BestTimes::parse(Some(r#"{"":1}"#)).is_err());
        assert!(BestTimes::parse(Some("[1]")).is_err());
        assert_eq!(BestTimes::parse(None), Ok(BestTimes::default()));
    }
}
