//! Online play without the referee server: the player's local profile (nickname,
//! rating and tier, record, latest matches), then quick and friend match over Game
//! Center or browser tabs, and why other devices are out of reach.

use leptos::prelude::*;

use engine::baifang::elo;

use web_core::i18n::{use_lang, Lang};

use crate::peer::room::PeerSetup;
use crate::profile::{self, Loaded};
use crate::strings::BaifangText;

/// Online play without the server: the local record, then quick and friend
/// match over browser tabs or Game Center, and why other devices are out of reach.
#[component]
pub fn PeerOnline(on_online: Callback<PeerSetup>) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    view! {
        <ProfileSummary/>
        <div class="lobby-buttons">
            <button class="capsule primary" data-testid="lobby-quick" on:click=move |_| on_online.run(PeerSetup { friend: false })>
                {text(BaifangText::QuickMatch)}
            </button>
            <button class="capsule primary" data-testid="lobby-friend" on:click=move |_| on_online.run(PeerSetup { friend: true })>
                {text(BaifangText::FriendMatch)}
            </button>
            <p class="lobby-caption">{text(BaifangText::OnlineSoon)}</p>
            {(!web_core::host::bridge::available()).then(|| view! {
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
