//! The play screen (the module `baifang_play`): a room on this device, hot-seat or against
//! the AI, opened by the lobby (a new game, a saved one to resume) or by the review (play
//! on from a position); or the lesson, the rules or the puzzles. A module of its own, so
//! the lobby a cold link opens does not wait for the board, the rooms and the AI's client.

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;

use web_core::nav::{use_nav, Nav, Screen};

use crate::handoff::{Opener, Play};
use crate::lesson::rules::RulesPage;
use crate::lesson::screen::LessonScreen;
use crate::lobby::Learn;
use crate::local::game::Opponent;
use crate::local::room::{Room, RoomSetup};
use crate::puzzle::screen::PuzzleScreen;
use crate::review::ReviewSource;

/// The play screen opened on `play`. Without it (a step back or forward into this screen
/// after its game was left) there is nothing to show, so the screen steps back again.
pub fn baifang_play_module(play: Option<Play>) -> impl IntoView {
    let nav = use_nav();
    let shown = RwSignal::new(None::<(Play, u32)>);
    // A fresh key per game so a new room never reuses the old one's state.
    let counter = StoredValue::new(0u32);
    let back = BackHold::new(nav);
    // Where leaving goes: the lobby, whichever screen opened the room.
    let opener = StoredValue::new(Opener::Lobby);
    let open = move |what: Play| {
        counter.update_value(|n| *n += 1);
        back.set(matches!(what, Play::Room { .. }));
        opener.set_value(match what {
            Play::Room { opener, .. } => opener,
            Play::Learn(_) => Opener::Lobby,
        });
        shown.set(Some((what, counter.get_value())));
    };
    match play {
        Some(play) => open(play),
        None => nav.back(),
    }
    let again = Callback::new(move |setup: RoomSetup| {
        open(Play::Room {
            setup,
            log: Vec::new(),
            opener: opener.get_value(),
        })
    });
    let leave = Callback::new(move |_| match opener.get_value() {
        Opener::Lobby => nav.back(),
        Opener::Review => nav.go(Screen::Baifang),
    });
    let review = move |level: Strength| {
        Callback::new(move |record: GameRecord| {
            nav.open(&ReviewSource { record, level });
        })
    };
    let lesson = Callback::new(move |_| open(Play::Learn(Learn::Lesson)));
    view! {
        <main class="screen screen-baifang" data-testid="screen-baifang-play">
            {move || shown.get().map(|(what, _)| match what {
                Play::Learn(Learn::Lesson) => view! { <LessonScreen on_exit=leave/> }.into_any(),
                Play::Learn(Learn::Puzzles) => view! { <PuzzleScreen on_exit=leave/> }.into_any(),
                Play::Learn(Learn::Rules) => view! { <RulesPage on_exit=leave on_lesson=lesson/> }.into_any(),
                Play::Room { setup, log, .. } => view! {
                    <Room setup=setup start=log on_exit=leave on_review=review(level_of(setup.opponent)) ask_leave=back.asked on_again=again/>
                }.into_any(),
            })}
        </main>
    }
}

/// The AI level a finished game's review analyses with: the opponent's, or the default.
fn level_of(opponent: Opponent) -> Strength {
    match opponent {
        Opponent::Ai { level, .. } => level,
        Opponent::HotSeat => Strength::Medium,
    }
}

/// The browser's back gesture in a room: the shell holds it (the room stays) and the room
/// asks before leaving (its menu's leave question, which keeps the game) instead of the
/// page leaving at once. A lesson leaves at once.
#[derive(Clone, Copy)]
struct BackHold {
    nav: Nav,
    /// Counts the back gestures held in a room: the room's menu opens on each.
    asked: RwSignal<u32>,
}

impl BackHold {
    fn new(nav: Nav) -> BackHold {
        let hold = BackHold {
            nav,
            asked: RwSignal::new(0),
        };
        let held = nav.on_back_held(move || hold.asked.update(|n| *n += 1));
        on_cleanup(move || {
            held.remove();
            nav.hold_back(false);
        });
        hold
    }

    fn set(self, on: bool) {
        self.nav.hold_back(on);
    }
}
