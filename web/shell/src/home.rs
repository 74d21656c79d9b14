//! The shell's home screen: pick one of the two games.

use leptos::prelude::*;

use web_core::chrome::LanguageSwitch;
use web_core::i18n::{tr, Text};
use web_core::nav::{use_nav, Screen};
use web_core::sound::SoundSwitch;

#[component]
pub fn HomeScreen() -> impl IntoView {
    view! {
        <main class="home" data-testid="screen-home">
            <div class="home-top">
                <SoundSwitch/>
                <LanguageSwitch/>
            </div>
            <div class="logo" aria-hidden="true">
                <span class="logo-stone logo-b"></span>
                <span class="logo-stone logo-w"></span>
                <span class="logo-hex"></span>
            </div>
            <h1 class="home-title">{tr(Text::AppTitle)}</h1>
            <p class="home-tagline">{tr(Text::AppTagline)}</p>
            <nav class="game-cards">
                <GameCard screen=Screen::Baifang name=Text::BaifangName blurb=Text::BaifangBlurb testid="home-baifang"/>
                <GameCard screen=Screen::Hex name=Text::HexName blurb=Text::HexBlurb testid="home-hex"/>
            </nav>
        </main>
    }
}

#[component]
fn GameCard(screen: Screen, name: Text, blurb: Text, testid: &'static str) -> impl IntoView {
    let nav = use_nav();
    view! {
        <button class=format!("game-card game-card-{}", screen.key()) data-testid=testid on:click=move |_| nav.go(screen)>
            <span class="game-card-name">{tr(name)}</span>
            <span class="game-card-blurb">{tr(blurb)}</span>
        </button>
    }
}
