//! The local player profile shown in the lobby: nickname, rating and record.
//! Stored in browser storage; unreadable data is reset with a notice, never a crash.

use serde::{Deserialize, Serialize};

use engine::baifang::spec::ELO_START;

use web_core::storage;

const KEY: &str = "baifang:profile";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub nickname: String,
    pub rating: i32,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    /// The latest online matches, newest first (at most [`RECENT_KEPT`]).
    #[serde(default)]
    pub recent: Vec<RecentMatch>,
}

/// How many recent matches the record keeps.
pub const RECENT_KEPT: usize = 10;

/// One finished online match in the local record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentMatch {
    pub peer: String,
    pub won: bool,
    /// The engine's reason name (`resign`, `timeouts`, `disconnect`…).
    pub reason: String,
    pub rating_before: i32,
    pub rating_after: i32,
}

impl Profile {
    /// Records a rated online result.
    pub fn record(&mut self, m: RecentMatch) {
        self.games += 1;
        if m.won {
            self.wins += 1;
        } else {
            self.losses += 1;
        }
        self.rating = m.rating_after;
        self.recent.insert(0, m);
        self.recent.truncate(RECENT_KEPT);
    }

    /// Takes back a result recorded earlier (the loss an online game holds
    /// from its start), leaving whatever else was recorded since: tabs that
    /// share one record may have finished their own games meanwhile.
    pub fn unrecord(&mut self, m: &RecentMatch) {
        let Some(at) = self.recent.iter().position(|r| r == m) else {
            return;
        };
        self.recent.remove(at);
        self.games = self.games.saturating_sub(1);
        if m.won {
            self.wins = self.wins.saturating_sub(1);
        } else {
            self.losses = self.losses.saturating_sub(1);
        }
        if self.rating == m.rating_after {
            self.rating = m.rating_before;
        }
    }
}

/// The nickname of a player who never chose one (the page shows it translated).
pub const DEFAULT_NICKNAME: &str = "棋手";

impl Default for Profile {
    fn default() -> Profile {
        Profile {
            nickname: DEFAULT_NICKNAME.to_string(),
            rating: ELO_START,
            games: 0,
            wins: 0,
            losses: 0,
            recent: Vec::new(),
        }
    }
}

/// What loading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    Fresh(Profile),
    Stored(Profile),
    /// Stored data could not be read; the profile was reset. Carries the reason.
    Reset(Profile, String),
}

impl Loaded {
    pub fn profile(&self) -> &Profile {
        match self {
            Loaded::Fresh(p) | Loaded::Stored(p) | Loaded::Reset(p, _) => p,
        }
    }
}

/// Parses stored text (pure, so it is unit-tested natively).
pub fn parse(stored: Option<&str>) -> Loaded {
    match stored {
        None => Loaded::Fresh(Profile::default()),
        Some(text) => match serde_json::from_str::<Profile>(text) {
            Ok(p) if p.wins + p.losses <= p.games && p.rating > 0 => Loaded::Stored(p),
            Ok(_) => Loaded::Reset(
                Profile::default(),
                "the stored record contradicts itself".to_string(),
            ),
            Err(e) => Loaded::Reset(
                Profile::default(),
                format!("the stored profile is not readable ({e})"),
            ),
        },
    }
}

/// The storage key: `baifang:profile`, or `baifang:profile:<slot>` with `?profile=<slot>`
/// in the URL, so two tabs of one browser can stand for two devices with separate records.
fn key() -> String {
    web_core::storage::slot_key(KEY)
}

pub fn load() -> Loaded {
    let stored = storage::read(&key());
    let loaded = parse(stored.as_deref());
    if let Loaded::Reset(profile, _) = &loaded {
        save(profile);
    }
    loaded
}

pub fn save(profile: &Profile) {
    if let Ok(text) = serde_json::to_string(profile) {
        // A full or blocked storage loses the record update, never the game.
        storage::write(&key(), &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_storage_gives_a_fresh_profile_at_the_start_rating() {
        assert_eq!(parse(None), Loaded::Fresh(Profile::default()));
        assert_eq!(Profile::default().rating, 1200);
    }

    #[test]
    fn stored_profile_round_trips() {
        let p = Profile {
            nickname: "x".into(),
            rating: 1234,
            games: 3,
            wins: 2,
            losses: 1,
            recent: vec![RecentMatch {
                peer: "p".into(),
                won: true,
                reason: "resign".into(),
                rating_before: 1200,
                rating_after: 1216,
            }],
        };
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(parse(Some(&text)), Loaded::Stored(p));
    }

    #[test]
    fn records_results_and_keeps_the_latest() {
        let mut p = Profile::default();
        for k in 0..12 {
            p.record(RecentMatch {
                peer: format!("p{k}"),
                won: k % 3 != 0,
                reason: "resign".into(),
                rating_before: p.rating,
                rating_after: p.rating + 1,
            });
        }
        assert_eq!((p.games, p.wins, p.losses, p.rating), (12, 8, 4, 1212));
        assert_eq!(p.recent.len(), RECENT_KEPT);
        assert_eq!(p.recent[0].peer, "p11");
        // Older stored profiles without the list still load.
        let old = r#"{"nickname":"a","rating":1200,"games":0,"wins":0,"losses":0}"#;
        assert!(matches!(parse(Some(old)), Loaded::Stored(_)));
    }

    #[test]
    fn a_held_loss_is_taken_back_without_touching_results_recorded_since() {
        let held = RecentMatch {
            peer: "a".into(),
            won: false,
            reason: "resign".into(),
            rating_before: 1200,
            rating_after: 1184,
        };
        let mut p = Profile::default();
        p.record(held.clone());
        // Another tab sharing this record finished its own game meanwhile.
        let other = RecentMatch {
            peer: "b".into(),
            won: true,
            reason: "fewer_than_four".into(),
            rating_before: 1200,
            rating_after: 1216,
        };
        p.record(other.clone());
        p.unrecord(&held);
        assert_eq!((p.games, p.wins, p.losses, p.rating), (1, 1, 0, 1216));
        assert_eq!(p.recent, vec![other]);
        // Alone, taking it back restores the record exactly.
        let mut q = Profile::default();
        q.record(held.clone());
        q.unrecord(&held);
        assert_eq!(q, Profile::default());
    }

    #[test]
    fn corrupted_storage_is_reset_with_a_reason() {
        for bad in [
            "{",
            "null",
            "[]",
            "{\"nickname\":1}",
            "{\"nickname\":\"a\",\"rating\":1200,\"games\":1,\"wins\":5,\"losses\":0}",
        ] {
            match parse(Some(bad)) {
                Loaded::Reset(p, reason) => {
                    assert_eq!(p, Profile::default());
                    assert!(!reason.is_empty());
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
