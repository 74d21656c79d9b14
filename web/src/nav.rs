//! Screen navigation without touching the URL.
//!
//! The current screen is a signal. Each navigation also pushes a history entry whose
//! *state* (not its URL) names the screen, so the browser's back button and the iOS
//! swipe-back work, the app runs from any static folder or custom scheme, and the URL
//! fragment stays free for level share links.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Baifang,
    Hex,
}

impl Screen {
    pub fn key(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Baifang => "baifang",
            Screen::Hex => "hex",
        }
    }

    pub fn from_key(key: &str) -> Option<Screen> {
        [Screen::Home, Screen::Baifang, Screen::Hex]
            .into_iter()
            .find(|s| s.key() == key)
    }
}

/// The navigation handle shared by context.
#[derive(Clone, Copy)]
pub struct Nav {
    screen: RwSignal<Screen>,
}

impl Nav {
    pub fn current(&self) -> Screen {
        self.screen.get()
    }

    /// Opens `screen` and records it in the session history.
    pub fn go(&self, screen: Screen) {
        if self.screen.get_untracked() == screen {
            return;
        }
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.push_state(&JsValue::from_str(screen.key()), "");
        }
        self.screen.set(screen);
    }

    /// Goes back like the browser's back button (falls home when there is no entry).
    pub fn back(&self) {
        match web_sys::window().and_then(|w| w.history().ok()) {
            Some(history) if history.state().ok().and_then(|s| s.as_string()).is_some() => {
                let _ = history.back();
            }
            _ => self.screen.set(Screen::Home),
        }
    }
}

pub fn provide_nav() -> Nav {
    let nav = Nav {
        screen: RwSignal::new(Screen::Home),
    };
    if let Some(window) = web_sys::window() {
        // The app always starts at home, so the entry it starts on says so (a reload
        // would otherwise keep the previous screen's state, and "back" from the next
        // screen would land on that screen instead of home). The URL is left alone.
        if let Ok(history) = window.history() {
            let _ = history.replace_state(&JsValue::from_str(Screen::Home.key()), "");
        }
        let on_pop =
            Closure::<dyn Fn(web_sys::PopStateEvent)>::new(move |event: web_sys::PopStateEvent| {
                let screen = event
                    .state()
                    .as_string()
                    .and_then(|key| Screen::from_key(&key))
                    .unwrap_or(Screen::Home);
                nav.screen.set(screen);
            });
        let _ =
            window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        // The listener lives as long as the page does.
        on_pop.forget();
    }
    provide_context(nav);
    nav
}

pub fn use_nav() -> Nav {
    expect_context::<Nav>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_keys_round_trip() {
        for s in [Screen::Home, Screen::Baifang, Screen::Hex] {
            assert_eq!(Screen::from_key(s.key()), Some(s));
        }
        assert_eq!(Screen::from_key("nope"), None);
    }
}
