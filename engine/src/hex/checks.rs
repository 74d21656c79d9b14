//! The content checks of one level (connected, unique, walls matter, every spinner
//! and its turning matter, solved by reasoning: `docs/hex-stroke-rules.md`, "The
//! content law"), with a bounded cost so the browser editor can run them live in a
//! worker.
//!
//! Every solver run is capped by [`CheckOptions::node_limit`]; a capped run makes
//! the affected verdict `unknown` and sets [`CheckReport::aborted`] instead of hanging.

use core::fmt;

use serde::{Deserialize, Serialize};

use super::deduce::{deduce, Reasoning, MAX_TIER};
use super::model::{Edge, Level, LevelParts, SpinnerSpec};
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

/// The two checks of one spinner: it matters, and its turning matters.
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
    /// Every static replacement makes the count ≠ 1 (its turning is needed).
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

/// One failed content check. Pages translate the code; `Display` is the command
/// line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum CheckProblem {
    /// The cell graph minus its walls falls apart.
    NotConnected,
    /// No path visits every cell.
    NoSolution,
    /// More than one path does.
    SeveralSolutions,
    /// The solver stopped at its node limit before uniqueness was known.
    UniquenessUnknown {
        /// The node limit of each solver run.
        node_limit: u64,
    },
    /// Without walls and spinners the solution is still unique.
    WallsDoNotMatter,
    /// The walls-matter check stopped at the node limit.
    WallsMatterUnknown,
    /// Walls must matter here, but the level has none.
    NoWallsToMatter,
    /// Removing the spinner leaves the solution unique.
    SpinnerDoesNotMatter {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
    },
    /// A static wall on one of these candidates would do the spinner's job.
    SpinnerCouldBeStatic {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
        /// The candidates (0..=2) a static wall could replace it on.
        candidates: Vec<u8>,
    },
    /// The spinner's checks stopped at the node limit.
    SpinnerChecksUnknown {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
    },
}

impl fmt::Display for CheckProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckProblem::*;
        match self {
            NotConnected => write!(f, "the cell graph minus its walls is not connected"),
            NoSolution => write!(f, "the level has no solution"),
            SeveralSolutions => write!(f, "the level has more than one solution"),
            UniquenessUnknown { node_limit } => write!(
                f,
                "uniqueness unknown: the solver hit its node limit ({node_limit})"
            ),
            WallsDoNotMatter => write!(
                f,
                "walls do not matter: without walls and spinners the solution is still unique"
            ),
            WallsMatterUnknown => write!(f, "walls-matter unknown: node limit hit"),
            NoWallsToMatter => write!(f, "walls must matter but the level has no walls or spinners"),
            SpinnerDoesNotMatter { cell, corner } => write!(
                f,
                "the spinner at cell \"{cell}\" corner {corner} does not matter: without it the solution is still unique"
            ),
            SpinnerCouldBeStatic {
                cell,
                corner,
                candidates,
            } => {
                let which: Vec<String> = candidates.iter().map(u8::to_string).collect();
                write!(
                    f,
                    "the spinner at cell \"{cell}\" corner {corner} could be a static wall on candidate {}: its turning is not needed",
                    which.join(", ")
                )
            }
            SpinnerChecksUnknown { cell, corner } => write!(
                f,
                "spinner checks for cell \"{cell}\" corner {corner} unknown: node limit hit"
            ),
        }
    }
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
    /// One code per failed check.
    pub problems: Vec<CheckProblem>,
    pub ok: bool,
}

fn variant(level: &Level, walls: Vec<(usize, usize)>, spinners: Vec<SpinnerSpec>) -> Level {
    let parts = LevelParts {
        walls,
        spinners,
        ..level.parts()
    };
    Level::build_relaxed(parts).expect("a variant of a valid level is valid")
}

/// Runs all content checks on one level.
pub fn check_level(level: &Level, opts: &CheckOptions) -> CheckReport {
    let mut c = Checker {
        level,
        so: SolveOptions {
            limit: 2,
            node_limit: opts.node_limit,
        },
        aborted: false,
        problems: Vec::new(),
    };
    let connected = level.wall_free_connected();
    if !connected {
        c.problems.push(CheckProblem::NotConnected);
    }
    let main = solve(level, &c.so);
    c.aborted |= main.aborted;
    let unique = c.uniqueness(&main, opts.node_limit);
    let has_walls = !level.walls().is_empty() || !level.spinners().is_empty();
    let required = opts.walls_matter_required.unwrap_or(has_walls);
    let (walls_matter, wall_free) = c.walls_matter(has_walls, required);
    let is_unique = unique == Verdict::Yes;
    let necessary_walls = if opts.necessary_walls && is_unique {
        c.necessary_walls()
    } else {
        Vec::new()
    };
    let spinner_checks = (0..level.spinners().len())
        .map(|si| c.spinner_check(si, is_unique))
        .collect();
    let n = level.len().max(1) as f64;
    let score = ((main.nodes as f64 / n).max(1.0).log2() * 100.0).round() / 10.0;
    let ok = c.problems.is_empty();
    CheckReport {
        id: level.id.clone(),
        cells: level.len(),
        walls: level.walls().len(),
        holes: level.holes(),
        clues: level.clue_count(),
        spinners: level.spinners().len(),
        has_start_clue: level.clue_cell(1).is_some(),
        connected,
        count: Count::of(&main),
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
        aborted: c.aborted,
        problems: c.problems,
        ok,
    }
}

/// One level under check: the solver options, whether any run hit the node
/// limit, and the problems found so far.
struct Checker<'a> {
    level: &'a Level,
    so: SolveOptions,
    aborted: bool,
    problems: Vec<CheckProblem>,
}

impl Checker<'_> {
    /// Solves the level with other walls and spinners, noting a cut-short run.
    fn count_variant(&mut self, walls: Vec<(usize, usize)>, spinners: Vec<SpinnerSpec>) -> Count {
        let r = solve(&variant(self.level, walls, spinners), &self.so);
        self.aborted |= r.aborted;
        Count::of(&r)
    }

    fn walls_as_stored(&self) -> Vec<(usize, usize)> {
        self.level.walls().iter().map(|e| (e.a, e.b)).collect()
    }

    fn spinners_as_written(&self) -> Vec<SpinnerSpec> {
        self.level.spinners().iter().map(|s| s.spec()).collect()
    }

    /// Exactly one solution.
    fn uniqueness(&mut self, main: &SolveResult, node_limit: u64) -> Verdict {
        let unique = if main.count >= 2 {
            Verdict::No
        } else if main.aborted {
            Verdict::Unknown
        } else {
            Verdict::from_bool(main.count == 1)
        };
        match unique {
            Verdict::No if main.count == 0 => self.problems.push(CheckProblem::NoSolution),
            Verdict::No => self.problems.push(CheckProblem::SeveralSolutions),
            Verdict::Unknown => self
                .problems
                .push(CheckProblem::UniquenessUnknown { node_limit }),
            _ => {}
        }
        unique
    }

    /// Without any wall or spinner the solution is no longer unique (a problem
    /// only when `required`). Returns the verdict and the wall-free count.
    fn walls_matter(&mut self, has_walls: bool, required: bool) -> (Verdict, Option<Count>) {
        let (verdict, wall_free) = if has_walls {
            let c = self.count_variant(Vec::new(), Vec::new());
            (c.breaks_uniqueness(), Some(c))
        } else {
            (Verdict::NotApplicable, None)
        };
        if required {
            let problem = match verdict {
                Verdict::No => Some(CheckProblem::WallsDoNotMatter),
                Verdict::Unknown => Some(CheckProblem::WallsMatterUnknown),
                Verdict::NotApplicable => Some(CheckProblem::NoWallsToMatter),
                Verdict::Yes => None,
            };
            self.problems.extend(problem);
        }
        (verdict, wall_free)
    }

    /// For each static wall, whether removing it alone breaks uniqueness.
    fn necessary_walls(&mut self) -> Vec<WallCheck> {
        let (walls, spinners) = (self.walls_as_stored(), self.spinners_as_written());
        let level = self.level;
        level
            .walls()
            .iter()
            .enumerate()
            .map(|(wi, e)| {
                let mut ws = walls.clone();
                ws.remove(wi);
                let c = self.count_variant(ws, spinners.clone());
                WallCheck {
                    a: level.cell(e.a).id.clone(),
                    b: level.cell(e.b).id.clone(),
                    necessary: c.breaks_uniqueness(),
                    without: c,
                }
            })
            .collect()
    }

    /// Spinner `si` matters (removing it breaks uniqueness) and its turning
    /// matters (a static wall on any one of its on-board candidates breaks
    /// uniqueness too). Unknown unless the level itself is unique.
    fn spinner_check(&mut self, si: usize, is_unique: bool) -> SpinnerCheck {
        let level = self.level;
        let sp = &level.spinners()[si];
        let cell = level.cell(sp.cell).id.clone();
        if !is_unique {
            return SpinnerCheck {
                cell,
                corner: sp.corner,
                removed: Count::default(),
                as_static: [None; 3],
                removal_breaks: Verdict::Unknown,
                static_breaks: Verdict::Unknown,
                ok: Verdict::Unknown,
            };
        }
        let base_walls = self.walls_as_stored();
        let mut others = self.spinners_as_written();
        others.remove(si);
        let removed = self.count_variant(base_walls.clone(), others.clone());
        let removal_breaks = removed.breaks_uniqueness();
        let mut as_static = [None; 3];
        let mut static_breaks = Verdict::Yes;
        for (j, cand) in sp.candidates.iter().enumerate() {
            let Some(Edge { a, b }) = *cand else { continue };
            let mut ws = base_walls.clone();
            if !level.has_wall(a, b) {
                ws.push((a, b));
            }
            let c = self.count_variant(ws, others.clone());
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
        self.spinner_problems(
            &cell,
            sp.corner,
            removal_breaks,
            static_breaks,
            ok,
            &as_static,
        );
        SpinnerCheck {
            cell,
            corner: sp.corner,
            removed,
            as_static,
            removal_breaks,
            static_breaks,
            ok,
        }
    }

    /// The problems of a spinner that fails its checks.
    fn spinner_problems(
        &mut self,
        cell: &str,
        corner: u8,
        removal_breaks: Verdict,
        static_breaks: Verdict,
        ok: Verdict,
        as_static: &[Option<Count>; 3],
    ) {
        let cell = cell.to_string();
        if removal_breaks == Verdict::No {
            self.problems.push(CheckProblem::SpinnerDoesNotMatter {
                cell: cell.clone(),
                corner,
            });
        }
        if static_breaks == Verdict::No {
            let candidates = (0u8..)
                .zip(as_static)
                .filter(|(_, c)| c.is_some_and(|c| c.breaks_uniqueness() == Verdict::No))
                .map(|(j, _)| j)
                .collect();
            self.problems.push(CheckProblem::SpinnerCouldBeStatic {
                cell: cell.clone(),
                corner,
                candidates,
            });
        }
        if ok == Verdict::Unknown {
            self.problems
                .push(CheckProblem::SpinnerChecksUnknown { cell, corner });
        }
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
    use crate::hex::test_levels::WALLED_TRIANGLE;

    #[test]
    fn walled_triangle_walls_matter() {
        let l = parse_level(WALLED_TRIANGLE).unwrap();
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
        assert_eq!(r.problems, vec![CheckProblem::WallsDoNotMatter]);
        assert!(r.problems[0].to_string().contains("walls do not matter"));
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
