//! 摆方 Baifang screens.

use leptos::prelude::*;

use crate::app::ScreenHeader;
use crate::i18n::Text;

#[component]
pub fn BaifangScreen() -> impl IntoView {
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang">
            <ScreenHeader title=Text::BaifangName/>
        </main>
    }
}
