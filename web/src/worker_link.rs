//! Both ends of a Trunk-built Web Worker, shared by the AI and the solver: a
//! [`WorkerProtocol`] names a worker's script and messages, [`WorkerLink`] is the
//! page side and [`serve`] the worker side.
//!
//! Messages posted before the worker's handler exists are lost, so the page queues
//! requests until the worker posts [`READY`]. Dropping the link terminates the
//! worker: a busy worker cannot read a "stop" message, so that is the only true
//! cancel.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Posted by a worker once it listens.
pub const READY: &str = "ready";

/// The largest seed a message carries exactly: messages travel as JavaScript
/// numbers (doubles), whose safe integers end at 2^53 − 1.
pub const MAX_SAFE_SEED: u64 = (1 << 53) - 1;

/// A worker's answer with the id of the request it answers (0 when the request
/// could not be read), so the page can drop stale answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply<A> {
    pub id: u32,
    pub answer: A,
}

/// One worker: its script and the messages it understands.
pub trait WorkerProtocol: 'static {
    type Request: Serialize + DeserializeOwned;
    type Answer: Serialize + DeserializeOwned;
    /// The loader script Trunk writes for the worker's binary (see index.html).
    const SCRIPT: &'static str;
    /// The worker's name in error sentences.
    const NAME: &'static str;
    /// The id the request carries (echoed in its reply).
    fn id(request: &Self::Request) -> u32;
    /// Answers one request (runs in the worker).
    fn answer(request: Self::Request) -> Self::Answer;
    /// The answer to a message that is not a request.
    fn unreadable(reason: String) -> Self::Answer;
}

/// Encodes a message as plain JS objects (not `Map`s), the shape serde-derived
/// types (and the engine's packet-style `Action`) expect on the way back in.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}

fn log_error(message: String) {
    web_sys::console::error_1(&message.into());
}

/// The page side of a running worker.
pub struct WorkerLink<P: WorkerProtocol> {
    worker: web_sys::Worker,
    /// Messages posted before the worker said it listens.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _protocol: PhantomData<P>,
}

impl<P: WorkerProtocol> WorkerLink<P> {
    /// Spawns the worker; `on_reply` receives every answer, in order.
    pub fn spawn(on_reply: impl Fn(Reply<P::Answer>) + 'static) -> Result<WorkerLink<P>, String> {
        let options = web_sys::WorkerOptions::new();
        // Trunk builds workers as classic scripts (importScripts), not modules.
        options.set_type(web_sys::WorkerType::Classic);
        let worker = web_sys::Worker::new_with_options(P::SCRIPT, &options)
            .map_err(|e| format!("the {} could not start: {e:?}", P::NAME))?;
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
                match serde_wasm_bindgen::from_value::<Reply<P::Answer>>(data) {
                    Ok(reply) => on_reply(reply),
                    Err(e) => log_error(format!("unreadable answer from the {}: {e}", P::NAME)),
                }
            });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        Ok(WorkerLink {
            worker,
            queue,
            _on_message: handler,
            _protocol: PhantomData,
        })
    }

    /// Posts `request` now, or queues it until the worker is ready.
    pub fn post(&self, request: &P::Request) {
        match to_js(request) {
            Ok(value) => {
                if let Some(queue) = self.queue.borrow_mut().as_mut() {
                    queue.push(value);
                } else if let Err(e) = self.worker.post_message(&value) {
                    log_error(format!("could not reach the {}: {e:?}", P::NAME));
                }
            }
            Err(e) => log_error(format!(
                "could not encode a message for the {}: {e}",
                P::NAME
            )),
        }
    }
}

impl<P: WorkerProtocol> Drop for WorkerLink<P> {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// The worker side: installs the message handler in the worker's global scope,
/// answers every request with [`WorkerProtocol::answer`], then tells the page it
/// listens.
pub fn serve<P: WorkerProtocol>() {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let reply = match serde_wasm_bindgen::from_value::<P::Request>(event.data()) {
                Ok(request) => Reply {
                    id: P::id(&request),
                    answer: P::answer(request),
                },
                Err(e) => Reply {
                    id: 0,
                    answer: P::unreadable(format!("unreadable request: {e}")),
                },
            };
            if let Ok(value) = to_js(&reply) {
                let _ = reply_scope.post_message(&value);
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before a handler exists are lost, so the page waits for this.
    let _ = scope.post_message(&JsValue::from_str(READY));
}
