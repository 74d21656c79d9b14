//! Hex Stroke's level editor as its own wasm module (with the rest of Hex Stroke, for 试玩):
//! the shell loads it when a designer opens the editor and calls `mount` / `unmount`
//! (see `web::mode`); the editor's solver worker runs the same module and calls
//! `serve_worker` (`web/workers/hex_solver.js`).

fn main() {
    web::mode::mount::start_module();
}

web::game_module_exports!(
    web::nav::Screen::HexEditor,
    web::hex::HexEditorScreen,
    serve_worker: web::hex::worker::answer
);
