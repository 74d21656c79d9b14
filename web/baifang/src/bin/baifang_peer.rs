//! Baifang online without the referee server (Game Center in the iPhone app, browser tabs
//! elsewhere) as a wasm module of its own: the shell loads it when the player opens online
//! play on a page the server did not send.

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::BaifangPeer,
    web_baifang::online_screen::baifang_peer_module,
    web_core::open_arg::NoArg
);
