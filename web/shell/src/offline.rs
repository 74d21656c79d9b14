//! Offline play and updates, the page side of the service worker (`web/offline/sw.js`).
//!
//! The page registers `./sw.js` (relative, so a sub-path works) when it was loaded over
//! http(s) in a browser; inside the iPhone app's custom scheme a service worker cannot run,
//! so nothing is registered there. A new build's worker installs beside the running one and
//! waits; the page then shows [`UpdatePrompt`]. Its click tells the waiting worker to take
//! over, and every page the old worker controlled reloads on the change of controller, so no
//! page runs files of two builds.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};

use web_core::host::bridge;
use web_core::i18n::{tr, Text};

/// The message the worker (`web/offline/sw.js`) takes as "take over now".
const SKIP_WAITING: &str = "skip-waiting";

thread_local! {
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    /// Whether a worker controlled this page before the latest change of controller: only
    /// then does a change mean another build, and a reload. The first visit's worker
    /// taking the page is no reason to reload.
    static CONTROLLED: Cell<bool> = const { Cell::new(false) };
    /// Set by the prompt's click: reload on the change even if the page had no worker
    /// (a hard reload bypasses it).
    static RELOAD_ON_CHANGE: Cell<bool> = const { Cell::new(false) };
    /// The registration, until the first screen is ready for it ([`first_screen_ready`]).
    static DEFERRED: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
}

/// Whether a service worker can and should run here: a release build, loaded over
/// http(s), in a browser (not the native host), with the API present.
fn container() -> Option<ServiceWorkerContainer> {
    if cfg!(debug_assertions) {
        // `trunk serve` rebuilds on every save; a worker holding the last build would hide them.
        return None;
    }
    let window = web_sys::window()?;
    let protocol = window.location().protocol().ok()?;
    if bridge::available() || !matches!(protocol.as_str(), "http:" | "https:") {
        return None;
    }
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).ok()? {
        return None;
    }
    Some(navigator.service_worker())
}

/// Prepares the service worker; the returned signal turns true once a new build waits.
///
/// The worker is registered (and so fetches the whole build for offline play) only at
/// [`first_screen_ready`], so on a first visit its downloads never compete with what the
/// first screen needs, a share link's game above all. The page follows a change of
/// worker from the start.
pub fn register() -> RwSignal<bool> {
    let update_ready = RwSignal::new(false);
    let Some(container) = container() else {
        return update_ready;
    };
    CONTROLLED.set(container.controller().is_some());
    let on_change = Closure::<dyn Fn()>::new(|| {
        if CONTROLLED.replace(true) || RELOAD_ON_CHANGE.get() {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    DEFERRED.with(|d| *d.borrow_mut() = Some(Box::new(move || start(container, update_ready))));
    update_ready
}

/// The first screen has what it needs (the home screen once the page has loaded, a game
/// once its module is mounted or has failed): the service worker may now fetch the rest.
/// Only the first call does anything.
pub fn first_screen_ready() {
    if let Some(start) = DEFERRED.with(|d| d.borrow_mut().take()) {
        // After the screen's first frame, in a task of its own: registering takes the main
        // thread some milliseconds (17 at full speed in a cold link's profile) that the
        // first paint of a link's game should not wait behind.
        web_core::later::after_paint(start);
    }
}

/// Registers the worker and watches it for new builds.
fn start(container: ServiceWorkerContainer, update_ready: RwSignal<bool>) {
    let on_registered = Closure::once(move |value: JsValue| {
        // Anything but a registration (a test harness that blocks workers resolves with
        // nothing) means no worker: the app runs as it was.
        let Ok(registration) = value.dyn_into::<ServiceWorkerRegistration>() else {
            return;
        };
        watch(&registration, update_ready);
        REGISTRATION.with(|r| *r.borrow_mut() = Some(registration));
    });
    // A failed registration (a host without sw.js, storage refused) leaves the app as it was.
    let on_failed = Closure::once(|_: JsValue| {});
    let _ = container
        .register("./sw.js")
        .then2(&on_registered, &on_failed);
    on_registered.forget();
    on_failed.forget();
    check_when_shown();
}

/// Raises `update_ready` for a build already waiting, one installing now, and every later one.
fn watch(registration: &ServiceWorkerRegistration, update_ready: RwSignal<bool>) {
    if registration.waiting().is_some() {
        update_ready.set(true);
    }
    if let Some(installing) = registration.installing() {
        watch_install(installing, update_ready);
    }
    let found = registration.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        if let Some(installing) = found.installing() {
            watch_install(installing, update_ready);
        }
    });
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}

/// Raises `update_ready` when `worker` has installed while another controls the page (on the
/// first visit there is nothing to update).
fn watch_install(worker: ServiceWorker, update_ready: RwSignal<bool>) {
    let watched = worker.clone();
    let on_state = Closure::<dyn Fn()>::new(move || {
        let controlled = container().and_then(|c| c.controller()).is_some();
        if watched.state() == ServiceWorkerState::Installed && controlled {
            update_ready.set(true);
        }
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    on_state.forget();
}

/// Looks for a new build whenever the page comes back into view: an installed app resumed
/// from the background does not navigate, so the browser would not look by itself.
fn check_when_shown() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let shown = document.clone();
    let on_visible = Closure::<dyn Fn()>::new(move || {
        if shown.visibility_state() != web_sys::VisibilityState::Visible {
            return;
        }
        REGISTRATION.with(|r| {
            if let Some(registration) = r.borrow().as_ref() {
                // An update check that fails (offline) just waits for the next one.
                if let Ok(promise) = registration.update() {
                    let ignore = Closure::once(|_: JsValue| {});
                    let _ = promise.catch(&ignore);
                    ignore.forget();
                }
            }
        });
    });
    let _ = document
        .add_event_listener_with_callback("visibilitychange", on_visible.as_ref().unchecked_ref());
    on_visible.forget();
}

/// Lets the waiting build take over; the change of controller then reloads the page.
fn activate_waiting() {
    RELOAD_ON_CHANGE.set(true);
    REGISTRATION.with(|r| {
        if let Some(waiting) = r.borrow().as_ref().and_then(|reg| reg.waiting()) {
            let _ = waiting.post_message(&JsValue::from_str(SKIP_WAITING));
        }
    });
}

/// The "new version — reload" bar, shown while a new build waits.
#[component]
pub fn UpdatePrompt(ready: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="update-prompt" role="status" aria-live="polite">
            <Show when=move || ready.get()>
                <button class="pill-button update-prompt-button" data-testid="update-prompt" on:click=|_| activate_waiting()>
                    {tr(Text::UpdateReady)}
                </button>
            </Show>
        </div>
    }
}
