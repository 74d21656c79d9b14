//! Both ends of a Web Worker, shared by the AI and the solver:
//! [`WorkerLink`] is the page side, [`serve`] the worker side; jobs travel as
//! [`Request`]s and come back as [`Reply`]s with the same id.
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

/// A job for a worker with the id its reply will carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request<J> {
    pub id: u32,
    pub job: J,
}

/// A worker's reply to request `id`: the answer, or a sentence saying why the
/// request could not be served (id 0 when the request could not even be read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply<A> {
    pub id: u32,
    pub answer: Result<A, String>,
}

/// Encodes a message as plain JS objects (not `Map`s), the shape serde-derived
/// types (and the engine's packet-style `Action`) expect on the way back in.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}

fn log_error(message: String) {
    web_sys::console::error_1(&message.into());
}

/// The page side of a running worker taking jobs `J` and answering `A`.
pub struct WorkerLink<J, A> {
    worker: web_sys::Worker,
    /// The worker's name in error sentences.
    name: &'static str,
    /// Messages posted before the worker said it listens.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _messages: PhantomData<fn(J) -> A>,
}

impl<J: Serialize, A: DeserializeOwned + 'static> WorkerLink<J, A> {
    /// Spawns the module worker at `script` (one of `web/workers/`, which starts a game's
    /// module in the worker); `on_reply` receives every reply, in order. `name` names the
    /// worker in errors.
    pub fn spawn(
        script: &str,
        name: &'static str,
        on_reply: impl Fn(Reply<A>) + 'static,
    ) -> Result<WorkerLink<J, A>, String> {
        let options = web_sys::WorkerOptions::new();
        // The scripts import the game's ES module, which only a module worker can.
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(script, &options)
            .map_err(|e| format!("the {name} could not start: {e:?}"))?;
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
                match serde_wasm_bindgen::from_value::<Reply<A>>(data) {
                    Ok(reply) => on_reply(reply),
                    Err(e) => log_error(format!("unreadable answer from the {name}: {e}")),
                }
            });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        Ok(WorkerLink {
            worker,
            name,
            queue,
            _on_message: handler,
            _messages: PhantomData,
        })
    }

    /// Posts `job` as request `id` now, or queues it until the worker is ready.
    pub fn post(&self, id: u32, job: &J) {
        let name = self.name;
        match to_js(&Request { id, job }) {
            Ok(value) => {
                if let Some(queue) = self.queue.borrow_mut().as_mut() {
                    queue.push(value);
                } else if let Err(e) = self.worker.post_message(&value) {
                    log_error(format!("could not reach the {name}: {e:?}"));
                }
            }
            Err(e) => log_error(format!("could not encode a message for the {name}: {e}")),
        }
    }
}

impl<J, A> Drop for WorkerLink<J, A> {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// The worker side: installs the message handler in the worker's global scope,
/// answers every request's job with `answer`, then tells the page it listens.
pub fn serve<J: DeserializeOwned, A: Serialize + 'static>(
    answer: impl Fn(J) -> Result<A, String> + 'static,
) {
    listen(move |job, reply: Box<dyn FnOnce(Result<A, String>)>| reply(answer(job)));
}

/// [`serve`] for a worker whose answer may wait (say, for a file it fetches first):
/// each reply is posted when its future completes, so a reply that waited may come
/// after a later request's; the page matches replies by their ids.
pub fn serve_async<J, A, F>(answer: impl Fn(J) -> F + 'static)
where
    J: DeserializeOwned,
    A: Serialize + 'static,
    F: std::future::Future<Output = Result<A, String>> + 'static,
{
    listen(move |job, reply: Box<dyn FnOnce(Result<A, String>)>| {
        let answer = answer(job);
        wasm_bindgen_futures::spawn_local(async move { reply(answer.await) });
    });
}

/// Installs the handler: `handle(job, reply)` answers each readable request through
/// `reply`; an unreadable one is answered at once (id 0). Then posts [`READY`].
fn listen<J: DeserializeOwned, A: Serialize + 'static>(
    handle: impl Fn(J, Box<dyn FnOnce(Result<A, String>)>) + 'static,
) {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let post = move |reply: Reply<A>| {
        if let Ok(value) = to_js(&reply) {
            let _ = reply_scope.post_message(&value);
        }
    };
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            match serde_wasm_bindgen::from_value::<Request<J>>(event.data()) {
                Ok(request) => {
                    let post = post.clone();
                    let id = request.id;
                    handle(
                        request.job,
                        Box::new(move |answer| post(Reply { id, answer })),
                    );
                }
                Err(e) => post(Reply {
                    id: 0,
                    answer: Err(format!("unreadable request: {e}")),
                }),
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before a handler exists are lost, so the page waits for this.
    let _ = scope.post_message(&JsValue::from_str(READY));
}
