//! 摆方 Baifang's lobby and its games on this device as a wasm module of its own: the shell
//! loads it when the player opens the game and calls `mount` / `unmount` (see `web_core::module`).
//! The AI's Web Worker runs the analysis module (`baifang_analysis`, started by
//! `web/workers/baifang_ai.js`), so the search and the endgame tables are not in the download
//! every cold lobby link pays for.

fn main() {
    web_core::module::start_module();
    web_baifang::ai::bench_hook::install();
}

web_core::game_module_exports!(
    web_core::nav::Screen::Baifang,
    web_baifang::baifang_lobby_module,
    web_baifang::handoff::PlayOn
);
