//! 六边一笔 Hex Stroke as its own wasm module: the shell loads it when the player opens the
//! game (or a share link) and calls `mount` / `unmount` (see `web_core::module`).

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::Hex,
    web_hex::hex_screen_module,
    web_core::open_arg::NoArg
);

// A link opens this module cold: the page starts from it, the shell with it.
web_shell::carry_the_shell!();
