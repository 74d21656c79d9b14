//! `engine hex daily DATE [--json]`: the daily puzzle of a date, as every device makes it.

use serde::Serialize;

use engine::hex::daily::{daily, Date, DayPlan, Weekday};
use engine::hex::level_file::{level_to_json, LevelJson};
use engine::hex::share;

/// The `--json` report (field order is part of the CLI contract).
#[derive(Serialize)]
struct DailyOut {
    number: u32,
    date: String,
    weekday: Weekday,
    plan: DayPlan,
    tier: u8,
    steps: u32,
    share: String,
    level: LevelJson,
}

/// Prints the puzzle of `date`; 2 with the reason when there is none.
pub fn run(date: &str, json: bool) -> i32 {
    let made = Date::parse(date)
        .map_err(|e| e.to_string())
        .and_then(|d| daily(d).map_err(|e| e.to_string()));
    let d = match made {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let out = DailyOut {
        number: d.number,
        date: d.date.to_string(),
        weekday: d.weekday,
        plan: d.plan,
        tier: d.deduced.grade.tier,
        steps: d.deduced.grade.steps,
        share: share::encode(&d.level),
        level: level_to_json(&d.level),
    };
    if json {
        println!("{}", serde_json::to_string(&out).expect("serialises"));
    } else {
        println!(
            "Hex Stroke daily No. {} · {} ({:?}): {} cells, {} holes, {} walls, {} spinners; tier {} ({} steps)",
            out.number,
            out.date,
            out.weekday,
            d.level.len(),
            d.level.holes(),
            d.level.walls().len(),
            d.level.spinners().len(),
            out.tier,
            out.steps
        );
        println!("share code: {}", out.share);
    }
    0
}
