//! From the finger to cells: pointer events → board coordinates → lattice hexes.
//!
//! The board is an SVG with a `viewBox` drawn with `preserveAspectRatio="xMidYMid
//! meet"`; [`ViewportMap`] inverts that mapping. [`DragTracker`] follows one drag
//! (with pointer capture) and reports it as [`PointerInput`] in board coordinates.
//! [`hexes_along`] walks one pointer movement segment by segment, so a fast drag
//! that jumps several hexes between two pointer events still reports every hex it
//! crossed, in order, each sharing an edge with the one before. What a hex means (a
//! cell, a hole, a wall bump) is decided elsewhere: here only pointers and geometry.

use std::rc::Rc;

use engine::hex::coord::Axial;
use wasm_bindgen::{JsCast, JsValue};

use crate::svg::Rect;

/// Client (CSS pixel) → board coordinate mapping for one drag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewportMap {
    /// The element's client rectangle: left, top, width, height.
    pub rect: (f64, f64, f64, f64),
    /// The SVG `viewBox`: x, y, width, height.
    pub view_box: Rect,
}

impl ViewportMap {
    /// The mapping for `element` as it is laid out now.
    pub fn of_element(element: &web_sys::Element, view_box: Rect) -> ViewportMap {
        let r = element.get_bounding_client_rect();
        ViewportMap {
            rect: (r.left(), r.top(), r.width(), r.height()),
            view_box,
        }
    }

    /// The board point under client point `(cx, cy)`.
    pub fn to_board(&self, cx: f64, cy: f64) -> (f64, f64) {
        let (left, top, w, h) = self.rect;
        let (vx, vy, vw, vh) = self.view_box;
        let scale = (w / vw).min(h / vh);
        if scale <= 0.0 || !scale.is_finite() {
            return (vx, vy);
        }
        let ox = left + (w - vw * scale) / 2.0;
        let oy = top + (h - vh * scale) / 2.0;
        (vx + (cx - ox) / scale, vy + (cy - oy) / scale)
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

/// Where a board sends its pointer input.
pub type PointerSink = Rc<dyn Fn(PointerInput)>;

/// One drag at a time on a board element: the primary pointer (a mouse's main
/// button) presses, is captured so moves and the release arrive even off the
/// board, and ends on release, cancel or lost capture.
#[derive(Clone, Copy, Debug, Default)]
pub struct DragTracker {
    drag: Option<(i32, ViewportMap)>,
}

impl DragTracker {
    /// A press on the board whose `viewBox` is `view_box`.
    pub fn down(&mut self, ev: &web_sys::PointerEvent, view_box: Rect) -> Option<PointerInput> {
        if !ev.is_primary() || self.drag.is_some() {
            return None;
        }
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return None;
        }
        ev.prevent_default();
        let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
        let _ = el.set_pointer_capture(ev.pointer_id());
        let map = ViewportMap::of_element(&el, view_box);
        self.drag = Some((ev.pointer_id(), map));
        let (cx, cy) = client_point(ev);
        Some(PointerInput::Down(map.to_board(cx, cy)))
    }

    /// A movement of the dragging pointer, with the browser's coalesced points.
    pub fn moved(&self, ev: &web_sys::PointerEvent) -> Option<PointerInput> {
        let (id, map) = self.drag?;
        if ev.pointer_id() != id {
            return None;
        }
        let has_coalesced =
            js_sys::Reflect::has(ev, &JsValue::from_str("getCoalescedEvents")).unwrap_or(false);
        let mut points: Vec<(f64, f64)> = Vec::new();
        if has_coalesced {
            for e in ev.get_coalesced_events().iter() {
                let (cx, cy) = client_point(&e);
                points.push(map.to_board(cx, cy));
            }
        }
        if points.is_empty() {
            let (cx, cy) = client_point(ev);
            points.push(map.to_board(cx, cy));
        }
        Some(PointerInput::Move(points))
    }

    /// The dragging pointer was released, cancelled or lost its capture.
    pub fn end(&mut self, ev: &web_sys::PointerEvent) -> Option<PointerInput> {
        match self.drag {
            Some((id, _)) if id == ev.pointer_id() => {
                self.drag = None;
                Some(PointerInput::Up)
            }
            _ => None,
        }
    }
}

fn client_point(ev: &JsValue) -> (f64, f64) {
    let get = |k: &str| {
        js_sys::Reflect::get(ev, &JsValue::from_str(k))
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    };
    (get("clientX"), get("clientY"))
}

/// The lattice hex containing board point `p` (hexes of circumradius `size`).
pub fn hex_at(p: (f64, f64), size: f64) -> Axial {
    Axial::from_pixel(p.0, p.1, size)
}

/// Samples per hex size along a movement; gaps between samples are closed by bisection.
const SAMPLES_PER_SIZE: f64 = 4.0;
/// Bisection depth cap (a segment of 1000 hexes still resolves to well under a pixel).
const MAX_DEPTH: u32 = 24;

/// Every lattice hex the straight movement `from → to` passes through, in order,
/// starting with the hex under `from`, without repeats in a row. Consecutive entries
/// always share an edge: where two samples land in hexes that do not, the interval
/// is bisected until they do. A corner merely grazed for less than about a quarter
/// of a hex edge, between two hexes that share an edge anyway, may be passed over:
/// at a corner three hexes meet and all three are adjacent, so no hex needed to get
/// from one to the next is ever skipped.
pub fn hexes_along(from: (f64, f64), to: (f64, f64), size: f64) -> Vec<Axial> {
    let at = |t: f64| {
        hex_at(
            (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t),
            size,
        )
    };
    let first = at(0.0);
    let mut out = vec![first];
    let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
    if !len.is_finite() || len == 0.0 {
        return out;
    }
    let n = ((len / size) * SAMPLES_PER_SIZE)
        .ceil()
        .clamp(1.0, 100_000.0) as usize;
    let (mut t0, mut h0) = (0.0, first);
    for i in 1..=n {
        let t1 = i as f64 / n as f64;
        let h1 = at(t1);
        bridge(&at, t0, h0, t1, h1, 0, &mut out);
        t0 = t1;
        h0 = h1;
    }
    out
}

/// Appends the hexes between sample `(t0, h0)` (already in `out`) and `(t1, h1)`.
fn bridge(
    at: &impl Fn(f64) -> Axial,
    t0: f64,
    h0: Axial,
    t1: f64,
    h1: Axial,
    depth: u32,
    out: &mut Vec<Axial>,
) {
    if h1 == h0 {
        return;
    }
    if h0.is_adjacent(h1) || depth >= MAX_DEPTH {
        push(out, h1);
        return;
    }
    let tm = (t0 + t1) / 2.0;
    let hm = at(tm);
    bridge(at, t0, h0, tm, hm, depth + 1, out);
    bridge(at, tm, hm, t1, h1, depth + 1, out);
}

fn push(out: &mut Vec<Axial>, h: Axial) {
    if out.last() != Some(&h) {
        out.push(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: f64 = 50.0;

    fn centre(q: i32, r: i32) -> (f64, f64) {
        Axial::new(q, r).to_pixel(S)
    }

    #[test]
    fn viewport_map_inverts_meet_scaling() {
        // a 200×100 viewBox in a 400×400 element at (10, 20): scale 2, letterboxed vertically
        let m = ViewportMap {
            rect: (10.0, 20.0, 400.0, 400.0),
            view_box: (-100.0, -50.0, 200.0, 100.0),
        };
        assert_eq!(m.to_board(210.0, 220.0), (0.0, 0.0)); // the centre
        assert_eq!(m.to_board(10.0, 120.0), (-100.0, -50.0)); // top-left of the drawn area
        assert_eq!(m.to_board(410.0, 320.0), (100.0, 50.0));
        // a degenerate rectangle does not divide by zero
        let z = ViewportMap {
            rect: (0.0, 0.0, 0.0, 0.0),
            ..m
        };
        assert_eq!(z.to_board(5.0, 5.0), (-100.0, -50.0));
    }

    #[test]
    fn a_still_pointer_is_one_hex() {
        assert_eq!(
            hexes_along(centre(2, 1), centre(2, 1), S),
            vec![Axial::new(2, 1)]
        );
    }

    #[test]
    fn a_fast_straight_drag_reports_every_hex_in_order() {
        // one event from (0,0) to (3,0): three cells crossed after the start
        let got = hexes_along(centre(0, 0), centre(3, 0), S);
        let want: Vec<Axial> = (0..=3).map(|q| Axial::new(q, 0)).collect();
        assert_eq!(got, want);
        // diagonally down-right along direction 1 (SE), and back up
        let got = hexes_along(centre(0, 0), centre(0, 4), S);
        assert_eq!(got, (0..=4).map(|r| Axial::new(0, r)).collect::<Vec<_>>());
        let back = hexes_along(centre(0, 4), centre(0, 0), S);
        assert_eq!(
            back,
            (0..=4).rev().map(|r| Axial::new(0, r)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn consecutive_hexes_always_share_an_edge() {
        // deterministic pseudo-random segments of every length and angle
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 10_000) as f64 / 10_000.0
        };
        for _ in 0..2_000 {
            let a = ((rnd() - 0.5) * 900.0, (rnd() - 0.5) * 900.0);
            let b = ((rnd() - 0.5) * 900.0, (rnd() - 0.5) * 900.0);
            let hexes = hexes_along(a, b, S);
            assert_eq!(hexes[0], hex_at(a, S));
            assert_eq!(*hexes.last().unwrap(), hex_at(b, S));
            for w in hexes.windows(2) {
                assert!(
                    w[0].is_adjacent(w[1]),
                    "{a:?}→{b:?}: {:?} then {:?}",
                    w[0],
                    w[1]
                );
            }
            // a straight line enters each (convex) hex at most once
            for (i, h) in hexes.iter().enumerate() {
                assert!(!hexes[i + 1..].contains(h), "{a:?}→{b:?} revisits {h:?}");
            }
        }
    }

    #[test]
    fn a_drag_through_a_corner_still_connects() {
        // from the centre of (0,0) straight through its lower-right corner (corner 0)
        let (cx, cy) = Axial::new(0, 0).corner_pixel(0, S);
        let to = (cx * 2.2, cy * 2.2);
        let hexes = hexes_along(centre(0, 0), to, S);
        for w in hexes.windows(2) {
            assert!(w[0].is_adjacent(w[1]));
        }
        assert_eq!(hexes[0], Axial::new(0, 0));
    }
}
