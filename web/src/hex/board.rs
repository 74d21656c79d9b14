//! The hex board as SVG, drawn from a plain view-model so the play screen and the
//! level editor can share it.
//!
//! [`BoardModel`] is the static geometry (cells, walls, spinners, viewBox) in board
//! units; [`BoardState`] is what changes (the path, conflicts, the hint, spinner
//! turns). The [`Board`] component renders both and, if given a [`PointerSink`],
//! reports pointer input already mapped to board coordinates (with pointer capture).
//! It knows no rules: cells are coloured from the state it is handed.
//!
//! Transient effects (pops, flashes) are played by `feedback.rs` on the elements
//! marked `data-fx="c{cell}"`, `"r{cell}"` (clue ring flash), `"w{wall}"`, `"s{spinner}"`.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use engine::hex::coord::{corner_directions, Axial};
use engine::hex::Level;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::pointer::ViewportMap;

/// Hex circumradius in board units.
pub const SIZE: f64 = 50.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;
/// Cells are drawn a little smaller than the lattice so tiles read as separate.
const CELL_SCALE: f64 = 0.93;
/// Clue outline, as a fraction of the hex.
const RING_SCALE: f64 = 0.74;
/// Small boards are not blown up past this many hex widths across (or down).
const MIN_SPAN: f64 = 4.4 * SQRT3 * SIZE;
const PAD: f64 = 0.3 * SIZE;
/// Walls: length along the shared edge and thickness across it.
const WALL_LEN: f64 = 0.98 * SIZE;
const WALL_THICK: f64 = 0.24 * SIZE;
/// The short line drawn across a shared edge for each step, as a fraction of the
/// centre-to-centre distance, centred on the edge.
const LINK_FRACTION: f64 = 0.42;

#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub id: String,
    pub pos: Axial,
    pub clue: Option<u32>,
    pub center: (f64, f64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardWall {
    pub a: usize,
    pub b: usize,
    /// Midpoint of the shared edge.
    pub mid: (f64, f64),
    /// Direction of the shared edge, in degrees clockwise from +x.
    pub angle: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpinner {
    pub cell: usize,
    pub corner: u8,
    pub phase: u8,
    /// The lattice vertex it turns about.
    pub pivot: (f64, f64),
    /// Angle of candidate 0 (pointing away from the cell); candidate `j` is at
    /// `base_angle + 120°·j`, so turning clockwise by 120° is one step.
    pub base_angle: f64,
    /// Whether each candidate edge has a cell on both sides.
    pub on_board: [bool; 3],
}

/// Static geometry of a board, in board units (hex circumradius [`SIZE`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardModel {
    pub cells: Vec<BoardCell>,
    pub walls: Vec<BoardWall>,
    pub spinners: Vec<BoardSpinner>,
    /// x, y, width, height.
    pub view_box: (f64, f64, f64, f64),
    by_pos: HashMap<Axial, usize>,
}

impl BoardModel {
    /// Builds the geometry. Walls between non-adjacent cells are left out (the
    /// engine rejects such levels; an editor may hold one for a moment).
    pub fn new(
        cells: Vec<(String, Axial, Option<u32>)>,
        walls: &[(usize, usize)],
        spinners: &[(usize, u8, u8)],
    ) -> BoardModel {
        let cells: Vec<BoardCell> = cells
            .into_iter()
            .map(|(id, pos, clue)| BoardCell {
                center: pos.to_pixel(SIZE),
                id,
                pos,
                clue,
            })
            .collect();
        let by_pos: HashMap<Axial, usize> =
            cells.iter().enumerate().map(|(i, c)| (c.pos, i)).collect();
        let walls = walls
            .iter()
            .filter(|&&(a, b)| a < cells.len() && b < cells.len())
            .filter_map(|&(a, b)| {
                let d = cells[a].pos.direction_to(cells[b].pos)?;
                Some(BoardWall {
                    a,
                    b,
                    mid: cells[a].pos.edge_midpoint_pixel(d, SIZE),
                    angle: 60.0 * d as f64 + 90.0,
                })
            })
            .collect();
        let spinners = spinners
            .iter()
            .filter(|&&(c, k, _)| c < cells.len() && k < 6)
            .map(|&(cell, corner, phase)| {
                let pos = cells[cell].pos;
                let k = corner as usize;
                let (dk, dk1) = corner_directions(k);
                let has = |p: Axial| by_pos.contains_key(&p);
                let (nk, nk1) = (has(pos.neighbor(dk)), has(pos.neighbor(dk1)));
                BoardSpinner {
                    cell,
                    corner,
                    phase,
                    pivot: pos.corner_pixel(k, SIZE),
                    base_angle: 30.0 + 60.0 * k as f64,
                    on_board: [nk && nk1, nk1, nk],
                }
            })
            .collect();
        let view_box = view_box(&cells);
        BoardModel {
            cells,
            walls,
            spinners,
            view_box,
            by_pos,
        }
    }

    /// The geometry of an engine level (walls and spinners in the engine's order,
    /// so `Blocker` indices address them directly).
    pub fn from_level(level: &Level) -> BoardModel {
        let cells = level
            .cells()
            .iter()
            .map(|c| (c.id.clone(), c.pos, c.clue))
            .collect();
        let walls: Vec<(usize, usize)> = level.walls().iter().map(|e| (e.a, e.b)).collect();
        let spinners: Vec<(usize, u8, u8)> = level
            .spinners()
            .iter()
            .map(|s| (s.cell, s.corner, s.phase))
            .collect();
        BoardModel::new(cells, &walls, &spinners)
    }

    /// The cell at lattice position `pos`.
    pub fn cell_at(&self, pos: Axial) -> Option<usize> {
        self.by_pos.get(&pos).copied()
    }

    /// The cell under board point `(x, y)` (pixel → axial rounding, real cells only).
    pub fn hit(&self, x: f64, y: f64) -> Option<usize> {
        self.cell_at(Axial::from_pixel(x, y, SIZE))
    }

    /// Centre and angle (degrees) of the short line across the edge `a`–`b`.
    pub fn link(&self, a: usize, b: usize) -> ((f64, f64), f64) {
        let (ax, ay) = self.cells[a].center;
        let (bx, by) = self.cells[b].center;
        let angle = (by - ay).atan2(bx - ax).to_degrees();
        (((ax + bx) / 2.0, (ay + by) / 2.0), angle)
    }

    pub fn view_box_attr(&self) -> String {
        let (x, y, w, h) = self.view_box;
        format!("{} {} {} {}", r1(x), r1(y), r1(w), r1(h))
    }
}

fn view_box(cells: &[BoardCell]) -> (f64, f64, f64, f64) {
    let half_w = SQRT3 / 2.0 * SIZE;
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in cells {
        x0 = x0.min(c.center.0 - half_w);
        x1 = x1.max(c.center.0 + half_w);
        y0 = y0.min(c.center.1 - SIZE);
        y1 = y1.max(c.center.1 + SIZE);
    }
    if cells.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let w = (x1 - x0 + 2.0 * PAD).max(MIN_SPAN);
    let h = (y1 - y0 + 2.0 * PAD).max(MIN_SPAN);
    (cx - w / 2.0, cy - h / 2.0, w, h)
}

/// Rounds to 0.1 for compact SVG attributes.
fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// Points of a hexagon of circumradius `r` around the origin (pointy-top).
fn hex_points(r: f64) -> String {
    (0..6)
        .map(|k| {
            let a = (30.0 + 60.0 * k as f64).to_radians();
            format!("{},{}", r1(r * a.cos()), r1(r * a.sin()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a cell is shown (`data-state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    Unvisited,
    Visited,
    /// A clue reached at the wrong step: red, showing the step.
    Conflict,
    /// Highlighted by the hint button.
    Hint,
    /// The path's end (the pen).
    End,
}

impl CellState {
    pub fn as_str(self) -> &'static str {
        match self {
            CellState::Unvisited => "unvisited",
            CellState::Visited => "visited",
            CellState::Conflict => "conflict",
            CellState::Hint => "hint",
            CellState::End => "end",
        }
    }
}

/// What changes on the board: a plain value, rebuilt after each input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardState {
    pub path: Vec<usize>,
    /// Step number (1-based) per cell.
    pub steps: Vec<Option<usize>>,
    /// Per cell: a clue reached at the wrong step.
    pub conflict: Vec<bool>,
    pub hint: Option<usize>,
    /// Blocking candidate per spinner (`data-candidate`), as the engine reports it.
    pub spinner_candidates: Vec<u8>,
    /// Display turn counter (≡ path length mod 3): drives the rotation so that one
    /// step turns every spinner 120° clockwise and an undo turns it back.
    pub turns: i64,
    pub cleared: bool,
}

impl BoardState {
    /// The state for `path` on a board of `n` cells.
    pub fn new(n: usize, path: &[usize], conflicts: &[usize], spinner_candidates: Vec<u8>) -> Self {
        let mut steps = vec![None; n];
        for (k, &c) in path.iter().enumerate() {
            if c < n {
                steps[c] = Some(k + 1);
            }
        }
        let mut conflict = vec![false; n];
        for &c in conflicts {
            if c < n {
                conflict[c] = true;
            }
        }
        BoardState {
            path: path.to_vec(),
            steps,
            conflict,
            spinner_candidates,
            ..Default::default()
        }
    }

    /// How cell `i` is shown and the number it carries (its step, else its clue).
    pub fn cell_state(&self, i: usize) -> CellState {
        if self.hint == Some(i) {
            CellState::Hint
        } else if self.conflict.get(i).copied().unwrap_or(false) {
            CellState::Conflict
        } else if self.path.last() == Some(&i) && !self.cleared {
            CellState::End
        } else if self.steps.get(i).copied().flatten().is_some() {
            CellState::Visited
        } else {
            CellState::Unvisited
        }
    }

    pub fn step(&self, i: usize) -> Option<usize> {
        self.steps.get(i).copied().flatten()
    }
}

/// The display turn counter after the path went from `old_len` to `new_len` cells:
/// it moves by the smallest amount (−1, 0 or +1) that keeps it ≡ `new_len` (mod 3),
/// so a step turns spinners clockwise, an undo back, and a long truncation or a
/// restart never spins them round several times.
pub fn next_turns(turns: i64, old_len: usize, new_len: usize) -> i64 {
    let delta = (new_len as i64 - old_len as i64).rem_euclid(3);
    turns
        + match delta {
            0 => 0,
            1 => 1,
            _ => -1,
        }
}

/// Pointer input in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum PointerInput {
    Down((f64, f64)),
    /// The points since the last event, oldest first (coalesced events included).
    Move(Vec<(f64, f64)>),
    Up,
}

pub type PointerSink = Rc<dyn Fn(PointerInput)>;

fn client_point(ev: &JsValue) -> (f64, f64) {
    let get = |k: &str| {
        js_sys::Reflect::get(ev, &JsValue::from_str(k))
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    };
    (get("clientX"), get("clientY"))
}

#[component]
pub fn Board(
    model: Arc<BoardModel>,
    #[prop(into)] state: Signal<BoardState>,
    #[prop(into)] colour_blind: Signal<bool>,
    #[prop(optional)] on_pointer: Option<PointerSink>,
) -> impl IntoView {
    let face = hex_points(SIZE * CELL_SCALE);
    let ring = hex_points(SIZE * RING_SCALE);
    let hint_ring = hex_points(SIZE * (CELL_SCALE - 0.06));

    let cells = model
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let visual = Memo::new(move |_| state.with(|s| (s.cell_state(i), s.step(i))));
            let clue = c.clue;
            let label = move || match visual.get() {
                (_, Some(step)) => step.to_string(),
                (_, None) => clue.map(|v| v.to_string()).unwrap_or_default(),
            };
            let ring_view = clue.map(|_| {
                view! {
                    <polygon class="hex-clue-ring" points=ring.clone()/>
                    <polygon class="hex-clue-flash" data-fx=format!("r{i}") points=ring.clone()/>
                }
            });
            view! {
                <g
                    class="hex-cell"
                    class:has-clue=clue.is_some()
                    data-testid=format!("hex-cell-{}", c.id)
                    data-state=move || visual.get().0.as_str()
                    data-step=move || visual.get().1.map(|s| s.to_string()).unwrap_or_default()
                    transform=format!("translate({} {})", r1(c.center.0), r1(c.center.1))
                >
                    <g class="hex-body" data-fx=format!("c{i}")>
                        <polygon class="hex-face" points=face.clone()/>
                        <polygon class="hex-hint-ring" points=hint_ring.clone()/>
                        {ring_view}
                        <text class="hex-num" text-anchor="middle" dominant-baseline="central">{label}</text>
                    </g>
                </g>
            }
        })
        .collect_view();

    let link_model = model.clone();
    let links = move || {
        state.with(|s| {
            s.path
                .windows(2)
                .enumerate()
                .map(|(k, w)| (k, w[0], w[1]))
                .collect::<Vec<_>>()
        })
    };
    let half = LINK_FRACTION * SQRT3 * SIZE / 2.0;

    let walls = model
        .walls
        .iter()
        .enumerate()
        .map(|(k, w)| {
            let (a, b) = (&model.cells[w.a].id, &model.cells[w.b].id);
            view! {
                <g
                    class="hex-wall"
                    data-testid=format!("hex-wall-{a}-{b}")
                    transform=format!("translate({} {}) rotate({})", r1(w.mid.0), r1(w.mid.1), w.angle)
                >
                    <WallShape x=-WALL_LEN / 2.0 fx=format!("w{k}")/>
                </g>
            }
        })
        .collect_view();

    let spinners = model
        .spinners
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let (base, phase) = (s.base_angle, s.phase as i64);
            let angle = move || state.with(|st| base + 120.0 * (phase + st.turns) as f64);
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
                    <g class="spinner-arm" style=move || format!("transform: rotate({}deg)", angle())>
                        <WallShape x=0.0 fx=format!("s{k}")/>
                    </g>
                    <circle class="spinner-pivot" r=WALL_THICK * 0.62/>
                </g>
            }
        })
        .collect_view();

    let drag = StoredValue::new_local(None::<(i32, ViewportMap)>);
    let view_box = model.view_box;
    let sink_down = on_pointer.clone();
    let on_down = move |ev: web_sys::PointerEvent| {
        let Some(sink) = &sink_down else { return };
        if !ev.is_primary() || drag.get_value().is_some() {
            return;
        }
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        ev.prevent_default();
        let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let _ = el.set_pointer_capture(ev.pointer_id());
        let r = el.get_bounding_client_rect();
        let map = ViewportMap {
            rect: (r.left(), r.top(), r.width(), r.height()),
            view_box,
        };
        drag.set_value(Some((ev.pointer_id(), map)));
        let (cx, cy) = client_point(&ev);
        sink(PointerInput::Down(map.to_board(cx, cy)));
    };
    let sink_move = on_pointer.clone();
    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(sink) = &sink_move else { return };
        let Some((id, map)) = drag.get_value() else {
            return;
        };
        if ev.pointer_id() != id {
            return;
        }
        let has_coalesced =
            js_sys::Reflect::has(&ev, &JsValue::from_str("getCoalescedEvents")).unwrap_or(false);
        let mut points: Vec<(f64, f64)> = Vec::new();
        if has_coalesced {
            for e in ev.get_coalesced_events().iter() {
                let (cx, cy) = client_point(&e);
                points.push(map.to_board(cx, cy));
            }
        }
        if points.is_empty() {
            let (cx, cy) = client_point(&ev);
            points.push(map.to_board(cx, cy));
        }
        sink(PointerInput::Move(points));
    };
    let sink_up = on_pointer.clone();
    let end = move |ev: web_sys::PointerEvent| {
        let Some(sink) = &sink_up else { return };
        match drag.get_value() {
            Some((id, _)) if id == ev.pointer_id() => {
                drag.set_value(None);
                sink(PointerInput::Up);
            }
            _ => {}
        }
    };
    let end2 = end.clone();
    let end3 = end.clone();

    view! {
        <svg
            class="hex-board"
            class:is-cleared=move || state.with(|s| s.cleared)
            class:walls-cb=move || colour_blind.get()
            data-testid="hex-board"
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
            <g class="hex-cells">{cells}</g>
            <g class="hex-links">
                <For each=links key=|l| *l let:l>
                    {
                        let ((mx, my), angle) = link_model.link(l.1, l.2);
                        view! {
                            <line
                                class="hex-link"
                                style=format!("--i: {}", l.0)
                                x1=r1(mx - half * angle.to_radians().cos())
                                y1=r1(my - half * angle.to_radians().sin())
                                x2=r1(mx + half * angle.to_radians().cos())
                                y2=r1(my + half * angle.to_radians().sin())
                            />
                        }
                    }
                </For>
            </g>
            <g class="hex-walls">{walls}</g>
            <g class="hex-spinners">{spinners}</g>
        </svg>
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::level_file::parse_level;

    fn level() -> Level {
        parse_level(include_str!(
            "../../../engine/tests/data/hex-walled-rhombus.json"
        ))
        .unwrap()
    }

    #[test]
    fn hit_testing_finds_cells_and_not_holes() {
        let m = BoardModel::from_level(&level());
        for (i, c) in m.cells.iter().enumerate() {
            assert_eq!(m.hit(c.center.0, c.center.1), Some(i));
            assert_eq!(m.hit(c.center.0 + 0.8 * SIZE * 0.866, c.center.1), {
                // just inside the east edge of the hex is still the hex
                Some(i)
            });
        }
        let (x, y) = Axial::new(5, 5).to_pixel(SIZE);
        assert_eq!(m.hit(x, y), None);
    }

    #[test]
    fn walls_sit_on_the_shared_edge() {
        let m = BoardModel::from_level(&level());
        assert_eq!(m.walls.len(), 1);
        let w = &m.walls[0];
        let (a, b) = (m.cells[w.a].center, m.cells[w.b].center);
        assert!((w.mid.0 - (a.0 + b.0) / 2.0).abs() < 1e-9);
        assert!((w.mid.1 - (a.1 + b.1) / 2.0).abs() < 1e-9);
        // a–b is horizontal (direction E), so the shared edge is vertical
        assert_eq!(w.angle.rem_euclid(180.0), 90.0);
    }

    #[test]
    fn small_boards_are_not_blown_up_and_the_board_is_centred() {
        let m = BoardModel::from_level(&level());
        let (x, y, w, h) = m.view_box;
        assert!(w >= MIN_SPAN && h >= MIN_SPAN);
        for c in &m.cells {
            assert!(c.center.0 > x && c.center.0 < x + w);
            assert!(c.center.1 > y && c.center.1 < y + h);
        }
    }

    #[test]
    fn cell_states_follow_the_path() {
        let mut s = BoardState::new(4, &[0, 2, 3], &[3], vec![]);
        assert_eq!(s.cell_state(0), CellState::Visited);
        assert_eq!(s.step(2), Some(2));
        assert_eq!(s.cell_state(3), CellState::Conflict);
        assert_eq!(s.cell_state(1), CellState::Unvisited);
        assert_eq!(s.step(1), None);
        s.hint = Some(2);
        assert_eq!(s.cell_state(2), CellState::Hint);
        let s = BoardState::new(4, &[0, 2], &[], vec![]);
        assert_eq!(s.cell_state(2), CellState::End);
    }

    #[test]
    fn spinner_candidates_turn_clockwise() {
        // c(0,0), e(1,0), s(0,1); spinner at c corner 0: candidate 0 between e and s
        let l = parse_level(
            r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1}],
                "spinners":[{"cell":"c","corner":0,"phase":1}]}"#,
        )
        .unwrap();
        let m = BoardModel::from_level(&l);
        let sp = &m.spinners[0];
        assert_eq!(sp.on_board, [true, true, true]);
        // candidate 2 (c–e) at base + 240° lies along the c–e shared edge, which runs from
        // the pivot (corner 0 of c) up to corner 5 of c (angle 330° from c's centre)
        let a = (sp.base_angle + 240.0).to_radians();
        let end = (sp.pivot.0 + SIZE * a.cos(), sp.pivot.1 + SIZE * a.sin());
        let c5 = Axial::new(0, 0).corner_pixel(5, SIZE);
        assert!(
            (end.0 - c5.0).abs() < 1e-6 && (end.1 - c5.1).abs() < 1e-6,
            "{end:?} vs {c5:?}"
        );
        // candidate 1 (c–s) at base + 120° runs to corner 1 of c
        let a = (sp.base_angle + 120.0).to_radians();
        let end = (sp.pivot.0 + SIZE * a.cos(), sp.pivot.1 + SIZE * a.sin());
        let c1 = Axial::new(0, 0).corner_pixel(1, SIZE);
        assert!((end.0 - c1.0).abs() < 1e-6 && (end.1 - c1.1).abs() < 1e-6);
    }

    #[test]
    fn turns_take_the_short_way() {
        assert_eq!(next_turns(0, 0, 1), 1); // a step: clockwise
        assert_eq!(next_turns(1, 1, 0), 0); // undo: back
        assert_eq!(next_turns(7, 7, 1), 7); // truncate by 6: no spin at all
        assert_eq!(next_turns(5, 5, 0), 6); // restart from 5: one short turn forward
        assert_eq!(next_turns(4, 4, 0), 3);
        for (t, old, new) in [(0, 0, 5), (3, 9, 2), (-2, 4, 4)] {
            assert_eq!(
                next_turns(t, old, new).rem_euclid(3),
                (t + new as i64 - old as i64).rem_euclid(3)
            );
        }
    }
}
