//! Code run in a later task of the page: after the tasks already queued (a long screen's
//! later parts, a card's focus once it is built), or after the next frame has been drawn
//! (work the first screen's paint need not wait for, such as the service worker's
//! registration).

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Runs `then` in a task of its own, after the tasks already queued. A message to a
/// channel of its own, not a zero timer: a chain of timers is held to 4 ms a step after
/// the fifth, and a page's timers may be held (a background tab, a test's clock), which
/// must not hold a screen's parts back.
pub fn next_task(then: impl FnOnce() + 'static) {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        set_timeout(then, Duration::ZERO);
        return;
    };
    let (receiver, sender) = (channel.port1(), channel.port2());
    // the closure owns the channel, so neither port is collected before the message arrives
    let run = Closure::once_into_js(move || {
        drop(channel);
        then();
    });
    receiver.set_onmessage(Some(run.unchecked_ref()));
    // null to a port of its own: nothing to clone, and the port is open
    let _ = sender.post_message(&JsValue::NULL);
}

/// Runs `then` in the first task after the next frame: an animation-frame callback runs
/// just before the frame's style, layout and paint, and the task it queues runs once the
/// frame is done. A page whose frames are not running (a hidden tab) runs it when they
/// resume.
pub fn after_paint(then: impl FnOnce() + 'static) {
    request_animation_frame(move || next_task(then));
}
