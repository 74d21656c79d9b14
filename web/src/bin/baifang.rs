//! 摆方 Baifang's lobby and its games on this device as a wasm module of its own: the shell
//! loads it when the player opens the game and calls `mount` / `unmount` (see `web::mode`);
//! the AI's Web Worker runs the same module and calls `serve_worker`
//! (`web/workers/baifang_ai.js`).

fn main() {
    web::mode::mount::start_module();
    web::baifang::ai::bench_hook::install();
}

web::game_module_exports!(
    web::nav::Screen::Baifang,
    web::baifang::BaifangScreen,
    serve_worker: web::baifang::ai::service::answer_in_worker
);
