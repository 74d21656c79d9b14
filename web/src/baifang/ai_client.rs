//! The page side of the AI worker: spawns it, sends requests, and terminates it
//! when dropped, so leaving a game really stops a search in progress (a busy
//! worker cannot read a "stop" message, so termination is the only true cancel).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::ai_protocol::{AiRequest, AiResponse};
use super::ai_service::READY;

/// The loader script Trunk writes for the `worker` binary (see index.html).
const WORKER_SCRIPT: &str = "./worker_loader.js";

pub struct AiClient {
    worker: web_sys::Worker,
    next_id: Cell<u32>,
    /// Requests posted before the worker said it listens.
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
}

impl AiClient {
    /// Spawns the worker; `on_response` receives every answer, in order.
    pub fn spawn(on_response: impl Fn(AiResponse) + 'static) -> Result<AiClient, String> {
        let options = web_sys::WorkerOptions::new();
        // Trunk builds the worker as a classic script (importScripts), not a module.
        options.set_type(web_sys::WorkerType::Classic);
        let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options)
            .map_err(|e| format!("the AI worker could not start: {e:?}"))?;
        let on_response = Rc::new(on_response);
        let queue = Rc::new(RefCell::new(Some(Vec::<JsValue>::new())));
        let flush_queue = queue.clone();
        let flush_worker = worker.clone();
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                if event.data().as_string().as_deref() == Some(READY) {
                    for message in flush_queue.borrow_mut().take().unwrap_or_default() {
                        let _ = flush_worker.post_message(&message);
                    }
                    return;
                }
                match serde_wasm_bindgen::from_value::<AiResponse>(event.data()) {
                    Ok(response) => on_response(response),
                    Err(e) => {
                        web_sys::console::error_1(&format!("unreadable AI answer: {e}").into())
                    }
                }
            });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Ok(AiClient {
            worker,
            next_id: Cell::new(1),
            queue,
            _on_message: on_message,
        })
    }

    /// Posts a request and returns its id.
    pub fn send(&self, mut request: AiRequest) -> u32 {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        request.id = id;
        match super::ai_protocol::to_js(&request) {
            Ok(value) => {
                if let Some(queue) = self.queue.borrow_mut().as_mut() {
                    queue.push(value);
                } else if let Err(e) = self.worker.post_message(&value) {
                    web_sys::console::error_1(
                        &format!("could not reach the AI worker: {e:?}").into(),
                    );
                }
            }
            Err(e) => {
                web_sys::console::error_1(&format!("could not encode an AI request: {e}").into())
            }
        }
        id
    }
}

impl Drop for AiClient {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}
