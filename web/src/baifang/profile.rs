//! The local player profile shown in the lobby: nickname, rating and record.
//! Stored in browser storage; unreadable data is reset with a notice, never a crash.

use serde::{Deserialize, Serialize};

use engine::baifang::spec::ELO_START;

const KEY: &str = "baifang:profile";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub nickname: String,
    pub rating: i32,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
}

impl Default for Profile {
    fn default() -> Profile {
        Profile {
            nickname: "棋手".to_string(),
            rating: ELO_START,
            games: 0,
            wins: 0,
            losses: 0,
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

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load() -> Loaded {
    let stored = storage().and_then(|s| s.get_item(KEY).ok().flatten());
    let loaded = parse(stored.as_deref());
    if let Loaded::Reset(profile, _) = &loaded {
        save(profile);
    }
    loaded
}

pub fn save(profile: &Profile) {
    if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(profile)) {
        // A full or blocked storage loses the record update, never the game.
        let _ = storage.set_item(KEY, &text);
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
        };
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(parse(Some(&text)), Loaded::Stored(p));
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
