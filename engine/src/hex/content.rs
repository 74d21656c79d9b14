//! The shipped content's law on top of the per-level checks of [`super::checks`]:
//! which levels must have walls that matter, pack sizes, the tutorial table, the
//! knob schedule of the main line, the spinner pack's limits, and reasoning: every
//! level solved by the deduction solver without guessing (the tutorial with tier-1
//! techniques), difficulty by reasoning grade rising inside each pack, one new
//! technique per pack (all stated in `docs/hex-stroke-rules.md`, "Packs" and "The
//! content law"). `hex verify` applies all of it, so the test command fails on any
//! violation.
//!
//! Packs are told apart by number: 1 the tutorial, 2 the spinner pack (an
//! experimental branch), 3–5 the main packs. The main line is 1-1 … 1-8 then
//! 3-1 … 5-8; [`PROGRESSION`] is the one order players meet the packs in (the law
//! judges each pack's techniques by it, the app lists and unlocks by it); other
//! pack numbers (samples, designer files) only get the per-level checks.

use std::collections::BTreeSet;

use super::checks::{CheckOptions, CheckReport};
use super::deduce::{Outcome, Technique, MAX_TIER};
use super::level_file::Pack;
use super::model::Level;

/// The tutorial pack's number.
pub const TUTORIAL_PACK: u32 = 1;
/// The experimental spinner pack's number.
pub const SPINNER_PACK: u32 = 2;
/// The main packs after the tutorial.
pub const MAIN_PACKS: [u32; 3] = [3, 4, 5];
/// The shipped packs in the order players meet them: the tutorial, the main packs,
/// then the experimental spinner branch. It is the one definition of that order:
/// the content law judges what each pack may introduce against the packs before it
/// ([`earlier_packs`]), and the app lists the packs in this order and opens a pack
/// that is not on the main line once every pack before it is cleared.
///
/// The spinner branch comes last. The main line teaches the techniques one pack at
/// a time (`distance` in 3, `region` in 4, `lookahead` in 5) and the spinner pack
/// uses all of them besides spinner timing: no board with three or four spinners,
/// every one needed, was found that the tutorial's techniques alone solve. Opened
/// right after the tutorial it would drop four new techniques on a player at once;
/// after pack 5 it adds exactly one, and as an experimental mechanism it does not
/// stand between a player and the main line.
pub const PROGRESSION: [u32; 5] = [
    TUTORIAL_PACK,
    MAIN_PACKS[0],
    MAIN_PACKS[1],
    MAIN_PACKS[2],
    SPINNER_PACK,
];
/// Most spinners in one level of the spinner pack.
pub const SPINNER_MAX: usize = 4;
/// Cell range of the spinner pack.
pub const SPINNER_CELLS: (usize, usize) = (7, 19);
/// Cell range of the main packs (9–14 regular, 15–20 late).
pub const MAIN_CELLS: (usize, usize) = (9, 20);
/// Static wall range of the main packs (2–4 walls do the reasoning).
pub const MAIN_WALLS: (usize, usize) = (2, 4);
/// First main-line position allowed to go without clue 1 (after the 13th level).
pub const FIRST_WITHOUT_START: usize = 14;
/// First main-line position with holes (knob table: the 6th level).
pub const FIRST_HOLE: usize = 6;
/// First main-line position with walls (knob table: the 3rd level).
pub const FIRST_WALL: usize = 3;
/// The tutorial level where players first pause to think: its reasoning grade is
/// above the level before it.
pub const FIRST_PAUSE: usize = 4;

/// What kind of pack a number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackKind {
    Tutorial,
    Spinner,
    Main,
    /// Not part of the shipped content: only per-level checks.
    Other,
}

pub fn pack_kind(pack: u32) -> PackKind {
    match pack {
        TUTORIAL_PACK => PackKind::Tutorial,
        SPINNER_PACK => PackKind::Spinner,
        p if MAIN_PACKS.contains(&p) => PackKind::Main,
        _ => PackKind::Other,
    }
}

/// What a tutorial level teaches in one line on screen (the app words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lesson {
    /// The first level: slide from a number to the cell beside it.
    Slide,
    /// The first level with walls: go around them.
    Wall,
}

/// The one-line lesson of entry `index` (1-based) of pack `pack`, if it has one.
pub fn lesson(pack: u32, index: usize) -> Option<Lesson> {
    match (pack_kind(pack), index) {
        (PackKind::Tutorial, 1) => Some(Lesson::Slide),
        (PackKind::Tutorial, FIRST_WALL) => Some(Lesson::Wall),
        _ => None,
    }
}

/// Levels a pack must hold (8 / 9 / 8 / 8 / 8).
pub fn expected_size(pack: u32) -> Option<usize> {
    match pack_kind(pack) {
        PackKind::Tutorial | PackKind::Main => Some(8),
        PackKind::Spinner => Some(9),
        PackKind::Other => None,
    }
}

/// 1-based position on the main line (1-1 … 1-8, 3-1 … 5-8) of entry `index`
/// (1-based) of pack `pack`; `None` off the main line.
pub fn main_line_position(pack: u32, index: usize) -> Option<usize> {
    match pack_kind(pack) {
        PackKind::Tutorial => Some(index),
        PackKind::Main => Some(8 + (pack - MAIN_PACKS[0]) as usize * 8 + index),
        _ => None,
    }
}

/// The check options for entry `index` (1-based) of pack `pack`: from 1-3 on and in
/// every other content pack, removing all walls and spinners must break uniqueness.
pub fn check_options(pack: u32, index: usize, base: &CheckOptions) -> CheckOptions {
    let required = match pack_kind(pack) {
        PackKind::Tutorial => Some(index >= FIRST_WALL),
        PackKind::Spinner | PackKind::Main => Some(true),
        PackKind::Other => base.walls_matter_required,
    };
    CheckOptions {
        walls_matter_required: required,
        ..*base
    }
}

/// A content-law violation: the level it concerns (if one) and a human sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub level: Option<String>,
    pub message: String,
}

fn v(level: Option<&Level>, message: String) -> Violation {
    Violation {
        level: level.map(|l| l.id.clone()),
        message,
    }
}

/// Clue values present on a level, sorted.
pub fn clue_values(level: &Level) -> Vec<u32> {
    let mut c: Vec<u32> = level.cells().iter().filter_map(|c| c.clue).collect();
    c.sort_unstable();
    c
}

/// Whether the level has a clue strictly between 1 and N.
pub fn has_mid_clue(level: &Level) -> bool {
    let n = level.len() as u32;
    clue_values(level).iter().any(|&c| c > 1 && c < n)
}

/// Open (unwalled) neighbours of a cell.
fn open_neighbours(level: &Level, i: usize) -> usize {
    level
        .neighbors(i)
        .filter(|&(d, _)| level.wall_dirs(i) & (1 << d) == 0)
        .count()
}

fn in_range(x: usize, (lo, hi): (usize, usize)) -> bool {
    (lo..=hi).contains(&x)
}

/// The tutorial table for entry `index`: what each tutorial level must show,
/// read strictly (exact cell, wall and clue counts where the table names them).
fn tutorial_rules(level: &Level, index: usize, out: &mut Vec<Violation>) {
    let l = Some(level);
    let n = level.len();
    let walls = level.walls().len();
    let clues = clue_values(level);
    if !level.spinners().is_empty() {
        out.push(v(l, "tutorial levels have no spinners".into()));
    }
    let size = match index {
        1 if n != 3 || walls != 0 => Some(format!(
            "1-1 has 3 cells and no wall (it has {n} cells, {walls} walls)"
        )),
        2 if n != 5 || walls != 0 || clues != [1, 5] => Some(format!(
            "1-2 has 5 cells, no wall and exactly the clues 1 and 5 (it has {n} cells, {walls} walls, clues {clues:?})"
        )),
        3..=7 if !in_range(n, (6, 8)) => {
            Some(format!("1-3 … 1-7 have 6–8 cells (this one has {n})"))
        }
        8 if !in_range(n, (10, 14)) || walls != 3 || clues.len() != 3 => Some(format!(
            "1-8 has 10–14 cells, exactly 3 walls and exactly 3 clues (it has {n} cells, {walls} walls, {} clues)",
            clues.len()
        )),
        _ => None,
    };
    if let Some(m) = size {
        out.push(v(l, m));
    }
    match index {
        3 if walls == 0 => out.push(v(l, "1-3 teaches the first wall but has none".into())),
        4 => {
            let ok = level
                .clue_cell(1)
                .is_some_and(|s| level.wall_dirs(s) != 0 && open_neighbours(level, s) == 1);
            if !ok {
                out.push(v(
                    l,
                    "1-4: the clue-1 cell must have a wall and exactly one open neighbour".into(),
                ));
            }
        }
        5 if !has_mid_clue(level) => {
            out.push(v(l, "1-5 teaches a mid-path clue but has none".into()))
        }
        6 if walls != 2 || level.holes() != 1 => out.push(v(
            l,
            format!(
                "1-6 has exactly two walls and one enclosed hole (it has {walls} walls, {} holes)",
                level.holes()
            ),
        )),
        _ => {}
    }
}

/// The spinner pack's plan for entry `index`: 2-1 blocks the intuitive first
/// step, 2-2 counts beats with a mid-path clue, 2-3 adds a static wall.
fn spinner_rules(level: &Level, index: usize, out: &mut Vec<Violation>) {
    let l = Some(level);
    let n = level.len();
    let s = level.spinners().len();
    if !in_range(n, SPINNER_CELLS) {
        out.push(v(
            l,
            format!(
                "spinner-pack levels have {}–{} cells (this one has {n})",
                SPINNER_CELLS.0, SPINNER_CELLS.1
            ),
        ));
    }
    if s == 0 || s > SPINNER_MAX {
        out.push(v(
            l,
            format!("spinner-pack levels have 1–{SPINNER_MAX} spinners (this one has {s})"),
        ));
    }
    if level.clue_cell(1).is_none() {
        out.push(v(
            l,
            "spinner-pack levels keep clue 1 (the first tap starts the beat)".into(),
        ));
    }
    match index {
        1 => {
            // after the first tap (t = 1) a spinner blocks an edge of the start cell
            let ok = level.clue_cell(1).is_some_and(|st| {
                level
                    .spinners()
                    .iter()
                    .any(|sp| sp.blocked_edge(1).is_some_and(|e| e.touches(st)))
            });
            if !ok {
                out.push(v(
                    l,
                    "2-1: after the first tap a spinner must block a step out of the start cell"
                        .into(),
                ));
            }
        }
        2 if !has_mid_clue(level) => out.push(v(
            l,
            "2-2 counts beats with a mid-path clue but has none".into(),
        )),
        3 if level.walls().is_empty() => out.push(v(
            l,
            "2-3 combines a static wall with a spinner but has no wall".into(),
        )),
        _ => {}
    }
}

/// Main-pack limits and the main line's knob schedule: one new knob at a time
/// (walls from the 3rd level, holes from the 6th, levels without clue 1 from
/// the 14th).
fn main_line_rules(level: &Level, pack: u32, index: usize, out: &mut Vec<Violation>) {
    let l = Some(level);
    let Some(pos) = main_line_position(pack, index) else {
        return;
    };
    if pack_kind(pack) == PackKind::Main {
        let n = level.len();
        let w = level.walls().len();
        if !in_range(n, MAIN_CELLS) {
            out.push(v(
                l,
                format!(
                    "main-pack levels have {}–{} cells (this one has {n})",
                    MAIN_CELLS.0, MAIN_CELLS.1
                ),
            ));
        }
        if !in_range(w, MAIN_WALLS) {
            out.push(v(
                l,
                format!(
                    "main-pack levels have {}–{} walls (this one has {w})",
                    MAIN_WALLS.0, MAIN_WALLS.1
                ),
            ));
        }
        if !level.spinners().is_empty() {
            out.push(v(l, "spinners live only in the spinner pack".into()));
        }
    }
    if pos < FIRST_WALL && !level.walls().is_empty() {
        out.push(v(l, format!("walls start at main-line level {FIRST_WALL}")));
    }
    if pos >= FIRST_WALL && level.walls().is_empty() {
        out.push(v(
            l,
            format!("from main-line level {FIRST_WALL} on every level has a wall"),
        ));
    }
    if pos < FIRST_HOLE && level.holes() > 0 {
        out.push(v(l, format!("holes start at main-line level {FIRST_HOLE}")));
    }
    if pos < FIRST_WITHOUT_START && level.clue_cell(1).is_none() {
        out.push(v(
            l,
            format!(
                "main-line level {pos} lacks clue 1; levels without clue 1 start at the {FIRST_WITHOUT_START}th (3-6)"
            ),
        ));
    }
}

/// Every pack-level rule for one loaded pack: its size, level ids, the tutorial
/// table, the spinner pack's limits, the main packs' knob schedule.
pub fn pack_rules(pack: &Pack) -> Vec<Violation> {
    let mut out = Vec::new();
    let kind = pack_kind(pack.pack);
    if kind == PackKind::Other {
        return out;
    }
    if let Some(size) = expected_size(pack.pack) {
        if pack.levels.len() != size {
            out.push(v(
                None,
                format!(
                    "pack {} must hold {size} levels, it holds {}",
                    pack.pack,
                    pack.levels.len()
                ),
            ));
        }
    }
    for (i, level) in pack.levels.iter().enumerate() {
        let index = i + 1;
        let want = format!("{}-{index}", pack.pack);
        if level.id != want {
            out.push(v(
                Some(level),
                format!(
                    "entry {index} of pack {} must have the id \"{want}\"",
                    pack.pack
                ),
            ));
        }
        match kind {
            PackKind::Tutorial => {
                tutorial_rules(level, index, &mut out);
                main_line_rules(level, pack.pack, index, &mut out);
            }
            PackKind::Spinner => spinner_rules(level, index, &mut out),
            PackKind::Main => main_line_rules(level, pack.pack, index, &mut out),
            PackKind::Other => {}
        }
    }
    if kind == PackKind::Spinner {
        let counts: Vec<usize> = pack.levels.iter().map(|l| l.spinners().len()).collect();
        if counts.windows(2).any(|w| w[1] < w[0]) {
            out.push(v(
                None,
                format!("the spinner pack's spinner counts must not fall ({counts:?})"),
            ));
        }
    }
    out
}

/// Rules across several loaded packs: a pack number may be loaded only once.
pub fn content_law(packs: &[&Pack]) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for p in packs {
        if pack_kind(p.pack) != PackKind::Other {
            if seen.contains(&p.pack) {
                out.push(v(None, format!("pack {} is loaded twice", p.pack)));
            }
            seen.push(p.pack);
        }
        out.extend(pack_rules(p));
    }
    out
}

/// The highest deduction tier a pack's levels may need: the tutorial teaches the
/// one-cell techniques only; the other content packs may use every tier but must
/// be solved by reasoning. `None`: not shipped content, nothing required.
pub fn max_tier(pack: u32) -> Option<u8> {
    match pack_kind(pack) {
        PackKind::Tutorial => Some(1),
        PackKind::Spinner | PackKind::Main => Some(MAX_TIER),
        PackKind::Other => None,
    }
}

/// The packs a player has met before `pack`, in [`PROGRESSION`] order (empty for
/// the tutorial and for packs outside the shipped content). The content law judges
/// a pack's new techniques against them; the app opens the spinner branch once
/// every level of them is cleared.
pub fn earlier_packs(pack: u32) -> Vec<u32> {
    match PROGRESSION.iter().position(|&p| p == pack) {
        Some(k) => PROGRESSION[..k].to_vec(),
        None => Vec::new(),
    }
}

/// Where the level select lists `pack`: by its place in [`PROGRESSION`], packs
/// outside the shipped content after them by number.
pub fn listing_key(pack: u32) -> (usize, u32) {
    let place = PROGRESSION.iter().position(|&p| p == pack);
    (place.unwrap_or(PROGRESSION.len()), pack)
}

/// The per-level reasoning rule: a content level is solved by reasoning alone,
/// within its pack's tier. Human sentences, empty when it holds.
pub fn reasoning_rules(pack: u32, report: &CheckReport) -> Vec<String> {
    let Some(max) = max_tier(pack) else {
        return Vec::new();
    };
    let Some(r) = &report.reasoning else {
        return vec!["the reasoning check did not run".to_string()];
    };
    match r.outcome {
        Outcome::Solved if r.grade.tier > max => vec![format!(
            "needs tier-{} reasoning ({}); this pack allows tier {max} at most",
            r.grade.tier,
            codes(&r.techniques)
        )],
        Outcome::Solved => Vec::new(),
        Outcome::Stuck => vec![format!(
            "reasoning alone does not solve the level: it needs guessing at step {}",
            r.stuck_step.unwrap_or(0)
        )],
        Outcome::Contradiction => {
            vec!["reasoning finds the clues and walls contradictory".to_string()]
        }
    }
}

fn codes(ts: &[Technique]) -> String {
    ts.iter().map(|t| t.code()).collect::<Vec<_>>().join(", ")
}

fn techniques_of(reports: &[&CheckReport]) -> BTreeSet<Technique> {
    reports
        .iter()
        .filter_map(|r| r.reasoning.as_ref())
        .flat_map(|r| r.techniques.iter().copied())
        .collect()
}

fn highest_tier(reports: &[&CheckReport]) -> u8 {
    reports
        .iter()
        .filter_map(|r| r.reasoning.as_ref())
        .map(|r| r.grade.tier)
        .max()
        .unwrap_or(0)
}

/// The reasoning order across packs (`packs` pairs a pack number with its levels'
/// reports in order): within a pack the grade (tier, then steps at that tier)
/// never falls, and in the tutorial it rises at [`FIRST_PAUSE`]; each pack after the tutorial introduces at most one technique the
/// packs before it (all loaded) did not use; along the main line a pack's hardest
/// tier is not below the previous pack's. Each violation comes with the pack it
/// belongs to.
pub fn reasoning_order(packs: &[(u32, Vec<&CheckReport>)]) -> Vec<(u32, Violation)> {
    let mut out = Vec::new();
    for (n, reports) in packs {
        for w in reports.windows(2) {
            let (Some(a), Some(b)) = (&w[0].reasoning, &w[1].reasoning) else {
                continue;
            };
            if b.grade < a.grade {
                out.push((*n, Violation {
                    level: Some(w[1].id.clone()),
                    message: format!(
                        "difficulty falls within pack {n}: {} needs tier {} × {} steps, {} only tier {} × {}",
                        w[0].id, a.grade.tier, a.grade.steps, w[1].id, b.grade.tier, b.grade.steps
                    ),
                }));
            }
        }
    }
    if let Some((_, tutorial)) = packs.iter().find(|(n, _)| *n == TUTORIAL_PACK) {
        if let (Some(a), Some(b)) = (
            tutorial
                .get(FIRST_PAUSE - 2)
                .and_then(|r| r.reasoning.as_ref()),
            tutorial
                .get(FIRST_PAUSE - 1)
                .and_then(|r| r.reasoning.as_ref()),
        ) {
            if b.grade <= a.grade {
                out.push((
                    TUTORIAL_PACK,
                    Violation {
                        level: Some(tutorial[FIRST_PAUSE - 1].id.clone()),
                        message: format!(
                            "1-{FIRST_PAUSE} is where players first pause to think: it must need more reasoning than 1-{} (tier {} × {} steps against tier {} × {})",
                            FIRST_PAUSE - 1, b.grade.tier, b.grade.steps, a.grade.tier, a.grade.steps
                        ),
                    },
                ));
            }
        }
    }
    let loaded = |p: u32| packs.iter().find(|(n, _)| *n == p).map(|(_, r)| r);
    for (n, reports) in packs {
        let earlier = earlier_packs(*n);
        if pack_kind(*n) == PackKind::Other || earlier.is_empty() {
            continue;
        }
        let Some(before) = earlier
            .iter()
            .map(|&p| loaded(p).map(|r| techniques_of(r)))
            .collect::<Option<Vec<_>>>()
        else {
            continue; // an earlier pack is not loaded: nothing to compare with
        };
        let known: BTreeSet<Technique> = before.into_iter().flatten().collect();
        let new: Vec<Technique> = techniques_of(reports).difference(&known).copied().collect();
        if new.len() > 1 {
            out.push((
                *n,
                Violation {
                    level: None,
                    message: format!(
                        "pack {n} introduces {} new techniques ({}); one at a time",
                        new.len(),
                        codes(&new)
                    ),
                },
            ));
        }
    }
    let mut line: Vec<(usize, u32, u8)> = packs
        .iter()
        .filter_map(|(n, r)| Some((main_line_position(*n, 1)?, *n, highest_tier(r))))
        .collect();
    line.sort();
    for w in line.windows(2) {
        if w[1].2 < w[0].2 {
            out.push((
                w[1].1,
                Violation {
                    level: None,
                    message: format!(
                        "the hardest tier falls from pack {} (tier {}) to pack {} (tier {})",
                        w[0].1, w[0].2, w[1].1, w[1].2
                    ),
                },
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_positions() {
        assert_eq!(main_line_position(1, 8), Some(8));
        assert_eq!(main_line_position(3, 1), Some(9));
        assert_eq!(main_line_position(3, 6), Some(14));
        assert_eq!(main_line_position(5, 8), Some(32));
        assert_eq!(main_line_position(2, 1), None);
        assert_eq!(main_line_position(9, 1), None);
    }

    #[test]
    fn the_spinner_branch_comes_after_the_main_line() {
        assert_eq!(earlier_packs(TUTORIAL_PACK), Vec::<u32>::new());
        assert_eq!(earlier_packs(4), vec![1, 3]);
        assert_eq!(earlier_packs(SPINNER_PACK), vec![1, 3, 4, 5]);
        assert_eq!(earlier_packs(9), Vec::<u32>::new());
        let mut listed = vec![9, 5, 2, 4, 1, 3];
        listed.sort_by_key(|&p| listing_key(p));
        assert_eq!(listed, [1, 3, 4, 5, 2, 9]);
        // every main pack is met before the branch
        for p in MAIN_PACKS {
            assert!(earlier_packs(SPINNER_PACK).contains(&p));
            assert!(!earlier_packs(p).contains(&SPINNER_PACK));
        }
    }

    #[test]
    fn lessons_sit_on_the_first_tutorial_level_and_its_first_wall() {
        assert_eq!(lesson(TUTORIAL_PACK, 1), Some(Lesson::Slide));
        assert_eq!(lesson(TUTORIAL_PACK, 2), None);
        assert_eq!(lesson(TUTORIAL_PACK, 3), Some(Lesson::Wall));
        assert_eq!(lesson(SPINNER_PACK, 1), None);
        assert_eq!(lesson(MAIN_PACKS[0], 3), None);
    }

    #[test]
    fn walls_matter_from_1_3_and_in_other_content_packs() {
        let base = CheckOptions::default();
        assert_eq!(
            check_options(1, 2, &base).walls_matter_required,
            Some(false)
        );
        assert_eq!(check_options(1, 3, &base).walls_matter_required, Some(true));
        assert_eq!(check_options(2, 1, &base).walls_matter_required, Some(true));
        assert_eq!(check_options(4, 1, &base).walls_matter_required, Some(true));
        assert_eq!(check_options(9, 1, &base).walls_matter_required, None);
    }

    #[test]
    fn wrong_sizes_and_tutorial_table_are_reported() {
        use crate::hex::level_file::parse_pack;
        let pack = parse_pack(
            r#"{"pack":1,"title":"t","levels":[{"id":"1-1","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0}]}]}"#,
        )
        .unwrap();
        let v = pack_rules(&pack);
        assert!(v.iter().any(|x| x.message.contains("must hold 8 levels")));
        assert!(v.iter().any(|x| x.message.contains("1-1 has 3 cells")));
    }
}
