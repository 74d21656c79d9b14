//! The one room screen of a Baifang game, whoever referees it: the local
//! match, the peer-to-peer session or the referee server each provide a
//! [`RoomSource`]; the room draws the header with its step clock, the board
//! with its refusal shake, both scoreboards (the player's own side at the
//! bottom, timeouts as pips, online the disconnects counted), the menu, the heartbeat of a running clock,
//! and the mode's own panels and settlement in slots.

pub mod feel;
pub mod header;
pub mod menu;
pub mod rematch;
pub mod remote_tap;
pub mod scoreboard;
pub mod settlement;
pub mod step_timer;

use leptos::context::Provider;
use leptos::prelude::*;

use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::Side;

use web_core::host::haptics::{self, Haptic};
use web_core::sound::{self, Sound};

use crate::board::Board;
use crate::room::header::RoomHeader;
use crate::room::menu::RoomMenu;
use crate::room::scoreboard::ScoreBoard;
use crate::strings::BaifangText;
use crate::view_model::{Banner, BoardView};

/// What a room's source gives the one room screen: the board's inputs and
/// the player's intents back.
#[derive(Clone, Copy)]
pub struct RoomSource {
    /// The board as the engine's state draws it.
    pub view: Signal<BoardView>,
    /// The side seated at the bottom: the player's own (hot-seat: the side
    /// to move at the start).
    pub my_side: Signal<Side>,
    /// Whether the board waits on the other side (it dims).
    pub waiting: Signal<bool>,
    /// Changes with every applied action (the formation flash follows it).
    pub formation_key: Signal<usize>,
    /// Points a hint marks (empty: none).
    pub hint: Signal<Vec<u8>>,
    /// The banner's words, and what it says (for its colour).
    pub banner_text: Signal<String>,
    pub banner: Signal<Option<Banner>>,
    /// The step time the side to move has left, while a step clock runs.
    pub step_left: Signal<Option<u32>>,
    /// Whether a person on this device is to move (the heartbeat is theirs).
    pub my_turn: Signal<bool>,
    /// The scoreboards' tags ("you", "AI"), by side.
    pub tags: Signal<[Option<BaifangText>; 2]>,
    /// The disconnects counted against each side, by side, where this room
    /// counts them (`None`: not drawn).
    pub disconnects: Signal<[Option<u8>; 2]>,
    /// A tap on a point; `false`: refused (the room shakes the point).
    pub tap: Callback<u8, bool>,
    pub can_resign: Signal<bool>,
    /// Ask "resign this game?" first (an online room resigns at once).
    pub confirm_resign: bool,
    /// Leaving now resigns the game (an online game in progress).
    pub leave_resigns: Signal<bool>,
    /// Leaving now asks first and keeps the game for 继续上局 (a local game in progress).
    pub leave_keeps: Signal<bool>,
    /// Changes when the browser's back gesture asks to leave: the menu opens on
    /// the leave question.
    pub ask_leave: Signal<u32>,
    pub resign: Callback<()>,
    pub leave: Callback<()>,
}

/// The room. `class`: the mode's extra class on the room; `ready`: whether
/// the game is there to draw (else `before` shows, e.g. the peer's waiting
/// panel); `panels`: the mode's notices under the header; `below`: under the
/// board (the hint button), both drawn once (reactive inside); `ending`: the
/// settlement once there is one (re-drawn as what it reads changes).
#[component]
pub fn GameRoom(
    source: RoomSource,
    #[prop(optional)] class: &'static str,
    #[prop(optional, into)] ready: Option<Signal<bool>>,
    #[prop(optional, into)] before: ViewFn,
    #[prop(optional, into)] panels: ViewFn,
    #[prop(optional, into)] below: ViewFn,
    #[prop(optional, into)] ending: ViewFn,
    /// The engine state's hash (`data-hash`), where the mode shows it to tests.
    #[prop(optional, into)]
    position: Option<Signal<String>>,
) -> impl IntoView {
    let s = source;
    let refused = RwSignal::new(None::<(u8, u32)>);
    let on_tap = Callback::new(move |p: u8| {
        if !s.tap.run(p) {
            haptics::play(Haptic::Bump);
            crate::board::shake(refused, p);
        }
    });
    heartbeat(s.step_left, s.my_turn);
    let ready = ready.unwrap_or_else(|| Signal::derive(|| true));
    let menu_open = RwSignal::new(false);
    let capture_mode = move || s.view.with(|v| v.capture_mode);
    let bottom = Memo::new(move |_| s.my_side.get());
    let score = move |side: Side| Signal::derive(move || s.view.with(|v| v.scores[side as usize]));
    let seat = move |side: Side| {
        let disconnects = Signal::derive(move || s.disconnects.get()[side as usize]);
        view! { <ScoreBoard side=side score=score(side) tag=s.tags.get()[side as usize] disconnects=disconnects/> }
    };
    view! {
        // One coordinates setting for the board and the menu's switch, in a scope of the
        // room's own (a context on the caller's scope would outlive the room's signal).
        <Provider value=crate::board::coords::CoordsShown::from_storage()>
        <div class=format!("room {class}") class:capture-mode=capture_mode data-testid="room"
            data-bottom=move || bottom.get().letter().to_string()
            data-to-move=move || s.view.with(|v| v.to_move.letter().to_string())
            data-hash=move || position.map(|p| p.get())>
            <div class="capture-veil" aria-hidden="true"></div>
            <RoomHeader
                menu_open=menu_open
                text=s.banner_text
                banner=s.banner
                clock=Signal::derive(move || s.step_left.get().is_some())
                remaining_ms=Signal::derive(move || s.step_left.get().unwrap_or(STEP_TIME_LIMIT_MS))
            />
            {panels.run()}
            <Show when=move || ready.get() fallback=move || before.run()>
                <div class="room-stage">
                    {move || seat(bottom.get().other())}
                    <div class="board-wrap">
                        <Board view=s.view mover=Signal::derive(move || s.view.with(|v| v.to_move))
                            waiting=s.waiting refused=refused formation_key=s.formation_key
                            hint=s.hint on_tap=on_tap/>
                    </div>
                    {move || seat(bottom.get())}
                    {below.run()}
                </div>
            </Show>
            <RoomMenu
                open=menu_open
                can_resign=s.can_resign
                confirm=s.confirm_resign
                leave_resigns=s.leave_resigns
                leave_keeps=s.leave_keeps
                ask_leave=s.ask_leave
                on_resign=s.resign
                on_leave=s.leave
            />
            // The ending appears once there is one: re-run as the source changes.
            {move || ending.run()}
        </div>
        </Provider>
    }
}

/// The heartbeat: one tick a second through the last five seconds of a
/// running step clock, while a person on this device is to move.
fn heartbeat(step_left: Signal<Option<u32>>, my_turn: Signal<bool>) {
    let last = StoredValue::new(u32::MAX);
    Effect::new(move |_| {
        let left = step_left.get();
        let second = heartbeat_second(left, my_turn.get());
        match second {
            Some(second) if last.get_value() != second => {
                last.set_value(second);
                haptics::play(Haptic::Tick);
                sound::play(Sound::Tick);
            }
            Some(_) => {}
            None => last.set_value(u32::MAX),
        }
    });
}

/// The second of the heartbeat `left` ms fall in: 5 down to 1 while it is
/// the player's own running turn, else none.
pub fn heartbeat_second(left: Option<u32>, my_turn: bool) -> Option<u32> {
    let left = left.filter(|&l| my_turn && l > 0)?;
    let second = left.div_ceil(1000);
    (second <= 5).then_some(second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heartbeat_beats_in_the_last_five_seconds_of_one_s_own_turn() {
        assert_eq!(heartbeat_second(Some(5_000), true), Some(5));
        assert_eq!(heartbeat_second(Some(4_001), true), Some(5));
        assert_eq!(heartbeat_second(Some(1), true), Some(1));
        assert_eq!(heartbeat_second(Some(5_001), true), None);
        assert_eq!(heartbeat_second(Some(0), true), None);
        assert_eq!(heartbeat_second(Some(3_000), false), None);
        assert_eq!(heartbeat_second(None, true), None);
    }
}
