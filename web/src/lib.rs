//! The single-page app. `main.rs` only calls [`start`]; components live in modules
//! named for what they show, and shared state (language, current screen) is passed
//! by context.

pub mod app;
pub mod baifang;
pub mod hex;
pub mod home;
pub mod host;
pub mod i18n;
pub mod nav;

/// Installs the panic hook (so a Rust panic reaches the console) and mounts the app.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
