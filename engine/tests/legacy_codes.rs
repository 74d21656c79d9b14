//! Links already shared keep opening: codes written before the shared code
//! envelope (`engine::code_envelope`) decode to the same level or game, and
//! today's encoder still writes exactly them.

use engine::baifang::game_link::{self, GameRecord};
use engine::baifang::Action;
use engine::hex::level_file::parse_level;
use engine::hex::share;

#[test]
fn hex_share_codes_made_before_the_envelope_still_open() {
    let text = include_str!("data/legacy_codes/hex_share.json");
    let file: serde_json::Value = serde_json::from_str(text).unwrap();
    let codes = file["codes"].as_array().unwrap();
    assert!(codes.len() >= 3);
    for entry in codes {
        let code = entry["code"].as_str().unwrap();
        let expected = parse_level(&entry["decoded"].to_string()).unwrap();
        let level = share::decode(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(level, expected, "{code}");
        assert_eq!(share::encode(&level), code);
    }
}

/// A game link made by the version-1 encoder before the envelope: 小明 v
/// AI · 困难, Blue squares at once and captures 22.
const LEGACY_GAME_LINK: &str = "AQblsI_mmI4MQUkgwrcg5Zuw6Zq-CAAYARcFFgaTJY7utg";

#[test]
fn a_game_link_made_before_the_envelope_still_opens() {
    let log: Vec<Action> = [0, 24, 1, 23, 5, 22, 6]
        .iter()
        .map(|&to| Action::Place { to })
        .chain([Action::Capture { at: 22 }])
        .collect();
    let record = GameRecord::new(["小明", "AI · 困难"], log);
    let (back, game) = game_link::decode(LEGACY_GAME_LINK).unwrap();
    assert_eq!(back, record);
    assert_eq!(game.log(), record.log());
    assert_eq!(game_link::encode(&record), LEGACY_GAME_LINK);
}
