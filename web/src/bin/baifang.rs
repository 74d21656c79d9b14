//! 摆方 Baifang as its own wasm module: the shell loads it when the player opens the game
//! and calls `mount` / `unmount` (see `web::mode`).

use wasm_bindgen::prelude::*;
use web::baifang::BaifangScreen;
use web::nav::Screen;

fn main() {
    web::mode::mount::start_module();
    web::baifang::bench_hook::install();
}

#[wasm_bindgen]
pub fn mount(parent: web_sys::HtmlElement) {
    web::mode::mount::mount_mode(parent, Screen::Baifang, BaifangScreen);
}

#[wasm_bindgen]
pub fn unmount() {
    web::mode::mount::unmount_mode();
}
