//! The editor's solver Web Worker (the editor's module run by `web/workers/hex_solver.js`):
//! the page posts a level to check, generator options, or a date whose daily puzzle to
//! make, and the worker answers with the engine's report or level. The generator lives
//! in the editor's module only: the players' module borrows this worker for the daily
//! puzzle (downloaded once, when a player first opens one), so a share link opened cold
//! does not carry the generator.
//! The plumbing is [`web_core::worker_link`], as for the Baifang AI worker.

use engine::hex::checks::{check_level_with_reasoning, CheckOptions, CheckReport};
use engine::hex::daily::{daily, Date};
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
    /// The daily puzzle of a date (`YYYY-MM-DD`).
    Daily {
        date: String,
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
    /// The daily puzzle as `levels/` JSON text.
    Daily(String),
    /// No daily puzzle for that date: the engine's sentence.
    NoDaily(String),
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
        HexJob::Daily { date } => {
            match Date::parse(&date)
                .map_err(|e| e.to_string())
                .and_then(|d| daily(d).map_err(|e| e.to_string()))
            {
                Ok(d) => HexAnswer::Daily(level_to_string(&d.level)),
                Err(why) => HexAnswer::NoDaily(why),
            }
        }
    })
}

/// The page side: the editor numbers its jobs itself, so ids stay unique when a
/// busy worker is replaced by a fresh one. Dropping it terminates the worker.
pub type SolverClient = WorkerLink<HexJob, HexAnswer>;

/// What the players' module reads of the solver worker's answers: only the daily
/// puzzle's two variants, named as in [`HexAnswer`] (serde matches them by name), so
/// that module carries no decoder for the editor's reports.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum DailyAnswer {
    /// The daily puzzle as `levels/` JSON text.
    Daily(String),
    /// No daily puzzle for that date: the engine's sentence.
    NoDaily(String),
}

/// The players' module's link to the solver worker: it asks for daily puzzles only.
pub type DailyClient = WorkerLink<HexJob, DailyAnswer>;

/// Starts the solver worker to make daily puzzles; `on_reply` receives every reply.
pub fn spawn_daily_maker(
    on_reply: impl Fn(Reply<DailyAnswer>) + 'static,
) -> Result<DailyClient, String> {
    DailyClient::spawn("./hex_solver.js", "daily puzzle worker", on_reply)
}

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
    fn the_daily_job_answers_with_the_engines_level_of_the_date() {
        let date = Date::parse("2026-12-24").unwrap();
        let want = level_to_string(&daily(date).unwrap().level);
        assert_eq!(
            answer(HexJob::Daily {
                date: date.to_string()
            }),
            Ok(HexAnswer::Daily(want))
        );
        assert_eq!(
            answer(HexJob::Daily {
                date: "2026-11-01".into()
            }),
            Ok(HexAnswer::NoDaily(
                "2026-11-01 is before the first daily puzzle (2026-12-01)".into()
            ))
        );
    }

    /// The players' module decodes the worker's daily answers with its own small type.
    #[test]
    fn the_players_module_reads_the_daily_answers_by_name() {
        for (answer, read) in [
            (
                HexAnswer::Daily("{}".into()),
                DailyAnswer::Daily("{}".into()),
            ),
            (
                HexAnswer::NoDaily("why".into()),
                DailyAnswer::NoDaily("why".into()),
            ),
        ] {
            let text = serde_json::to_string(&answer).unwrap();
            assert_eq!(serde_json::from_str::<DailyAnswer>(&text).unwrap(), read);
        }
    }

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
