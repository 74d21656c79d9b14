//! Presence and clocks: the step clock, the handshake deadline, the peer's
//! disconnects and our own background/foreground, and the resynchronisation
//! after a reconnection.
//!
//! - Step clock: 30 s per turn, the engine's one
//!   [`StepClock`](crate::baifang::step_clock::StepClock). The mover's
//!   session sends the timeout at 30 s; the waiting session applies it itself
//!   at 30 s plus [`NETWORK_GRACE_MS`] and tells the peer. The third timeout
//!   loses (a rule of the engine). Each session referees for itself and is
//!   never unavailable to itself, so the clock runs on through every absence
//!   (a drop, a background app, a split): a side coming back finds the time
//!   its turn has left, never a fresh 30 s, and a timeout that fell in its
//!   absence counts.
//! - Disconnects: a dropped or backgrounded peer gets 15 s of grace; coming back
//!   within it resumes the game. After 15 s, or at the
//!   third disconnect, the present side wins. A side that comes back to the
//!   foreground after its own grace ran out has lost.
//! - Network splits: a side that was cut off itself cannot tell who left, so
//!   it never wins by disconnect. A drop of the peer is *shared* when our own
//!   network was down at any moment from [`SPLIT_WINDOW_MS`] before the drop
//!   until the peer came back (our connectivity signal, or the transport
//!   losing everything at once, reported by [`MatchSession::on_local_network`]).
//!   A shared drop does not count toward the peer's three, and a shared
//!   absence that outlasts the grace ends the match as
//!   [`MatchResult::Interrupted`] here (「连接中断，本局未计分」): no result, no
//!   rating change. The side that stayed online wins by the usual rule.
//! - Resync after a drop is two-way: the side that sees the reconnection sends
//!   `sync` (what it last received, what it sent, its action count and hash);
//!   the receiver re-sends the packets the sender missed and answers with its
//!   own `sync` (`reply`), so the first side gets what it missed too. Within
//!   one exchange (from a `sync` that is not an answer on), no packet is
//!   re-sent twice, even when both sides' `sync`s crossed.
//! - Duplicates: packets that were in flight when we sent a `sync` arrive once
//!   more as the peer's re-sends. While a resync is open, each re-sent packet
//!   is ignored once (its seq exactly next in the re-send order, its hash the
//!   one we received); the window closes when the peer's answer arrives (it
//!   follows the re-sends), when the re-sends are through, or after
//!   [`RESYNC_WINDOW_MS`](super::RESYNC_WINDOW_MS). Any other old seq is a
//!   replay and voids the match.

use super::super::spec::DISCONNECTS_TO_LOSE;
use super::super::step_clock::Grace;
use super::super::{Action, Reason};
use super::events::{MatchResult, SessionCommand, Stage, UiEvent};
use super::handshake::HANDSHAKE_TIMEOUT_MS;
use super::wire::{OutOfPlace, Reject, Wire};
use super::MatchSession;

/// The waiting side applies a timeout this long after the mover's 30 s ran out.
pub const NETWORK_GRACE_MS: u64 = 3_000;
/// An outage of our own network this shortly before the peer's drop was
/// reported still makes the drop shared (the transport notices silence late).
pub const SPLIT_WINDOW_MS: u64 = 5_000;

/// The session's presence part: who is away, for how long, and whether an
/// absence of the peer was its own or shared with an outage of ours.
#[derive(Clone, Debug, Default)]
pub(super) struct Presence {
    /// The peer's grace, while it is away.
    pub(super) peer_away: Option<Grace>,
    /// Drops of the peer that were its own (not shared with an outage of ours).
    pub(super) peer_disconnects: u8,
    /// The peer's current absence overlaps an outage of our own network.
    pub(super) absence_shared: bool,
    /// Our own network is down since then.
    pub(super) local_offline_since: Option<u64>,
    /// When our own network last came back.
    pub(super) local_outage_end: Option<u64>,
    /// Our own grace, while our app is in the background.
    pub(super) local_away: Option<Grace>,
}

impl Presence {
    /// Whether an outage of ours touches a peer drop reported at `at`.
    fn outage_near(&self, at: u64) -> bool {
        self.local_offline_since.is_some()
            || self
                .local_outage_end
                .is_some_and(|end| end + SPLIT_WINDOW_MS >= at)
    }

    /// The peer's current absence overlaps our own outage: not its fault.
    fn share_absence(&mut self) {
        if !self.absence_shared {
            self.absence_shared = true;
            self.peer_disconnects = self.peer_disconnects.saturating_sub(1);
        }
    }
}

impl MatchSession {
    /// When the current turn's 30 s run out (ms), while playing (present or not).
    pub fn step_deadline(&self) -> Option<u64> {
        self.step
            .deadline()
            .filter(|_| self.stage == Stage::Playing)
    }
    /// When the peer's grace runs out (ms), while it is away.
    pub fn grace_deadline(&self) -> Option<u64> {
        self.presence
            .peer_away
            .filter(|_| self.stage == Stage::Playing)
            .map(|g| g.deadline())
    }
    /// Times the peer has dropped in this match.
    pub fn peer_disconnects(&self) -> u8 {
        self.presence.peer_disconnects
    }

    /// Time passed: step clocks, the grace period, the handshake timeout.
    pub fn tick(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Matched if now >= self.handshake.matched_at + HANDSHAKE_TIMEOUT_MS => {
                self.back_to_waiting(&mut out);
            }
            Stage::Playing => {
                if self.presence.peer_away.is_some_and(|g| g.expired(now)) {
                    if self.presence.absence_shared {
                        self.interrupted(&mut out);
                    } else {
                        self.peer_lost(now, &mut out);
                    }
                    return out;
                }
                // The clock runs on while the peer is away: a timeout in its
                // absence counts, and reaches it with the resync.
                let mine = self.state.to_move() == self.my_side;
                let grace = if mine { 0 } else { NETWORK_GRACE_MS };
                if self.step.expired(now.saturating_sub(grace)) {
                    let before = self.state;
                    if self.send_action(Action::Timeout, now, &mut out).is_ok() && !mine {
                        // The peer's move may be on its way: keep its line.
                        self.crossing.shadow = Some(before);
                    }
                }
            }
            Stage::Finished => self.rematch_tick(now, &mut out),
            _ => {}
        }
        out
    }

    /// Our own network went down (`online` false: our connectivity signal, or
    /// the transport lost every peer at once) or came back.
    pub fn on_local_network(&mut self, online: bool, now: u64) -> Vec<SessionCommand> {
        if online {
            if self.presence.local_offline_since.take().is_some() {
                self.presence.local_outage_end = Some(now);
            }
            return Vec::new();
        }
        self.presence.local_offline_since.get_or_insert(now);
        if self.presence.peer_away.is_some() {
            self.presence.share_absence();
        }
        Vec::new()
    }

    /// The grace ran out while the absence was shared: no result here.
    fn interrupted(&mut self, out: &mut Vec<SessionCommand>) {
        self.stage = Stage::Finished;
        self.presence.peer_away = None;
        self.result = Some(MatchResult::Interrupted);
        out.push(SessionCommand::Ui(UiEvent::Finished(
            MatchResult::Interrupted,
        )));
        out.push(SessionCommand::Disconnect);
    }

    /// The transport reports the peer disconnected.
    pub fn on_peer_disconnected(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Matched => self.back_to_waiting(&mut out),
            Stage::Playing => self.peer_left(now, &mut out),
            Stage::Finished => self.rematch_peer_left(&mut out),
            Stage::Waiting => {}
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
        self.presence.local_away.get_or_insert(Grace::start(now));
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
        let away = self.presence.local_away.take();
        if away.is_some_and(|g| g.expired(now)) {
            let mut out = Vec::new();
            let mut next = self.state;
            let a = Action::Disconnect {
                side: self.my_side,
                grace_expired: true,
            };
            if next.apply(a).is_ok() {
                self.state = next;
                self.actions += 1;
                self.log.push(a);
                self.settle(self.my_side.other(), Reason::Disconnect, now, &mut out);
            }
            return out;
        }
        // The clock ran on meanwhile: the next tick applies a timeout that
        // fell in our absence.
        vec![
            SessionCommand::Send(
                Wire::Presence {
                    player_id: self.me.id.clone(),
                    away: false,
                }
                .to_json(),
            ),
            SessionCommand::Send(self.open_resync(now, false)),
        ]
    }

    /// The peer's `sync` after a reconnection: resend what it missed, in order,
    /// check that equal action counts mean equal states, and answer a `sync`
    /// that is not itself an answer with ours (so we get what we missed).
    pub(super) fn receive_sync(
        &mut self,
        (received, actions, hash, reply): (u64, u32, &str, bool),
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        if self.stage != Stage::Playing {
            return Err(Reject::Unexpected(OutOfPlace::SyncOutsideGame));
        }
        self.window.resend_missed(received, reply, out)?;
        if actions == self.actions && hash != crate::baifang::state::hash_hex(self.state.hash()) {
            return Err(Reject::SyncMismatch);
        }
        if reply {
            self.window.close_on_reply();
        } else {
            let answer = self.open_resync(now, true);
            out.push(SessionCommand::Send(answer));
        }
        Ok(())
    }

    /// Opens the window for re-sends (an open one stays, with the re-sends
    /// it already expects) and returns our `sync` (an answer when `reply`).
    fn open_resync(&mut self, now: u64, reply: bool) -> String {
        self.window.open(now, reply);
        Wire::Sync {
            player_id: self.me.id.clone(),
            received: self.window.received,
            sent: self.window.sent.len() as u64,
            actions: self.actions,
            hash: crate::baifang::state::hash_hex(self.state.hash()),
            reply,
        }
        .to_json()
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

    fn peer_left(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        if self.presence.peer_away.is_some() {
            return;
        }
        self.presence.peer_away = Some(Grace::start(now));
        self.presence.absence_shared = self.presence.outage_near(now);
        if !self.presence.absence_shared {
            self.presence.peer_disconnects += 1;
        }
        if self.presence.peer_disconnects >= DISCONNECTS_TO_LOSE {
            self.peer_lost(now, out);
            return;
        }
        out.push(SessionCommand::Ui(UiEvent::PeerAway {
            deadline: Grace::start(now).deadline(),
        }));
    }

    fn peer_returned(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        if self.presence.peer_away.take().is_none() {
            return;
        }
        // The turn's clock ran on through the absence: no fresh 30 s.
        self.presence.absence_shared = false;
        out.push(SessionCommand::Ui(UiEvent::PeerBack));
        let sync = self.open_resync(now, false);
        out.push(SessionCommand::Send(sync));
    }

    /// The present side wins: the peer did not come back in time or dropped too often.
    fn peer_lost(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        let mut next = self.state;
        let a = Action::Disconnect {
            side: self.my_side.other(),
            grace_expired: true,
        };
        if let Ok(outcome) = next.apply(a) {
            self.state = next;
            self.actions += 1;
            self.log.push(a);
            out.push(SessionCommand::Ui(UiEvent::Applied {
                action: a,
                outcome,
                by_peer: true,
            }));
            self.settle(self.my_side, Reason::Disconnect, now, out);
        }
    }
}
