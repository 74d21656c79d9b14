//! 六边一笔 Hex Stroke as its own wasm module: the shell loads it when the player opens the
//! game (or a share link) and calls `mount` / `unmount` (see `web::mode`).

fn main() {
    web::mode::mount::start_module();
}

web::game_module_exports!(web::nav::Screen::Hex, web::hex::HexScreen);
