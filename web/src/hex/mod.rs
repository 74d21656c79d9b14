//! 六边一笔 Hex Stroke screens.
//!
//! [`HexScreen`] is the mode's entry from the shell. Its sub-screens (the level
//! select, the play screen, the editor, the share-link error) are a signal in
//! [`context`], not part of the URL: the URL fragment is kept free for share links.
//!
//! Modules: [`context`] (the mode's shared state), [`levels`] (the embedded packs
//! and the unlock order), [`progress`] and [`settings`] (saved in local storage),
//! [`select`] (level select), [`colour_blind_toggle`], [`play`] (the play screen
//! and its input loop), [`menu`] (the play menu), [`board_model`] and [`board`]
//! (the board as data and as SVG), [`pointer`] (pointer events → hexes),
//! [`feedback`] (transient cues), [`keys`] (the direction keys every board
//! shares), [`cell_words`] (what a screen reader hears for a cell), [`svg`]
//! (drawing helpers shared with the editor), [`share_link`] (share links and their error screen), [`draft`] (the
//! editor's document), [`editor`] (the level editor), [`worker`] (the solver
//! worker's protocol).

use leptos::prelude::*;

pub mod board;
pub mod board_model;
pub mod cell_words;
pub mod colour_blind_toggle;
pub mod context;
pub mod draft;
pub mod editor;
pub mod feedback;
pub mod keys;
pub mod levels;
pub mod menu;
pub mod play;
pub mod pointer;
pub mod progress;
pub mod select;
pub mod settings;
pub mod share_link;
pub mod svg;
pub mod technique_text;
pub mod worker;

use context::{HexCtx, HexView, LevelSource};
use levels::catalog;

#[component]
pub fn HexScreen() -> impl IntoView {
    let ctx = HexCtx::provide();
    let nav = crate::nav::use_nav();
    // A share link (at startup or a later `hashchange`) opens its level here.
    Effect::new(move |_| {
        if let Some(code) = nav.shared.get() {
            nav.shared.set(None);
            ctx.open_shared(&code);
        }
    });
    view! {
        <main class="screen screen-hex" data-testid="screen-hex">
            {move || match ctx.view.get() {
                HexView::Select => view! { <select::LevelSelect/> }.into_any(),
                HexView::Play(source) => {
                    let level = match source {
                        LevelSource::Pack(r) => Some(catalog().level(r).clone()),
                        LevelSource::ShareLink | LevelSource::EditorTry => ctx.custom.get_untracked(),
                    };
                    match level {
                        Some(level) => view! { <play::PlayScreen level=level source=source/> }.into_any(),
                        None => view! { <select::LevelSelect/> }.into_any(),
                    }
                }
                HexView::ShareError => view! { <share_link::ShareErrorScreen/> }.into_any(),
                HexView::Editor => view! { <editor::EditorScreen/> }.into_any(),
            }}
        </main>
    }
}
