//! The Baifang review's analysis as a wasm module of its own, run only in the review's Web
//! Worker (`web/workers/baifang_review_ai.js`): the search, the endgame tables and their
//! fetch stay out of the review's page module, which a cold game link downloads.

fn main() {}

/// The worker's entry point: answers the review's jobs until the page terminates it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn serve_worker() {
    web_core::worker_link::serve_async(web_baifang::ai::service::answer_in_worker);
}
