//! 摆方 Baifang's lobby as a wasm module of its own: the shell loads it when the player opens
//! the game and calls `mount` / `unmount` (see `web_core::module`). The games and lessons it
//! opens are the play screen's module (`baifang_play`), so a cold lobby, room or watch link
//! downloads the lobby alone.

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::Baifang,
    web_baifang::baifang_lobby_module,
    web_core::open_arg::NoArg
);

// A link opens this module cold: the page starts from it, the shell with it.
web_shell::carry_the_shell!();
