//! The Baifang lobby: a profile bar, the recent online matches, capsule
//! buttons for the four ways to play (quick match, friend match, vs AI,
//! hot-seat), and the recent games to review. On a page served by the referee
//! server the profile and online play are the server's; elsewhere online play
//! is browser tabs or Game Center, and the lobby says why other devices are out
//! of reach.

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::elo;
use engine::baifang::Side;

use crate::i18n::{use_lang, Lang};

use super::local_match::Opponent;
use super::online_room::OnlineSetup;
use super::profile::{self, Loaded};
use super::review::recent_list::RecentGames;
use super::review::ReviewSource;
use super::room::RoomSetup;
use super::server_controller::ServerController;
use super::server_lobby::ServerLobby;
use super::strings::BaifangText;

#[component]
pub fn Lobby(
    on_start: Callback<RoomSetup>,
    on_online: Callback<OnlineSetup>,
    /// Opens a recent game's review.
    on_review: Callback<ReviewSource>,
    /// The referee server's controller, when the page came from the server.
    server: Option<ServerController>,
    /// A `#room=` link was opened on a page without the server.
    room_link_refused: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let ai_sheet = RwSignal::new(false);
    // The sheet's choices outlive the sheet, so reopening it shows them again.
    let level = RwSignal::new(Strength::Medium);
    let human = RwSignal::new(Side::Black);
    let step_clock = RwSignal::new(false);
    let text = move |t: BaifangText| move || t.in_lang(lang.get());

    view! {
        <div class="lobby" data-testid="lobby" data-online=if server.is_some() { "server" } else { "peer" }>
            {match server {
                Some(ctl) => view! { <ServerLobby ctl=ctl/> }.into_any(),
                None => view! { <PeerOnline on_online=on_online room_link_refused=room_link_refused/> }.into_any(),
            }}
            <div class="lobby-buttons">
                <button class="capsule" data-testid="lobby-ai" on:click=move |_| ai_sheet.set(true)>
                    {text(BaifangText::VsAi)}
                </button>
                <button
                    class="capsule"
                    data-testid="lobby-hotseat"
                    on:click=move |_| on_start.run(RoomSetup { opponent: Opponent::HotSeat, step_clock: step_clock.get_untracked() })
                >
                    {text(BaifangText::HotSeat)}
                </button>
                <label class="toggle">
                    <input type="checkbox" data-testid="lobby-step-clock"
                        prop:checked=step_clock
                        on:change=move |ev| step_clock.set(event_target_checked(&ev))/>
                    <span>{text(BaifangText::StepClock)} " 30 s"</span>
                </label>
            </div>
            <RecentGames on_open=on_review/>
            <Show when=move || ai_sheet.get()>
                <AiSheet open=ai_sheet level=level human=human step_clock=step_clock on_start=on_start/>
            </Show>
        </div>
    }
}

/// Online play without the server: the local record, then quick and friend
/// match over browser tabs or Game Center, and why other devices are out of reach.
#[component]
fn PeerOnline(
    on_online: Callback<OnlineSetup>,
    room_link_refused: RwSignal<bool>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    view! {
        <ProfileSummary/>
        <Show when=move || room_link_refused.get()>
            <p class="notice" data-testid="room-link-refused">{text(BaifangText::RoomLinkNeedsServer)}</p>
        </Show>
        <div class="lobby-buttons">
            <button class="capsule primary" data-testid="lobby-quick" on:click=move |_| on_online.run(OnlineSetup { friend: false })>
                {text(BaifangText::QuickMatch)}
            </button>
            <button class="capsule primary" data-testid="lobby-friend" on:click=move |_| on_online.run(OnlineSetup { friend: true })>
                {text(BaifangText::FriendMatch)}
            </button>
            <p class="lobby-caption">{text(BaifangText::OnlineSoon)}</p>
            {(!crate::online::bridge::available()).then(|| view! {
                <p class="lobby-caption" data-testid="no-server">{text(BaifangText::NoServer)}</p>
            })}
        </div>
    }
}

/// The player's profile: nickname, rating and tier, record, the latest online
/// matches, and a notice when a broken stored record was reset.
#[component]
fn ProfileSummary() -> impl IntoView {
    let lang = use_lang();
    let loaded = profile::load();
    let notice = match &loaded {
        Loaded::Reset(_, reason) => Some(reason.clone()),
        _ => None,
    };
    let profile = loaded.profile().clone();
    let tier = elo::tier(profile.rating);
    let tier_name = move || match lang.get() {
        Lang::Zh => tier.name.clone(),
        Lang::En => tier.en.clone(),
    };
    let zh = move || lang.get() == Lang::Zh;
    // the default nickname is a word, not a name: it is shown in the interface language
    let nickname = profile.nickname.clone();
    let shown_name = move || {
        if nickname == profile::DEFAULT_NICKNAME {
            BaifangText::DefaultNickname.in_lang(lang.get()).to_string()
        } else {
            nickname.clone()
        }
    };
    let initial = {
        let shown_name = shown_name.clone();
        move || shown_name().chars().next().unwrap_or('?').to_string()
    };
    view! {
        <section class="profile-bar" data-testid="profile-bar">
            <span class="avatar" aria-hidden="true">{initial}</span>
            <div class="profile-text">
                <span class="profile-name">{shown_name}</span>
                <span class="profile-rating" data-testid="profile-rating" data-rating=profile.rating>
                    {move || BaifangText::Rating.in_lang(lang.get())} " " {profile.rating} " · " {tier_name}
                </span>
            </div>
        </section>
        {notice.map(|reason| view! { <p class="notice" data-testid="profile-notice">{reason}</p> })}
        <p class="profile-record" data-testid="profile-record"
            data-games=profile.games data-wins=profile.wins data-losses=profile.losses>
            {profile.games} {move || if zh() { " 局 · " } else { " games · " }}
            {profile.wins} {move || if zh() { " 胜 · " } else { " won · " }}
            {profile.losses} {move || if zh() { " 负" } else { " lost" }}
        </p>
        {(!profile.recent.is_empty()).then(|| view! {
            <ul class="recent-matches" data-testid="recent-matches">
                {profile.recent.iter().take(5).map(|m| {
                    let delta = m.rating_after - m.rating_before;
                    view! {
                        <li data-won=m.won.to_string() data-delta=delta>
                            {if m.won { "胜 " } else { "负 " }} {m.peer.clone()} " · " {m.reason.clone()} " · "
                            {if delta >= 0 { format!("+{delta}") } else { delta.to_string() }}
                        </li>
                    }
                }).collect_view()}
            </ul>
        })}
    }
}

/// The vs-AI sheet: the AI's level and the player's colour, then start.
#[component]
fn AiSheet(
    open: RwSignal<bool>,
    level: RwSignal<Strength>,
    human: RwSignal<Side>,
    step_clock: RwSignal<bool>,
    on_start: Callback<RoomSetup>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    view! {
        <div class="sheet-veil" on:click=move |_| open.set(false)>
            <div class="sheet" data-testid="ai-sheet" on:click=|ev| ev.stop_propagation()>
                <h3>{text(BaifangText::ChooseLevel)}</h3>
                <div class="segmented">
                    {Strength::ALL.iter().map(|&l| {
                        view! {
                            <button
                                class="segment"
                                class:active=move || level.get() == l
                                data-testid=format!("ai-level-{}", l.id())
                                on:click=move |_| level.set(l)
                            >
                                {move || match lang.get() { Lang::Zh => l.name(), Lang::En => l.en() }}
                            </button>
                        }
                    }).collect_view()}
                </div>
                <h3>{text(BaifangText::ChooseColour)}</h3>
                <div class="segmented">
                    <button class="segment" class:active=move || human.get() == Side::Black
                        data-testid="ai-colour-B" on:click=move |_| human.set(Side::Black)>
                        {text(BaifangText::PlayBlue)}
                    </button>
                    <button class="segment" class:active=move || human.get() == Side::White
                        data-testid="ai-colour-W" on:click=move |_| human.set(Side::White)>
                        {text(BaifangText::PlayOrange)}
                    </button>
                </div>
                <button
                    class="pill-button primary"
                    data-testid="ai-start"
                    on:click=move |_| on_start.run(RoomSetup {
                        opponent: Opponent::Ai { human: human.get_untracked(), level: level.get_untracked() },
                        step_clock: step_clock.get_untracked(),
                    })
                >
                    {text(BaifangText::Start)}
                </button>
            </div>
        </div>
    }
}
