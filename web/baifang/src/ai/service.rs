//! The worker side: one long-lived searcher (its transposition table is allocated
//! once) answering requests posted by the page.

use std::cell::RefCell;

use wasm_bindgen::JsCast;

use engine::baifang::ai::analysis::{evaluate_position, GameLine, PositionEval};
use engine::baifang::ai::{self, Searcher};
use engine::baifang::{puzzle, State};

use crate::ai::protocol::{AiAnswer, AiRequest, Job};
use crate::ai::tables;

thread_local! {
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// Answers one request (pure apart from the bench's clock; unit-testable natively);
/// a log the engine rejects is refused with a sentence.
pub fn answer(request: &AiRequest, clock: impl Fn() -> f64) -> Result<AiAnswer, String> {
    // The game so far, for the jobs that play on from it (a puzzle's log starts elsewhere).
    let replay = || {
        ai::replay_log(&request.log)
            .map_err(|(index, error)| format!("action {index} of the game log is illegal: {error}"))
    };
    SEARCHER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let searcher = cell.get_or_insert_with(Searcher::new);
        match &request.job {
            Job::Choose { level, seed } => {
                let (state, history) = replay()?;
                let choose = |s: &mut Searcher| s.choose_turn(&state, &history, *level, *seed);
                Ok(AiAnswer::Turn(if level.uses_tables() {
                    tables::lend(searcher, choose)
                } else {
                    choose(searcher)
                }))
            }
            Job::Hint => {
                let (state, history) = replay()?;
                Ok(AiAnswer::Turn(tables::lend(searcher, |s| {
                    s.hint(&state, &history)
                })))
            }
            Job::Evaluate { position, nodes } => tables::lend(searcher, |s| {
                evaluate(s, &request.log, *position, *nodes).map(AiAnswer::Eval)
            }),
            Job::PuzzleHint { puzzle: p } => {
                tables::with_tables(|t| puzzle::best_turn(t, p, &request.log))
                    .map(AiAnswer::Turn)
                    .map_err(|e| e.to_string())
            }
            Job::Puzzle { puzzle: p, turn } => {
                tables::with_tables(|t| puzzle::judge(t, p, &request.log, turn))
                    .map(AiAnswer::Puzzle)
                    .map_err(|e| e.to_string())
            }
            Job::Bench { depth } => {
                let start = clock();
                let result = ai::bench(searcher, *depth);
                Ok(AiAnswer::Bench {
                    nodes: result.nodes,
                    checksum: result.checksum,
                    millis: clock() - start,
                })
            }
        }
    })
}

/// One review position of the game `log`, from the searcher kept by the worker.
fn evaluate(
    searcher: &mut Searcher,
    log: &[engine::baifang::Action],
    position: usize,
    nodes: u64,
) -> Result<PositionEval, String> {
    let line = GameLine::from_log(log)
        .map_err(|(index, error)| format!("action {index} of the game log is illegal: {error}"))?;
    let state = line
        .positions()
        .get(position)
        .ok_or_else(|| format!("the game has no position {position}"))?;
    Ok(evaluate_position(
        searcher,
        state,
        line.history(position),
        nodes,
    ))
}

/// Answers one request inside the worker (the worker binary serves this), first
/// fetching the endgame tables the job can use ([`tables::fetch_near`]).
pub async fn answer_in_worker(request: AiRequest) -> Result<AiAnswer, String> {
    if let Some(state) = table_job_state(&request) {
        tables::fetch_near(&state).await;
    }
    answer(&request, worker_clock)
}

/// The position whose nearby tables a job would use: the evaluated position of a
/// review, the current one of a hint or of a strength that plays from the tables.
fn table_job_state(request: &AiRequest) -> Option<State> {
    match request.job {
        Job::Choose { level, .. } if !level.uses_tables() => None,
        Job::Choose { .. } | Job::Hint => ai::replay_log(&request.log).ok().map(|(s, _)| s),
        Job::Evaluate { position, .. } => GameLine::from_log(&request.log)
            .ok()
            .and_then(|line| line.positions().get(position).copied()),
        Job::Puzzle { ref puzzle, .. } | Job::PuzzleHint { ref puzzle } => puzzle.start().ok(),
        Job::Bench { .. } => None,
    }
}

/// Milliseconds of the worker's clock (for the bench's duration).
fn worker_clock() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::Strength;
    use engine::baifang::{Action, State};

    #[test]
    fn the_answer_is_a_legal_whole_turn() {
        let request = AiRequest {
            log: vec![Action::Place { to: 12 }],
            job: Job::Choose {
                level: Strength::Beginner,
                seed: 1,
            },
        };
        let Ok(AiAnswer::Turn(reply)) = answer(&request, || 0.0) else {
            panic!("a turn")
        };
        let mut state = State::new();
        state.apply(Action::Place { to: 12 }).unwrap();
        for action in reply.turn {
            state.apply(action).unwrap();
        }
        assert_eq!(state.to_move(), engine::baifang::Side::Black);
    }

    #[test]
    fn an_illegal_log_is_refused_with_a_sentence() {
        let request = AiRequest {
            log: vec![Action::Place { to: 12 }, Action::Place { to: 12 }],
            job: Job::Hint,
        };
        match answer(&request, || 0.0) {
            Err(message) => assert!(message.contains("action 1"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}
