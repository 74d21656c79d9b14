//! The 5×5 board: draws a [`BoardView`] in SVG and reports taps.
//!
//! Like chessground, the board knows no rules. It maps pointer positions to point
//! indices, tracks the aim and the drag, and calls `on_tap` when a press or release
//! lands on a point; the room asks the engine what that means.
//!
//! The SVG holds what stands still: grid, stones, focus ring, veil. What moves (the
//! aiming ring, breathing targets, formation ripples and flash, the capture shake, hint
//! rings, the dragged stone) is drawn by [`BoardFx`] in a layer over it, so that a frame
//! services few animations and never repaints the board (`fx.rs` says why).
//!
//! By keyboard the board is a grid of 25 cells with one focus ring: the arrows
//! move it, Enter or Space tap the focused point, Escape taps the picked-up stone
//! (which puts it down again); Tab leaves the board. Each point is labelled with
//! its coordinates and what the snapshot says is on it.

pub mod coords;
pub mod fx;
pub mod geometry;
pub mod motion;
pub mod tap;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use engine::baifang::bitboard::{CELLS as POINTS, N as SIDE};
use engine::baifang::Side;

use crate::board::coords::{edge_labels, CoordsShown};
use crate::board::fx::{BoardFx, FxInputs};
use crate::board::geometry::{point_at, point_xy, EXTENT, HIT_R, MARGIN, STEP, STONE_R};
use crate::board::motion::{Arrival, Motion, Owners};
use crate::strings::point_label;
use crate::view_model::{BoardView, LastStep};
use web_core::i18n::{use_lang, Lang};

/// Pointer travel (in SVG units) before a press on a stone becomes a drag.
const DRAG_SLOP: f64 = 10.0;
/// Offset of the loop-lock badge from the stone's centre (right and up), so it
/// sits on the stone's shoulder, clear of the shield's padlock at the centre.
const LOOP_BADGE: f64 = STONE_R * 0.65;

/// A press in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    /// Where the press started.
    origin: u8,
    /// The press itself picked up the stone at `origin` (so its release must not put it down).
    picked_now: bool,
    start: (f64, f64),
    /// The press became a drag of the stone at `origin` (its position is a signal of its own).
    dragging: bool,
    /// The board's client rectangle when the press began: read once, so a move never
    /// asks the browser for layout in the middle of a drag.
    rect: ClientRect,
}

/// How each stone that appears comes in: the motion between the last two boards, less
/// the slide of a stone the player has just dropped by hand (it is already there).
#[derive(Clone, Copy)]
struct Arrivals {
    motion: Memo<(Owners, Motion)>,
    /// The point a drag just dropped a stone on (a signal type the board already has,
    /// read and written untracked: each new reactive type costs the module its code).
    dropped: RwSignal<Option<u8>>,
}

impl Arrivals {
    fn new(view: Signal<BoardView>) -> Arrivals {
        // Equal to the last value while no stone changed, so nothing downstream reruns.
        let motion = Memo::new(move |previous: Option<&(Owners, Motion)>| {
            let after = view.with(|v| v.points.map(|p| p.owner));
            match previous {
                // The first board (a game resumed, a review opened) comes in still.
                None => (after, Motion::default()),
                Some((before, _)) if *before == after => previous.cloned().unwrap_or_default(),
                Some((before, last)) => (after, Motion::between(before, &after, last.serial)),
            }
        });
        Arrivals {
            motion,
            dropped: RwSignal::new(None),
        }
    }

    /// How the stone appearing on `p` comes in (read once, as it appears).
    fn of(self, p: u8) -> Option<Arrival> {
        let how = self.motion.with_untracked(|(_, m)| m.arrival(p))?;
        if matches!(how, Arrival::From(_)) && self.dropped.get_untracked() == Some(p) {
            self.dropped.set(None);
            return None;
        }
        Some(how)
    }
}

/// A client rectangle: left, top, width, height (CSS pixels).
type ClientRect = (f64, f64, f64, f64);

/// The client rectangle of the element the event is on (`None` if it has no size).
fn board_rect(ev: &web_sys::PointerEvent) -> Option<ClientRect> {
    let target = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
    let r = target.get_bounding_client_rect();
    (r.width() > 0.0 && r.height() > 0.0).then(|| (r.left(), r.top(), r.width(), r.height()))
}

/// The event's position in board (SVG) units, on a board laid out at `rect`.
fn svg_coords(ev: &web_sys::PointerEvent, (left, top, w, h): ClientRect) -> (f64, f64) {
    (
        (ev.client_x() as f64 - left) / w * EXTENT,
        (ev.client_y() as f64 - top) / h * EXTENT,
    )
}

/// Shakes point `p` as refused, numbered after the last refusal so the same point
/// shakes again (the `refused` signal a [`Board`] takes).
pub fn shake(refused: RwSignal<Option<(u8, u32)>>, p: u8) {
    refused.update(|r| *r = Some((p, r.map_or(0, |(_, n)| n + 1))));
}

/// `mover` colours the aiming ring; `refused` names a point to shake gently
/// (with a counter so the same point can shake twice); `waiting` lays the 10 %
/// veil over the board while this device must wait.
#[component]
pub fn Board(
    #[prop(into)] view: Signal<BoardView>,
    #[prop(into)] mover: Signal<Side>,
    #[prop(into)] waiting: Signal<bool>,
    #[prop(into)] refused: Signal<Option<(u8, u32)>>,
    #[prop(into)] formation_key: Signal<usize>,
    /// Points the hint marks (empty: no hint shown).
    #[prop(into)]
    hint: Signal<Vec<u8>>,
    on_tap: Callback<u8>,
) -> impl IntoView {
    let aim = RwSignal::new(None::<u8>);
    let press = RwSignal::new(None::<Press>);
    // Where the dragged stone is: the one thing a pointer move of a drag changes.
    let drag_at = RwSignal::new(None::<(f64, f64)>);
    // The point whose stone is lifted, changing only when a drag starts or ends.
    let lifted = Memo::new(move |_| press.with(|p| p.filter(|p| p.dragging).map(|p| p.origin)));
    let lang = use_lang();
    // The point the keyboard focus ring is on (the centre until the arrows move it).
    let focus = RwSignal::new((POINTS / 2) as u8);
    let on_key = key_handler(focus, view, on_tap);
    let arrivals = Arrivals::new(view);
    let coords = CoordsShown::current().0;

    let on_down = move |ev: web_sys::PointerEvent| {
        if !ev.is_primary() {
            return;
        }
        let Some(rect) = board_rect(&ev) else {
            return;
        };
        let (x, y) = svg_coords(&ev, rect);
        let Some(p) = point_at(x, y) else { return };
        if let Some(target) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            // Keep receiving moves and the release even if the finger leaves the board.
            let _ = target.set_pointer_capture(ev.pointer_id());
        }
        ev.prevent_default();
        let point = view.with_untracked(|v| v.points[p as usize]);
        let picked_now = point.pickable && !point.selected;
        if picked_now {
            on_tap.run(p);
        }
        if point.legal {
            aim.set(Some(p));
        }
        press.set(Some(Press {
            origin: p,
            picked_now,
            start: (x, y),
            dragging: false,
            rect,
        }));
    };

    let on_move = move_handler(view, aim, press, drag_at);

    let on_up = release_handler(press, drag_at, aim, arrivals.dropped, on_tap);

    let on_leave = move |_ev: web_sys::PointerEvent| {
        if press.get_untracked().is_none() {
            aim.set(None);
        }
    };
    let on_cancel = move |_ev: web_sys::PointerEvent| {
        press.set(None);
        drag_at.set(None);
        aim.set(None);
    };

    let fx = FxInputs {
        view,
        mover,
        aim: aim.into(),
        lifted,
        drag_at: drag_at.into(),
        hint,
        formation_key,
        motion: arrivals.motion,
    };

    view! {
        <div class="board-frame">
            <svg
                class="board"
                class:waiting=waiting
                class:capture-mode=move || view.with(|v| v.capture_mode)
                data-testid="board"
                viewBox=format!("0 0 {EXTENT} {EXTENT}")
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=on_up
                on:pointerleave=on_leave
                on:pointercancel=on_cancel
                on:keydown=on_key
                role="grid"
                aria-label=move || match lang.get() { Lang::Zh => "棋盘 5×5", Lang::En => "Board, 5 by 5" }
            >
                <rect class="board-face" x=0 y=0 width=EXTENT height=EXTENT rx=24/>
                <g class="grid">{grid()}</g>
                <Show when=move || coords.get()>{edge_labels()}</Show>
                {move || view.with(|v| v.last_step).map(last_step_marks)}
                <g class="points">{points(view, refused, lifted, focus, lang, arrivals)}</g>
                <rect class="wait-veil" x=0 y=0 width=EXTENT height=EXTENT rx=24/>
            </svg>
            <BoardFx inputs=fx/>
        </div>
    }
}

/// Arrow keys move the focus ring over the points; Enter/Space tap the focused
/// point; Escape puts a picked-up stone down (a tap on it, which the room decides).
fn key_handler(
    focus: RwSignal<u8>,
    view: Signal<BoardView>,
    on_tap: Callback<u8>,
) -> impl Fn(web_sys::KeyboardEvent) + Clone + 'static {
    move |ev: web_sys::KeyboardEvent| {
        let at = focus.get_untracked() as usize;
        let (col, row) = (at % SIDE, at / SIDE);
        let moved = match ev.key().as_str() {
            "ArrowLeft" if col > 0 => Some(at - 1),
            "ArrowRight" if col + 1 < SIDE => Some(at + 1),
            "ArrowUp" if row > 0 => Some(at - SIDE),
            "ArrowDown" if row + 1 < SIDE => Some(at + SIDE),
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => Some(at),
            "Enter" | " " => {
                on_tap.run(at as u8);
                None
            }
            "Escape" => {
                // Putting the picked-up stone down is a tap on it (the room decides).
                if let Some(p) = view.with_untracked(|v| v.points.iter().position(|pt| pt.selected))
                {
                    on_tap.run(p as u8);
                }
                None
            }
            _ => return,
        };
        ev.prevent_default();
        if let Some(p) = moved {
            focus.set(p as u8);
            focus_point(p);
        }
    }
}

/// A move writes only what it changes: the aim when the point under the finger
/// changes, the drag once when it starts, then the dragged stone's position.
fn move_handler(
    view: Signal<BoardView>,
    aim: RwSignal<Option<u8>>,
    press: RwSignal<Option<Press>>,
    drag_at: RwSignal<Option<(f64, f64)>>,
) -> impl Fn(web_sys::PointerEvent) + Clone + 'static {
    move |ev: web_sys::PointerEvent| {
        let current = press.get_untracked();
        let Some(rect) = current.map(|p| p.rect).or_else(|| board_rect(&ev)) else {
            return;
        };
        let (x, y) = svg_coords(&ev, rect);
        let under = point_at(x, y);
        let legal_under = under.filter(|p| view.with_untracked(|v| v.points[*p as usize].legal));
        if aim.get_untracked() != legal_under {
            aim.set(legal_under);
        }
        if let Some(current) = current {
            let selected = view.with_untracked(|v| v.points[current.origin as usize].selected);
            let travelled = (x - current.start.0).hypot(y - current.start.1);
            if selected && (current.dragging || travelled > DRAG_SLOP) {
                if !current.dragging {
                    press.set(Some(Press {
                        dragging: true,
                        ..current
                    }));
                }
                drag_at.set(Some((x, y)));
            }
        }
    }
}

/// A release: a tap on the point under it, unless it ends the press that picked
/// the stone up or a drag that came back home.
fn release_handler(
    press: RwSignal<Option<Press>>,
    drag_at: RwSignal<Option<(f64, f64)>>,
    aim: RwSignal<Option<u8>>,
    dropped: RwSignal<Option<u8>>,
    on_tap: Callback<u8>,
) -> impl Fn(web_sys::PointerEvent) + Clone + 'static {
    move |ev: web_sys::PointerEvent| {
        let released = press.get_untracked();
        dropped.set(None);
        press.set(None);
        drag_at.set(None);
        if ev.pointer_type() != "mouse" {
            aim.set(None);
        }
        let Some(released) = released else { return };
        let (x, y) = svg_coords(&ev, released.rect);
        let Some(p) = point_at(x, y) else { return };
        if p == released.origin && released.picked_now {
            return;
        }
        if p == released.origin && released.dragging {
            // A drag that came back home puts nothing down and keeps the selection.
            return;
        }
        if released.dragging {
            // The stone is already under the finger: it must not slide there again.
            dropped.set(Some(p));
        }
        on_tap.run(p);
    }
}

/// The lines of the grid.
fn grid() -> impl IntoView {
    (0..SIDE)
        .flat_map(|i| {
            let along = MARGIN + STEP * i as f64;
            let end = EXTENT - MARGIN;
            [(MARGIN, along, end, along), (along, MARGIN, along, end)]
        })
        .map(|(x1, y1, x2, y2)| view! { <line class="grid-line" x1=x1 y1=y1 x2=x2 y2=y2/> })
        .collect_view()
}

/// A stone as it appears on point `p`: sliding in from the point it left (a transform
/// from there to here, baifang.css's `stone-slide`), dropping in if it was placed, or
/// still (the first board, a stone dropped by hand).
fn arriving_stone(
    p: usize,
    arrival: Option<Arrival>,
    owner: impl Fn() -> String + Send + Sync + 'static,
    dragging: impl Fn() -> bool + Send + Sync + 'static,
) -> impl IntoView {
    let (cx, cy) = point_xy(p);
    let (how, style) = match arrival {
        Some(Arrival::From(from)) => {
            let (fx, fy) = point_xy(from as usize);
            (
                " arrive-slide",
                // Whole board units, so no float formatting is linked in for it.
                format!(
                    "--slide-x: {}px; --slide-y: {}px",
                    (fx - cx) as i32,
                    (fy - cy) as i32
                ),
            )
        }
        Some(Arrival::Placed) => (" arrive-drop", String::new()),
        None => ("", String::new()),
    };
    view! {
        <circle
            class=move || format!("stone stone-{}{how}", owner())
            class:lifted=dragging
            style=style
            cx=cx cy=cy r=STONE_R
        />
    }
}

/// The last placement or step: a ring round the stone that arrived and, for a step, a
/// small ring on the point it left.
fn last_step_marks(step: LastStep) -> impl IntoView {
    let (tx, ty) = point_xy(step.to as usize);
    let from = step.from.map(|from| {
        let (fx, fy) = point_xy(from as usize);
        view! { <circle class="last-from" data-testid="last-from" data-point=from cx=fx cy=fy r=STONE_R * 0.3/> }
    });
    view! {
        <g class="last-step">
            {from}
            <circle class="last-to" data-testid="last-to" data-point=step.to cx=tx cy=ty r=STONE_R + 7.0/>
        </g>
    }
}

/// Moves keyboard focus to point `p`'s cell.
fn focus_point(p: usize) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("[data-testid=\"point-{p}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::SvgElement>().ok());
    if let Some(el) = el {
        let _ = el.focus();
    }
}

/// Every point, row by row (the grid's rows for screen readers): its hit area,
/// the keyboard focus ring, and its stone.
fn points(
    view: Signal<BoardView>,
    refused: Signal<Option<(u8, u32)>>,
    lifted: Memo<Option<u8>>,
    focus: RwSignal<u8>,
    lang: RwSignal<Lang>,
    arrivals: Arrivals,
) -> impl IntoView {
    (0..SIDE)
        .map(|row| {
            let cells = (row * SIDE..(row + 1) * SIDE)
                .map(|p| point(p, view, refused, lifted, focus, lang, arrivals))
                .collect_view();
            view! { <g role="row">{cells}</g> }
        })
        .collect_view()
}

/// One point of [`points`].
fn point(
    p: usize,
    view: Signal<BoardView>,
    refused: Signal<Option<(u8, u32)>>,
    lifted: Memo<Option<u8>>,
    focus: RwSignal<u8>,
    lang: RwSignal<Lang>,
    arrivals: Arrivals,
) -> impl IntoView {
    let (cx, cy) = point_xy(p);
    let pv = move || view.with(|v| v.points[p]);
    let owner = move || pv().owner.map_or(String::new(), |s| s.letter().to_string());
    let class = move || {
        let v = pv();
        let mut class = format!("point {}", v.flags());
        if let Some((at, n)) = refused.get() {
            if at as usize == p {
                // Alternate two identical animations so a repeated refusal replays.
                class.push_str(if n % 2 == 0 {
                    " refused-a"
                } else {
                    " refused-b"
                });
            }
        }
        if v.pickable {
            class.push_str(" pickable");
        }
        class
    };
    let dragging = move || lifted.get() == Some(p as u8);
    view! {
        <g
            data-testid=format!("point-{p}")
            data-owner=owner
            data-flags=move || pv().flags()
            class=class
            style=format!("transform-origin: {cx}px {cy}px")
            role="gridcell"
            tabindex=move || if focus.get() as usize == p { "0" } else { "-1" }
            aria-label=move || point_label(p, &pv(), lang.get())
            on:focus=move |_| focus.set(p as u8)
        >
            <circle class="hit" cx=cx cy=cy r=HIT_R/>
            <circle class="focus-ring" cx=cx cy=cy r=HIT_R - 2.0/>
            <Show when=move || pv().owner.is_some()>
                {arriving_stone(p, arrivals.of(p as u8), owner, dragging)}
                <g class="lock-glyph" transform=format!("translate({cx} {cy})")>
                    <rect x=-9 y=-3 width=18 height=14 rx=3/>
                    <path d="M -5 -3 V -8 a 5 5 0 0 1 10 0 V -3" fill="none"/>
                </g>
                // A standing anti-looping lock: a circular-arrow badge on the stone's
                // shoulder, apart from the shield's padlock at its centre.
                <g class="loop-glyph" transform=format!("translate({} {})", cx + LOOP_BADGE, cy - LOOP_BADGE)>
                    <circle r=11/>
                    <path d="M 5.2 3 A 6 6 0 1 1 4.2 -4.3"/>
                    <path class="loop-arrow" d="M 6.5 -8 L 4.2 -4.3 L 0.2 -5.6"/>
                </g>
            </Show>
        </g>
    }
}
