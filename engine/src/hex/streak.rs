//! The daily puzzle's streak: how many daily puzzles a player solved on their
//! own day, in a row, where one missed day a week is forgiven (a streak freeze).
//!
//! Days are [`super::daily::Date::days`] numbers. A puzzle solved on a later day
//! (from the calendar of past days) is not in the set: only the day's own solve
//! counts. The rule, read backwards from today:
//! - today counts when solved; unsolved, it does not end the streak yet (the day
//!   is not over), and counting starts from yesterday;
//! - a solved day adds one;
//! - a missed day is forgiven when the day before it was solved and no other
//!   forgiven miss lies within the 6 days after it (at most one per 7 days);
//!   any other miss ends the streak.

use std::collections::BTreeSet;

/// Days between two forgiven misses, at least.
pub const FREEZE_EVERY_DAYS: i64 = 7;

/// The streak on `today` given the days solved on their own day.
pub fn streak(solved: &BTreeSet<i64>, today: i64) -> u32 {
    let first = match solved.iter().next() {
        Some(&d) => d,
        None => return 0,
    };
    let mut day = if solved.contains(&today) {
        today
    } else {
        today - 1
    };
    let mut count = 0;
    let mut last_forgiven: Option<i64> = None;
    while day >= first {
        if solved.contains(&day) {
            count += 1;
        } else {
            let spaced = last_forgiven.is_none_or(|f| f - day >= FREEZE_EVERY_DAYS);
            if !(spaced && solved.contains(&(day - 1))) {
                break;
            }
            last_forgiven = Some(day);
        }
        day -= 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(days: &[i64]) -> BTreeSet<i64> {
        days.iter().copied().collect()
    }

    #[test]
    fn days_in_a_row_count_and_today_unsolved_does_not_end_it() {
        assert_eq!(streak(&set(&[]), 10), 0);
        assert_eq!(streak(&set(&[8, 9, 10]), 10), 3);
        assert_eq!(streak(&set(&[8, 9]), 10), 2, "today is not over");
        assert_eq!(streak(&set(&[10]), 10), 1);
    }

    #[test]
    fn one_missed_day_a_week_is_forgiven() {
        // Three days with the middle one missed: the streak holds.
        assert_eq!(streak(&set(&[1, 3]), 3), 2);
        // Yesterday missed, today not yet played: still alive at 1.
        assert_eq!(streak(&set(&[1]), 3), 1);
        // Two misses in a row end it.
        assert_eq!(streak(&set(&[1, 4]), 4), 1);
        // Two misses within a week: the older one ends it.
        assert_eq!(streak(&set(&[1, 3, 4, 5, 7]), 7), 4);
        // A week apart: both forgiven.
        assert_eq!(streak(&set(&[1, 3, 4, 5, 6, 7, 8, 9, 11]), 11), 9);
    }
}
