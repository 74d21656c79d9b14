//! The referee-server controller: one WebSocket to the page's server, the
//! engine's [`RefereeClient`] that turns its messages into what the lobby and
//! the room show, the player token in the page's storage, reconnection (with
//! the token, then `request_state`), and the player's intents as messages.

use std::rc::Rc;

use leptos::prelude::*;

use engine::baifang::referee_client::{Note, Phase, Reconnect, RefereeClient};
use engine::baifang::referee_protocol::{ClientMsg, ErrorCode, RejectCode, RematchEnd, ServerMsg};

use crate::online::now_ms;
use crate::online::server::{ServerSocket, SocketEvent};
use web_core::host::haptics::{self, Haptic};
use web_core::nav::{self, Screen};
use web_core::storage;

use crate::board::tap::tap_intent;
use crate::room::feel::feel;
use crate::room::remote_tap::apply_remote_tap;

/// Where the player token lives (per `?profile=<slot>`, like the local record).
const TOKEN_KEY: &str = "baifang:server-token";

/// Whether this page left a server game in progress (a reload mid-game): it marked this
/// screen as the one the page comes back to (`nav::set_resume_screen`), so the shell,
/// which imports no game, reopens it.
fn game_in_progress_stored() -> bool {
    nav::resume_screen() == Some(Screen::BaifangOnline)
}

/// Marks or clears the game in progress that a reload comes back to.
fn mark_game_in_progress(in_progress: bool) {
    nav::set_resume_screen(in_progress.then_some(Screen::BaifangOnline));
}

/// Something to tell the player besides the board (translated by the view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerNotice {
    /// An action was refused (the game goes on).
    Rejected(RejectCode, Option<String>),
    /// A lobby request was refused.
    Error(ErrorCode),
    /// The server will not talk to this page version (reload it).
    Stopped(String),
    /// The server refused to create another new player from this address.
    TooManyAccounts,
    /// The game was aborted (`by_me`: this player made no first move in time).
    Aborted {
        /// Whether this player aborted it.
        by_me: bool,
    },
    /// Quick match is closed to this player for this long (ms): too many aborts.
    QuickMatchLater(u64),
    /// A rematch offer ended without a new game.
    RematchEnded(RematchEnd),
}

/// Every handle the lobby and room share (all `Copy`).
#[derive(Clone, Copy)]
pub struct ServerController {
    pub client: RwSignal<RefereeClient>,
    socket: StoredValue<Option<Rc<ServerSocket>>, LocalStorage>,
    /// The page clock as last seen (clocks count down from it).
    pub clock: RwSignal<u64>,
    pub notice: RwSignal<Option<ServerNotice>>,
    /// The stone this player picked up (moving phase).
    pub selection: RwSignal<Option<u8>>,
    /// Bumped on every applied action (the board's formation animation key).
    pub applied: RwSignal<usize>,
    /// The sequence number of an action sent and not yet answered (no second send).
    in_flight: StoredValue<Option<u32>>,
    /// A friend-room code (from a `#room=` link) to join once signed in.
    pending_join: StoredValue<Option<(String, bool)>>,
    /// The live game this page watches (a `#watch=` link) instead of playing: every
    /// connection says `watch` for it, not hello.
    watching: StoredValue<Option<String>>,
    nav: nav::Nav,
}

impl ServerController {
    /// Connects (with the stored token), lets the clocks tick every 200 ms,
    /// reconnects at once when the device's network comes back, and closes
    /// the connection when the Baifang screen goes away.
    pub fn start() -> ServerController {
        let ctl = ServerController {
            client: RwSignal::new(RefereeClient::new()),
            socket: StoredValue::new_local(None),
            clock: RwSignal::new(now_ms()),
            notice: RwSignal::new(None),
            selection: RwSignal::new(None),
            applied: RwSignal::new(0),
            in_flight: StoredValue::new(None),
            pending_join: StoredValue::new(None),
            watching: StoredValue::new(None),
            nav: nav::use_nav(),
        };
        ctl.connect();
        let interval = gloo_timers::callback::Interval::new(200, move || ctl.clock.set(now_ms()));
        let online = listen_online(move || ctl.reconnect_now());
        let keep = send_wrapper::SendWrapper::new((interval, online));
        on_cleanup(move || {
            drop(keep);
            ctl.socket.update_value(|s| {
                if let Some(s) = s.take() {
                    s.close();
                }
            });
        });
        ctl
    }

    fn connect(self) {
        let socket = ServerSocket::open(Rc::new(move |e| self.on_socket(e)));
        self.socket.set_value(Some(Rc::new(socket)));
    }

    /// A new connection now (the network changed: the old one may be dead
    /// without knowing it).
    fn reconnect_now(self) {
        self.socket.update_value(|s| {
            if let Some(s) = s.take() {
                s.close();
            }
        });
        self.client.update(|c| {
            c.on_closed(None, "");
        });
        self.connect();
    }

    fn send(self, m: &ClientMsg) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                s.send(&m.to_json());
            }
        });
    }

    fn on_socket(self, e: SocketEvent) {
        match e {
            SocketEvent::Open => {
                let first = match self.watching.get_value() {
                    Some(game) => self.client.with_untracked(|c| c.watch(&game)),
                    None => {
                        let token = storage::read(&storage::slot_key(TOKEN_KEY));
                        self.client.with_untracked(|c| c.hello(token, None))
                    }
                };
                self.send(&first);
            }
            SocketEvent::Text(text) => match ServerMsg::decode(text.as_bytes()) {
                Ok(m) => self.on_message(m),
                // A message this version does not know: the server is newer;
                // the next `Game` brings the state back in step.
                Err(_) => self.send(&ClientMsg::RequestState),
            },
            SocketEvent::Closed { code, reason } => {
                self.in_flight.set_value(None);
                let next = self.client.try_update(|c| c.on_closed(code, &reason));
                let wait = match next {
                    Some(Reconnect::After(ms)) => ms,
                    Some(Reconnect::ForgetToken) => {
                        storage::remove(&storage::slot_key(TOKEN_KEY));
                        0
                    }
                    Some(Reconnect::Stop(why)) => {
                        self.notice.set(Some(ServerNotice::Stopped(why)));
                        return;
                    }
                    Some(Reconnect::TooManyAccounts) => {
                        self.notice.set(Some(ServerNotice::TooManyAccounts));
                        return;
                    }
                    None => return,
                };
                // Never from inside the socket's own handler: a timer replaces it.
                gloo_timers::callback::Timeout::new(wait as u32, move || self.connect()).forget();
            }
        }
    }

    fn on_message(self, m: ServerMsg) {
        let had_game = self
            .client
            .with_untracked(|c| matches!(c.phase(), Phase::InGame));
        let Some((send, notes)) = self.client.try_update(|c| c.on_message(m, now_ms())) else {
            return;
        };
        for s in &send {
            self.send(s);
        }
        for n in notes {
            self.on_note(n, had_game);
        }
        self.clock.set(now_ms());
    }

    fn on_note(self, n: Note, had_game: bool) {
        match n {
            Note::SignedIn { issued_token } => {
                if let Some(t) = issued_token {
                    storage::write(&storage::slot_key(TOKEN_KEY), &t);
                }
                // Back after a drop or a reload mid-game: ask for the whole game
                // (the board and clocks as the server has them now).
                if had_game || game_in_progress_stored() {
                    self.send(&ClientMsg::RequestState);
                }
                if let Some((code, rated)) =
                    self.pending_join.try_update_value(Option::take).flatten()
                {
                    self.send(&ClientMsg::JoinRoom { code, rated });
                }
            }
            Note::Rejected { code, rule } => {
                self.in_flight.set_value(None);
                // No game on the server: whatever this page remembered is over.
                if code == RejectCode::NoGame {
                    mark_game_in_progress(false);
                } else {
                    haptics::play(Haptic::Bump);
                    self.notice.set(Some(ServerNotice::Rejected(code, rule)));
                }
            }
            Note::Error(ErrorCode::NotLive) if self.is_watching() => self.open_finished(),
            Note::Error(code) => self.notice.set(Some(ServerNotice::Error(code))),
            Note::Applied { action, .. } => {
                self.in_flight.set_value(None);
                self.selection.set(None);
                self.notice.set(None);
                self.applied.update(|n| *n += 1);
                if let Some(o) = self
                    .client
                    .with_untracked(|c| c.game().and_then(|g| g.last))
                {
                    feel(action, &o);
                }
            }
            Note::Resync => {}
            Note::GameShown => {
                self.in_flight.set_value(None);
                self.selection.set(None);
                let over = self
                    .client
                    .with_untracked(|c| c.game().is_some_and(|g| g.result.is_some()));
                // A spectator's reload goes home: the link was taken.
                if !self.is_watching() {
                    mark_game_in_progress(!over);
                }
            }
            Note::Finished(_) => {
                self.selection.set(None);
                if !self.is_watching() {
                    mark_game_in_progress(false);
                }
            }
            Note::Aborted { by_me } => {
                self.selection.set(None);
                mark_game_in_progress(false);
                self.notice.set(Some(ServerNotice::Aborted { by_me }));
            }
            Note::RematchEnded(why) => self.notice.set(Some(ServerNotice::RematchEnded(why))),
            Note::QuickMatchLater { retry_in_ms } => {
                self.notice
                    .set(Some(ServerNotice::QuickMatchLater(retry_in_ms)));
            }
        }
    }

    /// Watches the live game `game` instead of playing (before the connection opens).
    pub fn watch(self, game: String) {
        self.watching.set_value(Some(game));
    }

    /// Whether this page watches a game rather than plays.
    pub fn is_watching(self) -> bool {
        self.watching.with_value(Option::is_some)
    }

    /// The watched game is not being played (any more): a finished one opens in the
    /// review; one the server does not know is said so.
    fn open_finished(self) {
        let Some(game) = self.watching.get_value() else {
            return;
        };
        leptos::task::spawn_local(async move {
            match crate::server::api::finished_for_review(&game).await {
                Ok(source) => self.nav.open(&source),
                Err(_) => {
                    let _ = self
                        .notice
                        .try_set(Some(ServerNotice::Error(ErrorCode::NotLive)));
                }
            }
        });
    }

    /// Stops watching: back to the Baifang lobby.
    pub fn leave_watching(self) {
        self.nav.go(Screen::Baifang);
    }

    /// The watched game in the review (once it is over).
    pub fn review_watched(self) {
        self.open_finished();
    }

    /// Joins the quick-match queue.
    pub fn quick_match(self) {
        self.notice.set(None);
        self.send(&ClientMsg::QuickMatch);
    }

    /// Opens a friend room (the server answers with its code); `rated`: the
    /// creator asks for a rated game (rated only if the joiner asks too).
    pub fn create_room(self, rated: bool) {
        self.notice.set(None);
        self.send(&ClientMsg::CreateRoom { rated });
    }

    /// Joins the friend room `code` now, or once signed in (`rated`: this
    /// player asks for a rated game).
    pub fn join_room(self, code: String, rated: bool) {
        self.notice.set(None);
        if self.client.with_untracked(|c| c.connected()) {
            self.send(&ClientMsg::JoinRoom { code, rated });
        } else {
            self.pending_join.set_value(Some((code, rated)));
        }
    }

    /// Leaves the queue or closes the open friend room.
    pub fn cancel(self) {
        self.send(&ClientMsg::Cancel);
    }

    /// Sets the display name.
    pub fn set_name(self, name: String) {
        self.notice.set(None);
        self.send(&ClientMsg::SetName { name });
    }

    /// Resigns the game in progress.
    pub fn resign(self) {
        self.send(&ClientMsg::Resign);
    }

    /// 再来一局: offers the opponent of the finished game on show a new game.
    pub fn offer_rematch(self) {
        self.notice.set(None);
        if let Some(m) = self.client.with_untracked(|c| c.offer_rematch()) {
            self.send(&m);
        }
    }

    /// Accepts or declines the opponent's rematch offer.
    pub fn answer_rematch(self, accept: bool) {
        self.notice.set(None);
        if let Some(m) = self.client.with_untracked(|c| c.answer_rematch(accept)) {
            self.send(&m);
        }
    }

    /// Back to the lobby from a finished game (a rematch offer stays open there).
    pub fn leave_game(self) {
        self.client.update(|c| c.leave_game());
        self.notice.set(None);
    }

    /// A tap on point `p`: whether it meant something. The engine decides
    /// legality here first so a wrong tap is refused at once; the server
    /// decides again.
    pub fn tap(self, p: u8) -> bool {
        let Some((state, next_seq)) = self.client.with_untracked(|c| {
            c.game()
                .filter(|g| g.my_turn() && c.connected())
                .map(|g| (*g.game.state(), g.next_seq()))
        }) else {
            return false;
        };
        if self.in_flight.get_value() == Some(next_seq) {
            return false;
        }
        let intent = tap_intent(&state, self.selection.get_untracked(), p);
        apply_remote_tap(self.selection, intent, |action| {
            let legal = self.client.with_untracked(|c| {
                c.game()
                    .is_some_and(|g| g.game.clone().play(action).is_ok())
            });
            let msg = self.client.with_untracked(|c| c.act(action));
            match msg {
                Some(m) if legal => {
                    self.in_flight.set_value(Some(next_seq));
                    self.send(&m);
                    true
                }
                _ => false,
            }
        })
    }
}

/// Calls `f` whenever the device's network comes back (`online` event); the
/// listener goes when the returned handle is dropped.
fn listen_online(f: impl Fn() + 'static) -> OnlineListener {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    let closure = Closure::<dyn Fn()>::new(f);
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("online", closure.as_ref().unchecked_ref());
    }
    OnlineListener(closure)
}

/// The `online` listener; removed on drop.
struct OnlineListener(wasm_bindgen::closure::Closure<dyn Fn()>);

impl Drop for OnlineListener {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        if let Some(w) = web_sys::window() {
            let _ =
                w.remove_event_listener_with_callback("online", self.0.as_ref().unchecked_ref());
        }
    }
}
