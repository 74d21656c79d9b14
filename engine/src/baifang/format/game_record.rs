//! A finished server game as one JSON document: both players with their
//! ratings before and after, the result, the action log in the game-file
//! format (what `engine baifang replay` and the app's file import read) and
//! the move list in the project's notation. `/api/games/{id}` serves it and a
//! player's export is a list of them.

use serde::{Deserialize, Serialize};

use crate::baifang::notation::{line, notate};
use crate::baifang::referee_protocol::{GameResult, PublicPlayer};
use crate::baifang::Action;

/// One player of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordPlayer {
    /// Public player id.
    pub id: String,
    /// Display name at the start of the game.
    pub name: String,
    /// Rating at the start of the game.
    pub rating_before: i32,
    /// Rating after it (equal when it was not rated).
    pub rating_after: i32,
}

/// A finished game, whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameRecord {
    /// Game id.
    pub id: String,
    /// Start and end (ms since the Unix epoch, the server's clock).
    pub started_at: u64,
    /// End.
    pub finished_at: u64,
    /// Black, then White.
    pub players: [RecordPlayer; 2],
    /// Winner, reason, rating changes, why it was not rated.
    pub result: GameResult,
    /// Every action, in the game-file format.
    pub actions: Vec<Action>,
    /// The game on one line in notation (turns separated by spaces).
    pub line: String,
    /// Every action in notation, in order.
    pub plies: Vec<String>,
}

impl GameRecord {
    /// The record of a game between `players` (ratings at the start) that
    /// ended with `result` after `log`. A log the rules refuse (a stored game
    /// quarantined as corrupt) keeps its actions, with notation as far as it
    /// replays.
    pub fn new(
        id: String,
        players: &[PublicPlayer; 2],
        started_at: u64,
        finished_at: u64,
        result: GameResult,
        log: Vec<Action>,
    ) -> GameRecord {
        let notes = match notate(&log) {
            Ok(n) => n,
            Err((i, _)) => notate(&log[..i]).unwrap_or_default(),
        };
        GameRecord {
            id,
            started_at,
            finished_at,
            players: [0, 1].map(|i| RecordPlayer {
                id: players[i].id.clone(),
                name: players[i].name.clone(),
                rating_before: result.ratings[i].before,
                rating_after: result.ratings[i].after,
            }),
            line: line(&notes),
            plies: notes.into_iter().map(|n| n.text).collect(),
            result,
            actions: log,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::game_file;
    use crate::baifang::referee_protocol::{EndReason, RatingChange, SideCode};
    use crate::baifang::Side;

    #[test]
    fn a_record_carries_the_log_in_the_game_file_format_and_notation() {
        let log = vec![
            Action::Place { to: 0 },
            Action::Place { to: 24 },
            Action::Resign { side: Side::Black },
        ];
        let players = ["a", "b"].map(|id| PublicPlayer {
            id: id.into(),
            name: id.to_uppercase(),
            rating: 1200,
        });
        let result = GameResult {
            winner: Some(SideCode(Side::White)),
            reason: EndReason::Resign,
            ratings: [
                RatingChange {
                    before: 1200,
                    after: 1184,
                },
                RatingChange {
                    before: 1200,
                    after: 1216,
                },
            ],
            unrated: None,
            aborted_by: None,
        };
        let r = GameRecord::new("g".into(), &players, 1, 2, result, log.clone());
        assert_eq!(r.plies, ["a5", "e1", "RB#"]);
        assert_eq!(r.line, "a5 e1 RB#");
        assert_eq!(
            (r.players[0].rating_after, r.players[1].rating_after),
            (1184, 1216)
        );
        let json = serde_json::to_value(&r).unwrap();
        // The actions read back as a game file.
        let file = serde_json::to_string(&json["actions"]).unwrap();
        assert_eq!(game_file::from_json(&file).unwrap().log(), &log[..]);
        let back: GameRecord = serde_json::from_value(json).unwrap();
        assert_eq!(back, r);
    }
}
