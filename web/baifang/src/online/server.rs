//! The referee-server transport: finding out whether the page was served by
//! the Baifang server, and one WebSocket to it that reports text messages and
//! its close (code and reason) to a callback. What the messages mean is
//! `engine::baifang::referee_client`; the controller is
//! `crate::server::controller`.
//!
//! Detection asks `GET /api/server` on the page's own origin: the server
//! answers its [`ServerInfo`] JSON; a plain static host answers 404 or its
//! `index.html` fallback, neither of which parses. A plain request is used
//! rather than trying the WebSocket upgrade because a refused upgrade logs an
//! error in every browser console, and the answer names the protocol version.
//! A link opened cold has asked for it already, beside the module (the lobby's
//! `first_fetches` in `web_core::modules`), and this request takes that answer.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use engine::baifang::referee_protocol::{ServerInfo, INFO_PATH, PROTOCOL_VERSION, SOCKET_PATH};

use super::bridge;

/// Where this page's online play goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The page came from the referee server: play goes through it.
    Server,
    /// No referee server behind this page (a static host, or the iOS app):
    /// the tab and Game Center transports only.
    NoServer,
}

/// Whether `body` (the answer to `GET /api/server`) is a referee server this
/// app can talk to.
pub fn is_referee(body: &str) -> bool {
    serde_json::from_str::<ServerInfo>(body)
        .is_ok_and(|i| i.service == ServerInfo::current().service && i.protocol == PROTOCOL_VERSION)
}

/// Asks the page's origin whether it is a referee server. Inside a native
/// host (Game Center play) and on non-HTTP pages the answer is no without asking.
pub async fn probe() -> Reach {
    let Some(window) = web_sys::window() else {
        return Reach::NoServer;
    };
    let protocol = window.location().protocol().unwrap_or_default();
    if bridge::available() || !matches!(protocol.as_str(), "http:" | "https:") {
        return Reach::NoServer;
    }
    let Ok(response) = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(INFO_PATH)).await
    else {
        return Reach::NoServer;
    };
    let Ok(response) = response.dyn_into::<web_sys::Response>() else {
        return Reach::NoServer;
    };
    if !response.ok() {
        return Reach::NoServer;
    }
    let Ok(text) = response.text() else {
        return Reach::NoServer;
    };
    match wasm_bindgen_futures::JsFuture::from(text).await {
        Ok(body) if body.as_string().is_some_and(|b| is_referee(&b)) => Reach::Server,
        _ => Reach::NoServer,
    }
}

/// What a server socket reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// The connection is open: say hello.
    Open,
    /// One text message from the server.
    Text(String),
    /// The connection closed (or never opened): the close code and reason.
    Closed { code: Option<u16>, reason: String },
}

/// The socket's browser handles: the WebSocket and the closures it calls.
struct Live {
    ws: web_sys::WebSocket,
    _handlers: [Closure<dyn FnMut(JsValue)>; 3],
}

/// One WebSocket to the page's referee server.
pub struct ServerSocket {
    live: RefCell<Option<Live>>,
}

/// `ws://` or `wss://` and this page's host, then the socket path.
fn socket_url() -> Option<String> {
    let location = web_sys::window()?.location();
    let scheme = if location.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    Some(format!("{scheme}://{}{SOCKET_PATH}", location.host().ok()?))
}

impl ServerSocket {
    /// Opens a connection; every event goes to `sink` (a failure to open is
    /// reported as `Closed`).
    pub fn open(sink: Rc<dyn Fn(SocketEvent)>) -> ServerSocket {
        let socket = ServerSocket {
            live: RefCell::new(None),
        };
        let ws = socket_url().and_then(|url| web_sys::WebSocket::new(&url).ok());
        let Some(ws) = ws else {
            sink(SocketEvent::Closed {
                code: None,
                reason: "no WebSocket".into(),
            });
            return socket;
        };
        let on_open = {
            let sink = sink.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| sink(SocketEvent::Open))
        };
        let on_message = {
            let sink = sink.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let text = e
                    .dyn_into::<web_sys::MessageEvent>()
                    .ok()
                    .and_then(|e| e.data().as_string());
                if let Some(text) = text {
                    sink(SocketEvent::Text(text));
                }
            })
        };
        let on_close = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let (code, reason) = match e.dyn_into::<web_sys::CloseEvent>() {
                Ok(e) => (Some(e.code()), e.reason()),
                Err(_) => (None, String::new()),
            };
            sink(SocketEvent::Closed { code, reason });
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        *socket.live.borrow_mut() = Some(Live {
            ws,
            _handlers: [on_open, on_message, on_close],
        });
        socket
    }

    /// Sends one message if the connection is open (otherwise it is dropped:
    /// the controller only sends while signed in).
    pub fn send(&self, text: &str) {
        if let Some(live) = self.live.borrow().as_ref() {
            if live.ws.ready_state() == web_sys::WebSocket::OPEN {
                let _ = live.ws.send_with_str(text);
            }
        }
    }

    /// Closes the connection without reporting it (the page is leaving it).
    pub fn close(&self) {
        if let Some(live) = self.live.borrow_mut().take() {
            live.ws.set_onopen(None);
            live.ws.set_onmessage(None);
            live.ws.set_onclose(None);
            let _ = live.ws.close();
        }
    }
}

impl Drop for ServerSocket {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_referee_of_this_protocol_counts() {
        assert!(is_referee(
            &serde_json::to_string(&ServerInfo::current()).unwrap()
        ));
        assert!(!is_referee("<!doctype html><html></html>"));
        assert!(!is_referee(
            r#"{"service":"baifang-referee","protocol":999}"#
        ));
        assert!(!is_referee(r#"{"service":"other","protocol":1}"#));
        assert!(!is_referee(""));
    }
}
