//! Baifang online through the referee server (its lobby and room) as a wasm module of its
//! own: the shell loads it when the player opens online play on a page the server sent.

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::BaifangOnline,
    web_baifang::online_screen::baifang_server_module,
    web_baifang::handoff::ServerLink
);
