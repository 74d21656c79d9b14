//! 摆方 Baifang AI: a deterministic alpha-beta searcher on the bitboard
//! rules, with its strengths as data rows (`engine/spec/baifang_ai.json`).
//!
//! - [`choose_turn`] / [`Searcher::choose_turn`]: the AI's whole turn (the
//!   placement or move plus the captures it earns) for a strength and a seed;
//! - [`hint`]: the best whole turn for the side to move (the hint button);
//! - [`bench`]: nodes searched over fixed positions at a fixed depth (the
//!   caller times it; nothing here reads a clock);
//! - [`selfplay`]: games between strengths (and a uniformly random player);
//! - [`table_play`]: the table-best whole turn where the endgame tables cover a
//!   position (`hard`, `master` and the hint play it; the review marks by it).
//!
//! Same state, history, strength and seed → same reply, natively and in wasm32.
//!
//! ```
//! use engine::baifang::{ai, State};
//! let s = State::new();
//! let reply = ai::choose_turn(&s, &[s.hash()], ai::Strength::Beginner, 7);
//! let mut t = s;
//! for &a in &reply.turn {
//!     t.apply(a).unwrap(); // always legal
//! }
//! assert_eq!(t.to_move(), engine::baifang::Side::White);
//! ```

pub mod analysis;
pub mod eval;
pub mod eval_cache;
pub mod ordering;
pub mod search;
pub mod selfplay;
pub mod strength;
pub mod table_play;
pub mod tt;
pub mod turn;

pub use search::{Limits, NullMove, SearchResult, Searcher, WIN, WIN_BOUND};
pub use strength::{ai_spec, Strength, StrengthSpec};
pub use turn::{turn_packet, whole_turns, Turn, MAX_TURN};

use super::action::Action;
use super::codec::Packet;
use super::playout::pick;
use super::state::State;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The AI's answer: a whole turn, replayable action by action through
/// [`State::apply`] (or as one packet, [`AiReply::packet`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiReply {
    /// The turn: a place or move followed by its captures (or only captures
    /// when asked mid-turn). Empty only for a finished game.
    pub turn: Vec<Action>,
    /// Score for the side to move: a stone = 100; beyond ±29000 a forced
    /// win (+) or loss (−) was found.
    pub score: i32,
    /// Deepest completed iteration, in turns (0: only one legal turn, or none).
    pub depth: u32,
    /// Positions entered.
    pub nodes: u64,
}

impl AiReply {
    /// The whole turn as one wire packet (place/move with `eatIndices`).
    pub fn packet(&self) -> Option<Packet> {
        turn_packet(&self.turn)
    }
    /// Whether the searcher found a forced win for the side to move.
    pub fn is_winning(&self) -> bool {
        self.score >= WIN_BOUND
    }
}

impl Searcher {
    /// A searcher set up by the spec (`ttBits`, `quiescencePlies`,
    /// `nullMove`); keep one per game (or per web worker) and reuse it across
    /// moves: the table is allocated here, once.
    pub fn new() -> Searcher {
        let s = ai_spec();
        let n = &s.null_move;
        Searcher::with_settings(
            s.tt_bits.value as u32,
            s.quiescence_plies.value as i32,
            NullMove {
                min_depth: n.min_depth.value as i32,
                min_empty: n.min_empty.value as i32,
                reduction: n.reduction.value as i32,
            },
        )
    }

    /// The AI's whole turn at `strength`. `history`: hashes of the positions of
    /// this game so far (after each action or each turn; extra entries are
    /// harmless) so that repeating one scores as a draw. `seed` drives the
    /// strength's noise (same seed → same choice). A strength that
    /// [`Strength::uses_tables`] plays the table-best turn where the searcher's
    /// tables ([`Searcher::set_tables`]) cover the position.
    pub fn choose_turn(
        &mut self,
        state: &State,
        history: &[u64],
        strength: Strength,
        seed: u64,
    ) -> AiReply {
        if strength.uses_tables() {
            if let Some(reply) = self.table_turn(state) {
                return reply;
            }
        }
        self.reply(state, history, &strength.limits(seed))
    }

    /// The table-best turn where the searcher's endgame tables cover `state`.
    fn table_turn(&mut self, state: &State) -> Option<AiReply> {
        table_play::table_reply(self.tables_mut()?, state)
            .ok()
            .map(|(reply, _)| reply)
    }

    /// Searches with explicit limits.
    pub fn reply(&mut self, state: &State, history: &[u64], lim: &Limits) -> AiReply {
        let r = self.search(state, history, lim);
        AiReply {
            turn: r.turn.actions().to_vec(),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }

    /// The hint: the best whole turn for the side to move at the hint strength's
    /// budget, without noise (the table-best turn where the searcher's tables cover it).
    pub fn hint(&mut self, state: &State, history: &[u64]) -> AiReply {
        if let Some(reply) = self.table_turn(state) {
            return reply;
        }
        let lim = Limits {
            noise: 0,
            seed: 0,
            ..Strength::hint().limits(0)
        };
        self.reply(state, history, &lim)
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

/// One-shot [`Searcher::choose_turn`] (allocates a fresh table; a web worker
/// should keep a [`Searcher`] instead).
pub fn choose_turn(state: &State, history: &[u64], strength: Strength, seed: u64) -> AiReply {
    Searcher::new().choose_turn(state, history, strength, seed)
}

/// One-shot [`Searcher::hint`].
pub fn hint(state: &State, history: &[u64]) -> AiReply {
    Searcher::new().hint(state, history)
}

/// A uniformly random whole turn (the `random` self-play opponent).
pub fn random_turn(state: &State, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut turns = Vec::new();
    let mut n = 0;
    whole_turns(state, &mut turns, &mut n);
    if turns.is_empty() {
        return Vec::new();
    }
    turns[pick(rng, turns.len())].0.actions().to_vec()
}

/// Replays an action log from the start: the state and the history hashes
/// (one per action, plus the start) to pass to [`choose_turn`]. Fails at the
/// first illegal action.
pub fn replay_log(log: &[Action]) -> Result<(State, Vec<u64>), (usize, super::RuleError)> {
    let mut s = State::new();
    let mut h = Vec::with_capacity(log.len() + 1);
    h.push(s.hash());
    for (i, &a) in log.iter().enumerate() {
        s.apply(a).map_err(|e| (i, e))?;
        h.push(s.hash());
    }
    Ok((s, h))
}

/// The bench positions: the start, placing-phase and moving-phase positions
/// taken from medium-vs-medium self-play (board, hands, Black to move).
pub const BENCH_POSITIONS: [(&str, [u8; 2]); 8] = [
    (".........................", [12, 12]),
    (".WBW..BBB...W....W.......", [8, 8]),
    ("..W..WBB..BBW...W........", [8, 8]),
    ("..WBWWBBBB.WWBW.BWW....B.", [4, 4]),
    ("..W..WBB.WBBWWB.WBW..B.BW", [4, 4]),
    (".W.BWB.WWWWBBBB.WBBB..BW.", [2, 2]),
    ("WBBWBBBWBWWBWWWWBB.BBWWWB", [0, 0]),
    (".BWBWWBWWWBWBBB..BBBBWBWW", [0, 0]),
];

/// [`BENCH_POSITIONS`] as states.
pub fn bench_positions() -> Vec<State> {
    BENCH_POSITIONS
        .iter()
        .map(|(board, hand)| {
            let (b, w) = State::parse_board(board).expect("bench board parses");
            State::from_position(b, w, *hand, super::Side::Black).expect("bench position is valid")
        })
        .collect()
}

/// Bench counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BenchResult {
    /// Positions searched.
    pub positions: usize,
    /// Nodes entered in total.
    pub nodes: u64,
    /// Sum over positions of the chosen turn's score (a checksum: same build
    /// and depth → same value on every platform).
    pub checksum: i64,
}

/// Searches every position of [`bench_positions`] to a fixed `depth` with a
/// cleared table and no noise. The caller times it: nodes/s = nodes / time.
pub fn bench(searcher: &mut Searcher, depth: u32) -> BenchResult {
    let pos = bench_positions();
    let mut nodes = 0;
    let mut checksum = 0i64;
    for s in &pos {
        searcher.clear();
        let r = searcher.search(
            s,
            &[],
            &Limits {
                max_depth: depth,
                nodes: u64::MAX,
                noise: 0,
                seed: 0,
            },
        );
        nodes += r.nodes;
        checksum += r.score as i64;
    }
    BenchResult {
        positions: pos.len(),
        nodes,
        checksum,
    }
}
