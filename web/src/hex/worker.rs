//! The editor's solver Web Worker (the `hex_worker` binary): the page posts a level
//! to check or generator options, the worker answers with the engine's report.
//! The same pattern as the Baifang AI worker: a classic worker from Trunk's loader
//! shim, a "ready" message before requests flow, termination on drop.

use engine::hex::checks::{check_level, CheckOptions, CheckReport};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::{level_to_string, parse_level};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::worker_link::{to_js, WorkerLink, READY};

/// The loader script Trunk writes for the `hex_worker` binary (see index.html).
const WORKER_SCRIPT: &str = "./hex_worker_loader.js";
const WHAT: &str = "solver worker";
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexResponse {
    pub id: u32,
    pub answer: HexAnswer,
}

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

/// Installs the message handler in the worker's global scope.
pub fn serve() {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let response = match serde_wasm_bindgen::from_value::<HexRequest>(event.data()) {
                Ok(request) => HexResponse {
                    id: request.id,
                    answer: answer(&request.job),
                },
                Err(e) => HexResponse {
                    id: 0,
                    answer: HexAnswer::Error(format!("unreadable request: {e}")),
                },
            };
            if let Ok(value) = to_js(&response) {
                let _ = reply_scope.post_message(&value);
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}

/// The page side: spawns the worker and terminates it when dropped.
pub struct HexClient {
    link: WorkerLink,
}

impl HexClient {
    pub fn spawn(on_response: impl Fn(HexResponse) + 'static) -> Result<HexClient, String> {
        let link =
            WorkerLink::spawn(
                WORKER_SCRIPT,
                WHAT,
                move |data| match serde_wasm_bindgen::from_value::<HexResponse>(data) {
                    Ok(response) => on_response(response),
                    Err(e) => {
                        web_sys::console::error_1(&format!("unreadable solver answer: {e}").into())
                    }
                },
            )?;
        Ok(HexClient { link })
    }

    /// Posts a job under `id` (the caller numbers jobs, so ids stay unique when a
    /// busy worker is replaced by a fresh one).
    pub fn send(&self, id: u32, job: HexJob) {
        self.link.post(&HexRequest { id, job }, WHAT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_and_generation_answer_with_reports() {
        let level = include_str!("../../../engine/tests/data/hex-walled-triangle.json");
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
