//! The worker side: one long-lived searcher (its transposition table is allocated
//! once) answering requests posted by the page.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use engine::baifang::ai::{self, Searcher};

use super::ai_protocol::{AiAnswer, AiRequest, AiResponse, Job};

pub use crate::worker_link::READY;

thread_local! {
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// Answers one request (pure apart from the bench's clock; unit-testable natively).
pub fn answer(request: &AiRequest, clock: impl Fn() -> f64) -> AiAnswer {
    let (state, history) = match ai::replay_log(&request.log) {
        Ok(replayed) => replayed,
        Err((index, error)) => {
            return AiAnswer::Error(format!(
                "action {index} of the game log is illegal: {error}"
            ))
        }
    };
    SEARCHER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let searcher = cell.get_or_insert_with(Searcher::new);
        match &request.job {
            Job::Choose { level, seed } => {
                AiAnswer::Turn(searcher.choose_turn(&state, &history, *level, *seed))
            }
            Job::Hint => AiAnswer::Turn(searcher.hint(&state, &history)),
            Job::Bench { depth } => {
                let start = clock();
                let result = ai::bench(searcher, *depth);
                AiAnswer::Bench {
                    nodes: result.nodes,
                    checksum: result.checksum,
                    millis: clock() - start,
                }
            }
        }
    })
}

/// Installs the message handler in the worker's global scope.
pub fn serve() {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let clock = || {
                js_sys::Reflect::get(&js_sys::global(), &"performance".into())
                    .ok()
                    .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
                    .map_or(0.0, |p| p.now())
            };
            let response = match serde_wasm_bindgen::from_value::<AiRequest>(event.data()) {
                Ok(request) => AiResponse {
                    id: request.id,
                    answer: answer(&request, clock),
                },
                Err(e) => AiResponse {
                    id: 0,
                    answer: AiAnswer::Error(format!("unreadable request: {e}")),
                },
            };
            if let Ok(value) = super::ai_protocol::to_js(&response) {
                let _ = reply_scope.post_message(&value);
            }
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages posted before a handler exists are lost, so the page waits for this.
    let _ = scope.post_message(&JsValue::from_str(READY));
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::Strength;
    use engine::baifang::{Action, State};

    #[test]
    fn the_answer_is_a_legal_whole_turn() {
        let request = AiRequest {
            id: 3,
            log: vec![Action::Place { to: 12 }],
            job: Job::Choose {
                level: Strength::Beginner,
                seed: 1,
            },
        };
        let AiAnswer::Turn(reply) = answer(&request, || 0.0) else {
            panic!("a turn")
        };
        let mut state = State::new();
        state.apply(Action::Place { to: 12 }).unwrap();
        for action in reply.turn {
            state.apply(action).unwrap();
        }
        assert_eq!(state.to_move(), engine::baifang::Side::Black);
    }

    #[test]
    fn an_illegal_log_is_refused_with_a_sentence() {
        let request = AiRequest {
            id: 1,
            log: vec![Action::Place { to: 12 }, Action::Place { to: 12 }],
            job: Job::Hint,
        };
        match answer(&request, || 0.0) {
            AiAnswer::Error(message) => assert!(message.contains("action 1"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}
