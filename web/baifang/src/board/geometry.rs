//! Where the board's points are, in the SVG user units both the board and its layer of
//! moving marks draw in, and which point a position is on.

use engine::baifang::bitboard::N as SIDE;

/// SVG user units between two neighbouring points.
pub const STEP: f64 = 100.0;
/// Margin around the outermost points (room for stones and the shake animation).
pub const MARGIN: f64 = 50.0;
pub const EXTENT: f64 = MARGIN * 2.0 + STEP * (SIDE as f64 - 1.0);
pub const STONE_R: f64 = 34.0;
/// A press within this distance of a point counts as on it.
pub const HIT_R: f64 = 46.0;

/// The centre of point `p` (0 is the top-left, row by row).
pub fn point_xy(p: usize) -> (f64, f64) {
    (
        MARGIN + STEP * (p % SIDE) as f64,
        MARGIN + STEP * (p / SIDE) as f64,
    )
}

/// The point under SVG coordinates `(x, y)`, if any.
pub fn point_at(x: f64, y: f64) -> Option<u8> {
    let col = ((x - MARGIN) / STEP).round();
    let row = ((y - MARGIN) / STEP).round();
    if !(0.0..SIDE as f64).contains(&col) || !(0.0..SIDE as f64).contains(&row) {
        return None;
    }
    let p = row as usize * SIDE + col as usize;
    let (px, py) = point_xy(p);
    ((x - px).powi(2) + (y - py).powi(2) <= HIT_R * HIT_R).then_some(p as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::bitboard::CELLS as POINTS;

    #[test]
    fn every_point_hits_itself() {
        for p in 0..POINTS {
            let (x, y) = point_xy(p);
            assert_eq!(point_at(x, y), Some(p as u8));
            assert_eq!(point_at(x + 30.0, y - 30.0), Some(p as u8));
        }
    }

    #[test]
    fn gaps_between_points_hit_nothing() {
        let (x, y) = point_xy(0);
        assert_eq!(point_at(x + STEP / 2.0, y + STEP / 2.0), None);
        assert_eq!(point_at(-100.0, 10.0), None);
        assert_eq!(point_at(EXTENT + 40.0, EXTENT + 40.0), None);
    }
}
