//! The HTTP side of the server on one port: the WebSocket endpoint (behind
//! the Origin check), the server-info answer the web app probes, the public
//! answers about players and finished games (`crate::api`), the
//! test-clock endpoint (only with `--test-clock`) and the release web build, with how long a
//! browser may keep each of its files and in which encoding (the build's brotli or gzip copy).

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::Request;
use axum::extract::{ConnectInfo, Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

use engine::baifang::referee_protocol::{
    ServerInfo, INFO_PATH, MAX_CLIENT_MESSAGE_BYTES, SOCKET_PATH,
};

use crate::api;
use crate::connection;
use crate::health;
use crate::hub::Hub;
use crate::listener;
use crate::metrics::{Gauge, Refused};

/// The path that advances a test-mode server's clock: `POST …?ms=N`.
pub const TEST_ADVANCE_PATH: &str = "/api/test/advance";

/// Frames and messages above this are refused by the WebSocket layer itself;
/// anything between the protocol cap and this gets the protocol's clear
/// "too big" close instead.
const SOCKET_HARD_LIMIT: usize = 64 * 1024;

/// Who may do what over HTTP.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Page origins that may open game connections.
    pub origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// With the test clock: the token its endpoint requires.
    pub test_clock_token: Option<String>,
}

/// The header that carries [`Access::test_clock_token`].
pub const TEST_CLOCK_HEADER: &str = "x-test-clock-token";

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    access: Arc<Access>,
}

/// The origins of pages this server itself serves at `addr` on loopback:
/// what may open game connections when no `--public-origin` is given.
pub fn own_origins(addr: SocketAddr) -> Vec<String> {
    let port = addr.port();
    let mut v = vec![
        format!("http://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
        format!("http://[::1]:{port}"),
    ];
    let ip = addr.ip();
    if !ip.is_loopback() && !ip.is_unspecified() {
        v.push(format!("http://{addr}"));
    }
    v
}

/// The client's address: the peer's, or, when the peer is a trusted proxy,
/// the last address its `X-Forwarded-For` names (the one the proxy itself
/// saw; earlier entries are whatever the client claimed).
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    // Only the very last entry: an earlier one, even if the last is garbled,
    // is the client's own claim.
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|s| s.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

/// The router of a server.
pub fn router(hub: Arc<Hub>, dist: &Path, access: Access) -> Router {
    let app = App {
        hub,
        access: Arc::new(access),
    };
    // Answers made on the fly (the server info, the probes, the scrape) are
    // compressed on the way out; the web build's files were compressed once,
    // when built (scripts/precompress.mjs), and are served as they are.
    let answers = Router::new()
        .route(INFO_PATH, get(info))
        .route(TEST_ADVANCE_PATH, post(advance))
        .with_state(app.clone())
        .merge(health::routes(app.hub.clone()))
        .merge(api::routes(app.hub.clone()))
        .layer(CompressionLayer::new().br(true).gzip(true));
    let router = Router::new()
        .route(SOCKET_PATH, get(socket))
        .with_state(app)
        .merge(answers);
    if dist.join("index.html").is_file() {
        let files = ServeDir::new(dist).precompressed_br().precompressed_gzip();
        router.fallback(move |request: Request| serve_file(files.clone(), request))
    } else {
        tracing::warn!(
            "no web build at {} (index.html missing): pages answer with how to build it",
            dist.display()
        );
        let dist = dist.to_path_buf();
        router.fallback(move || no_build(dist.clone()))
    }
}

/// A file of the web build, with its [`cache_control`]: the build's `.br` copy
/// to a client that accepts brotli, else its `.gz` copy to one that accepts
/// gzip, else the file itself.
async fn serve_file(files: ServeDir, request: Request) -> Response {
    let policy = cache_control(request.uri().path());
    let mut response = match files.oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    // The same address answers in different encodings: a shared cache must
    // key on what the client accepts.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// How long a browser may keep the file at `path`. Trunk names the page's own files with a
/// hash of their content (`app-<hex>.js`, `app-<hex>_bg.wasm`, `hex-<hex>.css`): another build
/// gets other names, so these are kept a year without asking again. Every other file
/// (`index.html`, the games' modules and the workers, named by their binary, `sw.js`, the
/// manifest, the icons) may change with any deploy and is revalidated on every use, so a page
/// never pairs a file of one build with a file of another.
pub fn cache_control(path: &str) -> &'static str {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    // Trunk writes the hash as a 64-bit hex number: up to 16 digits, fewer than 12 only
    // once in 65,536 builds; a short number (`icon-192`) is part of a name.
    let hashed = stem.rsplit_once('-').is_some_and(|(_, hash)| {
        (12..=16).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_hexdigit())
    });
    if hashed {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

async fn no_build(dist: PathBuf) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "No web build at {}. Build it with `trunk build --release` (or run scripts/play.sh), \
             or start the server with --dist <folder>.\n",
            dist.display()
        ),
    )
        .into_response()
}

async fn info() -> Json<ServerInfo> {
    Json(ServerInfo::current())
}

#[derive(Deserialize)]
struct Advance {
    ms: u64,
}

async fn advance(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<Advance>,
) -> Response {
    let Some(token) = &app.access.test_clock_token else {
        return (
            StatusCode::NOT_FOUND,
            "the clock can only be advanced on a server started with --test-clock\n",
        )
            .into_response();
    };
    // Loopback only, and with the token printed at start: a page of another
    // site (which can POST cross-site) knows neither.
    let given = headers.get(TEST_CLOCK_HEADER).and_then(|v| v.to_str().ok());
    if !peer.ip().is_loopback() || given != Some(token.as_str()) {
        return (
            StatusCode::FORBIDDEN,
            "the test clock answers only loopback requests carrying the token the server printed\n",
        )
            .into_response();
    }
    if app.hub.clock.advance(q.ms) {
        Json(serde_json::json!({ "now": app.hub.clock.now_ms() })).into_response()
    } else {
        (
            StatusCode::NOT_FOUND,
            "the clock can only be advanced on a server started with --test-clock\n",
        )
            .into_response()
    }
}

/// Whether a WebSocket request may open: no `Origin` (not a browser: the
/// check protects browsers from other sites' pages) or one of the configured
/// origins. The request's `Host` is not evidence: a DNS-rebinding page sends
/// a `Host` of its own choosing.
pub fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin
        .to_str()
        .map_err(|_| "the Origin header is not plain text".to_string())?;
    if allowed.iter().any(|a| a.trim_end_matches('/') == origin) {
        return Ok(());
    }
    Err(format!(
        "pages from {origin} may not open a game connection here: only this server's \
         configured origins (--public-origin)\n"
    ))
}

async fn socket(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(reason) = check_origin(&headers, &app.access.origins) {
        return (StatusCode::FORBIDDEN, reason).into_response();
    }
    let ip = client_ip(peer.ip(), &headers, &app.access.trusted_proxies);
    let hub = app.hub.clone();
    // Counted from before the upgrade: one over the cap gets a 503 and a
    // sentence while it is still HTTP, not a socket that closes at once.
    let cap = hub.limits.max_game_connections;
    let Some(game) = hub.metrics.try_hold(Gauge::Games, cap) else {
        hub.metrics.refused(Refused::GamesFull);
        let headers = [(header::RETRY_AFTER, listener::RETRY_AFTER_SECS.to_string())];
        let body = format!("{}\n", listener::sentence(Refused::GamesFull));
        return (StatusCode::SERVICE_UNAVAILABLE, headers, body).into_response();
    };
    ws.max_message_size(SOCKET_HARD_LIMIT.max(MAX_CLIENT_MESSAGE_BYTES))
        .max_frame_size(SOCKET_HARD_LIMIT)
        // Kept for the connection's whole life: client messages are a few
        // dozen bytes, and a longer frame grows the buffer to its length.
        .read_buffer_size(512)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            connection::serve(hub, socket, ip).await;
            drop(game);
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn origin_rules() {
        let own = own_origins("127.0.0.1:8080".parse().unwrap());
        assert!(check_origin(&headers(None, "127.0.0.1:8080"), &[]).is_ok());
        assert!(check_origin(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            &own
        )
        .is_ok());
        assert!(check_origin(&headers(Some("http://localhost:8080"), "x"), &own).is_ok());
        // DNS rebinding: the attacker's name resolves to us and its Host matches its Origin.
        assert!(check_origin(
            &headers(Some("http://evil.example:8080"), "evil.example:8080"),
            &own
        )
        .is_err());
        let e =
            check_origin(&headers(Some("http://evil.example"), "127.0.0.1:8080"), &[]).unwrap_err();
        assert!(e.contains("http://evil.example"), "{e}");
        assert!(check_origin(
            &headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"),
            &[]
        )
        .is_err());
        let allowed = vec!["http://127.0.0.1:9999/".to_string()];
        assert!(check_origin(
            &headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"),
            &allowed
        )
        .is_ok());
    }

    #[test]
    fn forwarded_addresses_only_from_a_trusted_proxy() {
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 10.0.0.9"),
        );
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let stranger: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(client_ip(stranger, &h, &[proxy]), stranger);
        // The last entry is what the proxy saw; the client wrote the first.
        assert_eq!(
            client_ip(proxy, &h, &[proxy]),
            "10.0.0.9".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &[proxy]), proxy);
    }

    #[test]
    fn hashed_build_files_are_kept_and_everything_else_revalidated() {
        const KEEP: &str = "public, max-age=31536000, immutable";
        for hashed in [
            "/app-150275f296bb655b.js",
            "/app-150275f296bb655b_bg.wasm",
            "/app-91811d2ef48f987.css",
            "/sub/hex-875e0740586c70b0.css",
        ] {
            assert_eq!(cache_control(hashed), KEEP, "{hashed}");
        }
        for changing in [
            "/",
            "/index.html",
            "/baifang.js",
            "/baifang_bg.wasm",
            "/hex_editor_bg.wasm",
            "/baifang_ai.js",
            "/sw.js",
            "/manifest.webmanifest",
            "/icons/icon-192.png",
            "/icons/icon-maskable-512.png",
            "/snippets/web-67aca56aae793faf/inline0.js",
            "/mock-host.js",
        ] {
            assert_eq!(cache_control(changing), "no-cache", "{changing}");
        }
    }
}
