//! The editor's canvas: the hex lattice as SVG, where a click paints with the
//! current tool (cells, walls on the nearest edge, clues, spinners on the nearest
//! corner), with the necessary walls marked and, on request, two differing
//! solutions or the deduction solver's stuck board drawn over it. For keyboards
//! and screen readers it is a grid of labelled hexes, one row per lattice row,
//! with a focus ring the keys of [`super::keyboard`] move and edit at.

use engine::hex::checks::Verdict;
use engine::hex::coord::{
    corner_toward, direction_toward, edge_angle, hexes_within, spinner_arm_angle, Axial,
};
use leptos::prelude::*;

use super::keyboard::{apply, key_action};
use super::status::Status;
use super::stuck::stuck_overlay;
use super::toolbar::Tool;
use crate::cell_words::{cell_label, CellFacts};
use crate::context::{use_hex, HexCtx};
use crate::draft::Draft;
use crate::pointer::ViewportMap;
use crate::strings::Text;
use crate::svg::{hex_extent, hex_points, padded, r1, view_box_attr, Rect, SIZE};
use web_core::i18n::{use_lang, Lang};

/// The view box around `positions`, padded by half a hex (a small default box
/// when there are none).
fn bounds(positions: impl IntoIterator<Item = Axial>) -> Rect {
    hex_extent(positions).map_or((-SIZE * 3.0, -SIZE * 3.0, SIZE * 6.0, SIZE * 6.0), |e| {
        padded(e, 0.5 * SIZE)
    })
}

/// The DOM id of the grid cell at `pos` (what `aria-activedescendant` names).
fn cell_dom_id(pos: Axial) -> String {
    format!("editor-hex-{}-{}", pos.q, pos.r)
}

/// What the label of the hex at `pos` says about the draft there.
fn facts(d: &Draft, pos: Axial) -> CellFacts {
    let cell = d.cell(pos);
    CellFacts {
        at: Some(pos),
        id: cell.map(|c| c.id.clone()),
        clue: cell.and_then(|c| c.clue),
        step: None,
        walls: (0..6)
            .filter(|&dir| d.has_wall(pos, pos.neighbor(dir)))
            .fold(0u8, |mask, dir| mask | 1 << dir),
    }
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
    let lang = use_lang();
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // the hex the keys act on; a click moves it too
    let chosen = RwSignal::new(Axial::new(0, 0));
    // an undo can shrink the lattice from under the focus: it then falls back to the middle
    let focus = Memo::new(move |_| {
        let at = chosen.get();
        let radius = ctx.editor.with(|h| h.present().lattice_radius());
        if at.distance(Axial::new(0, 0)) <= radius {
            at
        } else {
            Axial::new(0, 0)
        }
    });
    // what a screen reader hears after a key edit: the focused hex's new label
    let announce = RwSignal::new(String::new());
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
        if let Some(pos) = paint(ctx, tool.get_untracked(), clue_n.get_untracked(), p) {
            chosen.set(pos);
        }
    };
    let on_key = key_handler(ctx, chosen, focus, clue_n, announce, lang);
    let ring = hex_points(SIZE * 0.98);
    view! {
        <svg
            class="editor-board"
            data-testid="editor-board"
            node_ref=svg_ref
            tabindex="0"
            role="grid"
            aria-label=move || Text::HexEditorBoardKeys.in_lang(lang.get())
            aria-activedescendant=move || cell_dom_id(focus.get())
            viewBox=move || view_box_attr(view_box.get())
            style=move || min_size_style(view_box.get())
            preserveAspectRatio="xMidYMid meet"
            on:click=on_click
            on:keydown=on_key
        >
            <g class="editor-hexes">{hexes(ctx, lang)}</g>
            <g class="editor-edges" aria-hidden="true">{edges(ctx, status)}</g>
            <g class="editor-spinners" aria-hidden="true">{move || spinners(ctx)}</g>
            <g class="editor-overlay" aria-hidden="true">{move || show_two.get().then(|| two_solutions(ctx, status))}</g>
            <g class="editor-overlay" aria-hidden="true">{move || show_stuck.get().then(|| stuck_overlay(ctx, status))}</g>
            <polygon
                class="editor-focus-ring"
                data-testid="editor-focus"
                aria-hidden="true"
                data-q=move || focus.get().q.to_string()
                data-r=move || focus.get().r.to_string()
                points=ring
                transform=move || {
                    let (x, y) = focus.get().to_pixel(SIZE);
                    format!("translate({} {})", r1(x), r1(y))
                }
            />
        </svg>
        <p class="editor-announce" data-testid="editor-announce" aria-live="polite">{move || announce.get()}</p>
    }
}

/// Keys on the canvas: each is a [`key_action`] applied to the draft's history at
/// the focus (the same edits a click makes); after an edit the focused hex's new
/// label goes to the live region.
fn key_handler(
    ctx: HexCtx,
    chosen: RwSignal<Axial>,
    focus: Memo<Axial>,
    clue_n: RwSignal<u32>,
    announce: RwSignal<String>,
    lang: RwSignal<Lang>,
) -> impl Fn(web_sys::KeyboardEvent) + 'static {
    move |ev: web_sys::KeyboardEvent| {
        let command = ev.ctrl_key() || ev.meta_key();
        if ev.alt_key() {
            return;
        }
        let Some(action) = key_action(&ev.key(), ev.shift_key(), command) else {
            return;
        };
        ev.prevent_default();
        let at = focus.get_untracked();
        let mut next = at;
        let toolbar_clue = clue_n.get_untracked();
        ctx.editor.maybe_update(|h| {
            let (to, changed) = apply(h, at, action, toolbar_clue);
            next = to;
            changed
        });
        chosen.set(next);
        if action.edits() {
            let label = ctx
                .editor
                .with_untracked(|h| cell_label(&facts(h.present(), next), lang.get_untracked()));
            announce.set(label);
        }
    }
}

/// A click at board point `p` with `tool`: one edit of the draft. The hex
/// clicked, when it is on the lattice.
fn paint(ctx: HexCtx, tool: Tool, clue: u32, p: (f64, f64)) -> Option<Axial> {
    let pos = Axial::from_pixel(p.0, p.1, SIZE);
    let centre = pos.to_pixel(SIZE);
    let (dx, dy) = (p.0 - centre.0, p.1 - centre.1);
    let radius = ctx.editor.with_untracked(|h| h.present().lattice_radius());
    if pos.distance(Axial::new(0, 0)) > radius {
        return None;
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
    Some(pos)
}

/// Every lattice hex, painted or not, one grid row per lattice row; keyed by
/// everything drawn and said, so an edit re-renders only the hexes it changed.
fn hexes(ctx: HexCtx, lang: RwSignal<Lang>) -> impl IntoView {
    let rows = move || {
        let radius = ctx.editor.with(|h| h.present().lattice_radius());
        (-radius..=radius).collect::<Vec<_>>()
    };
    view! {
        <For each=rows key=|r| *r let:r>
            <g class="editor-row" role="row">{row_hexes(ctx, lang, r)}</g>
        </For>
    }
}

/// The hexes of lattice row `r`, west to east (a row keeps its unchanged hexes when
/// the lattice grows or shrinks).
fn row_hexes(ctx: HexCtx, lang: RwSignal<Lang>, r: i32) -> impl IntoView {
    // the language is part of each item, so a hex's label is worded once, when drawn
    let items = move || {
        let lang = lang.get();
        ctx.editor.with(|h| {
            let d = h.present();
            let radius = d.lattice_radius();
            (-radius..=radius)
                .map(|q| Axial::new(q, r))
                .filter(|p| p.distance(Axial::new(0, 0)) <= radius)
                .map(|pos| (facts(d, pos), lang))
                .collect::<Vec<_>>()
        })
    };
    let face = hex_points(SIZE * 0.93);
    let hex_view = move |(f, lang): (CellFacts, Lang)| {
        let pos = f.at.unwrap_or(Axial::new(0, 0));
        let (x, y) = pos.to_pixel(SIZE);
        let (id, clue) = (f.id.clone(), f.clue);
        view! {
            <g
                class="editor-hex"
                class:is-painted=id.is_some()
                class:has-clue=clue.is_some()
                role="gridcell"
                id=cell_dom_id(pos)
                aria-label=cell_label(&f, lang)
                data-testid=format!("editor-cell-{}-{}", pos.q, pos.r)
                data-id=id.unwrap_or_default()
                data-clue=clue.map(|c| c.to_string()).unwrap_or_default()
                transform=format!("translate({} {})", r1(x), r1(y))
            >
                <polygon points=face.clone()/>
                // only a clue has a number to draw (most lattice hexes have none)
                {clue.map(|c| view! { <text text-anchor="middle" dominant-baseline="central">{c.to_string()}</text> })}
            </g>
        }
    };
    view! { <For each=items key=|item| item.clone() children=hex_view/> }
}

/// One drawn edge: its cell ids in string order, whether it is a wall, and where it sits.
#[derive(Clone, PartialEq, Eq, Hash)]
struct EdgeItem {
    ids: (String, String),
    wall: bool,
    transform: String,
}

/// Every edge between two painted cells: a wall or a place for one; walls the
/// last check found necessary are marked. Keyed, so an edit re-creates only the
/// edges it changed and a new report only toggles the marks (a generated level's
/// 150 edges are not drawn twice).
fn edges(ctx: HexCtx, status: RwSignal<Status>) -> impl IntoView {
    let necessary = Memo::new(move |_| {
        status.with(|s| match s {
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
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        })
    });
    let items = move || {
        ctx.editor.with(|h| {
            let d = h.present();
            d.edges()
                .into_iter()
                .filter_map(|(a, b)| {
                    let ids = d.edge_ids(a, b)?;
                    let dir = a.direction_to(b)?;
                    let (mx, my) = a.edge_midpoint_pixel(dir, SIZE);
                    Some(EdgeItem {
                        ids,
                        wall: d.has_wall(a, b),
                        transform: format!(
                            "translate({} {}) rotate({})",
                            r1(mx),
                            r1(my),
                            edge_angle(dir)
                        ),
                    })
                })
                .collect::<Vec<_>>()
        })
    };
    let edge_view = move |e: EdgeItem| {
        let (ia, ib) = e.ids.clone();
        let wall = e.wall;
        let ids = e.ids;
        let is_necessary = move || wall && necessary.with(|n| n.contains(&ids));
        view! {
            <g
                class="editor-edge"
                class:is-wall=wall
                class:is-necessary=is_necessary
                data-testid=format!("editor-edge-{ia}-{ib}")
                data-wall=wall.to_string()
                transform=e.transform
            >
                <rect x=r1(-SIZE * 0.42) y=r1(-SIZE * 0.1) width=r1(SIZE * 0.84) height=r1(SIZE * 0.2) rx="3"/>
            </g>
        }
    };
    view! { <For each=items key=|e| e.clone() children=edge_view/> }
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

/// CSS pixels per board unit at which a hex's face (drawn at 0.93 of its pitch of √3·SIZE
/// units) is 44 px across, the smallest target a finger hits reliably.
const MIN_PX_PER_UNIT: f64 = 44.0 / (0.93 * 1.732_050_8 * SIZE);

/// The board's smallest size for 44 px hexes, as CSS variables: on a phone the stylesheet
/// holds the board to it and lets its frame scroll (hex.css), on a wide screen it is met.
fn min_size_style((_, _, w, h): Rect) -> String {
    format!(
        "--board-min-w:{}px;--board-min-h:{}px",
        (w * MIN_PX_PER_UNIT).ceil() as i32,
        (h * MIN_PX_PER_UNIT).ceil() as i32
    )
}
