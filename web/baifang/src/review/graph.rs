//! The evaluation graph: Blue's score over the game's positions, clamped to
//! the review's score cap, with the reviewed position marked and the endgame
//! tables' exact values drawn as dots.

use leptos::prelude::*;

use engine::baifang::ai::analysis::PositionEval;
use engine::baifang::ai::strength::app;

const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 80.0;

/// The polyline's points: x spreads `total` positions over the width, y puts
/// Blue winning at the top, even in the middle.
pub fn graph_points(evals: &[PositionEval], total: usize) -> Vec<(f64, f64)> {
    let cap = app::REVIEW_SCORE_CAP as f64;
    let span = (total.max(2) - 1) as f64;
    evals
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let v = (e.score_black as f64).clamp(-cap, cap);
            (
                WIDTH * i as f64 / span,
                HEIGHT / 2.0 - v / cap * HEIGHT / 2.0,
            )
        })
        .collect()
}

/// The graph; `at` is the reviewed position's index among the evaluations.
#[component]
pub fn EvalGraph(
    #[prop(into)] evals: Signal<Vec<PositionEval>>,
    #[prop(into)] total: Signal<usize>,
    #[prop(into)] at: Signal<Option<usize>>,
) -> impl IntoView {
    let line = move || {
        graph_points(&evals.get(), total.get())
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Table values are certain: drawn as dots on the line, apart from the search's guesses.
    let exact = move || {
        let evals = evals.get();
        graph_points(&evals, total.get())
            .into_iter()
            .zip(&evals)
            .filter(|(_, e)| e.exact.is_some())
            .map(|((x, y), _)| view! { <circle class="eval-exact" cx=x cy=y r=1.6/> })
            .collect_view()
    };
    let marker = move || {
        at.get().map(|i| {
            let span = (total.get().max(2) - 1) as f64;
            let x = WIDTH * i as f64 / span;
            view! { <line class="eval-cursor" x1=x y1=0 x2=x y2=HEIGHT/> }
        })
    };
    view! {
        <svg class="eval-graph" data-testid="review-graph"
            data-points=move || evals.with(Vec::len)
            viewBox=format!("0 0 {WIDTH} {HEIGHT}") preserveAspectRatio="none">
            <rect class="eval-orange" x=0 y=HEIGHT / 2.0 width=WIDTH height=HEIGHT / 2.0/>
            <line class="eval-even" x1=0 y1=HEIGHT / 2.0 x2=WIDTH y2=HEIGHT / 2.0/>
            <polyline class="eval-line" points=line/>
            <g class="eval-exact-points" data-testid="review-graph-exact"
                data-points=move || evals.with(|e| e.iter().filter(|e| e.exact.is_some()).count())>
                {exact}
            </g>
            {marker}
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::Side;

    fn eval(score_black: i32) -> PositionEval {
        PositionEval {
            to_move: Side::Black,
            score: score_black,
            score_black,
            best: vec![],
            depth: 1,
            nodes: 1,
            exact: None,
        }
    }

    #[test]
    fn blue_ahead_is_up_and_scores_are_capped() {
        let cap = app::REVIEW_SCORE_CAP as i32;
        let pts = graph_points(&[eval(0), eval(cap * 5), eval(-cap)], 3);
        assert_eq!(pts[0], (0.0, HEIGHT / 2.0));
        assert_eq!(pts[1], (WIDTH / 2.0, 0.0));
        assert_eq!(pts[2], (WIDTH, HEIGHT));
    }
}
