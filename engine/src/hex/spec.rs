//! Hex Stroke's content knobs as data: `engine/spec/hex.json`, typed and parsed once.
//!
//! The content law ([`super::content`]) and the level designer
//! (`examples/hex_design.rs`) read every pack number, pack size, cell / wall /
//! spinner range, tutorial-table number, knob-schedule position and tier limit
//! from this one file, so a number is written once. The file is embedded at
//! compile time; serde rejects unknown fields, so the file holds no number that
//! nothing reads, and the tests below check that it is consistent.

use serde::Deserialize;
use std::sync::OnceLock;

/// The spec file, verbatim.
pub const SPEC_JSON: &str = include_str!("../../spec/hex.json");

/// An inclusive range `[min, max]`; `max` `None` means no upper limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct Range(pub usize, pub Option<usize>);

impl Range {
    /// The lower bound.
    pub fn min(self) -> usize {
        self.0
    }
    /// Whether `x` lies in the range.
    pub fn contains(self, x: usize) -> bool {
        x >= self.0 && self.1.is_none_or(|hi| x <= hi)
    }
    /// The range in words: `"3 cells"`, `"6–8 cells"`, `"no wall"`, `"at least 1 wall"`.
    pub fn describe(self, singular: &str, plural: &str) -> String {
        let noun = |n: usize| if n == 1 { singular } else { plural };
        match self {
            Range(0, Some(0)) => format!("no {singular}"),
            Range(lo, Some(hi)) if lo == hi => format!("{lo} {}", noun(lo)),
            Range(lo, Some(hi)) => format!("{lo}–{hi} {plural}"),
            Range(lo, None) => format!("at least {lo} {}", noun(lo)),
        }
    }
}

/// How many levels a pack of a kind holds: an exact number (`8`) or an inclusive
/// range (`[10, 12]`, each pack of the kind picks its size inside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Size {
    /// Exactly this many.
    Exact(usize),
    /// Any number in the range.
    Between(Range),
}

impl Size {
    /// The size as a range (`[n, n]` for an exact size).
    pub fn range(self) -> Range {
        match self {
            Size::Exact(n) => Range(n, Some(n)),
            Size::Between(r) => r,
        }
    }
    /// Whether a pack of `n` levels has this size.
    pub fn contains(self, n: usize) -> bool {
        self.range().contains(n)
    }
    /// The exact size, if the kind states one.
    pub fn exact(self) -> Option<usize> {
        match self {
            Size::Exact(n) => Some(n),
            Size::Between(_) => None,
        }
    }
    /// The most levels a pack may hold.
    pub fn max(self) -> Option<usize> {
        self.range().1
    }
    /// The size in words without the noun: `"8"`, `"10–12"`.
    pub fn describe(self) -> String {
        match self.range() {
            Range(lo, Some(hi)) if lo == hi => lo.to_string(),
            Range(lo, Some(hi)) => format!("{lo}–{hi}"),
            Range(lo, None) => format!("at least {lo}"),
        }
    }
}

/// A number with the reason it is what it is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    /// The number.
    pub value: usize,
    /// Why.
    pub why: String,
}

/// One row of a pack's per-level table: what the entries `entries.0 ..= entries.1`
/// (1-based) must show. Every field a row leaves out is not required.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Row {
    /// First and last entry the row applies to.
    pub entries: (usize, usize),
    /// Cell count.
    #[serde(default)]
    pub cells: Option<Range>,
    /// Static wall count.
    #[serde(default)]
    pub walls: Option<Range>,
    /// Exact number of enclosed holes.
    #[serde(default)]
    pub holes: Option<usize>,
    /// Exactly these clue values, sorted.
    #[serde(default)]
    pub clues: Option<Vec<u32>>,
    /// Exact number of clues.
    #[serde(default)]
    pub clue_count: Option<usize>,
    /// A clue strictly between 1 and N.
    #[serde(default)]
    pub mid_clue: bool,
    /// The clue-1 cell has a wall and exactly one open neighbour.
    #[serde(default)]
    pub start_cornered: bool,
    /// After the first tap a spinner blocks a step out of the start cell.
    #[serde(default)]
    pub first_tap_blocked: bool,
    /// What the entries teach.
    pub why: String,
}

impl Row {
    /// Whether the row applies to entry `index` (1-based).
    pub fn covers(&self, index: usize) -> bool {
        (self.entries.0..=self.entries.1).contains(&index)
    }
}

/// One kind of shipped pack (tutorial, spinner branch, main).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PackSpec {
    /// The pack numbers of this kind (the tutorial and the spinner branch have one).
    pub packs: Vec<u32>,
    /// Levels each pack of this kind holds (a number, or a range per pack).
    pub levels: Size,
    /// Highest deduction tier its levels may need.
    pub max_tier: u8,
    /// Cell range of every level.
    #[serde(default)]
    pub cells: Option<Range>,
    /// Static wall range of every level.
    #[serde(default)]
    pub walls: Option<Range>,
    /// Spinner range of every level.
    pub spinners: Range,
    /// Every level keeps clue 1.
    #[serde(default)]
    pub keeps_clue1: bool,
    /// What the pack is for.
    pub why: String,
    /// Per-level rows.
    pub table: Vec<Row>,
}

/// The order players meet the packs in.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progression {
    /// Pack numbers, first met first.
    pub order: Vec<u32>,
    /// Why this order.
    pub why: String,
}

/// The main line's knob schedule, by main-line position (1-based).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MainLine {
    /// What the main line is.
    pub why: String,
    /// First position with walls.
    pub first_wall: Knob,
    /// The tutorial level that needs more reasoning than the one before it.
    pub first_pause: Knob,
    /// First position with holes.
    pub first_hole: Knob,
    /// First position allowed to go without clue 1.
    pub first_without_clue1: Knob,
}

/// A level let off the wall-beside-clue rule, and why.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exemption {
    /// Level id (`p-i`).
    pub level: String,
    /// Why it cannot comply.
    pub why: String,
}

/// The wall-beside-clue rule: from entry `from_entry` of each pack in `packs` on,
/// at least one wall lies on an edge of a clue cell.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WallBesideClue {
    /// Packs the rule covers.
    pub packs: Vec<u32>,
    /// First entry (1-based) of each pack it covers.
    pub from_entry: usize,
    /// Levels let off the rule.
    pub exemptions: Vec<Exemption>,
    /// Why the rule.
    pub why: String,
}

impl WallBesideClue {
    /// Whether entry `index` (1-based) of `pack` must have a wall beside a clue
    /// (exemptions aside).
    pub fn applies(&self, pack: u32, index: usize) -> bool {
        self.packs.contains(&pack) && index >= self.from_entry
    }
    /// The exemption of level `id`, if it has one.
    pub fn exemption(&self, id: &str) -> Option<&Exemption> {
        self.exemptions.iter().find(|e| e.level == id)
    }
}

/// Phone fit: how large a board may be, in hex widths (a hex's width across its
/// flat sides), for the app to draw it on a phone in portrait with cells big
/// enough to touch.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Phone {
    /// Most hex widths across: the cell centres' horizontal extent plus one hex.
    pub max_hex_widths_across: Knob,
    /// Most hex widths tall: the cell centres' vertical extent plus one hex's
    /// height point to point.
    pub max_hex_widths_tall: Knob,
    /// Why.
    pub why: String,
}

/// The whole spec file, typed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct HexSpec {
    /// `"hex"`.
    pub id: String,
    /// File version.
    pub version: u32,
    /// What the file is.
    pub doc: String,
    /// The tutorial pack.
    pub tutorial: PackSpec,
    /// The experimental spinner pack.
    pub spinner: PackSpec,
    /// The main packs after the tutorial.
    pub main: PackSpec,
    /// The large-board packs after the spinner pack.
    pub large: PackSpec,
    /// The order players meet the packs in.
    pub progression: Progression,
    /// The main line's knob schedule.
    pub main_line: MainLine,
    /// The wall-beside-clue rule.
    pub wall_beside_clue: WallBesideClue,
    /// How large a board may be on a phone.
    pub phone: Phone,
}

impl HexSpec {
    /// The tutorial's pack number.
    pub fn tutorial_pack(&self) -> u32 {
        self.tutorial.packs[0]
    }
    /// The spinner pack's number.
    pub fn spinner_pack(&self) -> u32 {
        self.spinner.packs[0]
    }
    /// The tutorial's size (the spec states it exactly; checked by a test).
    pub fn tutorial_levels(&self) -> usize {
        self.tutorial
            .levels
            .exact()
            .expect("the tutorial states its exact size")
    }
    /// Every main pack's size (the spec states it exactly; checked by a test):
    /// main-line positions count through them.
    pub fn main_levels(&self) -> usize {
        self.main
            .levels
            .exact()
            .expect("the main packs state their exact size")
    }
}

/// The spec's numbers the apps read at run time, as constants written by
/// `engine/build.rs` from the same file (a test holds them equal to [`spec`]).
pub mod app {
    include!(concat!(env!("OUT_DIR"), "/hex_spec_app.rs"));
}

/// The parsed spec (parsed once, on first use).
pub fn spec() -> &'static HexSpec {
    static SPEC: OnceLock<HexSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        serde_json::from_str(SPEC_JSON).expect("engine/spec/hex.json is valid (checked by tests)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::deduce::MAX_TIER;

    #[test]
    fn the_apps_constants_are_the_spec() {
        let s = spec();
        assert_eq!(app::TUTORIAL_PACKS, s.tutorial.packs.as_slice());
        assert_eq!(app::SPINNER_PACKS, s.spinner.packs.as_slice());
        assert_eq!(app::MAIN_PACKS, s.main.packs.as_slice());
        assert_eq!(app::LARGE_PACKS, s.large.packs.as_slice());
        assert_eq!(app::PROGRESSION, s.progression.order.as_slice());
        assert_eq!(app::FIRST_WALL, s.main_line.first_wall.value);
    }

    fn kinds() -> [&'static PackSpec; 4] {
        let s = spec();
        [&s.tutorial, &s.spinner, &s.main, &s.large]
    }

    #[test]
    fn the_spec_parses_and_is_consistent() {
        let s = spec();
        assert_eq!(s.id, "hex");
        assert!(s.version >= 1 && !s.doc.is_empty());
        assert_eq!(s.tutorial.packs.len(), 1, "one tutorial pack");
        assert_eq!(s.spinner.packs.len(), 1, "one spinner pack");
        // every shipped pack exactly once in the progression, the tutorial first
        // and the main packs right after it in their order (main-line positions
        // count on from the tutorial through the main packs)
        let mut all: Vec<u32> = kinds().iter().flat_map(|k| k.packs.clone()).collect();
        let mut order = s.progression.order.clone();
        assert_eq!(order[0], s.tutorial_pack());
        assert_eq!(order[1..=s.main.packs.len()], s.main.packs[..]);
        // the large packs after the spinner pack, in their order, last
        let large_from = order.len() - s.large.packs.len();
        assert_eq!(order[large_from..], s.large.packs[..]);
        assert!(order[..large_from].contains(&s.spinner_pack()));
        all.sort_unstable();
        order.sort_unstable();
        assert_eq!(all, order);
        // main-line positions count through the tutorial and main packs, so their
        // sizes are exact
        assert!(s.tutorial_levels() > 0 && s.main_levels() > 0);
        for k in kinds() {
            let size = k.levels.range();
            assert!(size.min() > 0 && size.1.is_some_and(|hi| size.min() <= hi));
            assert!(!k.why.is_empty());
            assert!(k.max_tier >= 1 && k.max_tier <= MAX_TIER);
            for r in [k.cells, k.walls, Some(k.spinners)].into_iter().flatten() {
                assert!(r.1.is_none_or(|hi| r.0 <= hi), "{r:?}");
            }
            for row in &k.table {
                assert!(row.entries.0 >= 1 && row.entries.0 <= row.entries.1);
                assert!(row.entries.1 <= size.min(), "{row:?}");
                assert!(!row.why.is_empty());
            }
        }
        // the branches that may use every tier do say so
        assert_eq!(s.main.max_tier, MAX_TIER);
        assert_eq!(s.spinner.max_tier, MAX_TIER);
        assert_eq!(s.large.max_tier, MAX_TIER);
        let m = &s.main_line;
        assert!(m.first_pause.value > 1 && m.first_pause.value <= s.tutorial_levels());
        assert!(m.first_wall.value <= m.first_hole.value);
        let w = &s.wall_beside_clue;
        let ruled = |p: &u32| s.main.packs.contains(p) || s.large.packs.contains(p);
        assert!(w.packs.iter().all(ruled));
        assert!(w.from_entry >= 1 && w.from_entry <= s.main_levels());
        for e in &w.exemptions {
            assert!(
                !e.why.is_empty(),
                "{}: an exemption needs a reason",
                e.level
            );
            let ok = w.packs.iter().any(|p| {
                let size = if s.large.packs.contains(p) {
                    &s.large
                } else {
                    &s.main
                };
                let last = size.levels.max().unwrap_or(w.from_entry);
                (w.from_entry..=last).any(|i| e.level == format!("{p}-{i}"))
            });
            assert!(ok, "{} is not a level the rule covers", e.level);
        }
        let phone = &s.phone;
        for k in [&phone.max_hex_widths_across, &phone.max_hex_widths_tall] {
            assert!(k.value > 1 && !k.why.is_empty());
        }
        assert!(!phone.why.is_empty());
    }

    #[test]
    fn sizes_read_as_numbers_or_ranges() {
        let exact: Size = serde_json::from_str("8").unwrap();
        let between: Size = serde_json::from_str("[10, 12]").unwrap();
        assert_eq!(exact, Size::Exact(8));
        assert_eq!(between, Size::Between(Range(10, Some(12))));
        assert_eq!(
            (exact.describe(), between.describe()),
            ("8".into(), "10–12".into())
        );
        assert!(exact.contains(8) && !exact.contains(9));
        assert!(between.contains(11) && !between.contains(13) && !between.contains(9));
        assert_eq!((exact.exact(), between.exact()), (Some(8), None));
        assert_eq!(between.max(), Some(12));
    }

    #[test]
    fn ranges_read_as_words() {
        assert_eq!(Range(3, Some(3)).describe("cell", "cells"), "3 cells");
        assert_eq!(Range(6, Some(8)).describe("cell", "cells"), "6–8 cells");
        assert_eq!(Range(0, Some(0)).describe("wall", "walls"), "no wall");
        assert_eq!(Range(1, None).describe("wall", "walls"), "at least 1 wall");
        assert!(Range(1, None).contains(99) && !Range(2, Some(4)).contains(5));
    }

    #[test]
    fn unknown_fields_are_refused() {
        // a number no code reads cannot be added without failing to parse
        for path in [
            &["unused"][..],
            &["tutorial", "unused"],
            &["mainLine", "unused"],
            &["large", "unused"],
            &["phone", "unused"],
        ] {
            let mut v: serde_json::Value = serde_json::from_str(SPEC_JSON).unwrap();
            let mut at = &mut v;
            for key in &path[..path.len() - 1] {
                at = &mut at[*key];
            }
            at[path[path.len() - 1]] = serde_json::json!(1);
            assert!(serde_json::from_value::<HexSpec>(v).is_err(), "{path:?}");
        }
    }
}
