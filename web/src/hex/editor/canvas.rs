//! The editor's canvas: the hex lattice as SVG, where a click paints with the
//! current tool (cells, walls on the nearest edge, clues, spinners on the nearest
//! corner), with the necessary walls marked and, on request, two differing
//! solutions or the deduction solver's stuck board drawn over it.

use engine::hex::checks::Verdict;
use engine::hex::coord::{
    corner_toward, direction_toward, edge_angle, hexes_within, spinner_arm_angle, Axial,
};
use leptos::prelude::*;

use super::status::Status;
use super::stuck::stuck_overlay;
use super::toolbar::Tool;
use crate::hex::context::{use_hex, HexCtx};
use crate::hex::pointer::ViewportMap;
use crate::hex::svg::{hex_extent, hex_points, padded, r1, view_box_attr, Rect, SIZE};

/// The view box around `positions`, padded by half a hex (a small default box
/// when there are none).
fn bounds(positions: impl IntoIterator<Item = Axial>) -> Rect {
    hex_extent(positions).map_or((-SIZE * 3.0, -SIZE * 3.0, SIZE * 6.0, SIZE * 6.0), |e| {
        padded(e, 0.5 * SIZE)
    })
}

#[component]
pub fn Canvas(
    tool: RwSignal<Tool>,
    clue_n: RwSignal<u32>,
    fit: RwSignal<bool>,
    status: RwSignal<Status>,
    show_two: RwSignal<bool>,
    show_stuck: RwSignal<bool>,
) -> impl IntoView {
    let ctx = use_hex();
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let view_box = Memo::new(move |_| {
        ctx.editor.with(|h| {
            let d = h.present();
            if fit.get() && !d.cells.is_empty() {
                bounds(d.cells.iter().map(|c| c.pos))
            } else {
                bounds(hexes_within(d.lattice_radius()))
            }
        })
    });
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(el) = svg_ref.get_untracked() else {
            return;
        };
        let map = ViewportMap::of_element(el.as_ref(), view_box.get_untracked());
        let p = map.to_board(ev.client_x() as f64, ev.client_y() as f64);
        paint(ctx, tool.get_untracked(), clue_n.get_untracked(), p);
    };
    view! {
        <svg
            class="editor-board"
            data-testid="editor-board"
            node_ref=svg_ref
            viewBox=move || view_box_attr(view_box.get())
            preserveAspectRatio="xMidYMid meet"
            on:click=on_click
        >
            <g class="editor-hexes">{hexes(ctx)}</g>
            <g class="editor-edges">{move || edges(ctx, status)}</g>
            <g class="editor-spinners">{move || spinners(ctx)}</g>
            <g class="editor-overlay">{move || show_two.get().then(|| two_solutions(ctx, status))}</g>
            <g class="editor-overlay">{move || show_stuck.get().then(|| stuck_overlay(ctx, status))}</g>
        </svg>
    }
}

/// A click at board point `p` with `tool`: one edit of the draft.
fn paint(ctx: HexCtx, tool: Tool, clue: u32, p: (f64, f64)) {
    let pos = Axial::from_pixel(p.0, p.1, SIZE);
    let centre = pos.to_pixel(SIZE);
    let (dx, dy) = (p.0 - centre.0, p.1 - centre.1);
    let radius = ctx.editor.with_untracked(|h| h.present().lattice_radius());
    if pos.distance(Axial::new(0, 0)) > radius {
        return;
    }
    // a no-op edit (e.g. a wall click off the board) notifies nobody
    ctx.editor.maybe_update(|h| {
        h.edit(|d| match tool {
            Tool::Cell => d.toggle_cell(pos),
            Tool::Wall => {
                d.toggle_wall(pos, pos.neighbor(direction_toward(dx, dy)));
            }
            Tool::Clue => d.toggle_clue(pos, clue),
            Tool::Spinner => d.cycle_spinner(pos, corner_toward(dx, dy) as u8),
        })
    });
}

/// Every lattice hex, painted or not; keyed by everything drawn, so an edit
/// re-renders only the hexes it changed.
fn hexes(ctx: HexCtx) -> impl IntoView {
    let items = move || {
        ctx.editor.with(|h| {
            let d = h.present();
            hexes_within(d.lattice_radius())
                .into_iter()
                .map(|pos| {
                    let cell = d.cell(pos);
                    (pos, cell.map(|c| c.id.clone()), cell.and_then(|c| c.clue))
                })
                .collect::<Vec<_>>()
        })
    };
    let face = hex_points(SIZE * 0.93);
    let hex_view = move |(pos, id, clue): (Axial, Option<String>, Option<u32>)| {
        let (x, y) = pos.to_pixel(SIZE);
        view! {
            <g
                class="editor-hex"
                class:is-painted=id.is_some()
                class:has-clue=clue.is_some()
                data-testid=format!("editor-cell-{}-{}", pos.q, pos.r)
                data-id=id.unwrap_or_default()
                data-clue=clue.map(|c| c.to_string()).unwrap_or_default()
                transform=format!("translate({} {})", r1(x), r1(y))
            >
                <polygon points=face.clone()/>
                <text text-anchor="middle" dominant-baseline="central">
                    {clue.map(|c| c.to_string()).unwrap_or_default()}
                </text>
            </g>
        }
    };
    view! { <For each=items key=|item| item.clone() children=hex_view/> }
}

/// Every edge between two painted cells: a wall or a place for one; walls the
/// last check found necessary are marked.
fn edges(ctx: HexCtx, status: RwSignal<Status>) -> impl IntoView {
    let necessary: Vec<(String, String)> = status.with(|s| match s {
        Status::Report(r) => r
            .necessary_walls
            .iter()
            .filter(|w| w.necessary == Verdict::Yes)
            .map(|w| {
                if w.a <= w.b {
                    (w.a.clone(), w.b.clone())
                } else {
                    (w.b.clone(), w.a.clone())
                }
            })
            .collect(),
        _ => Vec::new(),
    });
    ctx.editor.with(|h| {
        let d = h.present();
        d.edges()
            .into_iter()
            .filter_map(|(a, b)| {
                let (ia, ib) = d.edge_ids(a, b)?;
                let wall = d.has_wall(a, b);
                let dir = a.direction_to(b)?;
                let (mx, my) = a.edge_midpoint_pixel(dir, SIZE);
                let is_necessary = wall && necessary.contains(&(ia.clone(), ib.clone()));
                Some(view! {
                    <g
                        class="editor-edge"
                        class:is-wall=wall
                        class:is-necessary=is_necessary
                        data-testid=format!("editor-edge-{ia}-{ib}")
                        data-wall=wall.to_string()
                        transform=format!("translate({} {}) rotate({})", r1(mx), r1(my), edge_angle(dir))
                    >
                        <rect x=r1(-SIZE * 0.42) y=r1(-SIZE * 0.1) width=r1(SIZE * 0.84) height=r1(SIZE * 0.2) rx="3"/>
                    </g>
                })
            })
            .collect_view()
    })
}

/// Every spinner, drawn on the candidate its phase names.
fn spinners(ctx: HexCtx) -> impl IntoView {
    ctx.editor.with(|h| {
        let d = h.present();
        d.spinners
            .iter()
            .filter_map(|s| {
                let id = d.cell(s.pos)?.id.clone();
                let (px, py) = s.pos.corner_pixel(s.corner as usize, SIZE);
                let angle = spinner_arm_angle(s.corner as usize, s.phase as i64);
                Some(view! {
                    <g
                        class="editor-spinner"
                        data-testid=format!("editor-spinner-{id}-{}", s.corner)
                        data-phase=s.phase.to_string()
                        transform=format!("translate({} {})", r1(px), r1(py))
                    >
                        <rect x="0" y=r1(-SIZE * 0.1) width=r1(SIZE * 0.9) height=r1(SIZE * 0.2) rx="3"
                            transform=format!("rotate({angle})")/>
                        <circle r=r1(SIZE * 0.15)/>
                    </g>
                })
            })
            .collect_view()
    })
}

/// The report's two differing solutions as lines through the cell centres.
fn two_solutions(ctx: HexCtx, status: RwSignal<Status>) -> impl IntoView {
    let (a, b) = status.with(|s| match s {
        Status::Report(r) => (r.solution.clone(), r.other_solution.clone()),
        _ => (None, None),
    });
    let points = |ids: Option<Vec<String>>| {
        ctx.editor.with_untracked(|h| {
            let d = h.present();
            ids.unwrap_or_default()
                .iter()
                .filter_map(|id| d.cells.iter().find(|c| &c.id == id))
                .map(|c| {
                    let (x, y) = c.pos.to_pixel(SIZE);
                    format!("{},{}", r1(x), r1(y))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let (pa, pb) = (points(a), points(b));
    view! {
        <polyline class="editor-solution sol-a" data-testid="editor-solution-a" points=pa/>
        <polyline class="editor-solution sol-b" data-testid="editor-solution-b" points=pb/>
    }
}
