//! Share links (`#play=<code>` for a level, `#pack=<code>` for a pack): the error
//! screen for a code that cannot be read, and the 复制链接 helpers shared by the
//! play screen and the editor.

use engine::hex::level_file::Pack;
use engine::hex::pack_code::{self, EncodeError};
use engine::hex::Level;
use leptos::prelude::*;

use crate::context::use_hex;
use crate::engine_text;
use crate::strings::Text;
use web_core::chrome::send_link_noted;
use web_core::host::share::{self, Sent};
use web_core::i18n::Text as AppText;
use web_core::i18n::{tr, use_lang};
use web_core::nav::{clear_fragment, use_nav, Screen};

/// The link for `level` (never carries a solution: the code holds only cells, walls,
/// clues, spinners and the title); `None` where this host cannot make links.
pub fn link_for(level: &Level) -> Option<String> {
    share::link_for_code(&engine::hex::share::encode(level))
}

/// Whether this host can make share links (a native host without a public address
/// cannot).
pub fn links_available() -> bool {
    share::link_base().is_some()
}

/// Hands `level`'s link on (share sheet or clipboard), says where it went in `note`, and
/// returns it for the link field.
pub fn send_link_for(level: &Level, note: RwSignal<Option<Sent>>) -> Option<String> {
    let link = link_for(level)?;
    send_link_noted(level.title.as_deref().unwrap_or(&level.id), &link, note);
    Some(link)
}

/// The fragment key of pack links.
pub const PACK_KEY: &str = "pack";

/// Hands `pack`'s link on (share sheet or clipboard) and returns it for the link
/// field (`Ok(None)` where this host cannot make links); why it cannot be a code.
pub fn send_pack_link(
    pack: &Pack,
    note: RwSignal<Option<Sent>>,
) -> Result<Option<String>, EncodeError> {
    let code = pack_code::encode(pack)?;
    let link = share::link_with_key(PACK_KEY, &code);
    if let Some(link) = &link {
        send_link_noted(&pack.title, link, note);
    }
    Ok(link)
}

/// A share code that could not be read: why, in the page's words, and a way home.
#[component]
pub fn ShareErrorScreen() -> impl IntoView {
    let ctx = use_hex();
    let nav = use_nav();
    let lang = use_lang();
    let message = move || {
        ctx.share_error
            .with(|e| e.as_ref().map(|e| engine_text::link_error(e, lang.get())))
            .unwrap_or_default()
    };
    view! {
        <div class="hex-share-error" data-testid="hex-share-error">
            <h2 class="hex-section-title">{tr(Text::HexShareBroken)}</h2>
            <p class="hex-share-error-text" data-testid="hex-share-error-text">{message}</p>
            <div class="hex-share-error-actions">
                <button
                    class="hex-menu-item is-primary"
                    data-testid="hex-share-home"
                    on:click=move |_| {
                        clear_fragment();
                        nav.go(Screen::Home);
                    }
                >
                    {tr(AppText::GoHome)}
                </button>
                <button
                    class="hex-menu-item"
                    data-testid="hex-share-levels"
                    on:click=move |_| {
                        clear_fragment();
                        ctx.show_select();
                    }
                >
                    {tr(Text::HexMenuLevels)}
                </button>
            </div>
        </div>
    }
}
