//! The one table of the app's screens and the wasm modules that show them: each screen's
//! key, the screen one step back from it, its module's file stem, the worker script that
//! starts the module again, what opening it may add to the page's download, and what its
//! first screen asks the page's origin for.
//!
//! The page first loads only the shell (home screen, language, navigation, the update
//! prompt). Opening a game loads that screen's module (`<stem>.js` with `<stem>_bg.wasm`)
//! once per page and mounts it into the shell's frame; leaving unmounts it. So the home
//! screen and a share link never wait for the other game's code. Navigation
//! ([`crate::nav::Screen`]), the shell's module loader and the page-size budget script
//! (`scripts/bundle-size.mjs`, through its checked copy `web/modules.json`) all read this
//! table; `index.html`'s preload of a link's module reads [`crate::nav::FRAGMENT_SCREENS`]
//! with it.
//!
//! Shell and module are separate wasm instances with separate reactive runtimes. They meet
//! only in [`crate::module`] (the module's exported `mount(parent, arg)` / `unmount()`) and
//! the window events of [`crate::page_events`].

use engine::baifang::referee_protocol::INFO_PATH;

/// A screen of the app; its row in [`MODULES`] says everything else about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    /// Baifang's lobby: the games on this device to start or resume, the recent games, the
    /// way online and to the lessons.
    Baifang,
    /// Baifang on this device: a hot-seat or vs-AI room, the lesson, the rules, the puzzles.
    BaifangPlay,
    /// Baifang online through the referee server: its lobby and room.
    BaifangOnline,
    /// Baifang online without the server: Game Center or browser tabs.
    BaifangPeer,
    /// A Baifang game's review (a finished game, or a `#game=` link).
    BaifangReview,
    Hex,
    /// Hex Stroke's level editor, a module of its own (it also plays a draft and the packs).
    HexEditor,
}

impl Screen {
    pub const ALL: [Screen; 8] = [
        Screen::Home,
        Screen::Baifang,
        Screen::BaifangPlay,
        Screen::BaifangOnline,
        Screen::BaifangPeer,
        Screen::BaifangReview,
        Screen::Hex,
        Screen::HexEditor,
    ];

    /// The screen's name in history state and navigation events.
    pub fn key(self) -> &'static str {
        entry(self).key
    }

    pub fn from_key(key: &str) -> Option<Screen> {
        Screen::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The screen one step back from this one when it is opened first (by a link or a
    /// reload): Baifang's games and review sit behind its lobby, everything else behind
    /// home.
    pub fn parent(self) -> Screen {
        entry(self).parent
    }
}

/// One screen of the app and the module that shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleEntry {
    pub screen: Screen,
    /// The screen's name in history state and in the shell's navigation events.
    pub key: &'static str,
    /// The screen one step back when this one is opened first (by a link or a reload).
    pub parent: Screen,
    /// The module's file stem, a Trunk rust link of `index.html` and a `[[bin]]` of its
    /// game's crate; `None` for the shell's own home screen.
    pub stem: Option<&'static str>,
    /// The Web Worker script (`web/workers/`) that runs the same module, counted in what
    /// opening the screen downloads.
    pub worker: Option<&'static str>,
    /// The module the worker starts when it is not the screen's own (also a Trunk rust
    /// link and a `[[bin]]`): the review's analysis, so the search and the endgame tables'
    /// code stay out of what a cold game link downloads.
    pub worker_stem: Option<&'static str>,
    /// What opening the screen may add to the page, in KiB as served (brotli): for home the
    /// shell itself, for a game's screen its module and worker script.
    pub budget_kib: u32,
    /// For a screen a link opens in a fresh browser: the budget of what that link downloads,
    /// the page, this module and the stylesheets. Such a module carries the shell (its binary
    /// declares `web_shell::carry_the_shell!`) and the page starts from it (`index.html`), so
    /// the shell's own binary is not part of it.
    pub cold_budget_kib: Option<u32>,
    /// The stylesheets (`web/style/`, copied to the build's root) the screen needs beyond the
    /// shell's `app.css`: loaded with the module, so the home screen and the other game never
    /// download or parse them.
    pub styles: &'static [&'static str],
    /// What the module's first screen asks the page's origin for as it mounts. A link opened
    /// cold asks for it beside the module (`index.html`), so the answer does not wait a round
    /// trip after the module has downloaded and mounted.
    pub first_fetches: &'static [&'static str],
}

/// Baifang's screens all draw its board and its lobby's recent games.
const BAIFANG_STYLES: &[&str] = &["baifang.css", "review.css"];
const HEX_STYLES: &[&str] = &["hex.css"];

/// Every screen, home first. Budgets: 150 KiB for the home screen and 300 for opening a
/// game's screen are the goals; the editor's and the cold links' are set a few per cent
/// above the sizes measured when they were set (README, "Page size"), so growth fails the
/// test command until it is looked at.
pub const MODULES: [ModuleEntry; 8] = [
    ModuleEntry {
        screen: Screen::Home,
        key: "home",
        parent: Screen::Home,
        stem: None,
        worker: None,
        worker_stem: None,
        budget_kib: 150,
        styles: &[],
        first_fetches: &[],
        cold_budget_kib: None,
    },
    // Baifang's lobby alone: what a cold lobby, room or watch link waits for before its
    // screen shows, so the board, the rooms and the AI's client come with the first game.
    // Split from the games on 2026-12-07: the cold lobby link fell from 331.7 to 202.6 KiB
    // (README, "Page size"); its cold budget is set a few per cent above that. 192.0 KiB
    // the same day without Unicode's case tables and the AI spec's parser (budget 200).
    // 137.5 KiB once the module carried the shell and a cold link started from it (one
    // wasm instead of two; the lobby from home grew 120.3 -> 131.8 KiB): budget 145.
    ModuleEntry {
        screen: Screen::Baifang,
        key: "baifang",
        parent: Screen::Home,
        stem: Some("baifang"),
        worker: None,
        worker_stem: None,
        budget_kib: 150,
        styles: BAIFANG_STYLES,
        // The lobby asks whether the page came from the referee server (its online button
        // and a `#room=` / `#watch=` link go where the answer says).
        first_fetches: &[INFO_PATH],
        cold_budget_kib: Some(145),
    },
    // Baifang's games on one device (hot-seat, against the AI) and its lesson, rules and
    // puzzles. The AI's worker runs the analysis module, downloaded when a game against
    // the AI or a puzzle starts: counted here, as everything the screen can fetch (342.5
    // KiB when it was split from the lobby).
    ModuleEntry {
        screen: Screen::BaifangPlay,
        key: "baifang-play",
        parent: Screen::Baifang,
        stem: Some("baifang_play"),
        worker: Some("baifang_ai.js"),
        worker_stem: Some("baifang_analysis"),
        budget_kib: 350,
        styles: BAIFANG_STYLES,
        first_fetches: &[],
        cold_budget_kib: None,
    },
    // Online play through the referee server: its lobby and room.
    ModuleEntry {
        screen: Screen::BaifangOnline,
        key: "baifang-online",
        parent: Screen::Baifang,
        stem: Some("baifang_online"),
        worker: None,
        worker_stem: None,
        budget_kib: 300,
        styles: BAIFANG_STYLES,
        first_fetches: &[],
        cold_budget_kib: None,
    },
    // Online play without the server: Game Center or browser tabs.
    ModuleEntry {
        screen: Screen::BaifangPeer,
        key: "baifang-peer",
        parent: Screen::Baifang,
        stem: Some("baifang_peer"),
        worker: None,
        worker_stem: None,
        budget_kib: 300,
        styles: BAIFANG_STYLES,
        first_fetches: &[],
        cold_budget_kib: None,
    },
    // A game's review (a finished game, or a `#game=` link) with its analysis worker, which
    // runs a module of its own: the search stays out of the cold game link. That link fell
    // from 273.9 to 260.1 KiB on 2026-12-07 without Unicode's case tables and the AI spec's
    // parser (budget 280 → 270), and to 210.0 KiB once the module carried the shell and a
    // cold link started from it (budget 220); opened from the lobby it grew 282.8 -> 298.7
    // KiB with the shell's copy (budget 300 -> 310).
    ModuleEntry {
        screen: Screen::BaifangReview,
        key: "baifang-review",
        parent: Screen::Baifang,
        stem: Some("baifang_review"),
        worker: Some("baifang_ai.js"),
        worker_stem: Some("baifang_analysis"),
        budget_kib: 310,
        styles: BAIFANG_STYLES,
        first_fetches: &[],
        cold_budget_kib: Some(220),
    },
    // Hex Stroke for players: level select, play, share links, the daily puzzle (made
    // by the editor module's worker, so the generator stays out of this module). The
    // cold budget rose from 295 to 325 KiB with the content spec read at run time
    // (+11 KiB), the daily puzzle's card, clock, record and past days (+22 KiB) and the
    // best times (+4 KiB); to 330 KiB with packs by link, the calendar (+14 KiB) and the
    // three large packs' 34 levels (+7 KiB), less the spec's numbers now read at
    // compile time (-13 KiB); to 336 KiB with the solved card, the sweep, the locks'
    // sentences and the bump's shake (+6 KiB); to 340 KiB with the sounds (the Web Audio
    // synthesis and the sound switch in every top bar, +2.7 KiB in the shell and module);
    // to 342 KiB with the first visit's language from `navigator.languages` (+1.1 KiB);
    // to 344 KiB with "link copied" (the clipboard's answer, said beside the button) and
    // the editor's question before sharing a level not proven unique (+1.8 KiB); to 346
    // KiB with every pack and level titled in English too (+1.7 KiB); down to 334 KiB
    // when the module stopped carrying Rust's float parser and its tables (-12.3 KiB); to
    // 275 KiB (264.9 measured) once the module carried the shell and a cold link started
    // from it, one wasm instead of the shell's and then this one's (-58 KiB).
    ModuleEntry {
        screen: Screen::Hex,
        key: "hex",
        parent: Screen::Home,
        stem: Some("hex"),
        worker: None,
        worker_stem: None,
        budget_kib: 300,
        styles: HEX_STYLES,
        first_fetches: &[],
        cold_budget_kib: Some(275),
    },
    // The level editor with everything of `hex` (for 试玩 and back), and its solver worker
    // (which also makes the daily puzzle); 385 KiB since the daily puzzle (was 355), 395
    // since the editor's pack panel, packs by link and the large packs, 398 with the
    // solved card (+5 KiB), 401 with the sound switch in its top bar (+2.4 KiB), 404 with
    // "link copied" and the question before sharing a level not proven unique (+3.3 KiB),
    // 406 with the English titles (+1.2 KiB), 411 once its stylesheet (hex.css, 5.3 KiB)
    // came with the module instead of with the shell, 404 without Rust's float parser
    // (-11.9 KiB).
    ModuleEntry {
        screen: Screen::HexEditor,
        key: "hex-editor",
        parent: Screen::Home,
        stem: Some("hex_editor"),
        worker: Some("hex_solver.js"),
        worker_stem: None,
        budget_kib: 404,
        styles: HEX_STYLES,
        first_fetches: &[],
        cold_budget_kib: None,
    },
];

/// The table's row for `screen`.
pub fn entry(screen: Screen) -> &'static ModuleEntry {
    MODULES
        .iter()
        .find(|e| e.screen == screen)
        .expect("every screen has a row")
}

/// The stem of the module that shows `screen`, `None` for the shell's own home screen.
pub fn module_of(screen: Screen) -> Option<&'static str> {
    entry(screen).stem
}

/// The stylesheets the module `stem` needs (none for an unknown stem).
pub fn styles_of(stem: &str) -> &'static [&'static str] {
    MODULES
        .iter()
        .find(|e| e.stem == Some(stem))
        .map_or(&[], |e| e.styles)
}

/// The table as `web/modules.json` holds it for the page-size budget script.
pub fn modules_json() -> String {
    let rows: Vec<serde_json::Value> = MODULES
        .iter()
        .map(|e| {
            serde_json::json!({
                "screen": e.key,
                "parent": e.parent.key(),
                "stem": e.stem,
                "worker": e.worker,
                "workerStem": e.worker_stem,
                "budgetKiB": e.budget_kib,
                "coldBudgetKiB": e.cold_budget_kib,
                "styles": e.styles,
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&serde_json::json!({
        "about": "The app's table of modules, copied from web/core/src/modules.rs (a test keeps the two equal): scripts/bundle-size.mjs reads the budgets here.",
        "modules": rows,
    }))
    .expect("plain JSON");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::{FRAGMENT_SCREENS, OPENABLE};
    use std::collections::BTreeSet;

    #[test]
    fn one_row_per_screen_in_screen_order_home_without_a_module() {
        assert_eq!(MODULES.len(), Screen::ALL.len());
        for (row, screen) in MODULES.iter().zip(Screen::ALL) {
            assert_eq!(row.screen, screen);
        }
        assert_eq!(module_of(Screen::Home), None);
        for screen in &Screen::ALL[1..] {
            assert!(module_of(*screen).is_some(), "{screen:?} has a module");
        }
    }

    /// The budget script reads the checked copy; a budget changed here must be copied.
    #[test]
    fn modules_json_is_this_table() {
        let file = include_str!("../../modules.json");
        assert!(
            file == modules_json(),
            "web/modules.json must equal the table; write this:\n{}",
            modules_json()
        );
    }

    /// Every module is a Trunk rust link of `index.html` under its stem.
    #[test]
    fn index_html_builds_every_module() {
        let page = include_str!("../../../index.html");
        let stems = MODULES.iter().flat_map(|e| [e.stem, e.worker_stem]);
        for stem in stems.flatten() {
            assert!(
                page.contains(&format!("data-bin=\"{stem}\"")),
                "index.html must build {stem}"
            );
        }
    }

    /// The modules a link opens are the ones with a cold budget: the page starts from them
    /// (they carry the shell), and the budget script counts what their links download.
    #[test]
    fn the_modules_a_link_opens_have_a_cold_budget() {
        let opened: BTreeSet<&str> = FRAGMENT_SCREENS
            .iter()
            .map(|(_, screen)| *screen)
            .chain(OPENABLE)
            .filter_map(module_of)
            .collect();
        let cold: BTreeSet<&str> = MODULES
            .iter()
            .filter(|e| e.cold_budget_kib.is_some())
            .filter_map(|e| e.stem)
            .collect();
        assert_eq!(opened, cold);
    }

    /// `["a", "b"]`'s inside as `index.html`'s script writes it: `"a", "b"`.
    fn js_strings(items: &[&str]) -> String {
        let quoted: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
        quoted.join(", ")
    }

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
        let opened: Vec<String> = OPENABLE
            .iter()
            .map(|screen| format!("\"{}\": \"{}\"", screen.key(), module_of(*screen).unwrap()))
            .collect();
        let table = format!("var MODULE_OF_OPEN = {{ {} }};", opened.join(", "));
        assert!(page.contains(&table), "index.html must hold: {table}");
        let mut styles: Vec<String> = FRAGMENT_SCREENS
            .iter()
            .map(|(_, screen)| screen)
            .chain(OPENABLE.iter())
            .map(|screen| {
                let e = entry(*screen);
                format!("{}: [{}]", e.stem.unwrap(), js_strings(e.styles))
            })
            .collect();
        styles.sort();
        styles.dedup();
        let table = format!("var STYLES_OF_MODULE = {{ {} }};", styles.join(", "));
        assert!(page.contains(&table), "index.html must hold: {table}");
        let fetches: Vec<String> = MODULES
            .iter()
            .filter(|e| !e.first_fetches.is_empty())
            .map(|e| format!("{}: [{}]", e.stem.unwrap(), js_strings(e.first_fetches)))
            .collect();
        let table = format!("var FETCHES_OF_MODULE = {{ {} }};", fetches.join(", "));
        assert!(page.contains(&table), "index.html must hold: {table}");
    }

    /// Every module's stylesheet is copied into the build as it is named (the loader asks
    /// for it by that name) and none is bundled into the shell's page.
    #[test]
    fn index_html_copies_each_stylesheet_and_bundles_none_of_them() {
        let page = include_str!("../../../index.html");
        for style in MODULES.iter().flat_map(|e| e.styles) {
            let copied = format!("<link data-trunk rel=\"copy-file\" href=\"web/style/{style}\">");
            assert!(page.contains(&copied), "index.html must hold: {copied}");
            let bundled = format!("rel=\"css\" href=\"web/style/{style}\"");
            assert!(
                !page.contains(&bundled),
                "index.html must not bundle {style}"
            );
        }
    }
}
