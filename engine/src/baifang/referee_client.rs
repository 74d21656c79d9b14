//! The web app's side of play on the referee server: a pure state machine that
//! turns the server's messages into what the lobby and the room show, replays
//! every applied action with this engine and checks it against the server's
//! hash (a mismatch or a gap asks for the whole game; it never ends the game),
//! and says what to send. The page's clock (ms) is an input; nothing here
//! reads time, storage or the network.

use super::referee_protocol::{
    close, hash_hex, ClientMsg, Clock, EndReason, ErrorCode, GameResult, Profile, PublicPlayer,
    RecentGame, RejectCode, RematchEnd, ServerMsg, SideCode, WatchView, PROTOCOL_VERSION,
};
use super::rematch::PendingOffer;
use super::{Action, ActionOutcome, Game, Side};

/// Finished games the lobby lists.
pub const RECENT_KEPT: usize = 10;
/// Reconnection delays: the first retry is quick (a page reload or a network
/// change usually heals at once), later ones back off to this cap.
pub const RECONNECT_FIRST_MS: u64 = 500;
/// Longest wait between reconnection attempts.
pub const RECONNECT_MAX_MS: u64 = 5_000;

/// Where the player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Not signed in yet (connecting, or reconnecting).
    Connecting,
    /// In the lobby.
    Lobby,
    /// In the quick-match queue.
    Searching,
    /// A friend room is open under this code; `true` when its creator asked
    /// for a rated game.
    RoomOpen(String, bool),
    /// A game is on (or just finished and still shown).
    InGame,
}

/// The game as this client has it.
#[derive(Clone, Debug)]
pub struct ServerGame {
    /// Game id.
    pub id: String,
    /// This player's side.
    pub you: Side,
    /// Black, White (ratings at the start).
    pub players: [PublicPlayer; 2],
    /// The local replay of the server's log.
    pub game: Game,
    /// The clocks as last reported.
    pub clock: Clock,
    /// Page time (ms) when `clock` arrived.
    pub clock_at: u64,
    /// Per side: connected now.
    pub present: [bool; 2],
    /// Set once the game is over.
    pub result: Option<GameResult>,
    /// What the last applied action did (for the board's animation).
    pub last: Option<ActionOutcome>,
    /// The server cannot store actions now: nobody may act, the clocks stand.
    pub paused: bool,
    /// This client watches the game (`you` is then the side shown nearest,
    /// Black): it never acts.
    pub spectator: bool,
    /// How many watch the game.
    pub watchers: u32,
}

impl ServerGame {
    /// Time left for the side to move at page time `now`, while the step clock runs.
    pub fn turn_left_ms(&self, now: u64) -> Option<u64> {
        let elapsed = now.saturating_sub(self.clock_at);
        self.clock
            .turn_ms
            .map(|t| u64::from(t).saturating_sub(elapsed))
    }
    /// Grace left for an away `side` at page time `now`.
    pub fn grace_left_ms(&self, side: Side, now: u64) -> Option<u64> {
        let elapsed = now.saturating_sub(self.clock_at);
        self.clock.grace_ms[side.idx()].map(|t| u64::from(t).saturating_sub(elapsed))
    }
    /// Whether this player may act now.
    pub fn my_turn(&self) -> bool {
        !self.spectator
            && self.result.is_none()
            && !self.paused
            && !self.game.state().is_finished()
            && self.game.state().to_move() == self.you
    }
    /// The opponent.
    pub fn opponent(&self) -> &PublicPlayer {
        &self.players[self.you.other().idx()]
    }
    /// The sequence number the next action gets.
    pub fn next_seq(&self) -> u32 {
        self.game.log().len() as u32 + 1
    }
}

/// Something the page should show or do besides redrawing the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Signed in. `issued_token`: a new player's token, to keep in storage.
    SignedIn {
        /// The token the server just issued (first visit only).
        issued_token: Option<String>,
    },
    /// An action of ours was refused (the game goes on).
    Rejected {
        /// Why.
        code: RejectCode,
        /// The engine's rule code, for an illegal action.
        rule: Option<String>,
    },
    /// A lobby request was refused.
    Error(ErrorCode),
    /// An action was applied (`by_me`: ours).
    Applied {
        /// The action.
        action: Action,
        /// Whether it was this player's.
        by_me: bool,
    },
    /// Our replay disagreed with the server (a gap or a different hash): the
    /// whole game was asked for.
    Resync,
    /// The game started (or was rejoined).
    GameShown,
    /// The game ended.
    Finished(GameResult),
    /// The game was aborted (a side made no first action in time): no result,
    /// no rating change; the client is back in the lobby. `by_me`: this
    /// player was the one who did not move.
    Aborted {
        /// Whether this player aborted it.
        by_me: bool,
    },
    /// A rematch offer ended without a new game.
    RematchEnded(RematchEnd),
    /// Quick match is closed to this player for a while (too many aborts).
    QuickMatchLater {
        /// How long until it opens again.
        retry_in_ms: u64,
    },
}

/// A pending rematch offer of the finished game on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchOffer {
    /// The finished game it names.
    pub game_id: String,
    /// Who made it and when it lapses (page time, ms), as every room shows an offer.
    pub offer: PendingOffer,
}

impl RematchOffer {
    /// Time left at page time `now`.
    pub fn left_ms(&self, now: u64) -> u64 {
        self.offer.expires_at.saturating_sub(now)
    }
}

/// What the page must do after a connection closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reconnect {
    /// Connect again after this many ms (with the stored token).
    After(u64),
    /// Forget the stored token (the server does not know it), then connect at once.
    ForgetToken,
    /// Do not reconnect; show why (the page must be reloaded).
    Stop(String),
    /// Do not reconnect: the server refused to create a new player for this
    /// address now ([`close::TOO_MANY_ACCOUNTS`]); the player may try later.
    TooManyAccounts,
}

/// The client state machine.
#[derive(Clone, Debug)]
pub struct RefereeClient {
    phase: Phase,
    me: Option<Profile>,
    recent: Vec<RecentGame>,
    game: Option<ServerGame>,
    connected: bool,
    attempts: u32,
    /// A whole-game request is on its way (ask once until it arrives).
    resyncing: bool,
    /// The pending rematch offer of the finished game, if any.
    rematch: Option<RematchOffer>,
}

impl Default for RefereeClient {
    fn default() -> Self {
        Self::new()
    }
}

impl RefereeClient {
    /// A client that has not connected yet.
    pub fn new() -> RefereeClient {
        RefereeClient {
            phase: Phase::Connecting,
            me: None,
            recent: Vec::new(),
            game: None,
            connected: false,
            attempts: 0,
            resyncing: false,
            rematch: None,
        }
    }

    /// Where the player is.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// The player's profile, once signed in.
    pub fn me(&self) -> Option<&Profile> {
        self.me.as_ref()
    }
    /// Recent finished games, newest first.
    pub fn recent(&self) -> &[RecentGame] {
        &self.recent
    }
    /// The current (or just finished) game.
    pub fn game(&self) -> Option<&ServerGame> {
        self.game.as_ref()
    }
    /// The pending rematch offer, if any.
    pub fn rematch(&self) -> Option<&RematchOffer> {
        self.rematch.as_ref()
    }

    /// 再来一局: the offer to send, once the game on show is finished and no
    /// offer is pending.
    pub fn offer_rematch(&self) -> Option<ClientMsg> {
        let g = self.game.as_ref().filter(|g| g.result.is_some())?;
        (self.connected && self.rematch.is_none()).then(|| ClientMsg::Rematch {
            game_id: g.id.clone(),
        })
    }

    /// The answer to send to the opponent's pending offer.
    pub fn answer_rematch(&self, accept: bool) -> Option<ClientMsg> {
        let o = self.rematch.as_ref().filter(|o| !o.offer.by_me)?;
        self.connected.then(|| ClientMsg::RematchAnswer {
            game_id: o.game_id.clone(),
            accept,
        })
    }

    /// Whether the connection is up and signed in.
    pub fn connected(&self) -> bool {
        self.connected
    }

    /// The first message on a new connection.
    pub fn hello(&self, token: Option<String>, name: Option<String>) -> ClientMsg {
        ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token,
            name,
        }
    }

    /// The first message on a connection that watches `game_id`.
    pub fn watch(&self, game_id: &str) -> ClientMsg {
        ClientMsg::Watch {
            v: PROTOCOL_VERSION,
            game_id: game_id.to_string(),
        }
    }

    /// Our action: the message to send, if it is our turn (the server decides
    /// legality; a refusal comes back as [`Note::Rejected`]).
    pub fn act(&self, action: Action) -> Option<ClientMsg> {
        let g = self.game.as_ref()?;
        (self.connected && g.my_turn()).then(|| ClientMsg::Act {
            seq: g.next_seq(),
            action,
        })
    }

    /// Back to the lobby from a finished game.
    pub fn leave_game(&mut self) {
        if self.game.as_ref().is_some_and(|g| g.result.is_some()) {
            // A rematch offer stays: the lobby shows it until it is answered or ends.
            self.game = None;
            self.phase = Phase::Lobby;
        }
    }

    /// The connection closed (code and reason of the close frame, if any).
    pub fn on_closed(&mut self, code: Option<u16>, reason: &str) -> Reconnect {
        self.connected = false;
        self.resyncing = false;
        if !matches!(self.phase, Phase::InGame) {
            self.phase = Phase::Connecting;
        }
        match code {
            Some(close::UNKNOWN_TOKEN) => Reconnect::ForgetToken,
            Some(close::UNSUPPORTED_VERSION) => Reconnect::Stop(reason.to_string()),
            Some(close::TOO_MANY_ACCOUNTS) => Reconnect::TooManyAccounts,
            _ => {
                let wait = RECONNECT_FIRST_MS << self.attempts.min(4);
                self.attempts += 1;
                Reconnect::After(wait.min(RECONNECT_MAX_MS))
            }
        }
    }

    /// A server message arrived at page time `now`: updates the state and
    /// returns what to send and what to tell the player.
    pub fn on_message(&mut self, msg: ServerMsg, now: u64) -> (Vec<ClientMsg>, Vec<Note>) {
        let mut send = Vec::new();
        let mut notes = Vec::new();
        match msg {
            ServerMsg::Welcome {
                token, me, recent, ..
            } => {
                self.me = Some(me);
                self.recent = recent;
                self.connected = true;
                self.attempts = 0;
                if !matches!(self.phase, Phase::InGame) {
                    self.phase = Phase::Lobby;
                }
                notes.push(Note::SignedIn {
                    issued_token: token,
                });
            }
            ServerMsg::Profile { me } => self.me = Some(me),
            ServerMsg::Searching => self.phase = Phase::Searching,
            ServerMsg::RoomOpen { code, rated } => self.phase = Phase::RoomOpen(code, rated),
            ServerMsg::SearchEnded => {
                if !matches!(self.phase, Phase::InGame) {
                    self.phase = Phase::Lobby;
                }
            }
            ServerMsg::Game(view) => {
                // A new game (an accepted rematch among them) ends any offer.
                self.rematch = None;
                self.show(view.you.0, view.game, false, now, &mut notes)
            }
            ServerMsg::Watching(w) => {
                self.connected = true;
                self.attempts = 0;
                // Black is drawn nearest.
                self.show(Side::Black, w, true, now, &mut notes)
            }
            ServerMsg::Watchers { count } => {
                if let Some(g) = &mut self.game {
                    g.watchers = count;
                }
            }
            ServerMsg::Applied {
                seq,
                action,
                hash,
                clock,
            } => self.applied(seq, action, &hash, clock, now, &mut send, &mut notes),
            ServerMsg::Presence {
                side,
                present,
                clock,
            } => {
                if let Some(g) = &mut self.game {
                    g.present[side.0.idx()] = present;
                    g.clock = clock;
                    g.clock_at = now;
                }
            }
            ServerMsg::Rejected { code, rule, .. } => {
                // A refusal for a turn or sequence reason means our board is
                // behind the server's: fetch it.
                if matches!(code, RejectCode::StaleSeq | RejectCode::NotYourTurn) {
                    self.ask_state(&mut send);
                }
                notes.push(Note::Rejected { code, rule });
            }
            ServerMsg::Finished { result } => self.finished(result, now, &mut notes),
            ServerMsg::Error { code } => {
                if matches!(self.phase, Phase::Connecting) {
                    self.phase = Phase::Lobby;
                }
                notes.push(Note::Error(code));
            }
            ServerMsg::QuickMatchLater { retry_in_ms } => {
                if !matches!(self.phase, Phase::InGame) {
                    self.phase = Phase::Lobby;
                }
                notes.push(Note::QuickMatchLater { retry_in_ms });
            }
            ServerMsg::RematchOffered {
                game_id,
                by_you,
                expires_in_ms,
            } => {
                self.rematch = Some(RematchOffer {
                    game_id,
                    offer: PendingOffer {
                        by_me: by_you,
                        expires_at: now + expires_in_ms,
                    },
                })
            }
            ServerMsg::RematchEnded { game_id, why } => {
                if let Some(o) = self.rematch.take_if(|o| o.game_id == game_id) {
                    // The one who declined needs no word about it.
                    if o.offer.by_me || why != RematchEnd::Declined {
                        notes.push(Note::RematchEnded(why));
                    }
                }
            }
            ServerMsg::Pong { .. } => {}
        }
        (send, notes)
    }

    fn ask_state(&mut self, send: &mut Vec<ClientMsg>) {
        if !self.resyncing {
            self.resyncing = true;
            send.push(ClientMsg::RequestState);
        }
    }

    fn show(
        &mut self,
        you: Side,
        view: WatchView,
        spectator: bool,
        now: u64,
        notes: &mut Vec<Note>,
    ) {
        self.resyncing = false;
        // The server's log is the game; a log this engine cannot replay (a
        // different rules version) is shown as far as it goes.
        let game = Game::from_log(&view.log)
            .unwrap_or_else(|(i, _)| Game::from_log(&view.log[..i]).unwrap_or_default());
        let same = hash_hex(game.state().hash()) == view.hash;
        let last = game.last_outcome().copied();
        self.game = Some(ServerGame {
            id: view.game_id,
            you,
            players: view.players,
            game,
            clock: view.clock,
            clock_at: now,
            present: view.present,
            result: view.result,
            last,
            paused: view.paused,
            spectator,
            watchers: view.watchers,
        });
        self.phase = Phase::InGame;
        notes.push(if same { Note::GameShown } else { Note::Resync });
    }

    #[allow(clippy::too_many_arguments)]
    fn applied(
        &mut self,
        seq: u32,
        action: Action,
        hash: &str,
        clock: Clock,
        now: u64,
        send: &mut Vec<ClientMsg>,
        notes: &mut Vec<Note>,
    ) {
        let Some(g) = &mut self.game else {
            return;
        };
        let next = g.next_seq();
        if seq < next {
            return; // already have it
        }
        let mover = g.game.state().to_move();
        let ok = seq == next
            && match g.game.play(action) {
                Ok(o) => {
                    g.last = Some(o);
                    hash_hex(g.game.state().hash()) == hash
                }
                Err(_) => false,
            };
        g.clock = clock;
        g.clock_at = now;
        if ok {
            let by_me = matches!(
                action,
                Action::Place { .. } | Action::Move { .. } | Action::Capture { .. }
            ) && mover == g.you
                && !g.spectator;
            notes.push(Note::Applied { action, by_me });
        } else {
            notes.push(Note::Resync);
            self.ask_state(send);
        }
    }

    fn finished(&mut self, result: GameResult, now: u64, notes: &mut Vec<Note>) {
        let Some(g) = &mut self.game else {
            return;
        };
        g.result = Some(result.clone());
        g.clock = Clock::default();
        if g.spectator {
            notes.push(Note::Finished(result));
            return;
        }
        let you = g.you;
        let entry = RecentGame {
            game_id: g.id.clone(),
            you: SideCode(you),
            opponent: g.opponent().clone(),
            result: result.clone(),
            finished_at: now,
        };
        if !self.recent.iter().any(|r| r.game_id == entry.game_id) {
            self.recent.insert(0, entry);
            self.recent.truncate(RECENT_KEPT);
        }
        if result.reason == EndReason::Aborted {
            notes.push(Note::Aborted {
                by_me: result.aborted_by.map(|s| s.0) == Some(you),
            });
            self.game = None;
            self.phase = Phase::Lobby;
            return;
        }
        notes.push(Note::Finished(result));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::referee_protocol::{EndReason, GameView, RatingChange, Unrated};

    fn player(id: &str) -> PublicPlayer {
        PublicPlayer {
            id: id.into(),
            name: id.into(),
            rating: 1200,
        }
    }

    fn profile() -> Profile {
        Profile {
            id: "me".into(),
            name: "Me".into(),
            rating: 1200,
            games: 0,
            wins: 0,
            losses: 0,
        }
    }

    fn view(log: Vec<Action>, you: Side) -> GameView {
        let g = Game::from_log(&log).unwrap();
        let game = WatchView {
            game_id: "g".into(),
            players: [player("me"), player("them")],
            hash: hash_hex(g.state().hash()),
            log,
            clock: Clock {
                turn_ms: Some(30_000),
                grace_ms: [None, None],
            },
            present: [true, true],
            result: None,
            paused: false,
            watchers: 0,
        };
        GameView::seen_by(game, you)
    }

    /// Black won by resignation before three moves each: unrated.
    fn black_resigned_unrated() -> GameResult {
        GameResult {
            winner: Some(SideCode(Side::Black)),
            reason: EndReason::Resign,
            ratings: [RatingChange {
                before: 1200,
                after: 1200,
            }; 2],
            unrated: Some(Unrated::TooFewMoves),
            aborted_by: None,
        }
    }

    fn applied(game: &Game, seq: u32, action: Action) -> ServerMsg {
        let mut g = game.clone();
        g.play(action).unwrap();
        ServerMsg::Applied {
            seq,
            action,
            hash: hash_hex(g.state().hash()),
            clock: Clock {
                turn_ms: Some(30_000),
                grace_ms: [None, None],
            },
        }
    }

    fn signed_in() -> RefereeClient {
        let mut c = RefereeClient::new();
        let (send, notes) = c.on_message(
            ServerMsg::Welcome {
                v: 1,
                token: Some("t".into()),
                me: profile(),
                recent: vec![],
            },
            0,
        );
        assert!(send.is_empty());
        assert_eq!(
            notes,
            vec![Note::SignedIn {
                issued_token: Some("t".into())
            }]
        );
        c
    }

    /// A spectator's client shows the game and follows it, never acts, hears the
    /// count, and keeps the end out of its own recent games.
    #[test]
    fn a_spectator_follows_the_game_and_never_acts() {
        let mut c = RefereeClient::new();
        assert_eq!(
            c.watch("g"),
            ClientMsg::Watch {
                v: PROTOCOL_VERSION,
                game_id: "g".into()
            }
        );
        let first = Action::Place { to: 12 };
        let watched = WatchView {
            watchers: 3,
            ..view(vec![first], Side::White).game
        };
        let (_, notes) = c.on_message(ServerMsg::Watching(watched), 0);
        assert_eq!(notes, vec![Note::GameShown]);
        assert!(c.connected());
        let g = c.game().unwrap();
        assert!(g.spectator && g.watchers == 3);
        assert_eq!(g.you, Side::Black, "Black is drawn nearest");
        // White is to move, and a spectator is nobody's turn.
        assert!(!g.my_turn());
        assert_eq!(c.act(Action::Place { to: 0 }), None);
        let game = g.game.clone();
        let (_, notes) = c.on_message(applied(&game, 2, Action::Place { to: 0 }), 0);
        assert_eq!(
            notes,
            vec![Note::Applied {
                action: Action::Place { to: 0 },
                by_me: false
            }]
        );
        assert!(
            !c.game().unwrap().my_turn(),
            "Black's turn, still not the spectator's"
        );
        c.on_message(ServerMsg::Watchers { count: 2 }, 0);
        assert_eq!(c.game().unwrap().watchers, 2);
        let result = black_resigned_unrated();
        let (_, notes) = c.on_message(
            ServerMsg::Finished {
                result: result.clone(),
            },
            0,
        );
        assert_eq!(notes, vec![Note::Finished(result)]);
        assert!(
            c.recent().is_empty(),
            "a watched game is not the spectator's own"
        );
    }

    #[test]
    fn lobby_phases_follow_the_server() {
        let mut c = signed_in();
        assert_eq!(c.phase(), &Phase::Lobby);
        assert!(c.connected());
        c.on_message(ServerMsg::Searching, 0);
        assert_eq!(c.phase(), &Phase::Searching);
        c.on_message(ServerMsg::SearchEnded, 0);
        assert_eq!(c.phase(), &Phase::Lobby);
        c.on_message(
            ServerMsg::RoomOpen {
                code: "ABC234XYZ".into(),
                rated: true,
            },
            0,
        );
        assert_eq!(c.phase(), &Phase::RoomOpen("ABC234XYZ".into(), true));
        let (_, notes) = c.on_message(
            ServerMsg::Error {
                code: ErrorCode::RoomNotFound,
            },
            0,
        );
        assert_eq!(notes, vec![Note::Error(ErrorCode::RoomNotFound)]);
    }

    #[test]
    fn applied_actions_replay_with_the_same_hash_and_clocks_count_down() {
        let mut c = signed_in();
        let (_, notes) = c.on_message(ServerMsg::Game(view(vec![], Side::Black)), 1_000);
        assert_eq!(notes, vec![Note::GameShown]);
        assert_eq!(c.phase(), &Phase::InGame);
        let g = c.game().unwrap();
        assert!(g.my_turn());
        assert_eq!(g.turn_left_ms(11_000), Some(20_000));
        assert_eq!(
            c.act(Action::Place { to: 12 }),
            Some(ClientMsg::Act {
                seq: 1,
                action: Action::Place { to: 12 }
            })
        );
        let m = applied(&c.game().unwrap().game, 1, Action::Place { to: 12 });
        let (send, notes) = c.on_message(m.clone(), 2_000);
        assert!(send.is_empty());
        assert_eq!(
            notes,
            vec![Note::Applied {
                action: Action::Place { to: 12 },
                by_me: true
            }]
        );
        assert!(!c.game().unwrap().my_turn());
        assert_eq!(c.act(Action::Place { to: 0 }), None, "not our turn");
        // The same broadcast again changes nothing.
        let (send, notes) = c.on_message(m, 2_500);
        assert!(send.is_empty() && notes.is_empty());
        let m = applied(&c.game().unwrap().game, 2, Action::Place { to: 0 });
        let (_, notes) = c.on_message(m, 3_000);
        assert_eq!(
            notes,
            vec![Note::Applied {
                action: Action::Place { to: 0 },
                by_me: false
            }]
        );
        assert_eq!(c.game().unwrap().game.log().len(), 2);
    }

    #[test]
    fn a_hash_mismatch_or_a_gap_asks_for_the_game_once() {
        let mut c = signed_in();
        c.on_message(ServerMsg::Game(view(vec![], Side::White)), 0);
        let bad = ServerMsg::Applied {
            seq: 1,
            action: Action::Place { to: 3 },
            hash: hash_hex(7),
            clock: Clock::default(),
        };
        let (send, notes) = c.on_message(bad, 0);
        assert_eq!(send, vec![ClientMsg::RequestState]);
        assert_eq!(notes, vec![Note::Resync]);
        let gap = ServerMsg::Applied {
            seq: 9,
            action: Action::Place { to: 4 },
            hash: hash_hex(8),
            clock: Clock::default(),
        };
        let (send, _) = c.on_message(gap, 0);
        assert!(send.is_empty(), "already asked");
        // The whole game arrives: the replay is back in step.
        let (_, notes) = c.on_message(
            ServerMsg::Game(view(vec![Action::Place { to: 3 }], Side::White)),
            0,
        );
        assert_eq!(notes, vec![Note::GameShown]);
        assert!(c.game().unwrap().my_turn());
        let gap = ServerMsg::Applied {
            seq: 5,
            action: Action::Place { to: 4 },
            hash: hash_hex(8),
            clock: Clock::default(),
        };
        assert_eq!(c.on_message(gap, 0).0, vec![ClientMsg::RequestState]);
    }

    #[test]
    fn presence_finish_and_back_to_the_lobby() {
        let mut c = signed_in();
        c.on_message(ServerMsg::Game(view(vec![], Side::Black)), 0);
        c.on_message(
            ServerMsg::Presence {
                side: SideCode(Side::White),
                present: false,
                clock: Clock {
                    turn_ms: None,
                    grace_ms: [None, Some(15_000)],
                },
            },
            100,
        );
        let g = c.game().unwrap();
        assert_eq!(g.present, [true, false]);
        assert_eq!(g.grace_left_ms(Side::White, 5_100), Some(10_000));
        assert_eq!(g.turn_left_ms(5_100), None);
        let result = GameResult {
            winner: Some(SideCode(Side::Black)),
            reason: EndReason::Disconnect,
            ratings: [
                RatingChange {
                    before: 1200,
                    after: 1216,
                },
                RatingChange {
                    before: 1200,
                    after: 1184,
                },
            ],
            unrated: None,
            aborted_by: None,
        };
        let (_, notes) = c.on_message(
            ServerMsg::Finished {
                result: result.clone(),
            },
            15_100,
        );
        assert_eq!(notes, vec![Note::Finished(result.clone())]);
        assert!(!c.game().unwrap().my_turn());
        assert_eq!(c.recent()[0].result, result);
        assert_eq!(c.recent()[0].opponent.id, "them");
        c.leave_game();
        assert_eq!(c.phase(), &Phase::Lobby);
        assert!(c.game().is_none());
    }

    #[test]
    fn a_rematch_is_offered_only_after_the_game_and_ends_with_a_note_or_a_new_game() {
        let mut c = signed_in();
        c.on_message(ServerMsg::Game(view(vec![], Side::Black)), 0);
        assert_eq!(c.offer_rematch(), None, "the game is still on");
        let result = black_resigned_unrated();
        c.on_message(ServerMsg::Finished { result }, 0);
        let offer = ClientMsg::Rematch {
            game_id: "g".into(),
        };
        assert_eq!(c.offer_rematch(), Some(offer));
        let offered = |by_you| ServerMsg::RematchOffered {
            game_id: "g".into(),
            by_you,
            expires_in_ms: 30_000,
        };
        c.on_message(offered(true), 1_000);
        assert_eq!(c.rematch().unwrap().left_ms(11_000), 20_000);
        assert_eq!(c.offer_rematch(), None, "one offer at a time");
        assert_eq!(
            c.answer_rematch(true),
            None,
            "one does not answer one's own"
        );
        let ended = |game_id: &str| ServerMsg::RematchEnded {
            game_id: game_id.into(),
            why: RematchEnd::Declined,
        };
        assert!(
            c.on_message(ended("other"), 0).1.is_empty(),
            "another game's"
        );
        let (_, notes) = c.on_message(ended("g"), 2_000);
        assert_eq!(notes, vec![Note::RematchEnded(RematchEnd::Declined)]);
        assert_eq!(c.rematch(), None);
        // The opponent's offer, accepted: the new game ends it.
        c.on_message(offered(false), 3_000);
        assert_eq!(
            c.answer_rematch(true),
            Some(ClientMsg::RematchAnswer {
                game_id: "g".into(),
                accept: true
            })
        );
        c.on_message(ServerMsg::Game(view(vec![], Side::White)), 4_000);
        assert_eq!(c.rematch(), None);
        assert_eq!(c.game().unwrap().you, Side::White);
    }

    #[test]
    fn a_declined_offer_is_news_only_to_the_one_who_made_it_and_the_lobby_keeps_an_offer() {
        let mut c = signed_in();
        let offered = ServerMsg::RematchOffered {
            game_id: "g".into(),
            by_you: false,
            expires_in_ms: 30_000,
        };
        c.on_message(offered, 0);
        c.leave_game();
        assert!(c.rematch().is_some(), "answered from the lobby");
        let (_, notes) = c.on_message(
            ServerMsg::RematchEnded {
                game_id: "g".into(),
                why: RematchEnd::Declined,
            },
            1_000,
        );
        assert!(notes.is_empty());
        assert_eq!(c.rematch(), None);
    }

    #[test]
    fn reconnection_backs_off_and_handles_refusals() {
        let mut c = signed_in();
        let waits: Vec<_> = (0..6).map(|_| c.on_closed(None, "")).collect();
        let ms = |w: &Reconnect| match w {
            Reconnect::After(ms) => *ms,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            waits.iter().map(ms).collect::<Vec<_>>(),
            vec![500, 1000, 2000, 4000, 5000, 5000]
        );
        assert!(!c.connected());
        assert_eq!(c.phase(), &Phase::Connecting);
        signed_in_again(&mut c);
        assert_eq!(
            c.on_closed(None, ""),
            Reconnect::After(500),
            "reset by a welcome"
        );
        assert_eq!(
            c.on_closed(Some(close::UNKNOWN_TOKEN), "x"),
            Reconnect::ForgetToken
        );
        assert_eq!(
            c.on_closed(Some(close::UNSUPPORTED_VERSION), "reload"),
            Reconnect::Stop("reload".into())
        );
    }

    fn signed_in_again(c: &mut RefereeClient) {
        c.on_message(
            ServerMsg::Welcome {
                v: 1,
                token: None,
                me: profile(),
                recent: vec![],
            },
            0,
        );
    }

    #[test]
    fn a_game_in_progress_survives_a_reconnection() {
        let mut c = signed_in();
        c.on_message(
            ServerMsg::Game(view(vec![Action::Place { to: 1 }], Side::White)),
            0,
        );
        c.on_closed(Some(close::GOING_AWAY), "restarting");
        assert_eq!(
            c.phase(),
            &Phase::InGame,
            "the board stays up while reconnecting"
        );
        assert_eq!(
            c.act(Action::Place { to: 2 }),
            None,
            "no actions while disconnected"
        );
        signed_in_again(&mut c);
        assert_eq!(c.phase(), &Phase::InGame);
        assert!(c.act(Action::Place { to: 2 }).is_some());
    }
}
