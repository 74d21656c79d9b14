//! 再来一局 between peers: after a decided game the connection stays open for
//! [`REMATCH_OFFER_MS`]; either side may offer, the other accepts or declines,
//! and on agreement the next game starts at once on the same connection,
//! colours swapped, rated like the first. A game decided by a disconnect
//! (the peer is gone) or ended any other way (void, forfeit, interrupted)
//! releases the connection at once: there is nobody to ask, or no trust left.
//!
//! How the session proves both agreed: a `rematch` message names the game it
//! proposes (its number on this connection) and the finished game it follows
//! (that game's final state hash and action count as the sender has them). A
//! side starts the next game only once it has sent its own `agree` and
//! received the peer's, both naming the same game number and the same
//! finished game as its own record. So neither side can start a game the
//! other did not ask for, an offer is never taken as the answer to another
//! game's, and a stale or replayed offer starts nothing. No commit–reveal is
//! needed: the colours are not drawn again, they swap. The next game settles
//! from each side's rating after this one, which both computed from the same
//! inputs.
//!
//! The offer lapses [`REMATCH_OFFER_MS`] after it was made; with no offer the
//! connection is released the same time after the end. Either side leaving
//! (the room closed, the transport lost the peer) ends it at once.

use super::super::rematch::{PendingOffer, RematchEnd, REMATCH_OFFER_MS};
use super::super::state::hash_hex;
use super::super::step_clock::StepClock;
use super::super::Reason;
use super::events::{MatchResult, Player, SessionCommand, Stage, UiEvent};
use super::wire::{Reject, Wire};
use super::MatchSession;

/// The rematch part of a session: which game of the connection this is, and
/// the offers after it.
#[derive(Clone, Debug)]
pub(super) struct Rematch {
    /// This game's number on the connection (1 for the first).
    game: u32,
    /// While the connection is kept for a rematch: when it lapses.
    until: Option<u64>,
    /// We sent `agree` for the next game.
    mine: bool,
    /// The peer sent `agree` for the next game.
    theirs: bool,
}

impl Rematch {
    pub(super) fn first() -> Rematch {
        Rematch::numbered(1)
    }
    fn numbered(game: u32) -> Rematch {
        Rematch {
            game,
            until: None,
            mine: false,
            theirs: false,
        }
    }
    /// The window opens (or an offer starts its 30 s) at `now`: returns when it lapses.
    pub(super) fn open(&mut self, now: u64) -> u64 {
        let until = now + REMATCH_OFFER_MS;
        self.until = Some(until);
        until
    }
    /// Either side has offered.
    fn pending(&self) -> bool {
        self.mine || self.theirs
    }
}

impl MatchSession {
    /// This game's number on the connection (1, then 2 after a rematch…).
    pub fn game_number(&self) -> u32 {
        self.rematch.game
    }

    /// Whether this player can offer a rematch now: the game was decided, the
    /// peer is still there and nobody has offered yet.
    pub fn can_offer_rematch(&self) -> bool {
        self.rematch.until.is_some() && !self.rematch.pending()
    }

    /// The pending offer, if one was made.
    pub fn rematch_offer(&self) -> Option<PendingOffer> {
        let r = &self.rematch;
        let expires_at = r.until?;
        r.pending().then_some(PendingOffer {
            by_me: r.mine,
            expires_at,
        })
    }

    /// This player offers a rematch, or accepts the peer's offer.
    pub fn offer_rematch(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.rematch.until.is_none() || self.rematch.mine {
            return out;
        }
        if !self.rematch.theirs {
            self.rematch.open(now);
        }
        self.rematch.mine = true;
        out.push(SessionCommand::Send(self.rematch_message(true)));
        if self.rematch.theirs {
            self.start_next_game(now, &mut out);
        }
        out
    }

    /// This player declines the peer's offer or withdraws its own: the
    /// connection is released.
    pub fn decline_rematch(&mut self) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.rematch.until.is_some() {
            out.push(SessionCommand::Send(self.rematch_message(false)));
            self.close_rematch(None, &mut out);
        }
        out
    }

    /// The `rematch` message for the next game: `agree` or not.
    fn rematch_message(&self, agree: bool) -> String {
        Wire::Rematch {
            player_id: self.me.id.clone(),
            game: self.rematch.game + 1,
            hash: hash_hex(self.state.hash()),
            actions: self.actions,
            agree,
        }
        .to_json()
    }

    /// A message after the game ended: only a `rematch` has a place, and only
    /// while the window is open; anything else is left unread.
    pub(super) fn receive_after_end(&mut self, bytes: &[u8], now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.rematch.until.is_none() {
            return out;
        }
        let Ok(Wire::Rematch {
            player_id,
            game,
            hash,
            actions,
            agree,
        }) = Wire::parse(bytes)
        else {
            return out;
        };
        if Some(player_id.as_str()) != self.peer_id() {
            return out;
        }
        let same_game = game == self.rematch.game + 1
            && actions == self.actions
            && hash == hash_hex(self.state.hash());
        if !agree || !same_game {
            // A refusal, or an offer for some other game than the one both
            // just finished: nothing the two agree on.
            let why = if self.rematch.mine {
                RematchEnd::Declined
            } else {
                RematchEnd::Withdrawn
            };
            self.close_rematch(self.rematch.pending().then_some(why), &mut out);
            return out;
        }
        if self.rematch.theirs {
            return out;
        }
        self.rematch.theirs = true;
        if self.rematch.mine {
            self.start_next_game(now, &mut out);
        } else {
            let expires_at = self.rematch.open(now);
            out.push(SessionCommand::Ui(UiEvent::RematchOffered { expires_at }));
        }
        out
    }

    /// Time passed after the end: the offer (or the wait for one) lapses.
    pub(super) fn rematch_tick(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        if self.rematch.until.is_some_and(|t| now >= t) {
            self.close_rematch(self.rematch.pending().then_some(RematchEnd::Lapsed), out);
        }
    }

    /// The peer left after the end: a pending offer is withdrawn.
    pub(super) fn rematch_peer_left(&mut self, out: &mut Vec<SessionCommand>) {
        if self.rematch.until.is_some() {
            self.close_rematch(self.rematch.pending().then_some(RematchEnd::Withdrawn), out);
        }
    }

    /// No rematch: the transport is released; `why` is told to the room when
    /// an offer was pending.
    fn close_rematch(&mut self, why: Option<RematchEnd>, out: &mut Vec<SessionCommand>) {
        self.rematch = Rematch::numbered(self.rematch.game);
        if let Some(why) = why {
            out.push(SessionCommand::Ui(UiEvent::RematchEnded(why)));
        }
        out.push(SessionCommand::Disconnect);
    }

    /// Both agreed: the next game starts with the colours swapped, each side
    /// rated as the last settlement left it.
    fn start_next_game(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        let Some(MatchResult::Decided(s)) = self.result.take() else {
            return;
        };
        self.me.rating = s.my_rating.1;
        self.me.games += 1;
        let peer = self.handshake.peer.as_mut().expect("matched");
        let hello = peer.hello.as_mut().expect("hello received");
        hello.1 = s.peer_rating.1;
        hello.2 += 1;
        let peer = Player {
            id: peer.id.clone(),
            rating: hello.1,
            games: hello.2,
        };
        // The leaderboard's figure was for the last game; the settlement's is newer.
        self.handshake.checked_peer_rating = None;
        // Everything of a game starts as a new session has it; the players, the
        // handshake and the connection's game count carry over.
        let mut fresh = MatchSession::new(self.me.clone());
        std::mem::swap(&mut fresh.handshake, &mut self.handshake);
        *self = MatchSession {
            stage: Stage::Playing,
            my_side: self.my_side.other(),
            step: StepClock::new(now, true),
            rematch: Rematch::numbered(self.rematch.game + 1),
            ..fresh
        };
        out.push(SessionCommand::Ui(UiEvent::Started {
            me: self.my_side,
            peer,
        }));
    }

    /// Whether a game decided for `reason` keeps the connection for a rematch:
    /// not when the peer is gone.
    pub(super) fn rematch_possible(reason: Reason) -> bool {
        reason != Reason::Disconnect
    }
}

/// A rematch message before the game ended has no place.
pub(super) fn during_game() -> Reject {
    Reject::Unexpected(super::wire::OutOfPlace::RematchDuringGame)
}
