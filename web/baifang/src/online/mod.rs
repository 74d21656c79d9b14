//! Online play on the page side: the [`Transport`] trait and its two
//! implementations, the native host bridge ([`host::HostTransport`], GameKit in
//! the iOS wrapper or the mock host in a browser) and browser tabs
//! ([`tabs::TabTransport`], `BroadcastChannel`). The match itself (handshake,
//! verification, clocks, settlement) is `engine::baifang::session`; the room that
//! drives it is `crate::peer::controller`.

pub mod avoid_store;
pub mod host;
pub mod server;
pub mod tabs;

use std::rc::Rc;

use web_core::host::bridge;

/// What a transport reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportEvent {
    /// Signed in (host) or ready (tabs): this player's id, and the display name
    /// Game Center gave it (tabs have none).
    Ready {
        player_id: String,
        name: Option<String>,
    },
    /// Sign-in did not succeed, and why.
    AuthFailed(host::SignInFailure),
    /// A peer was found: its id, and the display name Game Center gave it (tabs
    /// have none).
    Matched {
        peer: String,
        peer_name: Option<String>,
    },
    /// Matchmaking failed or was cancelled.
    MatchFailed(String),
    /// A message from the peer.
    Data(String),
    /// The peer dropped (or went silent).
    PeerDisconnected,
    /// The peer is back.
    PeerReconnected,
    /// This app went to the background.
    Background,
    /// This app came back.
    Foreground,
    /// This device's own network went down (`false`) or came back.
    LocalNetwork(bool),
    /// The peer's rating as Game Center's leaderboard has it.
    PeerRating(i32),
    /// Online play cannot start on this page, and why (no secure randomness).
    Unavailable(String),
}

/// The sink transports report to.
pub type EventSink = Rc<dyn Fn(TransportEvent)>;

/// One way to reach a peer. Every method returns at once; results arrive as
/// [`TransportEvent`]s.
pub trait Transport {
    /// `"host"` or `"tabs"` (shown in the room, used by tests).
    fn kind(&self) -> &'static str;
    /// Signs in; reports `Ready` or `AuthFailed`.
    fn start(&self);
    /// Looks for a peer (`friend`: through an invitation); reports `Matched`.
    fn find_match(&self, rating: i32, friend: bool);
    /// Sends one message reliably.
    fn send(&self, data: &str);
    /// Ends the match and releases the channel.
    fn disconnect(&self);
    /// Reports the rating after a rated game (leaderboard).
    fn submit_score(&self, rating: i32);
    /// Peers quick match must not pair with (they abandoned a draw with us).
    fn set_avoided(&self, _peers: Vec<String>) {}
    /// Test hook: cut (or restore) this side's network, dropping everything
    /// in both directions. Only the tab transport supports it.
    fn set_offline(&self, _offline: bool) {}
}

/// The transport this page has: the native (or mock) host when it installed
/// its bridge, else browser tabs.
pub fn page_transport(sink: EventSink) -> Rc<dyn Transport> {
    if bridge::available() {
        Rc::new(host::HostTransport::new(sink))
    } else {
        Rc::new(tabs::TabTransport::new(sink))
    }
}

/// Milliseconds of the page clock (`Date.now()`, which Playwright's clock controls).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// 32 bytes from the browser's secure random source, or why there are none.
/// The first-move draw and the tab's id rest on these bytes, so a browser
/// without `crypto.getRandomValues` (or one that fails or hands back nothing)
/// cannot play online: never a fixed or all-zero secret.
pub fn secure_random() -> Result<[u8; 32], String> {
    let window = web_sys::window().ok_or("no window")?;
    let crypto = window
        .crypto()
        .map_err(|_| "this browser has no crypto.getRandomValues".to_string())?;
    let mut bytes = [0u8; 32];
    crypto
        .get_random_values_with_u8_array(&mut bytes)
        .map_err(|e| format!("crypto.getRandomValues failed: {}", js_error_text(&e)))?;
    filled(bytes)
}

/// The bytes `crypto.getRandomValues` left, unless it left them all zero (a
/// stubbed or broken source hands the buffer back untouched): 256 zero bits
/// from a working source never happen, so they are an error, not a secret.
fn filled(bytes: [u8; 32]) -> Result<[u8; 32], String> {
    if bytes == [0u8; 32] {
        return Err("crypto.getRandomValues returned no randomness".into());
    }
    Ok(bytes)
}

/// A thrown JavaScript value as text.
fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_source_that_hands_back_nothing_gives_an_error_not_a_zero_secret() {
        assert_eq!(
            filled([0; 32]),
            Err("crypto.getRandomValues returned no randomness".to_string())
        );
        let mut one = [0u8; 32];
        one[31] = 1;
        assert_eq!(filled(one), Ok(one));
    }
}
