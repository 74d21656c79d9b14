//! The shell's root component: provides shared context and shows the current screen,
//! the home screen itself and a game through its module's frame.

use leptos::prelude::*;

use crate::frame::{self, ModeFrame};
use crate::home::HomeScreen;
use crate::offline::{self, UpdatePrompt};
use web_core::i18n::provide_lang;
use web_core::modules::module_of;
use web_core::nav::{provide_nav, Screen};
use web_core::page_events;

#[component]
pub fn App() -> impl IntoView {
    provide_lang();
    // A reload in the middle of a game that marked its screen (a server game) opens it.
    let nav = provide_nav();
    let update_ready = offline::register();
    // Lives as long as the page, like the shell.
    std::mem::forget(page_events::listen(page_events::WARM_EVENT, |key| {
        if let Some(screen) = Screen::from_key(&key) {
            frame::warm(screen);
        }
    }));
    if module_of(nav.current_untracked()).is_none() {
        when_loaded(offline::first_screen_ready);
    }
    view! {
        <div class="app" data-testid="app">
            {move || match module_of(nav.current()) {
                None => view! { <HomeScreen/> }.into_any(),
                Some(stem) => {
                    let arg = nav.take_arg(nav.current_untracked());
                    view! { <ModeFrame stem=stem arg=arg/> }.into_any()
                }
            }}
            <UpdatePrompt ready=update_ready/>
        </div>
    }
}

/// Runs `then` once the page has loaded (at once if it has).
fn when_loaded(then: fn()) {
    if document().ready_state() == "complete" {
        then();
    } else {
        // Dropping the handle keeps the listener (it is removed only through the handle);
        // `load` fires once.
        drop(window_event_listener_untyped("load", move |_| then()));
    }
}
