//! The referee server's public JSON answers (leaderboard, a player's page, their games,
//! one finished game) fetched from the page's own origin, with a sentence when they fail.

use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use engine::baifang::referee_protocol::{EXPORT_PATH, PLAYER_PATH};
use web_core::i18n::Lang;

/// `PLAYER_PATH` or another `{id}` path with a player's or game's id put in, encoded so an
/// id can never reach another route.
fn with_id(template: &str, id: &str) -> String {
    let encoded: String = id
        .bytes()
        .flat_map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => vec![b as char],
            _ => format!("%{b:02X}").chars().collect(),
        })
        .collect();
    template.replace("{id}", &encoded)
}

/// A player's public page.
pub fn player_path(id: &str) -> String {
    with_id(PLAYER_PATH, id)
}

/// One page of a player's finished games, newest first.
pub fn games_path(id: &str, page: u32) -> String {
    format!("{}/games?page={page}", with_id(PLAYER_PATH, id))
}

/// Every finished game of a player as one JSON file (the server sends it as an attachment).
pub fn export_path(id: &str) -> String {
    with_id(EXPORT_PATH, id)
}

/// One finished game: players, ratings, result, actions.
pub fn game_path(id: &str) -> String {
    with_id("/api/games/{id}", id)
}

/// One finished game fetched and made ready for the review, the players' names as its labels.
pub async fn finished_for_review(game_id: &str) -> Result<crate::review::ReviewSource, FetchError> {
    use engine::baifang::{ai::Strength, game_link, game_record::GameRecord};
    let g = get_json::<GameRecord>(&game_path(game_id)).await?;
    Ok(crate::review::ReviewSource {
        record: game_link::GameRecord::new([&g.players[0].name, &g.players[1].name], g.actions),
        level: Strength::Medium,
    })
}

/// Why an answer could not be read, in words a player can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// No answer at all (offline, server down).
    Unreachable,
    /// The server answered with this status (404: no such player or game).
    Status(u16),
    /// The answer was not the JSON expected.
    Malformed(String),
}

impl FetchError {
    /// The sentence shown instead of the panel.
    pub fn sentence(&self, lang: Lang) -> String {
        match (self, lang == Lang::Zh) {
            (FetchError::Unreachable, true) => "无法连接服务器，请稍后再试。".into(),
            (FetchError::Unreachable, false) => {
                "The server could not be reached; try again later.".into()
            }
            (FetchError::Status(404), true) => "服务器上没有这位棋手或这局棋。".into(),
            (FetchError::Status(404), false) => "The server has no such player or game.".into(),
            (FetchError::Status(s), true) => format!("服务器出错（{s}），请稍后再试。"),
            (FetchError::Status(s), false) => {
                format!("The server answered with an error ({s}); try again later.")
            }
            (FetchError::Malformed(why), true) => format!("服务器的回答无法读取：{why}"),
            (FetchError::Malformed(why), false) => {
                format!("The server's answer could not be read: {why}")
            }
        }
    }
}

/// `GET path` on this page's origin, parsed as `T`.
pub async fn get_json<T: DeserializeOwned>(path: &str) -> Result<T, FetchError> {
    let window = web_sys::window().ok_or(FetchError::Unreachable)?;
    let response = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(|_| FetchError::Unreachable)?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| FetchError::Unreachable)?;
    if !response.ok() {
        return Err(FetchError::Status(response.status()));
    }
    let text = response.text().map_err(|_| FetchError::Unreachable)?;
    let body = JsFuture::from(text)
        .await
        .map_err(|_| FetchError::Unreachable)?
        .as_string()
        .unwrap_or_default();
    serde_json::from_str(&body).map_err(|e| FetchError::Malformed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_encoded_into_their_paths() {
        assert_eq!(player_path("p_Ab-9"), "/api/players/p_Ab-9");
        assert_eq!(games_path("x", 2), "/api/players/x/games?page=2");
        assert_eq!(export_path("x"), "/api/players/x/export");
        assert_eq!(game_path("g1"), "/api/games/g1");
        // An id cannot climb out of its route or add a query.
        assert_eq!(
            player_path("../export?x"),
            "/api/players/%2E%2E%2Fexport%3Fx"
        );
    }

    #[test]
    fn every_failure_has_a_sentence_in_both_languages() {
        for e in [
            FetchError::Unreachable,
            FetchError::Status(404),
            FetchError::Status(503),
            FetchError::Malformed("expected value".into()),
        ] {
            assert!(!e.sentence(Lang::Zh).is_empty() && !e.sentence(Lang::En).is_empty());
        }
    }
}
