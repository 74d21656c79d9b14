//! Hex Stroke's level editor as its own wasm module (with the rest of Hex Stroke, for 试玩):
//! the shell loads it when a designer opens the editor and calls `mount` / `unmount`
//! (see `web::mode`); the editor's solver worker runs the same module and calls
//! `serve_worker` (`web/workers/hex_solver.js`).

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {
    web::mode::mount::start_module();
}

web::game_module_exports!(web::nav::Screen::HexEditor, web::hex::HexEditorScreen);

/// The solver worker's entry point: answers checks and generation jobs until the page
/// terminates the worker.
#[wasm_bindgen]
pub fn serve_worker() {
    web::worker_link::serve(web::hex::worker::answer);
}
