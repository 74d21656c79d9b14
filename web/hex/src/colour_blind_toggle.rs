//! The settings switch for the colour-blind wall style (thick black bars with a gap
//! instead of yellow-black stripes), shown in the level select and the play menu.

use leptos::prelude::*;

use crate::context::use_hex;
use crate::strings::Text;
use web_core::i18n::tr;

/// The settings switch for the colour-blind wall style.
#[component]
pub fn ColourBlindToggle() -> impl IntoView {
    let ctx = use_hex();
    let on = move || ctx.settings.with(|s| s.colour_blind_walls);
    view! {
        <button
            class="hex-toggle"
            role="switch"
            data-testid="hex-setting-colorblind"
            aria-checked=move || on().to_string()
            on:click=move |_| ctx.set_colour_blind_walls(!on())
        >
            <span class="hex-toggle-label">{tr(Text::HexColourBlindWalls)}</span>
            <span class="hex-toggle-track" aria-hidden="true"><span class="hex-toggle-knob"></span></span>
        </button>
    }
}
