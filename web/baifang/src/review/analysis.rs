//! The review's analysis, run in the AI Web Worker one position at a time: the
//! page asks for the next position only when the last answer came back, so
//! progress is exact, the page never waits, and cancelling terminates the
//! worker (a busy worker cannot read a stop message).

use leptos::prelude::*;

use engine::baifang::ai::analysis::{classify_turns, GameLine, PositionEval, TurnReview};
use engine::baifang::ai::strength::app;
use engine::baifang::Action;

use crate::ai::client::AiClient;
use crate::ai::protocol::{AiAnswer, AiRequest, AiResponse, Job};

/// Where an analysis stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Idle,
    Running {
        done: usize,
        total: usize,
    },
    Done,
    Cancelled,
    /// The worker could not serve it (its sentence).
    Failed(String),
}

/// The bookkeeping of one run: the game's turns and the evaluations so far.
#[derive(Clone, Debug)]
pub struct Run {
    line: GameLine,
    evals: Vec<PositionEval>,
}

impl Run {
    pub fn new(log: &[Action]) -> Option<Run> {
        GameLine::from_log(log).ok().map(|line| Run {
            line,
            evals: Vec::new(),
        })
    }
    /// Positions to evaluate (one per turn, plus the final one).
    pub fn total(&self) -> usize {
        self.line.positions().len()
    }
    /// The next position to ask for, if any.
    pub fn next(&self) -> Option<usize> {
        (self.evals.len() < self.total()).then_some(self.evals.len())
    }
    pub fn record(&mut self, eval: PositionEval) {
        if self.next().is_some() {
            self.evals.push(eval);
        }
    }
    pub fn evals(&self) -> &[PositionEval] {
        &self.evals
    }
    pub fn line(&self) -> &GameLine {
        &self.line
    }
    /// Every turn classified so far.
    pub fn reviews(&self) -> Vec<TurnReview> {
        classify_turns(&self.line, &self.evals)
    }
    /// The evaluated position at the start of the turn that begins with action
    /// `ply` (so the board at that ply can show the engine's choice).
    pub fn eval_at_ply(&self, ply: usize) -> Option<&PositionEval> {
        let turn = self
            .line
            .turns()
            .iter()
            .position(|t| t.first_action == ply)
            .or_else(|| (ply == self.log_len()).then(|| self.line.turns().len()))?;
        self.evals.get(turn)
    }
    /// The review of the turn that action `ply − 1` belongs to.
    pub fn review_of_ply(&self, ply: usize) -> Option<TurnReview> {
        let action = ply.checked_sub(1)?;
        let turn = self
            .line
            .turns()
            .iter()
            .rposition(|t| t.first_action <= action)?;
        self.reviews().into_iter().find(|r| r.turn == turn)
    }
    fn log_len(&self) -> usize {
        self.line
            .turns()
            .last()
            .map_or(0, |t| t.first_action + t.actions.len())
    }
}

/// The node budget per position (the engine's review default, the same as the
/// `engine baifang analyse` command without `--nodes`).
pub fn default_nodes() -> u64 {
    app::REVIEW_NODES
}

/// The page's handle on one game's analysis (all `Copy`).
#[derive(Clone, Copy)]
pub struct Analysis {
    pub progress: RwSignal<Progress>,
    pub run: RwSignal<Option<Run>>,
    log: StoredValue<Vec<Action>>,
    client: StoredValue<Option<AiClient>, LocalStorage>,
    /// The id of the one request in flight.
    awaited: StoredValue<Option<u32>>,
}

impl Analysis {
    pub fn new(log: Vec<Action>) -> Analysis {
        let analysis = Analysis {
            progress: RwSignal::new(Progress::Idle),
            run: RwSignal::new(None),
            log: StoredValue::new(log),
            client: StoredValue::new_local(None),
            awaited: StoredValue::new(None),
        };
        // Leaving the review ends the worker and any search in it.
        on_cleanup(move || {
            let _ = analysis.client.try_set_value(None);
        });
        analysis
    }

    /// Starts (or restarts) the analysis in a fresh worker.
    pub fn start(self) {
        let Some(run) = self.log.with_value(|log| Run::new(log)) else {
            return;
        };
        let total = run.total();
        self.run.set(Some(run));
        self.progress.set(Progress::Running { done: 0, total });
        match AiClient::spawn(move |response| self.on_response(response)) {
            Ok(client) => {
                self.client.set_value(Some(client));
                self.ask_next();
            }
            Err(message) => self.progress.set(Progress::Failed(message)),
        }
    }

    /// Stops at once: the worker is terminated mid-search.
    pub fn cancel(self) {
        self.client.set_value(None);
        self.awaited.set_value(None);
        self.progress.set(Progress::Cancelled);
    }

    fn ask_next(self) {
        let Some(position) = self.run.with_untracked(|r| r.as_ref().and_then(Run::next)) else {
            self.client.set_value(None);
            self.progress.set(Progress::Done);
            return;
        };
        let request = AiRequest {
            log: self.log.get_value(),
            job: Job::Evaluate {
                position,
                nodes: default_nodes(),
            },
        };
        let id = self
            .client
            .with_value(|c| c.as_ref().map(|c| c.send(&request)));
        self.awaited.set_value(id);
    }

    fn on_response(self, response: AiResponse) {
        if self.awaited.try_get_value().flatten() != Some(response.id) {
            return;
        }
        match response.answer {
            Ok(AiAnswer::Eval(eval)) => {
                self.run.update(|r| {
                    if let Some(r) = r {
                        r.record(eval);
                    }
                });
                if let Some((done, total)) = self
                    .run
                    .with_untracked(|r| r.as_ref().map(|r| (r.evals().len(), r.total())))
                {
                    self.progress.set(Progress::Running { done, total });
                }
                self.ask_next();
            }
            Ok(_) => {}
            Err(message) => {
                self.client.set_value(None);
                self.progress.set(Progress::Failed(message));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::analysis::evaluate_position;
    use engine::baifang::ai::Searcher;

    fn log() -> Vec<Action> {
        [0, 24, 1, 23, 5, 22, 6]
            .iter()
            .map(|&to| Action::Place { to })
            .chain([Action::Capture { at: 22 }, Action::Place { to: 12 }])
            .collect()
    }

    #[test]
    fn a_run_asks_for_every_position_once_then_classifies_every_turn() {
        let mut run = Run::new(&log()).unwrap();
        // Eight turns (the capture belongs to the square's turn), nine positions.
        assert_eq!(run.total(), 9);
        let mut searcher = Searcher::new();
        while let Some(i) = run.next() {
            let line = run.line().clone();
            run.record(evaluate_position(
                &mut searcher,
                &line.positions()[i],
                line.history(i),
                2_000,
            ));
        }
        assert_eq!(run.evals().len(), 9);
        assert_eq!(run.reviews().len(), 8);
        // Ply 8 (after the capture) belongs to turn 6, the square's.
        assert_eq!(run.review_of_ply(8).unwrap().turn, 6);
        assert_eq!(run.review_of_ply(7).unwrap().turn, 6);
        // The engine's choice is shown where a turn starts.
        assert!(run.eval_at_ply(6).is_some());
        assert!(run.eval_at_ply(7).is_none());
        assert!(run.eval_at_ply(9).is_some());
    }
}
