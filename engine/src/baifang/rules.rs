//! The rules: legality, move generation and state transitions.
//!
//! Rule ids (R1…) refer to the rule table of the anatomy report
//! (`engine spec anatomy`), which points each rule to the spec fields it reads.

use super::action::{Action, ActionList, RuleError};
use super::bitboard::{self, can_step, count_steps, formations_at, CELLS, FIRST_COL, LAST_COL, N};
use super::codec::{ActionType, Packet, PacketError, PacketRefusal};
use super::spec::{
    DISCONNECTS_TO_LOSE, LINE_CAPTURE, MIN_STONES, SQUARE_CAPTURE, TIMEOUTS_TO_LOSE,
};
use super::state::{result_code, Lock, Phase, Reason, Side, State, MAX_LOCKS, NO_LOCK};
use super::zobrist::{mix, Tag, STONE, WHITE_TO_MOVE};

/// What one action did: everything the UI needs to animate it and the packet
/// log needs to show it (formations formed, captures owed, interception).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionOutcome {
    /// Squares newly formed by the placed/moved stone (bitset over square ids).
    pub new_squares: u16,
    /// Lines newly formed by the placed/moved stone (bitset over line ids).
    pub new_lines: u16,
    /// Captures the mover owes after this action (0 if none or if intercepted).
    pub owed: u8,
    /// The move formed a formation but anti-looping blocked its capture.
    pub intercepted_by_loop: bool,
    /// The point captured by this action, if it was a capture.
    pub captured: Option<u8>,
    /// The turn passed to the other side (or skipped back, see `skipped`).
    pub turn_passed: bool,
    /// In placing, the receiver had an empty hand, so the turn came back.
    pub skipped: bool,
    /// The game ended with this action.
    pub result: Option<(Side, Reason)>,
}

impl ActionOutcome {
    /// Points of the newly formed squares and lines (for the ripple and gold-line
    /// animation of a formation).
    pub fn formed_stones(&self) -> u32 {
        let mut m = 0;
        for s in bitboard::bits(self.new_squares as u32) {
            m |= bitboard::SQUARES[s];
        }
        for l in bitboard::bits(self.new_lines as u32) {
            m |= bitboard::LINES[l];
        }
        m
    }
}

impl State {
    // ---- hash-maintaining setters (every write goes through these) ----

    #[inline]
    fn toggle_stone(&mut self, side: Side, p: usize) {
        self.board[side.idx()] ^= 1 << p;
        self.hash ^= STONE[side.idx()][p];
    }
    #[inline]
    fn set_hand(&mut self, side: Side, v: u8) {
        let i = side.idx();
        self.hash ^= mix(Tag::Hand, (i as u64) << 8 | self.hand[i] as u64)
            ^ mix(Tag::Hand, (i as u64) << 8 | v as u64);
        self.hand[i] = v;
    }
    #[inline]
    fn set_pending(&mut self, v: u8) {
        self.hash ^= mix(Tag::Pending, self.pending as u64) ^ mix(Tag::Pending, v as u64);
        self.pending = v;
    }
    #[inline]
    fn set_pending_lock(&mut self, v: u16) {
        self.hash ^=
            mix(Tag::PendingLock, self.pending_lock as u64) ^ mix(Tag::PendingLock, v as u64);
        self.pending_lock = v;
    }
    #[inline]
    fn set_phase(&mut self, p: Phase) {
        self.hash ^= mix(Tag::Phase, self.phase as u64) ^ mix(Tag::Phase, p as u64);
        self.phase = p;
    }
    #[inline]
    fn flip_side(&mut self) {
        self.to_move = self.to_move.other();
        self.hash ^= WHITE_TO_MOVE;
    }
    fn set_counter(&mut self, tag: Tag, side: Side, v: u8) {
        let i = side.idx();
        let arr = if tag == Tag::Timeouts {
            &mut self.timeouts
        } else {
            &mut self.disconnects
        };
        let old = arr[i];
        arr[i] = v;
        self.hash ^= mix(tag, (i as u64) << 8 | old as u64) ^ mix(tag, (i as u64) << 8 | v as u64);
    }

    /// R12/R13/R9/R10/R11: ends the game. Pending captures and an unrecorded
    /// lock die with it (the contract reports `pendingCaptures` 0 when finished).
    pub(crate) fn finish(&mut self, winner: Side, reason: Reason) {
        self.set_pending(0);
        self.set_pending_lock(NO_LOCK as u16);
        self.set_phase(Phase::Finished);
        let r = Some((winner, reason));
        self.hash ^= mix(Tag::Result, result_code(self.result)) ^ mix(Tag::Result, result_code(r));
        self.result = r;
    }

    // ---- locks (R7) ----

    fn insert_lock(&mut self, l: Lock) {
        let n = self.n_locks as usize;
        debug_assert!(n < MAX_LOCKS, "lock bound violated");
        if n >= MAX_LOCKS {
            return;
        }
        // Keep the list sorted so equal lock sets compare equal.
        let mut i = n;
        while i > 0 && self.locks[i - 1] > l {
            self.locks[i] = self.locks[i - 1];
            i -= 1;
        }
        self.locks[i] = l;
        self.n_locks += 1;
        self.lock_points |= 1 << l.pos();
        self.hash ^= mix(Tag::Lock, l.0);
    }

    /// Removes and returns the lock of the stone at `p` (caller checked `lock_points`).
    fn take_lock(&mut self, p: usize) -> Lock {
        let n = self.n_locks as usize;
        let mut i = 0;
        while i < n && self.locks[i].pos() != p {
            i += 1;
        }
        debug_assert!(i < n);
        let l = self.locks[i];
        while i + 1 < n {
            self.locks[i] = self.locks[i + 1];
            i += 1;
        }
        self.locks[n - 1] = Lock(0);
        self.n_locks -= 1;
        self.lock_points &= !(1 << p);
        self.hash ^= mix(Tag::Lock, l.0);
        l
    }

    /// The capturing turn is complete (captures resolved or forfeited): record
    /// the pending loop lock with the context as it is now.
    fn record_pending_lock(&mut self) {
        if self.pending_lock != NO_LOCK as u16 {
            let pos = (self.pending_lock & 31) as usize;
            let other = (self.pending_lock >> 5) as usize;
            self.set_pending_lock(NO_LOCK as u16);
            self.insert_lock(Lock::new(pos, other, &self.board));
        }
    }

    // ---- turn passing (R8, R10) ----

    /// Passes the turn. In placing, a side with an empty hand is skipped and the
    /// phase ends once both hands are empty; in moving, the side receiving the
    /// turn loses at once if it has no legal move.
    fn end_turn(&mut self, out: &mut ActionOutcome) {
        out.turn_passed = true;
        self.flip_side();
        if self.phase == Phase::Placing {
            if self.hand == [0, 0] {
                self.set_phase(Phase::Moving);
            } else if self.hand[self.to_move.idx()] == 0 {
                self.flip_side();
                out.skipped = true;
                return;
            } else {
                return;
            }
        }
        let me = self.to_move;
        if !can_step(self.board[me.idx()], self.empty()) {
            self.finish(me.other(), Reason::NoMoves);
            out.result = self.result;
        }
    }

    /// R3/R4: formations the stone just arrived at `p` completes (all new, since
    /// `p` was empty before) and the captures they owe, capped by the enemy
    /// stones on the board.
    #[inline]
    fn owed_at(&self, side: Side, p: usize, out: &mut ActionOutcome) -> u8 {
        let (sq, ln) = formations_at(self.board[side.idx()], p);
        out.new_squares = sq;
        out.new_lines = ln;
        if sq | ln == 0 {
            return 0;
        }
        let owed = sq.count_ones() * SQUARE_CAPTURE as u32 + ln.count_ones() * LINE_CAPTURE as u32;
        owed.min(self.board[side.other().idx()].count_ones()) as u8
    }

    // ---- legality ----

    /// Checks an action against the rules without changing anything.
    pub fn validate(&self, a: Action) -> Result<(), RuleError> {
        if self.phase == Phase::Finished {
            return Err(RuleError::GameOver);
        }
        let me = self.to_move;
        let occupied = self.board[0] | self.board[1];
        match a {
            // R1
            Action::Place { to } => {
                if self.phase != Phase::Placing {
                    return Err(RuleError::NotPlacingPhase);
                }
                if self.pending > 0 {
                    return Err(RuleError::CaptureOwed { owed: self.pending });
                }
                let to = on_board(to)?;
                if occupied >> to & 1 == 1 {
                    return Err(RuleError::Occupied { at: to as u8 });
                }
                if self.hand[me.idx()] == 0 {
                    return Err(RuleError::EmptyHand);
                }
            }
            // R2
            Action::Move { from, to } => {
                if self.phase != Phase::Moving {
                    return Err(RuleError::NotMovingPhase);
                }
                if self.pending > 0 {
                    return Err(RuleError::CaptureOwed { owed: self.pending });
                }
                let from = on_board(from)?;
                let to = on_board(to)?;
                if self.board[me.idx()] >> from & 1 == 0 {
                    return Err(RuleError::NotOwnStone { at: from as u8 });
                }
                if bitboard::NEIGHBOURS[from] >> to & 1 == 0 {
                    return Err(RuleError::NotAdjacent {
                        from: from as u8,
                        to: to as u8,
                    });
                }
                if occupied >> to & 1 == 1 {
                    return Err(RuleError::Occupied { at: to as u8 });
                }
            }
            // R5
            Action::Capture { at } => {
                if self.pending == 0 {
                    return Err(RuleError::NoCaptureOwed);
                }
                let at = on_board(at)?;
                if self.board[me.other().idx()] >> at & 1 == 0 {
                    return Err(RuleError::NotEnemyStone { at: at as u8 });
                }
                if self.capturable() >> at & 1 == 0 {
                    return Err(RuleError::Shielded { at: at as u8 });
                }
            }
            Action::Timeout | Action::Resign { .. } | Action::Disconnect { .. } => {}
        }
        Ok(())
    }

    /// Applies an action if legal; a rejected action leaves the state unchanged.
    pub fn apply(&mut self, a: Action) -> Result<ActionOutcome, RuleError> {
        self.validate(a)?;
        Ok(self.apply_unchecked(a))
    }

    /// Applies an action known to be legal (from [`State::legal_actions`], or
    /// validated). The search hot path: no checks beyond debug assertions.
    #[inline]
    pub fn apply_unchecked(&mut self, a: Action) -> ActionOutcome {
        debug_assert_eq!(self.validate(a), Ok(()), "{a} in {self:?}");
        let mut out = ActionOutcome::default();
        let me = self.to_move;
        match a {
            Action::Place { to } => {
                let to = to as usize;
                self.toggle_stone(me, to);
                self.set_hand(me, self.hand[me.idx()] - 1);
                let owed = self.owed_at(me, to, &mut out);
                if owed > 0 {
                    self.set_pending(owed);
                    out.owed = owed;
                } else {
                    self.end_turn(&mut out);
                }
            }
            Action::Move { from, to } => {
                let (from, to) = (from as usize, to as usize);
                self.toggle_stone(me, from);
                self.toggle_stone(me, to);
                // R7: a lock follows its stone along the shuttle while the
                // context stays as recorded. Every shuttle move compares it,
                // whether or not the move forms anything: unchanged, the move
                // captures nothing and the lock stays; changed, or any move to
                // a third point, drops the lock and the move is judged normally.
                let lock = if self.lock_points >> from & 1 == 1 {
                    Some(self.take_lock(from))
                } else {
                    None
                };
                let owed = self.owed_at(me, to, &mut out);
                if let Some(l) = lock.filter(|l| l.other() == to) {
                    if l.context_unchanged(&self.board) {
                        self.insert_lock(l.swapped());
                        out.intercepted_by_loop = owed > 0;
                        self.end_turn(&mut out);
                        return out;
                    }
                }
                if owed > 0 {
                    self.set_pending(owed);
                    self.set_pending_lock((to | from << 5) as u16);
                    out.owed = owed;
                } else {
                    self.end_turn(&mut out);
                }
            }
            Action::Capture { at } => {
                let at = at as usize;
                let opp = me.other();
                self.toggle_stone(opp, at);
                if self.lock_points >> at & 1 == 1 {
                    self.take_lock(at);
                }
                out.captured = Some(at as u8);
                self.set_pending(self.pending - 1);
                out.owed = self.pending;
                // R9: checked after each capture is resolved.
                if self.material(opp) < MIN_STONES {
                    self.finish(me, Reason::FewerThanFour);
                } else if self.pending == 0 {
                    self.record_pending_lock();
                    self.end_turn(&mut out);
                }
            }
            // R11
            Action::Timeout => {
                let t = self.timeouts[me.idx()] + 1;
                self.set_counter(Tag::Timeouts, me, t);
                if t >= TIMEOUTS_TO_LOSE {
                    self.finish(me.other(), Reason::Timeouts);
                } else {
                    self.set_pending(0);
                    self.record_pending_lock();
                    self.end_turn(&mut out);
                }
            }
            // R12
            Action::Resign { side } => self.finish(side.other(), Reason::Resign),
            // R13
            Action::Disconnect {
                side,
                grace_expired,
            } => {
                let d = self.disconnects[side.idx()] + 1;
                self.set_counter(Tag::Disconnects, side, d);
                if grace_expired || d >= DISCONNECTS_TO_LOSE {
                    self.finish(side.other(), Reason::Disconnect);
                }
            }
        }
        if out.result.is_none() {
            out.result = self.result;
        }
        debug_assert_eq!(self.hash, self.compute_hash());
        out
    }

    // ---- generation ----

    /// Fills `out` with every legal placement, move or single capture (resign,
    /// timeout and disconnect are always legal while the game runs and are not
    /// listed). Order: ascending target point, then origin. No allocation.
    #[inline]
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.phase == Phase::Finished {
            return;
        }
        if self.pending > 0 {
            for p in bitboard::bits(self.capturable()) {
                out.push(Action::Capture { at: p as u8 });
            }
            return;
        }
        let empty = self.empty();
        if self.phase == Phase::Placing {
            for p in bitboard::bits(empty) {
                out.push(Action::Place { to: p as u8 });
            }
            return;
        }
        let own = self.board[self.to_move.idx()];
        // One pass per direction: targets as a bitboard, origin = target − shift.
        let east = ((own & !LAST_COL) << 1) & empty;
        let west = ((own & !FIRST_COL) >> 1) & empty;
        let south = (own << N) & empty;
        let north = (own >> N) & empty;
        for to in bitboard::bits(east) {
            out.push(Action::Move {
                from: (to - 1) as u8,
                to: to as u8,
            });
        }
        for to in bitboard::bits(west) {
            out.push(Action::Move {
                from: (to + 1) as u8,
                to: to as u8,
            });
        }
        for to in bitboard::bits(south) {
            out.push(Action::Move {
                from: (to - N) as u8,
                to: to as u8,
            });
        }
        for to in bitboard::bits(north) {
            out.push(Action::Move {
                from: (to + N) as u8,
                to: to as u8,
            });
        }
    }

    /// Number of legal actions as [`State::legal_actions`] would list them,
    /// without listing them (perft's bulk count at the last ply).
    #[inline]
    pub fn count_legal(&self) -> u32 {
        match self.phase {
            Phase::Finished => 0,
            _ if self.pending > 0 => self.capturable().count_ones(),
            Phase::Placing => self.empty().count_ones(),
            Phase::Moving => count_steps(self.board[self.to_move.idx()], self.empty()),
        }
    }

    /// Empty neighbours the stone at `from` may step to (UI highlight); 0 if
    /// moving is not currently legal for it.
    pub fn move_targets(&self, from: usize) -> u32 {
        if self.phase != Phase::Moving
            || self.pending > 0
            || from >= CELLS
            || self.board[self.to_move.idx()] >> from & 1 == 0
        {
            return 0;
        }
        bitboard::NEIGHBOURS[from] & self.empty()
    }

    /// Applies one wire packet atomically: the main action and then, in order,
    /// the captures listed in `eatIndices`. All or nothing. The whole packet is
    /// decoded before any rule is asked, so a malformed packet is always a
    /// [`PacketError`], whatever the position.
    pub fn apply_packet(&mut self, p: &Packet) -> Result<Vec<ActionOutcome>, PacketRefusal> {
        let kind = p.action_type()?;
        let decoded = p.actions(self.to_move)?;
        let (lead, captures) = match kind {
            ActionType::Capture => (None, &decoded[..]),
            _ => (Some(decoded[0]), &decoded[1..]),
        };
        let mut s = *self;
        let mut outs = Vec::new();
        match lead {
            Some(lead) => outs.push(s.apply(lead)?),
            None => {
                if s.phase == Phase::Finished {
                    return Err(RuleError::GameOver.into());
                }
                if s.pending == 0 {
                    return Err(RuleError::NoCaptureOwed.into());
                }
                if captures.is_empty() {
                    return Err(PacketError::EmptyEatList.into());
                }
            }
        }
        if captures.len() > s.pending as usize {
            if s.pending == 0 && s.phase == Phase::Finished {
                let left = captures.len();
                return Err(PacketError::LeftoverEat { left }.into());
            }
            return Err(PacketError::TooManyEat {
                given: captures.len(),
                owed: s.pending,
            }
            .into());
        }
        for (k, &c) in captures.iter().enumerate() {
            if s.phase == Phase::Finished {
                let left = captures.len() - k;
                return Err(PacketError::LeftoverEat { left }.into());
            }
            outs.push(s.apply(c)?);
        }
        *self = s;
        Ok(outs)
    }
}

/// A typed action's point as a bitboard index, if it is on the board.
fn on_board(p: u8) -> Result<usize, RuleError> {
    if (p as usize) < CELLS {
        Ok(p as usize)
    } else {
        Err(RuleError::NotAPoint { at: p })
    }
}
