//! A player's page on the server: name, rating and tier, record, the rating history as a
//! chart, their finished games (each opens in the review) a page at a time, and the
//! download of every finished game as one JSON file.

use leptos::prelude::*;

use engine::baifang::elo;
use engine::baifang::referee_protocol::{GamesPage, PlayerPage, RecentGame};
use web_core::i18n::{use_lang, Lang};
use web_core::nav::use_nav;

use super::api::{export_path, finished_for_review, games_path, get_json, player_path, FetchError};
use super::panel::{answered, PanelHead};
use super::rating_chart::RatingChart;
use super::recent_line::RecentLine;
use crate::strings::BaifangText;

/// The page of player `id`, fetched when it opens.
#[component]
pub fn PlayerPanel(id: String, on_back: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let page = RwSignal::new(None::<Result<PlayerPage, FetchError>>);
    let path = player_path(&id);
    let id_attr = id.clone();
    leptos::task::spawn_local(async move {
        let got = get_json::<PlayerPage>(&path).await;
        let _ = page.try_set(Some(got));
    });
    view! {
        <section class="server-panel player-page" data-testid="player-page" data-player=id_attr>
            <PanelHead title=BaifangText::PlayerPage back=BaifangText::Back on_back=on_back/>
            {move || answered(page.get(), lang.get(), |p| view! { <PlayerSummary page=p/> }.into_any())}
            <PlayerGames id=id/>
        </section>
    }
}

/// Name, rating and tier, record, the chart and the export.
#[component]
fn PlayerSummary(page: PlayerPage) -> impl IntoView {
    let lang = use_lang();
    let t = move |x: BaifangText| x.in_lang(lang.get());
    let p = page.player;
    // Every history starts at the start rating: the line begins there, before the first game.
    let points = page.history.len();
    let ratings: Vec<i32> = std::iter::once(elo::start_rating())
        .chain(page.history.iter().map(|h| h.rating))
        .collect();
    let export = export_path(&p.id);
    let file = format!("baifang-games-{}.json", p.id);
    let (tier, tier_en) = (page.tier, page.tier_en);
    view! {
        <div class="player-summary" data-testid="player-summary" data-rating=p.rating data-games=p.games
            data-wins=p.wins data-losses=p.losses data-provisional=page.provisional.to_string()>
            <h3 data-testid="player-name">{p.name}</h3>
            <p>
                {move || t(BaifangText::Rating)} " " {p.rating} " · "
                {move || if lang.get() == Lang::Zh { tier.clone() } else { tier_en.clone() }}
                {page.provisional.then(|| view! { " · " <span class="provisional">{move || t(BaifangText::ProvisionalLong)}</span> })}
            </p>
            <p>{p.games} " " {move || t(BaifangText::Games)} " · " {p.wins} " " {move || t(BaifangText::Won)}
                " · " {p.losses} " " {move || t(BaifangText::Lost)}</p>
            {(points > 0).then(|| view! {
                <RatingChart ratings=ratings games=points label=t(BaifangText::RatingHistory).to_string()/>
            })}
            <a class="pill-button export-games" data-testid="export-games" href=export download=file>
                {move || t(BaifangText::ExportGames)}
            </a>
        </div>
    }
}

/// The player's finished games, newest first, a page at a time.
#[component]
fn PlayerGames(id: String) -> impl IntoView {
    let lang = use_lang();
    let nav = use_nav();
    let games = RwSignal::new(Vec::<RecentGame>::new());
    let next = RwSignal::new(Some(0u32));
    let error = RwSignal::new(None::<FetchError>);
    let load = move |id: String| {
        let Some(n) = next.get_untracked() else {
            return;
        };
        next.set(None);
        leptos::task::spawn_local(async move {
            match get_json::<GamesPage>(&games_path(&id, n)).await {
                Ok(page) => {
                    let _ = games.try_update(|g| g.extend(page.games));
                    let _ = next.try_set(page.more.then_some(n + 1));
                }
                Err(e) => {
                    let _ = error.try_set(Some(e));
                }
            }
        });
    };
    load(id.clone());
    // A game opens in the review: its record fetched, the players' names as its labels.
    let review = Callback::new(move |game_id: String| {
        leptos::task::spawn_local(async move {
            match finished_for_review(&game_id).await {
                Ok(source) => nav.open(&source),
                Err(e) => {
                    let _ = error.try_set(Some(e));
                }
            }
        });
    });
    view! {
        <h3 class="recent-title">{move || BaifangText::RecentGames.in_lang(lang.get())}</h3>
        {move || error.get().map(|e| view! { <p class="notice" data-testid="panel-error">{e.sentence(lang.get())}</p> })}
        <ul class="recent-matches player-games" data-testid="player-games">
            <For each=move || games.get() key=|g| g.game_id.clone() let:game>
                <RecentLine game=game on_review=review/>
            </For>
        </ul>
        {move || next.get().is_some_and(|n| n > 0).then(|| {
            let id = id.clone();
            view! {
                <button class="pill-button" data-testid="player-games-more" on:click=move |_| load(id.clone())>
                    {BaifangText::MoreGames.in_lang(lang.get())}
                </button>
            }
        })}
    }
}
