//! The page's record of the feedback it gave (haptics, sounds), kept on `window` so
//! browser tests can say what the player felt and heard.

use wasm_bindgen::{JsCast, JsValue};

/// How many entries each record keeps (the oldest go first).
const KEPT: u32 = 64;

/// Appends `entry` to the array `window[key]` (made on first use).
pub fn keep(key: &str, entry: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str(key);
    let log = js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
        .unwrap_or_else(|| {
            let log = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &log);
            log
        });
    log.push(&JsValue::from_str(entry));
    if log.length() > KEPT {
        log.shift();
    }
}
