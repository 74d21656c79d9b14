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
//! that side has `disconnectGraceMs` to come back, or it loses. The step clock
//! of the side to move keeps running through that side's own absence (a drop
//! buys no thinking time; a timeout during it counts as usual). Only the
//! referee's own unavailability stops it: after a server restart (or when
//! another instance takes the room over) a player without a connection is
//! *excused* (the grace without a disconnect counted, and the clock stands
//! until they are back; the side to move then gets a whole new step clock),
//! and while the store fails (below) nothing runs; the clock then resumes
//! with the time that was left, at least
//! [`engine::baifang::step_clock::RESUME_FLOOR_MS`] (the engine's one step
//! clock, shared with the peer session and the local room). If neither
//! comes back the game is abandoned, unrated.
//!
//! Durable before visible: an action is broadcast only once the store has it.
//! When a write fails the action is taken back, the room *pauses* (players
//! get the game with `paused` set; actions are refused with `paused`; every
//! clock and grace stands) and retries the write with backoff; once it lands
//! the game resumes from there. A settlement that fails is retried the same way.
//!
//! Aborts: a side that has not made its first action when its first turn's
//! step clock runs out, or when its disconnect grace runs out, aborts the
//! game: no result, no rating change, both players back in the lobby; the
//! store keeps who aborted, for the quick-match cooldown of serial aborters
//! (see `Hub::quick_match`).
//!
//! Lag: a timeout falls only once the turn's step time plus the side's
//! measured one-way lag has passed, within the bounds of [`crate::lag`].
//!
//! Rating: a decisive result changes the ratings only when the game was
//! rated at its start (quick match, or a friend room where both asked), each
//! side made at least [`RATED_MIN_MOVES`] moves, and the two players had
//! fewer than [`RATED_PAIR_GAMES_PER_DAY`] rated games together in the last
//! 24 hours; otherwise it is recorded with the reason it was not rated.
//!
//! Spectators: anyone may watch a live game (`#watch=GAME`). A spectator
//! gets the whole game, then what the players get; it cannot act (its
//! connection refuses to forward anything but a state request). Spectators
//! never slow the players: each may have at most `watcher_queue` messages
//! waiting, and one that falls that far behind is dropped (its connection is
//! closed as too slow), never waited for; a room takes at most
//! `watchers_per_game` of them. The players and spectators hear the count.
//!
//! Fencing: the room holds the game's owner epoch and every write carries it.
//! Once the store refuses a write as stale, or the lease keeper finds that
//! another instance holds the room's lease, the room stops at once: nothing
//! more is written or broadcast, and its connections are closed so the
//! players reconnect and reach the room's new owner.

use axum::extract::ws::Utf8Bytes;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

use engine::baifang::elo;
use engine::baifang::referee_protocol::{
    hash_hex, rule_error_code, Clock, EndReason, ErrorCode, GameResult, GameView, PublicPlayer,
    RatingChange, RejectCode, ServerMsg, SideCode, Unrated, WatchView, RATED_MIN_MOVES,
    RATED_PAIR_GAMES_PER_DAY,
};
use engine::baifang::step_clock::{Grace, StepClock};
use engine::baifang::{Action, Game, Side};

use crate::clock::Clock as ServerClock;
use crate::directory::Directory;
use crate::lag::LagCredit;
use crate::messages::{ConnHandle, Outgoing, RoomCmd, RoomLink};
use crate::metrics::Metrics;
use crate::metrics::{Gauge, Held};
use crate::store::{Finish, NewGame, Store, DAY_MS};

/// The first retry of a failed store write waits this long; each next one
/// twice as long, up to [`RETRY_MAX`].
const RETRY_FIRST: std::time::Duration = std::time::Duration::from_millis(100);
/// The longest wait between two retries of a failed store write.
const RETRY_MAX: std::time::Duration = std::time::Duration::from_secs(2);
/// In a cluster, a room whose store writes have failed this long hands the
/// game over: it lets go of its lease so that an instance that can write
/// (another connection to the database) takes the room over from the log.
pub const HAND_OVER_AFTER: std::time::Duration = std::time::Duration::from_secs(5);

/// A write the room could not make and retries while paused.
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// A legal action, taken back until it is stored.
    Append(Action),
    /// The settlement of the finished game.
    Settle(Option<Side>, EndReason),
}

/// The paused state: what to retry, when, since when.
struct Paused {
    pending: Pending,
    /// Real time of the next retry, and the wait after it.
    retry_at: tokio::time::Instant,
    backoff: std::time::Duration,
    /// Real time of the first failure.
    since: tokio::time::Instant,
    /// Counts the room among the paused ones while it is.
    _counted: Held,
}

/// What a room needs of its server: narrow handles, not the whole hub.
#[derive(Clone)]
pub struct RoomEnv {
    /// The server's one clock.
    pub clock: ServerClock,
    /// Where the game is stored.
    pub store: Arc<dyn Store>,
    /// Where live games are found (a room leaves it when settled).
    pub directory: Arc<dyn Directory>,
    pub metrics: Arc<Metrics>,
    /// Several instances share the games: a room that cannot write for a
    /// while hands its game over.
    pub clustered: bool,
    /// Turns true when the server stops.
    pub shutdown: watch::Receiver<bool>,
    /// Messages a spectator may have waiting before it is dropped.
    pub watcher_queue: usize,
    /// Spectators one room takes at most.
    pub watchers_per_game: usize,
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
    /// Why the stored game cannot be trusted (see `StoredGame::problem`):
    /// the room then quarantines it (settled at once, no winner, unrated).
    pub problem: Option<String>,
}

struct Room {
    env: RoomEnv,
    id: String,
    players: [PublicPlayer; 2],
    games_before: [u32; 2],
    game: Game,
    conns: [Vec<ConnHandle>; 2],
    /// The spectators' connections.
    watchers: Vec<ConnHandle>,
    step: StepClock,
    /// Per side: its grace, while it is away.
    away: [Option<Grace>; 2],
    /// Per side: away because the referee was (a restart, a takeover), not by
    /// its own drop: the step clock stands until it is back.
    excused: [bool; 2],
    /// Whether a decisive result may change the ratings.
    rated: bool,
    /// Set while the store fails: nothing is taken, every clock stands.
    paused: Option<Paused>,
    /// This instance cannot reach Redis.
    relay_down: bool,
    /// Held because of it: a side has no connection here, so it may be
    /// trying to reach the room through another instance (see [`Room::update_hold`]).
    held: bool,
    /// Server clock (ms) since when the room stands (paused or held).
    stalled_since: Option<u64>,
    /// Why the stored log cannot be trusted (quarantined: settled at once).
    corrupt: Option<String>,
    result: Option<GameResult>,
    /// The owner epoch every write carries.
    epoch: u64,
    /// Why the room stopped without a result: another instance owns the game.
    displaced: Option<String>,
    /// Stopped because this instance cannot write: the lease is let go.
    handed_over: bool,
    /// The lag credit each side has used (kept in memory: a room taken over
    /// from the store starts it afresh).
    lag: LagCredit,
    /// The side that aborted the game, once it has.
    aborted_by: Option<Side>,
    /// Counts the room among the live ones until it is dropped.
    _counted: Held,
}

/// Opens the room: binds the connections to it, then runs it as its own task.
pub fn spawn(
    env: RoomEnv,
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
        problem,
    } = setup;
    for side in [Side::Black, Side::White] {
        let link = RoomLink {
            game_id: game.id.clone(),
            side,
            tx: tx.clone(),
        };
        conns[side.idx()].retain(|c| c.send(Outgoing::Bound(link.clone())));
    }
    let (engine_game, corrupt) = match (problem, Game::from_log(&log)) {
        (Some(why), _) => (Game::new(), Some(why)),
        (None, Ok(g)) => (g, None),
        (None, Err((i, e))) => (
            Game::new(),
            Some(format!("stored action {} is illegal ({e})", i + 1)),
        ),
    };
    let now = env.clock.now_ms();
    let excused = [0, 1].map(|i| grace_for_absent && conns[i].is_empty());
    let away = excused.map(|e| e.then_some(Grace::start(now)));
    let mut room = Room {
        _counted: env.metrics.hold(Gauge::Rooms),
        env,
        id: game.id,
        players: game.players,
        games_before: game.games_before,
        game: engine_game,
        conns,
        watchers: Vec::new(),
        // Standing until the room opens: after a restart the referee cannot
        // know what the turn had left, so the side to move starts it again.
        step: StepClock::new(now, false),
        away,
        excused,
        rated: game.rated,
        paused: None,
        relay_down: false,
        held: false,
        stalled_since: None,
        corrupt,
        result: None,
        epoch,
        displaced: None,
        handed_over: false,
        lag: LagCredit::default(),
        aborted_by: None,
    };
    // A new turn either way: a restored game's step clock starts afresh.
    let running = room.running();
    room.step.new_turn(now, running);
    // Boxed: an async fn keeps its argument twice in its state (as moved in
    // and as its local), and this task lives as long as the game.
    tokio::spawn(Box::new(room).run(rx));
}

async fn stopping(stop: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await.map(|_| ());
}

/// Retries wait in real time: a failing disk recovers on its own clock, not
/// the game's (which a test may hold still).
async fn sleep_real(t: Option<tokio::time::Instant>) {
    match t {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

async fn sleep_until(clock: &ServerClock, t: Option<u64>) {
    match t {
        Some(t) => clock.sleep_until_ms(t).await,
        None => std::future::pending().await,
    }
}

impl Room {
    fn now(&self) -> u64 {
        self.env.clock.now_ms()
    }

    /// Whether the step clock runs: not while stalled, nor while a side is
    /// away through the referee's fault (a side's own drop does not stop it).
    fn running(&self) -> bool {
        self.live() && !self.stalled() && !self.excused.iter().any(|e| *e)
    }

    /// The referee itself cannot go on: the store fails, or Redis is gone and
    /// a player may be unable to reach the room. Every clock and grace stands.
    fn stalled(&self) -> bool {
        self.paused.is_some() || self.held
    }

    /// Neither settled nor displaced.
    fn live(&self) -> bool {
        self.result.is_none() && self.displaced.is_none()
    }

    async fn run(mut self: Box<Self>, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        let mut stop = self.env.shutdown.clone();
        Box::pin(self.open()).await;
        // The handlers are boxed: settling and storing are large and brief,
        // and inline they would sit in every waiting room's task.
        while self.live() {
            let grace = self.away.iter().flatten().map(Grace::deadline).min();
            let next = match (self.turn_deadline(), grace) {
                _ if self.stalled() => None,
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let retry = self.paused.as_ref().map(|p| p.retry_at);
            tokio::select! {
                // A stopping server freezes the game as stored: the connections
                // it closes are not the players' disconnects.
                biased;
                _ = stopping(&mut stop) => return,
                cmd = rx.recv() => match cmd {
                    Some(cmd) => Box::pin(self.handle(cmd)).await,
                    None => break,
                },
                _ = sleep_until(&self.env.clock, next) => Box::pin(self.on_time()).await,
                _ = sleep_real(retry) => Box::pin(self.retry()).await,
            }
        }
        match self.displaced.take() {
            Some(why) => Box::pin(self.step_down(rx, &why)).await,
            None => Box::pin(self.close(rx)).await,
        }
    }

    /// PLAYING: everyone gets the game; a side without a connection is away.
    async fn open(&mut self) {
        for side in [Side::Black, Side::White] {
            for c in self.conns[side.idx()].clone() {
                self.send_view(&c, side);
            }
        }
        if let Some(why) = self.corrupt.take() {
            tracing::error!("game {}: quarantined: {why}", self.id);
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
            RoomCmd::Attach { conn, side } => {
                self.attach(*conn, side);
                self.update_hold().await;
            }
            RoomCmd::Detach { conn_id } => {
                self.detach(conn_id).await;
                self.update_hold().await;
            }
            RoomCmd::Act {
                conn_id,
                side,
                seq,
                action,
            } => self.act(conn_id, side, seq, action).await,
            RoomCmd::Resign { side } if self.stalled() => {
                for c in &self.conns[side.idx()] {
                    c.send_msg(&ServerMsg::Rejected {
                        seq: None,
                        code: RejectCode::Paused,
                        rule: None,
                    });
                }
            }
            RoomCmd::Resign { side } => {
                self.commit(Action::Resign { side }).await;
            }
            RoomCmd::State { conn_id } => self.send_state(conn_id),
            RoomCmd::Watch { conn } => self.watch(*conn),
            RoomCmd::Displaced => {
                self.displaced = Some("another instance holds its lease now".into());
            }
            RoomCmd::RelayDown => {
                self.relay_down = true;
                self.update_hold().await;
            }
            RoomCmd::RelayUp { before } => {
                self.relay_down = false;
                self.drop_remote(None, before);
                self.update_hold().await;
            }
            RoomCmd::InstanceGone { instance, before } => {
                self.drop_remote(Some(&instance), before);
                self.update_hold().await;
            }
        }
    }

    /// Sends the whole game to a player's or a spectator's connection.
    fn send_state(&self, conn_id: u64) {
        if let Some((c, side)) = self.find(conn_id) {
            self.send_view(&c, side);
        } else if let Some(c) = self.watchers.iter().find(|c| c.id == conn_id) {
            c.send_msg(&ServerMsg::Watching(self.watch_view()));
        }
    }

    /// A spectator joins: it gets the whole game, and everyone the new count.
    fn watch(&mut self, conn: ConnHandle) {
        if self.watchers.iter().any(|c| c.id == conn.id) {
            return;
        }
        if self.watchers.len() >= self.env.watchers_per_game {
            conn.send_msg(&ServerMsg::Error {
                code: ErrorCode::TooManyWatchers,
            });
            conn.send(Outgoing::Unbound(self.id.clone()));
            return;
        }
        self.watchers.push(conn.clone());
        conn.send_msg(&ServerMsg::Watching(self.watch_view()));
        self.tell_watchers_count();
    }

    fn tell_watchers_count(&mut self) {
        let count = self.watchers.len() as u32;
        self.broadcast(&ServerMsg::Watchers { count });
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
        if self.stalled() {
            // Presence is settled when the room resumes.
            return;
        }
        self.back(side);
    }

    /// A side that was away has a connection again.
    fn back(&mut self, side: Side) {
        if self.away[side.idx()].take().is_some() {
            self.excused[side.idx()] = false;
            let now = self.now();
            if self.running() {
                self.step.resume(now);
            }
            let clock = self.clock();
            self.broadcast(&ServerMsg::Presence {
                side: SideCode(side),
                present: true,
                clock,
            });
        }
    }

    /// Drops the stand-ins for connections on other instances (all, or
    /// those of `instance`) made before connection id `before` (a stand-in
    /// made since is fresh: its instance attached it again). A side left without a connection is away through
    /// the referee's fault: excused, as after a restart (the grace without a
    /// disconnect counted, the step clock standing until it is back); its
    /// instance attaches its real connections again as soon as it can.
    fn drop_remote(&mut self, instance: Option<&str>, before: u64) {
        let now = self.now();
        let stale = |c: &ConnHandle| match (c.via(), instance) {
            (None, _) => false,
            _ if c.id >= before => false,
            (Some(_), None) => true,
            (Some(v), Some(x)) => v == x,
        };
        let watching = self.watchers.len();
        self.watchers.retain(|c| !stale(c));
        if self.watchers.len() != watching {
            self.tell_watchers_count();
        }
        for side in [Side::Black, Side::White] {
            let list = &mut self.conns[side.idx()];
            let had = list.len();
            list.retain(|c| !stale(c));
            let emptied = had != list.len() && list.is_empty();
            if emptied && self.live() && self.away[side.idx()].is_none() {
                self.excused[side.idx()] = true;
                self.away[side.idx()] = Some(Grace::start(now));
                self.step.stop(now);
                let clock = self.clock();
                self.broadcast(&ServerMsg::Presence {
                    side: SideCode(side),
                    present: false,
                    clock,
                });
            }
        }
    }

    /// Holds the room while Redis is gone and a side has no connection on
    /// this instance (it may be trying to come back through another one,
    /// which cannot reach the room now); resumes when neither holds. A room
    /// whose two players are both connected here plays on through the outage.
    async fn update_hold(&mut self) {
        let unreachable = [Side::Black, Side::White]
            .into_iter()
            .any(|s| !self.conns[s.idx()].iter().any(|c| c.via().is_none()));
        let hold = self.relay_down && unreachable && self.live();
        if hold && !self.held {
            tracing::warn!("game {}: Redis is unreachable: holding the room", self.id);
            self.held = true;
            self.stall();
        } else if !hold && self.held {
            self.held = false;
            self.resume_if_clear().await;
        }
    }

    async fn detach(&mut self, conn_id: u64) {
        let watching = self.watchers.len();
        self.watchers.retain(|c| c.id != conn_id);
        if self.watchers.len() != watching {
            return self.tell_watchers_count();
        }
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
        if !self.live() || self.stalled() || self.away[side.idx()].is_some() {
            return;
        }
        let now = self.now();
        self.away[side.idx()] = Some(Grace::start(now));
        // The step clock runs on: the absence is the player's own.
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
        let refusal = if self.stalled() {
            Some((RejectCode::Paused, None))
        } else if !matches!(
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
                .map(|e| (RejectCode::Illegal, Some(rule_error_code(&e).to_string())))
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
            None => {
                self.charge_lag(side);
                self.commit(action).await
            }
        }
    }

    /// The side to move's timeout: its step time plus the lag credit its
    /// connection's measured lag earns it (see [`crate::lag`]).
    fn turn_deadline(&self) -> Option<u64> {
        let side = self.game.state().to_move();
        let lag = self.conns[side.idx()]
            .iter()
            .map(ConnHandle::lag_ms)
            .max()
            .unwrap_or(0);
        let d = self.step.deadline()?;
        Some(d + self.lag.allowance(side, lag))
    }

    /// `side` acts now or its turn timed out now: whatever of its lag credit
    /// the turn has taken past its step time is used.
    fn charge_lag(&mut self, side: Side) {
        if let Some(d) = self.step.deadline() {
            let over = self.now().saturating_sub(d);
            self.lag.charge(side, over);
        }
    }

    /// Whether `side` has not made its first action yet: the game ends for it
    /// as an abort, not a loss.
    fn before_first_action(&self, side: Side) -> bool {
        self.game.moves_made(side) == 0
    }

    /// `side` did not make its first action in time: the game ends without a
    /// result and nobody's rating changes.
    async fn abort(&mut self, side: Side) {
        tracing::info!(
            "game {}: aborted by {side:?} (no first action in time)",
            self.id
        );
        self.aborted_by = Some(side);
        self.settle(None, EndReason::Aborted).await;
    }

    /// Applies a legal action: stores it, then broadcasts it; settles the game
    /// when it ended. An action the store refuses as stale is not broadcast:
    /// the room is displaced. One the store fails to take is taken back and
    /// the room pauses until a retry stores it.
    async fn commit(&mut self, action: Action) {
        if !self.live() || self.stalled() {
            return;
        }
        if self.store_action(action).await {
            self.announce(action).await;
        }
    }

    /// Plays `action` and stores it; true once stored. Otherwise the action
    /// is taken back and the room is paused (or displaced when fenced).
    async fn store_action(&mut self, action: Action) -> bool {
        if self.game.play(action).is_err() {
            return false;
        }
        let now = self.now();
        let seq = self.game.log().len() as u32;
        let started = std::time::Instant::now();
        let stored = self
            .env
            .store
            .append_action(self.id.clone(), self.epoch, seq, action, now)
            .await;
        self.env.metrics.store_write(started.elapsed());
        match stored {
            Ok(()) => {
                self.env.metrics.action_stored();
                true
            }
            Err(e) => {
                self.game.undo();
                if e.is_fenced() {
                    self.displaced = Some(format!("action {seq} was refused: {e}"));
                } else {
                    tracing::error!("game {}: action {seq} not stored ({e}): pausing", self.id);
                    self.pause(Pending::Append(action));
                }
                false
            }
        }
    }

    /// The store failed: stop every clock, tell both players, retry soon
    /// (a room already paused only moves its next retry further out).
    fn pause(&mut self, pending: Pending) {
        if let Some(p) = &mut self.paused {
            p.pending = pending;
            p.retry_at = tokio::time::Instant::now() + p.backoff;
            p.backoff = (p.backoff * 2).min(RETRY_MAX);
            if self.env.clustered && p.since.elapsed() >= HAND_OVER_AFTER {
                self.handed_over = true;
                self.displaced = Some(format!(
                    "its store writes failed for {} s: handing the game over",
                    HAND_OVER_AFTER.as_secs()
                ));
            }
            return;
        }
        self.paused = Some(Paused {
            pending,
            retry_at: tokio::time::Instant::now() + RETRY_FIRST,
            backoff: (RETRY_FIRST * 2).min(RETRY_MAX),
            since: tokio::time::Instant::now(),
            _counted: self.env.metrics.hold(Gauge::RoomsPaused),
        });
        self.stall();
    }

    /// The room starts standing (store paused or relay held): the step clock
    /// stops with what it has left, and both players see the game paused.
    fn stall(&mut self) {
        if self.stalled_since.is_none() {
            let now = self.now();
            self.stalled_since = Some(now);
            self.step.stop(now);
        }
        self.send_views();
    }

    /// Once nothing stalls the room any more: the graces move on by the
    /// time it stood, the step clock resumes with what it had left (at least
    /// the engine's floor), presence is settled (whoever came back is back,
    /// whoever left meanwhile is away from now on) and a game that ended
    /// while it stood is settled.
    async fn resume_if_clear(&mut self) {
        if self.stalled() || !self.live() {
            return;
        }
        let Some(since) = self.stalled_since.take() else {
            return;
        };
        let now = self.now();
        let shift = now.saturating_sub(since);
        for a in self.away.iter_mut().flatten() {
            a.stand(shift);
        }
        if self.running() {
            self.step.resume(now);
        }
        self.send_views();
        if let Some((winner, reason)) = self.game.state().result() {
            return self.settle(Some(winner), reason.into()).await;
        }
        for side in [Side::Black, Side::White] {
            if self.conns[side.idx()].is_empty() {
                self.left(side).await;
            } else {
                self.back(side);
            }
        }
    }

    /// Retries the write the room paused on; once it lands the game goes on
    /// where it stopped, with the graces shifted by the pause and the step
    /// clock resumed with what it had left.
    async fn retry(&mut self) {
        let Some(pending) = self.paused.as_ref().map(|p| p.pending) else {
            return;
        };
        let ok = match pending {
            Pending::Append(action) => self.store_action(action).await,
            Pending::Settle(winner, reason) => self.store_settlement(winner, reason).await,
        };
        if !ok {
            return;
        }
        self.paused = None;
        tracing::info!("game {}: the store answers again", self.id);
        if let Pending::Append(_) = pending {
            // The stored action: the broadcast the room owed since it paused.
            self.after_stored();
        }
        self.resume_if_clear().await;
    }

    /// Sends every connection the whole game (on a pause and a resumption).
    fn send_views(&self) {
        for side in [Side::Black, Side::White] {
            for c in &self.conns[side.idx()] {
                self.send_view(c, side);
            }
        }
    }

    /// After an action is stored: the step clock follows it (a new turn, or
    /// the same turn going on).
    fn after_stored(&mut self) {
        let now = self.now();
        let turn_passed = self.game.last_outcome().is_some_and(|o| o.turn_passed);
        if turn_passed {
            let running = self.running();
            self.step.new_turn(now, running);
            self.lag.new_turn();
        } else if self.running() {
            self.step.resume(now);
        }
        if self.game.state().is_finished() {
            self.step.end();
        }
    }

    /// Broadcasts a stored action; settles the game when it ended.
    async fn announce(&mut self, action: Action) {
        let seq = self.game.log().len() as u32;
        self.after_stored();
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
            .filter(|s| self.away[s.idx()].is_some_and(|g| g.expired(now)))
            .min_by_key(|s| self.away[s.idx()].map(|g| g.deadline()));
        if let Some(side) = expired {
            let mine = self.away[side.idx()].map(|g| g.deadline());
            let other = self.away[side.other().idx()].map(|g| g.deadline());
            if (other.is_none() || other > mine) && self.before_first_action(side) {
                self.abort(side).await;
            } else if other.is_none() || other > mine {
                self.commit(Action::Disconnect {
                    side,
                    grace_expired: true,
                })
                .await;
            } else {
                // Both graces ran out together: nobody came back after a restart.
                self.settle(None, EndReason::Abandoned).await;
            }
        } else if self.turn_deadline().is_some_and(|d| now >= d) {
            let side = self.game.state().to_move();
            self.charge_lag(side);
            if self.before_first_action(side) {
                self.abort(side).await;
            } else {
                self.commit(Action::Timeout).await;
            }
        }
    }

    /// FINISHED: rates the game, stores the settlement, tells both players.
    async fn settle(&mut self, winner: Option<Side>, reason: EndReason) {
        if !self.live() || self.stalled() {
            return;
        }
        self.store_settlement(winner, reason).await;
    }

    /// Why this result leaves the ratings as they are, if it does; `Err`
    /// when the store cannot say (the settlement waits for it).
    async fn unrated(&self, winner: Option<Side>) -> Result<Option<Unrated>, ()> {
        if winner.is_none() {
            return Ok(Some(Unrated::NoWinner));
        }
        if !self.rated {
            return Ok(Some(Unrated::Friendly));
        }
        let few = [Side::Black, Side::White]
            .into_iter()
            .any(|s| self.game.moves_made(s) < RATED_MIN_MOVES);
        if few {
            return Ok(Some(Unrated::TooFewMoves));
        }
        let since = self.now().saturating_sub(DAY_MS);
        let [a, b] = [0, 1].map(|i| self.players[i].id.clone());
        match self.env.store.rated_games_between(a, b, since).await {
            Ok(n) if n >= RATED_PAIR_GAMES_PER_DAY => Ok(Some(Unrated::PairLimit)),
            Ok(_) => Ok(None),
            Err(e) => {
                tracing::error!("game {}: cannot count the pair's games: {e}", self.id);
                Err(())
            }
        }
    }

    /// Computes and stores the settlement, then tells both players; true once
    /// stored. A store failure pauses the room (the settlement is retried).
    async fn store_settlement(&mut self, winner: Option<Side>, reason: EndReason) -> bool {
        let Ok(unrated) = self.unrated(winner).await else {
            self.pause(Pending::Settle(winner, reason));
            return false;
        };
        let before = [self.players[0].rating, self.players[1].rating];
        let after = match (winner, unrated) {
            (Some(w), None) => {
                let (b, w2) = elo::rate_game(
                    before[0],
                    before[1],
                    w == Side::Black,
                    self.games_before[0],
                    self.games_before[1],
                );
                [b, w2]
            }
            _ => before,
        };
        let result = GameResult {
            winner: winner.map(SideCode),
            reason,
            ratings: [0, 1].map(|i| RatingChange {
                before: before[i],
                after: after[i],
            }),
            unrated,
            aborted_by: self
                .aborted_by
                .filter(|_| reason == EndReason::Aborted)
                .map(SideCode),
        };
        let finish = Finish {
            id: self.id.clone(),
            players: [self.players[0].id.clone(), self.players[1].id.clone()],
            result: result.clone(),
            finished_at: self.now(),
            epoch: self.epoch,
        };
        match self.env.store.finish_game(finish).await {
            Ok(()) => {}
            Err(e) if e.is_fenced() => {
                self.displaced = Some(format!("the settlement was refused: {e}"));
                return false;
            }
            Err(e) => {
                tracing::error!("game {}: settlement not stored ({e}): pausing", self.id);
                self.pause(Pending::Settle(winner, reason));
                return false;
            }
        }
        self.result = Some(result.clone());
        self.step.end();
        self.away = [None; 2];
        // Out of the directory before anyone hears the result: a player who
        // asks for the next game at once is not "already in a game".
        self.env.directory.remove(self.id.clone()).await;
        self.broadcast(&ServerMsg::Finished { result });
        for side in [Side::Black, Side::White] {
            if let Ok(Some(me)) = self
                .env
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
        true
    }

    /// After the settlement: the room leaves the directory, answers what was
    /// still queued (any later request finds no room and is refused by the
    /// connection itself) and unbinds its connections.
    async fn close(&mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        self.env.directory.remove(self.id.clone()).await;
        rx.close();
        while let Ok(cmd) = rx.try_recv() {
            match cmd {
                RoomCmd::Attach { conn, side } => self.send_view(&conn, side),
                RoomCmd::State { conn_id } => self.send_state(conn_id),
                RoomCmd::Watch { conn } => {
                    conn.send_msg(&ServerMsg::Watching(self.watch_view()));
                    conn.send(Outgoing::Unbound(self.id.clone()));
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
                RoomCmd::Detach { .. }
                | RoomCmd::Resign { .. }
                | RoomCmd::Displaced
                | RoomCmd::RelayDown
                | RoomCmd::RelayUp { .. }
                | RoomCmd::InstanceGone { .. } => {}
            }
        }
        for c in self.conns.iter().flatten().chain(&self.watchers) {
            c.send(Outgoing::Unbound(self.id.clone()));
        }
    }

    /// Another instance owns the game: the room leaves this instance's
    /// directory only (the shared entries are the new owner's), drops what
    /// was queued, and closes every connection it had or was being given, so
    /// the players reconnect and reach the new owner.
    async fn step_down(&mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>, why: &str) {
        tracing::error!("game {}: room stopped here ({why})", self.id);
        if self.handed_over {
            self.env.directory.hand_over(self.id.clone()).await;
        } else {
            self.env.directory.disown(self.id.clone()).await;
        }
        rx.close();
        let mut conns: Vec<ConnHandle> = self.conns.iter().flatten().cloned().collect();
        conns.append(&mut self.watchers);
        while let Ok(cmd) = rx.try_recv() {
            if let RoomCmd::Attach { conn, .. } | RoomCmd::Watch { conn } = cmd {
                conns.push(*conn);
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
            turn_ms: self.step.deadline().map(left),
            grace_ms: self.away.map(|a| a.map(|g| left(g.deadline()))),
        }
    }

    /// The game as anyone sees it now.
    fn watch_view(&self) -> WatchView {
        WatchView {
            game_id: self.id.clone(),
            players: self.players.clone(),
            log: self.game.log().to_vec(),
            hash: hash_hex(self.game.state().hash()),
            clock: self.clock(),
            present: [0, 1].map(|i| self.away[i].is_none() && !self.conns[i].is_empty()),
            result: self.result.clone(),
            paused: self.stalled(),
            watchers: self.watchers.len() as u32,
        }
    }

    fn send_view(&self, conn: &ConnHandle, side: Side) {
        let view = GameView::seen_by(self.watch_view(), side);
        conn.send_msg(&ServerMsg::Game(view));
    }

    /// Sends to every connection of both players and every spectator,
    /// serialised once. (A closed connection always detaches itself, so no
    /// player's is dropped here.) A spectator that has fallen
    /// `watcher_queue` messages behind is dropped, never waited for: its
    /// connection closes as too slow, and everyone hears the new count.
    fn broadcast(&mut self, m: &ServerMsg) {
        let text: Utf8Bytes = m.to_json().into();
        for c in self.conns.iter().flatten() {
            c.send(Outgoing::Text(text.clone()));
        }
        let limit = self.env.watcher_queue;
        let before = self.watchers.len();
        self.watchers.retain(|c| {
            let keep = c.queued() < limit && c.send(Outgoing::Text(text.clone()));
            if !keep {
                c.kick();
            }
            keep
        });
        let dropped = before - self.watchers.len();
        if dropped > 0 {
            tracing::info!("game {}: {dropped} spectator(s) too slow: dropped", self.id);
            self.env.metrics.count_dropped_watchers(dropped as u64);
            // Bounded: each round drops at least one spectator or sends to all.
            self.tell_watchers_count();
        }
    }
}
