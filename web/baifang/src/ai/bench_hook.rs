//! `window.__baifangBench(depth)`: runs the AI bench in the real Web Worker and
//! resolves to `{nodes, checksum, millis}`. The browser benchmark (e2e) uses it to
//! report wasm nodes/s next to the native figure; nodes and checksum must match
//! the native bench exactly, since the search is deterministic.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::ai::client::AiClient;
use crate::ai::protocol::{AiAnswer, AiRequest, Job};

pub fn install() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let bench = Closure::<dyn Fn(u32) -> js_sys::Promise>::new(|depth: u32| {
        js_sys::Promise::new(&mut |resolve, reject| {
            // The client must live until it answers; the answer handler drops it.
            let holder: Rc<RefCell<Option<AiClient>>> = Rc::new(RefCell::new(None));
            let keep = holder.clone();
            let reject_on_answer = reject.clone();
            let spawned = AiClient::spawn(move |response| {
                let value = match response.answer {
                    Ok(AiAnswer::Bench {
                        nodes,
                        checksum,
                        millis,
                    }) => {
                        let out = js_sys::Object::new();
                        let _ = js_sys::Reflect::set(
                            &out,
                            &"nodes".into(),
                            &JsValue::from_f64(nodes as f64),
                        );
                        let _ = js_sys::Reflect::set(
                            &out,
                            &"checksum".into(),
                            &JsValue::from_f64(checksum as f64),
                        );
                        let _ = js_sys::Reflect::set(
                            &out,
                            &"millis".into(),
                            &JsValue::from_f64(millis),
                        );
                        resolve.call1(&JsValue::NULL, &out)
                    }
                    other => reject_on_answer.call1(
                        &JsValue::NULL,
                        &format!("unexpected answer {other:?}").into(),
                    ),
                };
                let _ = value;
                keep.borrow_mut().take();
            });
            match spawned {
                Ok(client) => {
                    client.send(&AiRequest {
                        log: Vec::new(),
                        job: Job::Bench { depth },
                    });
                    *holder.borrow_mut() = Some(client);
                }
                Err(message) => {
                    let _ = reject.call1(&JsValue::NULL, &message.into());
                }
            }
        })
    });
    let _ = js_sys::Reflect::set(&window, &"__baifangBench".into(), bench.as_ref());
    bench.forget();
}
