//! Baifang online through the referee server (its lobby and room) as a wasm module of its
//! own: the shell loads it when the player opens online play on a page the server sent.

fn main() {
    web::mode::mount::start_module();
}

web::game_module_exports!(
    web::nav::Screen::BaifangOnline,
    web::baifang::online_screen::BaifangServerScreen
);
