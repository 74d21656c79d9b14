//! The public JSON answers about players and finished games: the leaderboard,
//! a player's page (record, tier and rating history), a player's games page
//! by page, every finished game of a player as one JSON file (streamed a page
//! at a time), and one finished game whole (its record: players, ratings
//! before and after, result and the move list). Only finished
//! games are answered: a game in progress is not found here, so nothing about
//! it leaks beyond what its players are sent.

use std::collections::HashSet;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::stream::{self, StreamExt};
use serde::Deserialize;

use engine::baifang::elo;
use engine::baifang::game_record::GameRecord;
use engine::baifang::referee_protocol::{
    GamesPage, Leaderboard, LeaderboardEntry, PlayerPage, Profile, RatingPoint,
    ESTABLISHED_AFTER_GAMES, EXPORT_PATH, GAMES_PER_PAGE, LEADERBOARD_PATH, LEADERBOARD_SIZE,
    PLAYER_PATH,
};

use crate::hub::Hub;
use crate::store::{FinishedGame, RatingStep, StoreError};

/// The routes, on the server's hub.
pub fn routes(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(LEADERBOARD_PATH, get(leaderboard))
        .route(PLAYER_PATH, get(player_page))
        .route(EXPORT_PATH, get(export))
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

/// The player with this id, or the answer that says why not.
async fn known_player(hub: &Hub, id: &str) -> Result<Profile, Response> {
    match hub.store.player(id.to_string()).await {
        Ok(Some(p)) => Ok(p),
        Ok(None) => Err(refuse(StatusCode::NOT_FOUND, "no player has this id")),
        Err(e) => Err(unavailable(e)),
    }
}

/// The rating after each step: the start rating plus the changes so far
/// (what the audit holds each player's stored rating to).
fn history(steps: Vec<RatingStep>) -> Vec<RatingPoint> {
    let mut rating = elo::start_rating();
    steps
        .into_iter()
        .map(|s| {
            rating += s.change;
            RatingPoint {
                game_id: s.game_id,
                finished_at: s.finished_at,
                rating,
            }
        })
        .collect()
}

async fn player_page(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let player = match known_player(&hub, &id).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let steps = match hub.store.rating_history(id).await {
        Ok(s) => s,
        Err(e) => return unavailable(e),
    };
    let tier = elo::tier(player.rating);
    Json(PlayerPage {
        tier: tier.name.clone(),
        tier_en: tier.en.clone(),
        provisional: player.games < ESTABLISHED_AFTER_GAMES,
        history: history(steps),
        player,
    })
    .into_response()
}

/// Where the export stands between two pages.
struct ExportCursor {
    hub: Arc<Hub>,
    id: String,
    offset: u32,
    /// Games already written: a game finishing during the export moves the
    /// pages down by one, and its neighbour must not be written twice.
    seen: HashSet<String>,
    /// Whether a record was written (the next one follows a comma).
    wrote: bool,
    done: bool,
}

/// The next page of the export as JSON text (each record after a comma but
/// the very first), and the cursor after it.
async fn export_page(
    mut c: ExportCursor,
) -> Option<(Result<String, std::io::Error>, ExportCursor)> {
    if c.done {
        return None;
    }
    let page = match c
        .hub
        .store
        .games_page(c.id.clone(), c.offset, GAMES_PER_PAGE)
        .await
    {
        Ok(p) => p,
        Err(e) => return Some((Err(export_failed(e)), ExportCursor { done: true, ..c })),
    };
    c.done = page.len() < GAMES_PER_PAGE as usize;
    c.offset += GAMES_PER_PAGE;
    let mut text = String::new();
    for game in page {
        if !c.seen.insert(game.game_id.clone()) {
            continue;
        }
        match c.hub.store.finished_game(game.game_id).await {
            Ok(Some(g)) => {
                if c.wrote {
                    text.push(',');
                }
                c.wrote = true;
                text.push_str(&serde_json::to_string(&record(g)).expect("a record serialises"));
            }
            Ok(None) => {}
            Err(e) => return Some((Err(export_failed(e)), ExportCursor { done: true, ..c })),
        }
    }
    Some((Ok(text), c))
}

/// A store failure in the middle of an export: the body stops short, so the
/// download fails instead of saving a file with games missing.
fn export_failed(e: StoreError) -> std::io::Error {
    tracing::error!("api: export: {e}");
    std::io::Error::other(e.to_string())
}

async fn export(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let player = match known_player(&hub, &id).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let head = format!(
        "{{\"player\":{},\"games\":[",
        serde_json::to_string(&player).expect("a profile serialises")
    );
    let cursor = ExportCursor {
        hub,
        id: id.clone(),
        offset: 0,
        seen: HashSet::new(),
        wrote: false,
        done: false,
    };
    let body = stream::once(async { Ok(head) })
        .chain(stream::unfold(cursor, export_page))
        .chain(stream::once(async { Ok("]}".to_string()) }));
    let disposition = format!("attachment; filename=\"baifang-games-{id}.json\"");
    (
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        Body::from_stream(body),
    )
        .into_response()
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
    let player = match known_player(&hub, &id).await {
        Ok(p) => p,
        Err(r) => return r,
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

/// A finished game as its public record.
fn record(g: FinishedGame) -> GameRecord {
    GameRecord::new(
        g.game.id,
        &g.game.players,
        g.game.started_at,
        g.finished_at,
        g.result,
        g.log,
    )
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match hub.store.finished_game(id).await {
        Ok(Some(g)) => Json(record(g)).into_response(),
        // Unknown and in progress alike: a live game is not public here.
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no finished game has this id"),
        Err(e) => unavailable(e),
    }
}
