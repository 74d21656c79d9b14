//! Drawing helpers shared by the Hex Stroke board and the level editor: the hex
//! size in board units, hexagon outlines, the box around a set of hexes, and
//! compact SVG numbers. Geometry itself (centres, corners, angles) is
//! `engine::hex::coord`.

use engine::decimal::tenths;
use engine::hex::coord::{unit_vector, Axial, SQRT3};

/// Hex circumradius in board units.
pub const SIZE: f64 = 50.0;

/// A rectangle in board units: x, y, width, height.
pub type Rect = (f64, f64, f64, f64);

/// A compact SVG number: rounded to 0.1 and written without a trailing `.0`.
pub fn r1(v: f64) -> String {
    tenths(v)
}

/// The `points` of a hexagon of circumradius `r` around the origin, corners in the
/// engine's order and angles (corner `k` at `30° + 60°·k`).
pub fn hex_points(r: f64) -> String {
    (0..6)
        .map(|k| {
            let (x, y) = unit_vector(1 + 2 * k);
            format!("{},{}", r1(r * x), r1(r * y))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The smallest rectangle holding every hex at `positions` whole (`None`: no hexes).
pub fn hex_extent(positions: impl IntoIterator<Item = Axial>) -> Option<Rect> {
    let half_w = SQRT3 / 2.0 * SIZE;
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in positions {
        let (x, y) = p.to_pixel(SIZE);
        x0 = x0.min(x - half_w);
        x1 = x1.max(x + half_w);
        y0 = y0.min(y - SIZE);
        y1 = y1.max(y + SIZE);
    }
    (x0 <= x1).then_some((x0, y0, x1 - x0, y1 - y0))
}

/// `rect` grown by `pad` on every side.
pub fn padded((x, y, w, h): Rect, pad: f64) -> Rect {
    (x - pad, y - pad, w + 2.0 * pad, h + 2.0 * pad)
}

/// A `viewBox` attribute value.
pub fn view_box_attr((x, y, w, h): Rect) -> String {
    format!("{} {} {} {}", r1(x), r1(y), r1(w), r1(h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extent_holds_every_hex_and_touches_the_outermost() {
        let cells = [Axial::new(0, 0), Axial::new(2, -1), Axial::new(-1, 2)];
        let (x, y, w, h) = hex_extent(cells).expect("hexes");
        for c in cells {
            for k in 0..6 {
                let (cx, cy) = c.corner_pixel(k, SIZE);
                assert!(
                    cx >= x - 1e-9 && cx <= x + w + 1e-9 && cy >= y - 1e-9 && cy <= y + h + 1e-9
                );
            }
        }
        assert!((w - (SQRT3 * SIZE * 2.5)).abs() < 1e-9, "{w}");
        assert_eq!(hex_extent([]), None);
    }

    #[test]
    fn hexagon_points_start_at_the_lower_right_corner() {
        assert_eq!(hex_points(10.0).split(' ').next(), Some("8.7,5"));
        assert_eq!(
            view_box_attr(padded((0.0, 0.0, 1.0, 2.0), 0.5)),
            "-0.5 -0.5 2 3"
        );
    }
}
