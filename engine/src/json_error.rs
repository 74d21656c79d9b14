//! Why a JSON text could not be read, as a code with its position: a utility both
//! modes' decoders use, so a page can say what went wrong in its own language.

use core::fmt;

use serde::{Deserialize, Serialize};

/// What kind of JSON failure it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum JsonFault {
    /// Not JSON at all (a stray character, a missing comma…).
    Syntax,
    /// The text stops before the JSON is complete.
    Incomplete,
    /// A field the format does not have.
    UnknownField {
        /// The field's name as written.
        field: String,
    },
    /// A field the format requires is absent.
    MissingField {
        /// The field's name.
        field: String,
    },
    /// Well-formed JSON of the wrong shape (a string where a number belongs,
    /// a list where an object belongs, a value out of range…).
    WrongShape,
}

/// A JSON text that failed to parse: the fault and where (1-based line and
/// column; 0 when the parser could not tell).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonError {
    /// What went wrong.
    pub fault: JsonFault,
    /// 1-based line of the failure.
    pub line: usize,
    /// 1-based column of the failure.
    pub column: usize,
    /// The parser's own English sentence, kept for the command line and logs.
    /// A page never shows it: it translates `fault`, `line` and `column`.
    pub detail: String,
}

impl From<serde_json::Error> for JsonError {
    fn from(e: serde_json::Error) -> JsonError {
        use serde_json::error::Category;
        let detail = e.to_string();
        let fault = match e.classify() {
            Category::Syntax | Category::Io => JsonFault::Syntax,
            Category::Eof => JsonFault::Incomplete,
            Category::Data => {
                // serde's derive names the field between backticks in these two messages
                let named = |prefix: &str| {
                    detail
                        .strip_prefix(prefix)
                        .and_then(|rest| rest.split('`').next())
                        .map(str::to_string)
                };
                if let Some(field) = named("unknown field `") {
                    JsonFault::UnknownField { field }
                } else if let Some(field) = named("missing field `") {
                    JsonFault::MissingField { field }
                } else {
                    JsonFault::WrongShape
                }
            }
        };
        JsonError {
            fault,
            line: e.line(),
            column: e.column(),
            detail,
        }
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for JsonError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Shape {
        id: String,
        n: u8,
    }

    fn fault(text: &str) -> JsonError {
        serde_json::from_str::<Shape>(text).unwrap_err().into()
    }

    #[test]
    fn each_kind_of_failure_has_its_code_and_position() {
        let e = fault("{\"id\":\"a\",\n \"n\":1,\"extra\":2}");
        assert_eq!(
            e.fault,
            JsonFault::UnknownField {
                field: "extra".into()
            }
        );
        assert_eq!(e.line, 2);
        assert!(e.column > 0);
        assert_eq!(
            fault("{\"id\":\"a\"}").fault,
            JsonFault::MissingField { field: "n".into() }
        );
        assert_eq!(
            fault("{\"id\":\"a\",\"n\":300}").fault,
            JsonFault::WrongShape
        );
        assert_eq!(fault("{\"id\":\"a\",").fault, JsonFault::Incomplete);
        assert_eq!(fault("{\"id\" 1}").fault, JsonFault::Syntax);
        assert_eq!(fault("").fault, JsonFault::Incomplete);
    }

    #[test]
    fn the_code_round_trips_and_the_sentence_stays_for_the_cli() {
        let e = fault("[1]");
        assert!(e.to_string().contains("line 1"), "{e}");
        let back: JsonError = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
        assert_eq!(back, e);
    }
}
