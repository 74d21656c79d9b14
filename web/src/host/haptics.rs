//! Haptic feedback events (seed 000 §5.2.3) behind one interface.
//!
//! In a browser the events map to `navigator.vibrate` where it exists and do nothing
//! otherwise; the iOS wrapper plugs the Taptic Engine in behind [`play`] by
//! installing a native handler (see `ios-wrapper/`).

use wasm_bindgen::{JsCast, JsValue};

/// What happened, not how it should feel: the host picks the actuator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Haptic {
    /// A stone placed or moved, a path step appended (iOS: impact .light).
    Light,
    /// A formation completed (iOS: notification .success, a double pulse).
    Success,
    /// Entering or leaving capture mode (iOS: impact .medium).
    Medium,
    /// One heartbeat of the last five seconds of a step clock (iOS: impact .light).
    Tick,
    /// A refused move or a wall bump (iOS: impact .light).
    Bump,
}

impl Haptic {
    /// The wire name used by native hosts.
    pub fn name(self) -> &'static str {
        match self {
            Haptic::Light => "light",
            Haptic::Success => "success",
            Haptic::Medium => "medium",
            Haptic::Tick => "tick",
            Haptic::Bump => "bump",
        }
    }

    /// A vibration pattern in milliseconds for hosts that only have `navigator.vibrate`.
    pub fn vibration_pattern(self) -> &'static [u32] {
        match self {
            Haptic::Light | Haptic::Tick => &[10],
            Haptic::Bump => &[15],
            Haptic::Medium => &[25],
            Haptic::Success => &[30, 60, 30],
        }
    }
}

/// Plays `event` on the host. Never fails: feedback is a nicety, not a rule.
pub fn play(event: Haptic) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // A native host installs `window.__hostHaptic(name)`; prefer it when present.
    if let Ok(native) = js_sys::Reflect::get(&window, &JsValue::from_str("__hostHaptic")) {
        if let Some(native) = native.dyn_ref::<js_sys::Function>() {
            let _ = native.call1(&JsValue::NULL, &JsValue::from_str(event.name()));
            record(event);
            return;
        }
    }
    // Inside the iOS wrapper (or the mock host) the haptic goes over the bridge.
    if crate::online::bridge::available() {
        crate::online::bridge::call(
            "haptic",
            serde_json::json!({ "style": event.name() }),
            |_| {},
        );
        record(event);
        return;
    }
    let navigator = window.navigator();
    // `vibrate` is missing on iOS Safari and desktop browsers; check before calling.
    if js_sys::Reflect::has(&navigator, &JsValue::from_str("vibrate")).unwrap_or(false) {
        let pattern = js_sys::Array::new();
        for ms in event.vibration_pattern() {
            pattern.push(&JsValue::from(*ms));
        }
        let _ = navigator.vibrate_with_pattern(&pattern);
    }
    record(event);
}

/// Keeps the last events on `window.__haptics` so browser tests can assert them.
fn record(event: Haptic) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str("__haptics");
    let log = js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
        .unwrap_or_else(|| {
            let log = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &log);
            log
        });
    log.push(&JsValue::from_str(event.name()));
    if log.length() > 64 {
        log.shift();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_has_a_name_and_a_pattern() {
        for e in [
            Haptic::Light,
            Haptic::Success,
            Haptic::Medium,
            Haptic::Tick,
            Haptic::Bump,
        ] {
            assert!(!e.name().is_empty());
            assert!(!e.vibration_pattern().is_empty());
        }
    }
}
