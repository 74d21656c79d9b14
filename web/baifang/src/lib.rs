//! 摆方 Baifang screens: lobby → game room → settlement, online play, review.
//!
//! Three screens, each a module of its own: the lobby with the games on this device
//! ([`BaifangScreen`]), online play ([`online_screen`]) and the review ([`review`]'s
//! entry). A game crosses between them through [`handoff`].
//!
//! Folders: [`board`] (the board, its geometry, effects and tap intents),
//! [`room`] (the one room screen every mode plays in: header, step clock,
//! scoreboards, menu, settlement, haptics), [`local`] (hot-seat and vs-AI),
//! [`ai`] (the AI opponent and its worker), [`puzzle`] (the table puzzles), [`peer`] (peer-to-peer: Game Center
//! or browser tabs), [`server`] (the referee server), [`review`]. Pure parts
//! (view-model, tap → intent, haptics per action, the local game, strings,
//! profile parsing) are apart from the components so they are unit-tested
//! natively.

pub mod ai;
pub mod board;
pub mod engine_text;
pub mod handoff;
pub mod lesson;
pub mod lobby;
pub mod local;
pub mod online;
pub mod online_screen;
pub mod peer;
pub mod profile;
pub mod puzzle;
pub mod review;
pub mod room;
pub mod server;
pub mod strings;
pub mod view_model;

use leptos::prelude::*;

use web_core::chrome::ScreenHeader;
use web_core::i18n::Text;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;
use engine::baifang::Action;

use crate::online::server::{probe, Reach};
use handoff::{PlayOn, ServerLink};
use lesson::rules::RulesPage;
use lesson::screen::LessonScreen;
use lobby::{Learn, Lobby};
use local::game::Opponent;
use local::room::{Room, RoomSetup};
use local::saved::Resumable;
use puzzle::screen::PuzzleScreen;
use review::ReviewSource;
use web_core::nav::{clear_fragment, use_nav, Nav, Screen};

/// The Baifang lobby and the local room it opens (hot-seat or against the AI), the module
/// `baifang`; a game handed back by the review ("play from here") opens its room at once.
/// Online play opens the screen that can play here: the referee server's if the page came
/// from it, else Game Center's and the browser tabs'.
pub fn baifang_lobby_module(play_on: Option<PlayOn>) -> impl IntoView {
    let nav = use_nav();
    let reach = RwSignal::new(None::<Reach>);
    leptos::task::spawn_local(async move {
        let r = probe().await;
        let _ = reach.try_set(Some(r));
    });
    let online_screen = |r: Reach| match r {
        Reach::Server => Screen::BaifangOnline,
        Reach::NoServer => Screen::BaifangPeer,
    };
    let on_online = Callback::new(move |_| {
        // The answer comes within a round trip of opening the lobby; a click before it waits.
        leptos::task::spawn_local(async move {
            let r = match reach.try_get_untracked().flatten() {
                Some(r) => r,
                None => probe().await,
            };
            nav.go(online_screen(r));
        });
    });
    // A `#room=CODE` link joins that friend room on the server's screen, a `#watch=GAME`
    // link watches that game there; without the server the lobby says why it cannot.
    let room_link_refused = RwSignal::new(false);
    Effect::new(move |_| {
        let link = match (nav.room.get(), nav.watch.get()) {
            (Some(code), _) => ServerLink::JoinRoom(code),
            (None, Some(game)) => ServerLink::Watch(game),
            (None, None) => return,
        };
        let Some(r) = reach.get() else {
            return;
        };
        nav.room.set(None);
        nav.watch.set(None);
        clear_fragment();
        if r == Reach::Server {
            nav.open(&link);
        } else {
            room_link_refused.set(true);
        }
    });
    // A fresh key per game so a new room never reuses the old one's state.
    let room = RwSignal::new(None::<(RoomSetup, Vec<Action>, u32)>);
    let counter = StoredValue::new(0u32);
    let back = BackGuard::new(nav, room);
    let open = move |setup: RoomSetup, log: Vec<Action>| {
        counter.update_value(|n| *n += 1);
        room.set(Some((setup, log, counter.get_value())));
        back.arm();
    };
    if let Some(PlayOn { log, opponent }) = play_on {
        open(
            RoomSetup {
                opponent,
                step_clock: false,
            },
            log,
        );
    }
    let start = Callback::new(move |setup: RoomSetup| open(setup, Vec::new()));
    let resume = Callback::new(move |game: Resumable| {
        let setup = RoomSetup {
            opponent: game.opponent,
            step_clock: game.step_clock,
        };
        open(setup, game.log)
    });
    let exit = Callback::new(move |_| {
        room.set(None);
        back.disarm();
    });
    let review = move |level: Strength| {
        Callback::new(move |record: GameRecord| {
            nav.open(&ReviewSource { record, level });
        })
    };
    let on_review = Callback::new(move |source: ReviewSource| {
        nav.open(&source);
    });
    // The lesson or the rules page, in place of the lobby while open.
    let learning = RwSignal::new(None::<Learn>);
    let on_learn = Callback::new(move |l: Learn| learning.set(Some(l)));
    let lobby_again = Callback::new(move |_| learning.set(None));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            {move || match (room.get(), learning.get()) {
                (None, Some(Learn::Lesson)) => view! { <LessonScreen on_exit=lobby_again/> }.into_any(),
                (None, Some(Learn::Puzzles)) => view! { <PuzzleScreen on_exit=lobby_again/> }.into_any(),
                (None, Some(Learn::Rules)) => view! {
                    <RulesPage on_exit=lobby_again on_lesson=Callback::new(move |_| learning.set(Some(Learn::Lesson)))/>
                }.into_any(),
                (None, None) => view! {
                    <ScreenHeader title=Text::BaifangName/>
                    <Lobby on_start=start on_resume=resume on_online=on_online on_review=on_review room_link_refused=room_link_refused on_learn=on_learn/>
                }.into_any(),
                (Some((setup, log, _)), _) => {
                    let level = match setup.opponent {
                        Opponent::Ai { level, .. } => level,
                        Opponent::HotSeat => Strength::Medium,
                    };
                    view! { <Room setup=setup start=log on_exit=exit on_review=review(level) ask_leave=back.asked on_again=start/> }.into_any()
                }
            }}
        </main>
    }
}

/// The browser's back gesture in a local room: opening a room adds a history entry
/// (armed), so back pops it and the room asks before leaving (its menu's leave
/// question, which keeps the game) instead of the page leaving the lobby's screen.
#[derive(Clone, Copy)]
struct BackGuard {
    nav: Nav,
    armed: StoredValue<bool>,
    /// Counts the back gestures in a room: the room's menu opens on each.
    asked: RwSignal<u32>,
}

impl BackGuard {
    fn new(nav: Nav, room: RwSignal<Option<(RoomSetup, Vec<Action>, u32)>>) -> BackGuard {
        let guard = BackGuard {
            nav,
            armed: StoredValue::new(false),
            asked: RwSignal::new(0),
        };
        let on_pop = window_event_listener_untyped("popstate", move |_| {
            let in_room = room.with_untracked(Option::is_some);
            if in_room && guard.armed.get_value() {
                // The entry is gone: put it back while the question is open, so a
                // second back asks again and leaving pops it.
                nav.push_guard();
                guard.asked.update(|n| *n += 1);
            }
        });
        on_cleanup(move || on_pop.remove());
        guard
    }

    fn arm(self) {
        if !self.armed.get_value() {
            self.armed.set_value(true);
            self.nav.push_guard();
        }
    }

    /// The room closed: its entry goes (the `popstate` that follows finds no room).
    fn disarm(self) {
        if self.armed.get_value() {
            self.armed.set_value(false);
            self.nav.pop_guard();
        }
    }
}
