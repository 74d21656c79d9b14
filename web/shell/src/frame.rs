//! The shell's frame for a game: loads the game's module on first use, mounts its screen,
//! and says so while it loads or when it cannot be loaded.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use web_core::i18n::{tr, Text};
use web_core::nav::{use_nav, Screen};

#[wasm_bindgen(inline_js = r#"
const loads = new Map();
const url = (file) => new URL(file, document.baseURI).href;
// A stylesheet the page links once (by index.html's script for a link, or here) and every
// module that needs it waits for; a failed one is removed, so the next try links it again.
function style(file, retry) {
  let link = document.querySelector(`link[data-style="${file}"]`);
  if (link && link.hasAttribute("data-loaded")) return Promise.resolve();
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url(file + retry);
    link.setAttribute("data-style", file);
    link.onload = () => link.setAttribute("data-loaded", "");
    link.onerror = () => link.remove();
    document.head.appendChild(link);
  }
  return new Promise((ok, fail) => {
    link.addEventListener("load", ok, { once: true });
    link.addEventListener("error", () => fail(new Error(`${file} did not load`)), { once: true });
  });
}
// One load per module and page, its stylesheets (`styles`, comma-separated) with it; a failed
// one is forgotten, so the next call tries again (with a query, since a browser may keep a
// failed import of the same URL).
export function load_mode(stem, styles, attempt) {
  if (!loads.has(stem)) {
    const retry = attempt > 0 ? `?attempt=${attempt}` : "";
    const sheets = styles.split(",").filter((f) => f).map((f) => style(f, retry));
    // The module a cold link started the page from (index.html) carries this shell: it is
    // instantiated already, and mounting it needs no download.
    const booted = globalThis.__bootModule;
    const started = booted && booted.stem === stem && attempt === 0
      ? Promise.resolve(booted.module)
      : import(url(`${stem}.js${retry}`)).then(async (module) => {
          await module.default({ module_or_path: url(`${stem}_bg.wasm${retry}`) });
          return module;
        });
    const code = started.then(async (module) => {
      // The mount runs in a task of its own: instantiating a module and mounting its
      // screen were one long task, which a tap waited behind (Lighthouse's blocking time).
      // A message, not a timer: a page's timers may be held (a background tab, a test's
      // clock), and the screen must not wait on them.
      await new Promise((next) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => next();
        channel.port2.postMessage(null);
      });
      return module;
    });
    const load = Promise.all([code, ...sheets]).then(([module]) => module);
    load.catch(() => loads.delete(stem));
    loads.set(stem, load);
  }
  return loads.get(stem);
}
"#)]
extern "C" {
    #[wasm_bindgen(catch)]
    async fn load_mode(stem: &str, styles: &str, attempt: u32) -> Result<JsValue, JsValue>;
}

/// Loads the module of `screen` without mounting it (`page_events::WARM_EVENT`): the frame
/// that opens the screen a moment later finds the load begun or done. A failed load is
/// forgotten by the loader, and the frame tries again and says so.
pub fn warm(screen: Screen) {
    let Some(stem) = web_core::modules::module_of(screen) else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let _ = load(stem, 0).await;
    });
}

/// The module `stem` with its stylesheets, loaded once per page (the `attempt`th try).
async fn load(stem: &str, attempt: u32) -> Result<JsValue, JsValue> {
    let styles = web_core::modules::styles_of(stem).join(",");
    load_mode(stem, &styles, attempt).await
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Loading,
    Failed,
    Mounted,
}

/// The loaded module while its screen is mounted (cleared by unmounting).
type Mounted = Rc<RefCell<Option<JsValue>>>;

/// Calls the module's exported function `name` with `args`.
fn call(module: &JsValue, name: &str, args: &js_sys::Array) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(module, &name.into())?.dyn_into()?;
    f.apply(module, args)
}

/// Shows the screen of the module `stem` (`web_core::modules`), loading the module first if
/// this page has not yet, and mounts it with `arg`, the argument the screen was opened with
/// (`web_core::open_arg::OpenArg`'s text).
#[component]
pub fn ModeFrame(stem: &'static str, arg: Option<String>) -> impl IntoView {
    let nav = use_nav();
    let root = NodeRef::<leptos::html::Div>::new();
    let status = RwSignal::new(Status::Loading);
    let attempt = RwSignal::new(0u32);
    let mounted: SendWrapper<Mounted> = SendWrapper::new(Rc::default());
    // Set by the cleanup: a load that finishes after the player left mounts nothing.
    let gone = SendWrapper::new(Rc::new(std::cell::Cell::new(false)));

    let (load_into, load_gone) = (mounted.clone(), gone.clone());
    Effect::new(move |_| {
        let attempt = attempt.get();
        let Some(parent) = root.get() else { return };
        status.set(Status::Loading);
        let (into, gone) = ((*load_into).clone(), (*load_gone).clone());
        let arg = arg.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let loaded = load(stem, attempt).await;
            if gone.get() {
                return;
            }
            let parent: &web_sys::HtmlElement = &parent;
            // The module may push history entries of its own: the page's first ones go first.
            web_core::nav::settle_history();
            let shown = loaded.and_then(|module| {
                let arg = arg.as_deref().map_or(JsValue::UNDEFINED, JsValue::from_str);
                call(&module, "mount", &js_sys::Array::of2(parent, &arg))?;
                Ok(module)
            });
            match shown {
                Ok(module) => {
                    *into.borrow_mut() = Some(module);
                    status.set(Status::Mounted);
                }
                Err(e) => {
                    web_sys::console::error_2(&format!("{stem} failed to load:").into(), &e);
                    status.set(Status::Failed);
                }
            }
            crate::offline::first_screen_ready();
        });
    });
    on_cleanup(move || {
        gone.set(true);
        if let Some(module) = mounted.borrow_mut().take() {
            let _ = call(&module, "unmount", &js_sys::Array::new());
        }
    });

    view! {
        <Show when=move || status.get() == Status::Loading>
            <p class="mode-loading" role="status" data-testid="mode-loading">{tr(Text::ModeLoading)}</p>
        </Show>
        <Show when=move || status.get() == Status::Failed>
            <div class="mode-failed" role="alert" data-testid="mode-failed">
                <p>{tr(Text::ModeLoadFailed)}</p>
                <button class="pill-button" data-testid="mode-retry" on:click=move |_| attempt.update(|n| *n += 1)>
                    {tr(Text::ModeRetry)}
                </button>
                <button class="pill-button" data-testid="mode-home" on:click=move |_| nav.go(Screen::Home)>
                    {tr(Text::GoHome)}
                </button>
            </div>
        </Show>
        // The module's own reactive runtime owns everything inside; the shell renders
        // nothing into it.
        <div class="mode-root" node_ref=root></div>
    }
}
