//! Share links (`#play=<code>`): the error screen for a code that cannot be read,
//! and the 复制链接 helper shared by the play screen and the editor.

use engine::hex::Level;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::context::use_hex;
use crate::engine_text;
use crate::i18n::{tr, use_lang, Text};
use crate::nav::{clear_fragment, share_link_here, use_nav, Screen};

/// The link for `level` from the current page (never carries a solution: the code
/// holds only cells, walls, clues, spinners and the title).
pub fn link_for(level: &Level) -> String {
    share_link_here(&engine::hex::share::encode(level))
}

/// Copies `text` to the clipboard when the browser allows it (failures are silent:
/// the link is also shown in a field).
pub fn copy_to_clipboard(text: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")) else {
        return;
    };
    if clipboard.is_undefined() {
        return;
    }
    if let Ok(write) = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText")) {
        if let Ok(f) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(write) {
            if let Ok(p) = f.call1(&clipboard, &JsValue::from_str(text)) {
                // swallow a refusal (no permission) instead of an unhandled rejection
                if let Ok(p) = wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(p) {
                    let ignore =
                        wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
                    let _ = p.catch(&ignore);
                    ignore.forget();
                }
            }
        }
    }
}

/// A share code that could not be read: why, in the page's words, and a way home.
#[component]
pub fn ShareErrorScreen() -> impl IntoView {
    let ctx = use_hex();
    let nav = use_nav();
    let lang = use_lang();
    let message = move || {
        ctx.share_error
            .with(|e| e.as_ref().map(|e| engine_text::share_error(e, lang.get())))
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
                    {tr(Text::HexMenuHome)}
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
