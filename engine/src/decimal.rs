//! Numbers written with one decimal (`8.7`, `5`, `-0.5`) by integer arithmetic, for
//! SVG coordinates and messages. Rust's float formatter is not used: its code and
//! tables weigh about 10 KiB in a page module that only ever writes tenths.

/// `v` rounded to the nearest tenth (halves away from zero) and written without a
/// trailing `.0`; a value that rounds to zero is `0`, never `-0`.
pub fn tenths(v: f64) -> String {
    let t = (v * 10.0).round() as i64;
    let sign = if t < 0 { "-" } else { "" };
    let (whole, tenth) = (t.unsigned_abs() / 10, t.unsigned_abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

#[cfg(test)]
mod tests {
    use super::tenths;

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
}
