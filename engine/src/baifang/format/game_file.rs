//! A game's action log as a JSON file: the format `engine baifang replay`
//! reads (an array of packets; a placement or step may carry its captures in
//! `eatIndices`), written one action per line and read back with every
//! problem named by a code the app words.

use core::fmt;

use serde::Deserialize;

use crate::baifang::{Action, Game, Packet, PacketRefusal, State};

/// The log as a JSON array, one action object per line.
pub fn to_json(log: &[Action]) -> String {
    let mut out = String::from("[");
    for (i, a) in log.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(&a.to_json());
    }
    out.push_str(if log.is_empty() { "]\n" } else { "\n]\n" });
    out
}

/// Why a text is not a game file. Codes, not sentences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Nothing but white space.
    Empty,
    /// Not JSON: the first problem's line and column (1-based).
    NotJson { line: usize, column: usize },
    /// JSON, but not an array.
    NotAList,
    /// Element `index` (0-based) is not an action object.
    NotAnAction { index: usize },
    /// Element `index` (0-based) is malformed or breaks the rules.
    Illegal { index: usize, error: PacketRefusal },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Empty => write!(f, "the file is empty"),
            FileError::NotJson { line, column } => {
                write!(f, "the file is not JSON (line {line}, column {column})")
            }
            FileError::NotAList => write!(f, "the file is JSON but not a list of actions"),
            FileError::NotAnAction { index } => {
                write!(f, "entry {} of the list is not an action", index + 1)
            }
            FileError::Illegal { index, error } => match error {
                PacketRefusal::Packet(_) => {
                    write!(f, "action {} is malformed: {error}", index + 1)
                }
                PacketRefusal::Rule(_) => {
                    write!(f, "action {} breaks the rules: {error}", index + 1)
                }
            },
        }
    }
}

impl std::error::Error for FileError {}

/// Reads a game file: the replayed game (its log one action per capture).
/// Arbitrary text gives a [`FileError`], never a panic.
pub fn from_json(text: &str) -> Result<Game, FileError> {
    if text.trim().is_empty() {
        return Err(FileError::Empty);
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| FileError::NotJson {
        line: e.line(),
        column: e.column(),
    })?;
    let items = value.as_array().ok_or(FileError::NotAList)?;
    let mut state = State::new();
    let mut log = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let packet = match item {
            serde_json::Value::Object(_) => Packet::deserialize(item).ok(),
            _ => None,
        }
        .ok_or(FileError::NotAnAction { index })?;
        let actions =
            packet_actions(&state, &packet).map_err(|error| FileError::Illegal { index, error })?;
        for &a in &actions {
            state.apply_unchecked(a);
        }
        log.extend(actions);
    }
    // Every action was checked with its packet.
    Game::from_log(&log).map_err(|(index, error)| FileError::Illegal {
        index,
        error: error.into(),
    })
}

/// The actions of one packet played at `s` (checked: the packet must be
/// legal there as a whole).
pub fn packet_actions(s: &State, p: &Packet) -> Result<Vec<Action>, PacketRefusal> {
    let mut after = *s;
    after.apply_packet(p)?;
    Ok(p.actions(s.to_move())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::{ActionList, PacketError, RuleError, Side};

    fn random_game(seed: u64) -> Game {
        let mut game = Game::new();
        let mut list = ActionList::new();
        let mut seed = seed;
        while !game.state().is_finished() && game.log().len() < 300 {
            game.state().legal_actions(&mut list);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.play(list[(seed >> 33) as usize % list.len()]).unwrap();
        }
        game
    }

    #[test]
    fn a_game_round_trips_and_replays_in_the_cli_format() {
        for seed in [1, 2, 3] {
            let game = random_game(seed);
            let text = to_json(game.log());
            let back = from_json(&text).unwrap();
            assert_eq!(back.log(), game.log());
            assert_eq!(back.state(), game.state());
            // The replay command's reader takes the same text.
            let replay = crate::baifang::replay_bytes(text.as_bytes()).unwrap();
            assert_eq!(replay.error, None);
            assert_eq!(replay.state, *game.state());
        }
        assert_eq!(from_json(&to_json(&[])).unwrap().log(), &[]);
    }

    #[test]
    fn resignations_and_disconnects_round_trip() {
        let log = [
            Action::Place { to: 0 },
            Action::Disconnect {
                side: Side::White,
                grace_expired: false,
            },
            Action::Disconnect {
                side: Side::White,
                grace_expired: true,
            },
        ];
        let game = from_json(&to_json(&log)).unwrap();
        assert_eq!(game.log(), &log);
        assert!(game.state().is_finished());
        let resign = [Action::Resign { side: Side::White }];
        assert_eq!(from_json(&to_json(&resign)).unwrap().log(), &resign);
    }

    #[test]
    fn packets_with_their_captures_are_split_into_actions() {
        let text = r#"[{"actionType":0,"toIndex":0},{"actionType":0,"toIndex":24},
            {"actionType":0,"toIndex":1},{"actionType":0,"toIndex":23},
            {"actionType":0,"toIndex":5},{"actionType":0,"toIndex":22},
            {"actionType":0,"toIndex":6,"eatIndices":[22]}]"#;
        let game = from_json(text).unwrap();
        assert_eq!(game.log().len(), 8);
        assert_eq!(game.log()[7], Action::Capture { at: 22 });
    }

    #[test]
    fn every_problem_is_named() {
        assert_eq!(from_json("  \n").unwrap_err(), FileError::Empty);
        assert_eq!(
            from_json("[{\"actionType\":0,").unwrap_err(),
            FileError::NotJson {
                line: 1,
                column: 17
            }
        );
        assert_eq!(from_json("{\"a\":1}").unwrap_err(), FileError::NotAList);
        assert_eq!(
            from_json("[{\"actionType\":0,\"toIndex\":1}, 7]").unwrap_err(),
            FileError::NotAnAction { index: 1 }
        );
        assert_eq!(
            from_json("[{\"actionType\":\"x\"}]").unwrap_err(),
            FileError::NotAnAction { index: 0 }
        );
        assert_eq!(
            from_json("[{\"actionType\":0,\"toIndex\":3},{\"actionType\":0,\"toIndex\":3}]")
                .unwrap_err(),
            FileError::Illegal {
                index: 1,
                error: RuleError::Occupied { at: 3 }.into()
            }
        );
        assert_eq!(
            from_json("[{\"actionType\":9}]").unwrap_err(),
            FileError::Illegal {
                index: 0,
                error: PacketError::UnknownActionType(9).into()
            }
        );
    }
}
