//! The public JSON answers about players and finished games: the leaderboard,
//! a player's games page by page, and one finished game whole (its record:
//! players, ratings before and after, result and the move list). Only finished
//! games are answered: a game in progress is not found here, so nothing about
//! it leaks beyond what its players are sent.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use engine::baifang::elo;
use engine::baifang::game_record::GameRecord;
use engine::baifang::referee_protocol::{
    GamesPage, Leaderboard, LeaderboardEntry, ESTABLISHED_AFTER_GAMES, GAMES_PER_PAGE,
    LEADERBOARD_PATH, LEADERBOARD_SIZE,
};

use crate::hub::Hub;
use crate::store::StoreError;

/// The routes, on the server's hub.
pub fn routes(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(LEADERBOARD_PATH, get(leaderboard))
        .route("/api/players/{id}/games", get(games_page))
        .route("/api/games/{id}", get(game))
        .with_state(hub)
}

/// A refusal in words, with its status.
fn refuse(status: StatusCode, why: &str) -> Response {
    (status, Json(serde_json::json!({ "error": why }))).into_response()
}

fn unavailable(e: StoreError) -> Response {
    tracing::error!("api: {e}");
    refuse(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server cannot read its store just now; try again in a moment",
    )
}

async fn leaderboard(State(hub): State<Arc<Hub>>) -> Response {
    let players = match hub.store.leaderboard(LEADERBOARD_SIZE).await {
        Ok(p) => p,
        Err(e) => return unavailable(e),
    };
    let players = players
        .into_iter()
        .enumerate()
        .map(|(i, player)| {
            let tier = elo::tier(player.rating);
            LeaderboardEntry {
                rank: i as u32 + 1,
                tier: tier.name.clone(),
                tier_en: tier.en.clone(),
                provisional: player.games < ESTABLISHED_AFTER_GAMES,
                player,
            }
        })
        .collect();
    Json(Leaderboard { players }).into_response()
}

#[derive(Deserialize)]
struct PageQuery {
    #[serde(default)]
    page: u32,
}

async fn games_page(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let player = match hub.store.player(id.clone()).await {
        Ok(Some(p)) => p,
        Ok(None) => return refuse(StatusCode::NOT_FOUND, "no player has this id"),
        Err(e) => return unavailable(e),
    };
    // One more than a page: whether an older page has games.
    let offset = q.page.saturating_mul(GAMES_PER_PAGE);
    let mut games = match hub.store.games_page(id, offset, GAMES_PER_PAGE + 1).await {
        Ok(g) => g,
        Err(e) => return unavailable(e),
    };
    let more = games.len() > GAMES_PER_PAGE as usize;
    games.truncate(GAMES_PER_PAGE as usize);
    Json(GamesPage {
        player,
        page: q.page,
        games,
        more,
    })
    .into_response()
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match hub.store.finished_game(id).await {
        Ok(Some(g)) => Json(GameRecord::new(
            g.game.id,
            &g.game.players,
            g.game.started_at,
            g.finished_at,
            g.result,
            g.log,
        ))
        .into_response(),
        // Unknown and in progress alike: a live game is not public here.
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no finished game has this id"),
        Err(e) => unavailable(e),
    }
}
