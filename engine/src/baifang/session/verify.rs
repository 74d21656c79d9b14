//! Verification of a received action packet: every check a packet from the
//! peer passes before its action is applied.
//!
//! Checked in order: the game is running, the protocol version, `seq` exactly
//! next (a re-send that we asked for after a reconnection and that arrived
//! anyway is ignored once, see [`super::resync`]), a sane timestamp,
//! legality in our own engine, and, after applying it, our state hash against
//! the sender's. The sender id was checked for every message before. Any
//! failure voids the match: both sides show 「对局数据异常」, no rating
//! changes, the transport is released.
//!
//! A timeout claim for our own turn is accepted only when our clock shows the
//! step time less [`TIMEOUT_CLAIM_TOLERANCE_MS`] since the turn began (an
//! absence of ours does not restart that count: a claim already on its way
//! when we came back still holds).
//!
//! **A move and a timeout claim that crossed.** The waiting side applies the
//! mover's timeout at 30 s + [`super::NETWORK_GRACE_MS`] of its clock; on a slow
//! network the mover's last-second move can cross that claim. Both sides then
//! settle it the same way: the timeout stands. The waiting side ignores the
//! mover's packets that fit the line it played on before the timeout (the
//! *shadow* line); the mover, when the claim fits the state before its own
//! unacknowledged actions and its clock agrees, takes those actions back
//! ([`UiEvent::Superseded`]) and applies the timeout.

use super::super::spec::STEP_TIME_LIMIT_MS;
use super::super::{Action, ActionOutcome, ActionType, PacketError, State};
use super::events::{SessionCommand, Stage, UiEvent};
use super::wire::{self, BoardActionPacket, OutOfPlace, Reject, PROTOCOL_VERSION};
use super::MatchSession;

/// A timeout claim for our own turn is accepted this much before our step time (the rule
/// spec's `timeoutClaimToleranceMs`, the one place the number lives).
pub const TIMEOUT_CLAIM_TOLERANCE_MS: u64 = crate::baifang::spec::TIMEOUT_CLAIM_TOLERANCE_MS as u64;
/// Timestamps further than this from the local clock are absurd.
pub const MAX_CLOCK_SKEW_MS: u64 = 5 * 60 * 1000;

/// What a verified packet does to our state.
struct PeerTransition {
    next: State,
    action: Action,
    /// The captures a placement or step carried (after a capture packet's
    /// first), which join the log after `action`.
    captures: Vec<Action>,
    /// `None` when the packet only confirms a timeout we already applied.
    outcome: Option<ActionOutcome>,
}

/// One of our own actions the peer has not built on yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OwnStep {
    /// The state before it.
    pub(super) before: State,
    /// Actions applied before it.
    pub(super) actions: u32,
    /// The log's length before it.
    pub(super) log_len: usize,
    /// When the turn it was played in began.
    pub(super) turn_began: u64,
}

/// The session's part that settles a move and a timeout claim that crossed on
/// the network: our unanswered line and the peer's superseded one.
#[derive(Clone, Debug, Default)]
pub(super) struct Crossing {
    /// Our own actions since the last packet of the peer we applied, with the
    /// state before each: the peer may not have seen them when it claimed a
    /// timeout for our turn.
    pub(super) own_line: Vec<OwnStep>,
    /// After we applied a timeout for the peer's turn: the state the peer may
    /// still be playing on (its move crossed our claim). Its packets that fit
    /// this line are superseded and ignored.
    pub(super) shadow: Option<State>,
    /// Whether we already applied a timeout for the current turn (ours or the peer's).
    pub(super) last_was_timeout: bool,
}

impl Crossing {
    /// The peer built on everything we sent: nothing of ours can be
    /// superseded any more, and it is back on our line.
    pub(super) fn peer_caught_up(&mut self) {
        self.own_line.clear();
        self.shadow = None;
    }
}

impl MatchSession {
    /// Verifies and applies one action packet from the peer.
    pub(super) fn receive_action(
        &mut self,
        p: BoardActionPacket,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        if self.stage != Stage::Playing {
            return Err(Reject::Unexpected(OutOfPlace::ActionBeforeStart));
        }
        if p.protocol_version != PROTOCOL_VERSION {
            return Err(Reject::ProtocolVersion(p.protocol_version));
        }
        if self.window.is_tolerated_resend(&p, now) {
            return Ok(());
        }
        self.window.check_seq(p.seq)?;
        self.window.check_timestamp(p.timestamp, now)?;
        self.window.note_fresh_packet();
        let t = match self.peer_transition(&p, now) {
            Ok(t) if crate::baifang::state::hash_hex(t.next.hash()) == p.hash => t,
            first => {
                if self.superseded_by_our_claim(&p) || self.superseded_by_peer_claim(&p, now, out) {
                    return Ok(());
                }
                let t = first?;
                return Err(Reject::HashMismatch {
                    ours: t.next.hash(),
                    theirs: wire::bounded(&p.hash),
                });
            }
        };
        self.window.accept(&p);
        match t.outcome {
            Some(outcome) => {
                self.commit_state(t.next, t.action, outcome, true, now, out);
                self.log.extend(t.captures);
            }
            None => self.crossing.last_was_timeout = false,
        }
        Ok(())
    }

    /// A packet of the peer's that fits the line it played on before our
    /// timeout claim for its turn: it crossed the claim, and the timeout stands.
    fn superseded_by_our_claim(&mut self, p: &BoardActionPacket) -> bool {
        let Some(shadow) = self.crossing.shadow else {
            return false;
        };
        let Ok(t) = self.transition_from(shadow, p) else {
            return false;
        };
        if crate::baifang::state::hash_hex(t.next.hash()) != p.hash {
            return false;
        }
        self.window.accept(p);
        self.crossing.shadow = Some(t.next);
        true
    }

    /// The peer's timeout claim for our turn that it made before it saw our
    /// last actions: if it fits the state before them and our clock agrees,
    /// those actions are taken back and the timeout stands.
    fn superseded_by_peer_claim(
        &mut self,
        p: &BoardActionPacket,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> bool {
        if p.action_type() != Ok(ActionType::Timeout) {
            return false;
        }
        let limit = STEP_TIME_LIMIT_MS as u64;
        let base = self.crossing.own_line.iter().position(|step| {
            let mut next = step.before;
            step.before.to_move() == self.my_side
                && now.saturating_sub(step.turn_began) + TIMEOUT_CLAIM_TOLERANCE_MS >= limit
                && next.apply(Action::Timeout).is_ok()
                && crate::baifang::state::hash_hex(next.hash()) == p.hash
        });
        let Some(i) = base else {
            return false;
        };
        let step = self.crossing.own_line[i];
        let undone = (self.crossing.own_line.len() - i) as u32;
        let mut next = step.before;
        let Ok(outcome) = next.apply(Action::Timeout) else {
            return false;
        };
        self.window.accept(p);
        self.state = step.before;
        self.actions = step.actions;
        self.log.truncate(step.log_len);
        out.push(SessionCommand::Ui(UiEvent::Superseded { undone }));
        self.commit_state(next, Action::Timeout, outcome, true, now, out);
        true
    }

    /// Applies the packet's action to a copy of our state, with the checks
    /// only this side can make (whether it confirms our timeout, whether a
    /// timeout claimed for our turn is due).
    fn peer_transition(&self, p: &BoardActionPacket, now: u64) -> Result<PeerTransition, Reject> {
        if p.action_type() == Ok(ActionType::Timeout) {
            let next = self.state;
            if crate::baifang::state::hash_hex(next.hash()) == p.hash
                && self.crossing.last_was_timeout
            {
                // The peer confirms the timeout we already applied.
                return Ok(PeerTransition {
                    next,
                    action: Action::Timeout,
                    captures: Vec::new(),
                    outcome: None,
                });
            }
            let elapsed = now.saturating_sub(self.step.turn_began());
            if next.to_move() == self.my_side
                && elapsed + TIMEOUT_CLAIM_TOLERANCE_MS < STEP_TIME_LIMIT_MS as u64
            {
                return Err(Reject::PrematureTimeout { elapsed });
            }
        }
        self.transition_from(self.state, p)
    }

    /// The packet's action applied to `base` (legality and turn only).
    fn transition_from(
        &self,
        base: State,
        p: &BoardActionPacket,
    ) -> Result<PeerTransition, Reject> {
        let peer_side = self.my_side.other();
        let mut next = base;
        let kind = p.action_type().map_err(Reject::BadPacket)?;
        let mut captures = Vec::new();
        let (action, outcome) = match kind {
            ActionType::Place | ActionType::Move | ActionType::Capture => {
                if next.to_move() != peer_side {
                    return Err(Reject::NotSendersTurn);
                }
                let packet = p.packet();
                let outcomes = next.apply_packet(&packet).map_err(Reject::from)?;
                let first = outcomes.first().copied().unwrap_or_default();
                let mut actions = packet.actions(peer_side).map_err(Reject::BadPacket)?;
                captures = actions.split_off(1);
                let action = actions[0];
                (action, Some(first))
            }
            ActionType::Resign => {
                let a = Action::Resign { side: peer_side };
                (a, Some(next.apply(a).map_err(Reject::Illegal)?))
            }
            ActionType::Timeout => {
                let o = next.apply(Action::Timeout).map_err(Reject::Illegal)?;
                (Action::Timeout, Some(o))
            }
            // A disconnect is the referee's or the session's to record, never
            // a peer's to claim.
            ActionType::Disconnect => {
                return Err(Reject::BadPacket(PacketError::UnknownActionType(
                    p.action_type,
                )))
            }
        };
        Ok(PeerTransition {
            next,
            action,
            captures,
            outcome,
        })
    }
}
