//! Local play (hot-seat and vs-AI) as a source of the one [`GameRoom`]: the
//! room owns the [`LocalMatch`] and its AI; the board only reports taps. Effects
//! (haptics, the AI's turn, the clock, keeping the game for 继续上局) react to
//! what the engine accepted; undo replays the log without the last turn.

use leptos::prelude::*;

use engine::baifang::game_link::GameRecord;
use engine::baifang::state::hash_hex;
use engine::baifang::{Action, ActionOutcome, Reason, Side};

use crate::ai::opponent::AiOpponent;
use crate::local::game::{LocalMatch, Opponent, Tap};
use crate::local::saved;
use crate::review::recent::{self, Mode};
use crate::room::feel::feel;
use crate::room::settlement::Settlement;
use crate::room::step_timer::now_ms;
use crate::room::{GameRoom, RoomSource};
use crate::strings::{banner_text, Audience, BaifangText};
use crate::view_model::{board_view, BoardView};
use web_core::host::haptics::{self, Haptic};
use web_core::i18n::use_lang;

/// How a local game is set up from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSetup {
    pub opponent: Opponent,
    /// The 30 s step clock (optional in local games).
    pub step_clock: bool,
}

impl RoomSetup {
    /// The same game with the colours swapped (再来一局): against the AI the human takes
    /// the other side; in hot-seat the two people swap seats, which the device cannot see.
    pub fn swapped(self) -> RoomSetup {
        let opponent = match self.opponent {
            Opponent::HotSeat => Opponent::HotSeat,
            Opponent::Ai { human, level } => Opponent::Ai {
                human: human.other(),
                level,
            },
        };
        RoomSetup { opponent, ..self }
    }
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
    /// Changes when the browser's back gesture asks to leave.
    #[prop(optional, into)]
    ask_leave: Signal<u32>,
    /// 再来一局 from the settlement: a new game set up as this one, colours swapped.
    #[prop(optional)]
    on_again: Option<Callback<RoomSetup>>,
) -> impl IntoView {
    let lang = use_lang();
    let first = LocalMatch::from_log(setup.opponent, &start);
    let first = match setup.step_clock {
        true => first.with_step_clock(page_ms()),
        false => first,
    };
    let game = RwSignal::new(first);

    let audience = match setup.opponent {
        Opponent::HotSeat => Audience::Both,
        Opponent::Ai { human, .. } => Audience::Player(human),
    };

    let view = Memo::new(move |_| game.with(view_of));
    let action_count = Memo::new(move |_| game.with(|m| m.game().log().len()));
    remember_when_finished(game);
    keep_for_resume(game, setup, action_count);
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

    let tap = Callback::new(
        move |p: u8| match game.try_update(|m| m.tap(p, page_ms())) {
            Some(Tap::Played(action, outcome)) => {
                applied(action, &outcome);
                true
            }
            Some(Tap::Selected(_)) => {
                haptics::play(Haptic::Light);
                true
            }
            Some(Tap::Deselected) => true,
            Some(Tap::Refused) | None => false,
        },
    );

    let ai = AiOpponent::start(game, move |action| {
        apply(action);
    });

    let step_left = step_clock(setup.step_clock, game, applied);

    let resign = Callback::new(move |_| {
        let side = game.with_untracked(|m| m.resigning_side());
        apply(Action::Resign { side });
    });
    let banner = Signal::derive(move || view.with(|v| v.banner));
    let banner_words = move || banner_text(banner.get(), audience, lang.get());
    let source = RoomSource {
        view: view.into(),
        my_side: Signal::derive(move || bottom_side(setup.opponent)),
        waiting,
        formation_key: action_count.into(),
        hint: ai.hint.into(),
        banner_text: Signal::derive(banner_words),
        banner: Signal::derive(move || Some(banner.get())),
        step_left,
        my_turn: Signal::derive(move || game.with(|m| m.human_to_act())),
        tags: Signal::derive(move || {
            [Side::Black, Side::White].map(|side| score_tag(setup.opponent, side))
        }),
        // One device has no connection to lose.
        disconnects: Signal::derive(|| [None, None]),
        tap,
        can_resign: Signal::derive(move || !game.with(|m| m.state().is_finished())),
        confirm_resign: true,
        leave_resigns: Signal::derive(|| false),
        // A game with something on the board is kept: leaving asks, then keeps it.
        leave_keeps: Signal::derive(move || {
            game.with(|m| !m.state().is_finished() && !m.game().log().is_empty())
        }),
        ask_leave,
        resign,
        leave: on_exit,
    };
    let vs_ai = matches!(setup.opponent, Opponent::Ai { .. });
    let position = Signal::derive(move || game.with(|m| hash_hex(m.state().hash())));

    view! {
        <GameRoom source=source position=position
            below=move || view! {
                <div class="room-actions">
                    {vs_ai.then(|| view! { <HintButton game=game ai=ai/> })}
                    <UndoButton game=game/>
                </div>
                {move || ai.error.get().map(|message| view! { <p class="notice" data-testid="ai-error">{message}</p> })}
            }
            ending=move || view.with(|v| v.result).map(|end| finished(game, end, audience, on_review, again(on_again, setup), on_exit))
        />
    }
}

/// 再来一局 on the card: a new game set up as `setup` with the colours swapped.
fn again(on_again: Option<Callback<RoomSetup>>, setup: RoomSetup) -> Option<Callback<()>> {
    on_again.map(|again| Callback::new(move |_| again.run(setup.swapped())))
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

/// Keeps the game after every action (and undo) for the lobby's 继续上局; the
/// room's first look at a game it was opened with saves nothing, so opening a
/// game never replaces the saved one before something is played in it.
fn keep_for_resume(game: RwSignal<LocalMatch>, setup: RoomSetup, action_count: Memo<usize>) {
    Effect::new(move |seen: Option<()>| {
        action_count.track();
        if seen.is_some() {
            game.with_untracked(|m| saved::keep(setup.opponent, setup.step_clock, m.game()));
        }
    });
}

/// The vs-AI room's hint button: asks the AI for the human's best turn.
#[component]
fn HintButton(game: RwSignal<LocalMatch>, ai: AiOpponent) -> impl IntoView {
    let lang = use_lang();
    view! {
        <button class="pill-button" data-testid="room-hint"
            disabled=move || !game.with(|m| m.human_to_act())
            on:click=move |_| ai.ask_hint()>
            {move || BaifangText::Hint.in_lang(lang.get())}
        </button>
    }
}

/// Undo: takes back the last turn (against the AI, the person's last turn with the
/// AI's reply); where the game has no undo (hard and master), a sentence says so.
#[component]
fn UndoButton(game: RwSignal<LocalMatch>) -> impl IntoView {
    let lang = use_lang();
    if !game.with_untracked(|m| m.undo_allowed()) {
        return view! {
            <p class="room-note" data-testid="room-undo-off">
                {move || BaifangText::UndoOff.in_lang(lang.get())}
            </p>
        }
        .into_any();
    }
    let undo = move |_| {
        if game.try_update(|m| m.undo(page_ms())) == Some(true) {
            haptics::play(Haptic::Light);
        }
    };
    view! {
        <button class="pill-button" data-testid="room-undo"
            disabled=move || game.with(|m| m.undo_point().is_none())
            on:click=undo>
            {move || BaifangText::Undo.in_lang(lang.get())}
        </button>
    }
    .into_any()
}

/// The settlement of a finished game, with the review button when the room can open one.
fn finished(
    game: RwSignal<LocalMatch>,
    (winner, reason): (Side, Reason),
    audience: Audience,
    on_review: Option<Callback<GameRecord>>,
    on_again: Option<Callback<()>>,
    on_exit: Callback<()>,
) -> AnyView {
    let lang = use_lang();
    let review = on_review.map(|open| {
        Callback::new(move |_| {
            open.run(game.with_untracked(record_of));
        })
    });
    let again = ViewFn::from(move || {
        on_again.map(|again| view! {
            <button class="pill-button" data-testid="play-again" title=move || BaifangText::RematchHint.in_lang(lang.get())
                on:click=move |_| again.run(())>
                {move || BaifangText::Rematch.in_lang(lang.get())}
            </button>
        })
    });
    match review {
        Some(review) => view! {
            <Settlement winner=winner reason=reason audience=audience on_review=review again=again on_close=on_exit/>
        }
        .into_any(),
        None => view! {
            <Settlement winner=winner reason=reason audience=audience again=again on_close=on_exit/>
        }
        .into_any(),
    }
}

/// The page's monotonic clock in whole ms, the local match's time input.
fn page_ms() -> u64 {
    now_ms() as u64
}

/// The optional step clock: the time left for the person to move (the match's
/// engine clock read at the page's time; none without a clock or once the game
/// is over); the match applies the timeout when it runs out.
fn step_clock(
    on: bool,
    game: RwSignal<LocalMatch>,
    applied: impl Fn(Action, &ActionOutcome) + 'static,
) -> Signal<Option<u32>> {
    let clock_now = RwSignal::new(page_ms());
    let left = Signal::derive(move || {
        let now = clock_now.get();
        game.with(|m| {
            let running = !m.state().is_finished();
            m.step_left(now).filter(|_| running).map(|l| l as u32)
        })
    });
    if on {
        let interval = gloo_timers::callback::Interval::new(200, move || {
            let now = page_ms();
            clock_now.set(now);
            if let Some((action, outcome)) = game.try_update(|m| m.tick(now)).flatten() {
                applied(action, &outcome);
            }
        });
        let interval = send_wrapper::SendWrapper::new(interval);
        on_cleanup(move || drop(interval));
    }
    left
}

/// The game as a review and a link carry it: the human's nickname and "AI"
/// against the AI, no names in hot-seat (the sides' colours name them).
fn record_of(m: &LocalMatch) -> GameRecord {
    let log = m.game().log().to_vec();
    match m.opponent() {
        Opponent::HotSeat => GameRecord::new(["", ""], log),
        Opponent::Ai { human, .. } => {
            let me = crate::profile::load().profile().nickname.clone();
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

/// The side at the bottom, nearest the thumb: the human's, or in hot-seat the
/// side to move at the start (Blue).
fn bottom_side(opponent: Opponent) -> Side {
    match opponent {
        Opponent::Ai { human, .. } => human,
        Opponent::HotSeat => Side::Black,
    }
}

/// What the board draws of the local game now.
fn view_of(m: &LocalMatch) -> BoardView {
    board_view(
        m.state(),
        m.game().log(),
        m.last_outcome(),
        m.selection(),
        m.human_to_act(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::Strength;

    #[test]
    fn play_again_swaps_the_colours_and_keeps_the_rest() {
        let ai = RoomSetup {
            opponent: Opponent::Ai {
                human: Side::Black,
                level: Strength::Hard,
            },
            step_clock: true,
        };
        let again = ai.swapped();
        assert_eq!(
            again.opponent,
            Opponent::Ai {
                human: Side::White,
                level: Strength::Hard
            }
        );
        assert!(again.step_clock);
        assert_eq!(again.swapped(), ai);
        let seat = RoomSetup {
            opponent: Opponent::HotSeat,
            step_clock: false,
        };
        assert_eq!(seat.swapped(), seat);
    }
}
