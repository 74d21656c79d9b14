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
pub mod draft;
pub mod editor;
pub mod feedback;
pub mod levels;
pub mod menu;
pub mod play;
pub mod pointer;
pub mod progress;
pub mod select;
pub mod settings;
pub mod shared;
pub mod worker;

use draft::{Draft, History};
use engine::hex::Level;
use levels::{catalog, LevelRef};
use progress::Progress;
use settings::Settings;

/// Which sub-screen of the mode is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexView {
    Select,
    Play(LevelRef),
    /// A level outside the packs ([`HexCtx::custom`]): a share link or the editor's 试玩.
    Custom,
    /// A share link that could not be read ([`HexCtx::share_error`]).
    ShareError,
    Editor,
}

/// A level played outside the packs (never counted in progress).
#[derive(Clone, Debug)]
pub struct CustomPlay {
    pub level: Level,
    /// Opened from the editor's 试玩 (its 编辑 button goes back to the same draft).
    pub from_editor: bool,
}

/// The mode's shared state, provided by [`HexScreen`].
#[derive(Clone, Copy)]
pub struct HexCtx {
    pub view: RwSignal<HexView>,
    pub progress: RwSignal<Progress>,
    pub settings: RwSignal<Settings>,
    pub custom: RwSignal<Option<CustomPlay>>,
    pub share_error: RwSignal<Option<String>>,
    /// The editor's document and undo history (kept while trying the level out).
    pub editor: RwSignal<History<Draft>>,
}

impl HexCtx {
    fn provide() -> HexCtx {
        let ctx = HexCtx {
            view: RwSignal::new(HexView::Select),
            progress: RwSignal::new(Progress::load()),
            settings: RwSignal::new(Settings::load()),
            custom: RwSignal::new(None),
            share_error: RwSignal::new(None),
            editor: RwSignal::new(History::new(Draft::new())),
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

    /// Opens a share code: the level standalone, or the engine's sentence on failure.
    pub fn open_shared(&self, code: &str) {
        match engine::hex::share::decode(code) {
            Ok(level) => {
                self.custom.set(Some(CustomPlay {
                    level,
                    from_editor: false,
                }));
                self.view.set(HexView::Custom);
            }
            Err(e) => {
                self.share_error.set(Some(e.to_string()));
                self.view.set(HexView::ShareError);
            }
        }
    }

    /// Plays a level outside the packs.
    pub fn play_custom(&self, level: Level, from_editor: bool) {
        self.custom.set(Some(CustomPlay { level, from_editor }));
        self.view.set(HexView::Custom);
    }

    /// Opens the editor; with a level, on a fresh history holding that level.
    pub fn open_editor(&self, level: Option<&Level>) {
        if let Some(level) = level {
            self.editor.set(History::new(Draft::from_level(level)));
        }
        self.view.set(HexView::Editor);
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
                HexView::Play(r) => {
                    let level = catalog().level(r).clone();
                    view! { <play::PlayScreen level=level pack=r/> }.into_any()
                }
                HexView::Custom => match ctx.custom.get_untracked() {
                    Some(c) => {
                        view! { <play::PlayScreen level=c.level custom=c.from_editor/> }
                            .into_any()
                    }
                    None => view! { <select::LevelSelect/> }.into_any(),
                },
                HexView::ShareError => view! { <shared::ShareErrorScreen/> }.into_any(),
                HexView::Editor => view! { <editor::EditorScreen/> }.into_any(),
            }}
        </main>
    }
}
