//! The leaderboard screen: the server's top players by rating, with tier, record and a
//! mark on ratings still settling; a row opens that player's page.

use leptos::prelude::*;

use engine::baifang::referee_protocol::{Leaderboard, LEADERBOARD_PATH};
use web_core::i18n::{use_lang, Lang};

use super::api::get_json;
use super::panel::{answered, PanelHead};
use crate::strings::BaifangText;

/// The top players, fetched when the screen opens.
#[component]
pub fn LeaderboardPanel(on_player: Callback<String>, on_back: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let answer = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let got = get_json::<Leaderboard>(LEADERBOARD_PATH).await;
        let _ = answer.try_set(Some(got));
    });
    view! {
        <section class="server-panel leaderboard" data-testid="leaderboard">
            <PanelHead title=BaifangText::Leaderboard back=BaifangText::BackToLobby on_back=on_back/>
            {move || answered(answer.get(), lang.get(), |board| rows(board, lang.get_untracked(), on_player))}
        </section>
    }
}

fn rows(board: Leaderboard, lang: Lang, on_player: Callback<String>) -> AnyView {
    if board.players.is_empty() {
        return view! {
            <p class="lobby-caption" data-testid="leaderboard-empty">{BaifangText::NoRatedPlayers.in_lang(lang)}</p>
        }
        .into_any();
    }
    let t = |x: BaifangText| x.in_lang(lang);
    view! {
        <table class="leaderboard-table">
            <thead><tr>
                <th scope="col">"#"</th>
                <th scope="col">{t(BaifangText::Name)}</th>
                <th scope="col">{t(BaifangText::Rating)}</th>
                <th scope="col">{t(BaifangText::Record)}</th>
            </tr></thead>
            <tbody>
                {board.players.into_iter().map(|row| {
                    let id = row.player.id.clone();
                    let tier = if lang == Lang::Zh { row.tier } else { row.tier_en };
                    let settling = row.provisional.then(|| view! {
                        <span class="provisional" title=t(BaifangText::ProvisionalLong)>{t(BaifangText::Provisional)}</span>
                    });
                    view! {
                        <tr data-testid="leaderboard-row" data-player=row.player.id.clone() data-rank=row.rank
                            data-rating=row.player.rating data-provisional=row.provisional.to_string()>
                            <td>{row.rank}</td>
                            <td><button class="link-button" data-testid="leaderboard-player"
                                on:click=move |_| on_player.run(id.clone())>{row.player.name}</button></td>
                            <td>{row.player.rating} " " {settling} <span class="tier">{tier}</span></td>
                            <td>{row.player.wins} "–" {row.player.losses}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
    .into_any()
}
