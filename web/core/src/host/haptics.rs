//! Haptic feedback events behind one interface.
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
    /// Every event.
    pub const ALL: [Haptic; 5] = [
        Haptic::Light,
        Haptic::Success,
        Haptic::Medium,
        Haptic::Tick,
        Haptic::Bump,
    ];

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
    if crate::host::bridge::available() {
        crate::host::bridge::call(
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
    crate::feedback_log::keep("__haptics", event.name());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `style` values the host bridge's `haptic` call accepts.
    fn bridge_styles() -> Vec<String> {
        let messages: serde_json::Value =
            serde_json::from_str(include_str!("../../../host-bridge/messages.json"))
                .expect("messages.json is JSON");
        messages["calls"]["haptic"]["payload"]["style"]
            .as_str()
            .expect("the haptic call names its styles")
            .split('|')
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_events_are_exactly_the_bridge_styles_each_named_once() {
        let mut names: Vec<String> = Haptic::ALL.iter().map(|h| h.name().to_string()).collect();
        let mut styles = bridge_styles();
        names.sort();
        styles.sort();
        assert_eq!(names, styles);
        names.dedup();
        assert_eq!(names.len(), Haptic::ALL.len(), "two events share a name");
    }

    #[test]
    fn success_is_the_only_pattern_with_more_than_one_pulse() {
        for h in Haptic::ALL {
            let pattern = h.vibration_pattern();
            assert!(pattern.iter().all(|&ms| ms > 0 && ms <= 100), "{h:?}");
            assert_eq!(pattern.len() > 1, h == Haptic::Success, "{h:?}");
        }
    }
}
