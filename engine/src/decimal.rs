//! Numbers written with one decimal (`8.7`, `5`, `-0.5`) by integer arithmetic, for
//! SVG coordinates and messages. Rust's float formatter is not used: its code and
//! tables weigh about 10 KiB in a page module that only ever writes tenths.

/// `v` rounded to the nearest tenth (halves away from zero) and written without a
/// trailing `.0`; a value that rounds to zero is `0`, never `-0`.
pub fn tenths(v: f64) -> String {
    let (sign, whole, tenth) = rounded(v);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// `v` rounded to the nearest tenth (halves away from zero) and always written with it
/// (`9.0`, `12.4`): `{:.1}`'s text but for an exact half.
pub fn one_decimal(v: f64) -> String {
    let (sign, whole, tenth) = rounded(v);
    format!("{sign}{whole}.{tenth}")
}

/// The sign, the whole part and the tenth of `v` rounded to the nearest tenth.
fn rounded(v: f64) -> (&'static str, u64, u64) {
    let t = (v * 10.0).round() as i64;
    let sign = if t < 0 { "-" } else { "" };
    (sign, t.unsigned_abs() / 10, t.unsigned_abs() % 10)
}

#[cfg(test)]
mod tests {
    use super::{one_decimal, tenths};

    #[test]
    fn tenths_are_written_as_rusts_formatter_writes_the_rounded_value() {
        for v in [
            8.66, 5.0, -0.5, 43.3013, -43.3013, 0.25, 1234.56, -7.0, 0.04,
        ] {
            let rounded = (v * 10.0_f64).round() / 10.0;
            assert_eq!(tenths(v), format!("{rounded}"), "{v}");
        }
        assert_eq!(tenths(-0.04), "0");
    }

    #[test]
    fn one_decimal_is_written_as_a_precision_of_one_writes_it() {
        for v in [9.0, 12.4, 8.5, 11.547, -3.0, 0.0] {
            assert_eq!(one_decimal(v), format!("{v:.1}"), "{v}");
        }
    }
}
