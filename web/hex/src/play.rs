//! The play screen: top bar `{pack}-{index}`, remaining cells and menu; the board
//! centred and scaled to the short edge; bottom bar restart and hint; the tutorial's
//! one-line lessons and no other text.
//!
//! The input loop: the board reports pointer input in board coordinates; a
//! [`LevelPlay`] turns it into `press` / `enter` / `release` calls on the engine's
//! input machine (walking each movement hex by hex); the machine's view events
//! rebuild the [`BoardState`] and play their feedback. No rule is decided here.

use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use engine::hex::content::{lesson, Lesson};
use engine::hex::coord::Axial;
use engine::hex::hint::{teaching_hint, Hint, TeachingHint};
use engine::hex::input::{InputMachine, State, ViewEvent};
use engine::hex::solver::{solve, SolveOptions};
use engine::hex::Level;
use leptos::prelude::*;

use crate::best_times::link_level_key;
use crate::board::Board;
use crate::board_model::{BoardModel, BoardState};
use crate::context::{use_hex, HexCtx, LevelSource};
use crate::daily::{DailyBar, DailyRun};
use crate::feedback;
use crate::keys::key_direction;
use crate::levels::{catalog, display_id};
use crate::menu::PlayMenu;
use crate::play_clock::clock_text;
use crate::pointer::{hex_at, hexes_along, PointerInput, PointerSink};
use crate::solved_card::{card_delay_ms, focus_card, sweep_step_ms, Solved, SolvedCard};
use crate::strings::Text;
use crate::svg::SIZE;
use crate::tally::Tally;
use crate::technique_text::technique_text;
use web_core::i18n::tr;

/// One level being played: the engine's input machine, the drag in progress,
/// the keyboard's start cursor and the level's solution once a hint asked for it.
pub struct LevelPlay {
    pub machine: InputMachine,
    last_point: Option<(f64, f64)>,
    last_hex: Option<Axial>,
    solution: Option<Option<Vec<usize>>>,
    /// The cell the arrows point at while no path is drawn.
    start_cursor: usize,
}

impl LevelPlay {
    pub fn new(machine: InputMachine) -> LevelPlay {
        LevelPlay {
            machine,
            last_point: None,
            last_hex: None,
            solution: None,
            start_cursor: 0,
        }
    }

    /// A key pressed on the focused board, or `None` when the key means nothing
    /// here. With no path, the arrows walk the start cursor over the cells and
    /// Enter or Space start there; then direction keys extend the path from its
    /// end and Backspace takes the last step back. Each is the machine's own
    /// press / enter / release, as a finger would do them: the engine decides.
    pub fn key(&mut self, key: &str, shift: bool) -> Option<Vec<ViewEvent>> {
        let m = &mut self.machine;
        let n = m.level().len();
        let path = m.path().to_vec();
        let Some(&end) = path.last() else {
            match key {
                "ArrowRight" | "ArrowDown" => self.start_cursor = (self.start_cursor + 1) % n,
                "ArrowLeft" | "ArrowUp" => self.start_cursor = (self.start_cursor + n - 1) % n,
                "Enter" | " " => {
                    let mut out = m.press(self.start_cursor);
                    out.extend(m.release());
                    return Some(out);
                }
                _ => return None,
            }
            return Some(Vec::new());
        };
        let target = if key == "Backspace" {
            if path.len() < 2 {
                return Some(m.restart());
            }
            path[path.len() - 2]
        } else {
            let d = key_direction(key, shift)?;
            match m.level().neighbor(end, d) {
                Some(t) => t,
                None => return Some(Vec::new()),
            }
        };
        let mut out = m.press(end);
        out.extend(m.enter(target));
        out.extend(m.release());
        Some(out)
    }

    /// Feeds pointer input (board coordinates) to the machine. A movement is walked
    /// hex by hex so every hex crossed is entered in order; holes and the outside are
    /// crossed without a word; staying inside one hex enters it only once.
    pub fn input(&mut self, model: &BoardModel, input: PointerInput) -> Vec<ViewEvent> {
        match input {
            PointerInput::Down(p) => {
                let h = hex_at(p, SIZE);
                self.last_point = Some(p);
                self.last_hex = Some(h);
                match model.cell_at(h) {
                    Some(cell) => self.machine.press(cell),
                    None => Vec::new(),
                }
            }
            PointerInput::Move(points) => {
                let mut out = Vec::new();
                for p in points {
                    let Some(from) = self.last_point else { break };
                    for h in hexes_along(from, p, SIZE) {
                        if self.last_hex == Some(h) {
                            continue;
                        }
                        self.last_hex = Some(h);
                        if let Some(cell) = model.cell_at(h) {
                            out.extend(self.machine.enter(cell));
                        }
                    }
                    self.last_point = Some(p);
                }
                out
            }
            PointerInput::Up => {
                self.last_point = None;
                self.last_hex = None;
                self.machine.release()
            }
        }
    }

    /// The board state after the path changed from `old` (keeps a hint only while
    /// the path is unchanged).
    fn board_state(&self, old: &BoardState) -> BoardState {
        let m = &self.machine;
        let mut st = BoardState::new(
            m.level().len(),
            m.path(),
            &m.conflicts(),
            m.spinner_positions(),
            &old.spinner_turns,
        );
        st.cleared = m.state() == State::Cleared;
        st.cursor = Some(m.path().last().copied().unwrap_or(self.start_cursor));
        if st.path == old.path {
            st.hint = old.hint;
            st.reason = old.reason.clone();
        }
        st
    }

    /// The engine's teaching hint for the current path: the cell, and the deduction
    /// that forces it when the path is on the solution (the level is solved once,
    /// then cached).
    pub fn hint(&mut self) -> TeachingHint {
        let level = self.machine.level();
        let solution = self.solution.get_or_insert_with(|| {
            solve(
                level,
                &SolveOptions {
                    limit: 1,
                    node_limit: 0,
                },
            )
            .first
        });
        match solution {
            Some(sol) => teaching_hint(level, self.machine.path(), sol),
            None => TeachingHint {
                hint: Hint::NoSolution,
                technique: None,
                cells: Vec::new(),
            },
        }
    }
}

/// The tutorial's one-line lesson on a pack level, if it has one.
fn lesson_line(level: &Level) -> Option<Text> {
    let lesson = lesson(level.pack?, level.index? as usize)?;
    Some(match lesson {
        Lesson::Slide => Text::HexTutorialSlide,
        Lesson::Wall => Text::HexTutorialWall,
    })
}

/// The play screen for `level`: a pack level (counted in progress) or a level
/// outside the packs (a share link, or the editor's 试玩) with 编辑 and 复制链接.
/// Once cleared, the path sweeps alight and the solved card follows.
#[component]
pub fn PlayScreen(level: Level, source: LevelSource) -> impl IntoView {
    let pack = match source {
        LevelSource::Pack(r) => Some(r),
        LevelSource::ShareLink
        | LevelSource::EditorTry
        | LevelSource::Daily(_)
        | LevelSource::SharedPack(_) => None,
    };
    // Every play is timed (visible time, opening to clearing) and counted.
    let tally = Tally::start();
    let daily = match source {
        LevelSource::Daily(date) => Some(DailyRun::start(date, tally)),
        _ => None,
    };
    let ctx = use_hex();
    let lvl = &level;
    let n = lvl.len();
    let shown = match (daily, source) {
        (Some(_), LevelSource::Daily(date)) => daily_name(date),
        (_, LevelSource::SharedPack(i)) => format!("{}. {}", i + 1, shown_name(lvl, false)),
        _ => shown_name(lvl, pack.is_some()),
    };
    let model = Arc::new(BoardModel::from_level(lvl));
    let machine = InputMachine::new(lvl.clone());
    let state = RwSignal::new(BoardState {
        // the keyboard's start cursor begins on the first cell
        cursor: Some(0),
        ..BoardState::new(n, &[], &[], machine.spinner_positions(), &[])
    });
    let play_state = StoredValue::new(LevelPlay::new(machine));
    let board_wrap = NodeRef::<leptos::html::Div>::new();
    let menu_open = RwSignal::new(false);

    let card = RwSignal::new(None::<Solved>);
    let card_timer = CardTimer::new();
    let restart_timer = card_timer.clone();

    let level_id = lvl.id.clone();
    let best_key = best_key(source, lvl);
    let apply: Rc<dyn Fn(Vec<ViewEvent>)> = Rc::new(move |events: Vec<ViewEvent>| {
        if events.is_empty() {
            return;
        }
        let old = state.get_untracked();
        let Some(next) = play_state.try_with_value(|s| s.board_state(&old)) else {
            return;
        };
        if next != old {
            state.set(next);
        }
        if let Some(el) = board_wrap.get_untracked() {
            let head = play_state.try_with_value(|s| s.machine.path().last().copied());
            feedback::play(&el, &feedback::cues(&events, head.flatten()));
        }
        tally.count(&events);
        if events.contains(&ViewEvent::Cleared) {
            let solved = record_clear(ctx, source, &level_id, best_key.as_deref(), tally, daily);
            card_timer.schedule(card, solved, card_delay_ms(n, feedback::reduced_motion()));
        }
    });

    let sink_apply = apply.clone();
    let sink_model = model.clone();
    let sink: PointerSink = Rc::new(move |input: PointerInput| {
        if menu_open.get_untracked() {
            return;
        }
        let events = play_state
            .try_update_value(|s| s.input(&sink_model, input))
            .unwrap_or_default();
        sink_apply(events);
    });

    let on_key = key_handler(play_state, state, menu_open, apply.clone());

    let restart_apply = apply.clone();
    let on_restart = UnsyncCallback::new(move |_| {
        restart_timer.cancel();
        card.set(None);
        let events = play_state
            .try_update_value(|s| s.machine.restart())
            .unwrap_or_default();
        restart_apply(events);
    });
    let on_hint = hint_button(play_state, state, tally);

    let remaining = move || state.with(|s| n - s.path.len().min(n));
    let tutorial = pack.and_then(|_| lesson_line(lvl)).map(|t| {
        view! { <p class="hex-tutorial" data-testid="hex-tutorial">{tr(t)}</p> }
    });
    let colour_blind = Signal::derive(move || ctx.settings.with(|s| s.colour_blind_walls));

    view! {
        <div class="hex-play" data-testid="hex-play">
            <TopBar shown=shown.clone() remaining=Signal::derive(remaining) menu_open=menu_open/>
            {tutorial}
            {match (daily, source) {
                (Some(run), _) => view! { <DailyBar run=run/> }.into_any(),
                (_, LevelSource::Pack(_)) => view! { <BestTime id=lvl.id.clone()/> }.into_any(),
                (_, LevelSource::SharedPack(_)) => ().into_any(),
                _ => view! { <CustomBar level=level.clone() from_editor=source == LevelSource::EditorTry/> }.into_any(),
            }}
            <div class="hex-board-wrap" style=format!("--sweep-step: {}ms", sweep_step_ms(n)) node_ref=board_wrap on:keydown=on_key>
                <Board model=model state=state colour_blind=colour_blind on_pointer=sink/>
            </div>
            <HintLine state=state/>
            <BottomBar on_restart=on_restart on_hint=on_hint/>
            <PlayMenu open=menu_open/>
            {move || card.get().map(|solved| view! { <SolvedCard source=source solved=solved daily=daily.zip(daily_number(source))/> })}
        </div>
    }
}

/// Where the best time of a level from `source` is kept: a pack level's id, a
/// level from a link by its content; none for the daily puzzle (its own record)
/// and for 试玩 (a draft, still changing).
fn best_key(source: LevelSource, level: &Level) -> Option<String> {
    match source {
        LevelSource::Pack(_) => Some(level.id.clone()),
        LevelSource::ShareLink | LevelSource::SharedPack(_) => Some(link_level_key(level)),
        LevelSource::Daily(_) | LevelSource::EditorTry => None,
    }
}

/// Records a clear (a pack level in progress, a shared pack's level in that pack's
/// own progress, the daily puzzle in its record, the time where a best is kept)
/// and gives what the solved card shows.
fn record_clear(
    ctx: HexCtx,
    source: LevelSource,
    level_id: &str,
    best_key: Option<&str>,
    tally: Tally,
    daily: Option<DailyRun>,
) -> Solved {
    let time_ms = tally.clock.stop();
    let (before, best_ms) = match (daily, best_key) {
        (Some(run), _) => {
            let before = run.best_ms();
            run.finish();
            (before, run.best_ms())
        }
        (None, Some(key)) => {
            let before = ctx.record_time(key, time_ms);
            (before, Some(before.map_or(time_ms, |b| b.min(time_ms))))
        }
        (None, None) => (None, None),
    };
    Solved {
        time_ms,
        undos: tally.undos.get_untracked(),
        hints: tally.hints.get_untracked(),
        best_ms,
        new_best: before.is_some_and(|b| time_ms < b),
        next: count_and_next(ctx, source, level_id),
    }
}

/// Counts the clear in progress and gives the card's Next: a pack level's next in
/// its line (after a line's last, the first open level of another), a shared
/// pack's next level; nothing after the last of those, a share link, the daily
/// puzzle or 试玩.
fn count_and_next(ctx: HexCtx, source: LevelSource, level_id: &str) -> Option<LevelSource> {
    match source {
        LevelSource::Pack(level) => {
            ctx.mark_cleared(level_id);
            let cat = catalog();
            cat.next_after(level)
                .or_else(|| {
                    ctx.progress
                        .with_untracked(|p| cat.first_open(&|id| p.is_cleared(id)))
                })
                .map(LevelSource::Pack)
        }
        LevelSource::SharedPack(i) => {
            ctx.mark_shared_cleared(i);
            let len = ctx
                .shared_pack
                .with_untracked(|p| p.as_ref().map_or(0, |p| p.pack.levels.len()));
            (i + 1 < len).then_some(LevelSource::SharedPack(i + 1))
        }
        LevelSource::ShareLink | LevelSource::EditorTry | LevelSource::Daily(_) => None,
    }
}

/// The hint button: marks the next cell and the deduction behind it (counted for
/// the solved card).
fn hint_button(
    play_state: StoredValue<LevelPlay>,
    state: RwSignal<BoardState>,
    tally: Tally,
) -> Callback<()> {
    Callback::new(move |_| {
        let Some(h) = play_state.try_update_value(|s| s.hint()) else {
            return;
        };
        tally.hints.update(|n| *n += 1);
        state.update(|st| {
            st.hint = h.hint.cell();
            st.reason = h.technique.map(|t| (t, h.cells));
        });
    })
}

/// The solved card's arrival once the sweep has played, called off when the
/// screen goes (cleanup) or restarts. The handle is held outside the reactive
/// arena; the card's signal goes with its screen, so a late timer sets nothing.
#[derive(Clone, Default)]
struct CardTimer(Arc<std::sync::Mutex<Option<TimeoutHandle>>>);

impl CardTimer {
    fn new() -> CardTimer {
        let timer = CardTimer::default();
        let gone = timer.clone();
        on_cleanup(move || gone.cancel());
        timer
    }

    fn cancel(&self) {
        if let Some(h) = self.0.lock().ok().and_then(|mut a| a.take()) {
            h.clear();
        }
    }

    /// Shows `solved` on `card` after `delay_ms`.
    fn schedule(&self, card: RwSignal<Option<Solved>>, solved: Solved, delay_ms: u64) {
        let h = set_timeout_with_handle(
            move || {
                card.try_set(Some(solved));
                // once built (the view updates before the next task)
                web_core::later::next_task(focus_card);
            },
            Duration::from_millis(delay_ms),
        );
        // One pending card at most.
        if let Ok(mut a) = self.0.lock() {
            if let Some(old) = std::mem::replace(&mut *a, h.ok()) {
                old.clear();
            }
        }
    }
}

/// Keys play the level (the input machine decides what each does); a key that
/// only moves the start cursor redraws without feedback.
fn key_handler(
    play_state: StoredValue<LevelPlay>,
    state: RwSignal<BoardState>,
    menu_open: RwSignal<bool>,
    apply: Rc<dyn Fn(Vec<ViewEvent>)>,
) -> impl Fn(web_sys::KeyboardEvent) + 'static {
    move |ev: web_sys::KeyboardEvent| {
        if menu_open.get_untracked() {
            return;
        }
        let Some(events) = play_state
            .try_update_value(|s| s.key(&ev.key(), ev.shift_key()))
            .flatten()
        else {
            return;
        };
        ev.prevent_default();
        if events.is_empty() {
            // the cursor may have moved: redraw without feedback
            let old = state.get_untracked();
            if let Some(next) = play_state.try_with_value(|s| s.board_state(&old)) {
                state.set(next);
            }
        }
        apply(events);
    }
}

/// A pack level's best time on this device, once it has one.
#[component]
fn BestTime(id: String) -> impl IntoView {
    let ctx = use_hex();
    let best = move || ctx.best.with(|b| b.best(&id));
    move || {
        best().map(|ms| {
            view! {
                <p class="hex-daily-bar" data-testid="hex-best" data-ms=ms>
                    {tr(Text::HexBestTime)}" "{clock_text(ms)}
                </p>
            }
        })
    }
}

/// The daily puzzle's number, on its play screen.
fn daily_number(source: LevelSource) -> Option<u32> {
    match source {
        LevelSource::Daily(date) => date.number().ok(),
        _ => None,
    }
}

/// The top bar's name for a daily puzzle: "每日一题 第 24 期".
fn daily_name(date: engine::hex::daily::Date) -> String {
    let lang = web_core::i18n::use_lang().get_untracked();
    let number = date.number().unwrap_or_default();
    crate::daily::daily_title(number, lang)
}

/// The name in the top bar: a pack level's `{pack}-{index}`, otherwise its title
/// (or "shared level" when it has none).
fn shown_name(level: &Level, in_pack: bool) -> String {
    if in_pack {
        return display_id(level);
    }
    level.title.clone().unwrap_or_else(|| {
        Text::HexSharedLevel
            .in_lang(web_core::i18n::use_lang().get_untracked())
            .to_string()
    })
}

/// The teaching hint's line: the technique that gives the next forced step.
#[component]
fn HintLine(state: RwSignal<BoardState>) -> impl IntoView {
    move || {
        state.with(|s| s.reason.as_ref().map(|(t, _)| *t)).map(|t| {
            view! {
                <p class="hex-hint-line" data-testid="hex-hint-line" data-technique=t.code() aria-live="polite">
                    {tr(technique_text(t))}
                </p>
            }
        })
    }
}

/// The level's name, the cells left, and the menu button.
#[component]
fn TopBar(shown: String, remaining: Signal<usize>, menu_open: RwSignal<bool>) -> impl IntoView {
    view! {
        <header class="hex-topbar">
            <span class="hex-level-id" data-testid="hex-level-id">{shown}</span>
            <span class="hex-remaining-wrap" aria-label=tr(Text::HexRemaining)>
                <svg class="hex-remaining-icon" viewBox="-10 -10 20 20" aria-hidden="true">
                    <polygon points="8.7,5 0,10 -8.7,5 -8.7,-5 0,-10 8.7,-5"/>
                </svg>
                <span class="hex-remaining" data-testid="hex-remaining">{remaining}</span>
            </span>
            <button
                class="hex-icon-button hex-menu-button"
                data-testid="hex-menu"
                aria-label=tr(Text::HexMenu)
                title=tr(Text::HexMenu)
                on:click=move |_| menu_open.set(true)
            >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M4 7h16M4 12h16M4 17h16"/>
                </svg>
            </button>
        </header>
    }
}

/// Restart and hint.
#[component]
fn BottomBar(on_restart: UnsyncCallback<()>, on_hint: Callback<()>) -> impl IntoView {
    let restart = view! {
        <path d="M5.5 12a6.5 6.5 0 1 0 2-4.7"/>
        <path d="M5 4.5v4h4"/>
    };
    let bulb = view! {
        <path d="M9 18h6M10 21h4"/>
        <path d="M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z"/>
    };
    view! {
        <footer class="hex-bottombar">
            {round_button("hex-restart", Text::HexRestart, restart, move || on_restart.run(()))}
            {round_button("hex-hint", Text::HexHint, bulb, move || on_hint.run(()))}
        </footer>
    }
}

/// A round icon button labelled (for assistive technology and as a tooltip) by `label`.
fn round_button(
    testid: &'static str,
    label: Text,
    icon: impl IntoView + 'static,
    on_click: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <button
            class="hex-round-button"
            data-testid=testid
            aria-label=tr(label)
            title=tr(label)
            on:click=move |_| on_click()
        >
            <svg viewBox="0 0 24 24" aria-hidden="true">{icon}</svg>
        </button>
    }
}

/// 编辑 and 复制链接 for a level outside the packs; the link is also shown as text.
#[component]
fn CustomBar(level: Level, from_editor: bool) -> impl IntoView {
    let ctx = use_hex();
    let link = RwSignal::new(String::new());
    let copied = RwSignal::new(None);
    let edit_level = level.clone();
    let on_edit = move |_| {
        web_core::nav::clear_fragment();
        // back from 试玩 keeps the editor's own history; a shared level starts a fresh one
        ctx.open_editor((!from_editor).then_some(&edit_level));
    };
    let on_copy = move |_| {
        if let Some(text) = crate::share_link::send_link_for(&level, copied) {
            link.set(text);
        }
    };
    view! {
        <div class="hex-custom-bar">
            <button class="hex-menu-item" data-testid="hex-edit" on:click=on_edit>{tr(Text::HexEdit)}</button>
            {crate::share_link::links_available().then(|| view! {
                <button class="hex-menu-item" data-testid="hex-copy-link" on:click=on_copy>{tr(Text::HexCopyLink)}</button>
            })}
            <Show when=move || link.with(|l| !l.is_empty())>
                <input class="hex-link-field" data-testid="hex-share-link" readonly prop:value=move || link.get()/>
            </Show>
            <web_core::chrome::CopyNote sent=copied/>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::deduce::Technique;
    use engine::hex::level_file::parse_level;

    /// A strip of five cells a..e along r = 0, clue 1 at a, and f under b with a wall b–f.
    fn strip() -> Level {
        parse_level(
            r#"{"id":"t","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},
               {"id":"c","q":2,"r":0},{"id":"d","q":3,"r":0},{"id":"e","q":4,"r":0},
               {"id":"f","q":1,"r":1}],"walls":[["b","f"]]}"#,
        )
        .unwrap()
    }

    fn centre(model: &BoardModel, id: &str) -> (f64, f64) {
        model.cells.iter().find(|c| c.id == id).unwrap().center
    }

    #[test]
    fn a_fast_drag_across_three_cells_appends_all_three() {
        let level = strip();
        let model = BoardModel::from_level(&level);
        let mut s = LevelPlay::new(InputMachine::new(level));
        s.input(&model, PointerInput::Down(centre(&model, "a")));
        let ev = s.input(&model, PointerInput::Move(vec![centre(&model, "d")]));
        assert_eq!(s.machine.path(), &[0, 1, 2, 3]);
        assert_eq!(
            ev.iter()
                .filter(|e| matches!(e, ViewEvent::Appended { .. }))
                .count(),
            3
        );
    }

    #[test]
    fn moving_inside_a_hex_and_bumping_a_wall_repeatedly_keeps_the_path() {
        let level = strip();
        let model = BoardModel::from_level(&level);
        let mut s = LevelPlay::new(InputMachine::new(level));
        s.input(&model, PointerInput::Down(centre(&model, "a")));
        s.input(&model, PointerInput::Move(vec![centre(&model, "b")]));
        let (bx, by) = centre(&model, "b");
        let (fx, fy) = centre(&model, "f");
        let mut bumps = 0;
        for _ in 0..10 {
            let ev = s.input(
                &model,
                PointerInput::Move(vec![(fx, fy), (fx + 3.0, fy + 2.0)]),
            );
            bumps += ev
                .iter()
                .filter(|e| matches!(e, ViewEvent::Bumped { .. }))
                .count();
            s.input(&model, PointerInput::Move(vec![(bx, by), (bx - 2.0, by)]));
        }
        assert_eq!(bumps, 10, "one bump per entry, not per pointer event");
        assert_eq!(s.machine.path(), &[0, 1]);
    }

    #[test]
    fn a_press_off_the_board_starts_nothing_and_release_keeps_the_path() {
        let level = strip();
        let model = BoardModel::from_level(&level);
        let mut s = LevelPlay::new(InputMachine::new(level));
        assert!(s
            .input(&model, PointerInput::Down((-500.0, -500.0)))
            .is_empty());
        s.input(
            &model,
            PointerInput::Move(vec![centre(&model, "a"), centre(&model, "b")]),
        );
        assert!(s.machine.path().is_empty());
        s.input(&model, PointerInput::Up);
        s.input(&model, PointerInput::Down(centre(&model, "a")));
        s.input(&model, PointerInput::Move(vec![centre(&model, "c")]));
        s.input(&model, PointerInput::Up);
        assert_eq!(s.machine.path(), &[0, 1, 2]);
        // dragging back from the end undoes step by step
        s.input(&model, PointerInput::Down(centre(&model, "c")));
        s.input(&model, PointerInput::Move(vec![centre(&model, "a")]));
        assert_eq!(s.machine.path(), &[0]);
    }

    #[test]
    fn hints_come_from_the_engine() {
        let level = strip();
        let model = BoardModel::from_level(&level);
        let mut s = LevelPlay::new(InputMachine::new(level));
        // f hangs off b behind a wall, so no path covers every cell
        assert_eq!(s.hint().hint, Hint::NoSolution);
        let level = parse_level(include_str!(
            "../../../engine/tests/data/hex-walled-triangle.json"
        ))
        .unwrap();
        let mut s = LevelPlay::new(InputMachine::new(level));
        assert_eq!(s.hint().hint, Hint::Start { cell: 0 });
        s.input(&model, PointerInput::Down(centre(&model, "a")));
        // the 1 is walled from b: its one open side leads to c, and the hint says so
        let h = s.hint();
        assert_eq!(h.hint, Hint::Next { cell: 2 });
        assert_eq!(h.technique, Some(Technique::OneOpen));
        assert_eq!(h.cells, vec![0, 2]);
    }

    #[test]
    fn lessons_show_on_the_tutorial_levels_the_engine_names() {
        let at = |pack: u32, index: u32| {
            let mut l = strip();
            l.pack = Some(pack);
            l.index = Some(index);
            lesson_line(&l)
        };
        assert_eq!(at(1, 1), Some(Text::HexTutorialSlide));
        assert_eq!(at(1, 3), Some(Text::HexTutorialWall));
        assert_eq!(at(1, 2), None);
        assert_eq!(at(3, 1), None);
        assert_eq!(lesson_line(&strip()), None, "a level outside the packs");
    }
}
