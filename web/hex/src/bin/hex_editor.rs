//! Hex Stroke's level editor as its own wasm module (with the rest of Hex Stroke, for 试玩):
//! the shell loads it when a designer opens the editor and calls `mount` with the level to
//! edit, if any, and `unmount` (see `web_core::module`); the editor's solver worker runs the
//! same module and calls `serve_worker` (`web/workers/hex_solver.js`).

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::HexEditor,
    web_hex::hex_editor_module,
    web_hex::context::LevelToEdit,
    serve_worker: web_hex::worker::answer
);
