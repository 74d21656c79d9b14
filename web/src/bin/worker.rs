//! The AI Web Worker's entry point: everything lives in the library.

fn main() {
    web::worker_link::serve(web::baifang::ai_service::answer_in_worker);
}
