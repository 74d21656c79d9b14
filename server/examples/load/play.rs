//! One bot's player, apart from its socket: the web page's own state machine
//! ([`RefereeClient`]) plus a random legal move after a thinking time, the
//! checks a page does after a reconnection (is my unacknowledged action in
//! the game the server shows? then it was applied; if not, think again), the
//! watchdogs (an action unanswered, a game that stopped moving, a queue that
//! never pairs) and the record of every action it saw applied, which the
//! verdict compares with the store.

use std::time::{Duration, Instant};

use engine::baifang::referee_client::{Note, Phase, RefereeClient};
use engine::baifang::referee_protocol::{ClientMsg, EndReason, ErrorCode, ServerMsg};
use engine::baifang::{Action, ActionList, Side};

use crate::stats::Stats;

/// An action sent and not yet answered for this long: ask for the game.
const UNANSWERED: Duration = Duration::from_secs(5);
/// A game with no news for this long (lease 3 s, grace 15 s, reconnection
/// backoff up to 5 s are all well inside it) can no longer be reached.
pub const STUCK: Duration = Duration::from_secs(45);

/// What one bot saw of one game.
#[derive(Clone, Debug)]
pub struct GameSeen {
    pub id: String,
    pub side: Side,
    /// Every action it saw applied, in order (the longest log it was shown).
    pub log: Vec<Action>,
    /// How it ended, if the bot saw it end.
    pub end: Option<EndReason>,
    /// Why the bot counts this game as lost, if it does.
    pub lost: Option<String>,
}

struct Pending {
    seq: u32,
    action: Action,
    sent: Instant,
    checked: bool,
}

/// A bot's player.
pub struct BotPlay {
    pub client: RefereeClient,
    pub token: Option<String>,
    /// The last welcome, to sign the client in again after giving a game up.
    welcome: Option<ServerMsg>,
    current: Option<GameSeen>,
    pub done: Vec<GameSeen>,
    pending: Option<Pending>,
    pub act_at: Option<tokio::time::Instant>,
    /// When to join the queue (a moment after a game, as a person would).
    pub queue_at: Option<tokio::time::Instant>,
    /// Last news of the current game (or when waiting for it began).
    progress_at: Instant,
    /// Since when the bot has been out of a game (queued, or in the lobby).
    waiting_since: Option<Instant>,
    /// Set by a watchdog: drop the connection and reconnect.
    pub reconnect_now: bool,
    /// The run is ending: no new actions, no new games.
    pub quiet: bool,
    rng: u64,
    think_ms: u64,
    pub origin: Instant,
}

fn is_fault(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::Disconnect | EndReason::Timeouts | EndReason::Abandoned | EndReason::Aborted
    )
}

impl BotPlay {
    pub fn new(seed: u64, think_ms: u64) -> BotPlay {
        BotPlay {
            client: RefereeClient::new(),
            token: None,
            welcome: None,
            current: None,
            done: Vec::new(),
            pending: None,
            act_at: None,
            queue_at: None,
            progress_at: Instant::now(),
            waiting_since: None,
            reconnect_now: false,
            quiet: false,
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            think_ms,
            origin: Instant::now(),
        }
    }

    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn page_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    /// Whether it is this bot's move now (and nothing of its own is in flight).
    fn may_act(&self) -> bool {
        let g = self.client.game();
        !self.quiet
            && self.pending.is_none()
            && self.client.connected()
            && g.is_some_and(|g| g.result.is_none() && !g.paused && g.my_turn())
    }

    /// Thinks (the jittered thinking time) before the next action, if it is its turn.
    fn think(&mut self) {
        if self.may_act() && self.act_at.is_none() {
            let jitter = self.think_ms / 2 + self.random() % (self.think_ms + 1);
            self.act_at = Some(tokio::time::Instant::now() + Duration::from_millis(jitter));
        }
    }

    /// The thinking time is over: a random legal action to send.
    pub fn act(&mut self, stats: &Stats) -> Option<ClientMsg> {
        self.act_at = None;
        if !self.may_act() {
            return None;
        }
        let mut list = ActionList::new();
        self.client.game()?.game.state().legal_actions(&mut list);
        if list.is_empty() {
            return None;
        }
        let action = list[(self.random() % list.len() as u64) as usize];
        let msg = self.client.act(action)?;
        if let ClientMsg::Act { seq, .. } = msg {
            if stats.spectating() {
                let game = self.client.game().map(|g| g.id.clone()).unwrap_or_default();
                stats.sent_at.record(&game, seq);
            }
            let sent = Instant::now();
            let checked = false;
            self.pending = Some(Pending {
                seq,
                action,
                sent,
                checked,
            });
        }
        Some(msg)
    }

    /// Takes in a server message; returns what to send back.
    pub fn on_message(&mut self, msg: ServerMsg, stats: &Stats) -> Vec<ClientMsg> {
        let mut out = Vec::new();
        match &msg {
            ServerMsg::Pong { t } => {
                stats.ping(self.origin.elapsed().as_micros() as u64 - t);
                return out;
            }
            ServerMsg::Welcome { token: Some(t), .. } => self.token = Some(t.clone()),
            ServerMsg::Applied { seq, .. } => {
                let next = self.client.game().map_or(0, |g| g.next_seq());
                if *seq > next && next > 0 {
                    stats.count("gaps (an applied action missed)");
                }
            }
            _ => {}
        }
        let view = matches!(msg, ServerMsg::Game(_));
        let welcome = matches!(msg, ServerMsg::Welcome { .. }).then(|| msg.clone());
        let applied_seq = match &msg {
            ServerMsg::Applied { seq, .. } => Some(*seq),
            _ => None,
        };
        let (send, notes) = self.client.on_message(msg, self.page_ms());
        out.extend(send);
        for note in notes {
            self.note(note, view, applied_seq, stats, &mut out);
        }
        if welcome.is_some() {
            self.welcome = welcome;
            self.signed_in(stats, &mut out);
        }
        out
    }

    fn note(
        &mut self,
        note: Note,
        view: bool,
        seq: Option<u32>,
        stats: &Stats,
        out: &mut Vec<ClientMsg>,
    ) {
        match note {
            Note::GameShown => self.shown(stats, out),
            Note::Resync if view => {
                stats.count("hash mismatches");
                self.shown(stats, out);
            }
            Note::Resync => {
                if self.client.game().is_some_and(|g| seq < Some(g.next_seq())) {
                    stats.count("hash mismatches");
                }
            }
            Note::Applied { action, by_me } => self.applied(action, by_me, stats),
            Note::Finished(result) => self.finished(result.reason, stats, out),
            // Bots move at once, so an abort means a bot stalled: it is counted.
            Note::Aborted { .. } => self.finished(EndReason::Aborted, stats, out),
            Note::QuickMatchLater { .. } => stats.count("quick match refused: too many aborts"),
            // Bots never offer a rematch: an offer ending is not theirs.
            Note::RematchEnded(_) => stats.count("(info) rematch offers ended"),
            Note::Rejected { code, .. } => {
                let acting = self.pending.is_some();
                if !self.quiet {
                    // A state request refused for want of a room is the bot's own probe.
                    let what = if acting {
                        "refused"
                    } else {
                        "(info) state requests refused"
                    };
                    stats.count(&format!("{what}: {code:?}"));
                }
                // The page's client asks for the game after a turn or sequence
                // refusal; after any other refusal of an action the bot checks
                // the game too (once per action: a request_state refused for
                // want of a room must not start a loop).
                let was_acting = self.pending.take().is_some();
                if was_acting && !out.contains(&ClientMsg::RequestState) && self.in_game() {
                    out.push(ClientMsg::RequestState);
                }
            }
            Note::Error(code) => self.lobby_error(code, stats, out),
            Note::SignedIn { .. } => {}
        }
    }

    fn in_game(&self) -> bool {
        self.client.game().is_some_and(|g| g.result.is_none())
    }

    /// An action arrived in order and matched its hash.
    fn applied(&mut self, action: Action, by_me: bool, stats: &Stats) {
        self.progress_at = Instant::now();
        if let Some(c) = &mut self.current {
            c.log.push(action);
        }
        let len = self.client.game().map_or(0, |g| g.game.log().len() as u32);
        if by_me {
            stats
                .actions
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Some(p) = self.pending.take_if(|p| p.seq == len && p.action == action) {
                stats.latency(p.sent.elapsed());
            }
        }
        self.think();
    }

    /// The whole game arrived (start, reconnection, resync): it must extend
    /// everything this bot saw applied; an action of its own still waiting
    /// for an answer is settled by it.
    fn shown(&mut self, stats: &Stats, out: &mut Vec<ClientMsg>) {
        let Some(g) = self.client.game() else { return };
        let (id, side, log) = (g.id.clone(), g.you, g.game.log().to_vec());
        let result = g.result.as_ref().map(|r| r.reason);
        self.progress_at = Instant::now();
        self.waiting_since = None;
        if self.current.as_ref().is_none_or(|c| c.id != id) {
            self.close_current(stats);
            if let Some(tx) = stats.new_games.get().filter(|_| side == Side::Black) {
                let _ = tx.send(id.clone());
            }
            stats
                .playing
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            self.current = Some(GameSeen {
                id,
                side,
                log: Vec::new(),
                end: None,
                lost: None,
            });
        }
        let c = self.current.as_mut().expect("just set");
        if !log.starts_with(&c.log) {
            let at = c.log.iter().zip(&log).take_while(|(a, b)| a == b).count();
            let why = format!(
                "the server showed {} actions, differing from the {} this bot saw applied at action {}",
                log.len(),
                c.log.len(),
                at + 1
            );
            stats.count("games shown without an action a bot saw applied");
            c.lost.get_or_insert(why);
        }
        if log.len() > c.log.len() {
            c.log = log.clone();
        }
        if let Some(p) = self.pending.take() {
            if log.get(p.seq as usize - 1) == Some(&p.action) {
                stats
                    .actions
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }
        match result {
            Some(reason) => self.finished(reason, stats, out),
            None => self.think(),
        }
    }

    fn finished(&mut self, reason: EndReason, stats: &Stats, out: &mut Vec<ClientMsg>) {
        if let Some(c) = &mut self.current {
            if c.end.is_none() {
                c.end = Some(reason);
                if c.side == Side::Black {
                    stats
                        .finished
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                if is_fault(reason) && !self.quiet {
                    stats.count(&format!("games ended by {reason:?} (bot side)"));
                }
            }
        }
        self.close_current(stats);
        self.client.leave_game();
        self.pending = None;
        self.act_at = None;
        let pause = 200 + self.random() % 600;
        self.queue_after(pause);
        let _ = out;
    }

    fn close_current(&mut self, stats: &Stats) {
        if let Some(c) = self.current.take() {
            stats
                .playing
                .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
            self.done.push(c);
        }
    }

    fn queue(&mut self, out: &mut Vec<ClientMsg>) {
        if !self.quiet {
            out.push(ClientMsg::QuickMatch);
            self.waiting_since.get_or_insert_with(Instant::now);
        }
    }

    /// Queues again after `ms` (a look at the result, a retry).
    fn queue_after(&mut self, ms: u64) {
        let at = tokio::time::Instant::now() + Duration::from_millis(ms);
        self.queue_at = Some(at);
        self.waiting_since.get_or_insert_with(Instant::now);
    }

    /// The moment to queue has come (unless a game came first).
    pub fn queue_now(&mut self) -> Vec<ClientMsg> {
        self.queue_at = None;
        let mut out = Vec::new();
        if !self.in_game() {
            self.queue(&mut out);
        }
        out
    }

    /// Signed in (again): a game the bot was in either finished meanwhile
    /// (the welcome lists it), or the bot asks for it; otherwise it queues.
    fn signed_in(&mut self, stats: &Stats, out: &mut Vec<ClientMsg>) {
        let Some(g) = self.client.game().filter(|g| g.result.is_none()) else {
            self.queue(out);
            return;
        };
        let id = g.id.clone();
        let ended = self.client.recent().iter().find(|r| r.game_id == id);
        match ended.map(|r| r.result.clone()) {
            Some(result) => {
                let _ = self.client.on_message(
                    ServerMsg::Finished {
                        result: result.clone(),
                    },
                    0,
                );
                self.finished(result.reason, stats, out);
            }
            None => out.push(ClientMsg::RequestState),
        }
    }

    fn lobby_error(&mut self, code: ErrorCode, stats: &Stats, out: &mut Vec<ClientMsg>) {
        if !self.quiet {
            stats.count(&format!("(info) lobby answers: {code:?}"));
        }
        if code == ErrorCode::AlreadyInGame {
            // The server has this player in a game the bot does not know of
            // (or has not yet closed the last one): look, and queue again soon.
            out.push(ClientMsg::RequestState);
            self.queue_after(1000);
        }
    }

    /// Every second: the watchdogs.
    pub fn tick(&mut self, stats: &Stats) -> Vec<ClientMsg> {
        let mut out = Vec::new();
        if self.quiet {
            return out;
        }
        if let Some(p) = self.pending.as_mut().filter(|p| !p.checked) {
            if p.sent.elapsed() > UNANSWERED {
                p.checked = true;
                stats.count("actions unanswered for 5 s (state asked)");
                out.push(ClientMsg::RequestState);
            }
        }
        if self.in_game() && self.progress_at.elapsed() > STUCK {
            self.give_up_game(stats);
        }
        // A queue that is merely slow says `searching`; one that lost the
        // player (a Redis restart) says nothing: the bot queues again.
        let searching = matches!(self.client.phase(), Phase::Searching);
        let limit = if searching { STUCK * 2 } else { STUCK };
        if !self.in_game() && self.waiting_since.is_some_and(|s| s.elapsed() > limit) {
            if stats.measuring.load(std::sync::atomic::Ordering::Relaxed) {
                stats.count("bots out of a game for 45 s, or 90 s queued (queued again)");
            }
            self.waiting_since = None;
            out.push(ClientMsg::Cancel);
            self.queue(&mut out);
        }
        out
    }

    /// The game stopped moving: it is lost; the bot signs in afresh and plays on.
    fn give_up_game(&mut self, stats: &Stats) {
        stats.count("games that stopped moving for 45 s");
        if let Some(c) = &mut self.current {
            c.lost
                .get_or_insert_with(|| format!("no news of the game for {} s", STUCK.as_secs()));
        }
        self.close_current(stats);
        self.pending = None;
        self.act_at = None;
        self.client = RefereeClient::new();
        if let Some(w) = self.welcome.clone() {
            let _ = self.client.on_message(w, self.page_ms());
        }
        self.progress_at = Instant::now();
        self.reconnect_now = true;
    }

    /// The run is over: the game in progress is recorded as it stands.
    pub fn finish_run(mut self) -> Vec<GameSeen> {
        self.done.extend(self.current.take());
        self.done
    }
}
