//! Hints: no path → the legal start; a prefix of the solution → the next cell,
//! with the deduction that finds it (a technique code and the cells it looks at,
//! so the view can name it and ring them); a path that has left the solution →
//! the fork (the last correct cell), never a wrong next step.

use serde::{Deserialize, Serialize};

use super::deduce::{next_step_reason, Technique};
use super::model::Level;
use super::solver::{solve, SolveOptions};

/// What to highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// No path yet: start here.
    Start { cell: usize },
    /// The path is a prefix of the solution: go here next.
    Next { cell: usize },
    /// The path left the solution after `cell` (the last correct cell): go back to it.
    Fork { cell: usize },
    /// Even the first cell is off the solution (possible only without clue 1): start over here.
    Restart { cell: usize },
    /// The path is the solution.
    Solved,
    /// The level has no solution (only in an editor's test play).
    NoSolution,
}

impl Hint {
    /// The cell to highlight, if any.
    pub fn cell(&self) -> Option<usize> {
        match *self {
            Hint::Start { cell }
            | Hint::Next { cell }
            | Hint::Fork { cell }
            | Hint::Restart { cell } => Some(cell),
            Hint::Solved | Hint::NoSolution => None,
        }
    }
}

/// The hint for `path` against a known solution.
pub fn hint_with_solution(path: &[usize], solution: &[usize]) -> Hint {
    if solution.is_empty() {
        return Hint::NoSolution;
    }
    if path.is_empty() {
        return Hint::Start { cell: solution[0] };
    }
    let k = path
        .iter()
        .zip(solution)
        .take_while(|(a, b)| a == b)
        .count();
    if k == path.len() {
        if k == solution.len() {
            Hint::Solved
        } else {
            Hint::Next { cell: solution[k] }
        }
    } else if k == 0 {
        Hint::Restart { cell: solution[0] }
    } else {
        Hint::Fork { cell: path[k - 1] }
    }
}

/// The hint for `path`, solving the level (first solution) to find out.
pub fn hint(level: &Level, path: &[usize]) -> Hint {
    let r = solve(
        level,
        &SolveOptions {
            limit: 1,
            node_limit: 0,
        },
    );
    match r.first {
        Some(sol) => hint_with_solution(path, &sol),
        None => Hint::NoSolution,
    }
}

/// A hint and, for a start or next-step hint, the deduction that finds that cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeachingHint {
    pub hint: Hint,
    /// The technique that gives the cell; `None` off the solution, when a clue gives
    /// it outright, or when reasoning alone cannot find it.
    pub technique: Option<Technique>,
    /// The cells that technique looks at (empty without a technique).
    pub cells: Vec<usize>,
}

/// The teaching hint for `path` against a known solution of `level`.
pub fn teaching_hint(level: &Level, path: &[usize], solution: &[usize]) -> TeachingHint {
    let hint = hint_with_solution(path, solution);
    let reason = match hint {
        Hint::Start { .. } | Hint::Next { .. } => next_step_reason(level, path),
        _ => None,
    };
    TeachingHint {
        hint,
        technique: reason.as_ref().map(|d| d.technique),
        cells: reason.map(|d| d.cells).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;
    use crate::hex::test_levels::WALLED_TRIANGLE;

    #[test]
    fn the_three_cases() {
        let sol = [0, 2, 1, 3];
        assert_eq!(hint_with_solution(&[], &sol), Hint::Start { cell: 0 });
        assert_eq!(hint_with_solution(&[0], &sol), Hint::Next { cell: 2 });
        assert_eq!(hint_with_solution(&[0, 2], &sol), Hint::Next { cell: 1 });
        assert_eq!(hint_with_solution(&[0, 2, 3], &sol), Hint::Fork { cell: 2 });
        assert_eq!(
            hint_with_solution(&[0, 1, 3, 2], &sol),
            Hint::Fork { cell: 0 }
        );
        assert_eq!(hint_with_solution(&[3, 1], &sol), Hint::Restart { cell: 0 });
        assert_eq!(hint_with_solution(&sol, &sol), Hint::Solved);
    }

    #[test]
    fn hint_solves_the_level() {
        let l = parse_level(WALLED_TRIANGLE).unwrap();
        assert_eq!(hint(&l, &[]), Hint::Start { cell: 0 });
        assert_eq!(hint(&l, &[0]), Hint::Next { cell: 2 });
        assert_eq!(hint(&l, &[0, 2, 1]), Hint::Solved);
    }

    #[test]
    fn teaching_hint_names_the_technique_on_the_path_only() {
        // a(1) walled from b: its one open side leads to c
        let l = parse_level(
            r#"{"id":"w","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":0,"r":1}],"walls":[["a","b"]]}"#,
        )
        .unwrap();
        let sol = [0, 2, 1];
        let t = teaching_hint(&l, &[0], &sol);
        assert_eq!(t.hint, Hint::Next { cell: 2 });
        assert_eq!(t.technique, Some(Technique::OneOpen));
        assert_eq!(t.cells, vec![0, 2]);
        let off = teaching_hint(&l, &[0, 1], &sol);
        assert_eq!(off.hint, Hint::Fork { cell: 0 });
        assert_eq!(off.technique, None);
        assert!(off.cells.is_empty());
    }
}
