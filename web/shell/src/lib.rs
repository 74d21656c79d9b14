//! The page's shell: the home screen, language, navigation, the update prompt, and the frame
//! that loads a game's module and mounts it ([`frame`]). `main.rs` only calls [`start`].
//!
//! The shell imports no game: its crate depends on `web-core` alone, so a game's code is
//! downloaded only when its screen opens, and a game reaches the shell only through the
//! table of modules and the typed argument of its mount (`web_core::modules`,
//! `web_core::module`).

pub mod app;
pub mod frame;
pub mod home;
pub mod offline;

/// Declares `start_shell()` in a game module's binary that carries the shell: a module a link
/// opens (`web_core::modules`, a module with a cold budget). A link opened cold starts the page
/// from that module (`index.html`'s boot script calls `start_shell` once it is instantiated)
/// instead of from the shell's own binary (`app`), so it downloads one wasm instead of two,
/// and the runtime, allocator and formatting code they share once. The shell's frame then
/// finds the game's module started already (the loader's `__bootModule`).
#[macro_export]
macro_rules! carry_the_shell {
    () => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn start_shell() {
            $crate::start();
        }
    };
}

/// The shell's start: installs the panic hook (so a Rust panic reaches the console),
/// starts listening for the first gesture (sounds wait for it), mounts the app, and removes the static splash that covered the load. The games'
/// modules start in their own crates' binaries (`web-baifang`, `web-hex`).
pub fn start() {
    console_error_panic_hook::set_once();
    web_core::sound::listen_for_gestures();
    leptos::mount::mount_to_body(app::App);
    if let Some(splash) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("splash"))
    {
        splash.remove();
    }
}
