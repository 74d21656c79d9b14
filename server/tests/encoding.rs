//! The web build as sent: a browser that accepts brotli gets the build's `.br` copy of every
//! kind of file with `Content-Encoding: br`, one that accepts only gzip the `.gz` copy, one that
//! accepts neither the file itself; always with `Vary: Accept-Encoding`; the server's own JSON
//! is compressed on the fly. Every body decodes to the file's bytes.

mod common;

use std::io::{Read, Write};
use std::net::SocketAddr;

use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One response: its head (lower-cased) and its body bytes.
struct Answer {
    head: String,
    body: Vec<u8>,
}

async fn get(addr: SocketAddr, path: &str, accept: Option<&str>) -> Answer {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let accept = accept
        .map(|a| format!("Accept-Encoding: {a}\r\n"))
        .unwrap_or_default();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let at = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&out[..at]).to_lowercase();
    let mut body = out[at + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = unchunk(&body);
    }
    Answer { head, body }
}

/// The body of a chunked response.
fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let eol = raw.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&raw[..eol]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 2 + size + 2..];
    }
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 24);
    w.write_all(bytes).unwrap();
    drop(w);
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    w.write_all(bytes).unwrap();
    w.finish().unwrap()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .map(str::trim)
}

/// A file of each kind the build has, with enough repetition to compress.
fn build_files() -> Vec<(&'static str, &'static str, Vec<u8>)> {
    let text = |s: &str| s.repeat(200).into_bytes();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend((0..20_000u32).map(|i| (i % 7) as u8));
    vec![
        ("index.html", "text/html", text("<p>摆方 六边一笔</p>")),
        (
            "app-0123456789abcdef.js",
            "text/javascript",
            text("export const a = 1;\n"),
        ),
        (
            "app-0123456789abcdef.css",
            "text/css",
            text(".board { color: red }\n"),
        ),
        ("app-0123456789abcdef_bg.wasm", "application/wasm", wasm),
        (
            "levels.json",
            "application/json",
            text("{\"cells\": [1, 2, 3]}\n"),
        ),
        (
            "manifest.webmanifest",
            "application/manifest+json",
            text("{\"name\": \"摆方\"}\n"),
        ),
    ]
}

#[tokio::test]
async fn each_client_gets_the_encoding_it_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    let files = build_files();
    for (name, _, bytes) in &files {
        std::fs::write(dist.join(name), bytes).unwrap();
        std::fs::write(dist.join(format!("{name}.br")), brotli(bytes)).unwrap();
        std::fs::write(dist.join(format!("{name}.gz")), gzip(bytes)).unwrap();
    }
    config.dist = dist;
    let server = server::start(config).await.unwrap();
    for (name, mime, bytes) in &files {
        let path = format!("/{name}");
        let br = get(server.addr, &path, Some("gzip, deflate, br")).await;
        assert!(br.head.starts_with("http/1.1 200"), "{name}: {}", br.head);
        assert_eq!(
            header(&br.head, "content-encoding"),
            Some("br"),
            "{name}: {}",
            br.head
        );
        assert_eq!(header(&br.head, "vary"), Some("accept-encoding"), "{name}");
        assert!(
            header(&br.head, "content-type").unwrap().starts_with(mime),
            "{name}: {}",
            br.head
        );
        assert!(
            br.body.len() < bytes.len() / 2,
            "{name}: {} bytes sent",
            br.body.len()
        );
        assert_eq!(&unbrotli(&br.body), bytes, "{name}");

        let gz = get(server.addr, &path, Some("gzip")).await;
        assert_eq!(
            header(&gz.head, "content-encoding"),
            Some("gzip"),
            "{name}: {}",
            gz.head
        );
        assert_eq!(&gunzip(&gz.body), bytes, "{name}");

        let plain = get(server.addr, &path, None).await;
        assert_eq!(
            header(&plain.head, "content-encoding"),
            None,
            "{name}: {}",
            plain.head
        );
        assert_eq!(
            header(&plain.head, "vary"),
            Some("accept-encoding"),
            "{name}"
        );
        assert_eq!(&plain.body, bytes, "{name}");
    }
    // The page's own address is its index.html, in brotli too.
    let root = get(server.addr, "/", Some("br")).await;
    assert_eq!(
        header(&root.head, "content-encoding"),
        Some("br"),
        "{}",
        root.head
    );
    assert_eq!(unbrotli(&root.body), files[0].2);
    server.shutdown().await;
}

#[tokio::test]
async fn the_servers_own_answers_are_compressed_on_the_fly() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let plain = get(server.addr, "/metrics", None).await;
    assert_eq!(
        header(&plain.head, "content-encoding"),
        None,
        "{}",
        plain.head
    );
    let br = get(server.addr, "/metrics", Some("br")).await;
    assert_eq!(
        header(&br.head, "content-encoding"),
        Some("br"),
        "{}",
        br.head
    );
    let text = String::from_utf8(unbrotli(&br.body)).unwrap();
    assert!(text.contains("# TYPE baifang_connections gauge"), "{text}");
    assert!(br.body.len() < plain.body.len());
    server.shutdown().await;
}
