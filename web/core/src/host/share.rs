//! Share links and files out (exported), and files in (picked), in whichever host the app runs.
//!
//! In a browser a share link is this page's own address plus `#play=<code>`, copied to
//! the clipboard, and an exported file is a download. Inside a native host the page's
//! address (`app://localhost/…`) opens nowhere else, and WKWebView ignores downloads: links
//! start with the public address the host configures (`publicBaseURL` of messages.json's
//! `pageConfig`) and both go through the host's system share sheet (`share` call). A host
//! without a public address offers no links.

use serde_json::json;

use crate::host::bridge;

/// Where share links start: the host's public address, or this page's URL in a browser.
/// `None` inside a host that has no public address.
pub fn link_base() -> Option<String> {
    if bridge::available() {
        return bridge::config_string("publicBaseURL");
    }
    web_sys::window().and_then(|w| w.location().href().ok())
}

/// The share link for `code`, if this host can make one.
pub fn link_for_code(code: &str) -> Option<String> {
    link_base().map(|base| crate::nav::share_link(&base, code))
}

/// The link `#<key>=<code>` (e.g. a pack's `#pack=`), if this host can make one.
pub fn link_with_key(key: &str, code: &str) -> Option<String> {
    link_base().map(|base| crate::nav::link_with(&base, key, code))
}

/// Where a link or text went, for the page to confirm it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// On the clipboard.
    Copied,
    /// The browser refused the clipboard (no permission, no secure context).
    Refused,
    /// Handed to the host's share sheet, which is its own confirmation.
    Shared,
}

impl Sent {
    /// The `data-sent` value.
    pub fn key(self) -> &'static str {
        match self {
            Sent::Copied => "copied",
            Sent::Refused => "refused",
            Sent::Shared => "shared",
        }
    }
}

/// Hands a link on: the host's share sheet (titled `title`), or the clipboard in a browser;
/// `done` hears where it went.
pub fn send_link(title: &str, url: &str, done: impl FnOnce(Sent) + 'static) {
    send("link", title, url, Box::new(done));
}

/// Hands a text on (a result card): the host's share sheet, or the clipboard in a browser.
pub fn send_text(subject: &str, text: &str, done: impl FnOnce(Sent) + 'static) {
    send("text", subject, text, Box::new(done));
}

/// The host's share sheet with `kind` (messages.json's `share`), or the clipboard. One
/// boxed callback type keeps a single copy of this code in each module.
fn send(kind: &str, name: &str, text: &str, done: Box<dyn FnOnce(Sent)>) {
    if bridge::available() {
        let payload = json!({ "kind": kind, "name": name, "text": text });
        bridge::call("share", payload, |_| {});
        done(Sent::Shared);
    } else {
        copy_to_clipboard(text, done);
    }
}

/// Hands a text file on: the host's share sheet, or a download in a browser.
pub fn send_file(name: &str, text: &str) {
    if bridge::available() {
        let payload = json!({ "kind": "file", "name": name, "text": text });
        bridge::call("share", payload, |_| {});
    } else {
        download(name, text);
    }
}

/// Reads the file picked in the `<input type="file">` that fired `ev` as text and
/// hands it to `on_text` (a file that reads as no text gives ""); nothing happens
/// when no file was picked. The page's own picker works in a browser and in the app.
pub fn read_picked_file(ev: &web_sys::Event, on_text: impl FnOnce(String) + 'static) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(file) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|i| i.files())
        .and_then(|f| f.get(0))
    else {
        return;
    };
    let on_text = wasm_bindgen::closure::Closure::once(move |v: JsValue| {
        on_text(v.as_string().unwrap_or_default());
    });
    let _ = file.text().then(&on_text);
    on_text.forget();
}

/// Copies `text` to the clipboard when the browser allows it; `done` hears whether it did
/// (a refusal is no error: the pages also show the link in a field).
fn copy_to_clipboard(text: &str, done: Box<dyn FnOnce(Sent)>) {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    let write = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("clipboard")).ok())
        .filter(|c| !c.is_undefined())
        .and_then(|clipboard| {
            let f = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText")).ok()?;
            let f = f.dyn_into::<js_sys::Function>().ok()?;
            f.call1(&clipboard, &JsValue::from_str(text))
                .ok()?
                .dyn_into::<js_sys::Promise>()
                .ok()
        });
    let Some(promise) = write else {
        done(Sent::Refused);
        return;
    };
    // One of the two closures runs, once; the shared cell hands `done` to it.
    let done = Rc::new(Cell::new(Some(done)));
    let (ok, err) = (done.clone(), done);
    let on_ok = Closure::once(move |_: JsValue| {
        if let Some(f) = ok.take() {
            f(Sent::Copied)
        }
    });
    let on_err = Closure::once(move |_: JsValue| {
        if let Some(f) = err.take() {
            f(Sent::Refused)
        }
    });
    let _ = promise.then2(&on_ok, &on_err);
    on_ok.forget();
    on_err.forget();
}

/// Downloads `text` as a file through a Blob and a temporary anchor.
fn download(name: &str, text: &str) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document
        .create_element("a")
        .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        a.set_href(&url);
        a.set_download(name);
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
