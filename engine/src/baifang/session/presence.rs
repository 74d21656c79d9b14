//! Presence and clocks: the step clock, the handshake deadline, the peer's
//! disconnects and our own background/foreground, and the resynchronisation
//! after a reconnection.
//!
//! - Step clock: 30 s per turn. The mover's session sends the timeout at 30 s;
//!   the waiting session applies it itself at 30 s plus [`NETWORK_GRACE_MS`]
//!   and tells the peer. The third timeout loses (a rule of the engine).
//! - Disconnects: a dropped or backgrounded peer gets 15 s of grace; coming back
//!   within it resumes (both send `sync`; the one behind receives the packets
//!   it missed) and restarts the turn's clock. After 15 s, or at the third
//!   disconnect, the present side wins. A side that comes back to the
//!   foreground after its own grace ran out has lost.

use super::super::spec::{DISCONNECTS_TO_LOSE, DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};
use super::super::{Action, Reason};
use super::events::{SessionCommand, Stage, UiEvent};
use super::handshake::HANDSHAKE_TIMEOUT_MS;
use super::wire::{OutOfPlace, Reject, Wire};
use super::MatchSession;

/// The waiting side applies a timeout this long after the mover's 30 s ran out.
pub const NETWORK_GRACE_MS: u64 = 3_000;

impl MatchSession {
    /// When the current turn's 30 s run out (ms), while playing and the peer is present.
    pub fn step_deadline(&self) -> Option<u64> {
        (self.stage == Stage::Playing && self.peer_away_since.is_none())
            .then_some(self.turn_started + STEP_TIME_LIMIT_MS as u64)
    }
    /// When the peer's grace runs out (ms), while it is away.
    pub fn grace_deadline(&self) -> Option<u64> {
        self.peer_away_since
            .filter(|_| self.stage == Stage::Playing)
            .map(|t| t + DISCONNECT_GRACE_MS as u64)
    }
    /// Times the peer has dropped in this match.
    pub fn peer_disconnects(&self) -> u8 {
        self.peer_disconnects
    }

    /// Time passed: step clocks, the grace period, the handshake timeout.
    pub fn tick(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Matched if now >= self.matched_at + HANDSHAKE_TIMEOUT_MS => {
                self.back_to_waiting(&mut out);
            }
            Stage::Playing => {
                if let Some(deadline) = self.grace_deadline() {
                    if now >= deadline {
                        self.peer_lost(&mut out);
                    }
                    return out;
                }
                let elapsed = now.saturating_sub(self.turn_started);
                let limit = STEP_TIME_LIMIT_MS as u64;
                let mine = self.state.to_move() == self.my_side;
                if (mine && elapsed >= limit) || (!mine && elapsed >= limit + NETWORK_GRACE_MS) {
                    let _ = self.send_action(Action::Timeout, now, &mut out);
                }
            }
            _ => {}
        }
        out
    }

    /// The transport reports the peer disconnected.
    pub fn on_peer_disconnected(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Matched => self.back_to_waiting(&mut out),
            Stage::Playing => self.peer_left(now, &mut out),
            _ => {}
        }
        out
    }

    /// The transport reports the peer connected again.
    pub fn on_peer_reconnected(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.stage == Stage::Playing {
            self.peer_returned(now, &mut out);
        }
        out
    }

    /// Our app goes to the background: tell the peer (its grace starts).
    pub fn on_local_background(&mut self, now: u64) -> Vec<SessionCommand> {
        if self.stage != Stage::Playing {
            return Vec::new();
        }
        self.local_away_since.get_or_insert(now);
        vec![SessionCommand::Send(
            Wire::Presence {
                player_id: self.me.id.clone(),
                away: true,
            }
            .to_json(),
        )]
    }

    /// Our app is back in the foreground: tell the peer and resynchronise. Back
    /// after the grace ran out, this side has lost (the peer has declared its win).
    pub fn on_local_foreground(&mut self, now: u64) -> Vec<SessionCommand> {
        if self.stage != Stage::Playing {
            return Vec::new();
        }
        let away = self.local_away_since.take();
        if away.is_some_and(|t| now >= t + DISCONNECT_GRACE_MS as u64) {
            let mut out = Vec::new();
            let mut next = self.state;
            let a = Action::Disconnect {
                side: self.my_side,
                grace_expired: true,
            };
            if next.apply(a).is_ok() {
                self.state = next;
                self.actions += 1;
                self.settle(self.my_side.other(), Reason::Disconnect, &mut out);
            }
            return out;
        }
        self.turn_started = now;
        self.resync_from = Some(self.received);
        self.tolerated = self.received;
        vec![
            SessionCommand::Send(
                Wire::Presence {
                    player_id: self.me.id.clone(),
                    away: false,
                }
                .to_json(),
            ),
            SessionCommand::Send(self.sync_message()),
        ]
    }

    /// The peer's `sync` after a reconnection: resend what it missed, in order,
    /// and check that equal action counts mean equal states.
    pub(super) fn receive_sync(
        &mut self,
        received: u64,
        actions: u32,
        hash: &str,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        if self.stage != Stage::Playing {
            return Err(Reject::Unexpected(OutOfPlace::SyncOutsideGame));
        }
        let from = received as usize;
        if from < self.sent.len() {
            for m in &self.sent[from..] {
                out.push(SessionCommand::Send(m.clone()));
            }
        } else if from > self.sent.len() {
            return Err(Reject::SeqGap {
                got: received,
                expected: self.sent.len() as u64,
            });
        }
        if actions == self.actions && hash != format!("{:016x}", self.state.hash()) {
            return Err(Reject::SyncMismatch);
        }
        Ok(())
    }

    /// The peer's `presence`: its app went to the background or came back.
    pub(super) fn receive_presence(&mut self, away: bool, now: u64, out: &mut Vec<SessionCommand>) {
        if self.stage != Stage::Playing {
            return;
        }
        if away {
            self.peer_left(now, out);
        } else {
            self.peer_returned(now, out);
        }
    }

    fn sync_message(&self) -> String {
        Wire::Sync {
            player_id: self.me.id.clone(),
            received: self.received,
            sent: self.sent.len() as u64,
            actions: self.actions,
            hash: format!("{:016x}", self.state.hash()),
        }
        .to_json()
    }

    fn peer_left(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        if self.peer_away_since.is_some() {
            return;
        }
        self.peer_disconnects += 1;
        self.peer_away_since = Some(now);
        if self.peer_disconnects >= DISCONNECTS_TO_LOSE {
            self.peer_lost(out);
            return;
        }
        out.push(SessionCommand::Ui(UiEvent::PeerAway {
            deadline: now + DISCONNECT_GRACE_MS as u64,
        }));
    }

    fn peer_returned(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        if self.peer_away_since.take().is_none() {
            return;
        }
        // The turn's clock restarts: neither side is charged for the absence.
        self.turn_started = now;
        self.resync_from = Some(self.received);
        self.tolerated = self.received;
        out.push(SessionCommand::Ui(UiEvent::PeerBack));
        out.push(SessionCommand::Send(self.sync_message()));
    }

    /// The present side wins: the peer did not come back in time or dropped too often.
    fn peer_lost(&mut self, out: &mut Vec<SessionCommand>) {
        let mut next = self.state;
        let a = Action::Disconnect {
            side: self.my_side.other(),
            grace_expired: true,
        };
        if let Ok(outcome) = next.apply(a) {
            self.state = next;
            self.actions += 1;
            out.push(SessionCommand::Ui(UiEvent::Applied {
                action: a,
                outcome,
                by_peer: true,
            }));
            self.settle(self.my_side, Reason::Disconnect, out);
        }
    }
}
