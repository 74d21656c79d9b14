//! The recent games: every finished Baifang game of this browser (hot-seat, vs
//! AI, online) kept in local storage, newest first and at most [`KEPT`], so the
//! lobby can list them and open any in the review.
//!
//! Stored under [`KEY`] as a JSON array of [`SavedGame`]; the log is in the
//! replay command's action format. A stored entry is trusted for nothing: it is
//! replayed by the engine when read, and one that does not replay is dropped.

use serde::{Deserialize, Serialize};

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;
use engine::baifang::{Action, Game, Reason, Side};

use super::ReviewSource;
use web_core::storage;

/// The storage key.
pub const KEY: &str = "baifang.recentGames.v1";
/// How many games are kept (older ones are dropped).
pub const KEPT: usize = 20;

/// How a game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    HotSeat,
    Ai,
    Online,
}

/// One finished game as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub mode: Mode,
    /// Blue's and Orange's labels.
    pub labels: [String; 2],
    pub log: Vec<Action>,
    /// The winner's letter and the reason's name, as the engine gave them.
    pub winner: Option<String>,
    pub reason: Option<String>,
    /// When it ended (ms since the epoch).
    pub date: f64,
    /// The AI's level of a vs-AI game (a continuation from the review uses it).
    #[serde(default)]
    pub level: Option<String>,
}

/// A stored game, replayed: what the lobby lists.
#[derive(Clone, Debug)]
pub struct RecentGame {
    pub saved: SavedGame,
    /// The engine's result of the replayed log.
    pub result: Option<(Side, Reason)>,
}

impl RecentGame {
    /// The review this entry opens.
    pub fn source(&self) -> ReviewSource {
        let labels = [self.saved.labels[0].as_str(), self.saved.labels[1].as_str()];
        ReviewSource {
            record: GameRecord::new(labels, self.saved.log.clone()),
            level: self
                .saved
                .level
                .as_deref()
                .and_then(Strength::parse)
                .unwrap_or(Strength::Medium),
        }
    }
}

impl SavedGame {
    /// The entry for a finished `record` (its result read from the engine's replay).
    pub fn of(record: &GameRecord, mode: Mode, level: Option<Strength>, date: f64) -> SavedGame {
        let result = Game::from_log(record.log())
            .ok()
            .and_then(|g| g.state().result());
        SavedGame {
            mode,
            labels: [
                record.label(Side::Black).to_string(),
                record.label(Side::White).to_string(),
            ],
            log: record.log().to_vec(),
            winner: result.map(|(w, _)| w.letter().to_string()),
            reason: result.map(|(_, r)| r.name().to_string()),
            date,
            level: level.map(|l| l.id().to_string()),
        }
    }
}

/// The games in stored text, newest first: a list that is not JSON is empty;
/// an entry that is not a game or does not replay is left out.
pub fn parse(text: &str) -> Vec<RecentGame> {
    let Ok(items) = serde_json::from_str::<Vec<serde_json::Value>>(text) else {
        return Vec::new();
    };
    items
        .into_iter()
        .filter_map(|v| serde_json::from_value::<SavedGame>(v).ok())
        .filter_map(|saved| {
            let game = Game::from_log(&saved.log).ok()?;
            Some(RecentGame {
                result: game.state().result(),
                saved,
            })
        })
        .take(KEPT)
        .collect()
}

/// `list` with `game` added in front, at most [`KEPT`] long.
pub fn with_added(list: &[RecentGame], game: SavedGame) -> Vec<SavedGame> {
    std::iter::once(game)
        .chain(list.iter().map(|g| g.saved.clone()))
        .take(KEPT)
        .collect()
}

/// The storage key: [`KEY`], or `KEY:<slot>` with `?profile=<slot>` (the
/// profile's slot: two tabs standing for two devices keep separate games).
fn key() -> String {
    web_core::storage::slot_key(KEY)
}

/// The stored games, newest first.
pub fn load() -> Vec<RecentGame> {
    storage::read(&key()).map(|t| parse(&t)).unwrap_or_default()
}

/// Keeps a finished game (a full storage only loses it).
pub fn remember(record: &GameRecord, mode: Mode, level: Option<Strength>) {
    let game = SavedGame::of(record, mode, level, js_sys::Date::now());
    let list = with_added(&load(), game);
    if let Ok(text) = serde_json::to_string(&list) {
        storage::write(&key(), &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished_record(n: u8) -> GameRecord {
        let log = vec![
            Action::Place { to: n },
            Action::Resign { side: Side::White },
        ];
        GameRecord::new(["小明", "AI"], log)
    }

    #[test]
    fn a_saved_game_reads_back_with_the_engines_result() {
        let saved = SavedGame::of(&finished_record(3), Mode::Ai, Some(Strength::Hard), 1e12);
        assert_eq!(saved.winner.as_deref(), Some("B"));
        let text = serde_json::to_string(&with_added(&[], saved.clone())).unwrap();
        // The log is in the replay command's format.
        let log = [
            Action::Place { to: 3 },
            Action::Resign { side: Side::White },
        ]
        .map(|a| a.to_json())
        .join(",");
        assert!(text.contains(&format!(r#""log":[{log}]"#)), "{text}");
        let games = parse(&text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].saved, saved);
        assert_eq!(games[0].result, Some((Side::Black, Reason::Resign)));
        let source = games[0].source();
        assert_eq!(source.level, Strength::Hard);
        assert_eq!(source.record, finished_record(3));
    }

    #[test]
    fn the_list_is_bounded_and_newest_first() {
        let mut list = Vec::new();
        for n in 0..(KEPT as u8 + 5) {
            let saved = SavedGame::of(&finished_record(n), Mode::HotSeat, None, n as f64);
            list = parse(&serde_json::to_string(&with_added(&list, saved)).unwrap());
        }
        assert_eq!(list.len(), KEPT);
        assert_eq!(list[0].saved.date, (KEPT + 4) as f64);
        assert_eq!(list[KEPT - 1].saved.date, 5.0);
    }

    #[test]
    fn broken_storage_gives_what_can_be_trusted() {
        assert!(parse("not json").is_empty());
        assert!(parse("{}").is_empty());
        let good =
            serde_json::to_value(SavedGame::of(&finished_record(1), Mode::Online, None, 2.0))
                .unwrap();
        let mut illegal = good.clone();
        let twice = Action::Place { to: 1 };
        illegal["log"] = serde_json::json!([twice, twice]);
        let text = serde_json::json!([7, illegal, good]).to_string();
        let games = parse(&text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].saved.mode, Mode::Online);
    }
}
