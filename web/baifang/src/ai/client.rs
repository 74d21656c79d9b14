//! The page side of the AI worker: numbers requests so stale answers can be told
//! apart. Dropping the client terminates the worker, so leaving a game really
//! stops a search in progress.

use std::cell::Cell;

use web_core::worker_link::WorkerLink;

use crate::ai::protocol::{AiAnswer, AiRequest, AiResponse};

const NAME: &str = "AI worker";

thread_local! {
    /// The worker script that starts this module in a worker (`web/workers/`): the lobby's
    /// module by default, the review's when it runs the analysis.
    static SCRIPT: Cell<&'static str> = const { Cell::new("./baifang_ai.js") };
}

/// Names the worker script of the module this code runs in (its binary's `main` calls it).
pub fn set_worker_script(script: &'static str) {
    SCRIPT.with(|s| s.set(script));
}

pub struct AiClient {
    link: WorkerLink<AiRequest, AiAnswer>,
    next_id: Cell<u32>,
}

impl AiClient {
    /// Spawns the worker; `on_response` receives every answer, in order.
    pub fn spawn(on_response: impl Fn(AiResponse) + 'static) -> Result<AiClient, String> {
        Ok(AiClient {
            link: WorkerLink::spawn(SCRIPT.with(Cell::get), NAME, on_response)?,
            next_id: Cell::new(1),
        })
    }

    /// Posts a request and returns its id (echoed in the response, so stale
    /// answers can be recognised and dropped).
    pub fn send(&self, request: &AiRequest) -> u32 {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        self.link.post(id, request);
        id
    }
}
