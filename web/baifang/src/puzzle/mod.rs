//! Table puzzles ("win in N"): the built-in set by difficulty in the lobby, played on the
//! game's own board with every turn judged by the endgame tables in the AI's Web Worker
//! ([`run`] holds the game, [`screen`] the page), and the puzzles solved on this device.

pub mod run;
pub mod screen;

use std::collections::BTreeSet;

use web_core::storage;

/// Where the solved puzzles' ids are kept (one per line).
const SOLVED_KEY: &str = "baifang:puzzles-solved";

/// The ids of the puzzles solved on this device.
pub fn solved() -> BTreeSet<String> {
    storage::read(&storage::slot_key(SOLVED_KEY))
        .map(|text| parse_solved(&text))
        .unwrap_or_default()
}

/// Remembers that puzzle `id` was solved.
pub fn mark_solved(id: &str) {
    let mut all = solved();
    all.insert(id.to_string());
    storage::write(
        &storage::slot_key(SOLVED_KEY),
        &all.into_iter().collect::<Vec<_>>().join("\n"),
    );
}

/// The stored list: one id per line; anything that is not a puzzle id is skipped (a value
/// edited by hand or written by a later version loses only its unknown lines).
fn parse_solved(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty()
                && l.len() <= 40
                && l.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        })
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::puzzle::built_in;

    #[test]
    fn solved_ids_round_trip_and_junk_is_skipped() {
        let ids: Vec<String> = built_in().unwrap().iter().take(2).map(|p| p.id()).collect();
        let text = format!("{}\n<script>\n\n{}\n", ids[0], ids[1]);
        let got = parse_solved(&text);
        assert_eq!(got.into_iter().collect::<Vec<_>>(), {
            let mut v = ids.clone();
            v.sort();
            v
        });
    }
}
