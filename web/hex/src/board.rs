//! The Hex Stroke board as SVG: draws a [`BoardModel`] and a [`BoardState`] and, if
//! given a [`PointerSink`], reports pointer input already mapped to board
//! coordinates. It knows no rules: cells are coloured from the state it is handed.
//!
//! Transient effects (pops, flashes) are played by `feedback.rs` on the elements
//! marked `data-fx="c{cell}"`, `"r{cell}"` (clue ring flash), `"w{wall}"`, `"s{spinner}"`,
//! and the bump's shake on `"h{cell}"` (tile and number), `"ws{wall}"`, `"ss{spinner}"`.

use std::sync::Arc;

use engine::hex::coord::{spinner_arm_angle, SQRT3};
use leptos::prelude::*;
use leptos::reactive::effect::ImmediateEffect;

use crate::board_model::{BoardModel, BoardState, CellLook};
use crate::cell_words::{self, CellFacts};
use crate::pointer::{DragTracker, PointerInput, PointerSink};
use crate::strings::Text;
use crate::svg::{hex_points, r1, SIZE};
use web_core::i18n::Lang;

/// Cells are drawn a little smaller than the lattice so tiles read as separate.
const CELL_SCALE: f64 = 0.93;
/// Clue outline, as a fraction of the hex.
const RING_SCALE: f64 = 0.74;
/// Walls: length along the shared edge and thickness across it.
const WALL_LEN: f64 = 0.98 * SIZE;
const WALL_THICK: f64 = 0.24 * SIZE;
/// The short line drawn across a shared edge for each step, as a fraction of the
/// centre-to-centre distance, centred on the edge.
const LINK_FRACTION: f64 = 0.42;

#[component]
pub fn Board(
    model: Arc<BoardModel>,
    #[prop(into)] state: Signal<BoardState>,
    #[prop(into)] colour_blind: Signal<bool>,
    #[prop(optional)] on_pointer: Option<PointerSink>,
) -> impl IntoView {
    let drag = StoredValue::new_local(DragTracker::default());
    let lang = web_core::i18n::use_lang();
    let view_box = model.view_box;
    let on_pointer_set = on_pointer.is_some();
    let send = move |input: Option<PointerInput>| {
        if let (Some(sink), Some(input)) = (&on_pointer, input) {
            sink(input);
        }
    };
    let on_down = {
        let send = send.clone();
        move |ev: web_sys::PointerEvent| {
            if on_pointer_set {
                send(drag.try_update_value(|d| d.down(&ev, view_box)).flatten());
            }
        }
    };
    let on_move = {
        let send = send.clone();
        move |ev: web_sys::PointerEvent| send(drag.with_value(|d| d.moved(&ev)))
    };
    let end =
        move |ev: web_sys::PointerEvent| send(drag.try_update_value(|d| d.end(&ev)).flatten());
    let end2 = end.clone();
    let end3 = end.clone();

    view! {
        <svg
            class="hex-board"
            class:is-cleared=move || state.with(|s| s.cleared)
            class:walls-cb=move || colour_blind.get()
            data-testid="hex-board"
            tabindex=on_pointer_set.then_some("0")
            role="group"
            aria-label=move || board_label(lang.get(), on_pointer_set)
            data-cleared=move || state.with(|s| s.cleared.to_string())
            viewBox=model.view_box_attr()
            preserveAspectRatio="xMidYMid meet"
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=end
            on:pointercancel=end2
            on:lostpointercapture=end3
        >
            <defs>
                <pattern id="hex-stripes" patternUnits="userSpaceOnUse" width="12" height="12" patternTransform="rotate(45)">
                    <rect class="stripe-light" width="12" height="12"/>
                    <rect class="stripe-dark" width="6" height="12"/>
                </pattern>
            </defs>
            <g class="hex-cells">{cells(&model, state, lang)}</g>
            <g class="hex-links">{links(model.clone(), state)}</g>
            <g class="hex-walls">{walls(&model)}</g>
            <g class="hex-spinners">{spinners(&model, state)}</g>
        </svg>
    }
}

/// The board's name for screen readers, with its keys when it can be played.
fn board_label(lang: Lang, playable: bool) -> &'static str {
    let text = if playable {
        Text::HexBoardKeys
    } else {
        Text::HexBoardName
    };
    text.in_lang(lang)
}

/// What a screen reader says for a cell: its id, clue, step, and the sides that
/// carry a wall.
fn cell_label(model: &BoardModel, i: usize, step: Option<usize>, lang: Lang) -> String {
    let c = &model.cells[i];
    let walls = model
        .walls
        .iter()
        .filter_map(|w| match (w.a == i, w.b == i) {
            (true, _) => Some(w.b),
            (_, true) => Some(w.a),
            _ => None,
        })
        .filter_map(|other| (0..6).find(|&d| c.pos.neighbor(d) == model.cells[other].pos))
        .fold(0u8, |mask, d| mask | 1 << d);
    let facts = CellFacts {
        at: None,
        id: Some(c.id.clone()),
        clue: c.clue,
        step,
        walls,
    };
    cell_words::cell_label(&facts, lang)
}

/// Every cell: its face, the clue outline, and its step or clue number.
///
/// Each cell reads its own [`CellLook`] signal. One effect compares the new state's
/// looks with the drawn ones and sets only those that differ, so a step rewrites the
/// two or three cells it touches instead of waking a closure per cell.
fn cells(
    model: &Arc<BoardModel>,
    state: Signal<BoardState>,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let looks: Vec<RwSignal<CellLook>> = state.with_untracked(|s| {
        (0..model.cells.len())
            .map(|i| RwSignal::new(s.cell_look(i)))
            .collect()
    });
    let drawn = looks.clone();
    ImmediateEffect::new_scoped(move || {
        state.with(|s| {
            for (i, look) in drawn.iter().enumerate() {
                let next = s.cell_look(i);
                if look.get_untracked() != next {
                    look.set(next);
                }
            }
        })
    });
    let shared = model.clone();
    let face = hex_points(SIZE * CELL_SCALE);
    let ring = hex_points(SIZE * RING_SCALE);
    let hint_ring = hex_points(SIZE * (CELL_SCALE - 0.06));
    model
        .cells
        .iter()
        .zip(looks)
        .enumerate()
        .map(|(i, (c, look))| {
            let clue = c.clue;
            let label = move || match look.with(|l| l.step) {
                Some(step) => step.to_string(),
                None => clue.map(|v| v.to_string()).unwrap_or_default(),
            };
            let ring_view = clue.map(|_| {
                view! {
                    <polygon class="hex-clue-ring" points=ring.clone()/>
                    <polygon class="hex-clue-flash" data-fx=format!("r{i}") points=ring.clone()/>
                }
            });
            let m = shared.clone();
            // The pop scales the tile only: the number sits outside the scaled group, so a
            // pop never makes the browser lay its text out again on every frame.
            view! {
                <g
                    class="hex-cell"
                    class:has-clue=clue.is_some()
                    class:is-cursor=move || look.with(|l| l.cursor)
                    role="img"
                    aria-label=move || cell_label(&m, i, look.with(|l| l.step), lang.get())
                    data-testid=format!("hex-cell-{}", c.id)
                    data-state=move || look.with(|l| l.state.as_str())
                    data-step=move || look.with(|l| l.step.map(|s| s.to_string()).unwrap_or_default())
                    data-reason=move || look.with(|l| l.in_reason.then_some("true"))
                    style=move || look.with(|l| l.step.map(|s| format!("--s: {s}")))
                    transform=format!("translate({} {})", r1(c.center.0), r1(c.center.1))
                >
                    <g class="hex-shake" data-fx=format!("h{i}")>
                        <g class="hex-body" data-fx=format!("c{i}")>
                            <polygon class="hex-face" points=face.clone()/>
                            <polygon class="hex-hint-ring" points=hint_ring.clone()/>
                            <polygon class="hex-reason-ring" points=hint_ring.clone()/>
                            {ring_view}
                        </g>
                        <text class="hex-num" text-anchor="middle" dominant-baseline="central">{label}</text>
                    </g>
                </g>
            }
        })
        .collect_view()
}

/// The path: a short line across each shared edge it steps over, in order.
fn links(model: Arc<BoardModel>, state: Signal<BoardState>) -> impl IntoView {
    let steps = move || {
        state.with(|s| {
            s.path
                .windows(2)
                .enumerate()
                .map(|(k, w)| (k, w[0], w[1]))
                .collect::<Vec<_>>()
        })
    };
    let half = LINK_FRACTION * SQRT3 * SIZE / 2.0;
    view! {
        <For each=steps key=|l| *l let:l>
            {
                let ((mx, my), (ux, uy)) = model.link(l.1, l.2);
                view! {
                    <line
                        class="hex-link"
                        style=format!("--i: {}", l.0)
                        x1=r1(mx - half * ux)
                        y1=r1(my - half * uy)
                        x2=r1(mx + half * ux)
                        y2=r1(my + half * uy)
                    />
                }
            }
        </For>
    }
}

fn walls(model: &BoardModel) -> impl IntoView {
    model
        .walls
        .iter()
        .enumerate()
        .map(|(k, w)| {
            let (a, b) = (&model.cells[w.a].id, &model.cells[w.b].id);
            view! {
                <g
                    class="hex-wall"
                    data-testid=format!("hex-wall-{a}-{b}")
                    transform=format!("translate({} {}) rotate({})", r1(w.mid.0), r1(w.mid.1), r1(w.angle))
                >
                    <g data-fx=format!("ws{k}")>
                        <WallShape x=-WALL_LEN / 2.0 fx=format!("w{k}")/>
                    </g>
                </g>
            }
        })
        .collect_view()
}

/// Each spinner turned onto the candidate edge the engine says it blocks.
fn spinners(model: &BoardModel, state: Signal<BoardState>) -> impl IntoView {
    model
        .spinners
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let corner = s.corner as usize;
            let angle = move || {
                state.with(|st| st.spinner_turns.get(k).map_or(0.0, |&t| spinner_arm_angle(corner, t)))
            };
            let candidate = move || {
                state.with(|st| st.spinner_candidates.get(k).map(|c| c.to_string()).unwrap_or_default())
            };
            view! {
                <g
                    class="hex-spinner"
                    data-testid=format!("hex-spinner-{}-{}", model.cells[s.cell].id, s.corner)
                    data-candidate=candidate
                    transform=format!("translate({} {})", r1(s.pivot.0), r1(s.pivot.1))
                >
                    <g data-fx=format!("ss{k}")>
                        <g class="spinner-arm" style=move || format!("transform: rotate({}deg)", r1(angle()))>
                            <WallShape x=0.0 fx=format!("s{k}")/>
                        </g>
                        <circle class="spinner-pivot" r=r1(WALL_THICK * 0.62)/>
                    </g>
                </g>
            }
        })
        .collect_view()
}

/// A wall bar lying along +x from `x` (local coordinates), in both styles: yellow-black
/// stripes, and for colour-blind players a thick black bar with a gap in the middle.
/// The flash overlay (`data-fx`) is white and normally transparent.
#[component]
fn WallShape(x: f64, fx: String) -> impl IntoView {
    let t = WALL_THICK;
    let gap = 0.16 * WALL_LEN;
    let piece = (WALL_LEN - gap) / 2.0;
    let cb_t = t * 1.25;
    view! {
        <rect class="wall-stripes" x=r1(x) y=r1(-t / 2.0) width=r1(WALL_LEN) height=r1(t) rx=r1(t * 0.25) fill="url(#hex-stripes)"/>
        <g class="wall-cb">
            <rect x=r1(x) y=r1(-cb_t / 2.0) width=r1(piece) height=r1(cb_t) rx=r1(cb_t * 0.2)/>
            <rect x=r1(x + piece + gap) y=r1(-cb_t / 2.0) width=r1(piece) height=r1(cb_t) rx=r1(cb_t * 0.2)/>
        </g>
        <rect class="wall-flash" data-fx=fx x=r1(x - 2.0) y=r1(-cb_t / 2.0 - 2.0) width=r1(WALL_LEN + 4.0) height=r1(cb_t + 4.0) rx=r1(t * 0.3)/>
    }
}
