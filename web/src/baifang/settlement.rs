//! The end-of-game card: a flat win / lose illustration over the darkened board,
//! the reason in words, the rating change where the game was rated, and the way back.

use leptos::prelude::*;

use engine::baifang::{Reason, Side};

use crate::i18n::use_lang;

use super::strings::{reason_words, side_name, Audience, BText};

/// A rating change to show: (before, after).
pub type RatingChange = (i32, i32);

#[component]
pub fn Settlement(
    winner: Side,
    reason: Reason,
    audience: Audience,
    #[prop(optional)] rating: Option<RatingChange>,
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let won = match audience {
        Audience::Player(me) => Some(me == winner),
        Audience::Both => None,
    };
    let mood = match won {
        Some(true) | None => "win",
        Some(false) => "lose",
    };
    let title = move || match won {
        Some(true) => BText::Victory.in_lang(lang.get()).to_string(),
        Some(false) => BText::Defeat.in_lang(lang.get()).to_string(),
        None => format!(
            "{} · {}",
            side_name(winner, lang.get()),
            BText::Victory.in_lang(lang.get())
        ),
    };
    let winner_letter = if winner == Side::Black { "B" } else { "W" };
    view! {
        <div class="settlement-veil">
            <section
                class=format!("settlement settlement-{mood}")
                data-testid="settlement"
                data-winner=winner_letter
                data-reason=reason.name()
                role="dialog"
                aria-modal="true"
            >
                <svg class="settlement-art" viewBox="0 0 200 120" aria-hidden="true">
                    <circle class=format!("art-stone stone-{winner_letter}") cx="100" cy="64" r="44"/>
                    {match mood {
                        "win" => view! {
                            <path class="art-crown" d="M 62 30 L 76 6 L 100 24 L 124 6 L 138 30 Z"/>
                        }.into_any(),
                        _ => view! {
                            <rect class="art-bar" x="60" y="58" width="80" height="12" rx="6"/>
                        }.into_any(),
                    }}
                </svg>
                <h2 class="settlement-title">{title}</h2>
                <p class="settlement-reason" data-testid="settlement-reason">
                    {move || reason_words(reason, lang.get())}
                </p>
                {rating.map(|(before, after)| {
                    let delta = after - before;
                    view! {
                        <p class="settlement-rating" data-testid="settlement-rating" data-delta=delta>
                            {move || BText::Rating.in_lang(lang.get())} " " {before} " → " {after}
                            " (" {if delta >= 0 { format!("+{delta}") } else { delta.to_string() }} ")"
                        </p>
                    }
                })}
                <button class="pill-button primary" data-testid="settlement-back" on:click=move |_| on_close.run(())>
                    {move || BText::BackToLobby.in_lang(lang.get())}
                </button>
            </section>
        </div>
    }
}
