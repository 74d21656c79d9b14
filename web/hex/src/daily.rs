//! The daily puzzle on this device: the record of days solved (saved in local
//! storage under `mode:03-hex-walls:daily`), the streak it gives, today's date,
//! the result card's text, and the screen parts (the card on the level select,
//! the timer bar while playing, the result once solved).
//!
//! The level itself is the engine's ([`engine::hex::daily`]): made from the date,
//! the same on every device. A day counts for the streak only when solved on that
//! day; the time runs while the page is visible.

use std::collections::{BTreeMap, BTreeSet};

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use engine::hex::daily::{Date, Weekday};
use engine::hex::streak::streak;

use crate::context::use_hex;
use crate::play_clock::{clock_text, PlayClock};
use crate::progress::Unreadable;
use crate::strings::Text;
use web_core::i18n::{tr, use_lang, Lang};
use web_core::storage;

/// Where the record is saved.
pub const DAILY_KEY: &str = "mode:03-hex-walls:daily";
/// Past days the level select lists (two weeks).
pub const PAST_DAYS: i64 = 14;
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
pub struct DailyRecord {
    pub days: BTreeMap<String, DayResult>,
}

impl DailyRecord {
    /// Parses the stored text (`None`: nothing stored yet).
    pub fn parse(raw: Option<&str>) -> Result<DailyRecord, Unreadable> {
        let Some(raw) = raw else {
            return Ok(DailyRecord::default());
        };
        let r: DailyRecord =
            serde_json::from_str(raw).map_err(|e| Unreadable(format!("daily: {e}")))?;
        if r.days.len() > MAX_DAYS {
            return Err(Unreadable(format!("daily: {} days", r.days.len())));
        }
        if let Some(bad) = r.days.keys().find(|d| Date::parse(d).is_err()) {
            return Err(Unreadable(format!("daily: bad date {bad:?}")));
        }
        Ok(r)
    }

    /// Reads the record; an unreadable one is reset, with a console warning.
    pub fn load() -> DailyRecord {
        DailyRecord::parse(storage::read(DAILY_KEY).as_deref()).unwrap_or_else(|Unreadable(why)| {
            leptos::logging::warn!("resetting unreadable Hex Stroke daily record ({why})");
            storage::remove(DAILY_KEY);
            DailyRecord::default()
        })
    }

    /// Writes it (a refusing storage only loses the save).
    pub fn save(&self) {
        storage::write(
            DAILY_KEY,
            &serde_json::to_string(self).expect("the record serialises"),
        );
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

/// "每日一题 第 24 期" / "Daily puzzle No. 24": the card's and the top bar's name.
pub fn daily_title(number: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} 第 {number} 期", Text::HexDaily.in_lang(lang)),
        Lang::En => format!("{} No. {number}", Text::HexDaily.in_lang(lang)),
    }
}

/// The streak on screen, in words (the pasted card has its emoji).
fn streak_text(days: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("连续 {days} 天"),
        Lang::En => format!("{days}-day streak"),
    }
}

fn weekday_text(w: Weekday, lang: Lang) -> &'static str {
    let i = w as usize;
    match lang {
        Lang::Zh => ["周一", "周二", "周三", "周四", "周五", "周六", "周日"][i],
        Lang::En => [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ][i],
    }
}

/// The level select's card: today's number and weekday, the streak, and the
/// time once solved; pressing it plays today's puzzle.
#[component]
pub fn DailyCard() -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let date = today();
    let Ok(number) = date.number() else {
        // A device clock before the first puzzle: nothing to offer.
        return None;
    };
    let done = move || ctx.daily.with(|r| r.result(date));
    let streak = move || ctx.daily.with(|r| r.streak(date));
    Some(view! {
        <button class="hex-daily" data-testid="hex-daily" data-number=number data-date=date.to_string()
            data-solved=move || done().is_some_and(|r| r.on_day).to_string()
            aria-busy=move || ctx.daily_making.get().is_some().to_string()
            on:click=move |_| ctx.play_daily(date)>
            <span class="hex-daily-title">{move || daily_title(number, lang.get())}</span>
            <span class="hex-daily-day">{move || weekday_text(date.weekday(), lang.get())}</span>
            <span class="hex-daily-streak" data-testid="hex-daily-streak" data-streak=streak>
                {move || streak_text(streak(), lang.get())}
            </span>
            {move || done().map(|r| view! {
                <span class="hex-daily-time" data-testid="hex-daily-best">{format!("✓ {}", clock_text(r.time_ms))}</span>
            })}
            {move || ctx.daily_making.get().is_some().then(|| view! {
                <span class="hex-daily-time" data-testid="hex-daily-making">{tr(Text::HexDailyMaking)}</span>
            })}
        </button>
        {move || ctx.daily_failed.get().map(|why| view! {
            <p class="hex-empty" data-testid="hex-daily-failed" role="alert">{tr(Text::HexDailyFailed)}" ("{why}")"</p>
        })}
        <PastDays today=date/>
    })
}

/// The days before today that a player may still play: up to [`PAST_DAYS`], not
/// before the first puzzle, the latest first.
pub fn past_days(today: Date) -> Vec<Date> {
    (1..=PAST_DAYS)
        .map(|back| Date::from_days(today.days() - back))
        .filter(|d| d.number().is_ok())
        .collect()
}

/// Past days on the level select, to play from a list (a solve there records
/// its time but never counts for the streak).
#[component]
fn PastDays(today: Date) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let days = past_days(today);
    (!days.is_empty()).then(|| {
        let items = days
            .into_iter()
            .map(|date| {
                let number = date.number().unwrap_or_default();
                let done = move || ctx.daily.with(|r| r.result(date));
                view! {
                    <li>
                        <button class="hex-daily-past-day" data-testid=format!("hex-daily-past-{date}")
                            data-solved=move || done().is_some().to_string()
                            on:click=move |_| ctx.play_daily(date)>
                            <span>{move || daily_title(number, lang.get())}</span>
                            <span class="hex-daily-day">{format!("{:02}-{:02}", date.month, date.day)}</span>
                            <span class="hex-daily-time">{move || done().map(|r| format!("✓ {}", clock_text(r.time_ms)))}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <details class="hex-daily-past" data-testid="hex-daily-past">
                <summary>{tr(Text::HexDailyPast)}</summary>
                <ul>{items}</ul>
            </details>
        }
    })
}

/// What the daily play screen counts while the puzzle is open.
#[derive(Clone, Copy)]
pub struct DailyRun {
    pub date: Date,
    pub clock: PlayClock,
    pub undos: RwSignal<u32>,
    pub hints: RwSignal<u32>,
    /// Set once solved: the result as recorded.
    pub solved: RwSignal<Option<DayResult>>,
}

impl DailyRun {
    /// Starts the day's clock ([`PlayClock`]: visible time only).
    pub fn start(date: Date) -> DailyRun {
        DailyRun {
            date,
            clock: PlayClock::start(),
            undos: RwSignal::new(0),
            hints: RwSignal::new(0),
            solved: RwSignal::new(None),
        }
    }

    /// The puzzle is solved now: records the day (counted for the streak when
    /// solved on its own day) and shows the result.
    pub fn finish(&self) {
        if self.solved.get_untracked().is_some() {
            return;
        }
        let r = DayResult {
            time_ms: self.clock.stop(),
            undos: self.undos.get_untracked(),
            hints: self.hints.get_untracked(),
            on_day: today() == self.date,
        };
        let ctx = use_hex();
        ctx.daily.update(|d| d.record(self.date, r));
        ctx.daily.with_untracked(DailyRecord::save);
        self.solved.set(Some(r));
    }
}

/// The bar over the daily board: the time and the undos so far, in words (no
/// glyph that needs an emoji font).
#[component]
pub fn DailyBar(run: DailyRun) -> impl IntoView {
    view! {
        <div class="hex-daily-bar">
            <span class="hex-daily-timer" data-testid="hex-daily-timer" data-ms=move || run.clock.elapsed.get()>
                {tr(Text::HexDailyTime)}" "{move || clock_text(run.clock.elapsed.get())}
            </span>
            <span class="hex-daily-undos" data-testid="hex-daily-undos" data-undos=move || run.undos.get()>
                {tr(Text::HexDailyUndos)}" "{move || run.undos.get()}
            </span>
        </div>
    }
}

/// The result once solved: the card's text, to copy or share, and the way back.
#[component]
pub fn DailyResultCard(run: DailyRun, number: u32) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let text = move || {
        run.solved.get().map(|r| {
            let streak = ctx.daily.with(|d| d.streak(today()));
            card_text(number, &r, streak, lang.get())
        })
    };
    let share = move |_| {
        if let Some(t) = text() {
            web_core::host::share::send_text(Text::HexDaily.in_lang(lang.get_untracked()), &t);
        }
    };
    move || {
        text().map(|t| {
            view! {
                <section class="hex-daily-result" data-testid="hex-daily-result" role="dialog" aria-label=tr(Text::HexDaily)>
                    <pre class="hex-daily-text" data-testid="hex-daily-text">{t}</pre>
                    <button class="hex-menu-item" data-testid="hex-daily-share" on:click=share>{tr(Text::HexDailyShare)}</button>
                    <button class="hex-menu-item" data-testid="hex-daily-back" on:click=move |_| ctx.show_select()>{tr(Text::HexDailyBack)}</button>
                </section>
            }
        })
    }
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
    fn past_days_are_the_two_weeks_before_today_and_never_before_the_first() {
        let past = past_days(d("2026-12-24"));
        assert_eq!(past.len(), 14);
        assert_eq!((past[0], past[13]), (d("2026-12-23"), d("2026-12-10")));
        assert_eq!(
            past_days(d("2026-12-03")),
            [d("2026-12-02"), d("2026-12-01")]
        );
        assert!(past_days(d("2026-12-01")).is_empty());
    }

    #[test]
    fn the_record_round_trips_and_bad_saves_are_named() {
        let mut r = DailyRecord::default();
        solve(&mut r, "2026-12-24", 83_000, true);
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(DailyRecord::parse(Some(&text)), Ok(r));
        assert_eq!(DailyRecord::parse(None), Ok(DailyRecord::default()));
        let e = DailyRecord::parse(Some(
            r#"{"days":{"2026-02-30":{"time_ms":1,"undos":0,"hints":0,"on_day":true}}}"#,
        ));
        assert_eq!(e, Err(Unreadable("daily: bad date \"2026-02-30\"".into())));
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
