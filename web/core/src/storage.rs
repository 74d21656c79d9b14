//! The browser's local storage, the one way the app reads and writes it.
//!
//! Storage may be missing or refuse (private mode, blocked cookies, a full quota):
//! reads then find nothing and writes are lost, never the page. Values are text;
//! each caller owns its format (JSON or plain) and checks what it reads.

/// The key `base` has in this page's profile slot: `base`, or `base:<slot>`
/// with `?profile=<slot>` in the URL, so two tabs of one browser can stand for
/// two devices with separate records.
pub fn slot_key(base: &str) -> String {
    slot_key_in(&crate::page_url::page_search(), base)
}

/// [`slot_key`] for the query string `search`: a slot has letters, digits,
/// `-` and `_` only (anything else is no slot).
pub fn slot_key_in(search: &str, base: &str) -> String {
    let slot = crate::page_url::query_value(search, "profile").filter(|v| {
        !v.is_empty()
            && v.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    });
    match slot {
        Some(slot) => format!("{base}:{slot}"),
        None => base.to_string(),
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text stored under `key`, if any.
pub fn read(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key` (a refusing storage only loses it).
pub fn write(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}

/// Removes `key`.
pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_slots_come_from_the_query() {
        assert_eq!(slot_key_in("", "k"), "k");
        assert_eq!(slot_key_in("?host=mock&profile=a1", "k"), "k:a1");
        assert_eq!(slot_key_in("?profile=<x>", "k"), "k");
        assert_eq!(slot_key_in("?profile=", "k"), "k");
        assert_eq!(slot_key_in("?profiles=a", "k"), "k");
    }
}
