//! Baifang's two online screens, each a module of its own; the lobby opens the one that
//! can play here. Through the referee server (the page came from it): the server's lobby,
//! and its room while a game is in progress (reload included). Without it: Game Center or
//! browser tabs, the peer lobby and room.

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;
use engine::baifang::referee_client::Phase;

use crate::chrome::ScreenHeader;
use crate::i18n::Text;
use crate::nav::{use_nav, Screen};

use super::handoff;
use super::peer::lobby::PeerOnline;
use super::peer::room::{PeerRoom, PeerSetup};
use super::review::ReviewSource;
use super::server::controller::ServerController;
use super::server::lobby::ServerLobby;
use super::server::room::ServerRoom;

/// Play through the referee server: its lobby, or its room while a game is in progress.
/// A friend room handed over by the lobby (a `#room=` link) is joined at once.
#[component]
pub fn BaifangServerScreen() -> impl IntoView {
    let ctl = ServerController::start();
    if let Some(code) = handoff::take_room() {
        // A room link joins as a friendly game: only a tick in the lobby asks for rated.
        ctl.join_room(code, false);
    }
    let in_game = Memo::new(move |_| ctl.client.with(|c| matches!(c.phase(), Phase::InGame)));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang-online">
            {move || if in_game.get() {
                view! { <ServerRoom ctl=ctl/> }.into_any()
            } else {
                view! {
                    <ScreenHeader title=Text::BaifangOnline/>
                    <div class="lobby" data-testid="lobby" data-online="server">
                        <ServerLobby ctl=ctl/>
                    </div>
                }.into_any()
            }}
        </main>
    }
}

/// Play over Game Center or browser tabs: the peer lobby, then the room it opens.
#[component]
pub fn BaifangPeerScreen() -> impl IntoView {
    let nav = use_nav();
    // A fresh key per match so a new room never reuses the old one's state.
    let room = RwSignal::new(None::<(PeerSetup, u32)>);
    let counter = StoredValue::new(0u32);
    let on_online = Callback::new(move |setup: PeerSetup| {
        counter.update_value(|n| *n += 1);
        room.set(Some((setup, counter.get_value())));
    });
    let on_exit = Callback::new(move |_| room.set(None));
    let on_review = Callback::new(move |record: GameRecord| {
        handoff::give_review(&ReviewSource {
            record,
            level: Strength::Medium,
        });
        nav.go(Screen::BaifangReview);
    });
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang-online">
            {move || match room.get() {
                None => view! {
                    <ScreenHeader title=Text::BaifangOnline/>
                    <div class="lobby" data-testid="lobby" data-online="peer">
                        <PeerOnline on_online=on_online/>
                    </div>
                }.into_any(),
                Some((setup, _)) => view! {
                    <PeerRoom setup=setup on_exit=on_exit on_review=on_review/>
                }.into_any(),
            }}
        </main>
    }
}
