//! Baifang's game review as a wasm module of its own: the shell loads it when a game is
//! reviewed or a `#game=` link opened; its analysis runs the same module in the AI's Web
//! Worker (`web/workers/baifang_review_ai.js`).

fn main() {
    web::mode::mount::start_module();
    web::baifang::ai::client::set_worker_script("./baifang_review_ai.js");
}

web::game_module_exports!(
    web::nav::Screen::BaifangReview,
    web::baifang::review::entry::BaifangReviewScreen,
    serve_worker: web::baifang::ai::service::answer_in_worker
);
