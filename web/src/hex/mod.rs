//! 六边一笔 Hex Stroke screens.

use leptos::prelude::*;

use crate::app::ScreenHeader;
use crate::i18n::Text;

#[component]
pub fn HexScreen() -> impl IntoView {
    view! {
        <main class="screen screen-hex" data-testid="screen-hex">
            <ScreenHeader title=Text::HexName/>
        </main>
    }
}
