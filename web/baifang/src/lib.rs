//! 摆方 Baifang screens: lobby → game room → settlement, online play, review.
//!
//! Four screens, each a module of its own: the lobby ([`baifang_lobby_module`]), the games
//! on this device and the lessons ([`play_screen`]), online play ([`online_screen`]) and
//! the review ([`review`]'s entry). A game crosses between them through [`handoff`].
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
pub mod play_screen;
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

use crate::online::server::{probe, Reach};
use handoff::{Opener, Play, ServerLink};
use lobby::{Learn, Lobby};
use local::room::RoomSetup;
use local::saved::Resumable;
use review::ReviewSource;
use web_core::nav::{clear_fragment, use_nav, Screen};
use web_core::open_arg::NoArg;

/// The Baifang lobby, the module `baifang`: its games and lessons open the play screen
/// ([`play_screen`]). Online play opens the screen that can play here: the referee
/// server's if the page came from it, else Game Center's and the browser tabs'.
pub fn baifang_lobby_module(_: Option<NoArg>) -> impl IntoView {
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
    let play = move |what: Play| nav.open(&what);
    let start = Callback::new(move |setup: RoomSetup| {
        play(Play::Room {
            setup,
            log: Vec::new(),
            opener: Opener::Lobby,
        })
    });
    let resume = Callback::new(move |game: Resumable| {
        let setup = RoomSetup {
            opponent: game.opponent,
            step_clock: game.step_clock,
        };
        play(Play::Room {
            setup,
            log: game.log,
            opener: Opener::Lobby,
        })
    });
    let on_review = Callback::new(move |source: ReviewSource| {
        nav.open(&source);
    });
    let on_learn = Callback::new(move |l: Learn| play(Play::Learn(l)));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            <ScreenHeader title=Text::BaifangName/>
            <Lobby on_start=start on_resume=resume on_online=on_online on_review=on_review room_link_refused=room_link_refused on_learn=on_learn/>
        </main>
    }
}
