//! Content checks per level (connected, exactly one solution, walls and spinners
//! that matter, every spinner's turning needed), with a bounded cost so the
//! browser editor can run them live in a worker.
//!
//! Every solver run is capped by [`CheckOptions::node_limit`]; a capped run makes
//! the affected verdict `unknown` and sets [`CheckReport::aborted`] instead of hanging.

use serde::{Deserialize, Serialize};

use super::deduce::{deduce, Reasoning, MAX_TIER};
use super::model::{Edge, Level, LevelParts};
use super::solver::{solve, SolveOptions, SolveResult};

/// Options for [`check_level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckOptions {
    /// Node limit for every single solver run (0 = unlimited).
    pub node_limit: u64,
    /// Whether "removing all walls breaks uniqueness" is required. `None` (the
    /// default): required exactly when the level has at least one wall or spinner.
    pub walls_matter_required: Option<bool>,
    /// Whether to test every static wall for necessity.
    pub necessary_walls: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            node_limit: 2_000_000,
            walls_matter_required: None,
            necessary_walls: true,
        }
    }
}

/// Three-valued verdict (plus "not applicable").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Yes,
    No,
    /// The node limit was hit before the answer was known.
    Unknown,
    /// The check does not apply (e.g. walls-matter on a level without walls).
    NotApplicable,
}

impl Verdict {
    fn from_bool(b: bool) -> Verdict {
        if b {
            Verdict::Yes
        } else {
            Verdict::No
        }
    }

    /// Short word for tables: `yes`, `no`, `?`, `-`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Yes => "yes",
            Verdict::No => "no",
            Verdict::Unknown => "?",
            Verdict::NotApplicable => "-",
        }
    }
}

/// A capped solution count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Solutions found, at most 2.
    pub solutions: u64,
    /// Two were found: there may be more ("2+").
    pub capped: bool,
    /// The node limit was hit: `solutions` is a lower bound.
    pub aborted: bool,
    pub nodes: u64,
}

impl Count {
    fn of(r: &SolveResult) -> Count {
        Count {
            solutions: r.count,
            capped: r.capped,
            aborted: r.aborted,
            nodes: r.nodes,
        }
    }

    /// `Yes` when the count is not exactly one (uniqueness broken), `Unknown` if aborted with < 2.
    pub fn breaks_uniqueness(&self) -> Verdict {
        if self.solutions >= 2 {
            Verdict::Yes
        } else if self.aborted {
            Verdict::Unknown
        } else {
            Verdict::from_bool(self.solutions != 1)
        }
    }

    /// `0`, `1`, `2+`, or with a `?` suffix when the search was cut short.
    pub fn label(&self) -> String {
        let base = if self.solutions >= 2 {
            "2+".to_string()
        } else {
            self.solutions.to_string()
        };
        if self.aborted && self.solutions < 2 {
            format!("{base}?")
        } else {
            base
        }
    }
}

/// Whether one static wall is needed for uniqueness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WallCheck {
    pub a: String,
    pub b: String,
    /// Removing this wall alone makes the count ≠ 1.
    pub necessary: Verdict,
    pub without: Count,
}

/// Whether one spinner is needed: removing it, or pinning it as a static wall on
/// any one of its candidate sides, must break uniqueness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpinnerCheck {
    pub cell: String,
    pub corner: u8,
    /// Count with the spinner removed.
    pub removed: Count,
    /// Count with the spinner replaced by a static wall on candidate 0, 1, 2
    /// (`None`: that candidate is off the board, so the wall would be no wall).
    pub as_static: [Option<Count>; 3],
    /// Removing it makes the count ≠ 1.
    pub removal_breaks: Verdict,
    /// Every static replacement makes the count ≠ 1.
    pub static_breaks: Verdict,
    /// Both hold.
    pub ok: Verdict,
}

/// The backtracking search's effort: a machine measure kept for information (the
/// difficulty that orders levels is [`CheckReport::reasoning`]'s grade).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Difficulty {
    /// Search nodes needed to prove uniqueness (solution limit 2).
    pub nodes: u64,
    /// `log2(max(nodes / cells, 1)) · 10`, rounded to one decimal: 0 for a level the
    /// pruned search walks straight through, growing with the backtracking needed.
    pub score: f64,
}

/// Everything the CLI table, `--json`, the editor worker and the pack tests need.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    pub id: String,
    pub cells: usize,
    pub walls: usize,
    pub holes: usize,
    pub clues: usize,
    pub spinners: usize,
    /// Clue 1 present (the start is known).
    pub has_start_clue: bool,
    /// The cell graph minus its walls is connected.
    pub connected: bool,
    pub count: Count,
    pub unique: Verdict,
    /// Removing all walls and spinners makes the count ≠ 1.
    pub walls_matter: Verdict,
    pub walls_matter_required: bool,
    pub wall_free: Option<Count>,
    pub necessary_walls: Vec<WallCheck>,
    pub spinner_checks: Vec<SpinnerCheck>,
    pub difficulty: Difficulty,
    /// How far reasoning alone gets (the deduction solver's outcome, grade and
    /// techniques); filled by [`check_level_with_reasoning`], `None` from [`check_level`].
    pub reasoning: Option<Reasoning>,
    /// The first solution (cell ids), for tools and the editor; never stored in a level.
    pub solution: Option<Vec<String>>,
    /// A second, different solution when there are several.
    pub other_solution: Option<Vec<String>>,
    /// Some solver run hit the node limit.
    pub aborted: bool,
    /// Human sentences, one per failed check.
    pub problems: Vec<String>,
    pub ok: bool,
}

fn variant(
    level: &Level,
    walls: Vec<(usize, usize)>,
    spinners: Vec<super::model::SpinnerSpec>,
) -> Level {
    let parts = LevelParts {
        walls,
        spinners,
        ..level.parts()
    };
    Level::build_relaxed(parts).expect("a variant of a valid level is valid")
}

/// Runs all content checks on one level.
pub fn check_level(level: &Level, opts: &CheckOptions) -> CheckReport {
    let so = SolveOptions {
        limit: 2,
        node_limit: opts.node_limit,
    };
    let mut problems = Vec::new();
    let mut aborted = false;
    let connected = level.wall_free_connected();
    if !connected {
        problems.push("the cell graph minus its walls is not connected".to_string());
    }
    let main = solve(level, &so);
    aborted |= main.aborted;
    let count = Count::of(&main);
    let unique = if main.count >= 2 {
        Verdict::No
    } else if main.aborted {
        Verdict::Unknown
    } else {
        Verdict::from_bool(main.count == 1)
    };
    match unique {
        Verdict::No if main.count == 0 => problems.push("the level has no solution".to_string()),
        Verdict::No => problems.push("the level has more than one solution".to_string()),
        Verdict::Unknown => problems.push(format!(
            "uniqueness unknown: the solver hit its node limit ({})",
            opts.node_limit
        )),
        _ => {}
    }
    let has_walls = !level.walls().is_empty() || !level.spinners().is_empty();
    let required = opts.walls_matter_required.unwrap_or(has_walls);
    let is_unique = unique == Verdict::Yes;

    let (walls_matter, wall_free) = if !has_walls {
        (Verdict::NotApplicable, None)
    } else {
        let v = variant(level, Vec::new(), Vec::new());
        let r = solve(&v, &so);
        aborted |= r.aborted;
        let c = Count::of(&r);
        (c.breaks_uniqueness(), Some(c))
    };
    if required {
        match walls_matter {
            Verdict::No => problems.push(
                "walls do not matter: without walls and spinners the solution is still unique"
                    .to_string(),
            ),
            Verdict::Unknown => problems.push("walls-matter unknown: node limit hit".to_string()),
            Verdict::NotApplicable => problems
                .push("walls must matter but the level has no walls or spinners".to_string()),
            Verdict::Yes => {}
        }
    }

    let specs: Vec<_> = level.spinners().iter().map(|s| s.spec()).collect();
    let base_walls: Vec<(usize, usize)> = level.walls().iter().map(|e| (e.a, e.b)).collect();
    let mut necessary_walls = Vec::new();
    if opts.necessary_walls && is_unique {
        for (wi, e) in level.walls().iter().enumerate() {
            let mut ws = base_walls.clone();
            ws.remove(wi);
            let r = solve(&variant(level, ws, specs.clone()), &so);
            aborted |= r.aborted;
            let c = Count::of(&r);
            necessary_walls.push(WallCheck {
                a: level.cell(e.a).id.clone(),
                b: level.cell(e.b).id.clone(),
                necessary: c.breaks_uniqueness(),
                without: c,
            });
        }
    }

    let mut spinner_checks = Vec::new();
    for (si, sp) in level.spinners().iter().enumerate() {
        let cell = level.cell(sp.cell).id.clone();
        if !is_unique {
            spinner_checks.push(SpinnerCheck {
                cell,
                corner: sp.corner,
                removed: Count::default(),
                as_static: [None; 3],
                removal_breaks: Verdict::Unknown,
                static_breaks: Verdict::Unknown,
                ok: Verdict::Unknown,
            });
            continue;
        }
        let mut others = specs.clone();
        others.remove(si);
        let r = solve(&variant(level, base_walls.clone(), others.clone()), &so);
        aborted |= r.aborted;
        let removed = Count::of(&r);
        let removal_breaks = removed.breaks_uniqueness();
        let mut as_static = [None; 3];
        let mut static_breaks = Verdict::Yes;
        for (j, cand) in sp.candidates.iter().enumerate() {
            let Some(Edge { a, b }) = *cand else { continue };
            let mut ws = base_walls.clone();
            if !level.has_wall(a, b) {
                ws.push((a, b));
            }
            let r = solve(&variant(level, ws, others.clone()), &so);
            aborted |= r.aborted;
            let c = Count::of(&r);
            match c.breaks_uniqueness() {
                Verdict::No => static_breaks = Verdict::No,
                Verdict::Unknown if static_breaks == Verdict::Yes => {
                    static_breaks = Verdict::Unknown
                }
                _ => {}
            }
            as_static[j] = Some(c);
        }
        let ok = match (removal_breaks, static_breaks) {
            (Verdict::Yes, Verdict::Yes) => Verdict::Yes,
            (Verdict::No, _) | (_, Verdict::No) => Verdict::No,
            _ => Verdict::Unknown,
        };
        if removal_breaks == Verdict::No {
            problems.push(format!(
                "the spinner at cell \"{cell}\" corner {} does not matter: without it the solution is still unique",
                sp.corner
            ));
        }
        if static_breaks == Verdict::No {
            let which: Vec<String> = as_static
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some_and(|c| c.breaks_uniqueness() == Verdict::No))
                .map(|(j, _)| j.to_string())
                .collect();
            problems.push(format!(
                "the spinner at cell \"{cell}\" corner {} could be a static wall on candidate {}: its turning is not needed",
                sp.corner,
                which.join(", ")
            ));
        }
        if ok == Verdict::Unknown {
            problems.push(format!(
                "spinner checks for cell \"{cell}\" corner {} unknown: node limit hit",
                sp.corner
            ));
        }
        spinner_checks.push(SpinnerCheck {
            cell,
            corner: sp.corner,
            removed,
            as_static,
            removal_breaks,
            static_breaks,
            ok,
        });
    }

    let n = level.len().max(1) as f64;
    let score = ((main.nodes as f64 / n).max(1.0).log2() * 100.0).round() / 10.0;
    let ok = problems.is_empty();
    CheckReport {
        id: level.id.clone(),
        cells: level.len(),
        walls: level.walls().len(),
        holes: level.holes(),
        clues: level.clue_count(),
        spinners: level.spinners().len(),
        has_start_clue: level.clue_cell(1).is_some(),
        connected,
        count,
        unique,
        walls_matter,
        walls_matter_required: required,
        wall_free,
        necessary_walls,
        spinner_checks,
        difficulty: Difficulty {
            nodes: main.nodes,
            score,
        },
        reasoning: None,
        solution: main.first.as_ref().map(|p| level.ids(p)),
        other_solution: main.second.as_ref().map(|p| level.ids(p)),
        aborted,
        problems,
        ok,
    }
}

/// [`check_level`] plus the deduction solver's verdict (every tier): what
/// `hex verify`, the content law and the editor report.
pub fn check_level_with_reasoning(level: &Level, opts: &CheckOptions) -> CheckReport {
    let mut r = check_level(level, opts);
    r.reasoning = Some(deduce(level, MAX_TIER).reasoning());
    r
}

/// Summary word for the spinner checks of a report: `-` (none), `ok`, `FAIL`, `?`.
pub fn spinner_summary(r: &CheckReport) -> &'static str {
    if r.spinner_checks.is_empty() {
        "-"
    } else if r.spinner_checks.iter().all(|s| s.ok == Verdict::Yes) {
        "ok"
    } else if r.spinner_checks.iter().any(|s| s.ok == Verdict::No) {
        "FAIL"
    } else {
        "?"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;

    #[test]
    fn walled_triangle_walls_matter() {
        let l = parse_level(
            r#"{"id":"w","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":0,"r":1}],"walls":[["a","b"]]}"#,
        )
        .unwrap();
        let r = check_level(&l, &CheckOptions::default());
        assert_eq!(r.unique, Verdict::Yes);
        assert_eq!(r.walls_matter, Verdict::Yes);
        assert_eq!(r.necessary_walls[0].necessary, Verdict::Yes);
        assert!(r.ok, "{:?}", r.problems);
        assert_eq!(r.solution, Some(vec!["a".into(), "c".into(), "b".into()]));
        // serialisable for the worker
        let j = serde_json::to_string(&r).unwrap();
        let back: CheckReport = serde_json::from_str(&j).unwrap();
        assert_eq!(back.unique, Verdict::Yes);
    }

    #[test]
    fn useless_wall_is_reported() {
        // line a-b-c with clue 1 on a: unique without any wall; wall a–(0,1)? add d below
        let l = parse_level(
            r#"{"id":"u","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0},{"id":"d","q":1,"r":1,"clue":4}],"walls":[["b","d"]]}"#,
        )
        .unwrap();
        let r = check_level(&l, &CheckOptions::default());
        assert_eq!(r.unique, Verdict::Yes);
        assert_eq!(r.walls_matter, Verdict::No);
        assert!(!r.ok);
        assert!(r.problems[0].contains("walls do not matter"));
    }

    #[test]
    fn no_walls_means_not_applicable() {
        let l = parse_level(
            r#"{"id":"1-1","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0}]}"#,
        )
        .unwrap();
        let r = check_level(&l, &CheckOptions::default());
        assert_eq!(r.walls_matter, Verdict::NotApplicable);
        assert!(r.ok);
        assert!(r.difficulty.score >= 0.0);
    }
}
