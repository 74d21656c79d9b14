//! The room: the authority over one game. It applies every action through
//! the engine, refuses illegal or out-of-turn ones with a reason (the game
//! goes on), stores each applied action before it broadcasts it with its
//! sequence number and state hash, runs the step clock and the reconnection
//! grace on the server's clock, and settles the result and both ratings.
//!
//! Clocks: the side to move has `stepTimeLimitMs` per turn (captures owed
//! belong to the same turn); when it runs out the room applies the engine's
//! `Timeout` (the `timeoutsToLose`-th loses). When a side's last connection
//! drops the room applies `Disconnect` (the `disconnectsToLose`-th loses) and
//! that side has `disconnectGraceMs` to come back, or it loses. While anyone is
//! away the step clock stands; it resumes with the time that was left (at least
//! [`RESUME_FLOOR_MS`]). After a server restart (or when another instance
//! takes the room over) a player without a connection gets the grace without
//! a disconnect being counted, and the side to move a whole new step clock;
//! if neither comes back the game is abandoned, unrated.
//!
//! Fencing: the room holds the game's owner epoch and every write carries it.
//! Once the store refuses a write as stale, or the lease keeper finds that
//! another instance holds the room's lease, the room stops at once: nothing
//! more is written or broadcast, and its connections are closed so the
//! players reconnect and reach the room's new owner.

use axum::extract::ws::Utf8Bytes;
use std::sync::Arc;
use tokio::sync::mpsc;

use engine::baifang::elo;
use engine::baifang::referee_protocol::{
    action_error_code, hash_hex, Clock, EndReason, GameResult, GameView, PublicPlayer,
    RatingChange, RejectCode, ServerMsg, SideCode,
};
use engine::baifang::spec::{DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};
use engine::baifang::{Action, Game, Side};

use crate::directory::RoomLink;
use crate::hub::{ConnHandle, Hub, Outgoing};
use crate::store::{Finish, NewGame};

/// A player coming back to a turn whose clock had almost run out still gets this long.
pub const RESUME_FLOOR_MS: u64 = 5_000;

/// What a room is asked to do.
#[derive(Debug)]
pub enum RoomCmd {
    /// A connection of `side`'s player joins (another tab, a reconnection).
    Attach {
        /// The connection.
        conn: ConnHandle,
        /// Its player's side.
        side: Side,
    },
    /// A connection closed.
    Detach {
        /// Its id.
        conn_id: u64,
    },
    /// A player's action.
    Act {
        /// The sending connection.
        conn_id: u64,
        /// The sender's side.
        side: Side,
        /// The sequence number the sender expects the action to get.
        seq: u32,
        /// The action.
        action: Action,
    },
    /// A player resigns.
    Resign {
        /// The resigning side.
        side: Side,
    },
    /// Send the whole game to this connection.
    State {
        /// The asking connection.
        conn_id: u64,
    },
    /// Another instance owns the game now: stop at once, writing nothing.
    Displaced,
}

/// How a room starts.
pub struct RoomSetup {
    /// The game record (players, ratings at the start).
    pub game: NewGame,
    /// Actions already applied (a resumed game), else empty.
    pub log: Vec<Action>,
    /// The owner epoch this room writes under.
    pub epoch: u64,
    /// Black's and White's connections.
    pub conns: [Vec<ConnHandle>; 2],
    /// A side without a connection gets the grace without a disconnect
    /// counted: a stored game resumed after a restart or taken over from
    /// another instance, or a new game whose player is connected to another
    /// instance (their connections attach in a moment).
    pub grace_for_absent: bool,
}

/// The step clock of the side to move.
#[derive(Clone, Copy, Debug)]
struct StepClock {
    /// When the turn runs out, while the clock runs.
    deadline: Option<u64>,
    /// Time left while it stands.
    left: u64,
}

impl StepClock {
    fn new_turn(&mut self, now: u64, running: bool) {
        self.left = STEP_TIME_LIMIT_MS as u64;
        self.deadline = running.then_some(now + self.left);
    }
    fn stop(&mut self, now: u64) {
        if let Some(d) = self.deadline.take() {
            self.left = d.saturating_sub(now).max(RESUME_FLOOR_MS);
        }
    }
    fn start(&mut self, now: u64) {
        if self.deadline.is_none() {
            self.deadline = Some(now + self.left);
        }
    }
}

struct Room {
    hub: Arc<Hub>,
    id: String,
    players: [PublicPlayer; 2],
    games_before: [u32; 2],
    game: Game,
    conns: [Vec<ConnHandle>; 2],
    step: StepClock,
    /// Per side: when its grace runs out, while it is away.
    away: [Option<u64>; 2],
    /// The stored log did not replay (settled as abandoned at once).
    corrupt: bool,
    result: Option<GameResult>,
    /// The owner epoch every write carries.
    epoch: u64,
    /// Why the room stopped without a result: another instance owns the game.
    displaced: Option<String>,
}

/// Opens the room: binds the connections to it, then runs it as its own task.
pub fn spawn(
    hub: Arc<Hub>,
    setup: RoomSetup,
    tx: mpsc::UnboundedSender<RoomCmd>,
    rx: mpsc::UnboundedReceiver<RoomCmd>,
) {
    let RoomSetup {
        game,
        log,
        epoch,
        mut conns,
        grace_for_absent,
    } = setup;
    for side in [Side::Black, Side::White] {
        let link = RoomLink {
            game_id: game.id.clone(),
            side,
            tx: tx.clone(),
        };
        conns[side.idx()].retain(|c| c.send(Outgoing::Bound(link.clone())));
    }
    let (engine_game, corrupt) = match Game::from_log(&log) {
        Ok(g) => (g, false),
        Err(_) => (Game::new(), true),
    };
    let now = hub.clock.now_ms();
    let away = [0, 1].map(|i| {
        (grace_for_absent && conns[i].is_empty()).then_some(now + DISCONNECT_GRACE_MS as u64)
    });
    let mut room = Room {
        hub,
        id: game.id,
        players: game.players,
        games_before: game.games_before,
        game: engine_game,
        conns,
        step: StepClock {
            deadline: None,
            left: STEP_TIME_LIMIT_MS as u64,
        },
        away,
        corrupt,
        result: None,
        epoch,
        displaced: None,
    };
    // A new turn either way: a restored game's step clock starts afresh.
    let running = room.away.iter().all(Option::is_none);
    room.step.new_turn(now, running);
    tokio::spawn(room.run(rx));
}

async fn stopping(stop: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await.map(|_| ());
}

async fn sleep_until(hub: &Hub, t: Option<u64>) {
    match t {
        Some(t) => hub.clock.sleep_until_ms(t).await,
        None => std::future::pending().await,
    }
}

impl Room {
    fn now(&self) -> u64 {
        self.hub.clock.now_ms()
    }

    fn running(&self) -> bool {
        self.live() && self.away.iter().all(Option::is_none)
    }

    /// Neither settled nor displaced.
    fn live(&self) -> bool {
        self.result.is_none() && self.displaced.is_none()
    }

    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        let mut stop = self.hub.shutdown_signal();
        self.open().await;
        while self.live() {
            let grace = self.away.iter().flatten().min().copied();
            let next = match (self.step.deadline, grace) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            tokio::select! {
                // A stopping server freezes the game as stored: the connections
                // it closes are not the players' disconnects.
                biased;
                _ = stopping(&mut stop) => return,
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(&self.hub, next) => self.on_time().await,
            }
        }
        match self.displaced.take() {
            Some(why) => self.step_down(rx, &why).await,
            None => self.close(rx).await,
        }
    }

    /// PLAYING: everyone gets the game; a side without a connection is away.
    async fn open(&mut self) {
        for side in [Side::Black, Side::White] {
            for c in self.conns[side.idx()].clone() {
                self.send_view(&c, side);
            }
        }
        if self.corrupt {
            return self.settle(None, EndReason::Abandoned).await;
        }
        if let Some((winner, reason)) = self.game.state().result() {
            // Stored up to its last action, stopped before it was settled.
            return self.settle(Some(winner), reason.into()).await;
        }
        for side in [Side::Black, Side::White] {
            if self.conns[side.idx()].is_empty() && self.away[side.idx()].is_none() {
                self.left(side).await;
            }
        }
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Attach { conn, side } => self.attach(conn, side),
            RoomCmd::Detach { conn_id } => self.detach(conn_id).await,
            RoomCmd::Act {
                conn_id,
                side,
                seq,
                action,
            } => self.act(conn_id, side, seq, action).await,
            RoomCmd::Resign { side } => {
                self.commit(Action::Resign { side }).await;
            }
            RoomCmd::State { conn_id } => {
                if let Some((c, side)) = self.find(conn_id) {
                    self.send_view(&c, side);
                }
            }
            RoomCmd::Displaced => {
                self.displaced = Some("another instance holds its lease now".into());
            }
        }
    }

    fn find(&self, conn_id: u64) -> Option<(ConnHandle, Side)> {
        [Side::Black, Side::White].into_iter().find_map(|side| {
            self.conns[side.idx()]
                .iter()
                .find(|c| c.id == conn_id)
                .map(|c| (c.clone(), side))
        })
    }

    fn attach(&mut self, conn: ConnHandle, side: Side) {
        let list = &mut self.conns[side.idx()];
        if !list.iter().any(|c| c.id == conn.id) {
            list.push(conn.clone());
        }
        self.send_view(&conn, side);
        if self.away[side.idx()].take().is_some() {
            let now = self.now();
            if self.running() {
                self.step.start(now);
            }
            let clock = self.clock();
            self.broadcast(&ServerMsg::Presence {
                side: SideCode(side),
                present: true,
                clock,
            });
        }
    }

    async fn detach(&mut self, conn_id: u64) {
        for side in [Side::Black, Side::White] {
            let list = &mut self.conns[side.idx()];
            let before = list.len();
            list.retain(|c| c.id != conn_id);
            if before != list.len() && list.is_empty() {
                self.left(side).await;
            }
        }
    }

    /// `side` has no connection any more: one disconnect, and the grace starts.
    async fn left(&mut self, side: Side) {
        if !self.live() || self.away[side.idx()].is_some() {
            return;
        }
        let now = self.now();
        self.away[side.idx()] = Some(now + DISCONNECT_GRACE_MS as u64);
        self.step.stop(now);
        self.commit(Action::Disconnect {
            side,
            grace_expired: false,
        })
        .await;
        if self.live() {
            let clock = self.clock();
            self.broadcast(&ServerMsg::Presence {
                side: SideCode(side),
                present: false,
                clock,
            });
        }
    }

    async fn act(&mut self, conn_id: u64, side: Side, seq: u32, action: Action) {
        let expected = self.game.log().len() as u32 + 1;
        let refusal = if !matches!(
            action,
            Action::Place { .. } | Action::Move { .. } | Action::Capture { .. }
        ) {
            Some((RejectCode::NotAMove, None))
        } else if self.game.state().is_finished() {
            Some((RejectCode::NoGame, None))
        } else if self.game.state().to_move() != side {
            Some((RejectCode::NotYourTurn, None))
        } else if seq != expected {
            Some((RejectCode::StaleSeq, None))
        } else {
            let mut next = *self.game.state();
            next.apply(action)
                .err()
                .map(|e| (RejectCode::Illegal, Some(action_error_code(&e).to_string())))
        };
        match refusal {
            Some((code, rule)) => {
                if let Some((c, _)) = self.find(conn_id) {
                    c.send_msg(&ServerMsg::Rejected {
                        seq: Some(seq),
                        code,
                        rule,
                    });
                }
            }
            None => self.commit(action).await,
        }
    }

    /// Applies a legal action: stores it, then broadcasts it; settles the game
    /// when it ended. An action the store refuses as stale is not broadcast:
    /// the room is displaced.
    async fn commit(&mut self, action: Action) {
        if !self.live() {
            return;
        }
        let turn_passed = match self.game.play(action) {
            Ok(o) => o.turn_passed,
            Err(_) => return,
        };
        let now = self.now();
        let seq = self.game.log().len() as u32;
        match self
            .hub
            .store
            .append_action(self.id.clone(), self.epoch, seq, action, now)
            .await
        {
            Ok(()) => {}
            Err(e) if e.is_fenced() => {
                self.displaced = Some(format!("action {seq} was refused: {e}"));
                return;
            }
            Err(e) => tracing::error!("game {}: action {seq} not stored: {e}", self.id),
        }
        if turn_passed {
            let running = self.running();
            self.step.new_turn(now, running);
        }
        if self.game.state().is_finished() {
            self.step.deadline = None;
        }
        let clock = self.clock();
        self.broadcast(&ServerMsg::Applied {
            seq,
            action,
            hash: hash_hex(self.game.state().hash()),
            clock,
        });
        if let Some((winner, reason)) = self.game.state().result() {
            self.settle(Some(winner), reason.into()).await;
        }
    }

    async fn on_time(&mut self) {
        let now = self.now();
        let expired = [Side::Black, Side::White]
            .into_iter()
            .filter(|s| self.away[s.idx()].is_some_and(|d| d <= now))
            .min_by_key(|s| self.away[s.idx()]);
        if let Some(side) = expired {
            let mine = self.away[side.idx()];
            let other = self.away[side.other().idx()];
            if other.is_none() || other > mine {
                self.commit(Action::Disconnect {
                    side,
                    grace_expired: true,
                })
                .await;
            } else {
                // Both graces ran out together: nobody came back after a restart.
                self.settle(None, EndReason::Abandoned).await;
            }
        } else if self.step.deadline.is_some_and(|d| d <= now) {
            self.commit(Action::Timeout).await;
        }
    }

    /// FINISHED: rates the game, stores the settlement, tells both players.
    async fn settle(&mut self, winner: Option<Side>, reason: EndReason) {
        if !self.live() {
            return;
        }
        let before = [self.players[0].rating, self.players[1].rating];
        let after = match winner {
            Some(w) => {
                let (b, w2) = elo::rate_game(
                    before[0],
                    before[1],
                    w == Side::Black,
                    self.games_before[0],
                    self.games_before[1],
                );
                [b, w2]
            }
            None => before,
        };
        let result = GameResult {
            winner: winner.map(SideCode),
            reason,
            ratings: [0, 1].map(|i| RatingChange {
                before: before[i],
                after: after[i],
            }),
        };
        let finish = Finish {
            id: self.id.clone(),
            players: [self.players[0].id.clone(), self.players[1].id.clone()],
            result: result.clone(),
            finished_at: self.now(),
            epoch: self.epoch,
        };
        match self.hub.store.finish_game(finish).await {
            Ok(()) => {}
            Err(e) if e.is_fenced() => {
                self.displaced = Some(format!("the settlement was refused: {e}"));
                return;
            }
            Err(e) => tracing::error!("game {}: settlement not stored: {e}", self.id),
        }
        self.result = Some(result.clone());
        self.step.deadline = None;
        self.away = [None; 2];
        self.broadcast(&ServerMsg::Finished { result });
        for side in [Side::Black, Side::White] {
            if let Ok(Some(me)) = self
                .hub
                .store
                .player(self.players[side.idx()].id.clone())
                .await
            {
                let msg = ServerMsg::Profile { me };
                for c in &self.conns[side.idx()] {
                    c.send_msg(&msg);
                }
            }
        }
    }

    /// After the settlement: the room leaves the directory, answers what was
    /// still queued (any later request finds no room and is refused by the
    /// connection itself) and unbinds its connections.
    async fn close(&mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        self.hub.directory.remove(self.id.clone()).await;
        rx.close();
        while let Ok(cmd) = rx.try_recv() {
            match cmd {
                RoomCmd::Attach { conn, side } => self.send_view(&conn, side),
                RoomCmd::State { conn_id } => {
                    if let Some((c, side)) = self.find(conn_id) {
                        self.send_view(&c, side);
                    }
                }
                RoomCmd::Act { conn_id, seq, .. } => {
                    if let Some((c, _)) = self.find(conn_id) {
                        c.send_msg(&ServerMsg::Rejected {
                            seq: Some(seq),
                            code: RejectCode::NoGame,
                            rule: None,
                        });
                    }
                }
                RoomCmd::Detach { .. } | RoomCmd::Resign { .. } | RoomCmd::Displaced => {}
            }
        }
        for list in &self.conns {
            for c in list {
                c.send(Outgoing::Unbound(self.id.clone()));
            }
        }
    }

    /// Another instance owns the game: the room leaves this instance's
    /// directory only (the shared entries are the new owner's), drops what
    /// was queued, and closes every connection it had or was being given, so
    /// the players reconnect and reach the new owner.
    async fn step_down(&mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>, why: &str) {
        tracing::error!(
            "game {}: room stopped, another instance owns the game now ({why})",
            self.id
        );
        self.hub.directory.disown(self.id.clone()).await;
        rx.close();
        let mut conns: Vec<ConnHandle> = self.conns.iter().flatten().cloned().collect();
        while let Ok(cmd) = rx.try_recv() {
            if let RoomCmd::Attach { conn, .. } = cmd {
                conns.push(conn);
            }
        }
        let reason = "this game moved to another server; reconnect in a moment".to_string();
        for c in conns {
            c.send(Outgoing::Close(reason.clone()));
        }
    }

    fn clock(&self) -> Clock {
        let now = self.now();
        let left = |t: u64| t.saturating_sub(now).min(u32::MAX as u64) as u32;
        Clock {
            turn_ms: self.step.deadline.map(left),
            grace_ms: self.away.map(|a| a.map(left)),
        }
    }

    fn send_view(&self, conn: &ConnHandle, side: Side) {
        let view = GameView {
            game_id: self.id.clone(),
            you: SideCode(side),
            players: self.players.clone(),
            log: self.game.log().to_vec(),
            hash: hash_hex(self.game.state().hash()),
            clock: self.clock(),
            present: [0, 1].map(|i| self.away[i].is_none() && !self.conns[i].is_empty()),
            result: self.result.clone(),
        };
        conn.send_msg(&ServerMsg::Game(view));
    }

    /// Sends to every connection of both players, serialised once. (A closed
    /// connection always detaches itself, so none is dropped here.)
    fn broadcast(&self, m: &ServerMsg) {
        let text: Utf8Bytes = m.to_json().into();
        for c in self.conns.iter().flatten() {
            c.send(Outgoing::Text(text.clone()));
        }
    }
}
