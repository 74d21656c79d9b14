//! The root component: provides shared context and shows the current screen.

use leptos::prelude::*;

use crate::i18n::{provide_lang, tr, Text};
use crate::nav::{provide_nav, Screen};

#[component]
pub fn App() -> impl IntoView {
    provide_lang();
    let nav = provide_nav();
    view! {
        <div class="app" data-testid="app">
            {move || match nav.current() {
                Screen::Home => view! { <crate::home::HomeScreen/> }.into_any(),
                Screen::Baifang => view! { <crate::baifang::BaifangScreen/> }.into_any(),
                Screen::Hex => view! { <crate::hex::HexScreen/> }.into_any(),
            }}
        </div>
    }
}

/// The top bar every game screen shares: back, title, and the language switch.
#[component]
pub fn ScreenHeader(title: Text) -> impl IntoView {
    let nav = crate::nav::use_nav();
    view! {
        <header class="screen-header">
            <button class="icon-button" data-testid="nav-back" on:click=move |_| nav.back()>
                "‹ " {tr(Text::Back)}
            </button>
            <h1 class="screen-title" data-testid="screen-title">{tr(title)}</h1>
            <LanguageSwitch/>
        </header>
    }
}

#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let lang = crate::i18n::use_lang();
    view! {
        <button
            class="pill-button lang-switch"
            data-testid="lang-switch"
            on:click=move |_| lang.update(|l| *l = l.toggled())
        >
            {tr(Text::LanguageSwitch)}
        </button>
    }
}
