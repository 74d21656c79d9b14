//! What an operator's probes and scraper read: `/healthz` (the process
//! answers), `/readyz` (it can serve players: the store takes a write and, in
//! a cluster, Redis answers) and `/metrics` (Prometheus text format). They
//! are not behind the Origin check (they change nothing and name no player)
//! and are never cached, since each answer is about this moment.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::hub::Hub;
use crate::metrics::Scraped;

/// The liveness probe.
pub const HEALTH_PATH: &str = "/healthz";
/// The readiness probe.
pub const READY_PATH: &str = "/readyz";
/// The Prometheus scrape.
pub const METRICS_PATH: &str = "/metrics";

/// How long a probe or scrape waits for the store or Redis: a dependency
/// slower than this counts as down (a probe that hangs is no answer).
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// The three routes, over `hub`.
pub fn routes(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(HEALTH_PATH, get(healthz))
        .route(READY_PATH, get(readyz))
        .route(METRICS_PATH, get(metrics))
        .with_state(hub)
}

fn uncached(status: StatusCode, content_type: &'static str, body: String) -> Response {
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "no-store"),
    ];
    (status, headers, body).into_response()
}

const TEXT: &str = "text/plain; charset=utf-8";

async fn healthz() -> Response {
    uncached(StatusCode::OK, TEXT, "ok\n".into())
}

async fn readyz(State(hub): State<Arc<Hub>>) -> Response {
    if hub.stopping() {
        let body = "not ready: the server is stopping\n".to_string();
        return uncached(StatusCode::SERVICE_UNAVAILABLE, TEXT, body);
    }
    let store = async {
        match tokio::time::timeout(ANSWER_WITHIN, hub.store.ping()).await {
            Ok(Ok(())) => true,
            Ok(Err(e)) => {
                // The store's own words stay in the log: they name tables and files.
                tracing::warn!("readiness: the store: {e}");
                false
            }
            Err(_) => false,
        }
    };
    let redis = async {
        match hub.redis.get() {
            Some(conn) => redis_answers(conn.clone()).await,
            None => true,
        }
    };
    let down = match tokio::join!(store, redis) {
        (true, true) => return uncached(StatusCode::OK, TEXT, "ready\n".into()),
        (false, true) => "the database does not answer",
        (true, false) => "Redis does not answer",
        (false, false) => "neither the database nor Redis answers",
    };
    let secs = ANSWER_WITHIN.as_secs();
    let body = format!("not ready: {down} within {secs} s\n");
    uncached(StatusCode::SERVICE_UNAVAILABLE, TEXT, body)
}

async fn redis_answers(mut conn: redis::aio::ConnectionManager) -> bool {
    let ping = async move {
        let pong: redis::RedisResult<String> = redis::cmd("PING").query_async(&mut conn).await;
        pong
    };
    matches!(tokio::time::timeout(ANSWER_WITHIN, ping).await, Ok(Ok(_)))
}

async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    let waiting = tokio::time::timeout(ANSWER_WITHIN, hub.queue.waiting()).await;
    let scraped = Scraped {
        relay_up: hub.relay.as_ref().is_none_or(|relay| relay.is_up()),
        // An unreachable shared queue reads as empty; `/readyz` says why.
        queue_waiting: waiting.unwrap_or(0),
        outgoing_queue_max: hub.deepest_outgoing_queue(),
        max_connections: hub.limits.max_connections,
        max_game_connections: hub.limits.max_game_connections,
    };
    let text = hub.metrics.render(&scraped);
    uncached(
        StatusCode::OK,
        "text/plain; version=0.0.4; charset=utf-8",
        text,
    )
}
