//! Reading the page's own address: a query parameter (`?profile=`, `?testhooks`) and a
//! part of the fragment (`#play=`, `#game=`, `#room=`). Navigation and storage both read it.

/// The value of `name` in a query string (`location.search`): `Some("")` for
/// a bare flag (`?testhooks`), `None` when the query does not name it.
pub fn query_value<'a>(search: &'a str, name: &str) -> Option<&'a str> {
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| match kv.split_once('=') {
            Some((k, v)) if k == name => Some(v),
            None if kv == name => Some(""),
            _ => None,
        })
}

/// This page's query string (empty outside a browser).
pub fn page_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The value of `key=` in a URL fragment (`None` if the fragment has no such part).
pub fn fragment_value(hash: &str, key: &str) -> Option<String> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    hash.split('&')
        .find_map(|part| part.strip_prefix(key)?.strip_prefix('='))
        .map(str::to_string)
}
