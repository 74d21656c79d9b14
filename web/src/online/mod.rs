//! Online play on the page side: the [`Transport`] trait and its two
//! implementations, the native host bridge ([`host::HostTransport`], GameKit in
//! the iOS wrapper or the mock host in a browser) and browser tabs
//! ([`tabs::TabTransport`], `BroadcastChannel`). The match itself (handshake,
//! verification, clocks, settlement) is `engine::baifang::session`; the room that
//! drives it is `crate::baifang::online_controller`.

pub mod bridge;
pub mod host;
pub mod tabs;

use std::rc::Rc;

/// What a transport reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportEvent {
    /// Signed in (host) or ready (tabs): this player's id.
    Ready { player_id: String },
    /// Sign-in refused.
    AuthFailed(String),
    /// A peer was found.
    Matched { peer: String },
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

/// 32 bytes from the browser's secure random source.
pub fn secure_random() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    if let Some(crypto) = web_sys::window().and_then(|w| w.crypto().ok()) {
        let _ = crypto.get_random_values_with_u8_array(&mut bytes);
    }
    bytes
}
