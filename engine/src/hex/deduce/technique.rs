//! The named deductions a person makes on a Hex Stroke board, their tiers, and
//! the trace entry each application leaves.

use serde::{Deserialize, Serialize};

/// One named technique. The serialised name (`one_open`, …) is the stable code the
/// web translates; the engine never words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    /// A cell with one open side is an end of the path and leaves through that side.
    OneOpen,
    /// A cell that is not an end and has exactly two open sides uses both.
    TwoOpen,
    /// A cell already using the sides it needs (two, or one for an end) closes its
    /// others; a cell using two sides is not an end.
    Full,
    /// Consecutive steps are neighbours: the steps just before and after a known
    /// step sit among its open neighbours; two cells joined by the path hold
    /// consecutive steps; a side between cells that cannot hold consecutive steps is
    /// closed; a known `k` and `k + 1` side by side are joined.
    Consecutive,
    /// A step only one cell can still hold is in that cell.
    OnePlace,
    /// A spinner stands on a side at every step the path could cross it (closed), or
    /// at some of them (the cells on a used side cannot hold those steps).
    Spinner,
    /// A cell can hold step `s` only if every known step `k` is within `|s − k|`
    /// open steps of it.
    Distance,
    /// Using a side would wall off part of the board from the rest (the cells it
    /// fills close their other sides): that side is closed.
    Region,
    /// A cell whose removal splits the board in two is passed through between the
    /// halves: it is not an end, its step is the size of the half walked first plus
    /// one, and it uses one side into each half.
    Articulation,
    /// Assuming a side used (or closed) and reasoning on with the techniques above
    /// leads to a contradiction, so the opposite holds.
    Lookahead,
}

impl Technique {
    /// Every technique, easiest first (the order the solver tries them).
    pub const ALL: [Technique; 10] = [
        Technique::OneOpen,
        Technique::TwoOpen,
        Technique::Full,
        Technique::Consecutive,
        Technique::OnePlace,
        Technique::Spinner,
        Technique::Distance,
        Technique::Region,
        Technique::Articulation,
        Technique::Lookahead,
    ];

    /// 1: one cell or one side at a time; 2: the shape of the open board;
    /// 3: a short look-ahead.
    pub fn tier(self) -> u8 {
        match self {
            Technique::OneOpen
            | Technique::TwoOpen
            | Technique::Full
            | Technique::Consecutive
            | Technique::OnePlace
            | Technique::Spinner => 1,
            Technique::Distance | Technique::Region | Technique::Articulation => 2,
            Technique::Lookahead => 3,
        }
    }

    /// The stable code (the serialised name).
    pub fn code(self) -> &'static str {
        match self {
            Technique::OneOpen => "one_open",
            Technique::TwoOpen => "two_open",
            Technique::Full => "full",
            Technique::Consecutive => "consecutive",
            Technique::OnePlace => "one_place",
            Technique::Spinner => "spinner",
            Technique::Distance => "distance",
            Technique::Region => "region",
            Technique::Articulation => "articulation",
            Technique::Lookahead => "lookahead",
        }
    }

    /// The technique with this code.
    pub fn from_code(code: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.code() == code)
    }
}

/// The highest tier the solver knows.
pub const MAX_TIER: u8 = 3;

/// A set of techniques the solver may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toolbox(u16);

impl Toolbox {
    fn bit(t: Technique) -> u16 {
        1 << Technique::ALL.iter().position(|&x| x == t).expect("listed")
    }

    /// Every technique of tier `tier` or below.
    pub fn up_to(tier: u8) -> Toolbox {
        Toolbox::of(
            &Technique::ALL
                .into_iter()
                .filter(|t| t.tier() <= tier)
                .collect::<Vec<_>>(),
        )
    }

    pub fn of(ts: &[Technique]) -> Toolbox {
        Toolbox(ts.iter().fold(0, |m, &t| m | Toolbox::bit(t)))
    }

    pub fn has(self, t: Technique) -> bool {
        self.0 & Toolbox::bit(t) != 0
    }

    /// The techniques in both sets.
    pub fn and(self, other: Toolbox) -> Toolbox {
        Toolbox(self.0 & other.0)
    }

    /// The same set without `t`.
    pub fn without(self, t: Technique) -> Toolbox {
        Toolbox(self.0 & !Toolbox::bit(t))
    }
}

/// One thing a deduction established. Steps are 1-based, as the player counts them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Conclusion {
    /// The path uses the side between `a` and `b`.
    Use { a: usize, b: usize },
    /// The path does not use the side between `a` and `b`.
    Close { a: usize, b: usize },
    /// `cell` cannot hold these steps.
    Remove { cell: usize, steps: Vec<u32> },
    /// `cell` holds `step`.
    Fix { cell: usize, step: u32 },
}

/// One application of a technique: where it looked and what it concluded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction {
    pub technique: Technique,
    /// The cells the reasoning looks at (the first is the one it is about).
    pub cells: Vec<usize>,
    pub conclusions: Vec<Conclusion>,
}
