//! An enum variant's name as a `data-*` attribute value (`good`, `blunder`, `declined`): the
//! value tests and stylesheets read to know a view's state without its words.

use std::fmt::Debug;

/// The lowercase `Debug` name of a field-less variant. ASCII lowercasing: a variant's name
/// is ASCII, and `str::to_lowercase` would bring Unicode's case tables into the page's wasm
/// (`web/clippy.toml` refuses it).
pub fn variant_key(value: &impl Debug) -> String {
    format!("{value:?}").to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::variant_key;

    #[derive(Debug)]
    enum Stage {
        InProgress,
    }

    #[test]
    fn a_variant_is_its_name_in_lowercase() {
        assert_eq!(variant_key(&Stage::InProgress), "inprogress");
        assert_eq!(variant_key(&Some(())), "some(())");
    }
}
