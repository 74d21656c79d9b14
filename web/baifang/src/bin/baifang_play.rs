//! 摆方 Baifang's games on this device (hot-seat, against the AI) and its lessons as a wasm
//! module of its own, opened from the lobby or the review (see `web_core::module`). The AI's
//! Web Worker runs the analysis module (`baifang_analysis`, started by
//! `web/workers/baifang_ai.js`), so the search and the endgame tables are not in this
//! module's download.

fn main() {
    web_core::module::start_module();
    web_baifang::ai::bench_hook::install();
}

web_core::game_module_exports!(
    web_core::nav::Screen::BaifangPlay,
    web_baifang::play_screen::baifang_play_module,
    web_baifang::handoff::Play
);
