//! The shell's root component: provides shared context and shows the current screen,
//! the home screen itself and a game through its module's frame.

use leptos::prelude::*;

use crate::home::HomeScreen;
use crate::i18n::provide_lang;
use crate::mode::frame::ModeFrame;
use crate::mode::module_of;
use crate::nav::provide_nav;
use crate::offline::{self, UpdatePrompt};

#[component]
pub fn App() -> impl IntoView {
    provide_lang();
    // A reload in the middle of a server game opens Baifang's online screen, where it comes back.
    let nav = provide_nav(crate::baifang::server::controller::game_in_progress_stored());
    let update_ready = offline::register();
    if module_of(nav.current_untracked()).is_none() {
        when_loaded(offline::first_screen_ready);
    }
    view! {
        <div class="app" data-testid="app">
            {move || match module_of(nav.current()) {
                None => view! { <HomeScreen/> }.into_any(),
                Some(stem) => view! { <ModeFrame stem=stem/> }.into_any(),
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
