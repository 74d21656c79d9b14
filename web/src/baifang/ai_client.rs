//! The page side of the AI worker. Dropping the client terminates the worker,
//! so leaving a game really stops a search in progress.

use std::cell::Cell;

use crate::worker_link::WorkerLink;

use super::ai_protocol::{AiRequest, AiResponse};

/// The loader script Trunk writes for the `worker` binary (see index.html).
const WORKER_SCRIPT: &str = "./worker_loader.js";
const WHAT: &str = "AI worker";

pub struct AiClient {
    link: WorkerLink,
    next_id: Cell<u32>,
}

impl AiClient {
    /// Spawns the worker; `on_response` receives every answer, in order.
    pub fn spawn(on_response: impl Fn(AiResponse) + 'static) -> Result<AiClient, String> {
        let link =
            WorkerLink::spawn(
                WORKER_SCRIPT,
                WHAT,
                move |data| match serde_wasm_bindgen::from_value::<AiResponse>(data) {
                    Ok(response) => on_response(response),
                    Err(e) => {
                        web_sys::console::error_1(&format!("unreadable AI answer: {e}").into())
                    }
                },
            )?;
        Ok(AiClient {
            link,
            next_id: Cell::new(1),
        })
    }

    /// Posts a request and returns its id.
    pub fn send(&self, mut request: AiRequest) -> u32 {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        request.id = id;
        self.link.post(&request, WHAT);
        id
    }
}
