//! The game room for local play (hot-seat and vs-AI): banner, board, scoreboards,
//! step clock, menu with resignation, and the settlement.
//!
//! The room owns the [`LocalMatch`]; the board only reports taps. Effects (haptics,
//! refusal shakes, the AI's turn, the clock) react to what the engine accepted.

use leptos::prelude::*;

use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::{Action, ActionOutcome, Side};

use crate::host::haptics::{self, Haptic};
use crate::i18n::use_lang;

use super::ai_client::AiClient;
use super::ai_protocol::{AiAnswer, AiRequest, AiResponse, Job};
use super::board::Board;
use super::local_match::{LocalMatch, Opponent, Tap};
use super::scoreboard::ScoreBoard;
use super::settlement::Settlement;
use super::step_timer::StepTimer;
use super::strings::{banner_text, Audience, BText};
use super::view_model::{board_view, Banner};

/// How a local game is set up from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSetup {
    pub opponent: Opponent,
    /// The 30 s step clock (optional in local games).
    pub step_clock: bool,
}

/// The AI's move is shown no sooner than this after it was asked for, so a person
/// sees what happened; each capture of its turn follows after `AI_CAPTURE_GAP_MS`.
const AI_MIN_DELAY_MS: f64 = 400.0;
const AI_CAPTURE_GAP_MS: u32 = 350;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Haptics for one accepted action (seed 000 §5.2.3).
fn feel(action: Action, outcome: &ActionOutcome, was_capturing: bool) {
    match action {
        Action::Place { .. } | Action::Move { .. } => haptics::play(Haptic::Light),
        _ => {}
    }
    if outcome.new_squares != 0 || outcome.new_lines != 0 {
        haptics::play(if outcome.owed > 0 {
            Haptic::Success
        } else {
            Haptic::Light
        });
    }
    if outcome.owed > 0 && !was_capturing {
        haptics::play(Haptic::Medium);
    }
    if was_capturing && matches!(action, Action::Capture { .. }) && outcome.turn_passed {
        haptics::play(Haptic::Medium);
    }
}

#[component]
pub fn Room(setup: RoomSetup, on_exit: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let game = RwSignal::new(LocalMatch::new(setup.opponent));
    let refused = RwSignal::new(None::<(u8, u32)>);
    let menu_open = RwSignal::new(false);
    let confirm_resign = RwSignal::new(false);
    let step_started = RwSignal::new(now_ms());
    let clock_now = RwSignal::new(now_ms());

    let audience = match setup.opponent {
        Opponent::HotSeat => Audience::Both,
        Opponent::Ai { human, .. } => Audience::Player(human),
    };

    let view = Memo::new(move |_| {
        game.with(|m| board_view(m.state(), m.last_outcome(), m.selection(), m.human_to_act()))
    });
    let action_count = Memo::new(move |_| game.with(|m| m.game().log().len()));
    let mover = Signal::derive(move || view.with(|v| v.to_move));
    let waiting = Signal::derive(move || game.with(|m| m.ai_to_act()));

    // One place applies every action, whoever made it, so effects stay consistent.
    // The AI's delayed actions may fire after the player left the room, so every
    // access here tolerates a disposed room (then nothing happens).
    let apply = move |action: Action| -> Option<ActionOutcome> {
        let was_capturing = game.try_with_untracked(|m| m.state().pending_captures() > 0)?;
        let outcome = game.try_update(|m| m.try_play(action).ok()).flatten()?;
        feel(action, &outcome, was_capturing);
        if outcome.turn_passed || outcome.result.is_some() {
            step_started.try_set(now_ms());
        }
        Some(outcome)
    };

    let on_tap = Callback::new(move |p: u8| {
        let was_capturing = game.with_untracked(|m| m.state().pending_captures() > 0);
        match game.try_update(|m| m.tap(p)) {
            Some(Tap::Played(action, outcome)) => {
                feel(action, &outcome, was_capturing);
                if outcome.turn_passed || outcome.result.is_some() {
                    step_started.set(now_ms());
                }
            }
            Some(Tap::Selected(_)) => haptics::play(Haptic::Light),
            Some(Tap::Deselected) => {}
            Some(Tap::Refused) | None => {
                haptics::play(Haptic::Bump);
                refused.update(|r| *r = Some((p, r.map_or(0, |(_, n)| n + 1))));
            }
        }
    });

    // The AI and the hint run in a Web Worker, so the board keeps animating meanwhile.
    // Answers carry the request id; anything but the awaited one is stale and dropped.
    let awaited = StoredValue::new(None::<(u32, f64, Job)>);
    let hint = RwSignal::new(Vec::<u8>::new());
    let worker_error = RwSignal::new(None::<String>);
    let game_seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
    let on_response = move |response: AiResponse| {
        let Some((id, asked_at, job)) = awaited.try_get_value().flatten() else {
            return;
        };
        if response.id != id {
            return;
        }
        awaited.set_value(None);
        match (job, response.answer) {
            (Job::Hint, AiAnswer::Turn(reply)) => hint.set(hint_points(&reply.turn)),
            (Job::Choose { .. }, AiAnswer::Turn(reply)) => {
                let wait = (AI_MIN_DELAY_MS - (now_ms() - asked_at)).max(0.0) as u32;
                for (i, action) in reply.turn.into_iter().enumerate() {
                    let delay = wait + i as u32 * AI_CAPTURE_GAP_MS;
                    gloo_timers::callback::Timeout::new(delay, move || {
                        apply(action);
                    })
                    .forget();
                }
            }
            (_, AiAnswer::Error(message)) => worker_error.set(Some(message)),
            (_, AiAnswer::Bench { .. }) | (Job::Bench { .. }, AiAnswer::Turn(_)) => {}
        }
    };
    let ai = match setup.opponent {
        Opponent::Ai { .. } => match AiClient::spawn(on_response) {
            Ok(client) => Some(client),
            Err(message) => {
                worker_error.set(Some(message));
                None
            }
        },
        Opponent::HotSeat => None,
    };
    // Dropped with the room: leaving the game terminates a search in progress.
    let ai = StoredValue::new_local(ai);
    let ask = move |job: Job| {
        ai.with_value(|client| {
            if let Some(client) = client {
                let log = game.with_untracked(|m| m.game().log().to_vec());
                let id = client.send(AiRequest {
                    id: 0,
                    log,
                    job: job.clone(),
                });
                awaited.set_value(Some((id, now_ms(), job)));
            }
        });
    };
    Effect::new(move |_| {
        let (ai_turn, count) = game.with(|m| (m.ai_to_act(), m.game().log().len()));
        hint.set(Vec::new());
        let busy = awaited.with_value(|a| matches!(a, Some((_, _, Job::Choose { .. }))));
        if ai_turn && !busy {
            if let Opponent::Ai { level, .. } = setup.opponent {
                ask(Job::Choose {
                    level,
                    seed: game_seed.wrapping_add(count as u64) & ((1 << 53) - 1),
                });
            }
        }
    });
    let ask_hint = move |_| {
        if game.with_untracked(|m| m.human_to_act()) && awaited.with_value(Option::is_none) {
            ask(Job::Hint);
        }
    };

    // The optional step clock: a timeout is an action fed to the engine like any other.
    let remaining = Signal::derive(move || {
        let elapsed = (clock_now.get() - step_started.get()).max(0.0) as u32;
        STEP_TIME_LIMIT_MS.saturating_sub(elapsed)
    });
    if setup.step_clock {
        let last_tick = StoredValue::new(u32::MAX);
        let interval = gloo_timers::callback::Interval::new(200, move || {
            clock_now.set(now_ms());
            let left = remaining.get_untracked();
            let human = game.with_untracked(|m| m.human_to_act());
            if !human {
                return;
            }
            let second = left.div_ceil(1000);
            if left > 0 && second <= 5 && last_tick.get_value() != second {
                last_tick.set_value(second);
                haptics::play(Haptic::Tick);
            }
            if left == 0 {
                last_tick.set_value(u32::MAX);
                apply(Action::Timeout);
            }
        });
        let interval = send_wrapper::SendWrapper::new(interval);
        on_cleanup(move || drop(interval));
    }

    let resign = move |_| {
        let side = game.with_untracked(|m| m.resigning_side());
        apply(Action::Resign { side });
        confirm_resign.set(false);
        menu_open.set(false);
    };

    let banner = move || banner_text(view.with(|v| v.banner), audience, lang.get());
    let banner_class = move || match view.with(|v| v.banner) {
        Banner::Capture { .. } => "status-banner warning",
        Banner::Intercepted { .. } => "status-banner notice",
        Banner::Finished { .. } => "status-banner finished",
        Banner::Turn {
            side: Side::Black, ..
        } => "status-banner turn-B",
        Banner::Turn {
            side: Side::White, ..
        } => "status-banner turn-W",
    };
    let tag = |side: Side| match setup.opponent {
        Opponent::Ai { human, .. } if human == side => Some(BText::You),
        Opponent::Ai { .. } => Some(BText::Ai),
        Opponent::HotSeat => None,
    };
    // The human (or Blue in hot-seat) sits at the bottom, nearest the thumb.
    let bottom = match setup.opponent {
        Opponent::Ai { human, .. } => human,
        Opponent::HotSeat => Side::Black,
    };
    let top = bottom.other();
    let score = move |side: Side| Signal::derive(move || view.with(|v| v.scores[side as usize]));

    view! {
        <div class="room" class:capture-mode=move || view.with(|v| v.capture_mode) data-testid="room">
            <div class="capture-veil" aria-hidden="true"></div>
            <header class="room-top">
                <button class="icon-button" data-testid="room-menu" on:click=move |_| menu_open.set(true)>
                    "☰ " {move || BText::Menu.in_lang(lang.get())}
                </button>
                <div class=banner_class data-testid="status-banner" role="status" aria-live="polite">{banner}</div>
                {setup.step_clock.then(|| view! { <StepTimer remaining_ms=remaining limit_ms=STEP_TIME_LIMIT_MS/> })}
            </header>
            <div class="room-stage">
            <ScoreBoard side=top score=score(top) tag=tag(top)/>
            <div class="board-wrap">
                <Board
                    view=view
                    mover=mover
                    waiting=waiting
                    refused=refused
                    formation_key=action_count
                    hint=hint
                    on_tap=on_tap
                />
            </div>
            <ScoreBoard side=bottom score=score(bottom) tag=tag(bottom)/>
            {matches!(setup.opponent, Opponent::Ai { .. }).then(|| view! {
                <div class="room-actions">
                    <button class="pill-button" data-testid="room-hint"
                        disabled=move || !game.with(|m| m.human_to_act())
                        on:click=ask_hint>
                        {move || BText::Hint.in_lang(lang.get())}
                    </button>
                </div>
            })}
            </div>
            {move || worker_error.get().map(|message| view! { <p class="notice" data-testid="ai-error">{message}</p> })}

            <Show when=move || menu_open.get()>
                <div class="sheet-veil" on:click=move |_| { menu_open.set(false); confirm_resign.set(false); }>
                    <div class="sheet" on:click=|ev| ev.stop_propagation()>
                        <Show
                            when=move || confirm_resign.get()
                            fallback=move || view! {
                                <button class="pill-button danger" data-testid="menu-resign"
                                    disabled=move || game.with(|m| m.state().is_finished())
                                    on:click=move |_| confirm_resign.set(true)>
                                    {move || BText::Resign.in_lang(lang.get())}
                                </button>
                                <button class="pill-button" data-testid="menu-lobby" on:click=move |_| on_exit.run(())>
                                    {move || BText::BackToLobby.in_lang(lang.get())}
                                </button>
                                <button class="pill-button" data-testid="menu-close" on:click=move |_| menu_open.set(false)>
                                    {move || BText::Continue.in_lang(lang.get())}
                                </button>
                            }
                        >
                            <p class="sheet-text">{move || BText::ResignConfirm.in_lang(lang.get())}</p>
                            <button class="pill-button danger" data-testid="resign-confirm" on:click=resign>
                                {move || BText::ResignYes.in_lang(lang.get())}
                            </button>
                            <button class="pill-button" data-testid="resign-cancel" on:click=move |_| confirm_resign.set(false)>
                                {move || BText::Cancel.in_lang(lang.get())}
                            </button>
                        </Show>
                    </div>
                </div>
            </Show>

            {move || view.with(|v| v.result).map(|(winner, reason)| view! {
                <Settlement winner=winner reason=reason audience=audience on_close=on_exit/>
            })}
        </div>
    }
}

/// The points a hint shows: where the turn's stone goes (and comes from), and what it captures.
fn hint_points(turn: &[Action]) -> Vec<u8> {
    turn.iter()
        .flat_map(|action| match *action {
            Action::Place { to } => vec![to],
            Action::Move { from, to } => vec![from, to],
            Action::Capture { at } => vec![at],
            _ => vec![],
        })
        .collect()
}
