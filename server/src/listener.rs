//! The accept loop: every TCP connection the server takes is bounded. A cap on
//! open connections and one per client address (a connection beyond either
//! is answered 503 and closed before its request is read), HTTP/1.1 with a
//! header-read timeout (which also closes a keep-alive connection that sends
//! nothing), no Nagle delay, accept errors outlived, and a graceful stop.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::ids;
use crate::metrics::{Gauge, Held, Metrics, Refused};

/// What a refused client is told to wait before trying again (`Retry-After`).
pub const RETRY_AFTER_SECS: u32 = 5;
/// At most this many refusals are written at once; beyond that a connection
/// over a cap is just closed, so a flood of them never holds more
/// descriptors than [`crate::limits::RESERVED_FILES`] leaves for it.
const REFUSING_MAX: usize = 64;
/// A refusal gets this long to be written and its request read.
const REFUSAL_TIME: Duration = Duration::from_secs(1);
/// After an accept error that is not one connection's own (EMFILE: out of
/// descriptors), the loop waits this long rather than spin.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);
/// On stop, connections in the middle of an HTTP exchange get this long to
/// finish it.
const DRAIN_TIME: Duration = Duration::from_secs(10);

/// How the accept loop bounds connections.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Open connections at most.
    pub max_connections: usize,
    /// Open connections from one address (IPv6: its /64) at most.
    pub per_address: usize,
    /// A request head must arrive within this long (see [`crate::limits::Limits::header_timeout`]).
    pub header_timeout: Duration,
    /// Peers not counted per address: the trusted reverse proxies, whose
    /// connections carry many clients.
    pub exempt: Vec<IpAddr>,
}

/// The one-sentence body of a 503 for a connection over the cap `why`.
pub fn sentence(why: Refused) -> &'static str {
    match why {
        Refused::ServerFull => {
            "This server has as many connections as it can hold; try again in a moment."
        }
        Refused::AddressFull => {
            "Too many connections from your address are open here; close some and try again."
        }
        Refused::GamesFull => {
            "This server has as many players as it can hold; try again in a moment."
        }
    }
}

/// The whole 503 response for a connection over the cap `why`.
fn refusal(why: Refused) -> String {
    let body = format!("{}\n", sentence(why));
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nRetry-After: {RETRY_AFTER_SECS}\r\nCache-Control: no-store\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Accepts and serves connections on `listener` until `stop` resolves; then
/// stops accepting and lets each connection finish the HTTP exchange it is
/// in (up to [`DRAIN_TIME`]). Upgraded (WebSocket) connections are no longer
/// HTTP: the hub closes those.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    bounds: Bounds,
    metrics: Arc<Metrics>,
    stop: impl Future<Output = ()>,
) {
    let gate = Arc::new(Gate {
        bounds,
        metrics,
        by_address: Mutex::new(HashMap::new()),
        refusing: AtomicUsize::new(0),
    });
    let (closing, serving) = watch::channel(false);
    let mut stop = pin!(stop);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((tcp, peer)) => gate.take(tcp, peer, &app, &serving),
            Err(e) => accept_failed(e).await,
        }
    }
    drop(listener);
    closing.send_replace(true);
    drop(serving);
    if tokio::time::timeout(DRAIN_TIME, closing.closed())
        .await
        .is_err()
    {
        tracing::warn!("stopping: HTTP exchanges still open after {DRAIN_TIME:?}, dropped");
    }
}

/// An accept error: a connection reset before it was accepted is skipped;
/// anything else (out of descriptors or memory) waits a moment, since
/// retrying at once would fail the same way in a tight loop.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::*;
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | ConnectionRefused | Interrupted | WouldBlock
    ) {
        return;
    }
    tracing::warn!("accept: {e}; pausing {ACCEPT_PAUSE:?}");
    tokio::time::sleep(ACCEPT_PAUSE).await;
}

/// The caps and what is counted against them.
struct Gate {
    bounds: Bounds,
    metrics: Arc<Metrics>,
    /// Open connections per [`ids::address_key`].
    by_address: Mutex<HashMap<String, usize>>,
    /// Refusals being written now.
    refusing: AtomicUsize,
}

impl Gate {
    fn by_address(&self) -> MutexGuard<'_, HashMap<String, usize>> {
        self.by_address.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Serves an accepted connection, or refuses it when a cap is reached.
    fn take(
        self: &Arc<Self>,
        tcp: TcpStream,
        peer: SocketAddr,
        app: &Router,
        serving: &watch::Receiver<bool>,
    ) {
        // Game messages are small and latency matters: no Nagle delay.
        let _ = tcp.set_nodelay(true);
        match self.admit(peer.ip()) {
            Ok(slot) => {
                let io = Counted { tcp, _slot: slot };
                let timeout = self.bounds.header_timeout;
                let metrics = self.metrics.clone();
                let http = serve_http(io, peer, app.clone(), timeout, metrics, serving.clone());
                tokio::spawn(http);
            }
            Err(why) => self.refuse(tcp, why),
        }
    }

    /// A place under both caps for a connection from `ip`.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Refused> {
        let tcp = self
            .metrics
            .try_hold(Gauge::Tcp, self.bounds.max_connections)
            .ok_or(Refused::ServerFull)?;
        if self.bounds.exempt.contains(&ip) {
            return Ok(Slot {
                gate: self.clone(),
                address: None,
                _tcp: tcp,
            });
        }
        let key = ids::address_key(ip);
        let mut open = self.by_address();
        let n = open.get(&key).copied().unwrap_or(0);
        if n >= self.bounds.per_address {
            return Err(Refused::AddressFull);
        }
        open.insert(key.clone(), n + 1);
        Ok(Slot {
            gate: self.clone(),
            address: Some(key),
            _tcp: tcp,
        })
    }

    /// Answers 503 with a sentence and closes, in the background. When
    /// [`REFUSING_MAX`] refusals are being written already, the answer goes
    /// out only if the socket takes it at once, and the socket is closed.
    fn refuse(self: &Arc<Self>, mut tcp: TcpStream, why: Refused) {
        self.metrics.refused(why);
        if self.refusing.fetch_add(1, Ordering::Relaxed) >= REFUSING_MAX {
            self.refusing.fetch_sub(1, Ordering::Relaxed);
            let _ = tcp.try_write(refusal(why).as_bytes());
            return;
        }
        let gate = self.clone();
        tokio::spawn(async move {
            let _ = tokio::time::timeout(REFUSAL_TIME, write_refusal(&mut tcp, why)).await;
            gate.refusing.fetch_sub(1, Ordering::Relaxed);
        });
    }
}

async fn write_refusal(tcp: &mut TcpStream, why: Refused) -> io::Result<()> {
    tcp.write_all(refusal(why).as_bytes()).await?;
    tcp.shutdown().await?;
    // Closing with the client's request unread would reset the connection,
    // and a reset can destroy the response before the client reads it.
    let mut request = [0u8; 1024];
    while tcp.read(&mut request).await? > 0 {}
    Ok(())
}

/// One connection's place under the caps, given back when it closes.
struct Slot {
    gate: Arc<Gate>,
    /// Its [`ids::address_key`], unless exempt.
    address: Option<String>,
    _tcp: Held,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(key) = self.address.take() else {
            return;
        };
        let mut open = self.gate.by_address();
        if let Some(n) = open.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&key);
            }
        }
    }
}

/// A client socket holding its [`Slot`] for as long as it is open: through
/// the upgrade to a WebSocket too, since hyper hands this very object over.
struct Counted {
    tcp: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
}

/// Serves HTTP/1.1 on one connection until it closes or is upgraded. hyper's
/// header-read timer runs from the connection's start and again after each
/// response, so it bounds both a slow head and an idle keep-alive wait.
async fn serve_http(
    io: Counted,
    peer: SocketAddr,
    app: Router,
    header_timeout: Duration,
    metrics: Arc<Metrics>,
    mut closing: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request)
    });
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let connection = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let mut connection = pin!(connection);
    let mut draining = false;
    let ended = loop {
        tokio::select! {
            ended = connection.as_mut() => break ended,
            _ = closing.changed(), if !draining => {
                // Idle: closes now; mid-request: after its response.
                draining = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    };
    match ended {
        Err(e) if e.is_timeout() => metrics.header_timeout(),
        Err(e) => tracing::debug!("connection from {peer}: {e}"),
        Ok(()) => {}
    }
}
