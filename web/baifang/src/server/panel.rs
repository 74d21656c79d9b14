//! What the server lobby's panels (leaderboard, player pages) share: the head with its way
//! back, and an answer from the server shown as loading, its error sentence, or itself.

use leptos::prelude::*;

use web_core::i18n::{use_lang, Lang};

use super::api::FetchError;
use crate::strings::BaifangText;

/// The panel's title and the button back (`back` words where it goes).
#[component]
pub fn PanelHead(title: BaifangText, back: BaifangText, on_back: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="panel-head">
            <button class="pill-button" data-testid="panel-back" on:click=move |_| on_back.run(())>
                {move || back.in_lang(lang.get())}
            </button>
            <h2>{move || title.in_lang(lang.get())}</h2>
        </div>
    }
}

/// An answer still on its way, failed, or here (`shown` draws it).
pub fn answered<T>(
    answer: Option<Result<T, FetchError>>,
    lang: Lang,
    shown: impl FnOnce(T) -> AnyView,
) -> AnyView {
    match answer {
        None => {
            view! { <p class="lobby-caption">{BaifangText::Loading.in_lang(lang)}</p> }.into_any()
        }
        Some(Err(e)) => {
            view! { <p class="notice" data-testid="panel-error">{e.sentence(lang)}</p> }.into_any()
        }
        Some(Ok(t)) => shown(t),
    }
}
