//! A player's rating history as a small line chart: the geometry is a pure function of
//! the ratings (tested natively), the component only draws it.

use leptos::prelude::*;

/// The chart's drawing box (SVG user units); the SVG scales to its container.
pub const CHART_W: i32 = 300;
pub const CHART_H: i32 = 80;
/// Space kept free round the line so its ends and stroke stay inside.
const PAD: i32 = 6;
/// The vertical range never shrinks below this many rating points, so a change of a few
/// points does not fill the whole height.
const MIN_SPAN: i32 = 40;

/// The polyline's points for `ratings` (oldest first), left to right, higher ratings
/// higher up. One rating is one point in the middle; none is no point.
pub fn chart_points(ratings: &[i32]) -> Vec<(i32, i32)> {
    let (Some(&lo), Some(&hi)) = (ratings.iter().min(), ratings.iter().max()) else {
        return Vec::new();
    };
    let span = (hi - lo).max(MIN_SPAN);
    // Centre a narrow range in the box.
    let floor = lo - (span - (hi - lo)) / 2;
    let (w, h) = (CHART_W - 2 * PAD, CHART_H - 2 * PAD);
    let n = ratings.len() as i32;
    ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let x = if n == 1 {
                CHART_W / 2
            } else {
                PAD + i as i32 * w / (n - 1)
            };
            let y = PAD + h - (r - floor) * h / span;
            (x, y)
        })
        .collect()
}

/// The line of a rating history, with a dot on the latest rating; `games` is how many rated
/// games the line shows (its points after the start).
#[component]
pub fn RatingChart(ratings: Vec<i32>, games: usize, label: String) -> impl IntoView {
    let points = chart_points(&ratings);
    let line = points
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ");
    let last = points.last().copied();
    view! {
        <svg class="rating-chart" data-testid="rating-chart" data-games=games
            viewBox=format!("0 0 {CHART_W} {CHART_H}") role="img" aria-label=label>
            <polyline points=line fill="none" stroke="currentColor" stroke-width="2"
                stroke-linejoin="round" stroke-linecap="round"/>
            {last.map(|(x, y)| view! { <circle cx=x cy=y r="3.5" fill="currentColor"/> })}
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_rises_with_the_rating_and_stays_in_the_box() {
        let pts = chart_points(&[1200, 1216, 1200, 1184, 1300]);
        assert_eq!(pts.len(), 5);
        assert_eq!(pts[0].0, PAD);
        assert_eq!(pts[4].0, CHART_W - PAD);
        // Higher rating, smaller y.
        assert!(pts[1].1 < pts[0].1 && pts[3].1 > pts[2].1);
        assert_eq!(pts[4].1, PAD);
        assert_eq!(pts[3].1, CHART_H - PAD);
        for (x, y) in pts {
            assert!((0..=CHART_W).contains(&x) && (0..=CHART_H).contains(&y));
        }
    }

    #[test]
    fn flat_and_tiny_histories_are_centred() {
        assert_eq!(chart_points(&[]), vec![]);
        assert_eq!(chart_points(&[1216]), vec![(CHART_W / 2, CHART_H / 2)]);
        let flat = chart_points(&[1200, 1200]);
        assert_eq!(flat[0].1, flat[1].1);
        assert_eq!(flat[0].1, CHART_H / 2);
    }
}
