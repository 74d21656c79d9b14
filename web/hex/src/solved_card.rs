//! The solved card: once the sweep along the path has played, the time, the undos
//! and hints used and the best time on this device, with Next, Again and the way
//! back. What comes next depends on where the level came from:
//!
//! | source        | Next                                             | back          |
//! |---------------|--------------------------------------------------|---------------|
//! | a pack level  | the next in its line, else the first open level  | level list    |
//! | a shared pack | the pack's next level (none after its last)      | the pack's list |
//! | a share link  | none                                             | level list    |
//! | the daily     | none (the card shares the result instead)        | level list    |
//! | 试玩          | none                                             | the editor    |

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::context::{use_hex, HexView, LevelSource};
use crate::daily::{DailyRun, DailyShare};
use crate::play_clock::clock_text;
use crate::strings::Text;
use web_core::i18n::tr;

/// What the card shows, taken when the level was cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub time_ms: u64,
    pub undos: u32,
    pub hints: u32,
    /// The best time on this device, this clear counted (none for 试玩).
    pub best_ms: Option<u64>,
    /// This clear beat an earlier best.
    pub new_best: bool,
    pub next: Option<LevelSource>,
}

/// The longest the sweep along the path takes, however long the path.
const SWEEP_MAX_MS: u64 = 1200;
/// How long one step's light takes to rise (the CSS animations' duration).
const STEP_LIGHT_MS: u64 = 320;
/// The lit path holds this long before the card comes.
const HOLD_MS: u64 = 250;

/// The delay between one step lighting up and the next: 45 ms, quicker on long
/// paths so the sweep stays within [`SWEEP_MAX_MS`].
pub fn sweep_step_ms(cells: usize) -> u64 {
    (SWEEP_MAX_MS / cells.max(1) as u64).clamp(1, 45)
}

/// When the card comes after the clear: once the sweep has reached the path's end
/// (with reduced motion the path only fades up).
pub fn card_delay_ms(cells: usize, reduced_motion: bool) -> u64 {
    if reduced_motion {
        return 200 + HOLD_MS;
    }
    cells.saturating_sub(1) as u64 * sweep_step_ms(cells) + STEP_LIGHT_MS + HOLD_MS
}

/// The card over the lower part of the play screen (the top bar and its menu stay).
/// Kept lean (one fact and one button template, no optional branches): the
/// module's download has little room left.
#[component]
pub fn SolvedCard(
    source: LevelSource,
    solved: Solved,
    /// The daily puzzle's run and number: the card also shares its result.
    daily: Option<(DailyRun, u32)>,
) -> impl IntoView {
    let ctx = use_hex();
    let next = solved.next;
    let go_next = move || match next {
        Some(LevelSource::Pack(r)) => ctx.open(r),
        Some(LevelSource::SharedPack(i)) => ctx.play_shared(i),
        _ => {}
    };
    let again = move || match source {
        LevelSource::Pack(r) => ctx.open(r),
        LevelSource::SharedPack(i) => ctx.play_shared(i),
        // the level is still the mode's custom one: the same view again is a fresh play
        other => ctx.view.set(HexView::Play(other)),
    };
    let back = move || match source {
        LevelSource::EditorTry => ctx.open_editor(None),
        LevelSource::ShareLink => {
            web_core::nav::clear_fragment();
            ctx.show_select();
        }
        _ => ctx.show_level_list(),
    };
    let back_label = match source {
        LevelSource::EditorTry => Text::HexEdit,
        _ => Text::HexDailyBack,
    };
    let best = solved.best_ms.map_or_else(|| "—".to_string(), clock_text);
    view! {
        <section class="hex-solved" data-testid="hex-solved" role="dialog" aria-labelledby="hex-solved-title">
            <h2 class="hex-solved-title" id="hex-solved-title">{tr(Text::HexSolved)}</h2>
            <dl class="hex-solved-facts">
                {fact(Text::HexDailyTime, "hex-solved-time", Some(solved.time_ms), clock_text(solved.time_ms))}
                {fact(Text::HexDailyUndos, "hex-solved-undos", None, solved.undos.to_string())}
                {fact(Text::HexHintsUsed, "hex-solved-hints", None, solved.hints.to_string())}
                {fact(Text::HexBestTime, "hex-solved-best", solved.best_ms, best)}
            </dl>
            <p class="hex-new-best" data-testid="hex-solved-new-best" hidden=!solved.new_best>{tr(Text::HexNewBest)}</p>
            {daily.map(|(run, number)| view! { <DailyShare run=run number=number/> })}
            <div class="hex-solved-actions">
                {card_button("hex-solved-next", Text::HexNext, next.is_some(), Box::new(go_next))}
                {card_button("hex-solved-again", Text::HexAgain, true, Box::new(again))}
                {card_button("hex-solved-levels", back_label, true, Box::new(back))}
            </div>
        </section>
    }
}

/// Gives the card's first button the focus, so keyboard and screen-reader players
/// land on it (called once the card is drawn).
pub fn focus_card() {
    let first = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        d.query_selector(".hex-solved button:not([hidden])")
            .ok()
            .flatten()
    });
    if let Some(b) = first.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = b.focus();
    }
}

/// One fact of the card: its name and value (`ms`: the time it reads, for tests).
fn fact(label: Text, testid: &'static str, ms: Option<u64>, shown: String) -> impl IntoView {
    view! {
        <div>
            <dt>{tr(label)}</dt>
            <dd data-testid=testid data-ms=ms>{shown}</dd>
        </div>
    }
}

/// One of the card's buttons (hidden when it has nowhere to go); the first shown
/// is the primary one.
fn card_button(
    testid: &'static str,
    label: Text,
    shown: bool,
    run: Box<dyn Fn()>,
) -> impl IntoView {
    view! {
        <button class="hex-menu-item" data-testid=testid hidden=!shown on:click=move |_| run()>
            {tr(label)}
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_waits_for_the_sweep_which_stays_short_on_long_paths() {
        assert_eq!(sweep_step_ms(6), 45);
        assert_eq!(card_delay_ms(6, false), 5 * 45 + 320 + 250);
        assert_eq!(sweep_step_ms(100), 12);
        assert!(card_delay_ms(300, false) <= SWEEP_MAX_MS + STEP_LIGHT_MS + HOLD_MS);
        assert_eq!(card_delay_ms(300, true), 450);
    }
}
