//! Refusals, each with a clear close reason: oversized, malformed, binary and
//! too many messages, no hello first, bad or unknown tokens, another protocol
//! version, a silent client, a foreign page's Origin. Also what the HTTP side
//! serves.

mod common;

use std::time::Duration;

use common::*;
use engine::baifang::referee_protocol::{close, ClientMsg, ServerInfo, MAX_CLIENT_MESSAGE_BYTES};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

async fn refused(c: &mut Client) -> (u16, String) {
    c.closed()
        .await
        .expect("the server sends a close frame with a reason")
}

#[tokio::test]
async fn every_refusal_closes_with_a_code_and_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let addr = server.addr;

    let mut c = Client::sign_in(addr, None).await;
    c.send_text(&format!(
        "{{\"type\":\"ping\",\"t\":1,\"pad\":\"{}\"}}",
        "x".repeat(MAX_CLIENT_MESSAGE_BYTES)
    ))
    .await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::TOO_BIG);
    assert!(reason.contains("limit"), "{reason}");

    let mut c = Client::sign_in(addr, None).await;
    c.send_text("{\"type\":\"fly\"}").await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::MALFORMED);
    assert!(reason.starts_with("not a protocol message"), "{reason}");

    let mut c = Client::sign_in(addr, None).await;
    c.send_frame(Message::binary(vec![1, 2, 3])).await;
    assert_eq!(refused(&mut c).await.0, close::POLICY);

    let mut c = Client::sign_in(addr, None).await;
    for t in 0..40 {
        c.send(&ClientMsg::Ping { t }).await;
    }
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::POLICY);
    assert!(reason.starts_with("rate limit"), "{reason}");

    let mut c = Client::connect(addr).await;
    c.send(&ClientMsg::QuickMatch).await;
    assert_eq!(
        refused(&mut c).await,
        (
            close::POLICY,
            "the first message must be hello or watch".into()
        )
    );

    let mut c = Client::connect(addr).await;
    c.send_text(r#"{"type":"hello","v":99}"#).await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::UNSUPPORTED_VERSION);
    assert!(reason.contains("99"), "{reason}");

    let unknown = "ab".repeat(32);
    let mut c = Client::connect(addr).await;
    c.send_text(&format!(r#"{{"type":"hello","v":1,"token":"{unknown}"}}"#))
        .await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::UNKNOWN_TOKEN);
    assert!(!reason.contains(&unknown), "a token is never echoed");

    let mut c = Client::connect(addr).await;
    c.send_text(r#"{"type":"hello","v":1,"token":"SECRET-but-malformed"}"#)
        .await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::POLICY);
    assert!(!reason.contains("SECRET"), "{reason}");

    let mut c = Client::sign_in(addr, None).await;
    c.send(&ClientMsg::Hello {
        v: 1,
        token: None,
        name: None,
    })
    .await;
    assert_eq!(refused(&mut c).await.0, close::POLICY);
    server.shutdown().await;
}

#[tokio::test]
async fn a_client_that_answers_nothing_is_closed_as_silent() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.limits.ping_every = Duration::from_millis(50);
    config.limits.silence = Duration::from_millis(200);
    let server = server::start(config).await.unwrap();
    // A raw socket that completes the handshake and then never reads or answers pings.
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    let mut raw = ws.into_inner();
    let mut seen = Vec::new();
    let mut buf = [0u8; 512];
    loop {
        let n = raw.read(&mut buf).await.unwrap_or(0);
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
    }
    // The close frame: 0x88, length, code 4004, reason.
    let at = seen.iter().position(|&b| b == 0x88).expect("a close frame");
    let code = u16::from_be_bytes([seen[at + 2], seen[at + 3]]);
    assert_eq!(code, close::SILENT);
    let reason = String::from_utf8_lossy(&seen[at + 4..]);
    assert!(reason.contains("nothing heard"), "{reason}");
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn a_connection_without_hello_is_closed() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(config(dir.path())).await.unwrap();
    let mut c = Client::connect(server.addr).await;
    tokio::time::advance(Duration::from_secs(10)).await;
    let (code, reason) = refused(&mut c).await;
    assert_eq!(code, close::POLICY);
    assert_eq!(reason, "no hello within 10 s");
    server.shutdown().await;
}

#[tokio::test]
async fn pages_of_other_origins_may_not_connect() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let url = format!("ws://{}/ws", server.addr);
    let mut req = url.clone().into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 403);
            let body = String::from_utf8(resp.body().clone().unwrap_or_default()).unwrap();
            assert!(
                body.contains("http://evil.example may not open a game connection"),
                "{body}"
            );
        }
        other => panic!("expected a 403, got {other:?}"),
    }
    // The page's own origin connects.
    let mut req = url.into_client_request().unwrap();
    let own = format!("http://{}", server.addr);
    req.headers_mut().insert("Origin", own.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
    server.shutdown().await;
}

async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test]
async fn one_port_serves_the_web_build_and_the_server_info() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>摆方</title>",
    )
    .unwrap();
    std::fs::write(dist.join("app_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
    config.dist = dist;
    let server = server::start(config).await.unwrap();
    let page = http_get(server.addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>摆方</title>"));
    let wasm = http_get(server.addr, "/app_bg.wasm").await;
    assert!(
        wasm.to_lowercase()
            .contains("content-type: application/wasm"),
        "{wasm}"
    );
    // Files named by their content's hash are kept; the page and files named by their binary
    // (a game's module) are revalidated, so a deploy never leaves a page half on the old build.
    let hashed = http_get(server.addr, "/app-0123456789abcdef_bg.wasm").await;
    assert!(
        hashed
            .to_lowercase()
            .contains("cache-control: public, max-age=31536000, immutable"),
        "{hashed}"
    );
    for changing in [&page, &wasm] {
        assert!(
            changing.to_lowercase().contains("cache-control: no-cache"),
            "{changing}"
        );
    }
    let info = http_get(server.addr, "/api/server").await;
    let body = info.split("\r\n\r\n").nth(1).unwrap();
    assert_eq!(
        serde_json::from_str::<ServerInfo>(body).unwrap(),
        ServerInfo::current()
    );
    // The test clock is off unless asked for.
    let mut s = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    s.write_all(format!("POST /api/test/advance?ms=5 HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", server.addr).as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    assert!(out.starts_with("HTTP/1.1 404"), "{out}");
    server.shutdown().await;

    // Without a web build, pages say how to make one.
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let page = http_get(server.addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 503"), "{page}");
    assert!(page.contains("trunk build --release"));
    server.shutdown().await;
}
