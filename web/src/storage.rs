//! The browser's local storage, the one way the app reads and writes it.
//!
//! Storage may be missing or refuse (private mode, blocked cookies, a full quota):
//! reads then find nothing and writes are lost, never the page. Values are text;
//! each caller owns its format (JSON or plain) and checks what it reads.

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
