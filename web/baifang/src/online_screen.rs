//! Baifang's two online screens, each a module of its own; the lobby opens the one that
//! can play here. Through the referee server (the page came from it): the server's lobby,
//! and its room while a game is in progress (reload included). Without it: Game Center or
//! browser tabs, the peer lobby and room.

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;
use engine::baifang::referee_client::Phase;

use web_core::chrome::ScreenHeader;
use web_core::i18n::Text;
use web_core::nav::use_nav;
use web_core::open_arg::NoArg;

use crate::handoff::ServerLink;
use crate::peer::lobby::PeerOnline;
use crate::peer::room::{PeerRoom, PeerSetup};
use crate::review::ReviewSource;
use crate::server::controller::ServerController;
use crate::server::lobby::ServerLobby;
use crate::server::room::ServerRoom;

/// Play through the referee server (the module `baifang_online`): its lobby, or its room
/// while a game is in progress. A friend room handed over by the lobby (a `#room=` link)
/// is joined at once; a live game (a `#watch=` link) is watched in the same room, without
/// the lobby.
pub fn baifang_server_module(link: Option<ServerLink>) -> impl IntoView {
    let ctl = ServerController::start();
    match link {
        // A room link joins as a friendly game: only a tick in the lobby asks for rated.
        Some(ServerLink::JoinRoom(code)) => ctl.join_room(code, false),
        Some(ServerLink::Watch(game)) => ctl.watch(game),
        None => {}
    }
    let in_game = Memo::new(move |_| ctl.client.with(|c| matches!(c.phase(), Phase::InGame)));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang-online">
            {move || if in_game.get() {
                view! { <ServerRoom ctl=ctl/> }.into_any()
            } else if ctl.is_watching() {
                view! {
                    <ScreenHeader title=Text::BaifangOnline/>
                    <WatchPending ctl=ctl/>
                }.into_any()
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

/// Play over Game Center or browser tabs (the module `baifang_peer`): the peer lobby, then
/// the room it opens.
pub fn baifang_peer_module(_: Option<NoArg>) -> impl IntoView {
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
        nav.open(&ReviewSource {
            record,
            level: Strength::Medium,
        });
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

/// A watch link before its game shows: connecting, or why it cannot be watched (a
/// finished game opens in the review instead).
#[component]
fn WatchPending(ctl: ServerController) -> impl IntoView {
    let lang = web_core::i18n::use_lang();
    view! {
        <div class="lobby" data-testid="watch-pending">
            {move || match ctl.notice.get() {
                Some(n) => view! {
                    <p class="notice" data-testid="server-notice">
                        {crate::server::words::notice_text(&n, lang.get())}
                    </p>
                }.into_any(),
                None => view! {
                    <p class="notice" role="status">
                        {crate::strings::BaifangText::WatchConnecting.in_lang(lang.get())}
                    </p>
                }.into_any(),
            }}
        </div>
    }
}
