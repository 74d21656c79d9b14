//! 摆方 Baifang as its own wasm module: the shell loads it when the player opens the game
//! and calls `mount` / `unmount` (see `web::mode`).

fn main() {
    web::mode::mount::start_module();
    web::baifang::bench_hook::install();
}

web::game_module_exports!(web::nav::Screen::Baifang, web::baifang::BaifangScreen);
