//! Verification of a received action packet: every check a packet from the
//! peer passes before its action is applied.
//!
//! Checked in order: the game is running, the protocol version, `seq` exactly
//! next (a resend that we asked for after a reconnection and that arrived
//! anyway is ignored once), a sane timestamp, legality in our own engine, and,
//! after applying it, our state hash against the sender's. The sender id was
//! checked for every message before. Any failure voids the match: both sides
//! show 「对局数据异常」, no rating changes, the transport is released.

use super::super::spec::STEP_TIME_LIMIT_MS;
use super::super::{Action, ActionError, ActionOutcome, Packet, State};
use super::events::{SessionCommand, Stage};
use super::wire::{BoardActionPacket, OutOfPlace, Reject, PROTOCOL_VERSION};
use super::MatchSession;

/// A timeout claim for our own turn is accepted this much before our 30 s.
pub const TIMEOUT_CLAIM_TOLERANCE_MS: u64 = 5_000;
/// Timestamps further than this from the local clock are absurd.
pub const MAX_CLOCK_SKEW_MS: u64 = 5 * 60 * 1000;

/// What a verified packet does to our state.
struct PeerTransition {
    next: State,
    action: Action,
    /// `None` when the packet only confirms a timeout we already applied.
    outcome: Option<ActionOutcome>,
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
        if self.is_tolerated_resend(&p) {
            self.tolerated = p.seq;
            return Ok(());
        }
        self.check_seq(p.seq)?;
        self.check_timestamp(p.timestamp, now)?;
        let t = self.peer_transition(&p, now)?;
        if format!("{:016x}", t.next.hash()) != p.hash {
            return Err(Reject::HashMismatch {
                ours: t.next.hash(),
                theirs: p.hash,
            });
        }
        self.received = p.seq;
        self.received_hashes.push(p.hash.clone());
        self.last_peer_ts = p.timestamp;
        match t.outcome {
            Some(outcome) => self.commit_state(t.next, t.action, outcome, true, now, out),
            None => self.last_was_timeout = false,
        }
        Ok(())
    }

    /// A packet re-sent after a reconnection that had arrived after all.
    fn is_tolerated_resend(&self, p: &BoardActionPacket) -> bool {
        let Some(from) = self.resync_from else {
            return false;
        };
        p.seq > from
            && p.seq > self.tolerated
            && p.seq <= self.received
            && self.received_hashes.get(p.seq as usize - 1) == Some(&p.hash)
    }

    /// `seq` must be exactly one more than the last one received.
    fn check_seq(&self, seq: u64) -> Result<(), Reject> {
        let expected = self.received + 1;
        if seq == expected {
            return Ok(());
        }
        Err(if seq == self.received && seq > 0 {
            Reject::DuplicateSeq { got: seq, expected }
        } else if seq < expected {
            Reject::OldSeq { got: seq, expected }
        } else {
            Reject::SeqGap { got: seq, expected }
        })
    }

    /// The timestamp never goes backwards and stays near our clock.
    fn check_timestamp(&self, timestamp: i64, now: u64) -> Result<(), Reject> {
        let skew = (timestamp as i128 - now as i128).unsigned_abs();
        if timestamp < self.last_peer_ts || skew > MAX_CLOCK_SKEW_MS as u128 {
            return Err(Reject::Timestamp {
                got: timestamp,
                now,
            });
        }
        Ok(())
    }

    /// Applies the packet's action to a copy of our state, with the checks
    /// only this side can make (whose turn it is, when a timeout is due).
    fn peer_transition(&self, p: &BoardActionPacket, now: u64) -> Result<PeerTransition, Reject> {
        let peer_side = self.my_side.other();
        let mut next = self.state;
        let (action, outcome) = match p.action_type {
            0..=2 => {
                if next.to_move() != peer_side {
                    return Err(Reject::NotSendersTurn);
                }
                let packet = Packet {
                    action_type: Some(p.action_type),
                    from_index: (p.action_type == 1).then_some(p.from_index),
                    to_index: (p.action_type != 2).then_some(p.to_index),
                    eat_indices: Some(p.eat_indices.clone()),
                    side: None,
                };
                let outcomes = next.apply_packet(&packet).map_err(Reject::Illegal)?;
                let first = outcomes.first().copied().unwrap_or_default();
                (first_action(&packet), Some(first))
            }
            3 => {
                let a = Action::Resign { side: peer_side };
                (a, Some(next.apply(a).map_err(Reject::Illegal)?))
            }
            4 => {
                if format!("{:016x}", next.hash()) == p.hash && self.last_was_timeout {
                    // The peer confirms the timeout we already applied.
                    (Action::Timeout, None)
                } else {
                    let elapsed = now.saturating_sub(self.turn_started);
                    if next.to_move() != peer_side
                        && elapsed + TIMEOUT_CLAIM_TOLERANCE_MS < STEP_TIME_LIMIT_MS as u64
                    {
                        return Err(Reject::PrematureTimeout { elapsed });
                    }
                    let o = next.apply(Action::Timeout).map_err(Reject::Illegal)?;
                    (Action::Timeout, Some(o))
                }
            }
            k => return Err(Reject::Illegal(ActionError::UnknownActionType(k))),
        };
        Ok(PeerTransition {
            next,
            action,
            outcome,
        })
    }
}

/// The first engine action of a packet (for the UI's "what happened").
fn first_action(p: &Packet) -> Action {
    let at = |v: Option<i64>| v.unwrap_or(0).clamp(0, 24) as u8;
    match p.kind() {
        0 => Action::Place { to: at(p.to_index) },
        1 => Action::Move {
            from: at(p.from_index),
            to: at(p.to_index),
        },
        _ => Action::Capture {
            at: at(p.eat().first().copied()),
        },
    }
}
