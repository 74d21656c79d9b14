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

/// Hands a link on: the host's share sheet (titled `title`), or the clipboard in a browser.
pub fn send_link(title: &str, url: &str) {
    send("link", title, url, copy_to_clipboard);
}

/// Hands a text on (a result card): the host's share sheet, or the clipboard in a browser.
pub fn send_text(subject: &str, text: &str) {
    send("text", subject, text, copy_to_clipboard);
}

/// The host's share sheet with `kind` (messages.json's `share`), or `in_browser`.
fn send(kind: &str, name: &str, text: &str, in_browser: impl FnOnce(&str)) {
    if bridge::available() {
        let payload = json!({ "kind": kind, "name": name, "text": text });
        bridge::call("share", payload, |_| {});
    } else {
        in_browser(text);
    }
}

/// Hands a text file on: the host's share sheet, or a download in a browser.
pub fn send_file(name: &str, text: &str) {
    send("file", name, text, |text| download(name, text));
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

/// Copies `text` to the clipboard when the browser allows it (failures are silent: the
/// link is also shown in a field).
fn copy_to_clipboard(text: &str) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")) else {
        return;
    };
    if clipboard.is_undefined() {
        return;
    }
    let write = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText"))
        .ok()
        .and_then(|w| w.dyn_into::<js_sys::Function>().ok());
    if let Some(Ok(p)) = write.map(|f| f.call1(&clipboard, &JsValue::from_str(text))) {
        // swallow a refusal (no permission) instead of an unhandled rejection
        if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
            let ignore = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
            let _ = p.catch(&ignore);
            ignore.forget();
        }
    }
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
