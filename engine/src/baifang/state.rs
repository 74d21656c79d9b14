//! The game state: a small `Copy` value, everything that affects the future of
//! the game and nothing else (so equal states have equal futures, and the hash
//! covers exactly the state).

use super::bitboard::{self, context_mask, CELLS, N};
use super::spec::{DISCONNECTS_TO_LOSE, MIN_STONES, STONES_PER_SIDE, TIMEOUTS_TO_LOSE};
use super::zobrist::{mix, Tag, STONE, WHITE_TO_MOVE};
use core::fmt;

/// A player. Black moves first (deep blue in the UI), White second (orange).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// First player.
    Black = 0,
    /// Second player.
    White = 1,
}

impl Side {
    /// The other player.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
    /// 0 for Black, 1 for White (array index).
    #[inline]
    pub const fn idx(self) -> usize {
        self as usize
    }
    /// `'B'` or `'W'`, as in the packet log and the CLI.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'B',
            Side::White => 'W',
        }
    }
    /// Parses `"B"` / `"W"` (also `"black"`/`"white"`, any case).
    pub fn parse(s: &str) -> Option<Side> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Side::Black),
            "w" | "white" => Some(Side::White),
            _ => None,
        }
    }
}

/// Phase of the game. It only ever moves forward: Placing → Moving → Finished
/// (Finished may also follow Placing directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Phase 1 (摆): stones are placed from hand.
    Placing = 0,
    /// Phase 2 (走): stones step to an orthogonally adjacent empty point.
    Moving = 1,
    /// The game is over; see [`State::result`].
    Finished = 2,
}

impl Phase {
    /// Name used in the CLI contract.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Placing => "placing",
            Phase::Moving => "moving",
            Phase::Finished => "finished",
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser has fewer than `minStones` stones (board + hand) after a capture.
    FewerThanFour,
    /// The loser was to move in the moving phase and had no legal move.
    NoMoves,
    /// The loser reached `timeoutsToLose` step timeouts.
    Timeouts,
    /// The loser resigned.
    Resign,
    /// The loser disconnected too often or did not come back within the grace period.
    Disconnect,
}

impl Reason {
    /// Name used in the CLI contract.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::FewerThanFour => "fewer_than_four",
            Reason::NoMoves => "no_moves",
            Reason::Timeouts => "timeouts",
            Reason::Resign => "resign",
            Reason::Disconnect => "disconnect",
        }
    }
}

/// An anti-looping lock (the rule: `docs/baifang-rules.md`, "Anti-looping lock"), packed in a
/// `u64` so the state stays small and `Copy`:
/// bits 0..25 Black's stones in the context, 25..50 White's, 50..55 `pos` (the
/// point where the locked stone stands now), 55..60 `other` (the other end of
/// its shuttle). The context mask is symmetric in `pos`/`other`, so a blocked
/// shuttle just swaps the two ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lock(pub(crate) u64);

impl Lock {
    /// Builds the lock for the stone at `pos` that arrived from `other`,
    /// snapshotting the context from `board`.
    #[inline]
    pub(crate) fn new(pos: usize, other: usize, board: &[u32; 2]) -> Lock {
        let m = context_mask(pos, other);
        Lock(
            (board[0] & m) as u64
                | ((board[1] & m) as u64) << 25
                | (pos as u64) << 50
                | (other as u64) << 55,
        )
    }
    /// Point where the locked stone stands.
    #[inline]
    pub fn pos(self) -> usize {
        ((self.0 >> 50) & 31) as usize
    }
    /// The other end of the shuttle (where the stone came from).
    #[inline]
    pub fn other(self) -> usize {
        ((self.0 >> 55) & 31) as usize
    }
    /// Context occupancy recorded when the lock was made: `[Black, White]`.
    #[inline]
    pub fn context(self) -> [u32; 2] {
        [
            (self.0 & 0x1FF_FFFF) as u32,
            ((self.0 >> 25) & 0x1FF_FFFF) as u32,
        ]
    }
    /// Whether the current `board` shows the same context.
    #[inline]
    pub(crate) fn context_unchanged(self, board: &[u32; 2]) -> bool {
        let m = context_mask(self.pos(), self.other());
        self.context() == [board[0] & m, board[1] & m]
    }
    /// The same lock after its stone shuttled to the other end.
    #[inline]
    pub(crate) fn swapped(self) -> Lock {
        let (p, o) = (self.pos() as u64, self.other() as u64);
        Lock((self.0 & ((1 << 50) - 1)) | o << 50 | p << 55)
    }
}

/// Upper bound on locks standing at once. A lock needs a capturing turn of its
/// owner in the moving phase that did not end the game; each such turn removes
/// an enemy stone or is forfeited by a (non-losing) timeout. So a side owns at
/// most `(stones − minStones) + (timeoutsToLose − 1)` locks.
pub const MAX_LOCKS: usize =
    2 * ((STONES_PER_SIDE - MIN_STONES) as usize + (TIMEOUTS_TO_LOSE as usize - 1));

/// "No pending lock" marker.
pub(crate) const NO_LOCK: u8 = 0xFF;

/// The complete game state.
///
/// Invariants (checked by [`State::check_invariants`]): boards are disjoint and
/// inside the board; `board + hand + captured = stonesPerSide` per side;
/// `pending > 0` only while running; locks sorted, at most one per point, each
/// on a stone; `hash == compute_hash()`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) board: [u32; 2],
    pub(crate) hand: [u8; 2],
    pub(crate) timeouts: [u8; 2],
    pub(crate) disconnects: [u8; 2],
    pub(crate) phase: Phase,
    pub(crate) to_move: Side,
    /// Captures still owed by `to_move`.
    pub(crate) pending: u8,
    /// While a moving-phase capture turn runs: the lock to record when it
    /// completes, packed `pos | other << 5`; `NO_LOCK` otherwise.
    pub(crate) pending_lock: u16,
    pub(crate) result: Option<(Side, Reason)>,
    pub(crate) n_locks: u8,
    /// Points carrying a lock (fast "is this stone locked?" test).
    pub(crate) lock_points: u32,
    pub(crate) locks: [Lock; MAX_LOCKS],
    pub(crate) hash: u64,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl State {
    /// The start position: empty board, 12 stones in each hand, Black to place.
    pub fn new() -> State {
        let mut s = State {
            board: [0; 2],
            hand: [STONES_PER_SIDE; 2],
            timeouts: [0; 2],
            disconnects: [0; 2],
            phase: Phase::Placing,
            to_move: Side::Black,
            pending: 0,
            pending_lock: NO_LOCK as u16,
            result: None,
            n_locks: 0,
            lock_points: 0,
            locks: [Lock(0); MAX_LOCKS],
            hash: 0,
        };
        s.hash = s.compute_hash();
        s
    }

    /// Stones of `side` on the board, as a bitboard.
    #[inline]
    pub fn stones(&self, side: Side) -> u32 {
        self.board[side.idx()]
    }
    /// Empty points.
    #[inline]
    pub fn empty(&self) -> u32 {
        bitboard::ALL & !(self.board[0] | self.board[1])
    }
    /// Who owns point `p` (`None` if empty or off the board).
    pub fn at(&self, p: usize) -> Option<Side> {
        if p >= CELLS {
            None
        } else if self.board[0] >> p & 1 == 1 {
            Some(Side::Black)
        } else if self.board[1] >> p & 1 == 1 {
            Some(Side::White)
        } else {
            None
        }
    }
    /// Stones `side` still holds in hand.
    #[inline]
    pub fn in_hand(&self, side: Side) -> u8 {
        self.hand[side.idx()]
    }
    /// Stones of `side` on the board plus in hand (what the fewer-than-four rule counts).
    #[inline]
    pub fn material(&self, side: Side) -> u8 {
        self.board[side.idx()].count_ones() as u8 + self.hand[side.idx()]
    }
    /// Stones of `side` the opponent has captured so far.
    #[inline]
    pub fn captured(&self, side: Side) -> u8 {
        STONES_PER_SIDE - self.material(side)
    }
    /// Step timeouts `side` has had.
    #[inline]
    pub fn timeouts(&self, side: Side) -> u8 {
        self.timeouts[side.idx()]
    }
    /// Disconnects `side` has had.
    #[inline]
    pub fn disconnects(&self, side: Side) -> u8 {
        self.disconnects[side.idx()]
    }
    /// Current phase.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Side to act (for a finished game: the side that was to act when it ended).
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    /// Captures the side to move still owes in this turn (0 when finished).
    #[inline]
    pub fn pending_captures(&self) -> u8 {
        self.pending
    }
    /// `Some((winner, reason))` once the game is over.
    #[inline]
    pub fn result(&self) -> Option<(Side, Reason)> {
        self.result
    }
    /// Whether the game is over.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }
    /// The 64-bit Zobrist hash of the state (peers compare it to detect desyncs).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Standing anti-looping locks, sorted.
    pub fn locks(&self) -> &[Lock] {
        &self.locks[..self.n_locks as usize]
    }
    /// Points whose stone carries an anti-looping lock (for the UI).
    #[inline]
    pub fn locked_points(&self) -> u32 {
        self.lock_points
    }
    /// The lock of the stone at `p`, if any.
    pub fn lock_at(&self, p: usize) -> Option<Lock> {
        if p < CELLS && self.lock_points >> p & 1 == 1 {
            self.locks().iter().copied().find(|l| l.pos() == p)
        } else {
            None
        }
    }

    /// Stones of `side` that sit in at least one square or line of its own.
    #[inline]
    pub fn formation_stones(&self, side: Side) -> u32 {
        bitboard::covered(self.board[side.idx()])
    }
    /// Squares and lines `side` currently has: (square-id bitset, line-id bitset).
    pub fn formations(&self, side: Side) -> (u16, u16) {
        let b = self.board[side.idx()];
        (bitboard::squares_of(b), bitboard::lines_of(b))
    }

    /// Enemy stones the side to move may remove right now (0 unless a capture
    /// is owed). Only loose stones (in no square and no line) qualify, unless
    /// the enemy has no loose stone, in which case the shield lifts entirely.
    #[inline]
    pub fn capturable(&self) -> u32 {
        if self.pending == 0 {
            return 0;
        }
        bitboard::takeable(self.board[self.to_move.other().idx()])
    }

    /// Enemy stones currently protected by the shield (in a formation while
    /// loose enemy stones exist); 0 once the shield has lifted. Reported for the
    /// side that would be captured from, i.e. the opponent of the side to move.
    pub fn shielded(&self) -> u32 {
        let opp = self.board[self.to_move.other().idx()];
        let cov = bitboard::covered(opp);
        if opp & !cov != 0 {
            cov
        } else {
            0
        }
    }

    /// Recomputes the hash from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for (side, keys) in STONE.iter().enumerate() {
            for p in bitboard::bits(self.board[side]) {
                h ^= keys[p];
            }
            h ^= mix(Tag::Hand, (side as u64) << 8 | self.hand[side] as u64);
            h ^= mix(
                Tag::Timeouts,
                (side as u64) << 8 | self.timeouts[side] as u64,
            );
            h ^= mix(
                Tag::Disconnects,
                (side as u64) << 8 | self.disconnects[side] as u64,
            );
        }
        if self.to_move == Side::White {
            h ^= WHITE_TO_MOVE;
        }
        h ^= mix(Tag::Phase, self.phase as u64);
        h ^= mix(Tag::Pending, self.pending as u64);
        h ^= mix(Tag::PendingLock, self.pending_lock as u64);
        h ^= mix(Tag::Result, result_code(self.result));
        for l in self.locks() {
            h ^= mix(Tag::Lock, l.0);
        }
        h
    }

    /// Checks every structural invariant; returns a description of the first
    /// broken one. Used by tests, the fuzz target and debug assertions.
    pub fn check_invariants(&self) -> Result<(), String> {
        let [b, w] = self.board;
        if b & w != 0 || (b | w) & !bitboard::ALL != 0 {
            return Err("boards overlap or leave the board".into());
        }
        for side in [Side::Black, Side::White] {
            let i = side.idx();
            if self.board[i].count_ones() as u8 + self.hand[i] > STONES_PER_SIDE {
                return Err(format!("{side:?} has more than {STONES_PER_SIDE} stones"));
            }
            if self.timeouts[i] > TIMEOUTS_TO_LOSE || self.disconnects[i] > DISCONNECTS_TO_LOSE {
                return Err("counter out of range".into());
            }
        }
        if self.is_finished() != self.result.is_some() {
            return Err("phase and result disagree".into());
        }
        if self.is_finished() && (self.pending != 0 || self.pending_lock != NO_LOCK as u16) {
            return Err("finished game with pending captures".into());
        }
        if self.phase == Phase::Moving && (self.hand[0] | self.hand[1]) != 0 {
            return Err("moving phase with stones in hand".into());
        }
        if self.capturable() & !self.board[self.to_move.other().idx()] != 0 {
            return Err("capturable point without an enemy stone".into());
        }
        let locks = self.locks();
        let mut pts = 0u32;
        for (k, l) in locks.iter().enumerate() {
            if k > 0 && locks[k - 1] >= *l {
                return Err("locks not sorted".into());
            }
            if (b | w) >> l.pos() & 1 == 0 {
                return Err(format!("lock on empty point {}", l.pos()));
            }
            if bitboard::NEIGHBOURS[l.pos()] >> l.other() & 1 == 0 {
                return Err("lock ends not adjacent".into());
            }
            pts |= 1 << l.pos();
        }
        if pts != self.lock_points || pts.count_ones() as usize != locks.len() {
            return Err("lock points out of sync".into());
        }
        if self.locks[locks.len()..].iter().any(|l| l.0 != 0) {
            return Err("stale lock slots".into());
        }
        if self.hash != self.compute_hash() {
            return Err("incremental hash differs from recomputed hash".into());
        }
        Ok(())
    }

    /// Named state components with their values, in a fixed order. The anatomy
    /// report derives the state table from these keys.
    pub fn components(&self) -> Vec<(&'static str, String)> {
        vec![
            ("board", self.board_string()),
            ("hand", format!("{:?}", self.hand)),
            ("timeouts", format!("{:?}", self.timeouts)),
            ("disconnects", format!("{:?}", self.disconnects)),
            ("phase", self.phase.name().to_string()),
            ("toMove", self.to_move.letter().to_string()),
            ("pendingCaptures", self.pending.to_string()),
            ("pendingLock", format!("{:#x}", self.pending_lock)),
            ("locks", format!("{:?}", self.locks())),
            ("result", format!("{:?}", self.result)),
            ("hash", hash_hex(self.hash)),
        ]
    }

    /// The board as `N²` characters of `.`, `B`, `W` (index order).
    pub fn board_string(&self) -> String {
        (0..CELLS)
            .map(|p| match self.at(p) {
                None => '.',
                Some(s) => s.letter(),
            })
            .collect()
    }

    /// Builds a position directly (tests, puzzles, the AI's what-ifs). The
    /// result has no locks and no pending captures; the phase is Placing if a
    /// hand is non-empty, Moving otherwise. Returns `None` if the boards
    /// overlap or a side would exceed its stone count.
    pub fn from_position(black: u32, white: u32, hand: [u8; 2], to_move: Side) -> Option<State> {
        if black & white != 0 || (black | white) & !bitboard::ALL != 0 {
            return None;
        }
        if black.count_ones() as u8 + hand[0] > STONES_PER_SIDE
            || white.count_ones() as u8 + hand[1] > STONES_PER_SIDE
        {
            return None;
        }
        let mut s = State::new();
        s.board = [black, white];
        s.hand = hand;
        s.to_move = to_move;
        s.phase = if hand == [0, 0] {
            Phase::Moving
        } else {
            Phase::Placing
        };
        if s.phase == Phase::Placing && s.hand[to_move.idx()] == 0 {
            s.to_move = to_move.other();
        }
        s.hash = s.compute_hash();
        // Same turn-start checks as in play: a walled-in side loses at once.
        if s.phase == Phase::Moving && !bitboard::can_step(s.board[s.to_move.idx()], s.empty()) {
            s.finish(s.to_move.other(), Reason::NoMoves);
        }
        Some(s)
    }

    /// Parses a board string of `N²` characters (`.`, `B`, `W`; whitespace ignored).
    pub fn parse_board(s: &str) -> Option<(u32, u32)> {
        let mut b = 0u32;
        let mut w = 0u32;
        let mut p = 0;
        for c in s.chars().filter(|c| !c.is_whitespace()) {
            if p >= CELLS {
                return None;
            }
            match c {
                'B' | 'b' | 'X' | 'x' => b |= 1 << p,
                'W' | 'w' | 'O' | 'o' => w |= 1 << p,
                '.' | '-' => {}
                _ => return None,
            }
            p += 1;
        }
        (p == CELLS).then_some((b, w))
    }
}

/// Stable code of a result for hashing.
pub(crate) fn result_code(r: Option<(Side, Reason)>) -> u64 {
    match r {
        None => 0,
        Some((s, reason)) => 1 + s as u64 + 2 * reason as u64,
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board_string();
        writeln!(f, "State {{")?;
        for y in 0..N {
            writeln!(f, "  {}", &board[y * N..(y + 1) * N])?;
        }
        write!(
            f,
            "  phase={} toMove={} pending={} hand={:?} timeouts={:?} disconnects={:?} locks={:?} pendingLock={:#x} result={:?} hash={} }}",
            self.phase.name(),
            self.to_move.letter(),
            self.pending,
            self.hand,
            self.timeouts,
            self.disconnects,
            self.locks(),
            self.pending_lock,
            self.result,
            hash_hex(self.hash)
        )
    }
}

/// The state hash as it is shown and travels: 16 lower-case hex digits (a
/// JSON number would lose bits in JavaScript). The one place it is formatted.
pub fn hash_hex(hash: u64) -> String {
    format!("{hash:016x}")
}
