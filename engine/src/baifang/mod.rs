//! 摆方 Baifang: the 5×5 two-player stone game.
//!
//! A deterministic, integer-only state machine (every rule and decision is
//! stated in `docs/baifang-rules.md`):
//! phase 1 places 12 stones each, phase 2 steps them one point orthogonally;
//! a new square (1×1 cell) owes 1 capture, a new row/column line owes 2;
//! captures take loose enemy stones first (the protection chain); a stone
//! shuttling A↔B does not capture twice with an unchanged surrounding
//! (anti-looping); fewer than 4 stones, no legal move, 3 timeouts, resignation
//! or disconnect end the game.
//!
//! Layout:
//! - [`spec`]: the read-only rule numbers (`engine/spec/baifang.json`);
//! - [`bitboard`]: precomputed masks; [`zobrist`]: hash keys;
//! - [`state`]: the `Copy` [`State`]; [`action`]: [`Action`];
//! - [`format`](mod@format): the action codec (the wire [`Packet`], the `actionType`
//!   numbers), the notation, game files and game links, apart from the rules;
//! - [`rules`]: validation, generation, `apply`, [`ActionOutcome`];
//! - [`step_clock`]: the step clock and disconnect grace every mode keeps;
//! - [`perft`], [`playout`], [`elo`], [`anatomy`];
//! - [`referee_protocol`]: the messages between a browser and the referee server;
//!   [`referee_client`]: the web app's state machine for play on that server;
//! - [`ai`]: the search-based AI, its levels, hint, bench and self-play.
//!
//! Typical use:
//! ```
//! use engine::baifang::{State, Action, ActionList};
//! let mut s = State::new();
//! let mut list = ActionList::new();
//! s.legal_actions(&mut list);
//! let outcome = s.apply(list[0]).unwrap();
//! assert!(outcome.turn_passed);
//! assert_eq!(s.apply(Action::Place { to: 0 }), Err(engine::baifang::RuleError::Occupied { at: 0 }));
//! ```

pub mod action;
pub mod ai;
pub mod anatomy;
pub mod bitboard;
pub mod elo;
pub mod format;
pub mod perft;
pub mod playout;
pub mod puzzle;
pub mod referee_client;
pub mod referee_protocol;
pub mod rematch;
pub mod rules;
pub mod session;
pub mod spec;
pub mod state;
pub mod step_clock;
pub mod tables;
pub mod zobrist;

pub use action::{Action, ActionList, RuleError, MAX_ACTIONS};
pub use codec::{
    parse_packets, ActionType, Packet, PacketError, PacketField, PacketRefusal, ParseError,
};
pub use format::{codec, game_file, game_link, game_record, notation};
pub use perft::{perft, perft_full};
pub use playout::playout;
pub use rules::ActionOutcome;
pub use state::{Lock, Phase, Reason, Side, State};

/// The result of replaying a packet list.
#[derive(Clone, Debug)]
pub struct Replay {
    /// State after the last accepted packet.
    pub state: State,
    /// Number of packets accepted.
    pub applied: usize,
    /// The first rejected packet: (its index, why). Replay stops there.
    pub error: Option<(usize, PacketRefusal)>,
    /// Outcomes of the last accepted packet (for the UI's "last action" view).
    pub last: Vec<ActionOutcome>,
}

/// Replays packets from the start position, stopping at the first illegal one.
pub fn replay(packets: &[Packet]) -> Replay {
    replay_from(State::new(), packets)
}

/// Replays packets from `start`, stopping at the first illegal one.
pub fn replay_from(start: State, packets: &[Packet]) -> Replay {
    let mut state = start;
    let mut last = Vec::new();
    for (i, p) in packets.iter().enumerate() {
        match state.apply_packet(p) {
            Ok(o) => last = o,
            Err(e) => {
                return Replay {
                    state,
                    applied: i,
                    error: Some((i, e)),
                    last,
                }
            }
        }
    }
    Replay {
        state,
        applied: packets.len(),
        error: None,
        last,
    }
}

/// Parses a JSON action list and replays it. Arbitrary bytes give an error or
/// a replay, never a panic (this is what the fuzz target drives).
pub fn replay_bytes(bytes: &[u8]) -> Result<Replay, ParseError> {
    let packets = parse_packets(bytes)?;
    Ok(replay(&packets))
}

/// A game with its action log: what a UI or session holds. The log is the
/// game; replaying it reproduces the state exactly.
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// Where the log starts: the opening, or a given position (a puzzle's).
    start: State,
    state: State,
    log: Vec<Action>,
    last: Option<ActionOutcome>,
    /// Per side: placements and stone moves it made (what a referee's
    /// rating rules count; captures, timeouts and the like are not moves).
    moves: [u32; 2],
}

impl Game {
    /// A new game at the start position.
    pub fn new() -> Game {
        Game::default()
    }
    /// A game that starts at `start` instead of the opening (its log is what follows it).
    pub fn from_position(start: State) -> Game {
        Game {
            start,
            state: start,
            ..Game::default()
        }
    }
    /// The current state.
    pub fn state(&self) -> &State {
        &self.state
    }
    /// Accepted actions so far.
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// What the last accepted action did (formations formed, owed captures,
    /// whether anti-looping intercepted it…).
    pub fn last_outcome(&self) -> Option<&ActionOutcome> {
        self.last.as_ref()
    }
    /// Placements and stone moves `side` has made so far.
    pub fn moves_made(&self, side: Side) -> u32 {
        self.moves[side.idx()]
    }
    /// Plays one action; a rejected action changes nothing.
    pub fn play(&mut self, a: Action) -> Result<ActionOutcome, RuleError> {
        let mover = self.state.to_move();
        let o = self.state.apply(a)?;
        if matches!(a, Action::Place { .. } | Action::Move { .. }) {
            self.moves[mover.idx()] += 1;
        }
        self.log.push(a);
        self.last = Some(o);
        Ok(o)
    }
    /// Takes back the last action by replaying the log without it.
    pub fn undo(&mut self) -> Option<Action> {
        let a = self.log.pop()?;
        let log = std::mem::take(&mut self.log);
        *self = Game::from_position(self.start);
        for b in log {
            // Every action of the log was legal when it was played.
            let _ = self.play(b);
        }
        Some(a)
    }
    /// Where each whole turn of the log begins, with the side that played it: a
    /// turn is what one side plays until the turn passes (a placement or step and
    /// the captures it earned, or a timeout), so taking back to one of these
    /// indices never leaves half a turn on the board.
    pub fn turn_starts(&self) -> Vec<(usize, Side)> {
        let mut g = Game::from_position(self.start);
        let mut starts = Vec::new();
        let mut passed = true;
        for (i, &a) in self.log.iter().enumerate() {
            if passed {
                starts.push((i, g.state.to_move()));
            }
            // Every action of the log was legal when it was played.
            passed = g.play(a).map_or(true, |o| o.turn_passed);
        }
        starts
    }
    /// Replays a log from the start (fails at the first illegal action).
    pub fn from_log(log: &[Action]) -> Result<Game, (usize, RuleError)> {
        let mut g = Game::new();
        for (i, &a) in log.iter().enumerate() {
            g.play(a).map_err(|e| (i, e))?;
        }
        Ok(g)
    }
}
