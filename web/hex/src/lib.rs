//! 六边一笔 Hex Stroke screens.
//!
//! [`hex_screen_module`] is the game's entry from the shell (its own wasm module,
//! `bin/hex.rs`); [`hex_editor_module`] is the same with the level editor
//! (`bin/hex_editor.rs`), opened with a [`context::LevelToEdit`] or none, loaded
//! only when a designer opens the editor, so players never download it. Their
//! sub-screens (the level select, the play screen, the editor, the share-link error) are
//! a signal in [`context`], not part of the URL: the URL fragment is kept free for share
//! links.
//!
//! Modules: [`context`] (the mode's shared state), [`levels`] (the embedded packs
//! and the unlock order), [`progress`] and [`settings`] (saved in local storage),
//! [`select`] (level select), [`colour_blind_toggle`], [`play`] (the play screen
//! and its input loop), [`daily_record`] (the daily puzzle's record and streak) and [`daily`] (its screen parts), [`menu`] (the play menu), [`board_model`] and [`board`]
//! (the board as data and as SVG), [`pointer`] (pointer events → hexes),
//! [`play_clock`] (the visible time a level is open), [`tally`] (what a play counts), [`best_times`] and
//! [`solved_card`] (the card once a level is solved), [`feedback`] (transient cues), [`keys`] (the direction keys every board
//! shares), [`cell_words`] (what a screen reader hears for a cell), [`svg`]
//! (drawing helpers shared with the editor), [`share_link`] (share links and their error screen),
//! [`shared_packs`] (packs opened from links and their progress) and [`shared_pack_select`] (such a pack's level select), [`draft`] (the
//! editor's document), [`editor`] (the level editor), [`worker`] (the solver
//! worker's protocol), [`strings`] and [`engine_text`] (its words, and the engine's
//! codes worded).

use leptos::prelude::*;

pub mod best_times;
pub mod board;
pub mod board_model;
pub mod cell_words;
pub mod colour_blind_toggle;
pub mod context;
pub mod daily;
pub mod daily_record;
pub mod draft;
pub mod editor;
pub mod engine_text;
pub mod feedback;
pub mod keys;
pub mod levels;
pub mod menu;
pub mod play;
pub mod play_clock;
pub mod pointer;
pub mod progress;
pub mod select;
pub mod settings;
pub mod share_link;
pub mod shared_pack_select;
pub mod shared_packs;
pub mod solved_card;
pub mod strings;
pub mod svg;
pub mod tally;
pub mod technique_text;
pub mod worker;

use context::{HexCtx, HexView, LevelSource, LevelToEdit};
use levels::catalog;
use web_core::open_arg::NoArg;

/// Hex Stroke for players (the module `hex`); the editor opens in its own module.
pub fn hex_screen_module(_: Option<NoArg>) -> impl IntoView {
    hex_screen(HexCtx::provide(None))
}

thread_local! {
    /// The editor's document and history while its module is not mounted (the module
    /// stays loaded), so leaving the editor through the history and coming back keeps
    /// the draft.
    static KEPT_DRAFT: std::cell::RefCell<Option<draft::History<draft::Draft>>> =
        const { std::cell::RefCell::new(None) };
}

/// Hex Stroke with the level editor (the module `hex_editor`), opened on the editor: on
/// `level` when the play screen handed one over, else on the draft kept from before.
pub fn hex_editor_module(level: Option<LevelToEdit>) -> impl IntoView {
    let ctx = HexCtx::provide(Some(editor_screen));
    if let Some(kept) = KEPT_DRAFT.with(|k| k.borrow_mut().take()) {
        ctx.editor.set(kept);
    }
    on_cleanup(move || {
        if let Some(history) = ctx.editor.try_get_untracked() {
            KEPT_DRAFT.with(|k| *k.borrow_mut() = Some(history));
        }
    });
    ctx.open_editor(level.as_ref().map(|l| &l.0));
    hex_screen(ctx)
}

fn editor_screen() -> AnyView {
    view! { <editor::EditorScreen/> }.into_any()
}

/// Opens the share link's level `code`, taken from the navigation.
fn take_shared(ctx: HexCtx, code: Option<String>, nav: web_core::nav::Nav) {
    if let Some(code) = code {
        nav.shared.set(None);
        ctx.open_shared(&code);
    }
}

/// Opens the pack link's pack `code`, taken from the navigation.
fn take_pack(ctx: HexCtx, code: Option<String>, nav: web_core::nav::Nav) {
    if let Some(code) = code {
        nav.pack.set(None);
        ctx.open_pack_code(&code);
    }
}

/// The mode's screens (the editor where this module has one, `ctx.editor_screen`).
fn hex_screen(ctx: HexCtx) -> impl IntoView {
    let nav = web_core::nav::use_nav();
    // The link the page opened with is taken before the first render, so a cold share
    // link builds its level's play screen at once, not the level select it would throw
    // away a moment later (that was a third of the module's first task).
    take_shared(ctx, nav.shared.get_untracked(), nav);
    take_pack(ctx, nav.pack.get_untracked(), nav);
    // A share link from a later `hashchange` opens its level here.
    Effect::new(move |_| take_shared(ctx, nav.shared.get(), nav));
    // So does a pack link, with the pack's own level select.
    Effect::new(move |_| take_pack(ctx, nav.pack.get(), nav));
    view! {
        <main class="screen screen-hex" data-testid="screen-hex">
            {move || match ctx.view.get() {
                HexView::Select => view! { <select::LevelSelect/> }.into_any(),
                HexView::Play(source) => {
                    let level = match source {
                        LevelSource::Pack(r) => Some(catalog().level(r).clone()),
                        LevelSource::ShareLink
                        | LevelSource::EditorTry
                        | LevelSource::Daily(_)
                        | LevelSource::SharedPack(_) => {
                            ctx.custom.get_untracked()
                        }
                    };
                    match level {
                        Some(level) => view! { <play::PlayScreen level=level source=source/> }.into_any(),
                        None => view! { <select::LevelSelect/> }.into_any(),
                    }
                }
                HexView::ShareError => view! { <share_link::ShareErrorScreen/> }.into_any(),
                HexView::SharedPack => view! { <shared_pack_select::SharedPackSelect/> }.into_any(),
                HexView::Editor => match ctx.editor_screen {
                    Some(editor) => editor(),
                    // Not reached: without an editor here, opening it goes to its module.
                    None => view! { <select::LevelSelect/> }.into_any(),
                },
            }}
        </main>
    }
}
