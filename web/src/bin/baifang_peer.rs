//! Baifang online without the referee server (Game Center in the iPhone app, browser tabs
//! elsewhere) as a wasm module of its own: the shell loads it when the player opens online
//! play on a page the server did not send.

fn main() {
    web::mode::mount::start_module();
}

web::game_module_exports!(
    web::nav::Screen::BaifangPeer,
    web::baifang::online_screen::BaifangPeerScreen
);
