//! The deduction solver: solves a level the way a person does, with named
//! techniques in tiers applied until nothing changes, never guessing.
//!
//! It keeps, for every cell, the steps it may still hold and, for every side
//! between two cells, whether the path may still use it and whether it must. The
//! techniques ([`Technique`]) are tried easiest first; after any progress the
//! search starts again from the easiest, so a harder tier is used only when
//! everything below it is stuck. The result is the trace of deductions, the
//! grade (the highest tier used and how many deductions it took at that tier) and,
//! when it gets stuck, the board as far as reasoning got.
//!
//! The backtracking [`super::solver`] proves uniqueness; this solver says whether
//! a person can find the path without trial and error, and how hard that is.

mod board;
mod graph;
mod local;
mod lookahead;
mod state;
pub mod steps;
pub mod technique;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::model::{Edge, Level};
use board::Board;
use state::{Res, State};
use steps::StepSet;
pub use technique::{Conclusion, Deduction, Technique, Toolbox, MAX_TIER};

/// How a deduction run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every cell's step is known.
    Solved,
    /// No technique within the allowed tiers makes progress: the rest needs guessing.
    Stuck,
    /// The clues and walls admit no path (found while reasoning).
    Contradiction,
}

/// Difficulty by reasoning: the highest tier needed, then how many deductions were
/// made at that tier. Ordered: a higher tier is harder, then more steps.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Grade {
    pub tier: u8,
    pub steps: u32,
}

/// The board as far as reasoning got.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Per cell, the steps (1-based) it may still hold.
    pub steps: Vec<Vec<u32>>,
    /// Sides the path is known to use.
    pub used: Vec<Edge>,
    /// Unwalled sides the path is known not to use.
    pub closed: Vec<Edge>,
}

impl Snapshot {
    /// The step reasoning has fixed for `cell` (its only candidate left), if any.
    pub fn fixed_step(&self, cell: usize) -> Option<u32> {
        match self.steps.get(cell).map(Vec::as_slice) {
            Some(&[s]) => Some(s),
            _ => None,
        }
    }

    /// The cells that may still hold `step`: where a guess at that step would choose.
    pub fn cells_for_step(&self, step: u32) -> Vec<usize> {
        (0..self.steps.len())
            .filter(|&c| self.steps[c].contains(&step))
            .collect()
    }
}

/// The result of a deduction run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduced {
    pub outcome: Outcome,
    pub grade: Grade,
    /// Every deduction in order.
    pub trace: Vec<Deduction>,
    /// The final candidates (the stuck board when stuck).
    pub board: Snapshot,
    /// The path, when solved.
    pub path: Option<Vec<usize>>,
}

impl Deduced {
    /// Distinct techniques used, easiest first.
    pub fn techniques(&self) -> Vec<Technique> {
        Technique::ALL
            .into_iter()
            .filter(|t| self.trace.iter().any(|d| d.technique == *t))
            .collect()
    }

    /// How often each technique was used, easiest first (unused ones left out).
    pub fn counts(&self) -> Vec<(Technique, u32)> {
        Technique::ALL
            .into_iter()
            .map(|t| {
                (
                    t,
                    self.trace.iter().filter(|d| d.technique == t).count() as u32,
                )
            })
            .filter(|&(_, k)| k > 0)
            .collect()
    }

    /// The first step (1-based) whose cell reasoning did not find; `None` when solved.
    pub fn stuck_step(&self) -> Option<u32> {
        if self.outcome == Outcome::Solved {
            return None;
        }
        let n = self.board.steps.len() as u32;
        (1..=n).find(|&s| !self.board.steps.iter().any(|c| c.len() == 1 && c[0] == s))
    }
}

/// What the content checks and the editor keep of a deduction run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reasoning {
    pub outcome: Outcome,
    pub grade: Grade,
    /// Distinct techniques used, easiest first.
    pub techniques: Vec<Technique>,
    pub deductions: u32,
    /// The first step (1-based) reasoning could not place; `None` when solved.
    pub stuck_step: Option<u32>,
    /// The board where reasoning stopped, when it did not solve the level.
    pub stuck_board: Option<Snapshot>,
}

impl Deduced {
    /// The summary kept by reports.
    pub fn reasoning(&self) -> Reasoning {
        Reasoning {
            outcome: self.outcome,
            grade: self.grade,
            techniques: self.techniques(),
            deductions: self.trace.len() as u32,
            stuck_step: self.stuck_step(),
            stuck_board: (self.outcome != Outcome::Solved).then(|| self.board.clone()),
        }
    }
}

/// How [`propagate`] stopped.
enum Flow {
    Solved,
    Stuck,
    Stopped,
}

type Sweep = fn(&Board, &mut State, &mut Vec<Deduction>) -> Res<bool>;

/// The tier-2 techniques, easiest first.
const TIER2: [(Technique, Sweep); 3] = [
    (Technique::Distance, graph::distance),
    (Technique::Region, graph::region),
    (Technique::Articulation, graph::articulation),
];

/// One round of tier 1: the first technique (easiest first) that finds work
/// anywhere, applied everywhere; focused, the first cell (in focus order) where
/// some technique finds work, with the easiest such technique.
fn tier1_round(b: &Board, st: &mut State, tools: Toolbox, out: &mut Vec<Deduction>) -> Res<bool> {
    if b.focused {
        for i in 0..b.n {
            for (t, f) in local::TIER1 {
                if tools.has(t) && f(b, st, out, b.order[i])? {
                    return Ok(true);
                }
            }
        }
        return Ok(false);
    }
    for (t, f) in local::TIER1 {
        if tools.has(t) && local::sweep(b, st, out, f)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Applies the techniques in `tools`, easiest first and starting over after any
/// progress, until solved, stuck, or `stop` accepts the deductions just made.
fn propagate(
    b: &Board,
    st: &mut State,
    tools: Toolbox,
    out: &mut Vec<Deduction>,
    stop: &mut dyn FnMut(&[Deduction]) -> bool,
) -> Res<Flow> {
    loop {
        if st.is_solved() {
            return Ok(Flow::Solved);
        }
        let mark = out.len();
        let mut progress = tier1_round(b, st, tools, out)?;
        if !progress {
            for (t, f) in TIER2 {
                if tools.has(t) && f(b, st, out)? {
                    progress = true;
                    break;
                }
            }
        }
        if !progress && tools.has(Technique::Lookahead) {
            progress = lookahead::lookahead(b, st, out, tools.without(Technique::Lookahead))?;
        }
        if out.len() > mark && stop(&out[mark..]) {
            return Ok(Flow::Stopped);
        }
        if !progress {
            return Ok(Flow::Stuck);
        }
    }
}

fn snapshot(b: &Board, st: &State) -> Snapshot {
    let mut used = Vec::new();
    let mut closed = Vec::new();
    for c in 0..b.n {
        for d in 0..6 {
            if b.sides[c] & (1 << d) == 0 || b.at(c, d) < c {
                continue;
            }
            let e = Edge::new(c, b.at(c, d));
            if st.used[c] & (1 << d) != 0 {
                used.push(e);
            } else if st.open[c] & (1 << d) == 0 {
                closed.push(e);
            }
        }
    }
    Snapshot {
        steps: st
            .steps
            .iter()
            .map(|s| s.iter().map(|x| x as u32 + 1).collect())
            .collect(),
        used,
        closed,
    }
}

fn grade(trace: &[Deduction]) -> Grade {
    let tier = trace.iter().map(|d| d.technique.tier()).max().unwrap_or(0);
    let steps = trace.iter().filter(|d| d.technique.tier() == tier).count() as u32;
    Grade { tier, steps }
}

/// Sets a path prefix as given: its cells hold steps 1, 2, … and its sides are used.
fn give_prefix(b: &Board, st: &mut State, prefix: &[usize]) -> Res<()> {
    for (i, &c) in prefix.iter().enumerate() {
        if c >= b.n {
            return Err(state::Contradiction);
        }
        st.restrict(c, StepSet::single(i))?;
        if i > 0 {
            let p = prefix[i - 1];
            let d = (0..6)
                .find(|&d| b.sides[p] & (1 << d) != 0 && b.at(p, d) == c)
                .ok_or(state::Contradiction)?;
            st.use_side(b, p, d)?;
        }
    }
    Ok(())
}

fn run(
    level: &Level,
    prefix: &[usize],
    tools: Toolbox,
    stop: &mut dyn FnMut(&[Deduction]) -> bool,
) -> Deduced {
    let mut b = Board::new(level);
    if let Some(&head) = prefix.last() {
        if head < b.n {
            b.focus_on(head);
        }
    }
    let mut trace = Vec::new();
    let start = State::new(&b).and_then(|mut st| give_prefix(&b, &mut st, prefix).map(|_| st));
    let Ok(mut st) = start else {
        return Deduced {
            outcome: Outcome::Contradiction,
            grade: Grade::default(),
            trace,
            board: Snapshot::default(),
            path: None,
        };
    };
    st.start_recording();
    let flow = propagate(&b, &mut st, tools, &mut trace, stop);
    let (outcome, path) = match flow {
        Ok(Flow::Solved) => match st.path(&b) {
            Some(p) => (Outcome::Solved, Some(p)),
            None => (Outcome::Contradiction, None),
        },
        Ok(_) if st.check(&b).is_err() => (Outcome::Contradiction, None),
        Ok(_) => (Outcome::Stuck, None),
        Err(_) => (Outcome::Contradiction, None),
    };
    Deduced {
        outcome,
        grade: grade(&trace),
        board: snapshot(&b, &st),
        trace,
        path,
    }
}

/// Solves `level` by reasoning with techniques up to `max_tier` (1–3).
pub fn deduce(level: &Level, max_tier: u8) -> Deduced {
    deduce_using(level, Toolbox::up_to(max_tier))
}

/// Solves `level` by reasoning with exactly the techniques in `tools`.
pub fn deduce_using(level: &Level, tools: Toolbox) -> Deduced {
    run(level, &[], tools, &mut |_| false)
}

/// The deduction that gives the step after `path` (the first cell when `path` is
/// empty), reasoning from `path` as given with every tier: the first deduction
/// that fixes that step's cell or joins the path's end to a new cell. `None` when
/// the step is already given by a clue, reasoning cannot find it, or `path` is not
/// a prefix of a solution.
pub fn next_step_reason(level: &Level, path: &[usize]) -> Option<Deduction> {
    let target = path.len() as u32 + 1;
    if target as usize > level.len() {
        return None;
    }
    let head = path.last().copied();
    let on_path = |c: usize| path.contains(&c);
    let gives = |d: &Deduction| {
        d.conclusions.iter().any(|c| match *c {
            Conclusion::Fix { step, .. } => step == target,
            Conclusion::Use { a, b } => {
                head.is_some_and(|h| (a == h && !on_path(b)) || (b == h && !on_path(a)))
            }
            _ => false,
        })
    };
    let mut found = None;
    let r = run(level, path, Toolbox::up_to(MAX_TIER), &mut |new| {
        found = new.iter().find(|d| gives(d)).cloned();
        found.is_some()
    });
    if r.outcome == Outcome::Contradiction {
        return None;
    }
    found
}
