//! Arbitrary bytes as a message received by a session in the middle of a game.
//! Must never panic, and unless the bytes happen to form a valid, verified
//! message, the session must end the match as void with a reason.
#![no_main]

use engine::baifang::session::{playing_pair, MatchResult, Stage, Wire};
use libfuzzer_sys::fuzz_target;

const NOW: u64 = 1_700_000_000_000;

fuzz_target!(|data: &[u8]| {
    let (mut a, _b) = playing_pair(NOW);
    let _commands = a.on_data(data, NOW);
    match a.result() {
        Some(MatchResult::Void(reason)) => {
            assert_eq!(a.stage(), Stage::Finished);
            assert!(!reason.to_string().is_empty());
        }
        Some(MatchResult::Decided(_)) => {
            // Only a genuine, verified resignation can end the game here.
            assert!(matches!(Wire::parse(data), Ok(Wire::Action(p)) if p.action_type() == Ok(engine::baifang::ActionType::Resign)));
        }
        None => {
            // Accepted: it must be a well-formed message from the peer.
            assert!(Wire::parse(data).is_ok(), "accepted a malformed message");
            assert_eq!(a.stage(), Stage::Playing);
        }
    }
});
