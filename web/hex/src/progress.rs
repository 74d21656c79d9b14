//! Saves: which levels are cleared and which one is current, in the
//! browser's local storage under the `mode:03-hex-walls` prefix:
//!
//! * `mode:03-hex-walls:clearedId` — a JSON array of level ids, in clearing order;
//! * `mode:03-hex-walls:currentId` — the id of the level last opened (plain text).
//!
//! Half-drawn paths are never saved. Storage that cannot be read (corrupted JSON,
//! a wrong shape, an absurd size) is reset to empty, with a console warning, and the
//! page carries on; storage that cannot be written (private mode, full) only loses
//! the save.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use web_core::storage;

/// The prefix of every key this mode writes.
pub const PREFIX: &str = "mode:03-hex-walls";
pub const CLEARED_KEY: &str = "mode:03-hex-walls:clearedId";
pub const CURRENT_KEY: &str = "mode:03-hex-walls:currentId";

/// Level ids are short (`1-3`, `gen-42`); anything longer is not one of ours.
const MAX_ID_LEN: usize = 64;
/// More entries than any catalogue will have: treat as corruption.
const MAX_CLEARED: usize = 10_000;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Cleared level ids, each once, in the order they were first cleared.
    pub cleared: Vec<String>,
    /// The level last opened.
    pub current: Option<String>,
}

/// A stored value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_ID_LEN && !id.chars().any(char::is_control)
}

/// Parses the stored `clearedId` value (`None`: nothing stored yet).
pub fn parse_cleared(raw: Option<&str>) -> Result<Vec<String>, Unreadable> {
    let Some(raw) = raw else {
        return Ok(Vec::new());
    };
    let ids: Vec<String> =
        serde_json::from_str(raw).map_err(|e| Unreadable(format!("clearedId: {e}")))?;
    if ids.len() > MAX_CLEARED {
        return Err(Unreadable(format!("clearedId: {} entries", ids.len())));
    }
    if let Some(bad) = ids.iter().find(|id| !valid_id(id)) {
        return Err(Unreadable(format!("clearedId: bad id {bad:?}")));
    }
    let mut out: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

/// Parses the stored `currentId` value.
pub fn parse_current(raw: Option<&str>) -> Result<Option<String>, Unreadable> {
    match raw {
        None => Ok(None),
        Some(id) if valid_id(id) => Ok(Some(id.to_string())),
        Some(id) => Err(Unreadable(format!("currentId: bad id {id:?}"))),
    }
}

/// Parses a saved JSON object of id → value (`None`: nothing saved yet): at most
/// `max` entries, each key accepted by `valid_key`; `name` names the save in the
/// reason it is refused. The daily record and the best times are saved so.
pub fn parse_keyed<V: DeserializeOwned>(
    raw: Option<&str>,
    name: &str,
    max: usize,
    valid_key: impl Fn(&str) -> bool,
) -> Result<BTreeMap<String, V>, Unreadable> {
    let Some(raw) = raw else {
        return Ok(BTreeMap::new());
    };
    let map: BTreeMap<String, V> =
        serde_json::from_str(raw).map_err(|e| Unreadable(format!("{name}: {e}")))?;
    if map.len() > max {
        return Err(Unreadable(format!("{name}: {} entries", map.len())));
    }
    if let Some(bad) = map.keys().find(|k| !valid_key(k)) {
        return Err(Unreadable(format!("{name}: bad key {bad:?}")));
    }
    Ok(map)
}

/// Reads the save under `key` with `parse`; one that cannot be used is removed,
/// with a console warning, and the page starts from the default.
pub fn load_or_reset<T: Default>(
    key: &str,
    parse: impl FnOnce(Option<&str>) -> Result<T, Unreadable>,
) -> T {
    parse(storage::read(key).as_deref()).unwrap_or_else(|Unreadable(why)| {
        leptos::logging::warn!("resetting unreadable Hex Stroke save ({why})");
        storage::remove(key);
        T::default()
    })
}

/// Writes `value` as JSON under `key` (a refusing storage only loses the save).
pub fn save_json<T: Serialize>(key: &str, value: &T) {
    storage::write(key, &serde_json::to_string(value).expect("saves serialise"));
}

impl Progress {
    pub fn is_cleared(&self, id: &str) -> bool {
        self.cleared.iter().any(|c| c == id)
    }

    /// Marks `id` cleared; returns whether it was new.
    pub fn mark_cleared(&mut self, id: &str) -> bool {
        if self.is_cleared(id) {
            false
        } else {
            self.cleared.push(id.to_string());
            true
        }
    }

    /// The stored text of `clearedId`.
    pub fn cleared_json(&self) -> String {
        serde_json::to_string(&self.cleared).expect("strings serialise")
    }

    /// Reads the saves; unreadable entries are reset in storage and reported.
    pub fn load() -> Progress {
        let cleared = match parse_cleared(storage::read(CLEARED_KEY).as_deref()) {
            Ok(c) => c,
            Err(Unreadable(why)) => {
                leptos::logging::warn!("resetting unreadable Hex Stroke save ({why})");
                storage::write(CLEARED_KEY, "[]");
                Vec::new()
            }
        };
        let current = match parse_current(storage::read(CURRENT_KEY).as_deref()) {
            Ok(c) => c,
            Err(Unreadable(why)) => {
                leptos::logging::warn!("resetting unreadable Hex Stroke save ({why})");
                storage::remove(CURRENT_KEY);
                None
            }
        };
        Progress { cleared, current }
    }

    /// Writes both keys. A storage that refuses only loses the save.
    pub fn save(&self) {
        storage::write(CLEARED_KEY, &self.cleared_json());
        match &self.current {
            Some(id) => storage::write(CURRENT_KEY, id),
            None => storage::remove(CURRENT_KEY),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_values_are_a_fresh_start() {
        assert_eq!(parse_cleared(None), Ok(vec![]));
        assert_eq!(parse_current(None), Ok(None));
    }

    #[test]
    fn cleared_round_trips_and_dedups() {
        let mut p = Progress::default();
        assert!(p.mark_cleared("1-1"));
        assert!(p.mark_cleared("1-2"));
        assert!(!p.mark_cleared("1-1"));
        let text = p.cleared_json();
        assert_eq!(text, r#"["1-1","1-2"]"#);
        assert_eq!(parse_cleared(Some(&text)).unwrap(), p.cleared);
        assert_eq!(
            parse_cleared(Some(r#"["1-1","1-1","2-1"]"#)).unwrap(),
            vec!["1-1", "2-1"]
        );
    }

    #[test]
    fn corrupted_json_is_unreadable_not_a_panic() {
        for bad in [
            "",
            "{",
            "[1,2]",
            r#"{"clearedId":[]}"#,
            r#"["1-1""#,
            "null",
            r#"[""]"#,
            "\u{0}garbage",
        ] {
            assert!(
                parse_cleared(Some(bad)).is_err(),
                "{bad:?} should be unreadable"
            );
        }
        let long = format!(r#"["{}"]"#, "x".repeat(200));
        assert!(parse_cleared(Some(&long)).is_err());
    }

    #[test]
    fn current_id_is_checked() {
        assert_eq!(parse_current(Some("1-3")), Ok(Some("1-3".into())));
        assert!(parse_current(Some("")).is_err());
        assert!(parse_current(Some("a\nb")).is_err());
    }

    #[test]
    fn keys_share_the_mode_prefix() {
        assert!(CLEARED_KEY.starts_with(PREFIX));
        assert!(CURRENT_KEY.starts_with(PREFIX));
        assert!(crate::settings::SETTINGS_KEY.starts_with(PREFIX));
    }
}
