//! The editor's solver Web Worker (the `hex_worker` binary): the page posts a level
//! to check or generator options, the worker answers with the engine's report.
//! The plumbing is [`crate::worker_link`], as for the Baifang AI worker.

use engine::hex::checks::{check_level, CheckOptions, CheckReport};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::{level_to_string, parse_level};
use serde::{Deserialize, Serialize};

use crate::worker_link::{Reply, WorkerLink, WorkerProtocol};
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
pub struct HexRequest {
    /// Echoed so stale answers can be dropped.
    pub id: u32,
    pub job: HexJob,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HexAnswer {
    Checked(Box<CheckReport>),
    /// The generated level as `levels/` JSON text.
    Generated(String),
    Error(String),
}

/// The worker's answer to request `id`.
pub type HexResponse = Reply<HexAnswer>;

/// Serves one request (pure; tested natively).
pub fn answer(job: &HexJob) -> HexAnswer {
    match job {
        HexJob::Check { level } => match parse_level(level) {
            Ok(level) => HexAnswer::Checked(Box::new(check_level(
                &level,
                &CheckOptions {
                    node_limit: CHECK_NODE_LIMIT,
                    ..CheckOptions::default()
                },
            ))),
            Err(errors) => HexAnswer::Error(
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        },
        HexJob::Generate { options } => match generate(options) {
            Ok(level) => HexAnswer::Generated(level_to_string(&level)),
            Err(e) => HexAnswer::Error(e.to_string()),
        },
    }
}

/// The solver worker's protocol: levels to check and generator options in, the
/// engine's reports out.
pub struct SolverWorker;

impl WorkerProtocol for SolverWorker {
    type Request = HexRequest;
    type Answer = HexAnswer;
    const SCRIPT: &'static str = "./hex_worker_loader.js";
    const NAME: &'static str = "solver worker";

    fn id(request: &HexRequest) -> u32 {
        request.id
    }

    fn answer(request: HexRequest) -> HexAnswer {
        answer(&request.job)
    }

    fn unreadable(reason: String) -> HexAnswer {
        HexAnswer::Error(reason)
    }
}

/// The page side: the editor numbers its jobs itself, so ids stay unique when a
/// busy worker is replaced by a fresh one. Dropping it terminates the worker.
pub type SolverClient = WorkerLink<SolverWorker>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_and_generation_answer_with_reports() {
        let level = r#"{"id":"w","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":0,"r":1}],"walls":[["a","b"]]}"#;
        let HexAnswer::Checked(report) = answer(&HexJob::Check {
            level: level.into(),
        }) else {
            panic!("a report")
        };
        assert_eq!(report.count.solutions, 1);
        let HexAnswer::Generated(text) = answer(&HexJob::Generate {
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
            answer(&HexJob::Check { level: "{".into() }),
            HexAnswer::Error(_)
        ));
    }

    #[test]
    fn messages_round_trip_through_json() {
        let r = HexRequest {
            id: 7,
            job: HexJob::Generate {
                options: GenOptions::default(),
            },
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<HexRequest>(&text).unwrap(), r);
    }
}
