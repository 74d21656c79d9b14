//! Whole turns: a placement or move followed by the captures it earns (or,
//! when asked mid-turn, the captures still owed). The search's root works on
//! turns, so what it returns can be replayed through [`State::apply`].

use super::super::action::{Action, ActionList};
use super::super::codec::Packet;
use super::super::spec::{LINE_CAPTURE, SQUARE_CAPTURE};
use super::super::state::State;
use std::collections::HashSet;

/// Most actions in one turn: the move plus the captures of four squares and
/// two lines completed by one stone.
pub const MAX_TURN: usize = 1 + 4 * SQUARE_CAPTURE as usize + 2 * LINE_CAPTURE as usize;

/// A whole turn as a small fixed value (no allocation in the search).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    len: u8,
    acts: [Action; MAX_TURN],
}

impl Default for Turn {
    fn default() -> Self {
        Turn {
            len: 0,
            acts: [Action::Timeout; MAX_TURN],
        }
    }
}

impl core::fmt::Debug for Turn {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.actions()).finish()
    }
}

impl Turn {
    /// The actions, in order.
    pub fn actions(&self) -> &[Action] {
        &self.acts[..self.len as usize]
    }
    /// Number of actions.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether the turn is empty (only for a finished game).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    fn push(&mut self, a: Action) {
        if (self.len as usize) < MAX_TURN {
            self.acts[self.len as usize] = a;
            self.len += 1;
        }
    }
    /// Whether the turn removes an enemy stone.
    pub fn captures(&self) -> bool {
        self.actions()
            .iter()
            .any(|a| matches!(a, Action::Capture { .. }))
    }
}

/// Every distinct whole turn of the side to move, with the state after it.
/// Capture orders leading to the same state are kept once (the first in
/// generation order). `nodes` counts the actions applied.
pub fn whole_turns(s: &State, out: &mut Vec<(Turn, State)>, nodes: &mut u64) {
    out.clear();
    if s.is_finished() {
        return;
    }
    let mut seen = HashSet::new();
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    for &a in list.iter() {
        let mut t = Turn::default();
        t.push(a);
        let mut c = *s;
        c.apply_unchecked(a);
        *nodes += 1;
        extend(&c, t, out, &mut seen, nodes);
    }
}

fn extend(
    s: &State,
    t: Turn,
    out: &mut Vec<(Turn, State)>,
    seen: &mut HashSet<u64>,
    nodes: &mut u64,
) {
    if s.pending_captures() == 0 {
        if seen.insert(s.hash()) {
            out.push((t, *s));
        }
        return;
    }
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    for &a in list.iter() {
        let mut t2 = t;
        t2.push(a);
        let mut c = *s;
        c.apply_unchecked(a);
        *nodes += 1;
        extend(&c, t2, out, seen, nodes);
    }
}

/// The turn as one wire packet: the place / move with `eatIndices` (or a
/// capture packet when the turn is only owed captures).
pub fn turn_packet(turn: &[Action]) -> Option<Packet> {
    let (first, rest) = turn.split_first()?;
    let eat: Vec<i64> = turn
        .iter()
        .filter_map(|a| match a {
            Action::Capture { at } => Some(*at as i64),
            _ => None,
        })
        .collect();
    let mut p = Packet::from_action(*first);
    if !rest.is_empty() || matches!(first, Action::Capture { .. }) {
        p.eat_indices = Some(eat);
    }
    Some(p)
}
