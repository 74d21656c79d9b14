//! The page's wording, in both interface languages, for an engine error both games meet:
//! a JSON text that could not be read, and where. The engine never words a message a
//! player reads; each game's crate words its own errors the same way (`engine_text`).

use engine::json_error::{JsonError, JsonFault};

use crate::i18n::Lang;

/// Picks the sentence of `lang` (both are built; they are short).
pub fn pick(lang: Lang, zh: String, en: String) -> String {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Why a JSON text could not be read, and where.
pub fn json_error(e: &JsonError, lang: Lang) -> String {
    let what = match (&e.fault, lang) {
        (JsonFault::Syntax, Lang::Zh) => "不是合法的 JSON".to_string(),
        (JsonFault::Syntax, Lang::En) => "not well-formed JSON".to_string(),
        (JsonFault::Incomplete, Lang::Zh) => "JSON 不完整".to_string(),
        (JsonFault::Incomplete, Lang::En) => "the JSON stops too early".to_string(),
        (JsonFault::UnknownField { field }, Lang::Zh) => format!("未知字段「{field}」"),
        (JsonFault::UnknownField { field }, Lang::En) => format!("unknown field \"{field}\""),
        (JsonFault::MissingField { field }, Lang::Zh) => format!("缺少字段「{field}」"),
        (JsonFault::MissingField { field }, Lang::En) => format!("missing field \"{field}\""),
        (JsonFault::WrongShape, Lang::Zh) => "某个值的类型或范围不对".to_string(),
        (JsonFault::WrongShape, Lang::En) => "a value has the wrong type or range".to_string(),
    };
    if e.line == 0 {
        return what;
    }
    pick(
        lang,
        format!("{what}（第 {} 行第 {} 列）", e.line, e.column),
        format!("{what} (line {}, column {})", e.line, e.column),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_position_is_shown_when_known() {
        let mut e = JsonError {
            fault: JsonFault::Syntax,
            line: 3,
            column: 7,
            detail: String::new(),
        };
        assert!(json_error(&e, Lang::En).contains("line 3, column 7"));
        assert!(json_error(&e, Lang::Zh).contains("第 3 行第 7 列"));
        e.line = 0;
        assert!(!json_error(&e, Lang::En).contains("line"));
    }
}
