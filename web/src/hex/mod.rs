//! 六边一笔 Hex Stroke screens.
//!
//! [`HexScreen`] is the mode's entry from the shell. Its sub-screens (the level
//! select and the play screen) are a signal, not part of the URL: the URL fragment
//! is kept free for share links. Modules, one concept each:
//! [`levels`] (the embedded packs and the unlock order), [`progress`] and
//! [`settings`] (local storage), [`select`] (level select), [`play`] (the play
//! screen and its input loop), [`menu`], [`board`] (the SVG board from a plain
//! view-model), [`pointer`] (pixels → hexes), [`feedback`] (seed §6 effects).

use leptos::prelude::*;

pub mod board;
pub mod feedback;
pub mod levels;
pub mod menu;
pub mod play;
pub mod pointer;
pub mod progress;
pub mod select;
pub mod settings;

use levels::{catalog, LevelRef};
use progress::Progress;
use settings::Settings;

/// Which sub-screen of the mode is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexView {
    Select,
    Play(LevelRef),
}

/// The mode's shared state, provided by [`HexScreen`].
#[derive(Clone, Copy)]
pub struct HexCtx {
    pub view: RwSignal<HexView>,
    pub progress: RwSignal<Progress>,
    pub settings: RwSignal<Settings>,
}

impl HexCtx {
    fn provide() -> HexCtx {
        let ctx = HexCtx {
            view: RwSignal::new(HexView::Select),
            progress: RwSignal::new(Progress::load()),
            settings: RwSignal::new(Settings::load()),
        };
        provide_context(ctx);
        ctx
    }

    /// Opens a level and remembers it as the current one.
    pub fn open(&self, r: LevelRef) {
        let id = catalog().level(r).id.clone();
        self.progress.update(|p| p.current = Some(id));
        self.progress.with_untracked(Progress::save);
        self.view.set(HexView::Play(r));
    }

    /// Records a cleared level (saved at once; the path itself is never saved).
    pub fn mark_cleared(&self, id: &str) {
        self.progress.update(|p| {
            p.mark_cleared(id);
        });
        self.progress.with_untracked(Progress::save);
    }

    pub fn show_select(&self) {
        self.view.set(HexView::Select);
    }

    pub fn is_cleared(&self, id: &str) -> bool {
        self.progress.with(|p| p.is_cleared(id))
    }

    pub fn set_colour_blind_walls(&self, on: bool) {
        self.settings.update(|s| s.colour_blind_walls = on);
        self.settings.with_untracked(Settings::save);
    }
}

pub fn use_hex() -> HexCtx {
    expect_context::<HexCtx>()
}

#[component]
pub fn HexScreen() -> impl IntoView {
    let ctx = HexCtx::provide();
    view! {
        <main class="screen screen-hex" data-testid="screen-hex">
            {move || match ctx.view.get() {
                HexView::Select => view! { <select::LevelSelect/> }.into_any(),
                HexView::Play(r) => view! { <play::PlayScreen level=r/> }.into_any(),
            }}
        </main>
    }
}
