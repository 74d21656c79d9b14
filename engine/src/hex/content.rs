//! The shipped content's law on top of the per-level checks of [`super::checks`]:
//! which levels must have walls that matter, pack sizes, the tutorial table, the
//! knob schedule of the main line, the spinner pack's limits, walls beside clues,
//! phone fit (every board small enough for a phone in portrait), and reasoning: every level solved by the deduction solver without guessing (the
//! tutorial with tier-1 techniques), difficulty by reasoning grade rising inside
//! each pack, one new technique per pack (all stated in `docs/hex-stroke-rules.md`,
//! "Packs" and "The content law"). `hex verify` applies all of it, so the test
//! command fails on any violation.
//!
//! Every number of the law (pack numbers and sizes, ranges, table rows, schedule
//! positions, tiers) comes from `engine/spec/hex.json` through [`super::spec`]; a
//! test fails if one is written here as a literal. Packs are told apart by number:
//! the tutorial, the spinner pack (an experimental branch), the main packs and the
//! large packs (large boards, after the spinner pack). The
//! main line is the tutorial then the main packs; [`progression`] is the one order
//! players meet the packs in (the law judges each pack's techniques by it, the app
//! lists and unlocks by it); other pack numbers (samples, designer files) only get
//! the per-level checks.

use std::collections::BTreeSet;

use super::checks::{CheckOptions, CheckReport};
use super::coord::extent_in_hex_widths;
use super::deduce::{Outcome, Technique};
use super::level_file::Pack;
use super::model::Level;
use super::spec::{app, spec, PackSpec, Range, Row, Size};
use crate::decimal::one_decimal;

/// The tutorial pack's number.
pub fn tutorial_pack() -> u32 {
    app::TUTORIAL_PACKS[0]
}

/// The experimental spinner pack's number.
pub fn spinner_pack() -> u32 {
    app::SPINNER_PACKS[0]
}

/// The main packs after the tutorial, in main-line order.
pub fn main_packs() -> &'static [u32] {
    app::MAIN_PACKS
}

/// The large-board packs, in order.
pub fn large_packs() -> &'static [u32] {
    app::LARGE_PACKS
}

/// The shipped packs in the order players meet them: the tutorial, the main packs,
/// the experimental spinner branch, then the large packs. It is the one definition
/// of that order: the content law judges what each pack may introduce against the
/// packs before it ([`earlier_packs`]), and the app lists the packs in this order
/// and opens the first level of a pack that is not on the main line (the spinner
/// branch, the large packs' line) once every pack before it is cleared. Why this
/// order is the spec's `progression.why`.
pub fn progression() -> &'static [u32] {
    app::PROGRESSION
}

/// What kind of pack a number is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackKind {
    Tutorial,
    Spinner,
    Main,
    /// A large-board pack: after the spinner branch, its own line.
    Large,
    /// Not part of the shipped content: only per-level checks.
    Other,
}

pub fn pack_kind(pack: u32) -> PackKind {
    if app::TUTORIAL_PACKS.contains(&pack) {
        PackKind::Tutorial
    } else if app::SPINNER_PACKS.contains(&pack) {
        PackKind::Spinner
    } else if app::MAIN_PACKS.contains(&pack) {
        PackKind::Main
    } else if app::LARGE_PACKS.contains(&pack) {
        PackKind::Large
    } else {
        PackKind::Other
    }
}

/// The spec of a kind of shipped pack (`None` for [`PackKind::Other`]).
pub fn pack_spec(kind: PackKind) -> Option<&'static PackSpec> {
    let s = spec();
    match kind {
        PackKind::Tutorial => Some(&s.tutorial),
        PackKind::Spinner => Some(&s.spinner),
        PackKind::Main => Some(&s.main),
        PackKind::Large => Some(&s.large),
        PackKind::Other => None,
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

/// The one-line lesson of entry `index` (1-based) of pack `pack`, if it has one:
/// the tutorial's first entry and its first entry with walls.
pub fn lesson(pack: u32, index: usize) -> Option<Lesson> {
    if pack_kind(pack) != PackKind::Tutorial {
        return None;
    }
    if index == 1 {
        Some(Lesson::Slide)
    } else if index == app::FIRST_WALL {
        Some(Lesson::Wall)
    } else {
        None
    }
}

/// Levels a pack must hold (the spec's `levels` of its kind: a number, or a range
/// for kinds whose packs pick their own size).
pub fn expected_size(pack: u32) -> Option<Size> {
    pack_spec(pack_kind(pack)).map(|k| k.levels)
}

/// 1-based position on the main line (the tutorial, then the main packs in order)
/// of entry `index` (1-based) of pack `pack`; `None` off the main line.
pub fn main_line_position(pack: u32, index: usize) -> Option<usize> {
    let s = spec();
    match pack_kind(pack) {
        PackKind::Tutorial => Some(index),
        PackKind::Main => {
            let k = s.main.packs.iter().position(|&p| p == pack)?;
            Some(s.tutorial_levels() + k * s.main_levels() + index)
        }
        _ => None,
    }
}

/// The level id (`p-i`) at main-line position `pos` (1-based), if the line has it.
pub fn main_line_id(pos: usize) -> Option<String> {
    let s = spec();
    if pos == 0 {
        return None;
    }
    if pos <= s.tutorial_levels() {
        return Some(format!("{}-{pos}", s.tutorial_pack()));
    }
    let after = pos - s.tutorial_levels() - 1;
    let pack = s.main.packs.get(after / s.main_levels())?;
    Some(format!("{pack}-{}", after % s.main_levels() + 1))
}

/// A main-line position with its level id, for messages: `"6 (1-6)"`.
fn position_name(pos: usize) -> String {
    match main_line_id(pos) {
        Some(id) => format!("{pos} ({id})"),
        None => pos.to_string(),
    }
}

/// The check options for entry `index` (1-based) of pack `pack`: from the first
/// tutorial level with walls on, and in every other content pack, removing all
/// walls and spinners must break uniqueness.
pub fn check_options(pack: u32, index: usize, base: &CheckOptions) -> CheckOptions {
    let required = match pack_kind(pack) {
        PackKind::Tutorial => Some(index >= spec().main_line.first_wall.value),
        PackKind::Spinner | PackKind::Main | PackKind::Large => Some(true),
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

/// Whether some wall lies on an edge of a cell that carries a clue.
pub fn has_wall_beside_clue(level: &Level) -> bool {
    level
        .walls()
        .iter()
        .any(|e| level.cell(e.a).clue.is_some() || level.cell(e.b).clue.is_some())
}

/// Open (unwalled) neighbours of a cell.
fn open_neighbours(level: &Level, i: usize) -> usize {
    level
        .neighbors(i)
        .filter(|&(d, _)| level.wall_dirs(i) & (1 << d) == 0)
        .count()
}

/// Whether the clue-1 cell has a wall and exactly one open neighbour.
fn start_cornered(level: &Level) -> bool {
    level
        .clue_cell(1)
        .is_some_and(|s| level.wall_dirs(s) != 0 && open_neighbours(level, s) == 1)
}

/// Whether after the first tap a spinner blocks an edge of the start cell.
fn first_tap_blocked(level: &Level) -> bool {
    level.clue_cell(1).is_some_and(|st| {
        level
            .spinners()
            .iter()
            .any(|sp| sp.blocked_edge(1).is_some_and(|e| e.touches(st)))
    })
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// One count a table row names, in words (`"3 cells"`).
fn count(n: usize, singular: &str, plural: &str) -> String {
    Range(n, Some(n)).describe(singular, plural)
}

/// A table row as a sentence: `"1-1 has 3 cells and no wall"`,
/// `"1-3 … 1-7 have 6–8 cells"`. The docs' "Packs" table states the rows so.
pub fn row_text(pack: u32, row: &Row) -> String {
    let (a, b) = row.entries;
    let (span, verb) = if a == b {
        (format!("{pack}-{a}"), "has")
    } else {
        (format!("{pack}-{a} … {pack}-{b}"), "have")
    };
    let mut needs = Vec::new();
    if let Some(r) = row.cells {
        needs.push(r.describe("cell", "cells"));
    }
    if let Some(r) = row.walls {
        needs.push(r.describe("wall", "walls"));
    }
    if let Some(h) = row.holes {
        needs.push(count(h, "enclosed hole", "enclosed holes"));
    }
    if let Some(c) = &row.clues {
        let vals: Vec<String> = c.iter().map(u32::to_string).collect();
        needs.push(format!("exactly the clues {}", and_list(&vals)));
    }
    if let Some(c) = row.clue_count {
        needs.push(count(c, "clue", "clues"));
    }
    if row.mid_clue {
        needs.push("a clue between 1 and N".into());
    }
    if row.start_cornered {
        needs.push("a wall at the clue-1 cell, which has exactly one open neighbour".into());
    }
    if row.first_tap_blocked {
        needs.push("a spinner blocking a step out of the start cell after the first tap".into());
    }
    format!("{span} {verb} {}", and_list(&needs))
}

/// Checks one table row on entry `index`: `None` when it holds, else the row's
/// sentence with what the level has.
fn row_violation(pack: u32, index: usize, row: &Row, level: &Level) -> Option<String> {
    let (n, walls, holes, clues) = (
        level.len(),
        level.walls().len(),
        level.holes(),
        clue_values(level),
    );
    let counts_ok = row.cells.is_none_or(|r| r.contains(n))
        && row.walls.is_none_or(|r| r.contains(walls))
        && row.holes.is_none_or(|h| h == holes)
        && row.clues.as_ref().is_none_or(|c| *c == clues)
        && row.clue_count.is_none_or(|c| c == clues.len());
    let ok = counts_ok
        && (!row.mid_clue || has_mid_clue(level))
        && (!row.start_cornered || start_cornered(level))
        && (!row.first_tap_blocked || first_tap_blocked(level));
    if ok {
        return None;
    }
    let mut has = Vec::new();
    if row.cells.is_some() {
        has.push(count(n, "cell", "cells"));
    }
    if row.walls.is_some() {
        has.push(count(walls, "wall", "walls"));
    }
    if row.holes.is_some() {
        has.push(count(holes, "enclosed hole", "enclosed holes"));
    }
    if row.clues.is_some() {
        has.push(format!("the clues {clues:?}"));
    }
    if row.clue_count.is_some() {
        has.push(count(clues.len(), "clue", "clues"));
    }
    let text = row_text(pack, row);
    if has.is_empty() {
        return Some(text);
    }
    let who = if row.entries.0 == row.entries.1 {
        "it".to_string()
    } else {
        format!("{pack}-{index}")
    };
    Some(format!("{text} ({who} has {})", has.join(", ")))
}

/// What every level of a kind of pack must show (cells, walls, spinners, clue 1),
/// then the rows of its table that cover entry `index`.
fn kind_rules(kind: &PackSpec, name: &str, pack: u32, index: usize, level: &Level) -> Vec<String> {
    let mut out = Vec::new();
    let ranges = [
        (kind.cells, level.len(), "cell", "cells"),
        (kind.walls, level.walls().len(), "wall", "walls"),
        (
            Some(kind.spinners),
            level.spinners().len(),
            "spinner",
            "spinners",
        ),
    ];
    for (range, x, one, many) in ranges {
        if let Some(r) = range.filter(|r| !r.contains(x)) {
            out.push(format!(
                "{name} levels have {} (this one has {})",
                r.describe(one, many),
                count(x, one, many)
            ));
        }
    }
    if kind.keeps_clue1 && level.clue_cell(1).is_none() {
        out.push(format!(
            "{name} levels keep clue 1 (the first tap starts the beat)"
        ));
    }
    for row in kind.table.iter().filter(|r| r.covers(index)) {
        out.extend(row_violation(pack, index, row, level));
    }
    out
}

/// The main line's knob schedule: one new knob at a time (walls, then holes, then
/// levels without clue 1, each from its spec position on).
fn main_line_rules(level: &Level, pack: u32, index: usize, out: &mut Vec<Violation>) {
    let l = Some(level);
    let Some(pos) = main_line_position(pack, index) else {
        return;
    };
    let m = &spec().main_line;
    let (wall, hole, no_start) = (
        m.first_wall.value,
        m.first_hole.value,
        m.first_without_clue1.value,
    );
    if pos < wall && !level.walls().is_empty() {
        let at = position_name(wall);
        out.push(v(l, format!("walls start at main-line level {at}")));
    }
    if pos >= wall && level.walls().is_empty() {
        let at = position_name(wall);
        out.push(v(
            l,
            format!("from main-line level {at} on every level has a wall"),
        ));
    }
    if pos < hole && level.holes() > 0 {
        let at = position_name(hole);
        out.push(v(l, format!("holes start at main-line level {at}")));
    }
    if pos < no_start && level.clue_cell(1).is_none() {
        let at = position_name(no_start);
        out.push(v(
            l,
            format!("main-line level {pos} lacks clue 1; levels without clue 1 start at main-line level {at}"),
        ));
    }
}

/// The wall-beside-clue rule for entry `index` of `pack`: from the spec's entry on
/// in the packs it lists, some wall touches a clue cell, unless the spec exempts
/// the level (and an exemption the level does not need is reported too, so the
/// list cannot go stale).
fn wall_beside_clue_rule(level: &Level, pack: u32, index: usize, out: &mut Vec<Violation>) {
    let rule = &spec().wall_beside_clue;
    if !rule.applies(pack, index) {
        return;
    }
    let from = format!("{pack}-{}", rule.from_entry);
    match (rule.exemption(&level.id), has_wall_beside_clue(level)) {
        (None, false) => out.push(v(
            Some(level),
            format!(
                "no wall lies beside a clue: from {from} on, every level of pack {pack} has a wall on an edge of a clue cell"
            ),
        )),
        (Some(_), true) => out.push(v(
            Some(level),
            format!(
                "the spec exempts {} from the wall-beside-clue rule, but it has a wall beside a clue: drop the exemption",
                level.id
            ),
        )),
        _ => {}
    }
}

/// Phone fit: the board is at most the spec's hex widths across and tall, so the
/// app can draw it on a phone in portrait with cells big enough to touch.
fn phone_fit_rule(level: &Level, out: &mut Vec<Violation>) {
    let phone = &spec().phone;
    let (across, tall) = extent_in_hex_widths(level.cells().iter().map(|c| c.pos));
    let limits = [
        (across, phone.max_hex_widths_across.value, "across"),
        (tall, phone.max_hex_widths_tall.value, "tall"),
    ];
    for (x, max, way) in limits {
        // a hair of tolerance for the float geometry (a board is a whole or a
        // half number of hex widths across)
        if x > max as f64 + f64::EPSILON.sqrt() {
            out.push(v(
                Some(level),
                format!(
                    "the board is {} hex widths {way}; a phone in portrait fits at most {max}",
                    one_decimal(x)
                ),
            ));
        }
    }
}

/// Every rule for entry `index` (1-based) of a shipped pack.
fn level_rules(kind: PackKind, pack: u32, index: usize, level: &Level, out: &mut Vec<Violation>) {
    let name = match kind {
        PackKind::Tutorial => "tutorial",
        PackKind::Spinner => "spinner-pack",
        PackKind::Main => "main-pack",
        PackKind::Large => "large-pack",
        PackKind::Other => return,
    };
    if let Some(k) = pack_spec(kind) {
        for m in kind_rules(k, name, pack, index, level) {
            out.push(v(Some(level), m));
        }
    }
    main_line_rules(level, pack, index, out);
    wall_beside_clue_rule(level, pack, index, out);
    phone_fit_rule(level, out);
}

/// Every per-level rule the law asks of `level` as entry `index` (1-based) of
/// `pack` (its kind's ranges, table rows, knob schedule, walls beside clues, phone
/// fit),
/// without the pack-wide ones (size, ids): the designer filters candidates by it.
pub fn level_law(pack: u32, index: usize, level: &Level) -> Vec<Violation> {
    let mut out = Vec::new();
    level_rules(pack_kind(pack), pack, index, level, &mut out);
    out
}

/// Every pack-level rule for one loaded pack: its size, level ids, the per-level
/// rules of its kind and table, the main line's knob schedule, walls beside clues.
pub fn pack_rules(pack: &Pack) -> Vec<Violation> {
    let mut out = Vec::new();
    let kind = pack_kind(pack.pack);
    if kind == PackKind::Other {
        return out;
    }
    if let Some(size) = expected_size(pack.pack) {
        if !size.contains(pack.levels.len()) {
            out.push(v(
                None,
                format!(
                    "pack {} must hold {} levels, it holds {}",
                    pack.pack,
                    size.describe(),
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
        level_rules(kind, pack.pack, index, level, &mut out);
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

/// The highest deduction tier a pack's levels may need (the spec's `maxTier` of
/// its kind): the tutorial teaches the one-cell techniques only; the other content
/// packs may use every tier but must be solved by reasoning. `None`: not shipped
/// content, nothing required.
pub fn max_tier(pack: u32) -> Option<u8> {
    pack_spec(pack_kind(pack)).map(|k| k.max_tier)
}

/// The packs a player has met before `pack`, in [`progression`] order (empty for
/// the tutorial and for packs outside the shipped content). The content law judges
/// a pack's new techniques against them; the app opens the spinner branch, and the
/// large packs' line, once every level of them is cleared.
pub fn earlier_packs(pack: u32) -> Vec<u32> {
    let order = progression();
    match order.iter().position(|&p| p == pack) {
        Some(k) => order[..k].to_vec(),
        None => Vec::new(),
    }
}

/// Where the level select lists `pack`: by its place in [`progression`], packs
/// outside the shipped content after them by number.
pub fn listing_key(pack: u32) -> (usize, u32) {
    let order = progression();
    let place = order.iter().position(|&p| p == pack);
    (place.unwrap_or(order.len()), pack)
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

/// 0-based slot of a 1-based entry.
fn slot(entry: usize) -> usize {
    entry - 1
}

/// The tutorial's first pause: its level there needs more reasoning than the one
/// before it.
fn first_pause_rule(packs: &[(u32, Vec<&CheckReport>)]) -> Option<(u32, Violation)> {
    let t = tutorial_pack();
    let pause = spec().main_line.first_pause.value;
    let (_, tutorial) = packs.iter().find(|(n, _)| *n == t)?;
    let a = tutorial.get(slot(pause - 1))?.reasoning.as_ref()?;
    let at = tutorial.get(slot(pause))?;
    let b = at.reasoning.as_ref()?;
    if b.grade > a.grade {
        return None;
    }
    Some((
        t,
        Violation {
            level: Some(at.id.clone()),
            message: format!(
                "{t}-{pause} is where players first pause to think: it must need more reasoning than {t}-{} (tier {} × {} steps against tier {} × {})",
                pause - 1, b.grade.tier, b.grade.steps, a.grade.tier, a.grade.steps
            ),
        },
    ))
}

/// The reasoning order across packs (`packs` pairs a pack number with its levels'
/// reports in order): within a pack the grade (tier, then steps at that tier)
/// never falls, and in the tutorial it rises at the spec's first pause; each pack
/// after the tutorial introduces at most one technique the
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
    out.extend(first_pause_rule(packs));
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
        let ((_, before, was), (_, pack, tier)) = (w[0], w[1]);
        if tier < was {
            out.push((
                pack,
                Violation {
                    level: None,
                    message: format!(
                        "the hardest tier falls from pack {before} (tier {was}) to pack {pack} (tier {tier})"
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
    use crate::hex::level_file::parse_pack;

    #[test]
    fn main_line_positions() {
        assert_eq!(main_line_position(1, 8), Some(8));
        assert_eq!(main_line_position(3, 1), Some(9));
        assert_eq!(main_line_position(3, 6), Some(14));
        assert_eq!(main_line_position(5, 8), Some(32));
        assert_eq!(main_line_position(2, 1), None);
        assert_eq!(main_line_position(9, 1), None);
        // the id at a position is the inverse
        for pack in progression() {
            for i in 1..=expected_size(*pack).unwrap().max().unwrap() {
                if let Some(pos) = main_line_position(*pack, i) {
                    assert_eq!(main_line_id(pos), Some(format!("{pack}-{i}")));
                }
            }
        }
        assert_eq!(main_line_id(14).as_deref(), Some("3-6"));
        assert_eq!(main_line_id(0), None);
        assert_eq!(main_line_id(33), None);
    }

    #[test]
    fn the_spinner_branch_comes_after_the_main_line() {
        assert_eq!(earlier_packs(tutorial_pack()), Vec::<u32>::new());
        assert_eq!(earlier_packs(4), vec![1, 3]);
        assert_eq!(earlier_packs(spinner_pack()), vec![1, 3, 4, 5]);
        assert_eq!(earlier_packs(9), Vec::<u32>::new());
        let mut listed = vec![9, 5, 2, 4, 1, 3];
        listed.sort_by_key(|&p| listing_key(p));
        assert_eq!(listed, [1, 3, 4, 5, 2, 9]);
        // every main pack is met before the branch
        for &p in main_packs() {
            assert!(earlier_packs(spinner_pack()).contains(&p));
            assert!(!earlier_packs(p).contains(&spinner_pack()));
        }
    }

    #[test]
    fn the_large_packs_come_after_the_spinner_branch() {
        assert_eq!(large_packs(), [6, 7, 8]);
        assert_eq!(progression(), [1, 3, 4, 5, 2, 6, 7, 8]);
        assert_eq!(earlier_packs(6), vec![1, 3, 4, 5, 2]);
        assert_eq!(earlier_packs(8), vec![1, 3, 4, 5, 2, 6, 7]);
        for &p in large_packs() {
            assert_eq!(pack_kind(p), PackKind::Large);
            assert!(earlier_packs(p).contains(&spinner_pack()));
            assert_eq!(main_line_position(p, 1), None);
            assert_eq!(max_tier(p), Some(spec().large.max_tier));
        }
        let mut listed = vec![9, 8, 6, 2, 7, 1];
        listed.sort_by_key(|&p| listing_key(p));
        assert_eq!(listed, [1, 2, 6, 7, 8, 9]);
    }

    #[test]
    fn lessons_sit_on_the_first_tutorial_level_and_its_first_wall() {
        assert_eq!(lesson(tutorial_pack(), 1), Some(Lesson::Slide));
        assert_eq!(lesson(tutorial_pack(), 2), None);
        assert_eq!(lesson(tutorial_pack(), 3), Some(Lesson::Wall));
        assert_eq!(lesson(spinner_pack(), 1), None);
        assert_eq!(lesson(main_packs()[0], 3), None);
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
        assert_eq!(check_options(6, 1, &base).walls_matter_required, Some(true));
    }

    /// A pack of `n` levels, each a board of rows of the given lengths (row `r`
    /// starts at `q = -r / 2`, so the rows stack straight), the clue 1 at the top
    /// left and no wall.
    fn pack_of_rows(pack: u32, n: usize, rows: &[i32]) -> Pack {
        let mut cells = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            let r = r as i32;
            for k in 0..len {
                let clue = if cells.is_empty() { r#","clue":1"# } else { "" };
                let id = crate::hex::model::cell_name(cells.len());
                cells.push(format!(
                    r#"{{"id":"{id}","q":{},"r":{r}{clue}}}"#,
                    k - r / 2
                ));
            }
        }
        let levels: Vec<String> = (1..=n)
            .map(|i| format!(r#"{{"id":"{pack}-{i}","cells":[{}]}}"#, cells.join(",")))
            .collect();
        pack_of(pack, &levels)
    }

    /// A pack file of `levels` (level JSON texts), parsed.
    fn pack_of(pack: u32, levels: &[String]) -> Pack {
        let text = format!(
            r#"{{"pack":{pack},"title":"t","levels":[{}]}}"#,
            levels.join(",")
        );
        parse_pack(&text).unwrap()
    }

    fn phone_complaints(pack: &Pack) -> Vec<String> {
        pack_rules(pack)
            .into_iter()
            .filter(|x| x.message.contains("a phone in portrait"))
            .map(|x| x.message)
            .collect()
    }

    #[test]
    fn every_shipped_board_fits_a_phone() {
        // rows of 8 and 7: 8 hex widths across, fits; a row of 9 does not
        let fits = pack_of_rows(6, 10, &[8, 7, 8, 7]);
        assert_eq!(phone_complaints(&fits), Vec::<String>::new());
        let wide = pack_of_rows(6, 10, &[9, 8]);
        let v = phone_complaints(&wide);
        assert_eq!(v.len(), 10, "{v:#?}");
        assert_eq!(
            v[0],
            "the board is 9.0 hex widths across; a phone in portrait fits at most 8"
        );
        // rows of 8 and 8 sit half a hex apart: 8.5 across
        assert_eq!(phone_complaints(&pack_of_rows(6, 10, &[8, 8])).len(), 10);
        // 13 rows are 11.5 hex widths tall, 14 rows 12.4
        assert!(phone_complaints(&pack_of_rows(6, 10, &[2; 13])).is_empty());
        let tall = phone_complaints(&pack_of_rows(6, 10, &[2; 14]));
        assert_eq!(
            tall[0],
            "the board is 12.4 hex widths tall; a phone in portrait fits at most 12"
        );
        // every kind of shipped pack is held to it, other packs are not
        assert_eq!(phone_complaints(&pack_of_rows(3, 8, &[9])).len(), 8);
        assert!(phone_complaints(&pack_of_rows(9, 1, &[9])).is_empty());
    }

    #[test]
    fn a_large_pack_picks_its_size_in_the_spec_range() {
        let size = |n: usize| {
            pack_rules(&pack_of_rows(6, n, &[5, 4, 5, 4, 5, 4]))
                .into_iter()
                .filter(|x| x.message.starts_with("pack 6 must hold"))
                .map(|x| x.message)
                .collect::<Vec<_>>()
        };
        assert_eq!(size(9), ["pack 6 must hold 10–12 levels, it holds 9"]);
        assert!(size(10).is_empty() && size(12).is_empty());
        assert_eq!(size(13), ["pack 6 must hold 10–12 levels, it holds 13"]);
    }

    #[test]
    fn wrong_sizes_and_tutorial_table_are_reported() {
        let pack = parse_pack(
            r#"{"pack":1,"title":"t","levels":[{"id":"1-1","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0}]}]}"#,
        )
        .unwrap();
        let v = pack_rules(&pack);
        assert!(v.iter().any(|x| x.message.contains("must hold 8 levels")));
        assert!(
            v.iter()
                .any(|x| x.message == "1-1 has 3 cells and no wall (it has 2 cells, no wall)"),
            "{v:#?}"
        );
    }

    /// A pack of `n` copies of a four-cell level with the clue 1 on `a` and one
    /// wall, `a/b` (beside the clue) or `c/d` (away from it).
    fn pack_with_wall(pack: u32, n: usize, wall: [&str; 2]) -> Pack {
        let levels: Vec<String> = (1..=n)
            .map(|i| {
                format!(
                    r#"{{"id":"{pack}-{i}","cells":[{{"id":"a","q":0,"r":0,"clue":1}},{{"id":"b","q":1,"r":0}},{{"id":"c","q":0,"r":1}},{{"id":"d","q":1,"r":1}}],"walls":[["{}","{}"]]}}"#,
                    wall[0], wall[1]
                )
            })
            .collect();
        pack_of(pack, &levels)
    }

    fn beside_clue_complaints(pack: &Pack) -> Vec<Violation> {
        pack_rules(pack)
            .into_iter()
            .filter(|x| x.message.contains("beside a clue"))
            .collect()
    }

    #[test]
    fn a_main_level_from_entry_4_needs_a_wall_beside_a_clue() {
        let away = beside_clue_complaints(&pack_with_wall(3, 4, ["c", "d"]));
        // entries 1–3 are before the rule starts; entry 4 is reported
        assert_eq!(
            away,
            vec![Violation {
                level: Some("3-4".into()),
                message: "no wall lies beside a clue: from 3-4 on, every level of pack 3 has a wall on an edge of a clue cell".into(),
            }]
        );
        assert!(beside_clue_complaints(&pack_with_wall(3, 4, ["a", "b"])).is_empty());
        // packs the rule does not list are not asked
        assert!(beside_clue_complaints(&pack_with_wall(2, 4, ["c", "d"])).is_empty());
        assert!(beside_clue_complaints(&pack_with_wall(9, 4, ["c", "d"])).is_empty());
    }

    /// The non-test code of `content.rs`, comments removed (strings kept: a
    /// message must format its numbers from the spec too).
    fn code_of_content_rs() -> String {
        let src = include_str!("content.rs");
        let end = src
            .find("#[cfg(test)]")
            .expect("content.rs has a test module");
        let (mut out, mut chars) = (String::new(), src[..end].chars().peekable());
        let mut in_str = false;
        while let Some(c) = chars.next() {
            if in_str {
                out.push(c);
                if c == '\\' {
                    out.extend(chars.next());
                } else if c == '"' {
                    in_str = false;
                }
            } else if c == '/' && chars.peek() == Some(&'/') {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            } else {
                in_str = c == '"';
                out.push(c);
            }
        }
        out
    }

    /// Integer literals in `code` (digit runs not inside an identifier like `u32`),
    /// with the line they stand on.
    fn integer_literals(code: &str) -> Vec<(u64, String)> {
        let mut out = Vec::new();
        for line in code.lines() {
            let b = line.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
                if b[i].is_ascii_digit() && !ident_before {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n = line[start..i].parse().expect("digits");
                    out.push((n, line.trim().to_string()));
                } else {
                    i += 1;
                }
            }
        }
        out
    }

    #[test]
    fn content_rs_writes_no_spec_number_as_a_literal() {
        // Allowed: 0 (none, the empty case) and 1 (clue 1, a rule of the game, and
        // the step between 1-based entries and 0-based slots); `windows(2)` takes
        // consecutive pairs. Every other number is a content knob and must come
        // from engine/spec/hex.json, in code and in messages alike.
        let code = code_of_content_rs().replace("windows(2)", "windows(PAIR)");
        let stray: Vec<(u64, String)> = integer_literals(&code)
            .into_iter()
            .filter(|(n, _)| *n > 1)
            .collect();
        assert!(
            stray.is_empty(),
            "content knobs written as literals: {stray:#?}"
        );
        // the scanner does see literals, in code and in strings, and skips
        // comments and identifiers
        let probe = "let a: u32 = 14; // 99\nformat!(\"3-6 x{n}\")";
        let found: Vec<u64> = integer_literals(probe)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(found, [14, 99, 3, 6]);
        assert!(integer_literals(&code).iter().any(|(n, _)| *n == 1));
    }

    /// The "### Packs" table of `docs/hex-stroke-rules.md`.
    fn docs_packs_table() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/hex-stroke-rules.md");
        let doc = std::fs::read_to_string(path).expect("docs/hex-stroke-rules.md");
        let start = doc.find("### Packs").expect("a Packs section");
        let table: Vec<&str> = doc[start..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .collect();
        table.join("\n")
    }

    #[test]
    fn the_docs_packs_table_states_the_spec() {
        let table = docs_packs_table();
        let row_of = |pack: u32| {
            table
                .lines()
                .find(|l| {
                    let rest = l.strip_prefix(&format!("| {pack}")).unwrap_or_default();
                    rest.starts_with([' ', ','])
                })
                .unwrap_or_else(|| panic!("no row for pack {pack}:\n{table}"))
                .to_string()
        };
        let s = spec();
        let main: Vec<String> = s.main.packs.iter().map(u32::to_string).collect();
        let main_row = row_of(s.main.packs[0]);
        assert!(
            main_row.starts_with(&format!("| {} main |", main.join(", "))),
            "{main_row}"
        );
        let large: Vec<String> = s.large.packs.iter().map(u32::to_string).collect();
        let large_row = row_of(s.large.packs[0]);
        assert!(
            large_row.starts_with(&format!("| {} large ", large.join(", "))),
            "{large_row}"
        );
        for (kind, row) in [
            (&s.tutorial, row_of(s.tutorial_pack())),
            (&s.spinner, row_of(s.spinner_pack())),
            (&s.main, main_row),
            (&s.large, large_row),
        ] {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            assert!(cells[2].starts_with(&kind.levels.describe()), "{row}");
            let mut phrases: Vec<String> = kind
                .table
                .iter()
                .map(|r| row_text(kind.packs[0], r))
                .collect();
            phrases.extend(kind.cells.map(|r| r.describe("cell", "cells")));
            phrases.extend(kind.walls.map(|r| r.describe("wall", "walls")));
            phrases.push(kind.spinners.describe("spinner", "spinners"));
            for p in phrases {
                assert!(row.contains(&p), "the docs row lacks \"{p}\":\n{row}");
            }
        }
        let w = &s.wall_beside_clue;
        let packs: Vec<String> = w.packs.iter().map(u32::to_string).collect();
        let rule = format!(
            "from entry {} of packs {} on",
            w.from_entry,
            and_list(&packs)
        );
        assert!(table.contains(&rule), "the docs table lacks \"{rule}\"");
        let p = &s.phone;
        let fit = format!(
            "at most {} hex widths across and {} tall",
            p.max_hex_widths_across.value, p.max_hex_widths_tall.value
        );
        assert!(table.contains(&fit), "the docs table lacks \"{fit}\"");
    }
}
