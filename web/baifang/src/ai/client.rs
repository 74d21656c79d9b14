//! The page side of the AI worker: numbers requests so stale answers can be told
//! apart. Dropping the client terminates the worker, so leaving a game really
//! stops a search in progress.

use std::cell::Cell;

use web_core::worker_link::WorkerLink;

use crate::ai::protocol::{AiAnswer, AiRequest, AiResponse};

const NAME: &str = "AI worker";

/// The worker script (`web/workers/`): it starts the analysis module (`baifang_analysis`),
/// whichever page module asks.
const SCRIPT: &str = "./baifang_ai.js";

pub struct AiClient {
    link: WorkerLink<AiRequest, AiAnswer>,
    next_id: Cell<u32>,
}

impl AiClient {
    /// Spawns the worker; `on_response` receives every answer, in order.
    pub fn spawn(on_response: impl Fn(AiResponse) + 'static) -> Result<AiClient, String> {
        Ok(AiClient {
            link: WorkerLink::spawn(SCRIPT, NAME, on_response)?,
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
