//! The single-page app. `main.rs` only calls [`start`]; components live in modules
//! named for what they show, and shared state (language, current screen) is passed
//! by context.

pub mod app;
pub mod baifang;
pub mod chrome;
pub mod engine_text;
pub mod hex;
pub mod home;
pub mod host;
pub mod i18n;
pub mod mode;
pub mod nav;
pub mod offline;
pub mod online;
pub mod page_events;
pub mod storage;
pub mod worker_link;

/// The shell's start: installs the panic hook (so a Rust panic reaches the console),
/// mounts the app, and removes the static splash that covered the load. The games'
/// modules start in `bin/baifang.rs` and `bin/hex.rs` (see [`mode`]).
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
    if let Some(splash) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("splash"))
    {
        splash.remove();
    }
}
