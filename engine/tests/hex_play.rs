//! Playing levels through the input machine and hints: the first levels' lessons.

use engine::hex::checks::{check_level, CheckOptions, Verdict};
use engine::hex::hint::{hint, Hint};
use engine::hex::input::{InputMachine, State, ViewEvent};
use engine::hex::level_file::{parse_level, parse_pack};
use engine::hex::solver::{solve, SolveOptions};

fn sample_pack() -> engine::hex::level_file::Pack {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/hex-sample-pack.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    parse_pack(&text).unwrap()
}

#[test]
fn every_sample_level_clears_by_replaying_the_solution() {
    for level in sample_pack().levels {
        let sol = solve(&level, &SolveOptions::default()).first.unwrap();
        let mut m = InputMachine::new(level.clone());
        let mut events = m.press(sol[0]);
        for &c in &sol[1..] {
            events.extend(m.enter(c));
        }
        assert_eq!(events.last(), Some(&ViewEvent::Cleared), "{}", level.id);
        assert_eq!(m.state(), State::Cleared);
        let r = check_level(&level, &CheckOptions::default());
        assert!(r.ok, "{} {:?}", level.id, r.problems);
    }
}

/// A straight slide into the wall appends nothing; going round clears;
/// a press on a non-1 cell starts nothing; the hint after deviating points to the fork.
#[test]
fn a_wall_is_an_edge_in_play() {
    let level = sample_pack().levels[1].clone(); // s-2: a–b walled, clues a=1, d=4
    let (a, b, c, d) = (0, 1, 2, 3);
    let mut m = InputMachine::new(level.clone());
    assert!(m.press(b).is_empty(), "clue-1 start enforced");
    m.press(a);
    for _ in 0..10 {
        assert!(matches!(m.enter(b).as_slice(), [ViewEvent::Bumped { .. }]));
    }
    assert_eq!(m.path(), &[a]);
    m.enter(c);
    m.enter(d); // conflict: d is clue 4, reached at step 3
    assert_eq!(m.conflicts(), vec![d]);
    assert_eq!(hint(&level, m.path()), Hint::Fork { cell: c });
    m.enter(c); // undo by sliding back
    assert_eq!(m.path(), &[a, c]);
    assert_eq!(hint(&level, m.path()), Hint::Next { cell: b });
    m.enter(b);
    let ev = m.enter(d);
    assert!(ev.contains(&ViewEvent::Cleared));
    assert_eq!(m.restart(), vec![ViewEvent::Restarted]);
    assert_eq!(hint(&level, m.path()), Hint::Start { cell: a });
}

#[test]
fn tutorial_like_levels_walls_matter_from_the_third() {
    let pack = sample_pack();
    let r1 = check_level(&pack.levels[0], &CheckOptions::default());
    assert_eq!(r1.walls_matter, Verdict::NotApplicable);
    let r2 = check_level(&pack.levels[1], &CheckOptions::default());
    assert_eq!(r2.walls_matter, Verdict::Yes);
    assert_eq!(r2.necessary_walls.len(), 1);
    assert_eq!(r2.necessary_walls[0].necessary, Verdict::Yes);
}

#[test]
fn a_spinner_level_needs_the_turning() {
    let level = sample_pack().levels[2].clone();
    assert_eq!(level.spinners().len(), 1);
    let r = check_level(&level, &CheckOptions::default());
    let s = &r.spinner_checks[0];
    assert_eq!(s.removal_breaks, Verdict::Yes);
    assert_eq!(s.static_breaks, Verdict::Yes);
}

#[test]
fn node_limit_is_reported_not_hung() {
    let text = format!(
        r#"{{"id":"big","cells":[{}]}}"#,
        (0..64)
            .map(|i| format!(r#"{{"id":"c{i}","q":{},"r":{}}}"#, i % 8, i / 8))
            .collect::<Vec<_>>()
            .join(",")
    );
    let level = parse_level(&text).unwrap();
    let r = check_level(
        &level,
        &CheckOptions {
            node_limit: 5_000,
            ..CheckOptions::default()
        },
    );
    // plenty of solutions are found fast; the verdict is "not unique", never a hang
    assert_eq!(r.unique, Verdict::No);
}
