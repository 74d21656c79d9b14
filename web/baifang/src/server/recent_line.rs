//! One finished server game as a line: won, lost or void, the opponent, how it ended, the
//! rating change, and optionally the way to its review.

use leptos::prelude::*;

use engine::baifang::referee_protocol::RecentGame;
use web_core::i18n::use_lang;

use crate::server::words::{end_words, signed, unrated_words};
use crate::strings::BaifangText;

/// One finished game: won/lost/void, the opponent, how it ended, the rating change; with
/// `on_review`, a button that opens it in the review.
#[component]
pub fn RecentLine(
    game: RecentGame,
    #[prop(optional)] on_review: Option<Callback<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let me = game.you.0;
    let change = game.result.ratings[me.idx()];
    let delta = change.after - change.before;
    let won = game.result.winner.map(|w| w.0 == me);
    let outcome = match won {
        Some(true) => BaifangText::Won,
        Some(false) => BaifangText::Lost,
        None => BaifangText::Void,
    };
    let reason = game.result.reason;
    let unrated = game.result.unrated;
    let game_id = game.game_id.clone();
    view! {
        <li data-won=won.map_or("void".to_string(), |w| w.to_string()) data-delta=delta data-game=game.game_id.clone()
            data-unrated=unrated.map(|u| u.name())>
            {move || outcome.in_lang(lang.get())} " · " {game.opponent.name.clone()} " ("
            {game.opponent.rating} ") · " {move || end_words(reason, lang.get())} " · "
            {move || match unrated {
                Some(u) => unrated_words(u).in_lang(lang.get()).to_string(),
                None => signed(delta),
            }}
            {on_review.map(|review| view! {
                " " <button class="link-button" data-testid="game-review"
                    on:click=move |_| review.run(game_id.clone())>{move || BaifangText::ReviewGame.in_lang(lang.get())}</button>
            })}
        </li>
    }
}
