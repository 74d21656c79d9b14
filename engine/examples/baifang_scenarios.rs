//! Finds short, seeded Baifang games that reach the situations the browser tests
//! must show through the UI (a shuttle intercepted by anti-looping, a no-moves
//! ending, a fewer-than-four ending) and prints them as packet JSON.
//!
//! `cargo run -p engine --release --example baifang_scenarios > e2e/fixtures/baifang-scenarios.json`
//!
//! The policy is random but prefers actions that form something, which makes
//! captures and shuttles common. Everything is seeded, so the output is stable.

use engine::baifang::playout::pick;
use engine::baifang::{Action, ActionList, Reason, State};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// One random game; `stop` says when to cut it (returns true to stop after an action).
fn game(
    seed: u64,
    max: usize,
    mut stop: impl FnMut(&State, Action, &engine::baifang::ActionOutcome) -> bool,
) -> Option<Vec<Action>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = State::new();
    let mut log = Vec::new();
    let mut list = ActionList::new();
    while log.len() < max && !s.is_finished() {
        s.legal_actions(&mut list);
        let forming: Vec<Action> = list
            .as_slice()
            .iter()
            .copied()
            .filter(|&a| {
                let mut t = s;
                t.apply_unchecked(a).owed > 0
            })
            .collect();
        let a = if !forming.is_empty() && pick(&mut rng, 4) != 0 {
            forming[pick(&mut rng, forming.len())]
        } else {
            list[pick(&mut rng, list.len())]
        };
        let o = s.apply(a).expect("generated actions are legal");
        log.push(a);
        if stop(&s, a, &o) {
            return Some(log);
        }
    }
    None
}

fn json(log: &[Action]) -> String {
    let items: Vec<String> = log.iter().map(Action::to_json).collect();
    format!("[{}]", items.join(","))
}

fn main() {
    let shuttle = (0..20_000u64)
        .filter_map(|seed| game(seed, 160, |_, _, o| o.intercepted_by_loop))
        .min_by_key(Vec::len)
        .expect("an intercepted shuttle");
    let ending = |reason: Reason| {
        (0..20_000u64)
            .filter_map(|seed| {
                game(seed, 200, |s, _, _| {
                    s.result().is_some_and(|(_, r)| r == reason)
                })
            })
            .min_by_key(Vec::len)
            .expect("an ending")
    };
    let no_moves = ending(Reason::NoMoves);
    let fewer = ending(Reason::FewerThanFour);
    println!(
        "{{\n  \"shuttle\": {},\n  \"noMoves\": {},\n  \"fewerThanFour\": {}\n}}",
        json(&shuttle),
        json(&no_moves),
        json(&fewer)
    );
}
