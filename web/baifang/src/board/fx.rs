//! The board's moving marks, drawn in a layer over the SVG board: the aiming ring, the
//! breathing targets of a picked-up stone, a formation's ripples and gold outline, the
//! shaking capturable stones, the hint rings and the dragged stone.
//!
//! Why a layer of its own, and why so few animated elements: the browser's main thread
//! services every running animation in every frame it draws, whatever the compositor
//! does, and that cost grows with the number of animated elements (measured in headless
//! Chromium at 4× CPU throttle: twelve breathing elements beside a moving heartbeat took
//! the frame p95 from about 5.5 ms to 9–11 ms, one breathing element to 5–7 ms). So
//! marks that move together are one element: all the shaking stones are one `<svg>` the
//! size of the board, all the glowing targets another, all the hint rings a third; only
//! marks that scale about their own point (the aiming ring, each formation ripple) are an
//! element each. Every animation here changes only transform and opacity, and a drag
//! moves the ghost by a transform, so no frame relays out or repaints the board. The
//! marks take their geometry from the board's ([`point_xy`], [`STEP`], [`EXTENT`]).

use leptos::prelude::*;

use engine::baifang::bitboard::CELLS as POINTS;
use engine::baifang::Side;

use crate::board::geometry::{point_xy, EXTENT, STEP, STONE_R};
use crate::board::motion::{Motion, Owners};
use crate::view_model::{BoardView, PointView};

/// What moves over the board, as the board's own signals.
#[derive(Clone, Copy)]
pub struct FxInputs {
    pub view: Signal<BoardView>,
    pub mover: Signal<Side>,
    /// The empty point the pointer aims at, if it is a legal one.
    pub aim: Signal<Option<u8>>,
    /// The point whose stone is being dragged.
    pub lifted: Memo<Option<u8>>,
    /// Where the dragged stone is, in board units.
    pub drag_at: Signal<Option<(f64, f64)>>,
    pub hint: Signal<Vec<u8>>,
    /// Changes with every action, so a new formation replays its ripple and flash.
    pub formation_key: Signal<usize>,
    /// The last change of the stones (the stones that just left the board, numbered).
    pub motion: Memo<(Owners, Motion)>,
}

/// The layer itself: as large as the board, above it, never in the way of a pointer.
/// `--board-unit` is one board unit as a percentage of the board's width, for the
/// shake's keyframes (baifang.css).
#[component]
pub fn BoardFx(inputs: FxInputs) -> impl IntoView {
    let FxInputs {
        view,
        mover,
        aim,
        lifted,
        drag_at,
        hint,
        formation_key,
        motion,
    } = inputs;
    // The motion whose departing stones have finished fading (then they leave the DOM).
    let faded = RwSignal::new(0u32);
    // Each memo changes only when what it draws does, so a running animation is never
    // restarted by an unrelated change of the snapshot.
    let aimed = Memo::new(move |_| {
        let p = aim
            .get()
            .filter(|&p| view.with(|v| v.points[p as usize].owner.is_none()))?;
        Some((p, mover.get()))
    });
    let targets = Memo::new(move |_| {
        view.with(|v| {
            let picked = v.points.iter().any(|pt| pt.selected);
            points_where(v, |pt| picked && pt.legal)
        })
    });
    let capturable = Memo::new(move |_| {
        view.with(|v| {
            points_where(v, |pt| pt.capturable)
                .into_iter()
                .filter_map(|p| Some((p, v.points[p as usize].owner?)))
                .collect::<Vec<_>>()
        })
    });
    let formation = Memo::new(move |_| {
        let key = formation_key.get();
        view.with(|v| {
            (
                key,
                points_where(v, |pt| pt.formation),
                v.formation_segments.clone(),
            )
        })
    });

    view! {
        <div class="board-fx" aria-hidden="true" style=format!("--board-unit:{:.5}%", percent(1.0))>
            {move || aimed.get().map(|(p, side)| {
                mark(p, "aim", format!("aim-ring aim-{}", side.letter()), STONE_R * 0.5)
            })}
            {move || layer("target", targets.get().into_iter().map(|p| {
                (p, "target-glow".to_string(), STONE_R * 0.42)
            }).collect())}
            {move || formation.with(|(_, stones, segments)| formation_marks(stones, segments))}
            // The board hides its own stone on a capturable point (`.point.capturable
            // .stone`), so the shaking one here is the one seen.
            {move || layer("shake", capturable.get().into_iter().map(|(p, side)| {
                (p, format!("stone stone-{}", side.letter()), STONE_R)
            }).collect())}
            {move || hint_marks(&hint.get())}
            {move || motion.with(|(_, m)| {
                (faded.get() != m.serial).then(|| departing(&m.departures, m.serial, faded)).flatten()
            })}
            {ghost(lifted, drag_at, mover)}
        </div>
    }
}

/// The points whose view passes `keep`, in board order.
fn points_where(v: &BoardView, keep: impl Fn(&PointView) -> bool) -> Vec<u8> {
    (0..POINTS as u8)
        .filter(|&p| keep(&v.points[p as usize]))
        .collect()
}

/// Percent of the board's width per board unit.
fn percent(units: f64) -> f64 {
    units / EXTENT * 100.0
}

/// The style that lays a mark's box (one point's square of the grid, `STEP` units on a
/// side, centred on the point) over point `p`.
fn cell_box(p: u8) -> String {
    let (x, y) = point_xy(p as usize);
    let half = STEP / 2.0;
    let side = percent(STEP);
    format!(
        "left:{:.4}%;top:{:.4}%;width:{side:.4}%;height:{side:.4}%",
        percent(x - half),
        percent(y - half)
    )
}

/// The viewBox of a mark's box: board units with the point at the origin.
fn cell_view_box() -> String {
    let half = STEP / 2.0;
    format!("{} {} {STEP} {STEP}", -half, -half)
}

/// One mark over point `p` that animates on its own (it scales about its point): a box of
/// one grid step holding a circle of radius `r` drawn as `circle_class`. `kind` names its
/// animation (`fx-{kind}` in baifang.css) and its `data-fx` test hook.
fn mark(p: u8, kind: &'static str, circle_class: String, r: f64) -> AnyView {
    view! {
        <svg class=format!("fx fx-{kind}") viewBox=cell_view_box() style=cell_box(p) data-fx=kind>
            <circle class=circle_class r=r/>
        </svg>
    }
    .into_any()
}

/// Marks that animate together, as one element the size of the board: a circle per
/// `(point, class, radius)`. Nothing when there are none.
fn layer(kind: &'static str, circles: Vec<(u8, String, f64)>) -> Option<AnyView> {
    let circles: Vec<_> = circles
        .into_iter()
        .map(|(p, class, r)| {
            let (cx, cy) = point_xy(p as usize);
            view! { <circle class=class cx=cx cy=cy r=r data-point=p/> }
        })
        .collect();
    board_box(kind, circles)
}

/// One box the size of the board, in board units, holding `children` (nothing when there
/// are none); `kind` names its animation and its `data-fx` test hook, as for [`mark`].
fn board_box<V: IntoView + 'static>(kind: &'static str, children: Vec<V>) -> Option<AnyView> {
    (!children.is_empty()).then(|| {
        view! {
            <svg class=format!("fx fx-layer fx-{kind}") viewBox=format!("0 0 {EXTENT} {EXTENT}") data-fx=kind>
                {children}
            </svg>
        }
        .into_any()
    })
}

/// A formation just completed: a ripple from each of its stones and its gold outline
/// flashing, both once.
fn formation_marks(stones: &[u8], segments: &[(u8, u8)]) -> AnyView {
    let ripples = stones
        .iter()
        .map(|&p| mark(p, "ripple", "ripple".into(), STONE_R))
        .collect_view();
    let lines: Vec<_> = segments
        .iter()
        .map(|&(a, b)| {
            let (x1, y1) = point_xy(a as usize);
            let (x2, y2) = point_xy(b as usize);
            view! { <line class="formation-line" x1=x1 y1=y1 x2=x2 y2=y2/> }
        })
        .collect();
    (ripples, board_box("formation", lines)).into_any()
}

/// Dashed rings on the points a hint names, breathing together (nothing without a hint).
fn hint_marks(points: &[u8]) -> Option<AnyView> {
    let rings = layer(
        "hint",
        points
            .iter()
            .map(|&p| (p, "hint-ring".to_string(), STONE_R + 8.0))
            .collect(),
    )?;
    let list = points
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    Some(
        view! { <div class="hint-marks" data-testid="hint-marker" data-points=list>{rings}</div> }
            .into_any(),
    )
}

/// The stones that just left the board (taken, or taken back) shrinking and fading where
/// they stood, once; when the fade ends they leave the DOM. One layer for all of them.
fn departing(gone: &[(u8, Side)], serial: u32, faded: RwSignal<u32>) -> Option<AnyView> {
    let stones = layer(
        "gone",
        gone.iter()
            .map(|&(p, side)| (p, format!("stone stone-{}", side.letter()), STONE_R))
            .collect(),
    )?;
    Some(
        view! {
            <div class="gone-marks" data-testid="stones-gone" data-serial=serial
                on:animationend=move |_| faded.set(serial)>{stones}</div>
        }
        .into_any(),
    )
}

/// The stone under the finger while it is dragged: made once when the drag starts, then
/// moved by a transform alone (no layout, no repaint of the board).
fn ghost(
    lifted: Memo<Option<u8>>,
    drag_at: Signal<Option<(f64, f64)>>,
    mover: Signal<Side>,
) -> impl IntoView {
    // The box starts on point 0's square; a translate by (x - x0, y - y0) board units,
    // as a percentage of the box's own side, carries it under the finger.
    let (x0, y0) = point_xy(0);
    // The box's place is the same for every move; only the translate is written anew.
    let home: std::sync::Arc<str> = cell_box(0).into();
    let transform = move || {
        let (x, y) = drag_at.get().unwrap_or((x0, y0));
        format!(
            "translate({:.3}%, {:.3}%)",
            (x - x0) / STEP * 100.0,
            (y - y0) / STEP * 100.0
        )
    };
    view! {
        <Show when=move || lifted.get().is_some() && drag_at.with(Option::is_some)>
            <svg class="fx fx-ghost" viewBox=cell_view_box()
                style={
                    let home = home.clone();
                    move || format!("{home};transform:{}", transform())
                }
                data-fx="ghost">
                <circle class=move || format!("stone stone-{} drag-ghost", mover.get().letter())
                    r=STONE_R * 1.1/>
            </svg>
        </Show>
    }
}
