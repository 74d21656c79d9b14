//! The online match session (issue 9): a pure state machine between a transport
//! and a game room. No clock, no randomness and no I/O are read here: the caller
//! passes the time in ms with every input and the 32-byte secret for the
//! handshake, and carries out the [`Effect`]s it gets back (send a message,
//! release the transport, update the UI).
//!
//! Lifecycle (seed 002 §4.1): [`Stage::Waiting`] → [`Stage::Matched`] (the
//! handshake runs) → [`Stage::Playing`] → [`Stage::Finished`]. A peer lost
//! during the handshake, or a handshake that does not complete within
//! [`HANDSHAKE_TIMEOUT_MS`], returns to `Waiting`.
//!
//! - **Fair first move**: each side sends `SHA-256(secret ‖ playerID)` with its
//!   rating and rated-game count (`hello`), and reveals the secret once both
//!   hellos are in. A reveal that does not match its commitment voids the
//!   match. Black is the player whose id is picked by the first byte of
//!   `SHA-256(secret of the lower id ‖ secret of the higher id)`: neither side
//!   can choose it alone.
//! - **Dual verification** (seed 000 §4.3.3, §6.2): every received action is
//!   checked for protocol version, sender id, `seq` exactly next, a sane
//!   timestamp, legality in our own engine and, after applying it, our hash
//!   against the sender's. Any failure voids the match ([`Outcome::Void`]):
//!   both sides show 「对局数据异常」, no rating changes, the transport is released.
//! - **Clocks** (seed 000 §3.4): 30 s per turn. The mover's session sends the
//!   timeout at 30 s; the waiting session applies it itself at 30 s plus
//!   [`NETWORK_GRACE_MS`] and tells the peer. The third timeout loses (engine).
//! - **Disconnects** (seed 000 §4.4): a dropped or backgrounded peer gets
//!   15 s of grace; coming back within it resumes (both send `sync`; the one
//!   behind receives the packets it missed). After 15 s, or at the third
//!   disconnect, the present side wins.
//! - **Settlement** (seed 002 §2): each side rates itself with
//!   [`elo::new_rating`] from the ratings exchanged in the handshake.

pub mod wire;

#[cfg(test)]
mod tests;

use sha2::{Digest, Sha256};

use super::elo;
use super::spec::{DISCONNECTS_TO_LOSE, DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};
use super::{Action, ActionError, Packet, Reason, Side, State};
pub use wire::{hex, BoardActionPacket, Reject, Wire, PROTOCOL_VERSION};

/// The waiting side applies a timeout this long after the mover's 30 s ran out.
pub const NETWORK_GRACE_MS: u64 = 3_000;
/// A timeout claim for our own turn is accepted this much before our 30 s.
pub const TIMEOUT_CLAIM_TOLERANCE_MS: u64 = 5_000;
/// Timestamps further than this from the local clock are absurd.
pub const MAX_CLOCK_SKEW_MS: u64 = 5 * 60 * 1000;
/// Messages that arrive before the transport reported the match are kept (at most this many).
pub const EARLY_MESSAGES_KEPT: usize = 8;
/// The handshake must complete within this.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 10_000;
/// The message both sides show when a match is voided.
pub const DATA_ERROR_MESSAGE: &str = "对局数据异常";
/// The message the present side shows when the peer does not come back.
pub const PEER_LEFT_MESSAGE: &str = "对方玩家断开连接，本局获胜";

/// Lifecycle stage (seed 002 §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Looking for a peer.
    Waiting,
    /// A peer is known; the handshake runs.
    Matched,
    /// The game runs.
    Playing,
    /// Over: decided or void.
    Finished,
}

/// Who this player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Stable player id (Game Center id, or the tab's id).
    pub id: String,
    /// Elo rating before the match.
    pub rating: i32,
    /// Rated games before the match.
    pub games: u32,
}

/// The settlement of a decided game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The winner.
    pub winner: Side,
    /// Why.
    pub reason: Reason,
    /// Whether this player won.
    pub won: bool,
    /// This player's rating before and after.
    pub my_rating: (i32, i32),
    /// The peer's rating before and after (as this side computes it).
    pub peer_rating: (i32, i32),
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game was decided; ratings change.
    Decided(Settlement),
    /// The match was voided (「对局数据异常」); no rating changes.
    Void(Reject),
}

/// What the UI should show or do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UiEvent {
    /// A peer was found; the handshake starts.
    Matched {
        /// The peer's id.
        peer: String,
    },
    /// The handshake completed; the game starts.
    Started {
        /// This player's colour.
        me: Side,
        /// The peer's rating and games, as exchanged.
        peer: Player,
    },
    /// An action was applied (ours or the peer's).
    Applied {
        /// The action.
        action: Action,
        /// Whether it was the peer's.
        by_peer: bool,
    },
    /// The peer is away; the grace ends at `deadline` (ms, caller's clock).
    PeerAway {
        /// End of the grace period.
        deadline: u64,
    },
    /// The peer came back within the grace.
    PeerBack,
    /// The peer was lost before the game started; back to waiting.
    LostBeforeStart,
    /// The match is over.
    Finished(Outcome),
}

/// What the caller must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send this JSON text to the peer (reliably).
    Send(String),
    /// Release the transport.
    Disconnect,
    /// Update the UI.
    Ui(UiEvent),
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
struct Peer {
    id: String,
    hello: Option<(String, i32, u32)>,
    secret: Option<[u8; 32]>,
}

/// One online match, from matchmaking to settlement.
#[derive(Clone, Debug)]
pub struct Session {
    me: Player,
    stage: Stage,
    peer: Option<Peer>,
    secret: [u8; 32],
    sent_hello: bool,
    sent_reveal: bool,
    matched_at: u64,
    my_side: Side,
    state: State,
    actions: u32,
    /// Action packets we sent, by seq - 1 (kept for resending after a reconnection).
    sent: Vec<String>,
    /// Last seq received from the peer.
    received: u64,
    /// The hash each received action packet carried, by seq - 1.
    received_hashes: Vec<String>,
    /// `received` when we last asked for a resend (sent `sync`). A packet with a
    /// later seq that we then got anyway may arrive once more as the resend: it is
    /// ignored if seq and hash match, once per seq, in order. Every other old
    /// seq is still a replay.
    resync_from: Option<u64>,
    /// Highest seq ignored as such a resend.
    tolerated: u64,
    /// Data that arrived while still waiting (GameKit may deliver the peer's
    /// hello before our own match callback); replayed once matched.
    early: Vec<Vec<u8>>,
    last_peer_ts: i64,
    /// When the current turn's clock started.
    turn_started: u64,
    /// Whether we already applied a timeout for the current turn (ours or the peer's).
    last_was_timeout: bool,
    peer_away_since: Option<u64>,
    peer_disconnects: u8,
    local_away_since: Option<u64>,
    outcome: Option<Outcome>,
}

impl Session {
    /// A new session, waiting for a peer.
    pub fn new(me: Player) -> Session {
        Session {
            me,
            stage: Stage::Waiting,
            peer: None,
            secret: [0; 32],
            sent_hello: false,
            sent_reveal: false,
            matched_at: 0,
            my_side: Side::Black,
            state: State::new(),
            actions: 0,
            sent: Vec::new(),
            received: 0,
            received_hashes: Vec::new(),
            resync_from: None,
            tolerated: 0,
            early: Vec::new(),
            last_peer_ts: i64::MIN,
            turn_started: 0,
            last_was_timeout: false,
            peer_away_since: None,
            peer_disconnects: 0,
            local_away_since: None,
            outcome: None,
        }
    }

    /// Lifecycle stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }
    /// This player.
    pub fn me(&self) -> &Player {
        &self.me
    }
    /// The peer's id, once matched.
    pub fn peer_id(&self) -> Option<&str> {
        self.peer.as_ref().map(|p| p.id.as_str())
    }
    /// This player's colour (meaningful from `Playing` on).
    pub fn my_side(&self) -> Side {
        self.my_side
    }
    /// The local game state.
    pub fn state(&self) -> &State {
        &self.state
    }
    /// Actions applied so far (both sides').
    pub fn actions(&self) -> u32 {
        self.actions
    }
    /// How the match ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
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
    /// Whether it is this player's turn to act.
    pub fn my_turn(&self) -> bool {
        self.stage == Stage::Playing && self.state.to_move() == self.my_side
    }

    /// Test and demo hook (seed 000 §6.2's memory editing): lets `edit` change
    /// the local state as a memory editor would, hash included. The peer's
    /// verification must catch it.
    #[doc(hidden)]
    pub fn tamper_with_state(&mut self, edit: impl FnOnce(&mut State)) {
        edit(&mut self.state);
    }

    /// The transport found a peer: start the handshake with a fresh secure
    /// random `secret` (the caller draws it).
    pub fn on_matched(&mut self, peer_id: &str, secret: [u8; 32], now: u64) -> Vec<Effect> {
        if self.stage != Stage::Waiting {
            return Vec::new();
        }
        self.stage = Stage::Matched;
        self.peer = Some(Peer {
            id: peer_id.to_string(),
            hello: None,
            secret: None,
        });
        self.secret = secret;
        self.matched_at = now;
        self.sent_reveal = false;
        self.sent_hello = true;
        let mut out = vec![Effect::Ui(UiEvent::Matched {
            peer: peer_id.to_string(),
        })];
        if peer_id == self.me.id {
            self.void(Reject::SameId, &mut out);
            return out;
        }
        out.push(Effect::Send(
            Wire::Hello {
                protocol_version: PROTOCOL_VERSION,
                player_id: self.me.id.clone(),
                commit: commitment(&secret, &self.me.id),
                rating: self.me.rating,
                games: self.me.games,
            }
            .to_json(),
        ));
        for bytes in std::mem::take(&mut self.early) {
            out.extend(self.on_data(&bytes, now));
        }
        out
    }

    /// A message from the peer arrived.
    pub fn on_data(&mut self, bytes: &[u8], now: u64) -> Vec<Effect> {
        let mut out = Vec::new();
        if self.stage == Stage::Waiting {
            if self.early.len() < EARLY_MESSAGES_KEPT {
                self.early.push(bytes.to_vec());
            }
            return out;
        }
        if self.stage == Stage::Finished {
            return out;
        }
        if let Err(r) = self.receive(bytes, now, &mut out) {
            self.void(r, &mut out);
        }
        out
    }

    fn receive(&mut self, bytes: &[u8], now: u64, out: &mut Vec<Effect>) -> Result<(), Reject> {
        let msg = Wire::parse(bytes)?;
        let peer_id = self.peer.as_ref().map(|p| p.id.clone()).unwrap_or_default();
        let sender = match &msg {
            Wire::Hello { player_id, .. }
            | Wire::Reveal { player_id, .. }
            | Wire::Sync { player_id, .. }
            | Wire::Presence { player_id, .. }
            | Wire::Abort { player_id, .. } => player_id,
            Wire::Action(p) => &p.player_id,
        };
        if *sender != peer_id {
            return Err(Reject::WrongSender(sender.clone()));
        }
        match msg {
            Wire::Hello {
                protocol_version,
                commit,
                rating,
                games,
                ..
            } => {
                if protocol_version != PROTOCOL_VERSION {
                    return Err(Reject::ProtocolVersion(protocol_version));
                }
                let peer = self.peer.as_mut().expect("matched");
                if self.stage != Stage::Matched || peer.hello.is_some() {
                    return Err(Reject::Unexpected("second hello"));
                }
                if commit.len() != 64 {
                    return Err(Reject::Malformed("commitment is not 64 hex digits".into()));
                }
                peer.hello = Some((commit, rating, games));
                self.sent_reveal = true;
                out.push(Effect::Send(
                    Wire::Reveal {
                        player_id: self.me.id.clone(),
                        secret: hex(&self.secret),
                    }
                    .to_json(),
                ));
                self.try_start(now, out);
                Ok(())
            }
            Wire::Reveal { secret, .. } => {
                let peer = self.peer.as_mut().expect("matched");
                if self.stage != Stage::Matched || peer.secret.is_some() {
                    return Err(Reject::Unexpected("reveal outside the handshake"));
                }
                let Some((commit, _, _)) = &peer.hello else {
                    return Err(Reject::Unexpected("reveal before hello"));
                };
                let secret = wire::unhex32(&secret).ok_or(Reject::RevealMismatch)?;
                if commitment(&secret, &peer.id) != *commit {
                    return Err(Reject::RevealMismatch);
                }
                peer.secret = Some(secret);
                self.try_start(now, out);
                Ok(())
            }
            Wire::Action(p) => self.receive_action(p, now, out),
            Wire::Sync {
                received,
                actions,
                hash,
                ..
            } => {
                if self.stage != Stage::Playing {
                    return Err(Reject::Unexpected("sync outside the game"));
                }
                // Resend what the peer missed, in order.
                let from = received as usize;
                if from < self.sent.len() {
                    for m in &self.sent[from..] {
                        out.push(Effect::Send(m.clone()));
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
            Wire::Presence { away, .. } => {
                if self.stage != Stage::Playing {
                    return Ok(());
                }
                if away {
                    self.peer_left(now, out);
                } else {
                    self.peer_returned(now, out);
                }
                Ok(())
            }
            Wire::Abort { reason, .. } => Err(Reject::PeerAborted(reason)),
        }
    }

    fn try_start(&mut self, now: u64, out: &mut Vec<Effect>) {
        let peer = self.peer.as_ref().expect("matched");
        let (Some((_, rating, games)), Some(peer_secret)) = (&peer.hello, &peer.secret) else {
            return;
        };
        if !self.sent_reveal {
            return;
        }
        let black = black_of((&self.me.id, &self.secret), (&peer.id, peer_secret));
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
        self.turn_started = now;
        out.push(Effect::Ui(UiEvent::Started {
            me: self.my_side,
            peer: peer_player,
        }));
    }

    fn peer_player(&self) -> (i32, u32) {
        self.peer
            .as_ref()
            .and_then(|p| p.hello.as_ref())
            .map_or((elo::start_rating(), 0), |h| (h.1, h.2))
    }

    fn receive_action(
        &mut self,
        p: BoardActionPacket,
        now: u64,
        out: &mut Vec<Effect>,
    ) -> Result<(), Reject> {
        if self.stage != Stage::Playing {
            return Err(Reject::Unexpected("action before the game started"));
        }
        if p.protocol_version != PROTOCOL_VERSION {
            return Err(Reject::ProtocolVersion(p.protocol_version));
        }
        let expected = self.received + 1;
        if let Some(from) = self.resync_from {
            if p.seq > from
                && p.seq > self.tolerated
                && p.seq < expected
                && self.received_hashes.get(p.seq as usize - 1) == Some(&p.hash)
            {
                // A packet re-sent after a reconnection that had arrived after all.
                self.tolerated = p.seq;
                return Ok(());
            }
        }
        if p.seq != expected {
            return Err(if p.seq == self.received && p.seq > 0 {
                Reject::DuplicateSeq {
                    got: p.seq,
                    expected,
                }
            } else if p.seq < expected {
                Reject::OldSeq {
                    got: p.seq,
                    expected,
                }
            } else {
                Reject::SeqGap {
                    got: p.seq,
                    expected,
                }
            });
        }
        let skew = (p.timestamp as i128 - now as i128).unsigned_abs();
        if p.timestamp < self.last_peer_ts || skew > MAX_CLOCK_SKEW_MS as u128 {
            return Err(Reject::Timestamp {
                got: p.timestamp,
                now,
            });
        }
        let peer_side = self.my_side.other();
        let elapsed = now.saturating_sub(self.turn_started);
        let mut next = self.state;
        let mut echo = false;
        let action = match p.action_type {
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
                next.apply_packet(&packet).map_err(Reject::Illegal)?;
                first_action(&packet)
            }
            3 => {
                let a = Action::Resign { side: peer_side };
                next.apply(a).map_err(Reject::Illegal)?;
                a
            }
            4 => {
                if format!("{:016x}", next.hash()) == p.hash && self.last_was_timeout {
                    // The peer confirms the timeout we already applied.
                    echo = true;
                } else {
                    if next.to_move() != peer_side
                        && elapsed + TIMEOUT_CLAIM_TOLERANCE_MS < STEP_TIME_LIMIT_MS as u64
                    {
                        return Err(Reject::PrematureTimeout { elapsed });
                    }
                    next.apply(Action::Timeout).map_err(Reject::Illegal)?;
                }
                Action::Timeout
            }
            k => return Err(Reject::Illegal(ActionError::UnknownActionType(k))),
        };
        if format!("{:016x}", next.hash()) != p.hash {
            return Err(Reject::HashMismatch {
                ours: next.hash(),
                theirs: p.hash,
            });
        }
        self.received = p.seq;
        self.received_hashes.push(p.hash.clone());
        self.last_peer_ts = p.timestamp;
        if echo {
            self.last_was_timeout = false;
            return Ok(());
        }
        self.commit_state(next, action, true, now, out);
        Ok(())
    }

    /// Adopts `next` after `action`, restarting the clock when the turn passed
    /// and settling when the game ended.
    fn commit_state(
        &mut self,
        next: State,
        action: Action,
        by_peer: bool,
        now: u64,
        out: &mut Vec<Effect>,
    ) {
        let turn_passed = next.to_move() != self.state.to_move();
        self.state = next;
        self.actions += 1;
        self.last_was_timeout = action == Action::Timeout;
        if turn_passed {
            self.turn_started = now;
        }
        out.push(Effect::Ui(UiEvent::Applied { action, by_peer }));
        if let Some((winner, reason)) = self.state.result() {
            self.settle(winner, reason, out);
        }
    }

    fn settle(&mut self, winner: Side, reason: Reason, out: &mut Vec<Effect>) {
        let won = winner == self.my_side;
        let (peer_rating, peer_games) = self.peer_player();
        let mine = elo::new_rating(self.me.rating, peer_rating, won, self.me.games);
        let theirs = elo::new_rating(peer_rating, self.me.rating, !won, peer_games);
        let s = Settlement {
            winner,
            reason,
            won,
            my_rating: (self.me.rating, mine),
            peer_rating: (peer_rating, theirs),
        };
        self.stage = Stage::Finished;
        self.peer_away_since = None;
        self.outcome = Some(Outcome::Decided(s.clone()));
        out.push(Effect::Ui(UiEvent::Finished(Outcome::Decided(s))));
        out.push(Effect::Disconnect);
    }

    fn void(&mut self, reason: Reject, out: &mut Vec<Effect>) {
        if self.stage == Stage::Finished {
            return;
        }
        if !matches!(reason, Reject::PeerAborted(_)) {
            out.push(Effect::Send(
                Wire::Abort {
                    player_id: self.me.id.clone(),
                    reason: reason.to_string(),
                }
                .to_json(),
            ));
        }
        self.stage = Stage::Finished;
        self.peer_away_since = None;
        self.outcome = Some(Outcome::Void(reason.clone()));
        out.push(Effect::Ui(UiEvent::Finished(Outcome::Void(reason))));
        out.push(Effect::Disconnect);
    }

    /// Sends our own action: checks it locally, applies it, emits the packet.
    fn send_action(
        &mut self,
        action: Action,
        now: u64,
        out: &mut Vec<Effect>,
    ) -> Result<(), ActionError> {
        let mut next = self.state;
        next.apply(action)?;
        let p = Packet::from_action(action);
        let seq = self.sent.len() as u64 + 1;
        let packet = BoardActionPacket {
            protocol_version: PROTOCOL_VERSION,
            action_type: p.kind(),
            player_id: self.me.id.clone(),
            from_index: p.from_index.unwrap_or(-1),
            to_index: p.to_index.unwrap_or(-1),
            eat_indices: p.eat_indices.unwrap_or_default(),
            timestamp: now as i64,
            seq,
            hash: format!("{:016x}", next.hash()),
        };
        let json = Wire::Action(packet).to_json();
        self.sent.push(json.clone());
        out.push(Effect::Send(json));
        self.commit_state(next, action, false, now, out);
        Ok(())
    }

    /// This player plays `action` (a place, move or capture on its turn).
    pub fn play(&mut self, action: Action, now: u64) -> Result<Vec<Effect>, ActionError> {
        if self.stage != Stage::Playing {
            return Err(ActionError::GameOver);
        }
        if !matches!(
            action,
            Action::Place { .. } | Action::Move { .. } | Action::Capture { .. }
        ) {
            return Err(ActionError::UnknownActionType(-1));
        }
        if self.state.to_move() != self.my_side {
            return Err(ActionError::NotOwnStone { at: 0 });
        }
        let mut out = Vec::new();
        self.send_action(action, now, &mut out)?;
        Ok(out)
    }

    /// This player resigns.
    pub fn resign(&mut self, now: u64) -> Vec<Effect> {
        let mut out = Vec::new();
        if self.stage == Stage::Playing {
            let _ = self.send_action(Action::Resign { side: self.my_side }, now, &mut out);
        }
        out
    }

    /// Time passed: step clocks, the grace period, the handshake timeout.
    pub fn tick(&mut self, now: u64) -> Vec<Effect> {
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

    fn back_to_waiting(&mut self, out: &mut Vec<Effect>) {
        self.stage = Stage::Waiting;
        self.peer = None;
        self.early.clear();
        self.sent_hello = false;
        self.sent_reveal = false;
        out.push(Effect::Ui(UiEvent::LostBeforeStart));
        out.push(Effect::Disconnect);
    }

    fn peer_left(&mut self, now: u64, out: &mut Vec<Effect>) {
        if self.peer_away_since.is_some() {
            return;
        }
        self.peer_disconnects += 1;
        self.peer_away_since = Some(now);
        if self.peer_disconnects >= DISCONNECTS_TO_LOSE {
            self.peer_lost(out);
            return;
        }
        out.push(Effect::Ui(UiEvent::PeerAway {
            deadline: now + DISCONNECT_GRACE_MS as u64,
        }));
    }

    fn peer_returned(&mut self, now: u64, out: &mut Vec<Effect>) {
        if self.peer_away_since.take().is_none() {
            return;
        }
        // The turn's clock restarts: neither side is charged for the absence.
        self.turn_started = now;
        self.resync_from = Some(self.received);
        self.tolerated = self.received;
        out.push(Effect::Ui(UiEvent::PeerBack));
        out.push(Effect::Send(
            Wire::Sync {
                player_id: self.me.id.clone(),
                received: self.received,
                sent: self.sent.len() as u64,
                actions: self.actions,
                hash: format!("{:016x}", self.state.hash()),
            }
            .to_json(),
        ));
    }

    /// The present side wins: the peer did not come back in time or dropped too often.
    fn peer_lost(&mut self, out: &mut Vec<Effect>) {
        let mut next = self.state;
        let a = Action::Disconnect {
            side: self.my_side.other(),
            grace_expired: true,
        };
        if next.apply(a).is_ok() {
            self.state = next;
            self.actions += 1;
            out.push(Effect::Ui(UiEvent::Applied {
                action: a,
                by_peer: true,
            }));
            self.settle(self.my_side, Reason::Disconnect, out);
        }
    }

    /// The transport reports the peer disconnected.
    pub fn on_peer_disconnected(&mut self, now: u64) -> Vec<Effect> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Matched => self.back_to_waiting(&mut out),
            Stage::Playing => self.peer_left(now, &mut out),
            _ => {}
        }
        out
    }

    /// The transport reports the peer connected again.
    pub fn on_peer_reconnected(&mut self, now: u64) -> Vec<Effect> {
        let mut out = Vec::new();
        if self.stage == Stage::Playing {
            self.peer_returned(now, &mut out);
        }
        out
    }

    /// Our app goes to the background: tell the peer (its grace starts).
    pub fn on_local_background(&mut self, now: u64) -> Vec<Effect> {
        if self.stage != Stage::Playing {
            return Vec::new();
        }
        self.local_away_since.get_or_insert(now);
        vec![Effect::Send(
            Wire::Presence {
                player_id: self.me.id.clone(),
                away: true,
            }
            .to_json(),
        )]
    }

    /// Our app is back in the foreground: tell the peer and resynchronise. Back
    /// after the grace ran out, this side has lost (the peer has declared its win).
    pub fn on_local_foreground(&mut self, now: u64) -> Vec<Effect> {
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
            Effect::Send(
                Wire::Presence {
                    player_id: self.me.id.clone(),
                    away: false,
                }
                .to_json(),
            ),
            Effect::Send(
                Wire::Sync {
                    player_id: self.me.id.clone(),
                    received: self.received,
                    sent: self.sent.len() as u64,
                    actions: self.actions,
                    hash: format!("{:016x}", self.state.hash()),
                }
                .to_json(),
            ),
        ]
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

/// Two sessions (`"alice"`, `"bob"`) that completed the handshake with each
/// other at `now`, with fixed secrets: a starting point for fuzzing and demos.
#[doc(hidden)]
pub fn playing_pair(now: u64) -> (Session, Session) {
    let mut a = Session::new(Player {
        id: "alice".into(),
        rating: elo::start_rating(),
        games: 0,
    });
    let mut b = Session::new(Player {
        id: "bob".into(),
        rating: elo::start_rating(),
        games: 0,
    });
    let mut to_b: Vec<String> = sends(a.on_matched("bob", [1; 32], now));
    let mut to_a: Vec<String> = sends(b.on_matched("alice", [2; 32], now));
    while !(to_a.is_empty() && to_b.is_empty()) {
        let next_b: Vec<String> = to_a
            .drain(..)
            .flat_map(|m| sends(a.on_data(m.as_bytes(), now)))
            .collect();
        let next_a: Vec<String> = to_b
            .drain(..)
            .flat_map(|m| sends(b.on_data(m.as_bytes(), now)))
            .collect();
        to_a = next_a;
        to_b = next_b;
    }
    (a, b)
}

fn sends(effects: Vec<Effect>) -> Vec<String> {
    effects
        .into_iter()
        .filter_map(|e| match e {
            Effect::Send(m) => Some(m),
            _ => None,
        })
        .collect()
}
