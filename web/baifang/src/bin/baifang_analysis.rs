//! Baifang's AI as a wasm module of its own, run only in the AI's Web Worker
//! (`web/workers/baifang_ai.js`) for the lobby's games, the puzzles and the review: the
//! search, the endgame tables and their fetch stay out of the page modules a cold link
//! downloads.

fn main() {}

/// The worker's entry point: answers the review's jobs until the page terminates it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn serve_worker() {
    web_core::worker_link::serve_async(web_baifang::ai::service::answer_in_worker);
}
