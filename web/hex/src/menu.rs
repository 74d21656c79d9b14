//! The play screen's menu: the level list, back to the shell, and the
//! settings switch. It sits over the board; drawing is paused while it is open.

use leptos::prelude::*;

use crate::colour_blind_toggle::ColourBlindToggle;
use crate::context::use_hex;
use crate::strings::Text;
use web_core::i18n::tr;
use web_core::i18n::Text as AppText;
use web_core::nav::use_nav;

#[component]
pub fn PlayMenu(open: RwSignal<bool>) -> impl IntoView {
    let ctx = use_hex();
    let nav = use_nav();
    move || {
        open.get().then(|| {
            view! {
                <div class="hex-menu-backdrop" data-testid="hex-menu-sheet" on:click=move |_| open.set(false)>
                    <div class="hex-menu-sheet" role="dialog" aria-modal="true" on:click=|ev| ev.stop_propagation()>
                        <h2 class="hex-section-title">{tr(Text::HexMenu)}</h2>
                        <button class="hex-menu-item" data-testid="hex-menu-levels" on:click=move |_| ctx.show_level_list()>
                            {tr(Text::HexMenuLevels)}
                        </button>
                        <button class="hex-menu-item" data-testid="hex-menu-home" on:click=move |_| nav.back()>
                            {tr(AppText::GoHome)}
                        </button>
                        <ColourBlindToggle/>
                        <button class="hex-menu-item is-primary" data-testid="hex-menu-resume" on:click=move |_| open.set(false)>
                            {tr(Text::HexMenuResume)}
                        </button>
                    </div>
                </div>
            }
        })
    }
}
