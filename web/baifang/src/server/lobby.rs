//! The lobby's part for play on the referee server: the player's server
//! profile (name, rating and tier, record, recent games), quick match with
//! cancel, and friend match (a room code and its `#room=` link, or joining
//! one by its code), and the way to the leaderboard and player pages.

use leptos::prelude::*;

use engine::baifang::elo;
use engine::baifang::referee_client::Phase;
use engine::baifang::referee_protocol::{format_room_code, ROOM_CODE_LEN};

use web_core::chrome::{send_link_noted, CopyNote};
use web_core::i18n::{use_lang, Lang};
use web_core::nav::share_link_here_as;

use crate::server::controller::ServerController;
use crate::server::leaderboard::LeaderboardPanel;
use crate::server::player_page::PlayerPanel;
use crate::server::recent_line::RecentLine;
use crate::server::rematch::RematchPanel;
use crate::server::words::notice_text;
use crate::strings::BaifangText;

/// The server lobby: profile, recent games, the two ways to play online.
#[component]
pub fn ServerLobby(ctl: ServerController) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let phase = Memo::new(move |_| ctl.client.with(|c| c.phase().clone()));
    let panel = RwSignal::new(None::<Panel>);
    let open = Callback::new(move |p: Panel| panel.set(Some(p)));
    let close = Callback::new(move |_| panel.set(None));
    let to_board = Callback::new(move |_| panel.set(Some(Panel::Leaderboard)));
    let to_player = Callback::new(move |id: String| panel.set(Some(Panel::Player(id, true))));
    let lobby = move || {
        view! {
            <div class="server-lobby" data-testid="server-lobby" data-phase=move || format!("{:?}", phase.get())>
                <ServerProfile ctl=ctl open=open/>
                {move || ctl.notice.get().map(|n| view! {
                    <p class="notice" data-testid="server-notice">{notice_text(&n, lang.get())}</p>
                })}
                <RematchPanel ctl=ctl/>
                {move || match phase.get() {
                    Phase::Connecting => view! {
                        <p class="lobby-caption" data-testid="server-connecting">{text(BaifangText::ServerConnecting)}</p>
                    }.into_any(),
                    Phase::Searching => view! {
                        <div class="online-wait" data-testid="server-searching">
                            <div class="spinner" aria-hidden="true"></div>
                            <p>{text(BaifangText::Searching)}</p>
                            <button class="pill-button" data-testid="server-cancel" on:click=move |_| ctl.cancel()>
                                {text(BaifangText::Cancel)}
                            </button>
                        </div>
                    }.into_any(),
                    Phase::RoomOpen(code, rated) => view! { <FriendRoomOpen ctl=ctl code=code rated=rated/> }.into_any(),
                    Phase::Lobby | Phase::InGame => view! { <ServerButtons ctl=ctl/> }.into_any(),
                }}
            </div>
        }
    };
    move || match panel.get() {
        None => lobby().into_any(),
        Some(Panel::Leaderboard) => {
            view! { <LeaderboardPanel on_player=to_player on_back=close/> }.into_any()
        }
        // A page opened from the leaderboard goes back to it; one's own, to the lobby.
        Some(Panel::Player(id, from_board)) => {
            let back = if from_board { to_board } else { close };
            view! { <PlayerPanel id=id on_back=back/> }.into_any()
        }
    }
}

/// What the server lobby shows instead of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Panel {
    /// The top players.
    Leaderboard,
    /// A player's page, and whether it was opened from the leaderboard.
    Player(String, bool),
}

/// Quick match, friend match and joining a room by its code.
#[component]
fn ServerButtons(ctl: ServerController) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let code = RwSignal::new(String::new());
    let rated = RwSignal::new(false);
    // Nine characters, and the two dashes people copy with them.
    let code_max = (ROOM_CODE_LEN + 2).to_string();
    view! {
        <div class="lobby-buttons">
            <button class="capsule primary" data-testid="lobby-quick" on:click=move |_| ctl.quick_match()>
                {text(BaifangText::QuickMatch)}
            </button>
            <button class="capsule primary" data-testid="lobby-friend" on:click=move |_| ctl.create_room(rated.get_untracked())>
                {text(BaifangText::FriendMatch)}
            </button>
            <form class="join-room" on:submit=move |ev| {
                ev.prevent_default();
                ctl.join_room(code.get_untracked(), rated.get_untracked());
            }>
                <input data-testid="join-code" maxlength=code_max autocomplete="off"
                    placeholder=move || BaifangText::CodePlaceholder.in_lang(lang.get())
                    prop:value=code on:input=move |ev| code.set(event_target_value(&ev))/>
                <button class="pill-button" type="submit" data-testid="join-submit">{text(BaifangText::Join)}</button>
            </form>
            <label class="rated-choice">
                <input type="checkbox" data-testid="friend-rated" prop:checked=rated
                    on:change=move |ev| rated.set(event_target_checked(&ev))/>
                " " {text(BaifangText::RatedGame)}
            </label>
            <p class="lobby-caption">{text(BaifangText::ServerCaption)}</p>
        </div>
    }
}

/// An open friend room: its code, its link (copied on a tap), and the way out.
#[component]
fn FriendRoomOpen(ctl: ServerController, code: String, rated: bool) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let link = share_link_here_as("room", &code);
    let copied = RwSignal::new(None);
    let (copy, href, code_attr) = (link.clone(), link.clone(), code.clone());
    let shown = format_room_code(&code);
    let rated_text = if rated {
        BaifangText::RoomRated
    } else {
        BaifangText::RoomUnrated
    };
    view! {
        <div class="online-wait" data-testid="friend-room" data-code=code_attr data-rated=rated.to_string()>
            <div class="spinner" aria-hidden="true"></div>
            <p>{text(BaifangText::RoomCode)} " " <strong data-testid="room-code">{shown}</strong></p>
            <p class="lobby-caption" data-testid="room-rated">{text(rated_text)}</p>
            <p class="lobby-caption">{text(BaifangText::RoomWaiting)}</p>
            <a class="room-link" data-testid="room-link" href=href>{link}</a>
            <button class="pill-button" data-testid="room-copy"
                on:click=move |_| send_link_noted(BaifangText::FriendMatch.in_lang(lang.get_untracked()), &copy, copied)>
                {text(BaifangText::CopyLink)}
            </button>
            <CopyNote sent=copied/>
            <button class="pill-button" data-testid="server-cancel" on:click=move |_| ctl.cancel()>
                {text(BaifangText::Cancel)}
            </button>
        </div>
    }
}

/// The player's server record: editable name, rating and tier, games, recent games.
#[component]
fn ServerProfile(ctl: ServerController, open: Callback<Panel>) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let me = Memo::new(move |_| ctl.client.with(|c| c.me().cloned()));
    let recent = Memo::new(move |_| ctl.client.with(|c| c.recent().to_vec()));
    let name = RwSignal::new(String::new());
    // The field follows the server's name until the player edits it.
    Effect::new(move |_| {
        if let Some(m) = me.get() {
            name.set(m.name);
        }
    });
    let profile = move || {
        me.get().map(|m| {
            let tier = elo::tier(m.rating);
            let tier_name = match lang.get() {
                Lang::Zh => tier.name.clone(),
                Lang::En => tier.en.clone(),
            };
            view! {
                <span class="profile-rating" data-testid="profile-rating" data-rating=m.rating data-player=m.id.clone()>
                    {text(BaifangText::Rating)} " " {m.rating} " · " {tier_name}
                </span>
                <p class="profile-record" data-testid="profile-record"
                    data-games=m.games data-wins=m.wins data-losses=m.losses>
                    {m.games} " " {text(BaifangText::Games)} " · " {m.wins} " " {text(BaifangText::Won)}
                    " · " {m.losses} " " {text(BaifangText::Lost)}
                </p>
            }
        })
    };
    view! {
        <section class="profile-bar server-profile" data-testid="profile-bar">
            <form class="name-form" on:submit=move |ev| {
                ev.prevent_default();
                ctl.set_name(name.get_untracked());
            }>
                <label>{text(BaifangText::Name)} " "
                    <input data-testid="server-name" maxlength="16" prop:value=name
                        on:input=move |ev| name.set(event_target_value(&ev))/>
                </label>
                <button class="pill-button" type="submit" data-testid="server-name-save">{text(BaifangText::SaveName)}</button>
            </form>
            <div class="profile-text">{profile}</div>
            <div class="profile-links">
                <button class="pill-button" data-testid="open-leaderboard" on:click=move |_| open.run(Panel::Leaderboard)>
                    {text(BaifangText::Leaderboard)}
                </button>
                {move || me.get().map(|m| view! {
                    <button class="pill-button" data-testid="open-my-page"
                        on:click=move |_| open.run(Panel::Player(m.id.clone(), false))>
                        {text(BaifangText::MyPage)}
                    </button>
                })}
            </div>
        </section>
        {move || {
            let games = recent.get();
            (!games.is_empty()).then(|| view! {
                <h3 class="recent-title">{text(BaifangText::RecentGames)}</h3>
                <ul class="recent-matches" data-testid="recent-matches">
                    {games.into_iter().map(|g| view! { <RecentLine game=g/> }).collect_view()}
                </ul>
            })
        }}
    }
}
