//! The session tests' fixture: two match sessions wired back to back with an
//! injected clock, and the helpers that read what they reported. The tests
//! themselves are in the files below, one per concern of the session.

mod clocks_presence;
mod fair_play;
mod handshake;
mod play;
mod rematch;
mod verification;

use super::*;
use crate::baifang::rematch::{PendingOffer, RematchEnd, REMATCH_OFFER_MS};
use crate::baifang::spec::{DISCONNECTS_TO_LOSE, STEP_TIME_LIMIT_MS};
use crate::baifang::{
    elo, Action, ActionList, ActionOutcome, PacketError, Reason, RuleError, Side,
};
use std::collections::VecDeque;

const T0: u64 = 1_700_000_000_000;

fn player(id: &str, rating: i32, games: u32) -> Player {
    Player {
        id: id.to_string(),
        rating,
        games,
    }
}

/// Two sessions and the messages in flight between them.
struct Net {
    a: MatchSession,
    b: MatchSession,
    now: u64,
    to_a: VecDeque<String>,
    to_b: VecDeque<String>,
    ui_a: Vec<UiEvent>,
    ui_b: Vec<UiEvent>,
    released_a: bool,
    released_b: bool,
    /// While false, messages to that side are dropped (it is offline).
    a_online: bool,
    b_online: bool,
}

impl Net {
    fn new() -> Net {
        Net::with_players(player("alice", 1200, 0), player("bob", 1300, 25))
    }

    fn with_players(a: Player, b: Player) -> Net {
        Net {
            a: MatchSession::new(a),
            b: MatchSession::new(b),
            now: T0,
            to_a: VecDeque::new(),
            to_b: VecDeque::new(),
            ui_a: Vec::new(),
            ui_b: Vec::new(),
            released_a: false,
            released_b: false,
            a_online: true,
            b_online: true,
        }
    }

    fn route(&mut self, from_a: bool, effects: Vec<SessionCommand>) {
        for e in effects {
            match (e, from_a) {
                (SessionCommand::Send(m), true) => {
                    if self.b_online {
                        self.to_b.push_back(m)
                    }
                }
                (SessionCommand::Send(m), false) => {
                    if self.a_online {
                        self.to_a.push_back(m)
                    }
                }
                (SessionCommand::Disconnect, true) => self.released_a = true,
                (SessionCommand::Disconnect, false) => self.released_b = true,
                (SessionCommand::Ui(u), true) => self.ui_a.push(u),
                (SessionCommand::Ui(u), false) => self.ui_b.push(u),
            }
        }
    }

    fn pump(&mut self) {
        loop {
            if let Some(m) = self.to_a.pop_front() {
                let e = self.a.on_data(m.as_bytes(), self.now);
                self.route(true, e);
            } else if let Some(m) = self.to_b.pop_front() {
                let e = self.b.on_data(m.as_bytes(), self.now);
                self.route(false, e);
            } else {
                break;
            }
        }
    }

    fn matched() -> Net {
        Net::handshake(Net::new())
    }

    /// Runs the handshake of `n`'s two sessions to the start of the game.
    fn handshake(mut n: Net) -> Net {
        let e = n.a.on_matched("bob", [1; 32], n.now);
        n.route(true, e);
        let e = n.b.on_matched("alice", [2; 32], n.now);
        n.route(false, e);
        n.pump();
        assert_eq!(n.a.stage(), Stage::Playing);
        assert_eq!(n.b.stage(), Stage::Playing);
        n
    }

    /// The session whose side is to move, as (is_a).
    fn mover_is_a(&self) -> bool {
        self.a.state().to_move() == self.a.my_side()
    }

    /// The side to move plays `action`; both sides receive everything.
    fn play_as_mover(&mut self, action: Action) {
        let a_moves = self.mover_is_a();
        let mover = if a_moves { &mut self.a } else { &mut self.b };
        let e = mover.play(action, self.now).expect("legal");
        self.route(a_moves, e);
        self.pump();
    }

    /// The mover plays its first legal action.
    fn step(&mut self) {
        let a_moves = self.mover_is_a();
        let s = if a_moves { &mut self.a } else { &mut self.b };
        let mut list = ActionList::new();
        s.state().legal_actions(&mut list);
        let e = s.play(list[0], self.now).expect("legal");
        self.route(a_moves, e);
        self.pump();
        assert_eq!(
            self.a.state(),
            self.b.state(),
            "boards identical after every action"
        );
    }

    fn tick(&mut self, now: u64) {
        self.now = now;
        let e = self.a.tick(now);
        self.route(true, e);
        let e = self.b.tick(now);
        self.route(false, e);
        self.pump();
    }

    /// Delivers raw bytes to A as if from B.
    fn inject_a(&mut self, bytes: &str) -> Vec<SessionCommand> {
        let e = self.a.on_data(bytes.as_bytes(), self.now);
        self.route(true, e.clone());
        e
    }

    /// The next action packet B would send for `action` (without sending it).
    fn b_packet(&self, action: Action) -> BoardActionPacket {
        let mut next = *self.b.state();
        next.apply(action).unwrap();
        BoardActionPacket::new(
            action,
            "bob".into(),
            self.now as i64,
            self.b.window.sent.len() as u64 + 1,
            crate::baifang::state::hash_hex(next.hash()),
        )
    }

    /// Sets things up so B is to move.
    fn b_to_move() -> Net {
        let mut n = Net::matched();
        if n.mover_is_a() {
            n.step();
        }
        assert!(!n.mover_is_a());
        n
    }
}

fn void_reason(ui: &[UiEvent]) -> Option<Reject> {
    ui.iter().find_map(|u| match u {
        UiEvent::Finished(MatchResult::Void(r) | MatchResult::Forfeited { why: r, .. }) => {
            Some(r.clone())
        }
        _ => None,
    })
}

fn settlement(ui: &[UiEvent]) -> Option<Settlement> {
    ui.iter().find_map(|u| match u {
        UiEvent::Finished(MatchResult::Decided(s)) => Some(s.clone()),
        _ => None,
    })
}

/// A rejection voids the match on both sides, releases both transports and
/// tells the peer.
fn assert_voided(n: &mut Net, expect: impl Fn(&Reject) -> bool) {
    let r = void_reason(&n.ui_a).expect("A voided");
    assert!(expect(&r), "unexpected reason {r:?}");
    assert!(!r.to_string().is_empty());
    assert_eq!(n.a.stage(), Stage::Finished);
    assert!(n.released_a);
    n.pump();
    assert!(matches!(void_reason(&n.ui_b), Some(Reject::PeerAborted(_))));
    assert_eq!(n.b.stage(), Stage::Finished);
    assert!(n.released_b);
    assert!(matches!(
        n.a.result(),
        Some(MatchResult::Void(_) | MatchResult::Forfeited { .. })
    ));
}

impl Net {
    /// Like `step` without asserting equal boards.
    fn step_unchecked(&mut self) {
        let a_moves = self.mover_is_a();
        let s = if a_moves { &mut self.a } else { &mut self.b };
        let mut list = ActionList::new();
        s.state().legal_actions(&mut list);
        let e = s.play(list[0], self.now).expect("legal");
        self.route(a_moves, e);
        self.pump();
    }
}
