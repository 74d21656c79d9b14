//! The deduction solver against the backtracking solver (it never concludes
//! anything a solution contradicts), and its command line (`hex deduce`, `hex hint`,
//! `hex generate --max-tier`).

use std::process::Command;

use engine::hex::deduce::{deduce, next_step_reason, Conclusion, Outcome};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::model::{Edge, Level, LevelParts};
use engine::hex::rules::{self, check_step};
use engine::hex::solver::{solve, SolveOptions};
use proptest::prelude::*;

/// Every legal complete path, by plain enumeration (small boards only).
fn all_solutions(level: &Level) -> Vec<Vec<usize>> {
    fn go(level: &Level, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if path.len() == level.len() {
            if rules::is_solution(level, path) {
                out.push(path.clone());
            }
            return;
        }
        let end = *path.last().unwrap();
        for (_, nx) in level.neighbors(end) {
            if check_step(level, path, nx).is_ok() {
                path.push(nx);
                go(level, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    for s in rules::legal_starts(level) {
        go(level, &mut vec![s], &mut out);
    }
    out
}

fn sides(path: &[usize]) -> Vec<Edge> {
    path.windows(2).map(|w| Edge::new(w[0], w[1])).collect()
}

/// A conclusion a solution contradicts, described.
fn contradicted(c: &Conclusion, sol: &[usize]) -> Option<String> {
    let step_of = |cell: usize| sol.iter().position(|&x| x == cell).unwrap() as u32 + 1;
    let on = |a: usize, b: usize| sides(sol).contains(&Edge::new(a, b));
    match *c {
        Conclusion::Use { a, b } if !on(a, b) => Some(format!("used {a}-{b}")),
        Conclusion::Close { a, b } if on(a, b) => Some(format!("closed {a}-{b}")),
        Conclusion::Fix { cell, step } if step_of(cell) != step => {
            Some(format!("fixed {cell} at {step}"))
        }
        Conclusion::Remove { cell, ref steps } if steps.contains(&step_of(cell)) => {
            Some(format!("removed {steps:?} from {cell}"))
        }
        _ => None,
    }
}

/// A generated level (unique), then thinned: some clues dropped.
fn level_strategy() -> impl Strategy<Value = Level> {
    (
        4usize..=11,
        0usize..=1,
        0usize..=3,
        0usize..=2,
        any::<u64>(),
        any::<u8>(),
    )
        .prop_filter_map(
            "generator gave up",
            |(cells, holes, walls, spinners, seed, drop)| {
                let holes = if cells >= 8 { holes } else { 0 };
                let spinners = if cells >= 8 { spinners } else { 0 };
                let l = generate(&GenOptions {
                    cells,
                    holes,
                    walls,
                    spinners,
                    seed,
                    attempts: 20,
                    ..GenOptions::default()
                })
                .ok()?;
                let mut parts: LevelParts = l.parts();
                for (i, c) in parts.cells.iter_mut().enumerate() {
                    if drop >> (i % 8) & 1 == 1 {
                        c.clue = None;
                    }
                }
                Level::build(parts).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// On uniquely solvable boards every deduction agrees with the one solution;
    /// on the others every solution survives all deductions (the reasoning is sound).
    #[test]
    fn deduction_never_contradicts_a_solution(level in level_strategy()) {
        let sols = all_solutions(&level);
        let r = deduce(&level, 3);
        if sols.is_empty() {
            prop_assert_ne!(r.outcome, Outcome::Solved);
            return Ok(());
        }
        prop_assert_ne!(r.outcome, Outcome::Contradiction);
        for sol in &sols {
            for d in &r.trace {
                for c in &d.conclusions {
                    prop_assert!(contradicted(c, sol).is_none(),
                        "{:?} {}: {:?}", d.technique, contradicted(c, sol).unwrap(), sol);
                }
            }
            for (i, &cell) in sol.iter().enumerate() {
                prop_assert!(r.board.steps[cell].contains(&(i as u32 + 1)));
            }
        }
        if sols.len() == 1 {
            let unique = solve(&level, &SolveOptions::default());
            prop_assert!(unique.is_unique());
            if let Some(p) = &r.path {
                prop_assert_eq!(p, &sols[0]);
            }
            // the teaching hint's deduction agrees too, from any prefix
            for k in 0..sols[0].len() {
                if let Some(d) = next_step_reason(&level, &sols[0][..k]) {
                    for c in &d.conclusions {
                        prop_assert!(contradicted(c, &sols[0]).is_none());
                    }
                }
            }
        } else {
            prop_assert_ne!(r.outcome, Outcome::Solved);
        }
    }
}

fn engine() -> Command {
    Command::new(env!("CARGO_BIN_EXE_engine"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = engine().args(args).output().expect("engine runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tutorial() -> String {
    format!(
        "{}/../levels/pack-1-tutorial.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn temp_level(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("hex-deduce-{}-{name}.json", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn deduce_prints_grade_techniques_and_trace() {
    let (code, out, err) = run(&["hex", "deduce", &tutorial(), "--trace"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let levels = v.as_array().expect("a pack gives an array");
    assert_eq!(levels.len(), 8);
    for l in levels {
        assert_eq!(l["outcome"], "solved", "{l}");
        assert_eq!(l["tier"], 1, "{l}");
        let trace = l["trace"].as_array().unwrap();
        assert_eq!(trace.len() as u64, l["deductions"].as_u64().unwrap());
        assert!(trace
            .iter()
            .all(|d| d["technique"].is_string() && d["cells"].is_array()));
        assert!(l["path"].is_array());
    }
}

#[test]
fn deduce_reports_the_stuck_board() {
    // a row of three without clues: two directions, reasoning cannot pick one
    let f = temp_level(
        "row",
        r#"{"id":"row","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0}]}"#,
    );
    let (code, out, _) = run(&["hex", "deduce", &f]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "stuck");
    assert_eq!(v["stuck_step"], 1);
    assert_eq!(v["stuck_board"]["steps"]["b"], serde_json::json!([2]));
    assert_eq!(v["stuck_board"]["steps"]["a"], serde_json::json!([1, 3]));
    assert!(v.get("trace").is_none());
}

#[test]
fn deduce_rejects_bad_input() {
    let f = temp_level("bad", r#"{"id":"x","cells":[]}"#);
    let (code, _, err) = run(&["hex", "deduce", &f]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(code, 2);
    assert!(err.contains("no cells"), "{err}");
    let (code, _, err) = run(&["hex", "deduce", &tutorial(), "--max-tier", "4"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn hint_names_the_technique_on_the_path_and_not_off_it() {
    // 1-4's start has a wall on one side: after tapping the 1, its one open side
    let pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tutorial()).unwrap()).unwrap();
    let level = &pack["levels"][3];
    let start = level["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["clue"] == 1)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let l14 = temp_level("l14", &level.to_string());
    let (code, out, err) = run(&["hex", "hint", &l14, "--path", &start]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "next");
    assert_eq!(v["technique"], "one_open");
    assert_eq!(v["cells"][0], start.as_str());
    assert_eq!(v["cells"][1], v["cell"]);
    // off the solution: the fork, and no technique
    let (_, solved, _) = run(&["hex", "solve", &l14]);
    let path: Vec<String> = serde_json::from_str::<serde_json::Value>(&solved).unwrap()["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    let wrong = ["a", "b", "c", "d", "e", "f", "g"]
        .into_iter()
        .find(|c| *c != path[0] && *c != path[1] && *c != path[2])
        .unwrap();
    let off = format!("{},{},{wrong}", path[0], path[1]);
    let (code, out, _) = run(&["hex", "hint", &l14, "--path", &off]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "fork", "{out}");
    assert!(v["technique"].is_null());
    let (code, _, err) = run(&["hex", "hint", &l14, "--path", &format!("{start},zz")]);
    let _ = std::fs::remove_file(&l14);
    assert_eq!(code, 2);
    assert!(err.contains("\"zz\""), "{err}");
}

#[test]
fn generate_with_max_tier_gives_a_level_reasoning_solves() {
    let args = [
        "hex",
        "generate",
        "--cells",
        "9",
        "--walls",
        "2",
        "--seed",
        "3",
        "--max-tier",
        "1",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, again, _) = run(&args);
    assert_eq!(out, again, "deterministic");
    let f = temp_level("gen", &out);
    let (_, d, _) = run(&["hex", "deduce", &f]);
    let _ = std::fs::remove_file(&f);
    let v: serde_json::Value = serde_json::from_str(&d).unwrap();
    assert_eq!(v["outcome"], "solved");
    assert_eq!(v["tier"], 1);
}
