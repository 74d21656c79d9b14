//! A game link that cannot be read: what is wrong with it, and the ways out.

use leptos::prelude::*;

use engine::baifang::game_link::LinkError;

use super::strings::{link_error_words, ReviewText};
use web_core::i18n::use_lang;
use web_core::nav::{clear_fragment, use_nav, Screen};

#[component]
pub fn LinkErrorScreen(error: LinkError, on_lobby: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let nav = use_nav();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let words = move || link_error_words(&error, lang.get());
    view! {
        <div class="review-link-error" data-testid="game-link-error" role="alert">
            <h2 class="review-title">{text(ReviewText::BrokenLink)}</h2>
            <p data-testid="game-link-error-text">{words}</p>
            <button class="pill-button primary" data-testid="game-link-home"
                on:click=move |_| { clear_fragment(); nav.go(Screen::Home); }>
                {text(ReviewText::Home)}
            </button>
            <button class="pill-button" data-testid="game-link-lobby"
                on:click=move |_| { clear_fragment(); on_lobby.run(()); }>
                {text(ReviewText::Lobby)}
            </button>
        </div>
    }
}
