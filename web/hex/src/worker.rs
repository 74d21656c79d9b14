//! The editor's solver Web Worker (the editor's module run by `web/workers/hex_solver.js`):
//! the page posts a level
//! to check or generator options, the worker answers with the engine's report.
//! The plumbing is [`web_core::worker_link`], as for the Baifang AI worker.

use engine::hex::checks::{check_level_with_reasoning, CheckOptions, CheckReport};
use engine::hex::generator::{generate, GenError, GenOptions};
use engine::hex::level_file::{level_to_string, parse_level, LevelError};
use serde::{Deserialize, Serialize};

use web_core::worker_link::{Reply, WorkerLink};
/// Node limit for each solver run of a live check (keeps every answer quick).
pub const CHECK_NODE_LIMIT: u64 = 400_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HexJob {
    /// A level as `levels/` JSON text.
    Check {
        level: String,
    },
    Generate {
        options: GenOptions,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HexAnswer {
    Checked(Box<CheckReport>),
    /// The generated level as `levels/` JSON text.
    Generated(String),
    /// The level text could not be read (the page words the problems).
    Unreadable(Vec<LevelError>),
    /// The generator made no level (the page words why).
    NotGenerated(GenError),
}

/// The worker's answer to request `id`.
pub type HexResponse = Reply<HexAnswer>;

/// Serves one job (pure; tested natively): the engine's report, a generated
/// level, or the engine's codes when the level or the options are bad.
pub fn answer(job: HexJob) -> Result<HexAnswer, String> {
    Ok(match job {
        HexJob::Check { level } => match parse_level(&level) {
            Ok(level) => {
                let options = CheckOptions {
                    node_limit: CHECK_NODE_LIMIT,
                    ..CheckOptions::default()
                };
                HexAnswer::Checked(Box::new(check_level_with_reasoning(&level, &options)))
            }
            Err(errors) => HexAnswer::Unreadable(errors),
        },
        HexJob::Generate { options } => match generate(&options) {
            Ok(level) => HexAnswer::Generated(level_to_string(&level)),
            Err(e) => HexAnswer::NotGenerated(e),
        },
    })
}

/// The page side: the editor numbers its jobs itself, so ids stay unique when a
/// busy worker is replaced by a fresh one. Dropping it terminates the worker.
pub type SolverClient = WorkerLink<HexJob, HexAnswer>;

/// Starts the solver worker; `on_reply` receives every reply, in order.
pub fn spawn_solver(on_reply: impl Fn(HexResponse) + 'static) -> Result<SolverClient, String> {
    // The worker script that starts the editor's module in a worker (`web/workers/`).
    SolverClient::spawn("./hex_solver.js", "solver worker", on_reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use web_core::worker_link::Request;

    #[test]
    fn checks_and_generation_answer_with_reports() {
        let level = include_str!("../../../engine/tests/data/hex-walled-triangle.json");
        let Ok(HexAnswer::Checked(report)) = answer(HexJob::Check {
            level: level.into(),
        }) else {
            panic!("a report")
        };
        assert_eq!(report.count.solutions, 1);
        // the editor's reasoning verdict comes with the report
        let reasoning = report.reasoning.as_ref().expect("reasoning ran");
        assert_eq!(reasoning.outcome, engine::hex::deduce::Outcome::Solved);
        assert_eq!(reasoning.grade.tier, 1);
        let Ok(HexAnswer::Generated(text)) = answer(HexJob::Generate {
            options: GenOptions {
                cells: 10,
                seed: 3,
                ..GenOptions::default()
            },
        }) else {
            panic!("a level")
        };
        assert_eq!(parse_level(&text).unwrap().len(), 10);
        assert!(matches!(
            answer(HexJob::Check { level: "{".into() }),
            Ok(HexAnswer::Unreadable(e)) if !e.is_empty()
        ));
        assert!(matches!(
            answer(HexJob::Generate {
                options: GenOptions {
                    cells: 1,
                    ..GenOptions::default()
                },
            }),
            Ok(HexAnswer::NotGenerated(GenError::TooFewCells { .. }))
        ));
    }

    #[test]
    fn messages_round_trip_through_json() {
        let r = Request {
            id: 7,
            job: HexJob::Generate {
                options: GenOptions::default(),
            },
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Request<HexJob>>(&text).unwrap(), r);
    }
}
