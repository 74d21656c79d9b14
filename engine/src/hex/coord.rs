//! Axial coordinates for pointy-top hexagons, and the one geometry convention used
//! everywhere (model, solver, renderer).
//!
//! Screen coordinates: x to the right, **y pointing down**, angles measured
//! clockwise from +x. Direction `d` is the neighbour whose shared edge has its
//! midpoint at angle `60°·d`; corner `k` is the vertex at angle `30° + 60°·k`
//! (0 lower-right, 1 bottom, 2 lower-left, 3 upper-left, 4 top, 5 upper-right).

use serde::{Deserialize, Serialize};

/// A lattice position in axial coordinates `(q, r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Axial {
    pub q: i32,
    pub r: i32,
}

/// The six neighbour offsets, indexed by direction `d` (edge midpoint at `60°·d`).
pub const DIRECTIONS: [Axial; 6] = [
    Axial { q: 1, r: 0 },  // 0 E    (0°)
    Axial { q: 0, r: 1 },  // 1 SE  (60°)
    Axial { q: -1, r: 1 }, // 2 SW (120°)
    Axial { q: -1, r: 0 }, // 3 W  (180°)
    Axial { q: 0, r: -1 }, // 4 NW (240°)
    Axial { q: 1, r: -1 }, // 5 NE (300°)
];

/// Short names of the directions, for messages.
pub const DIRECTION_NAMES: [&str; 6] = ["E", "SE", "SW", "W", "NW", "NE"];

/// √3: a hex's width across its flat sides is `SQRT3 · circumradius`.
pub const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The unit vector at `30° · twelfths` (clockwise from +x, y down), exact to the last
/// bit: every direction and corner of a hex lies at a multiple of 30°, and a table
/// keeps the trigonometric functions (and their tables) out of the page modules.
pub fn unit_vector(twelfths: i64) -> (f64, f64) {
    const H: f64 = SQRT3 / 2.0;
    const UNITS: [(f64, f64); 12] = [
        (1.0, 0.0),
        (H, 0.5),
        (0.5, H),
        (0.0, 1.0),
        (-0.5, H),
        (-H, 0.5),
        (-1.0, 0.0),
        (-H, -0.5),
        (-0.5, -H),
        (0.0, -1.0),
        (0.5, -H),
        (H, -0.5),
    ];
    UNITS[twelfths.rem_euclid(12) as usize]
}

/// Angle in degrees (clockwise from +x) from a hex's centre to the midpoint of its
/// edge in direction `d`.
pub fn direction_angle(d: usize) -> f64 {
    60.0 * (d % 6) as f64
}

/// Angle in degrees from a hex's centre to its corner `k`.
pub fn corner_angle(k: usize) -> f64 {
    30.0 + 60.0 * (k % 6) as f64
}

/// Angle in degrees along which the edge in direction `d` runs (perpendicular to
/// the line between the two centres).
pub fn edge_angle(d: usize) -> f64 {
    direction_angle(d) + 90.0
}

/// The direction whose edge midpoint is nearest the point `(dx, dy)` away from a
/// hex's centre (the inverse of [`direction_angle`]).
pub fn direction_toward(dx: f64, dy: f64) -> usize {
    let a = dy.atan2(dx).to_degrees();
    ((a / 60.0).round() as i64).rem_euclid(6) as usize
}

/// The corner nearest the point `(dx, dy)` away from a hex's centre (the inverse
/// of [`corner_angle`]).
pub fn corner_toward(dx: f64, dy: f64) -> usize {
    let a = dy.atan2(dx).to_degrees();
    (((a - 30.0) / 60.0).round() as i64).rem_euclid(6) as usize
}

/// Angle in degrees along which a spinner at corner `k` of its cell lies when it
/// sits on candidate edge `candidate` (numbered as in [`super::model::Spinner`]):
/// candidate 0 points straight away from the cell, and each next candidate is
/// 120° further clockwise about the vertex. Any integer is accepted: candidate
/// `j + 3` is edge `j` again, one full turn on (so a drawing can keep turning).
pub fn spinner_arm_angle(k: usize, candidate: i64) -> f64 {
    corner_angle(k) + 120.0 * candidate as f64
}

/// Every lattice position within `radius` steps of the origin, row by row.
pub fn hexes_within(radius: i32) -> Vec<Axial> {
    let mut out = Vec::new();
    for r in -radius..=radius {
        for q in (-radius).max(-r - radius)..=radius.min(-r + radius) {
            out.push(Axial::new(q, r));
        }
    }
    out
}

impl Axial {
    pub const fn new(q: i32, r: i32) -> Self {
        Axial { q, r }
    }

    /// The neighbouring position in direction `d` (taken mod 6).
    pub fn neighbor(self, d: usize) -> Axial {
        let o = DIRECTIONS[d % 6];
        Axial::new(self.q + o.q, self.r + o.r)
    }

    /// The direction from `self` to an adjacent `other`, if they are adjacent.
    pub fn direction_to(self, other: Axial) -> Option<usize> {
        let dq = other.q - self.q;
        let dr = other.r - self.r;
        DIRECTIONS.iter().position(|o| o.q == dq && o.r == dr)
    }

    /// Whether the two positions share an edge.
    pub fn is_adjacent(self, other: Axial) -> bool {
        self.direction_to(other).is_some()
    }

    /// Lattice distance (number of steps on the full lattice).
    pub fn distance(self, other: Axial) -> i32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// Centre of the hex in pixels for hexes of circumradius `size`, origin at (0,0).
    pub fn to_pixel(self, size: f64) -> (f64, f64) {
        let x = size * SQRT3 * (self.q as f64 + self.r as f64 / 2.0);
        let y = size * 1.5 * self.r as f64;
        (x, y)
    }

    /// The hex containing pixel `(x, y)` (inverse of [`Axial::to_pixel`] plus rounding).
    pub fn from_pixel(x: f64, y: f64, size: f64) -> Axial {
        let q = (SQRT3 / 3.0 * x - y / 3.0) / size;
        let r = (2.0 / 3.0 * y) / size;
        axial_round(q, r)
    }

    /// Pixel position of corner `k` (vertex at angle `30° + 60°·k`).
    pub fn corner_pixel(self, k: usize, size: f64) -> (f64, f64) {
        let (cx, cy) = self.to_pixel(size);
        let (ux, uy) = unit_vector(1 + 2 * (k % 6) as i64);
        (cx + size * ux, cy + size * uy)
    }

    /// Pixel position of the midpoint of the edge shared with the neighbour in direction `d`.
    pub fn edge_midpoint_pixel(self, d: usize, size: f64) -> (f64, f64) {
        let (cx, cy) = self.to_pixel(size);
        let (ux, uy) = unit_vector(2 * (d % 6) as i64);
        let h = size * SQRT3 / 2.0;
        (cx + h * ux, cy + h * uy)
    }
}

/// How large a board of hexes at `positions` is, in hex widths (a hex's width
/// across its flat sides): `(across, tall)`, where across is the cell centres'
/// horizontal extent plus one hex width and tall their vertical extent plus one
/// hex's height point to point (`2 / √3` hex widths). `(0, 0)` for no positions.
pub fn extent_in_hex_widths(positions: impl IntoIterator<Item = Axial>) -> (f64, f64) {
    let width = SQRT3; // at circumradius 1
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for p in positions {
        let (x, y) = p.to_pixel(1.0);
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    if lo.0 > hi.0 {
        return (0.0, 0.0);
    }
    ((hi.0 - lo.0) / width + 1.0, (hi.1 - lo.1 + 2.0) / width)
}

/// Rounds fractional axial coordinates to the nearest hex (cube rounding).
pub fn axial_round(q: f64, r: f64) -> Axial {
    let s = -q - r;
    let mut rq = q.round();
    let mut rr = r.round();
    let rs = s.round();
    let dq = (rq - q).abs();
    let dr = (rr - r).abs();
    let ds = (rs - s).abs();
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Axial::new(rq as i32, rr as i32)
}

/// The two directions whose neighbours meet the cell at corner `k`: `(k, k+1)`.
pub fn corner_directions(k: usize) -> (usize, usize) {
    (k % 6, (k + 1) % 6)
}

/// The three `(cell position, corner)` names of one lattice vertex, in the order
/// `(pos, k)`, `(pos + dir k, k+2)`, `(pos + dir (k+1), k+4)`. Writing the vertex from
/// the i-th name shifts candidate numbering by `i`: candidate `j` seen from name
/// `i` is candidate `(j + i) mod 3` seen from name 0.
pub fn vertex_names(pos: Axial, k: usize) -> [(Axial, usize); 3] {
    let k = k % 6;
    [
        (pos, k),
        (pos.neighbor(k), (k + 2) % 6),
        (pos.neighbor(k + 1), (k + 4) % 6),
    ]
}

/// A canonical key for the vertex at corner `k` of `pos`: the smallest of its three names.
pub fn canonical_vertex(pos: Axial, k: usize) -> (Axial, usize) {
    let names = vertex_names(pos, k);
    *names.iter().min().expect("three names")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_in_hex_widths() {
        assert_eq!(extent_in_hex_widths([]), (0.0, 0.0));
        let one = extent_in_hex_widths([Axial::new(0, 0)]);
        assert!((one.0 - 1.0).abs() < 1e-9 && (one.1 - 2.0 / SQRT3).abs() < 1e-9);
        // a row of 8 and the row of 7 below it, offset half a hex: 8 across
        let rows: Vec<Axial> = (0..8)
            .map(|q| Axial::new(q, 0))
            .chain((0..7).map(|q| Axial::new(q, 1)))
            .collect();
        let (across, tall) = extent_in_hex_widths(rows.iter().copied());
        assert!((across - 8.0).abs() < 1e-9, "{across}");
        assert!((tall - (1.5 + 2.0) / SQRT3).abs() < 1e-9, "{tall}");
        // two rows of 8 lie half a hex apart: 8.5 across
        let wide = rows.iter().copied().chain([Axial::new(7, 1)]);
        assert!((extent_in_hex_widths(wide).0 - 8.5).abs() < 1e-9);
    }

    #[test]
    fn unit_vectors_are_the_cosine_and_sine_of_their_angle() {
        for n in -13..=25_i64 {
            let a = (30.0 * n as f64).to_radians();
            let (x, y) = unit_vector(n);
            assert!(
                (x - a.cos()).abs() < 1e-15 && (y - a.sin()).abs() < 1e-15,
                "{n}"
            );
        }
    }

    #[test]
    fn direction_angles_match_pixels() {
        for (d, o) in DIRECTIONS.iter().enumerate() {
            let (x, y) = o.to_pixel(1.0);
            let ang = y.atan2(x).to_degrees().rem_euclid(360.0);
            assert!((ang - 60.0 * d as f64).abs() < 1e-9, "dir {d} angle {ang}");
            // the edge midpoint lies half way to the neighbour
            let (mx, my) = Axial::new(0, 0).edge_midpoint_pixel(d, 1.0);
            assert!((mx - x / 2.0).abs() < 1e-9 && (my - y / 2.0).abs() < 1e-9);
        }
    }

    #[test]
    fn pixel_round_trip_and_rounding() {
        for q in -5..5 {
            for r in -5..5 {
                let a = Axial::new(q, r);
                let (x, y) = a.to_pixel(20.0);
                assert_eq!(Axial::from_pixel(x, y, 20.0), a);
                assert_eq!(Axial::from_pixel(x + 7.0, y - 6.0, 20.0), a);
                // a point just inside each corner still belongs to the hex
                for k in 0..6 {
                    let (cx, cy) = a.corner_pixel(k, 20.0);
                    let (px, py) = (x + (cx - x) * 0.9, y + (cy - y) * 0.9);
                    assert_eq!(Axial::from_pixel(px, py, 20.0), a);
                }
            }
        }
    }

    #[test]
    fn vertex_names_share_a_point() {
        let p = Axial::new(2, -1);
        for k in 0..6 {
            let names = vertex_names(p, k);
            let (x0, y0) = names[0].0.corner_pixel(names[0].1, 1.0);
            for &(c, kk) in &names[1..] {
                let (x, y) = c.corner_pixel(kk, 1.0);
                assert!((x - x0).abs() < 1e-9 && (y - y0).abs() < 1e-9);
            }
            for &(c, kk) in &names {
                assert_eq!(canonical_vertex(c, kk), canonical_vertex(p, k));
            }
        }
    }

    #[test]
    fn nearest_direction_and_corner_invert_the_angles() {
        let c = Axial::new(0, 0);
        for d in 0..6 {
            let (mx, my) = c.edge_midpoint_pixel(d, 50.0);
            assert_eq!(direction_toward(mx, my), d);
            let (kx, ky) = c.corner_pixel(d, 50.0);
            assert_eq!(corner_toward(kx, ky), d);
            // a little off the exact point still picks it
            assert_eq!(direction_toward(mx + 3.0, my - 2.0), d);
            assert_eq!(corner_toward(kx - 2.0, ky + 3.0), d);
        }
    }

    #[test]
    fn spinner_arms_lie_along_their_candidate_edges() {
        // candidate 1 (cell ↔ neighbour k+1) runs from corner k to corner k+1 of the
        // cell, candidate 2 (cell ↔ neighbour k) to corner k−1; candidate 0 continues
        // the centre-to-corner line outward
        let c = Axial::new(0, 0);
        for k in 0..6 {
            let (px, py) = c.corner_pixel(k, 1.0);
            let end = |j: i64| {
                let a = spinner_arm_angle(k, j).to_radians();
                (px + a.cos(), py + a.sin())
            };
            let close =
                |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9;
            assert!(
                close(end(1), c.corner_pixel(k + 1, 1.0)),
                "k={k} candidate 1"
            );
            assert!(
                close(end(2), c.corner_pixel(k + 5, 1.0)),
                "k={k} candidate 2"
            );
            assert!(close(end(0), (2.0 * px, 2.0 * py)), "k={k} candidate 0");
            assert!(
                close(end(3), end(0)) && close(end(-1), end(2)),
                "k={k} full turns"
            );
        }
    }

    #[test]
    fn hexes_within_a_radius_are_the_hexagonal_numbers() {
        assert_eq!(hexes_within(0), [Axial::new(0, 0)]);
        assert_eq!(hexes_within(1).len(), 7);
        assert_eq!(hexes_within(6).len(), 127);
        assert!(hexes_within(6)
            .iter()
            .all(|p| p.distance(Axial::new(0, 0)) <= 6));
    }

    #[test]
    fn distances() {
        assert_eq!(Axial::new(0, 0).distance(Axial::new(2, -1)), 2);
        assert_eq!(Axial::new(0, 0).distance(Axial::new(-3, 3)), 3);
        assert!(Axial::new(0, 0).is_adjacent(Axial::new(1, -1)));
        assert!(!Axial::new(0, 0).is_adjacent(Axial::new(1, 1)));
    }
}
