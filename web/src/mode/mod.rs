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

/// A game module: its file stem in the build and the screen it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Baifang,
    /// Hex Stroke for players: level select, play, share links.
    Hex,
    /// Hex Stroke's editor (with everything of [`Mode::Hex`], for 试玩 and back).
    HexEditor,
}

impl Mode {
    /// The stem of the module's files: `<stem>.js` and `<stem>_bg.wasm` (index.html's rust
    /// links build them under these names).
    pub fn stem(self) -> &'static str {
        match self {
            Mode::Baifang => "baifang",
            Mode::Hex => "hex",
            Mode::HexEditor => "hex_editor",
        }
    }

    pub fn of(screen: Screen) -> Option<Mode> {
        match screen {
            Screen::Home => None,
            Screen::Baifang => Some(Mode::Baifang),
            Screen::Hex => Some(Mode::Hex),
            Screen::HexEditor => Some(Mode::HexEditor),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_screen_has_one_module_and_home_none() {
        assert_eq!(Mode::of(Screen::Home), None);
        assert_eq!(Mode::of(Screen::Baifang).map(Mode::stem), Some("baifang"));
        assert_eq!(Mode::of(Screen::Hex).map(Mode::stem), Some("hex"));
        assert_eq!(
            Mode::of(Screen::HexEditor).map(Mode::stem),
            Some("hex_editor")
        );
    }
}
