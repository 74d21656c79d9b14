//! Playing from the tables: the table-best whole turn of a covered position
//! (the shortest win, the longest loss, and in a no-result position a turn
//! that keeps it), as an AI reply the callers of the search already read.

use crate::baifang::ai::search::WIN;
use crate::baifang::ai::turn::{whole_turns, Turn};
use crate::baifang::ai::AiReply;
use crate::baifang::tables::{NotCovered, Outcome, Tables};
use crate::baifang::State;

/// The outcome for the side that played a whole turn of `plies` actions,
/// given the outcome of the state after it for that state's side to move.
pub fn for_mover(after: Outcome, same_side: bool, plies: u16) -> Outcome {
    let mut o = if same_side {
        after
    } else {
        match after {
            Outcome::Win(d) => Outcome::Loss(d),
            Outcome::Loss(d) => Outcome::Win(d),
            Outcome::NoResult => Outcome::NoResult,
        }
    };
    for _ in 0..plies {
        o = o.later();
    }
    o
}

/// Every whole turn of `s` with the tables' value for the side that plays it, or why
/// the tables do not cover one of the positions after them; `nodes` counts the turn
/// generator's work, as in the search.
pub fn turn_values(
    tables: &mut Tables,
    s: &State,
    nodes: &mut u64,
) -> Result<Vec<(Turn, Outcome)>, NotCovered> {
    let mut turns = Vec::new();
    whole_turns(s, &mut turns, nodes);
    turns
        .iter()
        .map(|&(turn, ref after)| {
            let v = tables.probe(after)?;
            let v = for_mover(v, after.to_move() == s.to_move(), turn.len() as u16);
            Ok((turn, v))
        })
        .collect()
}

/// The table-best whole turn of `s` and the position's outcome, or why the
/// tables do not cover `s` (then the caller searches as before).
pub fn table_reply(tables: &mut Tables, s: &State) -> Result<(AiReply, Outcome), NotCovered> {
    let value = tables.probe(s)?;
    let mut nodes = 0;
    let turns = turn_values(tables, s, &mut nodes)?;
    let mut best: Option<(Outcome, usize)> = None;
    for (k, &(_, v)) in turns.iter().enumerate() {
        if best.is_none_or(|(b, _)| v.preference() > b.preference()) {
            best = Some((v, k));
        }
    }
    let Some((v, k)) = best else {
        // A finished game: no turn to play.
        let reply = AiReply {
            turn: Vec::new(),
            score: 0,
            depth: 0,
            nodes,
        };
        return Ok((reply, value));
    };
    debug_assert_eq!(v, value, "the best turn keeps the position's value");
    let score = match v {
        Outcome::Win(d) => WIN - d as i32,
        Outcome::Loss(d) => -WIN + d as i32,
        Outcome::NoResult => 0,
    };
    let reply = AiReply {
        turn: turns[k].0.actions().to_vec(),
        score,
        depth: 0,
        nodes,
    };
    Ok((reply, value))
}
