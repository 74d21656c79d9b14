//! 摆方 Baifang's lobby and its games on this device as a wasm module of its own: the shell
//! loads it when the player opens the game and calls `mount` / `unmount` (see `web_core::module`);
//! the AI's Web Worker runs the same module and calls `serve_worker`
//! (`web/workers/baifang_ai.js`).

fn main() {
    web_core::module::start_module();
    web_baifang::ai::bench_hook::install();
}

web_core::game_module_exports!(
    web_core::nav::Screen::Baifang,
    web_baifang::baifang_lobby_module,
    web_baifang::handoff::PlayOn,
    serve_worker_async: web_baifang::ai::service::answer_in_worker
);
