//! The core of the match session: reading its state, dispatching received
//! messages, playing our own actions, and ending the match (settled with Elo
//! from the ratings exchanged in the handshake, or voided).

use super::super::{elo, Action, ActionOutcome, Reason, RuleError, Side, State};
use super::events::{MatchResult, Player, SessionCommand, Settlement, Stage, UiEvent};
use super::handshake::EARLY_MESSAGES_KEPT;
use super::wire::{self, BoardActionPacket, Reject, Wire};
use super::MatchSession;

impl MatchSession {
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
        self.handshake.peer.as_ref().map(|p| p.id.as_str())
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
    /// The game's action log so far, one action per capture: replaying it
    /// gives [`MatchSession::state`].
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// How the match ended.
    pub fn result(&self) -> Option<&MatchResult> {
        self.result.as_ref()
    }
    /// Whether it is this player's turn to act.
    pub fn my_turn(&self) -> bool {
        self.stage == Stage::Playing && self.state.to_move() == self.my_side
    }

    /// Test and demo hook: lets `edit` change the local state as a memory
    /// editor would, hash included. The peer's verification must catch it.
    #[doc(hidden)]
    pub fn tamper_with_state(&mut self, edit: impl FnOnce(&mut State)) {
        edit(&mut self.state);
    }

    /// A message from the peer arrived.
    pub fn on_data(&mut self, bytes: &[u8], now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.stage == Stage::Waiting {
            if self.handshake.early.len() < EARLY_MESSAGES_KEPT {
                self.handshake.early.push(bytes.to_vec());
            }
            return out;
        }
        if self.stage == Stage::Finished {
            return self.receive_after_end(bytes, now);
        }
        if let Err(r) = self.receive(bytes, now, &mut out) {
            self.void(r, &mut out);
        }
        out
    }

    /// Checks the sender of any message, then hands it to its concern.
    fn receive(
        &mut self,
        bytes: &[u8],
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        let msg = Wire::parse(bytes)?;
        let peer_id = self
            .handshake
            .peer
            .as_ref()
            .map(|p| p.id.clone())
            .unwrap_or_default();
        let sender = match &msg {
            Wire::Hello { player_id, .. }
            | Wire::Reveal { player_id, .. }
            | Wire::Sync { player_id, .. }
            | Wire::Presence { player_id, .. }
            | Wire::Abort { player_id, .. }
            | Wire::Rematch { player_id, .. } => player_id,
            Wire::Action(p) => &p.player_id,
        };
        if *sender != peer_id {
            return Err(Reject::WrongSender(wire::bounded(sender)));
        }
        match msg {
            Wire::Hello {
                protocol_version,
                commit,
                rating,
                games,
                ..
            } => self.receive_hello(protocol_version, (commit, rating, games), now, out),
            Wire::Reveal { secret, .. } => self.receive_reveal(&secret, now, out),
            Wire::Action(p) => self.receive_action(p, now, out),
            Wire::Sync {
                received,
                actions,
                hash,
                reply,
                ..
            } => self.receive_sync((received, actions, &hash, reply), now, out),
            Wire::Presence { away, .. } => {
                self.receive_presence(away, now, out);
                Ok(())
            }
            Wire::Abort { reason, .. } => Err(Reject::PeerAborted(wire::bounded(&reason))),
            Wire::Rematch { .. } => Err(super::rematch::during_game()),
        }
    }

    /// Adopts `next` after `action`, restarting the clock when the turn passed
    /// and settling when the game ended.
    pub(super) fn commit_state(
        &mut self,
        next: State,
        action: Action,
        outcome: ActionOutcome,
        by_peer: bool,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) {
        let turn_passed = next.to_move() != self.state.to_move();
        self.state = next;
        self.actions += 1;
        self.log.push(action);
        self.crossing.last_was_timeout = action == Action::Timeout;
        if turn_passed {
            self.step.new_turn(now, true);
        }
        if by_peer {
            self.crossing.peer_caught_up();
        }
        out.push(SessionCommand::Ui(UiEvent::Applied {
            action,
            outcome,
            by_peer,
        }));
        if let Some((winner, reason)) = self.state.result() {
            self.settle(winner, reason, now, out);
        }
    }

    /// The game was decided at `now`: each side rates itself and the peer
    /// with the ratings and game counts exchanged in the handshake. The
    /// connection stays open for a rematch while the peer is there.
    pub(super) fn settle(
        &mut self,
        winner: Side,
        reason: Reason,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) {
        let s = self.settlement_for(winner, reason);
        self.stage = Stage::Finished;
        self.presence.peer_away = None;
        self.result = Some(MatchResult::Decided(s.clone()));
        out.push(SessionCommand::Ui(UiEvent::Finished(MatchResult::Decided(
            s,
        ))));
        if MatchSession::rematch_possible(reason) {
            self.rematch.open(now);
        } else {
            out.push(SessionCommand::Disconnect);
        }
    }

    /// The settlement of `winner` winning for `reason`, with both new ratings.
    fn settlement_for(&self, winner: Side, reason: Reason) -> Settlement {
        let won = winner == self.my_side;
        let (peer_rating, peer_games) = self.peer_player();
        let mine = elo::new_rating(self.me.rating, peer_rating, won, self.me.games);
        let theirs = elo::new_rating(peer_rating, self.me.rating, !won, peer_games);
        Settlement {
            winner,
            reason,
            won,
            my_rating: (self.me.rating, mine),
            peer_rating: (peer_rating, theirs),
        }
    }

    /// Whether this side's state is what its own log replays to (a memory
    /// edit shows here): a rejection is then the peer's fault, not ours.
    fn own_state_sound(&self) -> bool {
        super::super::Game::from_log(&self.log).is_ok_and(|g| *g.state() == self.state)
    }

    /// The match ends on a rejection: tell the peer why (unless it told us)
    /// and release the transport. Mid-game, with this side's own state sound,
    /// it is the peer's forfeit (a loss in our record: aborting or sending
    /// garbage must not turn a lost game into a void); otherwise it is void
    /// and no rating changes.
    pub(super) fn void(&mut self, reason: Reject, out: &mut Vec<SessionCommand>) {
        if self.stage == Stage::Finished {
            return;
        }
        if !matches!(reason, Reject::PeerAborted(_)) {
            out.push(SessionCommand::Send(
                Wire::Abort {
                    player_id: self.me.id.clone(),
                    reason: reason.to_string(),
                }
                .to_json(),
            ));
        }
        let forfeit = self.stage == Stage::Playing && self.own_state_sound();
        self.stage = Stage::Finished;
        self.presence.peer_away = None;
        let result = if forfeit {
            MatchResult::Forfeited {
                settlement: self.settlement_for(self.my_side, Reason::Resign),
                why: reason,
            }
        } else {
            MatchResult::Void(reason)
        };
        self.result = Some(result.clone());
        out.push(SessionCommand::Ui(UiEvent::Finished(result)));
        out.push(SessionCommand::Disconnect);
    }

    /// Sends our own action: checks it locally, applies it, emits the packet.
    pub(super) fn send_action(
        &mut self,
        action: Action,
        now: u64,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), RuleError> {
        let before = self.state;
        let mut next = self.state;
        let outcome = next.apply(action)?;
        self.crossing.own_line.push(super::verify::OwnStep {
            before,
            actions: self.actions,
            log_len: self.log.len(),
            turn_began: self.step.turn_began(),
        });
        let packet = BoardActionPacket::new(
            action,
            self.me.id.clone(),
            now as i64,
            self.window.sent.len() as u64 + 1,
            crate::baifang::state::hash_hex(next.hash()),
        );
        let json = Wire::Action(packet).to_json();
        self.window.sent.push(json.clone());
        out.push(SessionCommand::Send(json));
        self.commit_state(next, action, outcome, false, now, out);
        Ok(())
    }

    /// This player plays `action` (a place, move or capture on its turn).
    pub fn play(&mut self, action: Action, now: u64) -> Result<Vec<SessionCommand>, RuleError> {
        if self.stage != Stage::Playing {
            return Err(RuleError::GameOver);
        }
        if !matches!(
            action,
            Action::Place { .. } | Action::Move { .. } | Action::Capture { .. }
        ) {
            return Err(RuleError::NotAMove);
        }
        if self.state.to_move() != self.my_side {
            return Err(RuleError::NotYourTurn);
        }
        let mut out = Vec::new();
        self.send_action(action, now, &mut out)?;
        Ok(out)
    }

    /// This player leaves the match (back button, menu, closing the page).
    /// During a game, leaving is resigning: the loss is recorded here at once
    /// with its Elo change, and the resignation goes to the peer if the
    /// network still carries it (if not, the peer's own disconnect rule gives
    /// it the win after its grace). Before the game, the transport is
    /// released; after it, a rematch is declined (or withdrawn) first.
    pub fn leave(&mut self, now: u64) -> Vec<SessionCommand> {
        match self.stage {
            Stage::Playing => {
                let mut out = self.resign(now);
                out.extend(self.decline_rematch());
                out
            }
            Stage::Finished => self.decline_rematch(),
            Stage::Waiting | Stage::Matched => {
                self.stage = Stage::Finished;
                vec![SessionCommand::Disconnect]
            }
        }
    }

    /// While a game runs: the settlement leaving now would record (a loss by
    /// resignation). The page keeps it from the start of the game, so a page
    /// that is killed without a word still counts as having left.
    pub fn loss_if_left(&self) -> Option<Settlement> {
        (self.stage == Stage::Playing)
            .then(|| self.settlement_for(self.my_side.other(), Reason::Resign))
    }

    /// This player resigns.
    pub fn resign(&mut self, now: u64) -> Vec<SessionCommand> {
        let mut out = Vec::new();
        if self.stage == Stage::Playing {
            let _ = self.send_action(Action::Resign { side: self.my_side }, now, &mut out);
        }
        out
    }
}
