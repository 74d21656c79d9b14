//! What one of Baifang's screens hands the next when the player moves between them, as the
//! typed argument of the next screen's mount: a game to review (lobby, rooms → review), a
//! game to start, resume or play on, or a lesson (lobby, review → the play screen) and a
//! friend room to join or a live game to watch (a `#room=` or `#watch=` link, lobby → the
//! server's screen).
//!
//! The modules are separate wasm instances, so an argument crosses the shell as text: the
//! engine's game code (its link format, whose decoder replays and checks every action)
//! with the AI level or who plays. It is never stored, so it opens once and no other tab
//! can take it.

use engine::baifang::ai::Strength;
use engine::baifang::game_link::{self, GameRecord, LinkError};
use engine::baifang::Action;

use web_core::nav::Screen;
use web_core::open_arg::OpenArg;

use crate::lobby::Learn;
use crate::local::game::Opponent;
use crate::local::room::RoomSetup;
use crate::review::ReviewSource;

/// What a link asks of the server's screen: join the friend room with this code (a
/// `#room=` link), or watch the live game with this id (a `#watch=` link); the server
/// judges the code or id. As text: `room <code>` or `watch <id>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerLink {
    JoinRoom(String),
    Watch(String),
}

impl OpenArg for ServerLink {
    const SCREEN: Screen = Screen::BaifangOnline;

    fn encode(&self) -> String {
        match self {
            ServerLink::JoinRoom(code) => format!("room {code}"),
            ServerLink::Watch(game) => format!("watch {game}"),
        }
    }

    fn decode(text: &str) -> Option<Self> {
        match text.split_once(' ')? {
            ("room", code) => Some(ServerLink::JoinRoom(code.to_string())),
            ("watch", game) => Some(ServerLink::Watch(game.to_string())),
            _ => None,
        }
    }
}

/// A game for the review: `<AI level> <game code>`.
impl OpenArg for ReviewSource {
    const SCREEN: Screen = Screen::BaifangReview;

    fn encode(&self) -> String {
        format!("{} {}", self.level.id(), game_link::encode(&self.record))
    }

    fn decode(text: &str) -> Option<Self> {
        parse_review(text).ok()
    }
}

fn parse_review(text: &str) -> Result<ReviewSource, LinkError> {
    let (level, code) = text.split_once(' ').unwrap_or(("", text));
    let (record, _) = game_link::decode(code)?;
    Ok(ReviewSource {
        record,
        level: strength_of(level),
    })
}

/// What the play screen opens: a room on this device with its setup, the actions already
/// played (none for a new game; a saved game's to resume; the review's position to play on
/// from) and the screen that opened it, or one of the lessons. As text:
/// `room <who> <clock> <opener> <game code>` (`clock` is `clock` or `free`, `opener` is
/// `lobby` or `review`) or `learn <lesson | rules | puzzles>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    Room {
        setup: RoomSetup,
        log: Vec<Action>,
        opener: Opener,
    },
    Learn(Learn),
}

/// The screen a room was opened from. Leaving a room goes to the lobby (its menu says
/// 返回大厅): one step back when the lobby opened it, a step to the lobby when the review did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opener {
    Lobby,
    Review,
}

const OPENER_WORDS: [(Opener, &str); 2] = [(Opener::Lobby, "lobby"), (Opener::Review, "review")];

const LEARN_WORDS: [(Learn, &str); 3] = [
    (Learn::Lesson, "lesson"),
    (Learn::Rules, "rules"),
    (Learn::Puzzles, "puzzles"),
];

impl OpenArg for Play {
    const SCREEN: Screen = Screen::BaifangPlay;

    fn encode(&self) -> String {
        match self {
            Play::Room { setup, log, opener } => {
                let code = game_link::encode(&GameRecord::new(["", ""], log.clone()));
                let clock = if setup.step_clock { "clock" } else { "free" };
                let opener = word_of(&OPENER_WORDS, *opener);
                format!("room {} {clock} {opener} {code}", setup.opponent.word())
            }
            Play::Learn(learn) => format!("learn {}", word_of(&LEARN_WORDS, *learn)),
        }
    }

    fn decode(text: &str) -> Option<Self> {
        match text.split_once(' ')? {
            ("learn", word) => named(&LEARN_WORDS, word).map(Play::Learn),
            ("room", rest) => {
                let mut parts = rest.splitn(4, ' ');
                let opponent = Opponent::from_word(parts.next()?)?;
                let step_clock = match parts.next()? {
                    "clock" => true,
                    "free" => false,
                    _ => return None,
                };
                let opener = named(&OPENER_WORDS, parts.next()?)?;
                let (record, _) = game_link::decode(parts.next()?).ok()?;
                let setup = RoomSetup {
                    opponent,
                    step_clock,
                };
                Some(Play::Room {
                    setup,
                    log: record.log().to_vec(),
                    opener,
                })
            }
            _ => None,
        }
    }
}

/// `value`'s word in a table that names each value of its type once.
fn word_of<T: PartialEq + Copy, const N: usize>(
    table: &[(T, &'static str); N],
    value: T,
) -> &'static str {
    table
        .iter()
        .find_map(|&(v, w)| (v == value).then_some(w))
        .expect("the table names every value")
}

/// The value `word` names in `table`, if any.
fn named<T: Copy, const N: usize>(table: &[(T, &'static str); N], word: &str) -> Option<T> {
    table.iter().find_map(|&(v, w)| (w == word).then_some(v))
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
    use engine::baifang::Side;

    fn a_log() -> Vec<Action> {
        [0, 6, 12, 18].map(|to| Action::Place { to }).to_vec()
    }

    #[test]
    fn a_review_crosses_with_its_level() {
        let source = ReviewSource {
            record: GameRecord::new(["甲", "B"], a_log()),
            level: Strength::Hard,
        };
        assert_eq!(ReviewSource::decode(&source.encode()), Some(source));
        assert!(parse_review("hard !!!").is_err());
        assert_eq!(ReviewSource::decode("hard !!!"), None);
    }

    #[test]
    fn each_argument_opens_its_own_screen() {
        assert_eq!(ServerLink::SCREEN, Screen::BaifangOnline);
        assert_eq!(ReviewSource::SCREEN, Screen::BaifangReview);
        assert_eq!(Play::SCREEN, Screen::BaifangPlay);
        for link in [
            ServerLink::JoinRoom("AB12CD".into()),
            ServerLink::Watch("g-42".into()),
        ] {
            assert_eq!(ServerLink::decode(&link.encode()), Some(link));
        }
        assert_eq!(ServerLink::decode("AB12CD"), None);
    }

    #[test]
    fn a_game_to_play_crosses_with_who_plays_the_clock_and_its_opener() {
        for (opponent, step_clock, log, opener) in [
            (Opponent::HotSeat, false, a_log(), Opener::Review),
            (Opponent::HotSeat, true, Vec::new(), Opener::Lobby),
            (
                Opponent::Ai {
                    human: Side::White,
                    level: Strength::Master,
                },
                true,
                a_log(),
                Opener::Lobby,
            ),
        ] {
            let play = Play::Room {
                setup: RoomSetup {
                    opponent,
                    step_clock,
                },
                log,
                opener,
            };
            assert_eq!(Play::decode(&play.encode()), Some(play));
        }
        for (learn, _) in LEARN_WORDS {
            assert_eq!(
                Play::decode(&Play::Learn(learn).encode()),
                Some(Play::Learn(learn))
            );
        }
        for bad in [
            "room ai-X-hard free lobby AAAA",
            "room hotseat",
            "room hotseat later lobby AAAA",
            "room hotseat free home AAAA",
            "room hotseat free AAAA",
            "room hotseat free lobby !!!",
            "learn chess",
            "hotseat AAAA",
        ] {
            assert_eq!(Play::decode(bad), None, "{bad}");
        }
    }
}
