//! The daily puzzle's screen parts: the card on the level select (today's number,
//! the streak, the past days), the time and undos while playing, and the result's
//! text on the solved card. The record they show is [`crate::daily_record`]; the level
//! itself is the engine's ([`engine::hex::daily`]), made from the date, the same on
//! every device; the time runs while the page is visible.

use leptos::prelude::*;

use engine::hex::daily::{Date, Weekday};

use crate::context::{use_hex, HexCtx};
use crate::daily_record::{
    calendar_months, card_text, playable_past, today, DailyRecord, DayResult,
};
use crate::play_clock::clock_text;
use crate::strings::Text;
use crate::tally::Tally;
use web_core::i18n::{tr, use_lang, Lang};
use web_core::icon::{icon, Icon};

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

/// Past days on the level select: a calendar from the first puzzle's month to
/// today's, each day since the first playable (a solve there records its time but
/// never counts for the streak), the solved ones ticked.
#[component]
fn PastDays(today: Date) -> impl IntoView {
    let lang = use_lang();
    let (first, last) = calendar_months(today);
    let shown = RwSignal::new(last);
    let at_first = move || shown.get() <= first;
    let at_last = move || shown.get() >= last;
    let weekdays = move || {
        Text::HexWeekdayLetters
            .in_lang(lang.get())
            .chars()
            .map(|c| view! { <span class="hex-cal-weekday" aria-hidden="true">{c.to_string()}</span> })
            .collect_view()
    };
    let days = move || {
        shown
            .get()
            .grid()
            .into_iter()
            .map(|cell| match cell {
                Some(date) => view! { <CalendarDay date=date today=today/> }.into_any(),
                None => view! { <span class="hex-cal-blank"></span> }.into_any(),
            })
            .collect_view()
    };
    view! {
        <details class="hex-daily-past" data-testid="hex-daily-past">
            <summary>{tr(Text::HexDailyPast)}</summary>
            <div class="hex-cal-head">
                <button class="hex-icon-button" data-testid="hex-cal-prev" aria-label=tr(Text::HexMonthBefore)
                    disabled=at_first on:click=move |_| shown.update(|m| *m = m.previous())>{icon(Icon::Back)}</button>
                <span class="hex-cal-month" data-testid="hex-cal-month">{move || shown.get().label(lang.get())}</span>
                <button class="hex-icon-button" data-testid="hex-cal-next" aria-label=tr(Text::HexMonthAfter)
                    disabled=at_last on:click=move |_| shown.update(|m| *m = m.next())>{icon(Icon::Forward)}</button>
            </div>
            <div class="hex-cal-grid">{weekdays}{days}</div>
        </details>
    }
}

/// One day of the calendar: playable from the first puzzle to yesterday (today's
/// opens as the card does), ticked when solved.
#[component]
fn CalendarDay(date: Date, today: Date) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let open = playable_past(date, today) || date == today;
    let done = move || ctx.daily.with(|r| r.result(date));
    let label = move || {
        let mut words = format!("{date}");
        if let Ok(number) = date.number() {
            words = format!("{} · {words}", daily_title(number, lang.get()));
        }
        match done() {
            Some(r) => format!("{words} · ✓ {}", clock_text(r.time_ms)),
            None => words,
        }
    };
    view! {
        <button class="hex-cal-day" data-testid=format!("hex-daily-past-{date}")
            class:is-today=date == today
            class:is-solved=move || done().is_some()
            data-solved=move || done().is_some().to_string()
            disabled=!open
            aria-label=label title=label
            on:click=move |_| ctx.play_daily(date)>
            {date.day}
        </button>
    }
}

/// The daily puzzle while its screen is open: the day, what the play counts, and
/// its result once solved.
#[derive(Clone, Copy)]
pub struct DailyRun {
    pub date: Date,
    pub tally: Tally,
    /// Set once solved: the result as recorded.
    pub solved: RwSignal<Option<DayResult>>,
    /// The mode's state, taken when the screen starts: the solve is recorded
    /// from an input event, where no context is looked up.
    ctx: HexCtx,
}

impl DailyRun {
    /// The day's run, counted by the screen's `tally` (visible time only).
    pub fn start(date: Date, tally: Tally) -> DailyRun {
        DailyRun {
            date,
            tally,
            solved: RwSignal::new(None),
            ctx: use_hex(),
        }
    }

    /// The puzzle is solved now: records the day (counted for the streak when
    /// solved on its own day) and keeps the result for the solved card.
    pub fn finish(&self) {
        if self.solved.get_untracked().is_some() {
            return;
        }
        let r = DayResult {
            time_ms: self.tally.clock.stop(),
            undos: self.tally.undos.get_untracked(),
            hints: self.tally.hints.get_untracked(),
            on_day: today() == self.date,
        };
        let ctx = self.ctx;
        ctx.daily.update(|d| d.record(self.date, r));
        ctx.daily.with_untracked(DailyRecord::save);
        self.solved.set(Some(r));
    }

    /// The day's best time on this device, once solved.
    pub fn best_ms(&self) -> Option<u64> {
        self.ctx
            .daily
            .with_untracked(|d| d.result(self.date).map(|r| r.time_ms))
    }
}

/// The bar over the daily board: the time and the undos so far, in words (no
/// glyph that needs an emoji font).
#[component]
pub fn DailyBar(run: DailyRun) -> impl IntoView {
    let t = run.tally;
    view! {
        <div class="hex-daily-bar">
            <span class="hex-daily-timer" data-testid="hex-daily-timer" data-ms=move || t.clock.elapsed.get()>
                {tr(Text::HexDailyTime)}" "{move || clock_text(t.clock.elapsed.get())}
            </span>
            <span class="hex-daily-undos" data-testid="hex-daily-undos" data-undos=move || t.undos.get()>
                {tr(Text::HexDailyUndos)}" "{move || t.undos.get()}
            </span>
        </div>
    }
}

/// The daily part of the solved card: the result's text, to copy or share.
#[component]
pub fn DailyShare(run: DailyRun, number: u32) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let text = move || {
        run.solved.get().map(|r| {
            let streak = ctx.daily.with(|d| d.streak(today()));
            card_text(number, &r, streak, lang.get())
        })
    };
    let copied = RwSignal::new(None);
    let share = move |_| {
        if let Some(t) = text() {
            copied.set(None);
            web_core::host::share::send_text(
                Text::HexDaily.in_lang(lang.get_untracked()),
                &t,
                move |s| {
                    let _ = copied.try_set(Some(s));
                },
            );
        }
    };
    view! {
        <div class="hex-daily-result" data-testid="hex-daily-result">
            <pre class="hex-daily-text" data-testid="hex-daily-text">{text}</pre>
            <button class="hex-menu-item" data-testid="hex-daily-share" on:click=share>{tr(Text::HexDailyShare)}</button>
            <web_core::chrome::CopyNote sent=copied text=true/>
        </div>
    }
}
