//! Hex Stroke's level editor as its own wasm module (with the rest of Hex Stroke, for 试玩):
//! the shell loads it when a designer opens the editor and calls `mount` / `unmount`
//! (see `web::mode`).

use wasm_bindgen::prelude::*;
use web::hex::HexEditorScreen;
use web::nav::Screen;

fn main() {
    web::mode::mount::start_module();
}

#[wasm_bindgen]
pub fn mount(parent: web_sys::HtmlElement) {
    web::mode::mount::mount_mode(parent, Screen::HexEditor, HexEditorScreen);
}

#[wasm_bindgen]
pub fn unmount() {
    web::mode::mount::unmount_mode();
}
