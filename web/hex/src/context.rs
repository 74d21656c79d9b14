//! The Hex Stroke mode's shared state: which sub-screen shows, progress, settings,
//! the level played outside the packs, and the editor's document; provided by
//! context to every screen of the mode.

use leptos::prelude::*;

use engine::hex::daily::Date;
use engine::hex::level_file::parse_level;
use engine::hex::pack_code::{self, PackError};
use engine::hex::share::ShareError;
use engine::hex::Level;

use crate::best_times::BestTimes;
use crate::daily_record::DailyRecord;
use crate::draft::{Draft, History};
use crate::levels::{catalog, LevelRef};
use crate::progress::Progress;
use crate::settings::Settings;
use crate::shared_packs::{SharedPack, SharedPacks};
use crate::worker::{spawn_daily_maker, DailyAnswer, DailyClient, HexJob};
use web_core::nav::{use_nav, Nav, Screen};
use web_core::open_arg::OpenArg;
use web_core::worker_link::Reply;

/// Which sub-screen of the mode is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexView {
    Select,
    Play(LevelSource),
    /// A share link that could not be read ([`HexCtx::share_error`]).
    ShareError,
    /// The level select of the pack opened from a link ([`HexCtx::shared_pack`]).
    SharedPack,
    Editor,
}

/// Why a link could not be opened: a level's share code or a pack code.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    Level(ShareError),
    Pack(PackError),
}

/// Where the level on the play screen came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelSource {
    /// A level of the embedded packs: counted in progress and followed by the next.
    Pack(LevelRef),
    /// A share link ([`HexCtx::custom`]): played standalone, never counted.
    ShareLink,
    /// The level at this 0-based position of the pack opened from a link
    /// ([`HexCtx::shared_pack`], played as [`HexCtx::custom`]): counted in that
    /// pack's own progress and followed by its next level.
    SharedPack(usize),
    /// The daily puzzle of a date ([`HexCtx::custom`]): timed, kept in the daily record.
    Daily(Date),
    /// The editor's 试玩 ([`HexCtx::custom`]): its 编辑 button goes back to the same draft.
    EditorTry,
}

/// The mode's shared state, provided by the mode's screen.
#[derive(Clone, Copy)]
pub struct HexCtx {
    pub view: RwSignal<HexView>,
    pub progress: RwSignal<Progress>,
    /// The best time of each pack level solved on this device.
    pub best: RwSignal<BestTimes>,
    /// The days of the daily puzzle solved on this device.
    pub daily: RwSignal<DailyRecord>,
    /// The date whose daily puzzle the worker is making.
    pub daily_making: RwSignal<Option<Date>>,
    /// Why the last daily puzzle could not be made.
    pub daily_failed: RwSignal<Option<String>>,
    /// The solver worker that makes daily puzzles, once one was asked for.
    daily_worker: StoredValue<Option<DailyClient>, LocalStorage>,
    pub settings: RwSignal<Settings>,
    /// The level played outside the packs (a share link or the editor's 试玩).
    pub custom: RwSignal<Option<Level>>,
    pub share_error: RwSignal<Option<LinkError>>,
    /// The pack opened from a link, while it or one of its levels shows.
    pub shared_pack: RwSignal<Option<SharedPack>>,
    /// The packs opened from links on this device, with their progress.
    pub shared_packs: RwSignal<SharedPacks>,
    /// The editor's document and undo history (kept while trying the level out).
    pub editor: RwSignal<History<Draft>>,
    /// The editor screen, in the module that holds it; without it, opening the editor
    /// opens the editor's module ([`web_core::nav::Screen::HexEditor`]).
    pub editor_screen: Option<fn() -> AnyView>,
    nav: Nav,
}

/// The level the play screen hands the editor's module ("edit this level"): the typed
/// argument of that module's mount, crossing the shell as the level's share code.
#[derive(Clone, Debug)]
pub struct LevelToEdit(pub Level);

impl OpenArg for LevelToEdit {
    const SCREEN: Screen = Screen::HexEditor;

    fn encode(&self) -> String {
        engine::hex::share::encode(&self.0)
    }

    fn decode(text: &str) -> Option<Self> {
        engine::hex::share::decode(text).ok().map(LevelToEdit)
    }
}

impl HexCtx {
    /// The context of a module; `editor` is its editor screen, if it has one.
    pub fn provide(editor: Option<fn() -> AnyView>) -> HexCtx {
        let ctx = HexCtx {
            editor_screen: editor,
            nav: use_nav(),
            view: RwSignal::new(HexView::Select),
            progress: RwSignal::new(Progress::load()),
            daily: RwSignal::new(DailyRecord::load()),
            best: RwSignal::new(BestTimes::load()),
            daily_making: RwSignal::new(None),
            daily_failed: RwSignal::new(None),
            daily_worker: StoredValue::new_local(None),
            settings: RwSignal::new(Settings::load()),
            custom: RwSignal::new(None),
            share_error: RwSignal::new(None),
            shared_pack: RwSignal::new(None),
            shared_packs: RwSignal::new(SharedPacks::load()),
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
        self.view.set(HexView::Play(LevelSource::Pack(r)));
    }

    /// Records a cleared level (saved at once; the path itself is never saved).
    pub fn mark_cleared(&self, id: &str) {
        self.progress.update(|p| {
            p.mark_cleared(id);
        });
        self.progress.with_untracked(Progress::save);
    }

    /// Records a clear of the level keyed `id` in `ms` (kept when it is the best);
    /// gives the best time before it, if there was one.
    pub fn record_time(&self, id: &str, ms: u64) -> Option<u64> {
        let before = self.best.with_untracked(|b| b.best(id));
        let mut new_best = false;
        self.best.update(|b| new_best = b.record(id, ms));
        if new_best {
            self.best.with_untracked(BestTimes::save);
        }
        before
    }

    /// Opens a share code: the level standalone, or why it cannot be read.
    pub fn open_shared(&self, code: &str) {
        match engine::hex::share::decode(code) {
            Ok(level) => {
                self.play_custom(level, LevelSource::ShareLink);
            }
            Err(e) => self.link_failed(LinkError::Level(e)),
        }
    }

    fn link_failed(&self, e: LinkError) {
        self.share_error.set(Some(e));
        self.view.set(HexView::ShareError);
    }

    /// Opens a pack code: the pack's own level select (remembered on this device
    /// with its progress), or why it cannot be read.
    pub fn open_pack_code(&self, code: &str) {
        match pack_code::decode(code) {
            Ok(pack) => {
                self.shared_packs.update(|s| s.opened(code));
                self.shared_packs.with_untracked(SharedPacks::save);
                self.shared_pack.set(Some(SharedPack {
                    code: code.to_string(),
                    pack,
                }));
                self.view.set(HexView::SharedPack);
            }
            Err(e) => self.link_failed(LinkError::Pack(e)),
        }
    }

    /// Plays the level at `position` (0-based) of the pack opened from a link.
    pub fn play_shared(&self, position: usize) {
        let level = self.shared_pack.with_untracked(|p| {
            p.as_ref()
                .and_then(|p| p.pack.levels.get(position).cloned())
        });
        if let Some(level) = level {
            self.play_custom(level, LevelSource::SharedPack(position));
        }
    }

    /// Records a clear of the level at `position` (0-based) of the pack on screen.
    pub fn mark_shared_cleared(&self, position: usize) {
        let Some(code) = self
            .shared_pack
            .with_untracked(|p| p.as_ref().map(|p| p.code.clone()))
        else {
            return;
        };
        let mut new = false;
        self.shared_packs
            .update(|s| new = s.mark_cleared(&code, position + 1));
        if new {
            self.shared_packs.with_untracked(SharedPacks::save);
        }
    }

    /// The list the level on screen belongs to: its shared pack's, else the level select.
    pub fn show_level_list(&self) {
        match self.view.get_untracked() {
            HexView::Play(LevelSource::SharedPack(_)) => self.view.set(HexView::SharedPack),
            _ => self.show_select(),
        }
    }

    /// Plays the daily puzzle of `date`, made on this device from the date by the
    /// solver worker ([`crate::worker`]: the generator is the editor module's); the
    /// card shows it is being made meanwhile.
    pub fn play_daily(&self, date: Date) {
        if self.daily_making.get_untracked().is_some() {
            return;
        }
        let ctx = *self;
        if self.daily_worker.with_value(Option::is_none) {
            match spawn_daily_maker(move |reply| ctx.daily_made(reply)) {
                Ok(client) => self.daily_worker.set_value(Some(client)),
                Err(e) => return self.daily_failed.set(Some(e)),
            }
        }
        self.daily_failed.set(None);
        self.daily_making.set(Some(date));
        let job = HexJob::Daily {
            date: date.to_string(),
        };
        self.daily_worker.with_value(|w| {
            if let Some(w) = w {
                w.post(0, &job)
            }
        });
    }

    /// The worker's answer: the day's level opens, or the card says why not.
    fn daily_made(&self, reply: Reply<DailyAnswer>) {
        let Some(date) = self.daily_making.get_untracked() else {
            return;
        };
        self.daily_making.set(None);
        let level = match reply.answer {
            Ok(DailyAnswer::Daily(text)) => parse_level(&text).map_err(|e| format!("{e:?}")),
            Ok(DailyAnswer::NoDaily(why)) => Err(why),
            Err(e) => Err(e),
        };
        match level {
            Ok(level) => self.play_custom(level, LevelSource::Daily(date)),
            Err(why) => {
                leptos::logging::warn!("no daily puzzle for {date}: {why}");
                self.daily_failed.set(Some(why));
            }
        }
    }

    /// Plays a level outside the packs (`source` is a share link or the editor).
    pub fn play_custom(&self, level: Level, source: LevelSource) {
        self.custom.set(Some(level));
        self.view.set(HexView::Play(source));
    }

    /// Opens the editor; with a level, on a fresh history holding that level.
    pub fn open_editor(&self, level: Option<&Level>) {
        if self.editor_screen.is_none() {
            match level {
                Some(level) => self.nav.open(&LevelToEdit(level.clone())),
                None => self.nav.go(Screen::HexEditor),
            }
            return;
        }
        if let Some(level) = level {
            self.editor.set(History::new(Draft::from_level(level)));
        }
        self.view.set(HexView::Editor);
    }

    pub fn show_select(&self) {
        self.view.set(HexView::Select);
    }

    pub fn set_colour_blind_walls(&self, on: bool) {
        self.settings.update(|s| s.colour_blind_walls = on);
        self.settings.with_untracked(Settings::save);
    }
}

pub fn use_hex() -> HexCtx {
    expect_context::<HexCtx>()
}
