//! The AI side of a local room: when the AI is to move it asks the AI worker for
//! its whole turn and plays it at a human pace; the hint button asks the same
//! worker for the best turn of the person to move.
//!
//! The search runs in a Web Worker, so the board keeps animating meanwhile.
//! Answers carry the request id; anything but the awaited one is stale and dropped.

use leptos::prelude::*;

use engine::baifang::Action;

use web_core::worker_link::MAX_SAFE_SEED;

use crate::ai::client::AiClient;
use crate::ai::protocol::{AiAnswer, AiRequest, AiResponse, Job};
use crate::local::game::{LocalMatch, Opponent};
use crate::room::step_timer::now_ms;

/// The AI's move is shown no sooner than this after it was asked for, so a person
/// sees what happened; each capture of its turn follows after `AI_CAPTURE_GAP_MS`.
const AI_MIN_DELAY_MS: f64 = 400.0;
const AI_CAPTURE_GAP_MS: u32 = 350;

/// The handles the room reads (all `Copy`).
#[derive(Clone, Copy)]
pub struct AiOpponent {
    /// Points the hint marks (empty: none).
    pub hint: RwSignal<Vec<u8>>,
    /// Why the worker could not answer, if it could not.
    pub error: RwSignal<Option<String>>,
    game: RwSignal<LocalMatch>,
    /// The request being waited for: id, when it was asked, what it asked.
    awaited: StoredValue<Option<(u32, f64, Job)>>,
    /// Dropped with the room: leaving the game terminates a search in progress.
    client: StoredValue<Option<AiClient>, LocalStorage>,
}

impl AiOpponent {
    /// Starts the worker (in a vs-AI game) and plays the AI's turns through `apply`.
    pub fn start(
        game: RwSignal<LocalMatch>,
        apply: impl Fn(Action) + Copy + 'static,
    ) -> AiOpponent {
        let opponent = AiOpponent {
            hint: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
            game,
            awaited: StoredValue::new(None),
            client: StoredValue::new_local(None),
        };
        let setup = game.with_untracked(|m| m.opponent());
        let Opponent::Ai { level, .. } = setup else {
            return opponent;
        };
        match AiClient::spawn(move |response| opponent.on_response(response, apply)) {
            Ok(client) => opponent.client.set_value(Some(client)),
            Err(message) => opponent.error.set(Some(message)),
        }
        let game_seed = (js_sys::Math::random() * MAX_SAFE_SEED as f64) as u64;
        Effect::new(move |_| {
            let (ai_turn, count) = game.with(|m| (m.ai_to_act(), m.game().log().len()));
            opponent.hint.set(Vec::new());
            let busy = opponent
                .awaited
                .with_value(|a| matches!(a, Some((_, _, Job::Choose { .. }))));
            if ai_turn && !busy {
                opponent.ask(Job::Choose {
                    level,
                    seed: game_seed.wrapping_add(count as u64) & MAX_SAFE_SEED,
                });
            }
        });
        opponent
    }

    /// The hint button: the best turn for the person to move, unless a request is out.
    pub fn ask_hint(self) {
        if self.game.with_untracked(|m| m.human_to_act())
            && self.awaited.with_value(Option::is_none)
        {
            self.ask(Job::Hint);
        }
    }

    fn ask(self, job: Job) {
        self.client.with_value(|client| {
            if let Some(client) = client {
                let log = self.game.with_untracked(|m| m.game().log().to_vec());
                let id = client.send(&AiRequest {
                    log,
                    job: job.clone(),
                });
                self.awaited.set_value(Some((id, now_ms(), job)));
            }
        });
    }

    fn on_response(self, response: AiResponse, apply: impl Fn(Action) + Copy + 'static) {
        let Some((id, asked_at, job)) = self.awaited.try_get_value().flatten() else {
            return;
        };
        if response.id != id {
            return;
        }
        self.awaited.set_value(None);
        match (job, response.answer) {
            (Job::Hint, Ok(AiAnswer::Turn(reply))) => self.hint.set(hint_points(&reply.turn)),
            (Job::Choose { .. }, Ok(AiAnswer::Turn(reply))) => {
                let wait = (AI_MIN_DELAY_MS - (now_ms() - asked_at)).max(0.0) as u32;
                for (i, action) in reply.turn.into_iter().enumerate() {
                    let delay = wait + i as u32 * AI_CAPTURE_GAP_MS;
                    gloo_timers::callback::Timeout::new(delay, move || apply(action)).forget();
                }
            }
            (_, Err(message)) => self.error.set(Some(message)),
            // The room asks for turns and hints only.
            (_, Ok(AiAnswer::Bench { .. } | AiAnswer::Eval(_) | AiAnswer::Puzzle(_)))
            | (
                Job::Bench { .. }
                | Job::Evaluate { .. }
                | Job::Puzzle { .. }
                | Job::PuzzleHint { .. },
                Ok(AiAnswer::Turn(_)),
            ) => {}
        }
    }
}

/// The points a hint shows: where the turn's stone goes (and comes from), and what it captures.
pub(crate) fn hint_points(turn: &[Action]) -> Vec<u8> {
    turn.iter()
        .flat_map(|action| match *action {
            Action::Place { to } => vec![to],
            Action::Move { from, to } => vec![from, to],
            Action::Capture { at } => vec![at],
            _ => vec![],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_marks_where_the_turn_goes_and_what_it_takes() {
        let turn = [
            Action::Move { from: 3, to: 8 },
            Action::Capture { at: 20 },
            Action::Capture { at: 21 },
        ];
        assert_eq!(hint_points(&turn), [3, 8, 20, 21]);
        assert_eq!(hint_points(&[Action::Place { to: 12 }]), [12]);
    }
}
