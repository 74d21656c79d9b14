//! The game in progress on this device, one per kind (hot-seat, vs AI), kept in local
//! storage after every action so a reload, a closed tab or a stray tap loses nothing:
//! the lobby offers it again (继续上局).
//!
//! Stored as JSON: who plays (`Opponent::word`, `hotseat` or `ai-B-medium`), whether
//! the step clock was on, and the log in the engine's action format (the replay file's
//! packets). A stored game is trusted for nothing: it is replayed by the engine when
//! read; one that does not replay, or is already finished, is no game to resume.

use serde::{Deserialize, Serialize};

use engine::baifang::{Action, Game};

use crate::local::game::Opponent;
use web_core::storage;

/// The kinds of local game, each kept under a key of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    HotSeat,
    Ai,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::HotSeat, Kind::Ai];

    pub fn of(opponent: Opponent) -> Kind {
        match opponent {
            Opponent::HotSeat => Kind::HotSeat,
            Opponent::Ai { .. } => Kind::Ai,
        }
    }

    /// The storage key's base (the profile slot is added by [`storage::slot_key`]).
    pub fn key_base(self) -> &'static str {
        match self {
            Kind::HotSeat => "baifang.localGame.v1.hotseat",
            Kind::Ai => "baifang.localGame.v1.ai",
        }
    }

    /// The word test hooks and the lobby's buttons use.
    pub fn id(self) -> &'static str {
        match self {
            Kind::HotSeat => "hotseat",
            Kind::Ai => "ai",
        }
    }
}

/// The stored form.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stored {
    who: String,
    step_clock: bool,
    log: Vec<Action>,
}

/// A game to resume: who plays, whether the step clock was on, and its log (which
/// the engine replayed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    pub opponent: Opponent,
    pub step_clock: bool,
    pub log: Vec<Action>,
}

/// What a stored text holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// A running game to offer.
    Game(Resumable),
    /// A finished game: nothing to resume.
    Finished,
    /// Text that is not a game, or a log the engine refuses: discarded.
    Broken,
}

/// The stored text of a game in progress.
pub fn to_text(opponent: Opponent, step_clock: bool, log: &[Action]) -> String {
    let stored = Stored {
        who: opponent.word(),
        step_clock,
        log: log.to_vec(),
    };
    // A struct of strings, a bool and actions always serialises.
    serde_json::to_string(&stored).unwrap_or_default()
}

/// Reads a stored text, replaying its log through the engine.
pub fn parse(text: &str) -> Read {
    let Ok(stored) = serde_json::from_str::<Stored>(text) else {
        return Read::Broken;
    };
    let Some(opponent) = Opponent::from_word(&stored.who) else {
        return Read::Broken;
    };
    match Game::from_log(&stored.log) {
        Err(_) => Read::Broken,
        Ok(game) if game.state().is_finished() => Read::Finished,
        Ok(_) => Read::Game(Resumable {
            opponent,
            step_clock: stored.step_clock,
            log: stored.log,
        }),
    }
}

fn key(kind: Kind) -> String {
    storage::slot_key(kind.key_base())
}

/// What the lobby finds saved for one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    Nothing,
    Game(Resumable),
    /// A stored game that did not replay, now removed: the lobby says so.
    Discarded,
}

/// The saved game of `kind`: a stored game that is finished or broken is removed.
pub fn load(kind: Kind) -> Saved {
    let Some(text) = storage::read(&key(kind)) else {
        return Saved::Nothing;
    };
    match parse(&text) {
        Read::Game(game) => Saved::Game(game),
        Read::Finished => {
            forget(kind);
            Saved::Nothing
        }
        Read::Broken => {
            forget(kind);
            Saved::Discarded
        }
    }
}

/// Keeps the game after an action: a running game replaces the saved one of its kind,
/// a finished or empty one removes it (nothing to resume).
pub fn keep(opponent: Opponent, step_clock: bool, game: &Game) {
    let kind = Kind::of(opponent);
    if game.state().is_finished() || game.log().is_empty() {
        forget(kind);
    } else {
        storage::write(&key(kind), &to_text(opponent, step_clock, game.log()));
    }
}

pub fn forget(kind: Kind) {
    storage::remove(&key(kind));
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::Strength;
    use engine::baifang::Side;

    fn ai() -> Opponent {
        Opponent::Ai {
            human: Side::White,
            level: Strength::Beginner,
        }
    }

    #[test]
    fn a_running_game_round_trips_in_the_action_format() {
        let log = [0, 6, 12].map(|to| Action::Place { to }).to_vec();
        let text = to_text(ai(), true, &log);
        assert!(text.contains(r#""actionType":0"#), "packets: {text}");
        assert_eq!(
            parse(&text),
            Read::Game(Resumable {
                opponent: ai(),
                step_clock: true,
                log
            })
        );
    }

    #[test]
    fn finished_and_broken_games_are_not_offered() {
        let resigned = [
            Action::Place { to: 0 },
            Action::Resign { side: Side::White },
        ];
        assert_eq!(parse(&to_text(ai(), false, &resigned)), Read::Finished);
        let illegal = [Action::Place { to: 0 }, Action::Place { to: 0 }];
        assert_eq!(parse(&to_text(ai(), false, &illegal)), Read::Broken);
        for text in [
            "",
            "{",
            "[]",
            r#"{"who":"nobody","stepClock":false,"log":[]}"#,
        ] {
            assert_eq!(parse(text), Read::Broken, "{text}");
        }
        let bad_packet = r#"{"who":"hotseat","stepClock":false,"log":[{"actionType":9}]}"#;
        assert_eq!(parse(bad_packet), Read::Broken);
    }

    #[test]
    fn each_kind_has_its_own_key() {
        assert_ne!(Kind::HotSeat.key_base(), Kind::Ai.key_base());
        assert_eq!(Kind::of(ai()), Kind::Ai);
        assert_eq!(Kind::of(Opponent::HotSeat), Kind::HotSeat);
    }
}
