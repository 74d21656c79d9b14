//! The two games as wasm modules of their own, and the contract between them and the shell.
//!
//! The page first loads only the shell (home screen, language, navigation, the update
//! prompt). Opening a game loads that game's module (`baifang.js` / `hex.js` with their
//! wasm) once per page and mounts its screen into the shell's frame ([`frame`]); leaving
//! the game unmounts it ([`mount`] is the module side). So the home screen and a share
//! link never wait for the other game's code.
//!
//! Shell and module are separate wasm instances with separate reactive runtimes. They meet
//! only here: the module's exported `mount(parent)` / `unmount()`, and the window events of
//! [`crate::page_events`].

pub mod frame;
pub mod mount;

use crate::nav::Screen;

/// The stem of the module that shows `screen`, `None` for the shell's own home screen. Its
/// files are `<stem>.js` and `<stem>_bg.wasm` (index.html's rust links build them under
/// these names): `baifang` is Baifang's lobby and its games on one device, `baifang_online`
/// its online play through the referee server, `baifang_peer` without it (Game Center,
/// browser tabs), `baifang_review` its review; `hex` is Hex Stroke for players (level
/// select, play, share links), `hex_editor` the editor with everything of `hex`, for 试玩
/// and back.
pub fn module_of(screen: Screen) -> Option<&'static str> {
    match screen {
        Screen::Home => None,
        Screen::Baifang => Some("baifang"),
        Screen::BaifangOnline => Some("baifang_online"),
        Screen::BaifangPeer => Some("baifang_peer"),
        Screen::BaifangReview => Some("baifang_review"),
        Screen::Hex => Some("hex"),
        Screen::HexEditor => Some("hex_editor"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::FRAGMENT_SCREENS;

    /// `index.html` asks for a link's module while the shell still loads: its table of
    /// fragment keys to modules is this crate's, written out.
    #[test]
    fn index_html_preloads_the_module_each_link_opens() {
        let entries: Vec<String> = FRAGMENT_SCREENS
            .iter()
            .map(|(key, screen)| format!("{key}: \"{}\"", module_of(*screen).unwrap()))
            .collect();
        let table = format!("var MODULE_OF_FRAGMENT = {{ {} }};", entries.join(", "));
        let page = include_str!("../../../index.html");
        assert!(page.contains(&table), "index.html must hold: {table}");
    }

    #[test]
    fn every_game_screen_has_one_module_and_home_none() {
        assert_eq!(module_of(Screen::Home), None);
        assert_eq!(module_of(Screen::Baifang), Some("baifang"));
        assert_eq!(module_of(Screen::BaifangOnline), Some("baifang_online"));
        assert_eq!(module_of(Screen::BaifangPeer), Some("baifang_peer"));
        assert_eq!(module_of(Screen::BaifangReview), Some("baifang_review"));
        assert_eq!(module_of(Screen::Hex), Some("hex"));
        assert_eq!(module_of(Screen::HexEditor), Some("hex_editor"));
    }
}
