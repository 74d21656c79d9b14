//! The handshake: a commit–reveal draw of who plays Black, so that neither
//! side can choose the first move alone.
//!
//! Each side sends `SHA-256(secret ‖ playerID)` with its rating and rated-game
//! count (`hello`), and reveals the secret once both hellos are in. A reveal
//! that does not match its commitment voids the match. Black is the player
//! whose id is picked by the first byte of
//! `SHA-256(secret of the lower id ‖ secret of the higher id)`.
//!
//! Whoever reveals second could read the other's secret first and walk away
//! from a draw it dislikes. So a peer that received our reveal and then never
//! revealed (it left, or the handshake timed out) has *abandoned* the match
//! ([`UiEvent::PeerAbandoned`]): no game for us, a loss for it in our record of
//! it, and quick match avoids it for a while ([`super::avoid`]).
//!
//! A claimed rating is only a claim (each device keeps its own record): it is
//! bounded to what its claimed rated games could plausibly have reached
//! ([`plausible_rating`]), and replaced by the peer's Game Center leaderboard
//! score when the host can read it.

use sha2::{Digest, Sha256};

use super::super::spec::{
    ELO_DIVISOR, ELO_K_ESTABLISHED, ELO_K_PROVISIONAL, ELO_PROVISIONAL_GAMES,
};
use super::super::step_clock::StepClock;
use super::super::{elo, Side};
use super::events::{Player, SessionCommand, Stage, UiEvent};
use super::wire::{self, hex, BadMessage, OutOfPlace, Reject, Wire, PROTOCOL_VERSION};
use super::MatchSession;

/// Messages that arrive before the transport reported the match are kept (at most this many).
pub const EARLY_MESSAGES_KEPT: usize = 8;
/// The handshake must complete within this.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 10_000;

/// A claimed rating never lies further than this from the start rating (two
/// divisors: 100:1 odds), whatever number of games is claimed.
pub const PLAUSIBLE_SPREAD: i32 = 2 * ELO_DIVISOR;

/// The nearest rating to `claimed` that `games` rated games could have
/// reached from the start rating: each game moves a rating by at most its K
/// factor, and no rating lies further than [`PLAUSIBLE_SPREAD`] from the start.
pub fn plausible_rating(claimed: i32, games: u32) -> i32 {
    let provisional = games.min(ELO_PROVISIONAL_GAMES) as i64;
    let established = games.saturating_sub(ELO_PROVISIONAL_GAMES) as i64;
    let drift = provisional * ELO_K_PROVISIONAL as i64 + established * ELO_K_ESTABLISHED as i64;
    let reach = drift.min(PLAUSIBLE_SPREAD as i64) as i32;
    let start = elo::start_rating();
    claimed.clamp(start - reach, start + reach)
}

/// The commitment `SHA-256(secret ‖ playerID)` in hex.
pub fn commitment(secret: &[u8; 32], player_id: &str) -> String {
    let mut h = Sha256::new();
    h.update(secret);
    h.update(player_id.as_bytes());
    hex(&h.finalize())
}

/// Black's player id, from both revealed secrets (ordered by player id).
pub fn black_of(a: (&str, &[u8; 32]), b: (&str, &[u8; 32])) -> String {
    let (lo, hi) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let mut h = Sha256::new();
    h.update(lo.1);
    h.update(hi.1);
    let d = h.finalize();
    if d[0] & 1 == 0 {
        lo.0.to_string()
    } else {
        hi.0.to_string()
    }
}

/// The peer as known during the handshake.
#[derive(Clone, Debug)]
pub(super) struct Peer {
    pub(super) id: String,
    /// Its commitment, rating and rated games, once its hello arrived.
    pub(super) hello: Option<(String, i32, u32)>,
    /// Its secret, once revealed and checked.
    pub(super) secret: Option<[u8; 32]>,
}

/// The session's handshake part: the peer being matched, our secret, how far
/// the commit–reveal exchange went and what arrived before it started.
#[derive(Clone, Debug)]
pub(super) struct Handshake {
    pub(super) peer: Option<Peer>,
    pub(super) secret: [u8; 32],
    pub(super) sent_hello: bool,
    pub(super) sent_reveal: bool,
    pub(super) matched_at: u64,
    /// Data that arrived while still waiting (GameKit may deliver the peer's
    /// hello before our own match callback); replayed once matched.
    pub(super) early: Vec<Vec<u8>>,
    /// The peer's rating as Game Center's leaderboard has it, when known.
    pub(super) checked_peer_rating: Option<i32>,
}

impl Handshake {
    /// Before any peer was found.
    pub(super) fn new() -> Handshake {
        Handshake {
            peer: None,
            secret: [0; 32],
            sent_hello: false,
            sent_reveal: false,
            matched_at: 0,
            early: Vec::new(),
            checked_peer_rating: None,
        }
    }

    /// A peer was found: our hello goes out with `secret`'s commitment.
    pub(super) fn start(&mut self, peer_id: &str, secret: [u8; 32], now: u64) {
        self.peer = Some(Peer {
            id: peer_id.to_string(),
            hello: None,
            secret: None,
        });
        self.secret = secret;
        self.matched_at = now;
        self.sent_reveal = false;
        self.sent_hello = true;
    }

    /// The peer that had our reveal and never revealed its own, if any.
    pub(super) fn abandoned_by(&self) -> Option<String> {
        self.peer
            .as_ref()
            .filter(|p| self.sent_reveal && p.secret.is_none())
            .map(|p| p.id.clone())
    }

    /// The handshake failed: forget the peer and what it sent. The secret
    /// and the match time stay until the next match overwrites them.
    pub(super) fn reset(&mut self) {
        self.peer = None;
        self.early.clear();
        self.sent_hello = false;
        self.sent_reveal = false;
        self.checked_peer_rating = None;
    }
}

impl MatchSession {
    /// The transport found a peer: start the handshake with a fresh secure
    /// random `secret` (the caller draws it).
    pub fn on_matched(&mut self, peer_id: &str, secret: [u8; 32], now: u64) -> Vec<SessionCommand> {
        if self.stage != Stage::Waiting {
            return Vec::new();
        }
        self.stage = Stage::Matched;
        self.handshake.start(peer_id, secret, now);
        let mut out = vec![SessionCommand::Ui(UiEvent::Matched {
            peer: peer_id.to_string(),
        })];
        if peer_id == self.me.id {
            self.void(Reject::SameId, &mut out);
            return out;
        }
        out.push(SessionCommand::Send(
            Wire::Hello {
                protocol_version: PROTOCOL_VERSION,
                player_id: self.me.id.clone(),
                commit: commitment(&secret, &self.me.id),
                rating: self.me.rating,
                games: self.me.games,
            }
            .to_json(),
        ));
        for bytes in std::mem::take(&mut self.handshake.early) {
            out.extend(self.on_data(&bytes, now));
        }
        out
    }

    /// The peer's hello: record its commitment and rating, reveal our secret.
    pub(super) fn receive_hello(
        &mut self,
        protocol_version: i64,
        hello: (String, i32, u32),
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        if protocol_version != PROTOCOL_VERSION {
            return Err(Reject::ProtocolVersion(protocol_version));
        }
        let peer = self.handshake.peer.as_mut().expect("matched");
        if self.stage != Stage::Matched || peer.hello.is_some() {
            return Err(Reject::Unexpected(OutOfPlace::SecondHello));
        }
        if hello.0.len() != 64 {
            return Err(Reject::Malformed(BadMessage::Commitment));
        }
        let (commit, claimed, games) = hello;
        peer.hello = Some((commit, plausible_rating(claimed, games), games));
        self.handshake.sent_reveal = true;
        out.push(SessionCommand::Send(
            Wire::Reveal {
                player_id: self.me.id.clone(),
                secret: hex(&self.handshake.secret),
            }
            .to_json(),
        ));
        self.try_start(now, out);
        Ok(())
    }

    /// The peer's reveal: it must match the commitment of its hello.
    pub(super) fn receive_reveal(
        &mut self,
        secret: &str,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        let peer = self.handshake.peer.as_mut().expect("matched");
        if self.stage != Stage::Matched || peer.secret.is_some() {
            return Err(Reject::Unexpected(OutOfPlace::RevealOutsideHandshake));
        }
        let Some((commit, _, _)) = &peer.hello else {
            return Err(Reject::Unexpected(OutOfPlace::RevealBeforeHello));
        };
        let secret = wire::unhex32(secret).ok_or(Reject::RevealMismatch)?;
        if commitment(&secret, &peer.id) != *commit {
            return Err(Reject::RevealMismatch);
        }
        peer.secret = Some(secret);
        self.try_start(now, out);
        Ok(())
    }

    /// Starts the game once both secrets are known: draws the colours.
    fn try_start(&mut self, now: u64, out: &mut Vec<SessionCommand>) {
        let peer = self.handshake.peer.as_ref().expect("matched");
        let (Some((_, rating, games)), Some(peer_secret)) = (&peer.hello, &peer.secret) else {
            return;
        };
        if !self.handshake.sent_reveal {
            return;
        }
        let black = black_of(
            (&self.me.id, &self.handshake.secret),
            (&peer.id, peer_secret),
        );
        self.my_side = if black == self.me.id {
            Side::Black
        } else {
            Side::White
        };
        let peer_player = Player {
            id: peer.id.clone(),
            rating: *rating,
            games: *games,
        };
        self.stage = Stage::Playing;
        self.step = StepClock::new(now, true);
        let peer_player = Player {
            rating: self
                .handshake
                .checked_peer_rating
                .unwrap_or(peer_player.rating),
            ..peer_player
        };
        out.push(SessionCommand::Ui(UiEvent::Started {
            me: self.my_side,
            peer: peer_player,
        }));
    }

    /// The peer's rating (its leaderboard score when known, else its bounded
    /// claim) and rated games as exchanged in its hello.
    pub(super) fn peer_player(&self) -> (i32, u32) {
        let (claimed, games) = self
            .handshake
            .peer
            .as_ref()
            .and_then(|p| p.hello.as_ref())
            .map_or((elo::start_rating(), 0), |h| (h.1, h.2));
        (self.handshake.checked_peer_rating.unwrap_or(claimed), games)
    }

    /// The peer's rating as Game Center's leaderboard has it (the host reads
    /// it when the match starts): it replaces the claim of the peer's hello
    /// for the settlement.
    pub fn on_peer_rating_checked(&mut self, rating: i32) {
        if self.stage != Stage::Finished {
            self.handshake.checked_peer_rating = Some(rating);
        }
    }

    /// The handshake failed (timeout or the peer left): release the transport,
    /// then look for a peer again (in this order, so that carrying out the
    /// commands in order leaves the new search running). A peer that had our
    /// reveal and never revealed its own abandoned the match.
    pub(super) fn back_to_waiting(&mut self, out: &mut Vec<SessionCommand>) {
        let abandoned_by = self.handshake.abandoned_by();
        self.stage = Stage::Waiting;
        self.handshake.reset();
        out.push(SessionCommand::Disconnect);
        out.push(SessionCommand::Ui(match abandoned_by {
            Some(peer) => UiEvent::PeerAbandoned { peer },
            None => UiEvent::LostBeforeStart,
        }));
    }
}
