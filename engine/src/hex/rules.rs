//! The path rules (`docs/hex-stroke-rules.md`): legal starts, legal steps (walls
//! and spinners), spinner positions by step, clue conflicts, the cleared test.

use serde::{Deserialize, Serialize};

use super::model::{Blocker, Level};

/// Why a step is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepError {
    /// The path is empty: the first cell is a start, not a step.
    NoPath,
    /// The target does not share an edge with the path's end.
    NotAdjacent,
    /// The target is already on the path.
    Visited,
    /// A wall or the current position of a spinner is on the shared edge.
    Blocked { blocker: Blocker },
}

/// Why a whole path is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathError {
    /// The first cell is not a legal start (there is a clue 1 elsewhere).
    BadStart { cell: usize },
    /// Step number `step` (1-based, the cell that could not be entered) is illegal.
    BadStep { step: usize, error: StepError },
    /// An index is not a cell of the level.
    UnknownCell { index: usize },
}

/// Whether `cell` may be the first cell: the clue-1 cell if there is one, else any cell.
pub fn is_legal_start(level: &Level, cell: usize) -> bool {
    if cell >= level.len() {
        return false;
    }
    match level.clue_cell(1) {
        Some(c) => c == cell,
        None => true,
    }
}

/// All legal starts in index order.
pub fn legal_starts(level: &Level) -> Vec<usize> {
    match level.clue_cell(1) {
        Some(c) => vec![c],
        None => (0..level.len()).collect(),
    }
}

/// The blocking candidate of every spinner when `t` cells are on the path
/// (what the view draws; `data-candidate`).
pub fn spinner_positions(level: &Level, t: usize) -> Vec<u8> {
    level
        .spinners()
        .iter()
        .map(|s| s.blocking_candidate(t))
        .collect()
}

/// Whether the path may be extended by `next` (uses the spinner positions before the step).
pub fn check_step(level: &Level, path: &[usize], next: usize) -> Result<(), StepError> {
    let &end = path.last().ok_or(StepError::NoPath)?;
    if next >= level.len() || level.direction(end, next).is_none() {
        return Err(StepError::NotAdjacent);
    }
    if path.contains(&next) {
        return Err(StepError::Visited);
    }
    match level.blocker(end, next, path.len()) {
        Some(blocker) => Err(StepError::Blocked { blocker }),
        None => Ok(()),
    }
}

/// Checks that a path is legal move by move (it need not be complete).
pub fn validate_path(level: &Level, path: &[usize]) -> Result<(), PathError> {
    if let Some(&i) = path.iter().find(|&&i| i >= level.len()) {
        return Err(PathError::UnknownCell { index: i });
    }
    let Some(&first) = path.first() else {
        return Ok(());
    };
    if !is_legal_start(level, first) {
        return Err(PathError::BadStart { cell: first });
    }
    for k in 1..path.len() {
        check_step(level, &path[..k], path[k])
            .map_err(|error| PathError::BadStep { step: k + 1, error })?;
    }
    Ok(())
}

/// Cells on the path whose clue differs from the step at which they were reached.
pub fn conflicts(level: &Level, path: &[usize]) -> Vec<usize> {
    path.iter()
        .enumerate()
        .filter(|&(k, &c)| level.cell(c).clue.is_some_and(|v| v as usize != k + 1))
        .map(|(_, &c)| c)
        .collect()
}

/// Cleared: every cell visited (once, legally) and every clue matched.
pub fn is_cleared(level: &Level, path: &[usize]) -> bool {
    path.len() == level.len()
        && validate_path(level, path).is_ok()
        && conflicts(level, path).is_empty()
}

/// A complete solution is exactly a cleared path.
pub fn is_solution(level: &Level, path: &[usize]) -> bool {
    is_cleared(level, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;

    fn lvl(t: &str) -> Level {
        parse_level(t).unwrap()
    }

    use crate::hex::test_levels::WALLED_TRIANGLE as WALLED;

    #[test]
    fn clue_one_is_the_only_start() {
        let l = lvl(WALLED);
        assert!(is_legal_start(&l, 0));
        assert!(!is_legal_start(&l, 1));
        assert_eq!(legal_starts(&l), vec![0]);
        assert_eq!(
            validate_path(&l, &[1]),
            Err(PathError::BadStart { cell: 1 })
        );
    }

    #[test]
    fn any_start_without_clue_one() {
        let l =
            lvl(r#"{"id":"x","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0,"clue":2}]}"#);
        assert_eq!(legal_starts(&l), vec![0, 1]);
    }

    #[test]
    fn wall_blocks_the_shared_edge_only() {
        let l = lvl(WALLED);
        assert_eq!(
            check_step(&l, &[0], 1),
            Err(StepError::Blocked {
                blocker: Blocker::Wall { index: 0 }
            })
        );
        assert_eq!(check_step(&l, &[0], 2), Ok(()));
        assert_eq!(check_step(&l, &[0, 2], 1), Ok(()));
        assert!(is_cleared(&l, &[0, 2, 1]));
        assert!(!is_cleared(&l, &[0, 1, 2]));
    }

    #[test]
    fn steps_must_be_adjacent_and_fresh() {
        let l = lvl(
            r#"{"id":"x","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0}]}"#,
        );
        assert_eq!(check_step(&l, &[0], 2), Err(StepError::NotAdjacent));
        assert_eq!(check_step(&l, &[0, 1], 0), Err(StepError::Visited));
        assert_eq!(check_step(&l, &[], 0), Err(StepError::NoPath));
    }

    #[test]
    fn clue_conflicts_and_clear() {
        let l = lvl(
            r#"{"id":"x","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0,"clue":3},{"id":"c","q":2,"r":0}]}"#,
        );
        assert_eq!(conflicts(&l, &[0, 1]), vec![1]);
        assert!(!is_cleared(&l, &[0, 1, 2]));
        assert!(!is_cleared(&l, &[2, 0, 1])); // 2 and 0 are not adjacent
        let l2 = lvl(
            r#"{"id":"x","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0,"clue":1}]}"#,
        );
        assert!(is_cleared(&l2, &[2, 1, 0]));
    }

    #[test]
    fn spinner_rotates_with_steps_and_uses_position_before_step() {
        // c (0,0) clue 1, e (1,0), s (0,1). Spinner at c corner 0, phase 1:
        // t=1 → candidate 2 = c–e blocked; t=2 → candidate 0 = e–s; t=3 → candidate 1.
        let l = lvl(
            r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1}],
                "spinners":[{"cell":"c","corner":0,"phase":1}]}"#,
        );
        assert_eq!(spinner_positions(&l, 0), vec![1]);
        assert_eq!(spinner_positions(&l, 1), vec![2]);
        assert_eq!(
            check_step(&l, &[0], 1),
            Err(StepError::Blocked {
                blocker: Blocker::Spinner {
                    index: 0,
                    candidate: 2
                }
            })
        );
        assert_eq!(check_step(&l, &[0], 2), Ok(()));
        // after c→s (t=2) the spinner sits on e–s
        assert!(matches!(
            check_step(&l, &[0, 2], 1),
            Err(StepError::Blocked { .. })
        ));
        assert!(!is_cleared(&l, &[0, 2, 1]));
    }

    #[test]
    fn spinner_off_board_candidate_blocks_nothing() {
        // On the hex lattice the three candidate edges of a vertex are all real only when
        // all three cells exist; otherwise at most one is. Validation therefore rejects
        // such spinners; a relaxed build (used by the checks) still honours the rule
        // that an edge with an absent side blocks nothing.
        let t = r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0}],
                "spinners":[{"cell":"c","corner":0,"phase":0}]}"#;
        let e = parse_level(t).unwrap_err();
        assert!(
            matches!(
                e[0].problem,
                crate::hex::LevelProblem::SpinnerFewCandidates { on_board: 1, .. }
            ),
            "{e:?}"
        );
        let mut parts =
            lvl(r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0}]}"#)
                .parts();
        parts.spinners.push(crate::hex::model::SpinnerSpec {
            cell: 0,
            corner: 0,
            phase: 0,
        });
        let l = Level::build_relaxed(parts).unwrap();
        // t=1: candidate 1 = c–(0,1) which is absent → nothing blocked; t=2 would block c–e
        assert_eq!(l.spinners()[0].blocked_edge(1), None);
        assert_eq!(check_step(&l, &[0], 1), Ok(()));
    }
}
