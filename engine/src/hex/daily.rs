//! The daily puzzle: one Hex Stroke level per calendar date, the same on every
//! device and in the CLI, made from the date alone (no server, works offline).
//!
//! How a date becomes a level (`docs/hex-stroke-rules.md`, "The daily puzzle"):
//! 1. The seed is the first 8 bytes (little-endian) of
//!    SHA-256(`"hex-stroke-daily/v1/YYYY-MM-DD"`).
//! 2. The weekday's plan ([`plan`]) gives the board (cells, holes, walls,
//!    spinners, clue 1 or not) and the reasoning tiers the day accepts.
//! 3. The generator makes a level from the seed; the per-level checks
//!    (unique, walls and spinners matter) and the deduction solver run on it, and
//!    a level outside the day's tiers is passed over: the next candidate is the
//!    seed plus 1, then plus 2, … ([`SEEDS_PER_DAY`] at most), so every device
//!    takes the same one.
//!
//! Puzzle numbers count from [`LAUNCH`] (No. 1).

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::checks::{check_level, CheckOptions};
use super::deduce::Deduced;
use super::generator::{GenError, GenOptions};
use super::graded::generate_graded;
use super::model::Level;

/// A calendar date (proleptic Gregorian), as days are counted by players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

/// The first daily puzzle's date: No. 1.
pub const LAUNCH: Date = Date {
    year: 2026,
    month: 12,
    day: 1,
};

/// Candidates tried for one day before giving up (the tests run 30 days and
/// more; no day has needed close to this many).
pub const SEEDS_PER_DAY: u64 = 4_000;

/// Days of the week, Monday first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Weekday {
    const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];
}

/// Why a text is not a date the daily puzzle has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    Format(String),
    /// A month or day that does not exist.
    NoSuchDay(String),
    /// Before the first puzzle.
    BeforeLaunch(Date),
}

impl std::fmt::Display for DateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DateError::Format(s) => write!(f, "\"{s}\" is not a date written YYYY-MM-DD"),
            DateError::NoSuchDay(s) => write!(f, "{s} is not a day of the calendar"),
            DateError::BeforeLaunch(d) => {
                write!(f, "{d} is before the first daily puzzle ({LAUNCH})")
            }
        }
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u8) -> u8 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// Parses `YYYY-MM-DD` (years 1000–9999).
    pub fn parse(s: &str) -> Result<Date, DateError> {
        let bad = || DateError::Format(s.to_string());
        let parts: Vec<&str> = s.trim().split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let num = |t: &str| t.parse::<u16>().map_err(|_| bad());
        let (year, month, day) = (num(y)? as i32, num(m)?, num(d)?);
        if year < 1000 || !(1..=12).contains(&month) {
            return Err(DateError::NoSuchDay(s.to_string()));
        }
        if day == 0 || day > days_in_month(year, month as u8) as u16 {
            return Err(DateError::NoSuchDay(s.to_string()));
        }
        Ok(Date {
            year,
            month: month as u8,
            day: day as u8,
        })
    }

    /// Days since 1970-01-01 (negative before), by the civil-from-days
    /// algorithm (H. Hinnant): integers only.
    pub fn days(self) -> i64 {
        let y = self.year as i64 - (self.month <= 2) as i64;
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = self.month as i64;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + (month <= 2) as i64) as i32;
        Date { year, month, day }
    }

    /// The next day.
    pub fn next(self) -> Date {
        Date::from_days(self.days() + 1)
    }

    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        Weekday::ALL[(self.days() + 3).rem_euclid(7) as usize]
    }

    /// The puzzle number of this date (No. 1 on [`LAUNCH`]).
    pub fn number(self) -> Result<u32, DateError> {
        let n = self.days() - LAUNCH.days() + 1;
        if n < 1 {
            return Err(DateError::BeforeLaunch(self));
        }
        Ok(n as u32)
    }

    /// The date's seed: the first 8 bytes of SHA-256 of its seed text.
    pub fn seed(self) -> u64 {
        let h = Sha256::digest(format!("hex-stroke-daily/v1/{self}").as_bytes());
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[..8]);
        u64::from_le_bytes(b)
    }
}

/// What one weekday's puzzle is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DayPlan {
    pub cells: usize,
    pub holes: usize,
    pub walls: usize,
    pub spinners: usize,
    /// Clue 1 on the start.
    pub start_clue: bool,
    /// The reasoning tiers accepted (lowest, highest).
    pub tiers: (u8, u8),
}

/// The week's difficulty plan: small and tier 1 on Monday, rising through the
/// week to a large tier-3 board without its start on Sunday; Thursday is the
/// spinner day.
pub fn plan(day: Weekday) -> DayPlan {
    let p = |cells, holes, walls, spinners, start_clue, tiers| DayPlan {
        cells,
        holes,
        walls,
        spinners,
        start_clue,
        tiers,
    };
    match day {
        Weekday::Monday => p(10, 0, 2, 0, true, (1, 1)),
        Weekday::Tuesday => p(13, 0, 2, 0, true, (1, 2)),
        Weekday::Wednesday => p(16, 1, 3, 0, true, (2, 2)),
        Weekday::Thursday => p(14, 0, 1, 1, true, (1, 3)),
        Weekday::Friday => p(20, 1, 3, 0, true, (2, 3)),
        Weekday::Saturday => p(24, 1, 3, 0, true, (2, 3)),
        Weekday::Sunday => p(30, 2, 4, 0, false, (3, 3)),
    }
}

/// One day's puzzle.
#[derive(Clone, Debug)]
pub struct Daily {
    pub date: Date,
    pub number: u32,
    pub weekday: Weekday,
    pub plan: DayPlan,
    pub level: Level,
    pub deduced: Deduced,
}

/// Why a day has no puzzle.
#[derive(Debug)]
pub enum DailyError {
    Date(DateError),
    Generator(GenError),
}

impl std::fmt::Display for DailyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DailyError::Date(e) => e.fmt(f),
            DailyError::Generator(e) => write!(f, "no daily puzzle could be made: {e}"),
        }
    }
}

/// Whether a level meets its day's plan: the per-level checks pass with walls
/// (and spinners) required to matter, and reasoning solves it within the tiers.
pub fn meets_plan(level: &Level, deduced: &Deduced, plan: &DayPlan) -> bool {
    let (lo, hi) = plan.tiers;
    if !(lo..=hi).contains(&deduced.grade.tier) {
        return false;
    }
    let opts = CheckOptions {
        walls_matter_required: Some(true),
        necessary_walls: false,
        ..CheckOptions::default()
    };
    check_level(level, &opts).ok
}

/// The puzzle of `date`.
pub fn daily(date: Date) -> Result<Daily, DailyError> {
    let number = date.number().map_err(DailyError::Date)?;
    let weekday = date.weekday();
    let plan = plan(weekday);
    let opts = GenOptions {
        cells: plan.cells,
        holes: plan.holes,
        walls: plan.walls,
        spinners: plan.spinners,
        seed: date.seed(),
        start_clue: plan.start_clue,
        id: Some(format!("daily-{number}")),
        ..GenOptions::default()
    };
    let (level, deduced) = generate_graded(&opts, SEEDS_PER_DAY, |l, d| meets_plan(l, d, &plan))
        .map_err(DailyError::Generator)?;
    Ok(Daily {
        date,
        number,
        weekday,
        plan,
        level,
        deduced,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn dates_count_days_and_weekdays_like_the_calendar() {
        assert_eq!(d("1970-01-01").days(), 0);
        assert_eq!(d("2000-03-01").days(), 11_017);
        assert_eq!(d("2026-12-01").weekday(), Weekday::Tuesday);
        assert_eq!(d("2026-12-24").weekday(), Weekday::Thursday);
        assert_eq!(d("2028-02-29").next(), d("2028-03-01"));
        assert_eq!(d("2026-12-31").next(), d("2027-01-01"));
        for n in [-800_000i64, -1, 0, 59, 10_000, 20_819, 2_932_896] {
            assert_eq!(Date::from_days(n).days(), n);
        }
        assert_eq!(LAUNCH.number(), Ok(1));
        assert_eq!(d("2026-12-24").number(), Ok(24));
    }

    #[test]
    fn bad_dates_are_named() {
        for (text, says) in [
            ("2026-13-01", "is not a day of the calendar"),
            ("2027-02-29", "is not a day of the calendar"),
            ("26-12-01", "is not a date written YYYY-MM-DD"),
            ("2026/12/01", "is not a date written YYYY-MM-DD"),
            ("2026-1x-01", "is not a date written YYYY-MM-DD"),
        ] {
            let e = Date::parse(text).unwrap_err();
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
        let e = daily(d("2026-11-30")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2026-11-30 is before the first daily puzzle (2026-12-01)"
        );
    }

    #[test]
    fn the_seed_is_the_documented_hash_of_the_date() {
        let h = Sha256::digest(b"hex-stroke-daily/v1/2026-12-24");
        let want = u64::from_le_bytes(h[..8].try_into().unwrap());
        assert_eq!(d("2026-12-24").seed(), want);
        assert_ne!(d("2026-12-24").seed(), d("2026-12-25").seed());
    }

    /// The rules page states the plan; it must say what the code does.
    #[test]
    fn the_rules_page_states_the_weekly_plan() {
        let doc = include_str!("../../../docs/hex-stroke-rules.md");
        for day in Weekday::ALL {
            let p = plan(day);
            let row = format!(
                "| {day:?} | {} | {} | {} | {} | {} | {}–{} |",
                p.cells,
                p.holes,
                p.walls,
                p.spinners,
                if p.start_clue { "yes" } else { "no" },
                p.tiers.0,
                p.tiers.1
            );
            assert!(
                doc.contains(&row),
                "docs/hex-stroke-rules.md lacks the row {row}"
            );
        }
        assert!(doc.contains(&format!("numbered from {LAUNCH} (No. 1)")));
        assert!(doc.contains("SHA-256(`hex-stroke-daily/v1/YYYY-MM-DD`)"));
        assert_eq!(
            SEEDS_PER_DAY, 4_000,
            "the rules page says at most 4,000 seeds"
        );
        assert!(doc.contains("at most 4,000"));
    }

    /// Thirty days in a row: each is made twice alike, meets its weekday's
    /// plan (board, tiers, checks), and no two days share a level.
    #[test]
    fn thirty_days_of_puzzles_meet_their_plans_and_repeat_exactly() {
        let mut date = LAUNCH;
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..30 {
            let a = daily(date).unwrap_or_else(|e| panic!("{date}: {e}"));
            let b = daily(date).unwrap();
            assert_eq!(a.level, b.level, "{date}");
            let p = plan(date.weekday());
            assert_eq!(a.level.len(), p.cells, "{date}");
            assert_eq!(a.level.holes(), p.holes, "{date}");
            assert_eq!(a.level.spinners().len(), p.spinners, "{date}");
            assert_eq!(a.level.clue_cell(1).is_some(), p.start_clue, "{date}");
            assert!(meets_plan(&a.level, &a.deduced, &p), "{date}");
            assert!(seen.insert(format!("{:?}", a.level.parts())), "{date}");
            date = date.next();
        }
    }
}
