//! The module side of a game's screen: what a module binary exports to the shell, and the
//! typed argument a screen is opened with.
//!
//! A module mounts its screen as a Leptos app of its own under the shell's frame, with
//! its own language signal and a navigation handle that asks the shell to change screens
//! (`crate::nav::provide_mode_nav`). The module stays loaded after `unmount`, so opening
//! the game again costs no download.

use std::any::Any;
use std::cell::RefCell;

use leptos::prelude::*;

use crate::i18n::provide_lang;
use crate::nav::{provide_mode_nav, Screen};
use crate::open_arg::OpenArg;

thread_local! {
    /// The mounted screen's handle; dropping it unmounts the view and disposes its owner.
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs once when the module is instantiated (the module binary's `main`).
pub fn start_module() {
    console_error_panic_hook::set_once();
}

/// Mounts `screen`'s view (built by `view` from the argument it was opened with, decoded
/// from `arg`) under `parent`, replacing a previous mount.
pub fn mount_mode<A: OpenArg, V: IntoView + 'static>(
    parent: web_sys::HtmlElement,
    screen: Screen,
    view: fn(Option<A>) -> V,
    arg: Option<String>,
) {
    unmount_mode();
    let arg = arg.as_deref().and_then(A::decode);
    let handle = leptos::mount::mount_to(parent, move || {
        provide_lang();
        provide_mode_nav(screen);
        view(arg)
    });
    MOUNTED.with(|m| *m.borrow_mut() = Some(Box::new(handle)));
}

/// Unmounts the screen, if one is mounted.
pub fn unmount_mode() {
    // Taken out first: dropping runs cleanups that must not find the cell borrowed.
    let handle = MOUNTED.with(|m| m.borrow_mut().take());
    drop(handle);
}

/// Declares a game module's exports to the shell, `mount(parent, arg)` and `unmount()`,
/// for the module binary showing `$screen` with the component function `$view`, which
/// takes `Option<A>` for the screen's `OpenArg` `A` (`NoArg` when it takes none; a view
/// taking another screen's argument does not compile); with `serve_worker`, also the entry
/// point of the Web Worker that runs the same module (`web/workers/`), which answers jobs
/// with that function until the page terminates the worker.
#[macro_export]
macro_rules! game_module_exports {
    ($screen:expr, $view:path, $arg:ty, serve_worker: $answer:expr) => {
        $crate::game_module_exports!($screen, $view, $arg);

        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn serve_worker() {
            $crate::worker_link::serve($answer);
        }
    };
    ($screen:expr, $view:path, $arg:ty) => {
        const _: () = assert!(
            $crate::open_arg::takes::<$arg>($screen),
            "the module's view takes another screen's argument"
        );

        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn mount(parent: web_sys::HtmlElement, arg: Option<String>) {
            $crate::module::mount_mode::<$arg, _>(parent, $screen, $view, arg);
        }

        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn unmount() {
            $crate::module::unmount_mode();
        }
    };
}
