//! The game room for local play (hot-seat and vs-AI): banner, board, scoreboards,
//! step clock, menu with resignation, and the settlement.
//!
//! The room owns the [`LocalMatch`]; the board only reports taps. Effects (haptics,
//! refusal shakes, the AI's turn, the clock) react to what the engine accepted.

use leptos::prelude::*;

use engine::baifang::game_link::GameRecord;
use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::{Action, ActionOutcome, Reason, Side};

use super::ai_opponent::AiOpponent;
use super::board::Board;
use super::feel::feel;
use super::local_match::{LocalMatch, Opponent, Tap};
use super::review::recent::{self, Mode};
use super::room_header::RoomHeader;
use super::room_menu::RoomMenu;
use super::scoreboard::ScoreBoard;
use super::settlement::Settlement;
use super::step_timer::now_ms;
use super::strings::{banner_text, Audience, BaifangText};
use super::view_model::board_view;
use crate::host::haptics::{self, Haptic};
use crate::i18n::use_lang;

/// How a local game is set up from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSetup {
    pub opponent: Opponent,
    /// The 30 s step clock (optional in local games).
    pub step_clock: bool,
}

#[component]
pub fn Room(
    setup: RoomSetup,
    on_exit: Callback<()>,
    /// The log to continue from (play on from a reviewed position); empty: a new game.
    #[prop(optional)]
    start: Vec<Action>,
    /// Opens the review of the finished game.
    #[prop(optional)]
    on_review: Option<Callback<GameRecord>>,
) -> impl IntoView {
    let lang = use_lang();
    let first = LocalMatch::from_log(setup.opponent, &start);
    let first = match setup.step_clock {
        true => first.with_step_clock(page_ms()),
        false => first,
    };
    let game = RwSignal::new(first);
    let refused = RwSignal::new(None::<(u8, u32)>);
    let menu_open = RwSignal::new(false);

    let audience = match setup.opponent {
        Opponent::HotSeat => Audience::Both,
        Opponent::Ai { human, .. } => Audience::Player(human),
    };

    let view = Memo::new(move |_| {
        game.with(|m| board_view(m.state(), m.last_outcome(), m.selection(), m.human_to_act()))
    });
    let action_count = Memo::new(move |_| game.with(|m| m.game().log().len()));
    remember_when_finished(game);
    let mover = Signal::derive(move || view.with(|v| v.to_move));
    let waiting = Signal::derive(move || game.with(|m| m.ai_to_act()));

    // One place applies every action, whoever made it, so effects stay consistent.
    // The AI's delayed actions may fire after the player left the room, so every
    // access here tolerates a disposed room (then nothing happens).
    let applied = move |action: Action, outcome: &ActionOutcome| feel(action, outcome);
    let apply = move |action: Action| -> Option<ActionOutcome> {
        let outcome = game
            .try_update(|m| m.try_play(action, page_ms()).ok())
            .flatten()?;
        applied(action, &outcome);
        Some(outcome)
    };

    let on_tap = Callback::new(
        move |p: u8| match game.try_update(|m| m.tap(p, page_ms())) {
            Some(Tap::Played(action, outcome)) => applied(action, &outcome),
            Some(Tap::Selected(_)) => haptics::play(Haptic::Light),
            Some(Tap::Deselected) => {}
            Some(Tap::Refused) | None => {
                haptics::play(Haptic::Bump);
                refused.update(|r| *r = Some((p, r.map_or(0, |(_, n)| n + 1))));
            }
        },
    );

    let ai = AiOpponent::start(game, move |action| {
        apply(action);
    });

    let remaining = step_clock(setup.step_clock, game, applied);

    let resign = Callback::new(move |_| {
        let side = game.with_untracked(|m| m.resigning_side());
        apply(Action::Resign { side });
    });
    let banner = Signal::derive(move || view.with(|v| v.banner));
    let banner_words = move || banner_text(banner.get(), audience, lang.get());
    let tag = |side: Side| score_tag(setup.opponent, side);
    let (top, bottom) = seats(setup.opponent);
    let score = move |side: Side| Signal::derive(move || view.with(|v| v.scores[side as usize]));

    view! {
        <div class="room" class:capture-mode=move || view.with(|v| v.capture_mode) data-testid="room">
            <div class="capture-veil" aria-hidden="true"></div>
            <RoomHeader
                menu_open=menu_open
                text=Signal::derive(banner_words)
                banner=Signal::derive(move || Some(banner.get()))
                clock=Signal::derive(move || setup.step_clock)
                remaining_ms=remaining
            />
            <div class="room-stage">
            <ScoreBoard side=top score=score(top) tag=tag(top)/>
            <div class="board-wrap">
                <Board
                    view=view
                    mover=mover
                    waiting=waiting
                    refused=refused
                    formation_key=action_count
                    hint=ai.hint
                    on_tap=on_tap
                />
            </div>
            <ScoreBoard side=bottom score=score(bottom) tag=tag(bottom)/>
            {matches!(setup.opponent, Opponent::Ai { .. }).then(|| view! { <HintButton game=game ai=ai/> })}
            </div>
            {move || ai.error.get().map(|message| view! { <p class="notice" data-testid="ai-error">{message}</p> })}

            <RoomMenu
                open=menu_open
                can_resign=Signal::derive(move || !game.with(|m| m.state().is_finished()))
                confirm=true
                on_resign=resign
                on_leave=on_exit
            />

            {move || view.with(|v| v.result).map(|(winner, reason)| {
                finished(game, (winner, reason), audience, on_review, on_exit)
            })}
        </div>
    }
}

/// Keeps the game for the lobby's recent games once it is over.
fn remember_when_finished(game: RwSignal<LocalMatch>) {
    let kept = StoredValue::new(false);
    Effect::new(move |_| {
        if game.with(|m| m.state().is_finished()) && !kept.get_value() {
            kept.set_value(true);
            game.with_untracked(|m| {
                let (mode, level) = match m.opponent() {
                    Opponent::HotSeat => (Mode::HotSeat, None),
                    Opponent::Ai { level, .. } => (Mode::Ai, Some(level)),
                };
                recent::remember(&record_of(m), mode, level);
            });
        }
    });
}

/// The vs-AI room's hint button: asks the AI for the human's best turn.
#[component]
fn HintButton(game: RwSignal<LocalMatch>, ai: AiOpponent) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="room-actions">
            <button class="pill-button" data-testid="room-hint"
                disabled=move || !game.with(|m| m.human_to_act())
                on:click=move |_| ai.ask_hint()>
                {move || BaifangText::Hint.in_lang(lang.get())}
            </button>
        </div>
    }
}

/// The settlement of a finished game, with the review button when the room can open one.
fn finished(
    game: RwSignal<LocalMatch>,
    (winner, reason): (Side, Reason),
    audience: Audience,
    on_review: Option<Callback<GameRecord>>,
    on_exit: Callback<()>,
) -> AnyView {
    let review = on_review.map(|open| {
        Callback::new(move |_| {
            open.run(game.with_untracked(record_of));
        })
    });
    match review {
        Some(review) => view! {
            <Settlement winner=winner reason=reason audience=audience on_review=review on_close=on_exit/>
        }
        .into_any(),
        None => view! {
            <Settlement winner=winner reason=reason audience=audience on_close=on_exit/>
        }
        .into_any(),
    }
}

/// The page's monotonic clock in whole ms, the local match's time input.
fn page_ms() -> u64 {
    now_ms() as u64
}

/// The optional step clock: the time left for the person to move (the match's
/// engine clock read at the page's time), ticking in the last five seconds;
/// the match applies the timeout when it runs out.
fn step_clock(
    on: bool,
    game: RwSignal<LocalMatch>,
    applied: impl Fn(Action, &ActionOutcome) + 'static,
) -> Signal<u32> {
    let clock_now = RwSignal::new(page_ms());
    let remaining = Signal::derive(move || {
        let left = game.with(|m| m.step_left(clock_now.get()));
        left.map_or(STEP_TIME_LIMIT_MS, |l| l as u32)
    });
    if on {
        let last_tick = StoredValue::new(u32::MAX);
        let interval = gloo_timers::callback::Interval::new(200, move || {
            let now = page_ms();
            clock_now.set(now);
            if let Some((action, outcome)) = game.try_update(|m| m.tick(now)).flatten() {
                last_tick.set_value(u32::MAX);
                applied(action, &outcome);
                return;
            }
            let left = remaining.get_untracked();
            let human = game.with_untracked(|m| m.human_to_act());
            let second = left.div_ceil(1000);
            if human && left > 0 && second <= 5 && last_tick.get_value() != second {
                last_tick.set_value(second);
                haptics::play(Haptic::Tick);
            }
        });
        let interval = send_wrapper::SendWrapper::new(interval);
        on_cleanup(move || drop(interval));
    }
    remaining
}

/// The game as a review and a link carry it: the human's nickname and "AI"
/// against the AI, no names in hot-seat (the sides' colours name them).
fn record_of(m: &LocalMatch) -> GameRecord {
    let log = m.game().log().to_vec();
    match m.opponent() {
        Opponent::HotSeat => GameRecord::new(["", ""], log),
        Opponent::Ai { human, .. } => {
            let me = super::profile::load().profile().nickname.clone();
            let mut labels = [me.as_str(), "AI"];
            if human == Side::White {
                labels.swap(0, 1);
            }
            GameRecord::new(labels, log)
        }
    }
}

/// The scoreboard tag of `side`: "you" and "AI" in a vs-AI game, none in hot-seat.
fn score_tag(opponent: Opponent, side: Side) -> Option<BaifangText> {
    match opponent {
        Opponent::Ai { human, .. } if human == side => Some(BaifangText::You),
        Opponent::Ai { .. } => Some(BaifangText::Ai),
        Opponent::HotSeat => None,
    }
}

/// (top, bottom): the human (or Blue in hot-seat) sits at the bottom, nearest the thumb.
fn seats(opponent: Opponent) -> (Side, Side) {
    let bottom = match opponent {
        Opponent::Ai { human, .. } => human,
        Opponent::HotSeat => Side::Black,
    };
    (bottom.other(), bottom)
}
