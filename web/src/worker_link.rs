//! The page side of a Trunk-built Web Worker, shared by the AI and the solver.
//!
//! Messages posted before the worker's handler exists are lost, so requests are
//! queued until the worker posts [`READY`]. Dropping the link terminates the
//! worker: a busy worker cannot read a "stop" message, so that is the only true
//! cancel.

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Posted by a worker once it listens.
pub const READY: &str = "ready";

/// Encodes a message as plain JS objects (not `Map`s), the shape serde-derived
/// types (and the engine's packet-style `Action`) expect on the way back in.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}

pub struct WorkerLink {
    worker: web_sys::Worker,
    /// Messages posted before the worker said it listens.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
}

impl WorkerLink {
    /// Spawns the classic worker at `script` (Trunk's loader shim); `on_message`
    /// receives every message except the ready signal. `what` names the worker in errors.
    pub fn spawn(
        script: &str,
        what: &str,
        on_message: impl Fn(JsValue) + 'static,
    ) -> Result<WorkerLink, String> {
        let options = web_sys::WorkerOptions::new();
        // Trunk builds workers as classic scripts (importScripts), not modules.
        options.set_type(web_sys::WorkerType::Classic);
        let worker = web_sys::Worker::new_with_options(script, &options)
            .map_err(|e| format!("the {what} could not start: {e:?}"))?;
        let queue = Rc::new(RefCell::new(Some(Vec::<JsValue>::new())));
        let flush_queue = queue.clone();
        let flush_worker = worker.clone();
        let handler =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let data = event.data();
                if data.as_string().as_deref() == Some(READY) {
                    for message in flush_queue.borrow_mut().take().unwrap_or_default() {
                        let _ = flush_worker.post_message(&message);
                    }
                    return;
                }
                on_message(data);
            });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        Ok(WorkerLink {
            worker,
            queue,
            _on_message: handler,
        })
    }

    /// Posts `message` now, or queues it until the worker is ready.
    pub fn post<T: Serialize>(&self, message: &T, what: &str) {
        match to_js(message) {
            Ok(value) => {
                if let Some(queue) = self.queue.borrow_mut().as_mut() {
                    queue.push(value);
                } else if let Err(e) = self.worker.post_message(&value) {
                    web_sys::console::error_1(&format!("could not reach the {what}: {e:?}").into());
                }
            }
            Err(e) => web_sys::console::error_1(
                &format!("could not encode a message for the {what}: {e}").into(),
            ),
        }
    }
}

impl Drop for WorkerLink {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
