//! Baifang's game review as a wasm module of its own: the shell loads it when a game is
//! reviewed or a `#game=` link opened; its analysis runs in the AI's Web Worker
//! (`web/workers/baifang_ai.js`) as a module of its own (`baifang_analysis`).

fn main() {
    web_core::module::start_module();
}

web_core::game_module_exports!(
    web_core::nav::Screen::BaifangReview,
    web_baifang::review::entry::baifang_review_module,
    web_baifang::review::ReviewSource
);

// A link opens this module cold: the page starts from it, the shell with it.
web_shell::carry_the_shell!();
