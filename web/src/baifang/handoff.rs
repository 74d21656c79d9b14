//! What one of Baifang's modules hands the next when the player moves between them: a
//! game to review (lobby, rooms → review), a game to play on (review → lobby's room) and
//! a friend room to join (a `#room=` link, lobby → the server's screen).
//!
//! The modules are separate wasm instances, so a game crosses as text in local storage:
//! the engine's game code (its link format, whose decoder replays and checks every
//! action) with the AI level or who plays. The screen that takes a handoff removes it, so
//! it opens once.

use engine::baifang::ai::Strength;
use engine::baifang::game_link::{self, GameRecord, LinkError};
use engine::baifang::{Action, Side};

use super::local::game::Opponent;
use super::review::ReviewSource;
use crate::storage;

const REVIEW_KEY: &str = "baifang:review-handoff";
const PLAY_ON_KEY: &str = "baifang:play-on-handoff";
const ROOM_KEY: &str = "baifang:room-handoff";

/// Hands a friend room's code (from a `#room=` link) to the server's screen.
pub fn give_room(code: &str) {
    storage::write(ROOM_KEY, code);
}

/// The friend room to join, if one was handed over (taken). The server judges the code.
pub fn take_room() -> Option<String> {
    let code = storage::read(ROOM_KEY)?;
    storage::remove(ROOM_KEY);
    Some(code)
}

/// Hands `source` to the review's module.
pub fn give_review(source: &ReviewSource) {
    let text = format!(
        "{} {}",
        source.level.id(),
        game_link::encode(&source.record)
    );
    storage::write(REVIEW_KEY, &text);
}

/// The game handed to the review, if there is one (taken: it opens once). A broken
/// handoff is the game code's error.
pub fn take_review() -> Option<Result<ReviewSource, LinkError>> {
    let text = storage::read(REVIEW_KEY)?;
    storage::remove(REVIEW_KEY);
    Some(parse_review(&text))
}

fn parse_review(text: &str) -> Result<ReviewSource, LinkError> {
    let (level, code) = text.split_once(' ').unwrap_or(("", text));
    let (record, _) = game_link::decode(code)?;
    Ok(ReviewSource {
        record,
        level: strength_of(level),
    })
}

/// Hands a game to continue from `log`, with who plays it, to the lobby's module.
pub fn give_play_on(log: &[Action], opponent: Opponent) {
    let code = game_link::encode(&GameRecord::new(["", ""], log.to_vec()));
    storage::write(PLAY_ON_KEY, &format!("{} {code}", opponent_word(opponent)));
}

/// The game handed to the lobby to play on, if there is one and it replays (taken).
pub fn take_play_on() -> Option<(Vec<Action>, Opponent)> {
    let text = storage::read(PLAY_ON_KEY)?;
    storage::remove(PLAY_ON_KEY);
    parse_play_on(&text)
}

fn parse_play_on(text: &str) -> Option<(Vec<Action>, Opponent)> {
    let (who, code) = text.split_once(' ')?;
    let (record, _) = game_link::decode(code).ok()?;
    Some((record.log().to_vec(), opponent_of(who)?))
}

/// `hotseat`, or `ai-B-<level>` / `ai-W-<level>` for the human's side and the AI's level.
fn opponent_word(opponent: Opponent) -> String {
    match opponent {
        Opponent::HotSeat => "hotseat".into(),
        Opponent::Ai { human, level } => {
            let side = if human == Side::Black { "B" } else { "W" };
            format!("ai-{side}-{}", level.id())
        }
    }
}

fn opponent_of(word: &str) -> Option<Opponent> {
    if word == "hotseat" {
        return Some(Opponent::HotSeat);
    }
    let rest = word.strip_prefix("ai-")?;
    let (side, level) = rest.split_once('-')?;
    let human = match side {
        "B" => Side::Black,
        "W" => Side::White,
        _ => return None,
    };
    let level = Strength::ALL.into_iter().find(|s| s.id() == level)?;
    Some(Opponent::Ai { human, level })
}

/// The level named `id`; the default level for an unknown one.
fn strength_of(id: &str) -> Strength {
    Strength::ALL
        .into_iter()
        .find(|s| s.id() == id)
        .unwrap_or(Strength::Medium)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_log() -> Vec<Action> {
        [0, 6, 12, 18].map(|to| Action::Place { to }).to_vec()
    }

    #[test]
    fn a_review_crosses_with_its_level() {
        let source = ReviewSource {
            record: GameRecord::new(["甲", "B"], a_log()),
            level: Strength::Hard,
        };
        let text = format!(
            "{} {}",
            source.level.id(),
            game_link::encode(&source.record)
        );
        assert_eq!(parse_review(&text), Ok(source));
        assert!(parse_review("hard !!!").is_err());
    }

    #[test]
    fn a_game_to_play_on_crosses_with_who_plays() {
        for opponent in [
            Opponent::HotSeat,
            Opponent::Ai {
                human: Side::White,
                level: Strength::Master,
            },
        ] {
            let code = game_link::encode(&GameRecord::new(["", ""], a_log()));
            let text = format!("{} {code}", opponent_word(opponent));
            assert_eq!(parse_play_on(&text), Some((a_log(), opponent)));
        }
        assert_eq!(parse_play_on("ai-X-hard AAAA"), None);
        assert_eq!(parse_play_on("hotseat"), None);
    }
}
