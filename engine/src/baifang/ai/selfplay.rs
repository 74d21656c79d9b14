//! Self-play between AI strengths (and a uniformly random player): the
//! strength ladder of the tests and `engine baifang selfplay`.
//!
//! Game `i` of a match uses seed `mix(seed, i)`; the first player A is Black
//! in even games and White in odd ones. Games are independent, so splitting
//! them over threads does not change any result. A game with
//! `selfplayQuietTurns` turns without a capture, or `selfplayMaxTurns` turns
//! in all, is cut as unfinished (the rules have no draw).

use super::super::action::Action;
use super::super::state::{Side, State};
use super::{ai_spec, random_turn, Searcher, Strength};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;

/// A self-play participant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Player {
    /// Uniformly random legal whole turns.
    Random,
    /// The AI at a strength.
    Ai(Strength),
    /// The AI with explicit limits (tuning): `custom:DEPTH:NODES:NOISE`.
    Custom {
        /// Deepest iteration.
        max_depth: u32,
        /// Node budget.
        nodes: u64,
        /// Noise amplitude.
        noise: i32,
    },
}

impl Player {
    /// `random` or a strength id / name.
    pub fn parse(s: &str) -> Option<Player> {
        if s.eq_ignore_ascii_case("random") {
            Some(Player::Random)
        } else if let Some(rest) = s.strip_prefix("custom:") {
            let v: Vec<&str> = rest.split(':').collect();
            match v[..] {
                [d, n, z] => Some(Player::Custom {
                    max_depth: d.parse().ok()?,
                    nodes: n.parse().ok()?,
                    noise: z.parse().ok()?,
                }),
                _ => None,
            }
        } else {
            Strength::parse(s).map(Player::Ai)
        }
    }
    /// Display name.
    pub fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Ai(l) => format!("{} {}", l.id(), l.name()),
            Player::Custom {
                max_depth,
                nodes,
                noise,
            } => format!("custom depth {max_depth} nodes {nodes} noise {noise}"),
        }
    }
}

/// One finished (or cut) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Every action, in order (replayable from the start).
    pub log: Vec<Action>,
    /// Whole turns played.
    pub turns: u32,
    /// Winner, `None` if cut as unfinished.
    pub winner: Option<Side>,
    /// Final state.
    pub last: State,
}

/// Derives the seed of one game (or one position of a run) from a run's seed and its number.
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game; every action goes through the checked [`State::apply`]
/// (an illegal AI action panics here, which the tests rely on).
pub fn play_game(black: Player, white: Player, seed: u64) -> GameRecord {
    let spec = ai_spec();
    let quiet_limit = spec.selfplay_quiet_turns.value as u32;
    let max_turns = spec.selfplay_max_turns.value as u32;
    let players = [black, white];
    let mut searchers: [Option<Searcher>; 2] = [None, None];
    for (i, p) in players.iter().enumerate() {
        if !matches!(p, Player::Random) {
            searchers[i] = Some(Searcher::new());
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, 0x5244));
    let mut s = State::new();
    let mut history = vec![s.hash()];
    let mut log = Vec::new();
    let mut turns = 0;
    let mut quiet = 0;
    while !s.is_finished() && turns < max_turns && quiet < quiet_limit {
        let side = s.to_move().idx();
        let turn = match players[side] {
            Player::Random => random_turn(&s, &mut rng),
            Player::Ai(l) => {
                searchers[side]
                    .as_mut()
                    .expect("searcher per AI side")
                    .choose_turn(&s, &history, l, mix(seed, 1 + side as u64))
                    .turn
            }
            Player::Custom {
                max_depth,
                nodes,
                noise,
            } => {
                let lim = super::Limits {
                    max_depth,
                    nodes,
                    noise,
                    seed: mix(seed, 1 + side as u64),
                };
                searchers[side]
                    .as_mut()
                    .expect("searcher per AI side")
                    .reply(&s, &history, &lim)
                    .turn
            }
        };
        assert!(!turn.is_empty(), "a running game has a turn\n{s:?}");
        let mut captured = false;
        for &a in &turn {
            s.apply(a)
                .unwrap_or_else(|e| panic!("AI chose an illegal action {a}: {e}\n{s:?}"));
            captured |= matches!(a, Action::Capture { .. });
            log.push(a);
        }
        assert_eq!(s.pending_captures(), 0, "a turn must be whole");
        history.push(s.hash());
        turns += 1;
        quiet = if captured { 0 } else { quiet + 1 };
    }
    GameRecord {
        log,
        turns,
        winner: s.result().map(|(w, _)| w),
        last: s,
    }
}

/// Match statistics, from A's point of view.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchStats {
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub a_wins: u32,
    /// Games B won.
    pub b_wins: u32,
    /// Games cut as unfinished.
    pub unfinished: u32,
    /// Games A won as Black (first player).
    pub a_wins_as_black: u32,
    /// Games B won as Black.
    pub b_wins_as_black: u32,
    /// Games won by the first player (Black).
    pub first_player_wins: u32,
    /// Whole turns over all games.
    pub total_turns: u64,
    /// Decided games by reason name.
    pub reasons: std::collections::BTreeMap<String, u32>,
}

impl MatchStats {
    /// Average game length in turns.
    pub fn avg_turns(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_turns as f64 / self.games as f64
        }
    }
    /// First player's score: (wins + unfinished/2) / games.
    pub fn first_player_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            (self.first_player_wins as f64 + self.unfinished as f64 / 2.0) / self.games as f64
        }
    }
    /// A's share of decided games.
    pub fn a_share_of_decided(&self) -> f64 {
        let d = self.a_wins + self.b_wins;
        if d == 0 {
            0.0
        } else {
            self.a_wins as f64 / d as f64
        }
    }
    fn add(&mut self, a_black: bool, g: &GameRecord) {
        self.games += 1;
        self.total_turns += g.turns as u64;
        match g.winner {
            None => self.unfinished += 1,
            Some(w) => {
                let a_won = (w == Side::Black) == a_black;
                if w == Side::Black {
                    self.first_player_wins += 1;
                }
                if a_won {
                    self.a_wins += 1;
                    if a_black {
                        self.a_wins_as_black += 1;
                    }
                } else {
                    self.b_wins += 1;
                    if !a_black {
                        self.b_wins_as_black += 1;
                    }
                }
                if let Some((_, r)) = g.last.result() {
                    *self.reasons.entry(r.name().to_string()).or_default() += 1;
                }
            }
        }
    }
}

/// Game `i` of a match: (A plays Black?, the record).
pub fn match_game(a: Player, b: Player, seed: u64, i: u32) -> (bool, GameRecord) {
    let a_black = i.is_multiple_of(2);
    let gseed = mix(seed, 0x4741_4d45 + i as u64);
    let g = if a_black {
        play_game(a, b, gseed)
    } else {
        play_game(b, a, gseed)
    };
    (a_black, g)
}

/// Plays `games` games, colours alternating, on `threads` worker threads
/// (1 = the calling thread; results do not depend on it). `on_game` sees each
/// game in index order after the match (for logs).
pub fn play_match(
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    threads: usize,
    mut on_game: impl FnMut(u32, bool, &GameRecord),
) -> MatchStats {
    let threads = threads.clamp(1, 64);
    let mut results: Vec<(u32, bool, GameRecord)> = if threads == 1 {
        (0..games)
            .map(|i| {
                let (ab, g) = match_game(a, b, seed, i);
                (i, ab, g)
            })
            .collect()
    } else {
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    sc.spawn(move || {
                        (t as u32..games)
                            .step_by(threads)
                            .map(|i| {
                                let (ab, g) = match_game(a, b, seed, i);
                                (i, ab, g)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("self-play worker panicked"))
                .collect()
        })
    };
    results.sort_by_key(|r| r.0);
    let mut st = MatchStats::default();
    for (i, ab, g) in &results {
        st.add(*ab, g);
        on_game(*i, *ab, g);
    }
    st
}
