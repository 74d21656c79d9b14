//! The window events by which the shell and a game's module (separate wasm instances, see
//! `crate::module`) keep one screen and one language.

use leptos::prelude::{window, window_event_listener_untyped, WindowListenerHandle};
use wasm_bindgen::JsCast;

/// Window event a module dispatches to open a screen; its detail is [`crate::nav::Screen::key`].
pub const GO_EVENT: &str = "app-go";
/// Window event a module dispatches when the player is about to open a screen (a finger on
/// its button); its detail is the screen's key, whose module the shell loads without
/// mounting it, so the tap that follows does not wait for the download and instantiation.
pub const WARM_EVENT: &str = "app-warm";
/// Window event a module dispatches to hold the back gesture on its screen ("on") or let it
/// leave again ("off"); see [`crate::nav::Nav::hold_back`].
pub const HOLD_BACK_EVENT: &str = "app-hold-back";
/// Window event the shell dispatches when it kept a screen that holds the back gesture.
pub const BACK_HELD_EVENT: &str = "app-back-held";
/// Window event after the language changed; its detail is the language code.
pub const LANG_EVENT: &str = "app-lang";

/// Dispatches `event` on the window with the string `detail`.
pub fn announce(event: &str, detail: &str) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail.into());
    if let Ok(e) = web_sys::CustomEvent::new_with_event_init_dict(event, &init) {
        let _ = window().dispatch_event(&e);
    }
}

/// Calls `on` with the detail of every `event` on the window until the handle is removed.
pub fn listen(event: &str, on: impl Fn(String) + 'static) -> WindowListenerHandle {
    window_event_listener_untyped(event, move |e| {
        let detail = e
            .dyn_ref::<web_sys::CustomEvent>()
            .and_then(|e| e.detail().as_string());
        if let Some(detail) = detail {
            on(detail);
        }
    })
}
