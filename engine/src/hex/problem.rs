//! What can be wrong with level data, built in memory or read from a file: one
//! code per problem with the cells, steps and counts it concerns. Pages translate
//! the codes; `Display` is the command line's English sentence for each.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::json_error::JsonError;

/// Which document a JSON text was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Document {
    /// A single level.
    Level,
    /// A pack file.
    Pack,
    /// Either (not yet told apart).
    Any,
}

/// One problem of a level. Cells are named by their id; `ordinal` fields count
/// cells from 1 in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum LevelProblem {
    /// The text is not the JSON of the expected document.
    BadJson {
        /// What the text was read as.
        document: Document,
        /// Why and where it failed.
        error: JsonError,
    },
    /// The level id is empty.
    EmptyLevelId,
    /// An orientation other than `pointy`.
    Orientation {
        /// The orientation written.
        given: String,
    },
    /// The level has no cells.
    NoCells,
    /// More cells than the engine's limit.
    TooManyCells {
        /// Cells written.
        cells: usize,
        /// The limit.
        max: usize,
    },
    /// A cell without an id.
    EmptyCellId {
        /// Which cell.
        ordinal: usize,
    },
    /// Two cells share an id.
    DuplicateCellId {
        /// The id.
        id: String,
        /// The first cell with it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// Two cells share a lattice position.
    SharedPosition {
        /// The first cell there.
        first: String,
        /// The second.
        second: String,
        /// Axial q.
        q: i32,
        /// Axial r.
        r: i32,
    },
    /// A clue outside `1..=cells`.
    ClueOutOfRange {
        /// The cell carrying it.
        cell: String,
        /// The clue.
        clue: u32,
        /// The number of cells (the largest clue allowed).
        cells: usize,
    },
    /// The same clue on two cells.
    DuplicateClue {
        /// The clue.
        clue: u32,
        /// The first cell with it.
        first: String,
        /// The second.
        second: String,
    },
    /// A wall names a cell by a name no cell has (level files).
    WallUnknownCell {
        /// The wall's first cell as written.
        a: String,
        /// The wall's second cell as written.
        b: String,
        /// The unknown one.
        name: String,
    },
    /// A wall names a cell number beyond the cells.
    WallCellMissing {
        /// The cell number.
        ordinal: usize,
    },
    /// A wall from a cell to itself.
    WallToItself {
        /// The cell.
        cell: String,
    },
    /// A wall between two cells that are not neighbours.
    WallNotAdjacent {
        /// One cell.
        a: String,
        /// The other.
        b: String,
    },
    /// The same wall twice.
    WallTwice {
        /// One cell.
        a: String,
        /// The other.
        b: String,
    },
    /// A spinner names a cell by a name no cell has (level files).
    SpinnerUnknownCell {
        /// The name.
        name: String,
    },
    /// A spinner names a cell number beyond the cells.
    SpinnerCellMissing {
        /// The cell number.
        ordinal: usize,
    },
    /// A spinner corner outside 0..=5.
    SpinnerCorner {
        /// The spinner's cell.
        cell: String,
        /// The corner written.
        corner: u8,
    },
    /// A spinner phase outside 0..=2.
    SpinnerPhase {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
        /// The phase written.
        phase: u8,
    },
    /// A spinner with fewer than two candidate edges on the board.
    SpinnerFewCandidates {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
        /// Candidate edges with a cell on both sides.
        on_board: usize,
    },
    /// A spinner candidate edge that is also a static wall.
    SpinnerOnWall {
        /// The spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
        /// One cell of the wall.
        a: String,
        /// The other.
        b: String,
    },
    /// Two spinners on one lattice vertex.
    SpinnersShareVertex {
        /// The later spinner's cell.
        cell: String,
        /// Its corner.
        corner: u8,
        /// The earlier spinner's cell.
        other_cell: String,
        /// Its corner.
        other_corner: u8,
    },
    /// Two levels of a pack share an id.
    DuplicateLevelId {
        /// The id.
        id: String,
        /// The pack.
        pack: u32,
    },
    /// A level's `pack` field differs from the pack it sits in.
    PackMismatch {
        /// The level's `pack`.
        says: u32,
        /// The pack it sits in.
        pack: u32,
    },
    /// A level's `index` field differs from its place in the pack.
    IndexMismatch {
        /// The level's `index`.
        says: u32,
        /// Its 1-based place in the pack.
        entry: usize,
    },
}

impl fmt::Display for LevelProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LevelProblem::*;
        match self {
            BadJson { document, error } => {
                let what = match document {
                    Document::Level => "not a valid level JSON",
                    Document::Pack => "not a valid pack JSON",
                    Document::Any => "not valid JSON",
                };
                write!(f, "{what}: {error}")
            }
            EmptyLevelId => write!(f, "the level id is empty"),
            Orientation { given } => write!(
                f,
                "orientation is \"{given}\"; only \"pointy\" is supported"
            ),
            NoCells => write!(f, "the level has no cells"),
            TooManyCells { cells, max } => write!(
                f,
                "the level has {cells} cells, more than the engine's limit of {max}"
            ),
            EmptyCellId { ordinal } => write!(f, "cell #{ordinal} has an empty id"),
            DuplicateCellId { id, first, second } => write!(
                f,
                "cell id \"{id}\" is used twice (cells #{first} and #{second})"
            ),
            SharedPosition {
                first,
                second,
                q,
                r,
            } => write!(
                f,
                "cells \"{first}\" and \"{second}\" both sit at (q={q}, r={r})"
            ),
            ClueOutOfRange { cell, clue, cells } => write!(
                f,
                "cell \"{cell}\" has clue {clue}, outside 1..{cells} (the board has {cells} cells)"
            ),
            DuplicateClue {
                clue,
                first,
                second,
            } => write!(
                f,
                "clue {clue} appears twice (cells \"{first}\" and \"{second}\"); clues must be distinct"
            ),
            WallUnknownCell { a, b, name } => write!(
                f,
                "the wall [\"{a}\", \"{b}\"] names unknown cell \"{name}\""
            ),
            WallCellMissing { ordinal } => {
                write!(f, "a wall names cell #{ordinal} which does not exist")
            }
            WallToItself { cell } => write!(f, "a wall joins cell \"{cell}\" to itself"),
            WallNotAdjacent { a, b } => write!(
                f,
                "the wall between \"{a}\" and \"{b}\" is not on a shared edge: the cells are not adjacent"
            ),
            WallTwice { a, b } => {
                write!(f, "the wall between \"{a}\" and \"{b}\" is listed twice")
            }
            SpinnerUnknownCell { name } => {
                write!(f, "a spinner names unknown cell \"{name}\"")
            }
            SpinnerCellMissing { ordinal } => {
                write!(f, "a spinner names cell #{ordinal} which does not exist")
            }
            SpinnerCorner { cell, corner } => write!(
                f,
                "the spinner on cell \"{cell}\" has corner {corner}, outside 0..5"
            ),
            SpinnerPhase {
                cell,
                corner,
                phase,
            } => write!(
                f,
                "the spinner on cell \"{cell}\" corner {corner} has phase {phase}, outside 0..2"
            ),
            SpinnerFewCandidates {
                cell,
                corner,
                on_board,
            } => write!(
                f,
                "the spinner on cell \"{cell}\" corner {corner} has {on_board} candidate edge(s) on the board; it needs at least two"
            ),
            SpinnerOnWall { cell, corner, a, b } => write!(
                f,
                "the spinner on cell \"{cell}\" corner {corner} overlaps the static wall between \"{a}\" and \"{b}\""
            ),
            SpinnersShareVertex {
                cell,
                corner,
                other_cell,
                other_corner,
            } => write!(
                f,
                "two spinners sit on the same vertex (cell \"{cell}\" corner {corner} and cell \"{other_cell}\" corner {other_corner})"
            ),
            DuplicateLevelId { id, pack } => {
                write!(f, "level id \"{id}\" is used twice in pack {pack}")
            }
            PackMismatch { says, pack } => {
                write!(f, "the level says pack {says} but sits in pack {pack}")
            }
            IndexMismatch { says, entry } => write!(
                f,
                "the level says index {says} but is entry {entry} of the pack"
            ),
        }
    }
}

impl std::error::Error for LevelProblem {}
