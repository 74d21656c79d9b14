//! The lobby's list of recent games: when, who, how it ended; a tap opens the
//! game's review.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::recent::{self, Mode, RecentGame};
use super::strings::ReviewText;
use super::ReviewSource;
use crate::strings::{reason_words, side_name};
use web_core::i18n::{use_lang, Lang};

/// `2026-12-01 14:05` in the device's local time.
fn date_text(ms: f64) -> String {
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

fn mode_text(mode: Mode) -> ReviewText {
    match mode {
        Mode::HotSeat => ReviewText::ModeHotSeat,
        Mode::Ai => ReviewText::ModeAi,
        Mode::Online => ReviewText::ModeOnline,
    }
}

/// Who played: the labels, or the sides' colours where a label is empty.
fn players_text(game: &RecentGame, lang: Lang) -> String {
    let name = |i: usize, side| {
        let label = &game.saved.labels[i];
        if label.is_empty() {
            side_name(side, lang).to_string()
        } else {
            label.clone()
        }
    };
    use engine::baifang::Side;
    format!("{} — {}", name(0, Side::Black), name(1, Side::White))
}

fn result_text(game: &RecentGame, lang: Lang) -> String {
    match game.result {
        Some((winner, reason)) => format!(
            "{} {} · {}",
            side_name(winner, lang),
            ReviewText::Wins.in_lang(lang),
            reason_words(reason, lang)
        ),
        None => String::new(),
    }
}

#[component]
pub fn RecentGames(on_open: Callback<ReviewSource>) -> impl IntoView {
    let lang = use_lang();
    let games = recent::load();
    (!games.is_empty()).then(|| {
        view! {
            <section class="recent-games" data-testid="recent-games">
                <h3>{move || ReviewText::RecentGames.in_lang(lang.get())}</h3>
                <ul>
                    {games.into_iter().map(|game| {
                        let source = game.source();
                        let plies = game.saved.log.len();
                        let (date, mode) = (game.saved.date, game.saved.mode);
                        let game = StoredValue::new(game);
                        view! {
                            <li>
                                <button class="recent-game" data-testid="recent-game" data-plies=plies
                                    on:click=move |_| on_open.run(source.clone())>
                                    <span class="recent-when">{date_text(date)} " · "
                                        {move || mode_text(mode).in_lang(lang.get())}</span>
                                    <span class="recent-who">{move || game.with_value(|g| players_text(g, lang.get()))}</span>
                                    <span class="recent-result">{move || game.with_value(|g| result_text(g, lang.get()))}</span>
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        }
    })
}
