//! The daily puzzle's record on this device: the days solved (saved in local
//! storage under `mode:03-hex-walls:daily`), the streak they give, today's date,
//! the calendar of past days, and the result card's text. No screen here: the
//! mode's context holds the record, and `daily` draws it.
//!
//! A day counts for the streak only when solved on that day
//! ([`engine::hex::streak`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use engine::hex::daily::{Date, LAUNCH};
use engine::hex::streak::streak;

use crate::play_clock::clock_text;
use crate::progress::{load_or_reset, parse_keyed, save_json, Unreadable};
use web_core::i18n::Lang;

/// Where the record is saved.
pub const DAILY_KEY: &str = "mode:03-hex-walls:daily";
/// More days than ten years of play: treat as corruption.
const MAX_DAYS: usize = 4_000;

/// One day's solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayResult {
    /// Time on the clock, in ms (visible time only).
    pub time_ms: u64,
    /// Steps taken back (slides back, cuts, restarts).
    pub undos: u32,
    pub hints: u32,
    /// Solved on its own day (only these count for the streak).
    pub on_day: bool,
}

/// The days solved on this device, by date (`YYYY-MM-DD`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DailyRecord {
    pub days: BTreeMap<String, DayResult>,
}

impl DailyRecord {
    /// Parses the stored text (`None`: nothing stored yet).
    pub fn parse(raw: Option<&str>) -> Result<DailyRecord, Unreadable> {
        parse_keyed(raw, "daily", MAX_DAYS, |d| Date::parse(d).is_ok())
            .map(|days| DailyRecord { days })
    }

    /// Reads the record; an unreadable one is reset, with a console warning.
    pub fn load() -> DailyRecord {
        load_or_reset(DAILY_KEY, DailyRecord::parse)
    }

    /// Writes it (a refusing storage only loses the save).
    pub fn save(&self) {
        save_json(DAILY_KEY, self);
    }

    pub fn result(&self, date: Date) -> Option<DayResult> {
        self.days.get(&date.to_string()).copied()
    }

    /// Records a solve. A day solved again keeps its best time, and counts as
    /// solved on its day if either solve was.
    pub fn record(&mut self, date: Date, r: DayResult) {
        let kept = match self.result(date) {
            Some(old) if old.time_ms <= r.time_ms => DayResult {
                on_day: old.on_day || r.on_day,
                ..old
            },
            Some(old) => DayResult {
                on_day: old.on_day || r.on_day,
                ..r
            },
            None => r,
        };
        self.days.insert(date.to_string(), kept);
    }

    /// The streak on `today` ([`engine::hex::streak`]).
    pub fn streak(&self, today: Date) -> u32 {
        let on_day: BTreeSet<i64> = self
            .days
            .iter()
            .filter(|(_, r)| r.on_day)
            .filter_map(|(d, _)| Date::parse(d).ok())
            .map(Date::days)
            .collect();
        streak(&on_day, today.days())
    }
}

/// Today on this device's calendar (its local time zone).
pub fn today() -> Date {
    let now = js_sys::Date::new_0();
    Date {
        year: now.get_full_year() as i32,
        month: now.get_month() as u8 + 1,
        day: now.get_date() as u8,
    }
}

/// The result card as text to paste: number, time, undos, hints, streak; never
/// the path.
pub fn card_text(number: u32, r: &DayResult, streak: u32, lang: Lang) -> String {
    let time = clock_text(r.time_ms);
    match lang {
        Lang::Zh => format!(
            "六边一笔 每日一题 第 {number} 期\n⏱ {time} · 撤回 {} 次 · 提示 {} 次\n🔥 连续 {streak} 天",
            r.undos, r.hints
        ),
        Lang::En => format!(
            "Hex Stroke daily No. {number}\n⏱ {time} · {} undo{} · {} hint{}\n🔥 {streak}-day streak",
            r.undos,
            if r.undos == 1 { "" } else { "s" },
            r.hints,
            if r.hints == 1 { "" } else { "s" }
        ),
    }
}

/// A month of the calendar of past days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    pub year: i32,
    pub month: u8,
}

impl Month {
    pub fn of(date: Date) -> Month {
        Month {
            year: date.year,
            month: date.month,
        }
    }

    fn first(self) -> Date {
        Date {
            year: self.year,
            month: self.month,
            day: 1,
        }
    }

    pub fn previous(self) -> Month {
        Month::of(Date::from_days(self.first().days() - 1))
    }

    pub fn next(self) -> Month {
        Month::of(Date::from_days(self.first().days() + 31))
    }

    /// Its days in weeks, Monday first: `None` fills the week before the 1st.
    pub fn grid(self) -> Vec<Option<Date>> {
        let first = self.first();
        let mut cells = vec![None; first.weekday() as usize];
        let mut d = first;
        while d.month == self.month {
            cells.push(Some(d));
            d = d.next();
        }
        cells
    }

    /// "2026 年 12 月" / "December 2026".
    pub fn label(self, lang: Lang) -> String {
        const NAMES: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        match lang {
            Lang::Zh => format!("{} 年 {} 月", self.year, self.month),
            Lang::En => format!("{} {}", NAMES[usize::from(self.month - 1)], self.year),
        }
    }
}

/// The months the calendar pages through: from the first puzzle's to today's.
pub fn calendar_months(today: Date) -> (Month, Month) {
    (Month::of(LAUNCH), Month::of(today))
}

/// Whether `date` is a past day a player may still play from the calendar: any
/// day from the first puzzle to yesterday (today's is the card's; a day to come
/// is not shown before its day).
pub fn playable_past(date: Date, today: Date) -> bool {
    date < today && date.number().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn solve(r: &mut DailyRecord, date: &str, time_ms: u64, on_day: bool) {
        r.record(
            d(date),
            DayResult {
                time_ms,
                undos: 0,
                hints: 0,
                on_day,
            },
        );
    }

    #[test]
    fn the_streak_counts_days_solved_on_their_day_with_one_miss_forgiven() {
        let mut r = DailyRecord::default();
        solve(&mut r, "2026-12-10", 60_000, true);
        solve(&mut r, "2026-12-12", 50_000, true);
        assert_eq!(r.streak(d("2026-12-12")), 2, "the 11th is forgiven");
        // A past day played later does not count.
        solve(&mut r, "2026-12-11", 40_000, false);
        assert_eq!(r.result(d("2026-12-11")).map(|x| x.on_day), Some(false));
        assert_eq!(r.streak(d("2026-12-12")), 2);
        // Solved again later: the best time stays, and so does "on its day".
        solve(&mut r, "2026-12-10", 90_000, false);
        assert_eq!(r.result(d("2026-12-10")).unwrap().time_ms, 60_000);
        solve(&mut r, "2026-12-10", 30_000, false);
        let best = r.result(d("2026-12-10")).unwrap();
        assert_eq!((best.time_ms, best.on_day), (30_000, true));
    }

    #[test]
    fn the_calendar_lays_months_out_monday_first_from_the_first_puzzle() {
        let (first, last) = calendar_months(d("2027-02-10"));
        assert_eq!(
            first,
            Month {
                year: 2026,
                month: 12
            }
        );
        assert_eq!(
            last,
            Month {
                year: 2027,
                month: 2
            }
        );
        assert_eq!(first.next().next(), last);
        assert_eq!(last.previous().previous(), first);
        // 2026-12-01 is a Tuesday: one blank before it, 31 days
        let grid = first.grid();
        assert_eq!(grid.len(), 1 + 31);
        assert_eq!((grid[0], grid[1]), (None, Some(d("2026-12-01"))));
        // 2027-02-01 is a Monday: no blank, 28 days
        assert_eq!(last.grid().len(), 28);
        assert_eq!(first.label(Lang::Zh), "2026 年 12 月");
        assert_eq!(last.label(Lang::En), "February 2027");
        let today = d("2026-12-24");
        assert!(playable_past(d("2026-12-01"), today));
        assert!(playable_past(d("2026-12-23"), today));
        assert!(!playable_past(today, today));
        assert!(!playable_past(d("2026-12-25"), today));
        assert!(!playable_past(d("2026-11-30"), today));
    }

    #[test]
    fn the_record_round_trips_and_bad_saves_are_named() {
        let mut r = DailyRecord::default();
        solve(&mut r, "2026-12-24", 83_000, true);
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(DailyRecord::parse(Some(&text)), Ok(r));
        assert_eq!(DailyRecord::parse(None), Ok(DailyRecord::default()));
        let e = DailyRecord::parse(Some(
            r#"{"2026-02-30":{"time_ms":1,"undos":0,"hints":0,"on_day":true}}"#,
        ));
        assert_eq!(e, Err(Unreadable("daily: bad key \"2026-02-30\"".into())));
        assert!(DailyRecord::parse(Some("{")).is_err());
    }

    #[test]
    fn the_card_says_number_time_undos_hints_and_streak() {
        let r = DayResult {
            time_ms: 83_400,
            undos: 1,
            hints: 2,
            on_day: true,
        };
        assert_eq!(
            card_text(24, &r, 5, Lang::En),
            "Hex Stroke daily No. 24\n⏱ 1:23 · 1 undo · 2 hints\n🔥 5-day streak"
        );
        assert_eq!(
            card_text(24, &r, 5, Lang::Zh),
            "六边一笔 每日一题 第 24 期\n⏱ 1:23 · 撤回 1 次 · 提示 2 次\n🔥 连续 5 天"
        );
    }
}
