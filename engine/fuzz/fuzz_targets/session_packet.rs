//! Arbitrary bytes as a message received by a session in the middle of a game,
//! and after its end while a rematch may be offered. Must never panic. Mid-game,
//! unless the bytes happen to form a valid, verified message, the session ends
//! the match with a reason (void, or the peer's forfeit); after the end, only a
//! well-formed rematch agreement from the peer can start the next game.
#![no_main]

use engine::baifang::session::{playing_pair, MatchResult, SessionCommand, Stage, Wire};
use engine::baifang::ActionType;
use libfuzzer_sys::fuzz_target;

const NOW: u64 = 1_700_000_000_000;

fuzz_target!(|data: &[u8]| {
    let (mut a, _b) = playing_pair(NOW);
    let _commands = a.on_data(data, NOW);
    match a.result() {
        Some(MatchResult::Void(reason) | MatchResult::Forfeited { why: reason, .. }) => {
            assert_eq!(a.stage(), Stage::Finished);
            assert!(!reason.to_string().is_empty());
        }
        Some(MatchResult::Decided(_)) => {
            // Only a genuine, verified resignation can end the game here.
            assert!(
                matches!(Wire::parse(data), Ok(Wire::Action(p)) if p.action_type() == Ok(ActionType::Resign))
            );
        }
        Some(MatchResult::Interrupted) => panic!("a message cannot interrupt a match"),
        None => {
            // Accepted: it must be a well-formed message from the peer.
            assert!(Wire::parse(data).is_ok(), "accepted a malformed message");
            assert_eq!(a.stage(), Stage::Playing);
        }
    }

    // After the end: B resigned, A won; A offered a rematch.
    let (mut a, mut b) = playing_pair(NOW);
    let resign = b.resign(NOW);
    for c in resign {
        if let SessionCommand::Send(m) = c {
            let _ = a.on_data(m.as_bytes(), NOW);
        }
    }
    if a.stage() != Stage::Finished {
        return;
    }
    let _ = a.offer_rematch(NOW);
    let _ = a.on_data(data, NOW);
    if a.stage() == Stage::Playing {
        assert!(
            matches!(
                Wire::parse(data),
                Ok(Wire::Rematch {
                    agree: true,
                    game: 2,
                    ..
                })
            ),
            "only the peer's agreement to game 2 starts it"
        );
    }
});
