//! 摆方 Baifang as its own wasm module: the shell loads it when the player opens the game
//! and calls `mount` / `unmount` (see `web::mode`); the AI's Web Worker runs the same module
//! and calls `serve_worker` (`web/workers/baifang_ai.js`).

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    web::mode::mount::start_module();
    web::baifang::bench_hook::install();
}

web::game_module_exports!(web::nav::Screen::Baifang, web::baifang::BaifangScreen);

/// The AI worker's entry point: answers search jobs until the page terminates the worker.
#[wasm_bindgen]
pub fn serve_worker() {
    web::worker_link::serve(web::baifang::ai_service::answer_in_worker);
}
