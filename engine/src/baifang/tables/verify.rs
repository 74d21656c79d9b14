//! Re-derives every stored value from its children through the rules engine
//! (`State::apply`, not the solver's own bitboard moves): a table that passes
//! is consistent with the rules, position by position.

use super::index::Index;
use super::{state_of, Outcome, Tables};
use crate::baifang::{ActionList, State};
use std::path::Path;

/// The outcome of `s` derived from its children's stored outcomes: the best
/// child for the side to move (a capture continues the same side's turn).
pub fn derive(tables: &mut Tables, s: &State) -> Option<Outcome> {
    if s.is_finished() {
        return tables.probe(s).ok();
    }
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    let mut best: Option<Outcome> = None;
    for &a in list.iter() {
        let mut c = *s;
        c.apply_unchecked(a);
        let v = tables.probe(&c).ok()?;
        let v = if c.to_move() == s.to_move() {
            v.later()
        } else {
            v.back()
        };
        if best.is_none_or(|b| v.preference() > b.preference()) {
            best = Some(v);
        }
    }
    best
}

/// Result of verifying one signature.
#[derive(Debug, Default)]
pub struct Report {
    /// Positions checked.
    pub checked: u64,
    /// Positions whose stored value differs from the derived one.
    pub mismatches: u64,
    /// The first mismatch: board string, stored, derived.
    pub first: Option<(String, Outcome, Option<Outcome>)>,
}

/// Verifies the table of `m` v `o` in `dir` on `threads` threads.
pub fn verify(dir: &Path, m: usize, o: usize, threads: usize) -> Report {
    let index = Index::new(m, o);
    let len = index.len();
    let threads = threads.max(1) as u64;
    let reports: Vec<Report> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let index = &index;
                sc.spawn(move || {
                    verify_range(dir, index, t * len / threads..(t + 1) * len / threads)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("verify thread"))
            .collect()
    });
    let mut total = Report::default();
    for r in reports {
        total.checked += r.checked;
        total.mismatches += r.mismatches;
        if total.first.is_none() {
            total.first = r.first;
        }
    }
    total
}

fn verify_range(dir: &Path, index: &Index, range: std::ops::Range<u64>) -> Report {
    let mut tables = Tables::open(dir);
    let mut r = Report::default();
    for slot in range {
        let (mover, opp, canonical) = index.position(slot);
        if !canonical {
            continue;
        }
        let stored = tables.lookup(mover, opp).ok();
        let s = state_of(mover, opp).expect("a table position is a legal board");
        let derived = derive(&mut tables, &s);
        r.checked += 1;
        if stored != derived || stored.is_none() {
            r.mismatches += 1;
            if r.first.is_none() {
                let stored = stored.unwrap_or(Outcome::NoResult);
                r.first = Some((s.board_string(), stored, derived));
            }
        }
    }
    r
}
