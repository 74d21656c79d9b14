//! 摆方 Baifang screens: lobby → game room → settlement.
//!
//! Pure parts (view-model, tap → intent, haptics per action, local match, strings,
//! profile parsing) are separate from the components so they are unit-tested
//! natively. The local room ([`room`]), the peer-to-peer online room
//! ([`online_room`], driven by [`online_controller`]) and the referee-server room
//! ([`server_room`], driven by [`server_controller`]) share the board, header,
//! menu, scoreboards and settlement.

pub mod ai_client;
pub mod ai_opponent;
pub mod ai_protocol;
pub mod ai_service;
pub mod bench_hook;
pub mod board;
pub mod feel;
pub mod lobby;
pub mod local_match;
pub mod online_controller;
pub mod online_room;
pub mod online_tap;
pub mod online_test_hooks;
pub mod profile;
pub mod review;
pub mod room;
pub mod room_header;
pub mod room_menu;
pub mod scoreboard;
pub mod server_controller;
pub mod server_lobby;
pub mod server_room;
pub mod settlement;
pub mod step_timer;
pub mod strings;
pub mod tap;
pub mod view_model;

use leptos::prelude::*;

use crate::chrome::ScreenHeader;
use crate::i18n::Text;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::{self, GameRecord, LinkError};
use engine::baifang::Action;

use crate::nav::{clear_fragment, use_nav};
use crate::online::server::{probe, Reach};
use lobby::Lobby;
use local_match::Opponent;
use online_room::{OnlineRoom, OnlineSetup};
use review::link_error::LinkErrorScreen;
use review::screen::ReviewScreen;
use review::ReviewSource;
use room::{Room, RoomSetup};
use server_controller::ServerController;
use server_room::ServerRoom;

/// Which room is open.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Open {
    /// A local game, continued from a log (empty: from the start).
    Local(RoomSetup, Vec<Action>),
    Online(OnlineSetup),
    Review(ReviewSource),
    BrokenLink(LinkError),
}

/// What a `#game=<code>` link opens: its review, or why it cannot.
fn open_link(code: &str) -> Open {
    match game_link::decode(code) {
        Ok((record, _)) => Open::Review(ReviewSource {
            record,
            level: Strength::Medium,
        }),
        Err(error) => Open::BrokenLink(error),
    }
}

/// The Baifang screen: first asks whether the page came from the referee
/// server (online play then goes through it), then shows the lobby and rooms.
#[component]
pub fn BaifangScreen() -> impl IntoView {
    let reach = RwSignal::new(None::<Reach>);
    leptos::task::spawn_local(async move {
        let r = probe().await;
        let _ = reach.try_set(Some(r));
    });
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            {move || reach.get().map(|r| {
                let server = (r == Reach::Server).then(ServerController::start);
                view! { <BaifangRooms server=server/> }
            })}
        </main>
    }
}

/// The lobby and whichever room is open (a server game in progress takes the
/// lobby's place until it is left).
#[component]
fn BaifangRooms(server: Option<ServerController>) -> impl IntoView {
    let nav = use_nav();
    let room_link_refused = RwSignal::new(false);
    let server_game = Memo::new(move |_| {
        server.is_some_and(|s| {
            s.client
                .with(|c| matches!(c.phase(), engine::baifang::referee_client::Phase::InGame))
        })
    });
    // A `#room=CODE` link joins that friend room (it needs the server).
    Effect::new(move |_| {
        if let Some(code) = nav.room.get() {
            nav.room.set(None);
            clear_fragment();
            match server {
                Some(ctl) => ctl.join_room(code),
                None => room_link_refused.set(true),
            }
        }
    });
    let room = RwSignal::new(None::<(Open, u32)>);
    let counter = StoredValue::new(0u32);
    let open = move |what: Open| {
        // A fresh key per game so a new room never reuses the old one's state.
        counter.update_value(|n| *n += 1);
        room.set(Some((what, counter.get_value())));
    };
    let start = Callback::new(move |setup: RoomSetup| open(Open::Local(setup, Vec::new())));
    let online = Callback::new(move |setup: OnlineSetup| open(Open::Online(setup)));
    let exit = Callback::new(move |_| room.set(None));
    // A game link (at startup or pasted into an open app) opens its review.
    Effect::new(move |_| {
        if let Some(code) = nav.game.get() {
            nav.game.set(None);
            open(open_link(&code));
        }
    });
    let review = move |level: Strength| {
        Callback::new(move |record: GameRecord| open(Open::Review(ReviewSource { record, level })))
    };
    let open_review = Callback::new(move |source: ReviewSource| open(Open::Review(source)));
    let play_on = Callback::new(move |(log, opponent): (Vec<Action>, Opponent)| {
        open(Open::Local(
            RoomSetup {
                opponent,
                step_clock: false,
            },
            log,
        ));
    });
    view! {
            {move || match room.get() {
                None if server_game.get() => server.map(|ctl| view! { <ServerRoom ctl=ctl/> }).into_any(),
                None => view! {
                    <ScreenHeader title=Text::BaifangName/>
                    <Lobby on_start=start on_online=online on_review=open_review server=server room_link_refused=room_link_refused/>
                }.into_any(),
                Some((Open::Local(setup, log), _)) => {
                    let level = match setup.opponent {
                        Opponent::Ai { level, .. } => level,
                        Opponent::HotSeat => Strength::Medium,
                    };
                    view! { <Room setup=setup start=log on_exit=exit on_review=review(level)/> }.into_any()
                }
                Some((Open::Online(setup), _)) => view! { <OnlineRoom setup=setup on_exit=exit on_review=review(Strength::Medium)/> }.into_any(),
                Some((Open::Review(source), _)) => view! {
                    <ReviewScreen source=source on_exit=exit on_play=play_on on_open=open_review/>
                }.into_any(),
                Some((Open::BrokenLink(error), _)) => view! {
                    <LinkErrorScreen error=error on_lobby=exit/>
                }.into_any(),
            }}
    }
}
