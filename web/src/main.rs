//! Thin entry point: everything testable lives in the `web` library.

fn main() {
    web::start();
}
