//! 摆方 Baifang screens: lobby → game room → settlement.
//!
//! Pure parts (view-model, local match controller, strings, profile parsing) are
//! separate from the components so they are unit-tested natively.

pub mod ai_client;
pub mod ai_protocol;
pub mod ai_service;
pub mod bench_hook;
pub mod board;
pub mod lobby;
pub mod local_match;
pub mod profile;
pub mod room;
pub mod scoreboard;
pub mod settlement;
pub mod step_timer;
pub mod strings;
pub mod view_model;

use leptos::prelude::*;

use crate::app::ScreenHeader;
use crate::i18n::Text;

use lobby::Lobby;
use room::{Room, RoomSetup};

#[component]
pub fn BaifangScreen() -> impl IntoView {
    let room = RwSignal::new(None::<(RoomSetup, u32)>);
    let start = Callback::new(move |setup: RoomSetup| {
        // A fresh key per game so a new room never reuses the old one's state.
        room.update(|r| *r = Some((setup, r.map_or(0, |(_, n)| n + 1))));
    });
    let exit = Callback::new(move |_| room.update(|r| *r = None));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            {move || match room.get() {
                None => view! {
                    <ScreenHeader title=Text::BaifangName/>
                    <Lobby on_start=start/>
                }.into_any(),
                Some((setup, _)) => view! { <Room setup=setup on_exit=exit/> }.into_any(),
            }}
        </main>
    }
}
