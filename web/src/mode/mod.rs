//! The two games as wasm modules of their own, and the contract between them and the shell.
//!
//! The page first loads only the shell (home screen, language, navigation, the update
//! prompt). Opening a game loads that game's module (`baifang.js` / `hex.js` with their
//! wasm) once per page and mounts its screen into the shell's frame ([`frame`]); leaving
//! the game unmounts it ([`mount`] is the module side). So the home screen and a share
//! link never wait for the other game's code.
//!
//! Shell and module are separate wasm instances with separate reactive runtimes. They meet
//! only here: the module's exported `mount(parent)` / `unmount()`, and two window events,
//! [`GO_EVENT`] (a module asks the shell for another screen) and [`LANG_EVENT`] (whichever
//! side switched the language tells the other).

pub mod frame;
pub mod mount;

use leptos::prelude::{window, window_event_listener_untyped, WindowListenerHandle};
use wasm_bindgen::JsCast;

use crate::nav::Screen;

/// A game module: its file stem in the build and the screen it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Baifang,
    Hex,
}

impl Mode {
    /// The stem of the module's files: `<stem>.js` and `<stem>_bg.wasm` (index.html's rust
    /// links build them under these names).
    pub fn stem(self) -> &'static str {
        match self {
            Mode::Baifang => "baifang",
            Mode::Hex => "hex",
        }
    }

    pub fn of(screen: Screen) -> Option<Mode> {
        match screen {
            Screen::Home => None,
            Screen::Baifang => Some(Mode::Baifang),
            Screen::Hex => Some(Mode::Hex),
        }
    }
}

/// Window event a module dispatches to open a screen; its detail is [`Screen::key`].
pub const GO_EVENT: &str = "app-go";
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_screen_has_one_module_and_home_none() {
        assert_eq!(Mode::of(Screen::Home), None);
        assert_eq!(Mode::of(Screen::Baifang).map(Mode::stem), Some("baifang"));
        assert_eq!(Mode::of(Screen::Hex).map(Mode::stem), Some("hex"));
    }
}
