//! One board where each technique is forced and one where it is not, plus the
//! solver's outcomes and the next-step reason.

use super::board::Board;
use super::state::State;
use super::steps::StepSet;
use super::technique::{Conclusion, Deduction, Technique};
use super::*;
use crate::hex::level_file::parse_level;

/// A level from `(id, q, r, clue)` cells and wall pairs.
fn level(cells: &[(&str, i32, i32, Option<u32>)], walls: &[(&str, &str)]) -> Level {
    let cj: Vec<String> = cells
        .iter()
        .map(|(id, q, r, c)| match c {
            Some(c) => format!(r#"{{"id":"{id}","q":{q},"r":{r},"clue":{c}}}"#),
            None => format!(r#"{{"id":"{id}","q":{q},"r":{r}}}"#),
        })
        .collect();
    let wj: Vec<String> = walls
        .iter()
        .map(|(a, b)| format!(r#"["{a}","{b}"]"#))
        .collect();
    parse_level(&format!(
        r#"{{"id":"t","cells":[{}],"walls":[{}]}}"#,
        cj.join(","),
        wj.join(",")
    ))
    .unwrap()
}

fn line(n: i32, clues: &[(i32, u32)]) -> Level {
    let names = ["a", "b", "c", "d", "e", "f", "g"];
    let cells: Vec<(&str, i32, i32, Option<u32>)> = (0..n)
        .map(|q| {
            let clue = clues.iter().find(|c| c.0 == q).map(|c| c.1);
            (names[q as usize], q, 0, clue)
        })
        .collect();
    level(&cells, &[])
}

fn triangle() -> Level {
    level(
        &[("a", 0, 0, None), ("b", 1, 0, None), ("c", 0, 1, None)],
        &[],
    )
}

fn fresh(l: &Level) -> (Board, State) {
    let b = Board::new(l);
    let mut st = State::new(&b).unwrap();
    st.start_recording();
    (b, st)
}

fn side(b: &Board, x: usize, y: usize) -> usize {
    (0..6)
        .find(|&d| b.nb[x][d] as usize == y)
        .expect("adjacent")
}

fn sweep1(f: local::AtCell, b: &Board, st: &mut State) -> Vec<Deduction> {
    let mut out = Vec::new();
    let changed = local::sweep(b, st, &mut out, f).expect("no contradiction");
    assert_eq!(changed, !out.is_empty());
    out
}

fn sweep(f: Sweep, b: &Board, st: &mut State) -> Vec<Deduction> {
    let mut out = Vec::new();
    let changed = f(b, st, &mut out).expect("no contradiction");
    assert_eq!(changed, !out.is_empty());
    out
}

fn steps(st: &State, c: usize) -> Vec<usize> {
    st.steps[c].iter().map(|s| s + 1).collect()
}

#[test]
fn one_open_forced_and_not() {
    let l = line(3, &[]);
    let (b, mut st) = fresh(&l);
    let out = sweep1(local::one_open_at, &b, &mut st);
    assert_eq!(out[0].technique, Technique::OneOpen);
    assert_eq!(out[0].cells, vec![0, 1]);
    assert!(out[0].conclusions.contains(&Conclusion::Use { a: 0, b: 1 }));
    assert_eq!(
        steps(&st, 0),
        vec![1, 3],
        "an end holds the first or last step"
    );
    let (b, mut st) = fresh(&triangle());
    assert!(sweep1(local::one_open_at, &b, &mut st).is_empty());
}

#[test]
fn two_open_forced_and_not() {
    // b between the 1 and the 3 cannot be an end and has two open sides
    let (b, mut st) = fresh(&line(3, &[(0, 1), (2, 3)]));
    let out = sweep1(local::two_open_at, &b, &mut st);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].cells, vec![1, 2, 0]);
    assert_eq!(st.used[1].count_ones(), 2);
    // without clues b might be an end: nothing forced
    let (b, mut st) = fresh(&line(3, &[]));
    assert!(sweep1(local::two_open_at, &b, &mut st).is_empty());
}

#[test]
fn full_forced_and_not() {
    let (b, mut st) = fresh(&triangle());
    let (ab, ac) = (side(&b, 0, 1), side(&b, 0, 2));
    st.use_side(&b, 0, ab).unwrap();
    // one used side and a may still be inner: nothing
    assert!(sweep1(local::full_at, &b, &mut st).is_empty());
    st.use_side(&b, 0, ac).unwrap();
    let out = sweep1(local::full_at, &b, &mut st);
    assert_eq!(out[0].cells[0], 0);
    assert_eq!(
        steps(&st, 0),
        vec![2],
        "a cell using two sides is not an end"
    );
    // with a the 2, b is an end using its one side: b–c closes in the same sweep
    assert_eq!(st.open[1] & (1 << side(&b, 1, 2)), 0);
    assert!(out
        .iter()
        .any(|d| d.cells[0] == 1 && d.conclusions == vec![Conclusion::Close { a: 1, b: 2 }]));
}

#[test]
fn next_door_forced_and_not() {
    let (b, mut st) = fresh(&line(5, &[(2, 3)]));
    let out = sweep1(local::next_door_at, &b, &mut st);
    assert_eq!(out[0].technique, Technique::Consecutive);
    assert_eq!(out[0].cells, vec![2, 3, 1]);
    assert_eq!(steps(&st, 0), vec![1, 5]);
    assert_eq!(steps(&st, 4), vec![1, 5]);
    let (b, mut st) = fresh(&line(5, &[]));
    assert!(sweep1(local::next_door_at, &b, &mut st).is_empty());
}

#[test]
fn one_place_forced_and_not() {
    let (b, mut st) = fresh(&line(3, &[]));
    assert!(sweep1(local::one_place_at, &b, &mut st).is_empty());
    st.remove(0, StepSet::single(0)).unwrap();
    st.remove(1, StepSet::single(0)).unwrap();
    let out = sweep1(local::one_place_at, &b, &mut st);
    assert_eq!(out[0].cells, vec![2]);
    assert_eq!(st.fixed(2), Some(0));
    assert!(out[0]
        .conclusions
        .contains(&Conclusion::Fix { cell: 2, step: 1 }));
}

#[test]
fn joined_forced_and_not() {
    // 1 and 3 side by side cannot be joined
    let l = level(
        &[
            ("a", 0, 0, Some(1)),
            ("b", 1, 0, Some(3)),
            ("c", 0, 1, None),
        ],
        &[],
    );
    let (b, mut st) = fresh(&l);
    let out = sweep1(local::joined_at, &b, &mut st);
    assert!(out[0]
        .conclusions
        .contains(&Conclusion::Close { a: 0, b: 1 }));
    // a used side from the 1 makes its other cell the 2
    let (b, mut st) = fresh(&line(3, &[(0, 1)]));
    st.use_side(&b, 0, side(&b, 0, 1)).unwrap();
    sweep1(local::joined_at, &b, &mut st);
    assert_eq!(st.fixed(1), Some(1));
    let (b, mut st) = fresh(&triangle());
    assert!(sweep1(local::joined_at, &b, &mut st).is_empty());
}

#[test]
fn spinner_forced_and_not() {
    // the spinner blocks c–s when one cell is on the path: the 1 cannot step to s
    let base = r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1}],
            "spinners":[{"cell":"c","corner":0,"phase":0}]}"#;
    let l = parse_level(base).unwrap();
    let (b, mut st) = fresh(&l);
    let out = sweep1(local::spinner_at, &b, &mut st);
    assert!(out[0]
        .conclusions
        .contains(&Conclusion::Close { a: 0, b: 2 }));
    // without the clue the side can still be crossed later (steps 2 → 3)
    let l = parse_level(&base.replace(r#","clue":1"#, "")).unwrap();
    let (b, mut st) = fresh(&l);
    assert!(sweep1(local::spinner_at, &b, &mut st).is_empty());
}

#[test]
fn distance_forced_and_not() {
    let (b, mut st) = fresh(&line(5, &[(0, 1)]));
    let out = sweep(graph::distance, &b, &mut st);
    assert_eq!(out.len(), 1, "one known cell at a time");
    // the far end is 4 steps away, so it is the 5; then each cell in turn
    assert!(out[0]
        .conclusions
        .contains(&Conclusion::Fix { cell: 4, step: 5 }));
    assert_eq!((steps(&st, 2), steps(&st, 3)), (vec![3], vec![4]));
    let (b, mut st) = fresh(&line(5, &[]));
    assert!(sweep(graph::distance, &b, &mut st).is_empty());
}

#[test]
fn region_forced_and_not() {
    // u–a used; using a–b would fill a and close a–x, cutting x off
    let l = level(
        &[
            ("u", 0, 0, None),
            ("a", 1, 0, None),
            ("x", 2, 0, None),
            ("b", 1, -1, None),
        ],
        &[],
    );
    let (b, mut st) = fresh(&l);
    assert!(sweep(graph::region, &b, &mut st).is_empty());
    st.use_side(&b, 0, side(&b, 0, 1)).unwrap();
    let out = sweep(graph::region, &b, &mut st);
    assert_eq!(out[0].cells, vec![1, 3, 2]);
    assert_eq!(out[0].conclusions, vec![Conclusion::Close { a: 1, b: 3 }]);
}

#[test]
fn articulation_forced_and_not() {
    // the middle of a line of five with the 1 at one end: one cell before it
    let (b, mut st) = fresh(&line(5, &[(0, 1)]));
    let out = sweep(graph::articulation, &b, &mut st);
    assert_eq!(out[0].technique, Technique::Articulation);
    assert_eq!(out[0].cells, vec![1, 0]);
    assert_eq!(steps(&st, 1), vec![2]);
    // a ring has no neck
    let ring: Vec<(String, i32, i32)> = (0..6)
        .map(|d| {
            let p = crate::hex::Axial::new(0, 0).neighbor(d);
            (crate::hex::model::cell_name(d), p.q, p.r)
        })
        .collect();
    let cells: Vec<(&str, i32, i32, Option<u32>)> = ring
        .iter()
        .map(|(id, q, r)| (id.as_str(), *q, *r, None))
        .collect();
    let (b, mut st) = fresh(&level(&cells, &[]));
    assert!(sweep(graph::articulation, &b, &mut st).is_empty());
}

/// A board found by search where tiers 1–2 stop and one assumption settles a side.
const NEEDS_LOOKAHEAD: &str = r#"{"id":"gen-12","orientation":"pointy","cells":[{"id":"a","q":0,"r":-2},{"id":"b","q":1,"r":-2,"clue":1},{"id":"c","q":0,"r":-1},{"id":"d","q":1,"r":-1},{"id":"e","q":-1,"r":0},{"id":"f","q":0,"r":0,"clue":5},{"id":"g","q":1,"r":0}],"walls":[["d","f"]]}"#;

#[test]
fn lookahead_forced_and_not() {
    let l = parse_level(NEEDS_LOOKAHEAD).unwrap();
    assert_eq!(deduce(&l, 2).outcome, Outcome::Stuck);
    let r = deduce(&l, 3);
    assert_eq!(r.outcome, Outcome::Solved);
    assert_eq!(r.grade.tier, 3);
    let (b, mut st) = fresh(&triangle());
    let mut out = Vec::new();
    let tools = Toolbox::up_to(2);
    assert!(!lookahead::lookahead(&b, &mut st, &mut out, tools).unwrap());
}

#[test]
fn outcomes() {
    let r = deduce(&line(3, &[(0, 1)]), 3);
    assert_eq!(r.outcome, Outcome::Solved);
    assert_eq!(r.path, Some(vec![0, 1, 2]));
    assert_eq!(r.grade.tier, 1);
    assert_eq!(r.stuck_step(), None);
    // two directions: stuck, step 1 unknown
    let r = deduce(&line(3, &[]), 3);
    assert_eq!(r.outcome, Outcome::Stuck);
    assert_eq!(r.stuck_step(), Some(1));
    assert_eq!(r.board.steps[1], vec![2]);
    // the 1 and the 2 far apart: no path
    let r = deduce(&line(4, &[(0, 1), (3, 2)]), 3);
    assert_eq!(r.outcome, Outcome::Contradiction);
}

#[test]
fn next_step_reason_names_the_deduction() {
    // the 1 has a wall on one side: its only open side gives step 2
    let l = level(
        &[
            ("a", 0, 0, Some(1)),
            ("b", 1, 0, None),
            ("c", 0, 1, None),
            ("d", 1, 1, None),
        ],
        &[("a", "b")],
    );
    let why = next_step_reason(&l, &[0]).unwrap();
    assert_eq!(why.technique, Technique::OneOpen);
    assert_eq!(why.cells, vec![0, 2]);
    // off the solution there is no reason
    assert_eq!(next_step_reason(&l, &[0, 2, 1]), None);
    // the start given by clue 1 needs no reasoning
    assert_eq!(next_step_reason(&l, &[]), None);
}

#[test]
fn the_stuck_board_names_fixed_cells_and_where_the_guess_is() {
    // two rows of three, clues 1 and 3 on the top row: step 2 is forced below the 1,
    // then the path may go either way round
    let l = level(
        &[
            ("a", 0, 0, Some(1)),
            ("b", 1, 0, Some(3)),
            ("c", 2, 0, None),
            ("d", 0, 1, None),
            ("e", 1, 1, None),
            ("f", 2, 1, None),
        ],
        &[],
    );
    let r = deduce(&l, MAX_TIER);
    assert_eq!(r.outcome, Outcome::Stuck);
    let board = r.reasoning().stuck_board.unwrap();
    let fixed: Vec<_> = (0..6).map(|c| board.fixed_step(c)).collect();
    assert_eq!(fixed, [Some(1), Some(3), None, Some(2), None, None]);
    assert_eq!(r.stuck_step(), Some(4));
    assert_eq!(board.cells_for_step(4), [2, 4]);
    assert_eq!(board.cells_for_step(1), [0]);
    assert!(board.used.contains(&Edge::new(0, 3)));
    assert!(board.closed.contains(&Edge::new(0, 1)));
    // a solved run keeps no stuck board
    assert_eq!(deduce(&line(3, &[(0, 1)]), 1).reasoning().stuck_board, None);
}

mod order {
    //! Every technique is monotone (what it concludes stays true on any narrower
    //! board), so the end of reasoning does not depend on the order techniques
    //! look at cells: the focused, cell-by-cell order reaches the same board.
    use super::*;
    use crate::hex::generator::{generate, GenOptions};
    use proptest::prelude::*;

    fn end_board(l: &Level, focus: Option<usize>) -> (Outcome, Snapshot) {
        let mut b = Board::new(l);
        if let Some(c) = focus {
            b.focus_on(c);
        }
        let mut st = State::new(&b).unwrap();
        st.start_recording();
        let mut out = Vec::new();
        let flow = propagate(&b, &mut st, Toolbox::up_to(MAX_TIER), &mut out, &mut |_| {
            false
        });
        let outcome = match flow {
            Ok(Flow::Solved) => Outcome::Solved,
            Ok(_) => Outcome::Stuck,
            Err(_) => Outcome::Contradiction,
        };
        (outcome, snapshot(&b, &st))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
        #[test]
        fn focus_order_reaches_the_same_board(cells in 5usize..=12, walls in 0usize..=3,
                spinners in 0usize..=2, seed in any::<u64>(), drop in any::<u8>(), at in any::<usize>()) {
            let spinners = if cells >= 8 { spinners } else { 0 };
            let Ok(l) = generate(&GenOptions { cells, walls, spinners, seed, attempts: 20, ..GenOptions::default() }) else {
                return Ok(());
            };
            let mut parts = l.parts();
            for (i, c) in parts.cells.iter_mut().enumerate() {
                if drop >> (i % 8) & 1 == 1 {
                    c.clue = None;
                }
            }
            let l = Level::build(parts).unwrap();
            let plain = end_board(&l, None);
            let focused = end_board(&l, Some(at % l.len()));
            prop_assert_eq!(plain.0, focused.0);
            match plain.0 {
                // solved: the steps say it all (reasoning stops before settling every side)
                Outcome::Solved => prop_assert_eq!(plain.1.steps, focused.1.steps),
                Outcome::Stuck => prop_assert_eq!(plain.1, focused.1),
                Outcome::Contradiction => {}
            }
        }
    }
}
