//! The mode's level select: packs in the order players meet them, levels
//! unlocked one after another, cleared ones marked, the spinner pack listed after
//! the main line as an experimental branch that opens once the main line is
//! cleared, and the large packs last, opening once the branch is cleared. A
//! locked level shows a lock; tapped, it says what opens it (the catalogue's
//! [`crate::levels::Requirement`], the rule that locks it).

use engine::hex::content::PackKind;
use leptos::prelude::*;

use crate::cell_words::fill;
use crate::colour_blind_toggle::ColourBlindToggle;
use crate::context::use_hex;
use crate::daily::DailyCard;
use crate::levels::{catalog, display_id, LevelRef, PackInfo, Requirement};
use crate::play_clock::clock_text;
use crate::shared_pack_select::SharedPackList;
use crate::strings::Text;
use web_core::chrome::ScreenHeader;
use web_core::i18n::Text as AppText;
use web_core::i18n::{tr, use_lang, Lang};
use web_core::reveal::Reveal;

#[component]
pub fn LevelSelect() -> impl IntoView {
    let cat = catalog();
    // the locked level last tapped: its pack says what opens it
    let told = RwSignal::new(None::<LevelRef>);
    // The packs that fill a phone's first screen are built with it, each later pack
    // in a task of its own, then the rest of the screen: 75 tiles built at once were
    // one long task that held a cold phone's first tap (Lighthouse's blocking time).
    let reveal = Reveal::new(cat.packs.len() + 1, FIRST_PACKS);
    let packs = cat
        .packs
        .iter()
        .enumerate()
        .map(|(p, pack)| {
            let shown = reveal.part(p);
            move || {
                shown
                    .get()
                    .then(|| view! { <PackSection p=p pack=pack told=told/> })
            }
        })
        .collect_view();
    let tail = reveal.part(cat.packs.len());
    let empty = cat.is_empty().then(|| {
        view! { <p class="hex-empty">{tr(Text::HexNoLevels)}</p> }
    });
    view! {
        <div class="hex-select" data-testid="hex-select">
            <ScreenHeader title=AppText::HexName/>
            <div class="hex-select-body">
                <DailyCard/>
                <ContinueButton/>
                {empty}
                {packs}
                {move || tail.get().then(|| view! { <SelectTail/> })}
            </div>
        </div>
    }
}

/// The packs built with the screen (the rest follow a task each).
const FIRST_PACKS: usize = 2;

/// Below the packs: shared packs, the editor, the settings.
#[component]
fn SelectTail() -> impl IntoView {
    let hex = use_hex();
    view! {
        <SharedPackList/>
        <button class="hex-menu-item hex-open-editor" data-testid="hex-open-editor" on:click=move |_| hex.open_editor(None)>
            {tr(Text::HexEditor)}
        </button>
        <section class="hex-settings">
            <h2 class="hex-section-title">{tr(Text::HexSettings)}</h2>
            <ColourBlindToggle/>
        </section>
    }
}

/// "Continue 1-4": the current level if it is open and not yet cleared, else the
/// first open uncleared level.
#[component]
fn ContinueButton() -> impl IntoView {
    let ctx = use_hex();
    let cat = catalog();
    let target = Memo::new(move |_| {
        ctx.progress.with(|p| {
            let cleared = |id: &str| p.is_cleared(id);
            p.current
                .as_deref()
                .and_then(|id| cat.find(id))
                .filter(|&r| !cleared(&cat.level(r).id) && cat.is_unlocked(r, &cleared))
                .or_else(|| cat.first_open(&cleared))
        })
    });
    let fresh = move || ctx.progress.with(|p| p.cleared.is_empty());
    move || {
        target.get().map(|r| {
            let label = if fresh() { Text::HexStart } else { Text::HexContinue };
            view! {
                <button class="hex-continue" data-testid="hex-continue" on:click=move |_| ctx.open(r)>
                    <span>{tr(label)}</span>
                    <span class="hex-continue-id">{display_id(cat.level(r))}</span>
                </button>
            }
        })
    }
}

/// What opens the locked level `r`, as a sentence: "1-5 未解锁：先通过 1-4".
fn lock_sentence(r: LevelRef, lang: Lang) -> String {
    let cat = catalog();
    let name = display_id(cat.level(r));
    let (text, before) = match cat.requirement(r) {
        Requirement::Level(before) => (Text::HexLockedAfterLevel, display_id(cat.level(before))),
        Requirement::EarlierPacks(PackKind::Spinner) => {
            (Text::HexLockedAfterMainLine, String::new())
        }
        Requirement::EarlierPacks(_) => (Text::HexLockedAfterBranch, String::new()),
        Requirement::Nothing | Requirement::Never => {
            return format!("{name} · {}", Text::HexLocked.in_lang(lang))
        }
    };
    fill(text.in_lang(lang), &[name, before])
}

#[component]
fn PackSection(
    p: usize,
    pack: &'static PackInfo,
    told: RwSignal<Option<LevelRef>>,
) -> impl IntoView {
    let ctx = use_hex();
    let cat = catalog();
    let lang = use_lang();
    let number = pack.number;
    let title = pack.title.clone();
    let title_en = pack.title_en.clone();
    let experimental = pack.experimental();
    let label = move || {
        let generic = match pack.kind {
            PackKind::Spinner => Text::HexPackSpinner,
            PackKind::Tutorial => Text::HexPackTutorial,
            PackKind::Main | PackKind::Large | PackKind::Other => Text::HexPackRegular,
        };
        match lang.get() {
            Lang::Zh if !title.is_empty() => title.clone(),
            Lang::En if title_en.is_some() => title_en.clone().unwrap_or_default(),
            l => generic.in_lang(l).to_string(),
        }
    };
    // the badge, unless the pack's own title already says so
    let badge = tr(Text::HexExperimental);
    let label_badge = label.clone();
    // a line of its own (the branch, the large packs) says what opens it while locked
    let own_line = !pack.on_main_line();
    let line_locked = move || {
        own_line
            && !ctx
                .progress
                .with(|pr| cat.earlier_packs_cleared(p, &|id| pr.is_cleared(id)))
    };
    let unlock_note = if experimental {
        Text::HexUnlocksAfterMainLine
    } else {
        Text::HexUnlocksAfterBranch
    };
    let tiles = (0..pack.levels.len())
        .map(|level| view! { <LevelTile r=LevelRef { pack: p, level } told=told/> })
        .collect_view();
    let told_here = move || {
        told.get()
            .filter(|r| r.pack == p)
            .map(|r| lock_sentence(r, lang.get()))
    };
    view! {
        <section class="hex-pack" class:is-branch=experimental data-testid=format!("hex-pack-{number}")>
            <header class="hex-pack-head">
                <span class="hex-pack-num">{number}</span>
                <span class="hex-pack-title">{label}</span>
                {move || (experimental && !label_badge().contains(badge())).then(|| view! { <span class="hex-badge">{badge}</span> })}
            </header>
            {move || line_locked().then(|| view! { <p class="hex-pack-note" data-testid=format!("hex-pack-note-{number}")>{tr(unlock_note)}</p> })}
            <div class="hex-level-grid">{tiles}</div>
            <p class="hex-lock-note" data-testid=format!("hex-lock-note-{number}") role="status">{told_here}</p>
        </section>
    }
}

/// What a tile shows of the player's progress on its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TileState {
    open: bool,
    cleared: bool,
    current: bool,
    best: Option<u64>,
}

impl TileState {
    /// The tile's classes: one attribute for its three marks.
    fn class(self) -> &'static str {
        match (self.open, self.cleared, self.current) {
            (false, _, false) => "hex-level is-locked",
            (false, _, true) => "hex-level is-locked is-current",
            (true, false, false) => "hex-level",
            (true, false, true) => "hex-level is-current",
            (true, true, false) => "hex-level is-cleared",
            (true, true, true) => "hex-level is-cleared is-current",
        }
    }
}

/// One level's tile: open (its number, cleared filled in), or locked (a lock;
/// tapped, its pack says what opens it).
#[component]
fn LevelTile(r: LevelRef, told: RwSignal<Option<LevelRef>>) -> impl IntoView {
    let ctx = use_hex();
    let cat = catalog();
    let level = cat.level(r);
    let id = level.id.as_str();
    let shown = display_id(level);
    let index = level
        .index
        .map(|i| i.to_string())
        .unwrap_or_else(|| shown.clone());
    // One reading of the progress per tile, which every mark below derives from: the
    // level select builds its first packs' tiles in its first task, where each memo and
    // effect of a tile is paid sixteen times over.
    let state = Memo::new(move |_| {
        let (open, cleared, current) = ctx.progress.with(|p| {
            (
                cat.is_unlocked(r, &|x| p.is_cleared(x)),
                p.is_cleared(id),
                p.current.as_deref() == Some(id),
            )
        });
        let best = ctx.best.with(|b| b.best(id));
        TileState {
            open,
            cleared,
            current,
            best,
        }
    });
    let locked_label = tr(Text::HexLocked);
    let best_label = tr(Text::HexBestTime);
    let lang = use_lang();
    // The number, then the level's title in the player's language, then its state.
    let aria = Memo::new(move |_| {
        let named = match cat.level_title(level, lang.get()) {
            Some(t) => format!("{shown} {t}"),
            None => shown.clone(),
        };
        match state.get() {
            TileState { open: false, .. } => format!("{named} · {}", locked_label()),
            TileState { best: Some(ms), .. } => {
                format!("{named} · {} {}", best_label(), clock_text(ms))
            }
            TileState { best: None, .. } => named,
        }
    });
    let locked = move || !state.get().open;
    view! {
        <button
            class=move || state.get().class()
            data-testid=format!("hex-level-{id}")
            data-cleared=move || state.get().cleared.to_string()
            data-locked=move || locked().to_string()
            data-best-ms=move || state.get().best
            aria-label=aria
            title=aria
            aria-disabled=move || locked().then_some("true")
            on:click=move |_| if state.get_untracked().open { ctx.open(r) } else { told.set(Some(r)) }
        >
            <span class="hex-level-shape" aria-hidden="true"></span>
            <span class="hex-level-num">{index}</span>
            // shown while locked (CSS): one static drawing per tile costs less than a branch
            <svg class="hex-level-lock" data-testid="hex-level-lock" viewBox="0 0 16 16" aria-hidden="true">
                <rect x="3" y="7" width="10" height="8" rx="1.5"/>
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2"/>
            </svg>
        </button>
    }
}
