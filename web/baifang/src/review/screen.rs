//! The review screen: the board at any ply with step controls (buttons, arrow
//! keys, a swipe across the board, the move list), the capture of the ply
//! marked with the formation that earned it, the game link and file, the
//! analysis with its graph and classes, and "play on from here".

use leptos::prelude::*;

use engine::baifang::game_link::{encode, GameRecord};
use engine::baifang::{Action, Reason, Side};

use super::analysis::{Analysis, Progress};
use super::exact::{result_changes, ExactNote};
use super::graph::EvalGraph;
use super::move_list::MoveList;
use super::strings::{class_words, ReviewText};
use super::timeline::Timeline;
use super::transfer::GameTransfer;
use super::ReviewSource;
use crate::ai::opponent::hint_points;
use crate::board::geometry::{point_xy, EXTENT};
use crate::board::Board;
use crate::local::game::Opponent;
use crate::strings::{banner_text, side_name, Audience, BaifangText};
use crate::view_model::Banner;
use web_core::chrome::{send_link_noted, CopyNote};
use web_core::i18n::use_lang;
use web_core::icon::{icon, Icon};
use web_core::nav::share_link_here_as;
use web_core::reveal::Reveal;
use web_core::variant_key::variant_key;

/// The link of a record from the current page: `…#game=<code>`.
pub fn game_link_here(record: &GameRecord) -> String {
    share_link_here_as("game", &encode(record))
}

#[component]
pub fn ReviewScreen(
    source: ReviewSource,
    on_exit: Callback<()>,
    /// Continue the game from the reviewed position: its log and who plays.
    on_play: Callback<(Vec<Action>, Opponent)>,
    /// Open another game's review (an imported file or link).
    on_open: Callback<ReviewSource>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let Ok(timeline) = Timeline::of_record(&source.record) else {
        // A record reaches the review only through the engine's replay.
        return view! { <p class="notice">{text(ReviewText::BrokenLink)}</p> }.into_any();
    };
    let last = timeline.last_ply();
    let timeline = StoredValue::new(timeline);
    let ply = RwSignal::new(last);
    let frame = Memo::new(move |_| timeline.with_value(|t| t.frame(ply.get())));
    let board = Signal::derive(move || frame.with(|f| f.board.clone()));
    let analysis = Analysis::new(source.record.log().to_vec());
    let level = source.level;

    arrow_keys(ply, last);

    let best_here = Signal::derive(move || {
        analysis.run.with(|r| {
            r.as_ref()
                .and_then(|r| r.eval_at_ply(ply.get()))
                .map(|e| hint_points(&e.best))
                .unwrap_or_default()
        })
    });
    let class_here = move || {
        analysis.run.with(|r| {
            r.as_ref()
                .and_then(|r| r.review_of_ply(ply.get()))
                .and_then(|r| r.class)
                .map(|c| (variant_key(&c), class_words(c, lang.get())))
        })
    };
    let result_marks = Signal::derive(move || {
        analysis
            .run
            .with(|r| r.as_ref().map(result_changes).unwrap_or_default())
    });
    let swipe = StoredValue::new(None::<(i32, i32, i32)>);
    let play_from_here = move |ai: bool| {
        let log = timeline.with_value(|t| t.log()[..ply.get_untracked()].to_vec());
        let to_move = timeline.with_value(|t| t.state(ply.get_untracked()).to_move());
        let opponent = if ai {
            Opponent::Ai {
                human: to_move,
                level,
            }
        } else {
            Opponent::HotSeat
        };
        on_play.run((log, opponent));
    };
    let finished_here =
        Signal::derive(move || timeline.with_value(|t| t.state(ply.get()).is_finished()));
    // The board and its controls are built with the screen; the move list, the analysis
    // and the rest below each in a task of its own after it (`Reveal`): a long game's
    // list of buttons built with the board was one long task that held a cold phone's
    // first tap (Lighthouse's blocking time on a game link).
    let reveal = Reveal::new(LATER_PARTS, 0);
    let (moves_part, analysis_part, tail_part) = (reveal.part(0), reveal.part(1), reveal.part(2));
    let (log, record) = (source.record.log().to_vec(), source.record.clone());

    view! {
        <div class="review" data-testid="review" data-ply=move || ply.get() data-last=last
            data-hash=move || timeline.with_value(|t| engine::baifang::state::hash_hex(t.state(ply.get()).hash()))
            data-action=move || frame.with(|f| f.action.map(|a| a.verb()).unwrap_or(""))>
            <ReviewHeader record=source.record.clone()
                result=timeline.with_value(|t| t.state(last).result())
                banner=Signal::derive(move || frame.with(|f| f.board.banner))
                on_exit=on_exit/>
            <div class="board-wrap review-board" data-testid="review-board"
                on:pointerdown=move |ev| swipe.set_value(Some((ev.pointer_id(), ev.client_x(), ev.client_y())))
                on:pointercancel=move |_| swipe.set_value(None)
                on:pointerup=move |ev| {
                    if let Some(to) = swipe_target(swipe.get_value(), &ev, ply.get_untracked(), last) {
                        ply.set(to);
                    }
                    swipe.set_value(None);
                }>
                <Board
                    view=board
                    mover=Signal::derive(move || frame.with(|f| f.board.to_move))
                    waiting=Signal::derive(|| false)
                    refused=Signal::derive(|| None)
                    formation_key=ply
                    hint=best_here
                    on_tap=Callback::new(|_| {})
                />
                {move || frame.with(|f| f.captured).map(captured_mark)}
            </div>
            <p class="review-class" data-testid="review-class"
                data-class=move || class_here().map(|(k, _)| k).unwrap_or_default()>
                {move || class_here().map(|(_, w)| w)}
                {move || (!best_here.get().is_empty()).then(|| view! {
                    <span class="review-best" data-testid="review-best">{text(ReviewText::BestHere)}</span>
                })}
            </p>
            <ExactNote analysis=analysis ply=ply/>
            <StepControls ply=ply last=last/>
            {move || moves_part.get().then(|| view! { <MoveList log=log.clone() ply=ply marks=result_marks/> })}
            {move || analysis_part.get().then(|| view! { <AnalysisPanel analysis=analysis ply=ply/> })}
            {move || tail_part.get().then(|| view! {
                <ReviewTail record=record.clone() finished_here=finished_here
                    play_from_here=Callback::new(play_from_here)
                    on_open=Callback::new(move |record| on_open.run(ReviewSource { record, level }))/>
            })}
        </div>
    }
    .into_any()
}

/// The review's head: back to the lobby and the title, who played, how the game ended
/// (a game link may hold one that has not), and the reviewed position's banner.
#[component]
fn ReviewHeader(
    record: GameRecord,
    result: Option<(Side, Reason)>,
    banner: Signal<Banner>,
    on_exit: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let label = move |side: Side| {
        let l = record.label(side);
        if l.is_empty() {
            side_name(side, lang.get()).to_string()
        } else {
            format!("{} · {l}", side_name(side, lang.get()))
        }
    };
    let (blue, orange) = (label.clone(), label);
    view! {
        <header class="review-header">
            <div class="review-top">
                <button class="icon-button review-back" data-testid="review-back" on:click=move |_| on_exit.run(())>
                    {icon(Icon::Back)} {move || BaifangText::BackToLobby.in_lang(lang.get())}
                </button>
                <h2 class="review-title">{move || ReviewText::Review.in_lang(lang.get())}</h2>
            </div>
            <p class="review-players" data-testid="review-players">
                {move || blue(Side::Black)} " — " {move || orange(Side::White)}
            </p>
            {result.map(|(winner, reason)| view! {
                <p class="review-result" data-testid="review-result">
                    {move || banner_text(Banner::Finished { winner, reason }, Audience::Both, lang.get())}
                </p>
            })}
            <p class="review-banner" data-testid="review-banner">
                // At the end the result line above already says it.
                {move || match banner.get() {
                    Banner::Finished { .. } if result.is_some() => String::new(),
                    b => banner_text(b, Audience::Both, lang.get()),
                }}
            </p>
        </header>
    }
}

/// The smallest horizontal travel, in CSS pixels, that counts as a swipe.
const SWIPE_MIN_PX: i32 = 40;

/// Where a swipe across the board steps to: a mostly horizontal stroke of the
/// same pointer, leftwards to the next ply (the next page slides in from the
/// right, as in a photo gallery), rightwards to the previous one.
fn swipe_target(
    start: Option<(i32, i32, i32)>,
    end: &web_sys::PointerEvent,
    now: usize,
    last: usize,
) -> Option<usize> {
    let (id, x, y) = start?;
    let (dx, dy) = (end.client_x() - x, end.client_y() - y);
    if end.pointer_id() != id || dx.abs() < SWIPE_MIN_PX || dx.abs() < 2 * dy.abs() {
        return None;
    }
    Some(if dx < 0 {
        (now + 1).min(last)
    } else {
        now.saturating_sub(1)
    })
}

/// ← → Home End step through the game while the review is open.
fn arrow_keys(ply: RwSignal<usize>, last: usize) {
    let step = move |to: usize| ply.set(to.min(last));
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let now = ply.get_untracked();
        match ev.key().as_str() {
            "ArrowLeft" => step(now.saturating_sub(1)),
            "ArrowRight" => step(now + 1),
            "Home" => step(0),
            "End" => step(last),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || handle.remove());
}

/// First / previous / next / last, the ply counter and the slider.
#[component]
fn StepControls(ply: RwSignal<usize>, last: usize) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let step = move |to: usize| ply.set(to.min(last));
    view! {
            <nav class="review-steps" aria-label=text(ReviewText::Review)>
                <button class="pill-button" data-testid="review-first" aria-label=text(ReviewText::First)
                    on:click=move |_| step(0)>{icon(Icon::First)}</button>
                <button class="pill-button" data-testid="review-prev" aria-label=text(ReviewText::Previous)
                    on:click=move |_| step(ply.get_untracked().saturating_sub(1))>{icon(Icon::Previous)}</button>
                <span class="review-counter" data-testid="review-counter">
                    {move || ply.get()} " / " {last}
                </span>
                <button class="pill-button" data-testid="review-next" aria-label=text(ReviewText::Next)
                    on:click=move |_| step(ply.get_untracked() + 1)>{icon(Icon::Next)}</button>
                <button class="pill-button" data-testid="review-last" aria-label=text(ReviewText::Last)
                    on:click=move |_| step(last)>{icon(Icon::Last)}</button>
            </nav>
            <input class="review-slider" type="range" min="0" max=last data-testid="review-slider"
                aria-label=text(ReviewText::Ply)
                prop:value=move || ply.get().to_string()
                on:input=move |ev| step(event_target_value(&ev).parse().unwrap_or(0))/>
    }
}

/// The review's parts built after its first task: the move list, the analysis, the rest.
const LATER_PARTS: usize = 3;

/// Below the analysis: play on from here (hot seat or against the AI), the game link
/// and the game's file.
#[component]
fn ReviewTail(
    record: GameRecord,
    finished_here: Signal<bool>,
    /// Play on from the shown ply: against the AI (`true`) or hot seat.
    play_from_here: Callback<bool>,
    on_open: Callback<GameRecord>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let link = game_link_here(&record);
    view! {
        <section class="review-actions">
            <button class="pill-button" data-testid="review-play-hotseat"
                disabled=finished_here on:click=move |_| play_from_here.run(false)>
                {text(ReviewText::PlayHotSeat)}
            </button>
            <button class="pill-button" data-testid="review-play-ai"
                disabled=finished_here on:click=move |_| play_from_here.run(true)>
                {text(ReviewText::PlayAi)}
            </button>
        </section>
        <ShareLink link=link/>
        <GameTransfer record=record on_open=on_open/>
    }
}

/// The game link, shown and copied.
#[component]
fn ShareLink(link: String) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let copied = RwSignal::new(None);
    view! {
            <section class="review-share">
                <label>{text(ReviewText::Share)}
                    <input class="review-link" readonly data-testid="review-link" prop:value=link.clone()/>
                </label>
                <button class="pill-button" data-testid="review-copy"
                    on:click=move |_| send_link_noted(ReviewText::Review.in_lang(lang.get_untracked()), &link, copied)>{text(ReviewText::Copy)}</button>
                <CopyNote sent=copied/>
            </section>
    }
}

/// The cross over the point whose stone the ply's capture removed.
fn captured_mark(at: u8) -> impl IntoView {
    let (x, y) = point_xy(at as usize);
    view! {
        <svg class="review-overlay" viewBox=format!("0 0 {EXTENT} {EXTENT}") aria-hidden="true">
            <g class="captured-mark" data-testid="review-captured" data-point=at
                transform=format!("translate({x} {y})")>
                <circle r=30/>
                <path d="M -16 -16 L 16 16 M 16 -16 L -16 16"/>
            </g>
        </svg>
    }
}

/// Analyse / cancel, the progress, and the graph.
#[component]
fn AnalysisPanel(analysis: Analysis, ply: RwSignal<usize>) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let running = move || matches!(analysis.progress.get(), Progress::Running { .. });
    let status = move || match analysis.progress.get() {
        Progress::Idle => String::new(),
        Progress::Running { done, total } => {
            format!(
                "{} {done} / {total}",
                ReviewText::Analysing.in_lang(lang.get())
            )
        }
        Progress::Done => ReviewText::AnalysisDone.in_lang(lang.get()).to_string(),
        Progress::Cancelled => ReviewText::AnalysisCancelled
            .in_lang(lang.get())
            .to_string(),
        Progress::Failed(message) => message,
    };
    let state = move || match analysis.progress.get() {
        Progress::Idle => "idle",
        Progress::Running { .. } => "running",
        Progress::Done => "done",
        Progress::Cancelled => "cancelled",
        Progress::Failed(_) => "failed",
    };
    let evals = Signal::derive(move || {
        analysis
            .run
            .with(|r| r.as_ref().map(|r| r.evals().to_vec()).unwrap_or_default())
    });
    let total = Signal::derive(move || analysis.run.with(|r| r.as_ref().map_or(0, |r| r.total())));
    let at = Signal::derive(move || {
        analysis.run.with(|r| {
            r.as_ref().map(|r| {
                r.line()
                    .turns()
                    .iter()
                    .take_while(|t| t.first_action < ply.get())
                    .count()
            })
        })
    });
    view! {
        <section class="review-analysis" data-testid="review-analysis" data-state=state>
            <Show when=running fallback=move || view! {
                <button class="pill-button" data-testid="review-analyse" on:click=move |_| analysis.start()>
                    {text(ReviewText::Analyse)}
                </button>
            }>
                <button class="pill-button" data-testid="review-cancel" on:click=move |_| analysis.cancel()>
                    {text(ReviewText::Cancel)}
                </button>
            </Show>
            <p class="review-progress" data-testid="review-progress" role="status">{status}</p>
            <Show when=move || !evals.with(Vec::is_empty)>
                <EvalGraph evals=evals total=total at=at/>
            </Show>
        </section>
    }
}
