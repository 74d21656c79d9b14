//! The online game room: the engine's match [`MatchSession`] between the page's
//! [`Transport`] and the same board, scoreboards, step clock and settlement as
//! the local room. Everything the session decides arrives as effects; this
//! component only carries them out and draws the session's state.
//!
//! Test hooks (`window.__onlineTest`): `state()` (stage, colour, hash, action
//! count, board, transport kind), `sendForged(json)` (sends raw text to the
//! peer as if it were a packet), `tamper()` (edits the local state as a
//! memory editor would) and `setOffline(bool)` (cuts this tab's network, tab
//! transport only).

use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use engine::baifang::session::{
    MatchResult, MatchSession, Player, SessionCommand, Stage, UiEvent, DATA_ERROR_MESSAGE,
    PEER_LEFT_MESSAGE,
};
use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::{Action, Phase, Reason, Side, State};

use crate::host::haptics::{self, Haptic};
use crate::i18n::{use_lang, Lang};
use crate::online::{now_ms, page_transport, secure_random, Transport, TransportEvent};

use super::board::Board;
use super::profile::{self, Profile, RecentMatch};
use super::scoreboard::ScoreBoard;
use super::settlement::Settlement;
use super::step_timer::StepTimer;
use super::strings::{banner_text, sign_in_text, Audience, BText};
use super::view_model::{board_view, Banner};

/// How the room was opened from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineSetup {
    /// 与友对战 (an invitation) rather than 快速匹配.
    pub friend: bool,
}

/// Every handle the room's callbacks share (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    session: RwSignal<MatchSession>,
    transport: StoredValue<Option<Rc<dyn Transport>>, LocalStorage>,
    last: RwSignal<Option<engine::baifang::ActionOutcome>>,
    selection: RwSignal<Option<u8>>,
    message: RwSignal<Option<String>>,
    profile: RwSignal<Profile>,
    friend: bool,
    /// Bumped on every applied action (the board's formation animation key).
    applied: RwSignal<usize>,
    lang: RwSignal<Lang>,
}

impl Ctl {
    fn with_transport(self, f: impl FnOnce(&dyn Transport)) {
        self.transport.with_value(|t| {
            if let Some(t) = t {
                f(t.as_ref())
            }
        });
    }

    /// Runs one session input and carries out its effects.
    fn drive(self, f: impl FnOnce(&mut MatchSession) -> Vec<SessionCommand>) {
        let Some(effects) = self.session.try_update_untracked(f) else {
            return;
        };
        if effects.is_empty() {
            return;
        }
        self.session.notify();
        self.run(effects);
    }

    fn run(self, effects: Vec<SessionCommand>) {
        for e in effects {
            match e {
                SessionCommand::Send(m) => self.with_transport(|t| t.send(&m)),
                SessionCommand::Disconnect => self.with_transport(|t| t.disconnect()),
                SessionCommand::Ui(u) => self.ui(u),
            }
        }
    }

    fn ui(self, u: UiEvent) {
        match u {
            UiEvent::Applied {
                action,
                outcome,
                by_peer,
            } => {
                self.last.set(Some(outcome));
                self.selection.set(None);
                self.applied.update(|n| *n += 1);
                if by_peer {
                    if matches!(action, Action::Place { .. } | Action::Move { .. }) {
                        haptics::play(Haptic::Light);
                    }
                    if outcome.new_squares != 0 || outcome.new_lines != 0 {
                        haptics::play(Haptic::Success);
                    }
                }
            }
            UiEvent::PeerAway { deadline } => {
                // The grace ends exactly at its deadline, not at the next tick.
                let wait = deadline.saturating_sub(now_ms());
                gloo_timers::callback::Timeout::new(wait as u32, move || {
                    self.drive(|s| s.tick(now_ms()));
                })
                .forget();
            }
            UiEvent::LostBeforeStart | UiEvent::PeerAbandoned { .. } => {
                if let UiEvent::PeerAbandoned { peer } = &u {
                    let avoided = crate::online::avoid_store::record_abandon(peer, now_ms());
                    self.with_transport(|t| t.set_avoided(avoided));
                }
                // Back to the lobby of the transport (already released): look again.
                let (rating, friend) = (self.profile.get_untracked().rating, self.friend);
                self.with_transport(|t| t.find_match(rating, friend));
            }
            UiEvent::Finished(outcome) => self.finish(&outcome),
            UiEvent::Superseded { .. } => self.selection.set(None),
            UiEvent::Matched { .. } | UiEvent::Started { .. } | UiEvent::PeerBack => {}
        }
    }

    fn finish(self, outcome: &MatchResult) {
        match outcome {
            MatchResult::Void(_) => self.message.set(Some(DATA_ERROR_MESSAGE.to_string())),
            MatchResult::Interrupted => {}
            MatchResult::Decided(s) => {
                if s.won && s.reason == Reason::Disconnect {
                    self.message.set(Some(PEER_LEFT_MESSAGE.to_string()));
                }
                let peer = self
                    .session
                    .with_untracked(|x| x.peer_id().unwrap_or("").to_string());
                let mut p = profile::load().profile().clone();
                p.record(RecentMatch {
                    peer,
                    won: s.won,
                    reason: s.reason.name().to_string(),
                    rating_before: s.my_rating.0,
                    rating_after: s.my_rating.1,
                });
                profile::save(&p);
                self.profile.set(p);
                self.with_transport(|t| t.submit_score(s.my_rating.1));
            }
        }
    }

    fn on_transport(self, e: TransportEvent) {
        let now = now_ms();
        match e {
            TransportEvent::Ready { player_id } => {
                let p = self.profile.get_untracked();
                self.session.set(MatchSession::new(Player {
                    id: player_id,
                    rating: p.rating,
                    games: p.games,
                }));
                let friend = self.friend;
                let avoided = crate::online::avoid_store::load().avoided(now);
                self.with_transport(|t| {
                    t.set_avoided(avoided);
                    t.find_match(p.rating, friend)
                });
            }
            TransportEvent::AuthFailed(why) => {
                let text = sign_in_text(why).in_lang(self.lang.get_untracked());
                self.message.set(Some(text.to_string()))
            }
            TransportEvent::MatchFailed(m) => self.message.set(Some(m)),
            TransportEvent::Matched { peer } => match secure_random() {
                Ok(secret) => self.drive(|s| s.on_matched(&peer, secret, now)),
                Err(why) => {
                    self.with_transport(|t| t.disconnect());
                    self.unavailable(&why);
                }
            },
            TransportEvent::Data(d) => self.drive(|s| s.on_data(d.as_bytes(), now)),
            TransportEvent::PeerDisconnected => self.drive(|s| s.on_peer_disconnected(now)),
            TransportEvent::PeerReconnected => self.drive(|s| s.on_peer_reconnected(now)),
            TransportEvent::Background => self.drive(|s| s.on_local_background(now)),
            TransportEvent::Foreground => self.drive(|s| s.on_local_foreground(now)),
            TransportEvent::Unavailable(why) => self.unavailable(&why),
            TransportEvent::LocalNetwork(online) => self.drive(|s| s.on_local_network(online, now)),
            TransportEvent::PeerRating(r) => self
                .session
                .update_untracked(|s| s.on_peer_rating_checked(r)),
        }
    }

    /// Online play cannot start here: say why (the lobby's other modes work).
    fn unavailable(self, why: &str) {
        let text = BText::OnlineUnavailable.in_lang(self.lang.get_untracked());
        self.message.set(Some(format!("{text}{why}")));
    }

    /// A tap on point `p` by this player.
    fn tap(self, p: u8) -> bool {
        let (state, mine) = self.session.with_untracked(|s| (*s.state(), s.my_turn()));
        if !mine {
            return false;
        }
        let action = if state.pending_captures() > 0 {
            Action::Capture { at: p }
        } else {
            match state.phase() {
                Phase::Placing => Action::Place { to: p },
                Phase::Moving => {
                    let sel = self.selection.get_untracked();
                    match sel {
                        Some(from) if from == p => {
                            self.selection.set(None);
                            return true;
                        }
                        Some(from) if state.move_targets(from as usize) >> p & 1 == 1 => {
                            Action::Move { from, to: p }
                        }
                        _ if state.at(p as usize) == Some(state.to_move())
                            && state.move_targets(p as usize) != 0 =>
                        {
                            self.selection.set(Some(p));
                            haptics::play(Haptic::Light);
                            return true;
                        }
                        _ => return false,
                    }
                }
                Phase::Finished => return false,
            }
        };
        let was_capturing = state.pending_captures() > 0;
        let mut ok = true;
        self.drive(|s| match s.play(action, now_ms()) {
            Ok(e) => e,
            Err(_) => {
                ok = false;
                Vec::new()
            }
        });
        if ok {
            if !matches!(action, Action::Capture { .. }) {
                haptics::play(Haptic::Light);
            }
            if let Some(o) = self.last.get_untracked() {
                if o.owed > 0 && !was_capturing {
                    haptics::play(Haptic::Medium);
                }
            }
        }
        ok
    }
}

fn side_letter(side: Side) -> &'static str {
    if side == Side::Black {
        "B"
    } else {
        "W"
    }
}

/// `window.__onlineTest`: the browser tests' view into and handle on the match.
fn install_test_hooks(ctl: Ctl) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hooks = js_sys::Object::new();
    let state = Closure::<dyn Fn() -> JsValue>::new(move || {
        let kind = ctl
            .transport
            .with_value(|t| t.as_ref().map_or("", |t| t.kind()));
        let json = ctl.session.with_untracked(|s| {
            let st = s.state();
            serde_json::json!({
                "stage": format!("{:?}", s.stage()),
                "me": s.me().id,
                "peer": s.peer_id(),
                "mySide": side_letter(s.my_side()),
                "toMove": side_letter(st.to_move()),
                "hash": format!("{:016x}", st.hash()),
                "actions": s.actions(),
                "board": st.board_string(),
                "transport": kind,
                "graceDeadline": s.grace_deadline(),
                "stepDeadline": s.step_deadline(),
            })
        });
        js_sys::JSON::parse(&json.to_string()).unwrap_or(JsValue::NULL)
    });
    let forged = Closure::<dyn Fn(String)>::new(move |text: String| {
        ctl.with_transport(|t| t.send(&text));
    });
    let tamper = Closure::<dyn Fn()>::new(move || {
        ctl.session.update(|s| {
            let me = s.my_side();
            s.tamper_with_state(|st| {
                // A memory editor deletes one enemy stone from the board.
                let enemy = st.stones(me.other());
                let black = if me == Side::Black {
                    st.stones(Side::Black)
                } else {
                    enemy & enemy.wrapping_sub(1)
                };
                let white = if me == Side::White {
                    st.stones(Side::White)
                } else {
                    enemy & enemy.wrapping_sub(1)
                };
                let hand = [st.in_hand(Side::Black), st.in_hand(Side::White)];
                if let Some(forged) = State::from_position(black, white, hand, st.to_move()) {
                    *st = forged;
                }
            });
        });
    });
    let _ = js_sys::Reflect::set(&hooks, &"state".into(), state.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"sendForged".into(), forged.as_ref());
    let offline = Closure::<dyn Fn(bool)>::new(move |off: bool| {
        ctl.with_transport(|t| t.set_offline(off));
    });
    let _ = js_sys::Reflect::set(&hooks, &"tamper".into(), tamper.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"setOffline".into(), offline.as_ref());
    let _ = js_sys::Reflect::set(&window, &"__onlineTest".into(), &hooks);
    state.forget();
    forged.forget();
    tamper.forget();
    offline.forget();
}

#[component]
pub fn OnlineRoom(setup: OnlineSetup, on_exit: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let stored = profile::load().profile().clone();
    let ctl = Ctl {
        session: RwSignal::new(MatchSession::new(Player {
            id: String::new(),
            rating: stored.rating,
            games: stored.games,
        })),
        transport: StoredValue::new_local(None),
        last: RwSignal::new(None),
        selection: RwSignal::new(None),
        message: RwSignal::new(None),
        profile: RwSignal::new(stored),
        friend: setup.friend,
        applied: RwSignal::new(0),
        lang,
    };
    let session = ctl.session;
    let refused = RwSignal::new(None::<(u8, u32)>);
    let clock = RwSignal::new(now_ms());

    let transport = page_transport(Rc::new(move |e| ctl.on_transport(e)));
    transport.start();
    let kind = transport.kind();
    ctl.transport.set_value(Some(transport));
    install_test_hooks(ctl);

    // Time is an input: every 200 ms the session sees the clock (step timeouts, handshake).
    let interval = gloo_timers::callback::Interval::new(200, move || {
        let now = now_ms();
        clock.set(now);
        ctl.drive(|s| s.tick(now));
    });
    let interval = send_wrapper::SendWrapper::new(interval);
    let transport_handle = ctl.transport;
    on_cleanup(move || {
        drop(interval);
        transport_handle.with_value(|t| {
            if let Some(t) = t {
                t.disconnect()
            }
        });
    });

    let stage = Memo::new(move |_| session.with(|s| s.stage()));
    let me = Memo::new(move |_| session.with(|s| s.my_side()));
    let view = Memo::new(move |_| {
        session.with(|s| {
            board_view(
                s.state(),
                ctl.last.get().as_ref(),
                ctl.selection.get(),
                s.my_turn(),
            )
        })
    });
    let mover = Signal::derive(move || view.with(|v| v.to_move));
    let waiting =
        Signal::derive(move || session.with(|s| s.stage() == Stage::Playing && !s.my_turn()));
    let hash = move || session.with(|s| format!("{:016x}", s.state().hash()));
    let on_tap = Callback::new(move |p: u8| {
        if !ctl.tap(p) {
            haptics::play(Haptic::Bump);
            refused.update(|r| *r = Some((p, r.map_or(0, |(_, n)| n + 1))));
        }
    });

    let remaining = Signal::derive(move || {
        let now = clock.get();
        session
            .with(|s| s.step_deadline())
            .map_or(STEP_TIME_LIMIT_MS, |d| d.saturating_sub(now) as u32)
    });
    let grace_left = move || {
        let now = clock.get();
        session
            .with(|s| s.grace_deadline())
            .map(|d| d.saturating_sub(now).div_ceil(1000))
    };

    let banner = move || {
        let l = lang.get();
        match stage.get() {
            Stage::Waiting => match l {
                Lang::Zh => "正在匹配对手…".to_string(),
                Lang::En => "Looking for an opponent…".to_string(),
            },
            Stage::Matched => match l {
                Lang::Zh => "已匹配，正在握手…".to_string(),
                Lang::En => "Matched, shaking hands…".to_string(),
            },
            _ => match ctl.message.get() {
                Some(m) if stage.get() == Stage::Finished => m,
                _ => banner_text(view.with(|v| v.banner), Audience::Player(me.get()), l),
            },
        }
    };
    let banner_class = move || match (stage.get(), view.with(|v| v.banner)) {
        (Stage::Waiting | Stage::Matched, _) => "status-banner",
        (_, Banner::Capture { .. }) => "status-banner warning",
        (_, Banner::Intercepted { .. }) => "status-banner notice",
        (_, Banner::Finished { .. }) => "status-banner finished",
        (
            _,
            Banner::Turn {
                side: Side::Black, ..
            },
        ) => "status-banner turn-B",
        (
            _,
            Banner::Turn {
                side: Side::White, ..
            },
        ) => "status-banner turn-W",
    };
    let score = move |side: Side| Signal::derive(move || view.with(|v| v.scores[side as usize]));
    let tag = move |side: Side| {
        if side == me.get_untracked() {
            Some(BText::You)
        } else {
            None
        }
    };
    let menu_open = RwSignal::new(false);
    let resign = move |_| {
        ctl.drive(|s| s.resign(now_ms()));
        menu_open.set(false);
    };
    let leave = move |_| on_exit.run(());

    view! {
        <div class="room online-room" class:capture-mode=move || view.with(|v| v.capture_mode)
            data-testid="room" data-online=kind data-stage=move || format!("{:?}", stage.get())
            data-my-side=move || side_letter(me.get()) data-hash=hash>
            <div class="capture-veil" aria-hidden="true"></div>
            <header class="room-top">
                <button class="icon-button" data-testid="room-menu" on:click=move |_| menu_open.set(true)>
                    "☰ " {move || BText::Menu.in_lang(lang.get())}
                </button>
                <div class=banner_class data-testid="status-banner" role="status" aria-live="polite">{banner}</div>
                <Show when=move || stage.get() == Stage::Playing>
                    <StepTimer remaining_ms=remaining limit_ms=STEP_TIME_LIMIT_MS/>
                </Show>
            </header>
            {move || grace_left().map(|secs| view! {
                <p class="notice grace-countdown" data-testid="grace-countdown" data-remaining=secs>
                    {move || match lang.get() { Lang::Zh => "对方已断开连接，等待重连 ", Lang::En => "Opponent disconnected, waiting " }}
                    {secs} " s"
                </p>
            })}
            <Show when=move || matches!(stage.get(), Stage::Playing | Stage::Finished)
                fallback=move || view! {
                    <div class="online-wait" data-testid="online-wait">
                        <div class="spinner" aria-hidden="true"></div>
                        {move || ctl.message.get().map(|m| view! { <p class="notice" data-testid="online-message">{m}</p> })}
                        <button class="pill-button" data-testid="online-cancel" on:click=leave>
                            {move || BText::Cancel.in_lang(lang.get())}
                        </button>
                    </div>
                }>
                <div class="room-stage">
                    <ScoreBoard side=Side::White score=score(Side::White) tag=tag(Side::White)/>
                    <div class="board-wrap">
                        <Board view=view mover=mover waiting=waiting refused=refused
                            formation_key=Signal::derive(move || ctl.applied.get()) hint=Signal::derive(Vec::new) on_tap=on_tap/>
                    </div>
                    <ScoreBoard side=Side::Black score=score(Side::Black) tag=tag(Side::Black)/>
                </div>
            </Show>

            <Show when=move || menu_open.get()>
                <div class="sheet-veil" on:click=move |_| menu_open.set(false)>
                    <div class="sheet" on:click=|ev| ev.stop_propagation()>
                        <button class="pill-button danger" data-testid="menu-resign"
                            disabled=move || stage.get() != Stage::Playing
                            on:click=resign>
                            {move || BText::ResignYes.in_lang(lang.get())}
                        </button>
                        <button class="pill-button" data-testid="menu-lobby" on:click=leave>
                            {move || BText::BackToLobby.in_lang(lang.get())}
                        </button>
                        <button class="pill-button" data-testid="menu-close" on:click=move |_| menu_open.set(false)>
                            {move || BText::Continue.in_lang(lang.get())}
                        </button>
                    </div>
                </div>
            </Show>

            {move || session.with(|s| s.result().cloned()).map(|outcome| match outcome {
                MatchResult::Decided(s) => view! {
                    <div class="online-end">
                        {ctl.message.get().map(|m| view! { <p class="notice online-message" data-testid="online-message">{m}</p> })}
                        <Settlement winner=s.winner reason=s.reason audience=Audience::Player(me.get_untracked())
                            rating=s.my_rating on_close=on_exit/>
                    </div>
                }.into_any(),
                MatchResult::Void(reason) => view! {
                    <div class="settlement-veil">
                        <section class="settlement settlement-lose" data-testid="settlement" data-winner="" data-reason="void"
                            data-detail=reason.to_string() role="dialog" aria-modal="true">
                            <h2 class="settlement-title" data-testid="online-message">{DATA_ERROR_MESSAGE}</h2>
                            <p class="settlement-reason" data-testid="settlement-reason">
                                {move || match lang.get() { Lang::Zh => "本局作废，积分不变", Lang::En => "The match is void; ratings unchanged" }}
                            </p>
                            <button class="pill-button primary" data-testid="settlement-back" on:click=move |_| on_exit.run(())>
                                {move || BText::BackToLobby.in_lang(lang.get())}
                            </button>
                        </section>
                    </div>
                }.into_any(),
                MatchResult::Interrupted => view! {
                    <div class="settlement-veil">
                        <section class="settlement settlement-lose" data-testid="settlement" data-winner="" data-reason="interrupted"
                            role="dialog" aria-modal="true">
                            <h2 class="settlement-title" data-testid="online-message">{move || BText::Interrupted.in_lang(lang.get())}</h2>
                            <button class="pill-button primary" data-testid="settlement-back" on:click=move |_| on_exit.run(())>
                                {move || BText::BackToLobby.in_lang(lang.get())}
                            </button>
                        </section>
                    </div>
                }.into_any(),
            })}
        </div>
    }
}
