//! 摆方 Baifang screens: lobby → game room → settlement.
//!
//! Pure parts (view-model, tap → intent, haptics per action, local match, strings,
//! profile parsing) are separate from the components so they are unit-tested
//! natively. The local room ([`room`]) and the online room ([`online_room`], driven
//! by [`online_controller`]) share the board, header, menu, scoreboards and
//! settlement.

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
pub mod online_test_hooks;
pub mod profile;
pub mod room;
pub mod room_header;
pub mod room_menu;
pub mod scoreboard;
pub mod settlement;
pub mod step_timer;
pub mod strings;
pub mod tap;
pub mod view_model;

use leptos::prelude::*;

use crate::chrome::ScreenHeader;
use crate::i18n::Text;

use lobby::Lobby;
use online_room::{OnlineRoom, OnlineSetup};
use room::{Room, RoomSetup};

/// Which room is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Local(RoomSetup),
    Online(OnlineSetup),
}

#[component]
pub fn BaifangScreen() -> impl IntoView {
    let room = RwSignal::new(None::<(Open, u32)>);
    let counter = StoredValue::new(0u32);
    let open = move |what: Open| {
        // A fresh key per game so a new room never reuses the old one's state.
        counter.update_value(|n| *n += 1);
        room.set(Some((what, counter.get_value())));
    };
    let start = Callback::new(move |setup: RoomSetup| open(Open::Local(setup)));
    let online = Callback::new(move |setup: OnlineSetup| open(Open::Online(setup)));
    let exit = Callback::new(move |_| room.set(None));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            {move || match room.get() {
                None => view! {
                    <ScreenHeader title=Text::BaifangName/>
                    <Lobby on_start=start on_online=online/>
                }.into_any(),
                Some((Open::Local(setup), _)) => view! { <Room setup=setup on_exit=exit/> }.into_any(),
                Some((Open::Online(setup), _)) => view! { <OnlineRoom setup=setup on_exit=exit/> }.into_any(),
            }}
        </main>
    }
}
