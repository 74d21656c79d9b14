//! The local record of peers that abandoned a first-move draw (the engine's
//! `AvoidList`), kept in `localStorage` beside the player's profile
//! (`baifang:avoid`, or `baifang:avoid:<slot>` with `?profile=<slot>`).
//! Quick match does not pair with an avoided peer.

use engine::baifang::session::AvoidList;

const KEY: &str = "baifang:avoid";

fn key() -> String {
    web_core::storage::slot_key(KEY)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored list (empty when missing or unreadable: avoiding is a courtesy
/// to the player, never a reason to fail).
pub fn load() -> AvoidList {
    storage()
        .and_then(|s| s.get_item(&key()).ok().flatten())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Records that `peer` abandoned a draw at `now`; returns the ids to avoid now.
pub fn record_abandon(peer: &str, now: u64) -> Vec<String> {
    let mut list = load();
    list.record_abandon(peer, now);
    if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(&list)) {
        let _ = s.set_item(&key(), &text);
    }
    list.avoided(now)
}
