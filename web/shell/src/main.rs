//! Thin entry point: everything testable lives in the `web_shell` library.

fn main() {
    web_shell::start();
}
