//! The page side of the host bridge (`web/host-bridge/messages.json`): calls go
//! page → host as `{id, type, payload}` through
//! `window.webkit.messageHandlers.host.postMessage`, which returns a promise
//! of the call's reply object itself; events arrive host → page as envelopes
//! through `window.__hostEvent`. The host delivers events at least once (it
//! redelivers what a reloading page may have missed), so an event id already
//! seen is ignored. `window.__hostConfig` is the host's configuration.

use std::cell::RefCell;

use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The handler name and the page's event function (messages.json).
pub const HANDLER: &str = "host";
pub const EVENT_FUNCTION: &str = "__hostEvent";
/// The global the host sets before the page runs (messages.json `pageConfig`).
pub const CONFIG_GLOBAL: &str = "__hostConfig";

/// Every call type the page sends (messages.json `calls`).
pub const CALLS: [&str; 8] = [
    "authenticate",
    "findMatch",
    "inviteFriend",
    "sendData",
    "disconnect",
    "submitScore",
    "haptic",
    "share",
];
/// Every event type the page handles (messages.json `events`).
pub const EVENTS: [&str; 8] = [
    "matchFound",
    "matchFailed",
    "dataReceived",
    "playerStateChanged",
    "appBackground",
    "appForeground",
    "networkChanged",
    "peerRating",
];

/// The page's event listener, kept alive while installed.
type Listener = Closure<dyn Fn(JsValue)>;

thread_local! {
    static NEXT_ID: RefCell<u32> = const { RefCell::new(1) };
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
    /// The highest event id handed on (ids grow for the host's whole launch).
    static LAST_EVENT_ID: RefCell<f64> = const { RefCell::new(0.0) };
}

/// Whether an event with this id is new; remembers it. Events without a
/// numeric id are always new (nothing to compare).
fn first_delivery(id: Option<f64>) -> bool {
    let Some(id) = id else {
        return true;
    };
    LAST_EVENT_ID.with(|last| {
        let mut last = last.borrow_mut();
        if id <= *last {
            return false;
        }
        *last = id;
        true
    })
}

/// A string field of the host's configuration (`window.__hostConfig`), `None`
/// without a host or when the field is missing or empty.
pub fn config_string(field: &str) -> Option<String> {
    let window = web_sys::window()?;
    let config = js_sys::Reflect::get(&window, &JsValue::from_str(CONFIG_GLOBAL)).ok()?;
    if config.is_undefined() || config.is_null() {
        return None;
    }
    js_sys::Reflect::get(&config, &JsValue::from_str(field))
        .ok()?
        .as_string()
        .filter(|s| !s.is_empty())
}

fn handler() -> Option<JsValue> {
    let window = web_sys::window()?;
    let mut v: JsValue = window.into();
    for key in ["webkit", "messageHandlers", HANDLER] {
        v = js_sys::Reflect::get(&v, &JsValue::from_str(key)).ok()?;
        if v.is_undefined() || v.is_null() {
            return None;
        }
    }
    Some(v)
}

/// Whether a native (or mock) host installed its message handler.
pub fn available() -> bool {
    handler().is_some()
}

/// Sends a call; `on_reply` gets the reply payload or the error text.
pub fn call(kind: &str, payload: Value, on_reply: impl FnOnce(Result<Value, String>) + 'static) {
    let Some(h) = handler() else {
        on_reply(Err("no host".into()));
        return;
    };
    let id = NEXT_ID.with(|n| {
        let mut n = n.borrow_mut();
        *n += 1;
        *n
    });
    let envelope = serde_json::json!({ "id": id, "type": kind, "payload": payload });
    let Ok(js) = js_sys::JSON::parse(&envelope.to_string()) else {
        return;
    };
    let post = js_sys::Reflect::get(&h, &JsValue::from_str("postMessage"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(post) = post else {
        on_reply(Err("host has no postMessage".into()));
        return;
    };
    let result = post.call1(&h, &js);
    let promise = match result {
        Ok(v) => match v.dyn_into::<js_sys::Promise>() {
            Ok(p) => p,
            Err(_) => {
                on_reply(Ok(Value::Null));
                return;
            }
        },
        Err(e) => {
            on_reply(Err(format!("{e:?}")));
            return;
        }
    };
    let reply = std::rc::Rc::new(RefCell::new(Some(on_reply)));
    let r2 = reply.clone();
    let ok = Closure::once(move |v: JsValue| {
        let text = js_sys::JSON::stringify(&v).ok().and_then(|s| s.as_string());
        let value = text
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(Value::Null);
        if let Some(f) = reply.borrow_mut().take() {
            f(Ok(value));
        }
    });
    let err = Closure::once(move |e: JsValue| {
        let text = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "host error".into());
        if let Some(f) = r2.borrow_mut().take() {
            f(Err(text));
        }
    });
    let _ = promise.then2(&ok, &err);
    ok.forget();
    err.forget();
}

/// Installs `window.__hostEvent`; `on_event` gets (type, payload).
pub fn listen(on_event: impl Fn(&str, &Value) + 'static) {
    let closure = Closure::<dyn Fn(JsValue)>::new(move |env: JsValue| {
        let text = js_sys::JSON::stringify(&env)
            .ok()
            .and_then(|s| s.as_string());
        let Some(value) = text.and_then(|t| serde_json::from_str::<Value>(&t).ok()) else {
            return;
        };
        let kind = value.get("type").and_then(Value::as_str).unwrap_or("");
        if !first_delivery(value.get("id").and_then(Value::as_f64)) {
            return;
        }
        if EVENTS.contains(&kind) {
            on_event(kind, value.get("payload").unwrap_or(&Value::Null));
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &window,
            &JsValue::from_str(EVENT_FUNCTION),
            closure.as_ref(),
        );
    }
    // Replaces (and frees) the previous room's listener.
    LISTENER.with(|l| *l.borrow_mut() = Some(closure));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The one definition (messages.json), the page side (this module) and the
    /// mock host handle exactly the same call and event types.
    #[test]
    fn message_set_matches_messages_json_and_the_mock_host() {
        let spec: Value =
            serde_json::from_str(include_str!("../../../host-bridge/messages.json")).unwrap();
        let keys = |k: &str| -> BTreeSet<String> {
            spec[k].as_object().unwrap().keys().cloned().collect()
        };
        let set = |xs: &[&str]| -> BTreeSet<String> { xs.iter().map(|s| s.to_string()).collect() };
        assert_eq!(keys("calls"), set(&CALLS));
        assert_eq!(keys("events"), set(&EVENTS));
        assert_eq!(spec["handlerName"], HANDLER);
        assert_eq!(spec["pageEventFunction"], EVENT_FUNCTION);
        assert_eq!(spec["pageConfig"]["global"], CONFIG_GLOBAL);

        let mock = include_str!("../../../mock-host/mock-host.js");
        let array = |name: &str| -> BTreeSet<String> {
            let start = mock.find(&format!("const {name} = [")).unwrap();
            let rest = &mock[start..];
            let body = &rest[rest.find('[').unwrap() + 1..rest.find(']').unwrap()];
            body.split(',')
                .map(|s| s.trim().trim_matches('"').to_string())
                .filter(|s| !s.is_empty())
                .collect()
        };
        assert_eq!(array("CALLS"), set(&CALLS));
        assert_eq!(array("EVENTS"), set(&EVENTS));
        for call in CALLS {
            assert!(
                mock.contains(&format!("    {call}: (")),
                "mock host handles {call}"
            );
        }
        // Each event is listed once and raised at least once.
        for event in EVENTS {
            assert!(
                mock.matches(&format!("\"{event}\"")).count() >= 2,
                "mock host raises {event}"
            );
        }
        assert!(
            mock.contains(&format!("window.{CONFIG_GLOBAL} = Object.freeze(")),
            "mock host sets the page config"
        );
    }

    /// A redelivered event (same id, after a reload or a failed delivery) is
    /// handed on once; a later one still is.
    #[test]
    fn an_event_id_is_handed_on_once() {
        assert!(first_delivery(Some(1.0)));
        assert!(first_delivery(Some(2.0)));
        assert!(!first_delivery(Some(2.0)));
        assert!(!first_delivery(Some(1.0)));
        assert!(first_delivery(Some(3.0)));
        assert!(first_delivery(None));
    }
}
