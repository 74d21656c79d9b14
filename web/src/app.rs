//! The shell's root component: provides shared context and shows the current screen,
//! the home screen itself and a game through its module's frame.

use leptos::prelude::*;

use crate::home::HomeScreen;
use crate::i18n::provide_lang;
use crate::mode::frame::ModeFrame;
use crate::mode::Mode;
use crate::nav::provide_nav;
use crate::offline::{self, UpdatePrompt};

#[component]
pub fn App() -> impl IntoView {
    provide_lang();
    // A reload in the middle of a server game opens the Baifang screen, where it comes back.
    let nav = provide_nav(crate::baifang::server_controller::game_in_progress_stored());
    let update_ready = offline::register();
    view! {
        <div class="app" data-testid="app">
            {move || match Mode::of(nav.current()) {
                None => view! { <HomeScreen/> }.into_any(),
                Some(mode) => view! { <ModeFrame mode=mode/> }.into_any(),
            }}
            <UpdatePrompt ready=update_ready/>
        </div>
    }
}
