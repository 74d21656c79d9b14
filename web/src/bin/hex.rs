//! 六边一笔 Hex Stroke as its own wasm module: the shell loads it when the player opens the
//! game (or a share link) and calls `mount` / `unmount` (see `web::mode`).

use wasm_bindgen::prelude::*;
use web::hex::HexScreen;
use web::nav::Screen;

fn main() {
    web::mode::mount::start_module();
}

#[wasm_bindgen]
pub fn mount(parent: web_sys::HtmlElement) {
    web::mode::mount::mount_mode(parent, Screen::Hex, HexScreen);
}

#[wasm_bindgen]
pub fn unmount() {
    web::mode::mount::unmount_mode();
}
