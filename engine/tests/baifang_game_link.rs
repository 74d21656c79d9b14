//! Game links: any text or sealed bytes decode to a clear error or a legal
//! game, never a panic; every legal game round-trips exactly.

use engine::baifang::game_link::{decode, encode, seal, GameRecord, LinkError, VERSION};
use engine::baifang::{ActionList, Game};
use proptest::prelude::*;

/// A random legal game driven by `choices` (the engine's own move generator).
fn random_game(choices: &[u16]) -> Game {
    let mut game = Game::new();
    let mut list = ActionList::new();
    for &c in choices {
        if game.state().is_finished() {
            break;
        }
        game.state().legal_actions(&mut list);
        game.play(list[c as usize % list.len()]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn legal_games_round_trip(choices in prop::collection::vec(any::<u16>(), 0..300),
                              a in "\\PC{0,20}", b in "\\PC{0,20}") {
        let game = random_game(&choices);
        let record = GameRecord::new([&a, &b], game.log().to_vec());
        let (back, replayed) = decode(&encode(&record)).unwrap();
        prop_assert_eq!(back, record);
        prop_assert_eq!(replayed.state(), game.state());
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = decode(&text);
    }

    #[test]
    fn sealed_arbitrary_bytes_give_an_error_or_a_legal_game(
        mut body in prop::collection::vec(any::<u8>(), 0..200), versioned in any::<bool>()) {
        if versioned && !body.is_empty() {
            body[0] = VERSION;
        }
        match decode(&seal(body)) {
            Ok((record, game)) => {
                // What decodes is a legal game that re-encodes to itself.
                let again = Game::from_log(record.log()).unwrap();
                prop_assert_eq!(again.state(), game.state());
                prop_assert_eq!(decode(&encode(&record)).unwrap().0, record);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn any_single_character_change_is_caught(choices in prop::collection::vec(any::<u16>(), 1..120),
                                              at in any::<prop::sample::Index>(), to in 0u8..64) {
        let game = random_game(&choices);
        let code = encode(&GameRecord::new(["", ""], game.log().to_vec()));
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut bytes = code.clone().into_bytes();
        let i = at.index(bytes.len());
        bytes[i] = alphabet[to as usize];
        let changed = String::from_utf8(bytes).unwrap();
        prop_assume!(changed != code);
        // The last character may carry unused low bits: those changes keep the
        // same bytes (and so the same game); every other change is an error.
        match decode(&changed) {
            Ok((record, _)) => prop_assert_eq!(record.log(), game.log()),
            Err(e) => prop_assert!(matches!(e, LinkError::Altered | LinkError::UnknownVersion(_) | LinkError::Truncated), "{:?}", e),
        }
    }
}
