//! The AI Web Worker's entry point: everything lives in the library.

fn main() {
    web::baifang::ai_service::serve();
}
