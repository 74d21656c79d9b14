//! `engine hex …` subcommands: verify, solve, deduce, hint, generate, bench-generate, bench-solve,
//! share encode/decode, pack encode/decode. Output formats are a stable contract: tests, the browser tests
//! and the level tools parse them.

use std::io::Read;

use clap::Subcommand;
use serde::Serialize;

use engine::hex::checks::{check_level_with_reasoning, spinner_summary, CheckOptions, CheckReport};
use engine::hex::content;
use engine::hex::deduce::Outcome;
use engine::hex::generator::{generate, GenOptions};
use engine::hex::graded::{generate_within_tier, SEEDS_PER_TIER_SEARCH};
use engine::hex::level_file::{
    level_to_string, pack_to_string, parse_any, parse_level, parse_pack, LevelError,
};
use engine::hex::pack_code;
use engine::hex::share;
use engine::hex::solver::{solve, SolveOptions};

#[derive(Subcommand)]
pub enum Command {
    /// Check every level of pack files (or single-level files) against the content law.
    Verify {
        /// Pack files (`{"pack":N,"title":…,"levels":[…]}`) or single-level files.
        #[arg(required = true)]
        files: Vec<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Node limit per solver run (0 = none).
        #[arg(long, default_value_t = 20_000_000)]
        node_limit: u64,
    },
    /// Solve a single level (a file, or `-` for stdin).
    Solve {
        file: String,
        /// Stop after this many solutions (0 = count them all).
        #[arg(long, default_value_t = 2)]
        limit: u64,
    },
    /// Solve levels by reasoning only (named techniques, no guessing) and print the
    /// outcome, tier, technique counts and, with --trace, every deduction as JSON.
    Deduce {
        /// A single-level file (one JSON object out) or a pack file (an array), `-` for stdin.
        file: String,
        /// List every deduction in order.
        #[arg(long)]
        trace: bool,
        /// Use techniques up to this tier only (1–3).
        #[arg(long, default_value_t = engine::hex::deduce::MAX_TIER, value_parser = clap::value_parser!(u8).range(1..=3))]
        max_tier: u8,
    },
    /// The hint for a path (cell ids, comma-separated) with the deduction behind it.
    Hint {
        file: String,
        /// The path drawn so far, e.g. `a,d,e` (empty: no path yet).
        #[arg(long, default_value = "")]
        path: String,
    },
    /// Generate a level and print it as JSON.
    Generate {
        #[arg(long)]
        cells: usize,
        #[arg(long, default_value_t = 0)]
        holes: usize,
        #[arg(long, default_value_t = 2)]
        walls: usize,
        #[arg(long, default_value_t = 0)]
        spinners: usize,
        #[arg(long)]
        seed: u64,
        /// Leave the start unknown (no clue 1).
        #[arg(long)]
        no_start_clue: bool,
        /// Level id (default `gen-{seed}`).
        #[arg(long)]
        id: Option<String>,
        /// Only a level the deduction solver finishes within this tier (1–3): seeds
        /// X, X+1, … are tried in order and the first that passes is printed.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
        max_tier: Option<u8>,
        /// Widest board in hex widths across (0: no limit, the board stays round);
        /// the shipped large packs use the spec's phone width.
        #[arg(long, default_value_t = 0)]
        max_width: usize,
    },
    /// Time `generate` over a run of seeds per board size (median and worst).
    BenchGenerate {
        /// Board sizes, comma-separated.
        #[arg(long, value_delimiter = ',', default_values_t = [20, 60, 100])]
        cells: Vec<usize>,
        #[arg(long, default_value_t = 20)]
        seeds: u64,
        #[arg(long, default_value_t = 1)]
        first_seed: u64,
        #[arg(long, default_value_t = 3)]
        walls: usize,
        #[arg(long, default_value_t = 0)]
        holes: usize,
        #[arg(long, default_value_t = 0)]
        spinners: usize,
        /// Runs per seed; the fastest counts.
        #[arg(long, default_value_t = 3)]
        repeat: u32,
        /// Also run the content checks on every level (not timed).
        #[arg(long)]
        check: bool,
        /// Print a line per seed as well.
        #[arg(long)]
        per_seed: bool,
        /// The generator's node limit per attempt (0: its default).
        #[arg(long, default_value_t = 0)]
        node_limit: u64,
    },
    /// Time the uniqueness proof (`solve --limit N`) in-process over level files,
    /// median and worst per board size.
    BenchSolve {
        /// Level or pack files.
        #[arg(required = true)]
        files: Vec<String>,
        /// Stop after this many solutions (2 proves uniqueness).
        #[arg(long, default_value_t = 2)]
        limit: u64,
        /// Runs per level; the median run counts.
        #[arg(long, default_value_t = 3)]
        repeat: u32,
        /// Print a line per level as well.
        #[arg(long)]
        per_level: bool,
    },
    /// Share codes for links.
    #[command(subcommand)]
    Share(ShareCommand),
    /// Pack codes: a whole pack in one link (`#pack=<code>`).
    #[command(subcommand)]
    Pack(PackCommand),
    /// The daily puzzle of a date (YYYY-MM-DD): the same level every device makes.
    Daily {
        date: String,
        /// Machine-readable output (the level in the `levels/` format).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum ShareCommand {
    /// Print the share code of a single level file (`-` for stdin).
    Encode { file: String },
    /// Print the level JSON of a share code.
    Decode { code: String },
}

#[derive(Subcommand)]
pub enum PackCommand {
    /// Print the pack code of a pack file in the `levels/` format (`-` for stdin).
    Encode { file: String },
    /// Read a pack code: its title and levels, or with --json the pack file.
    Decode {
        code: String,
        /// Print the pack in the `levels/` pack format.
        #[arg(long)]
        json: bool,
    },
}

fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn print_errors(file: &str, errors: &[LevelError]) {
    for e in errors {
        eprintln!("{file}: {e}");
    }
}

/// Reads FILE (`-`: stdin) and parses it with `parse`; on failure prints why
/// (the read error, or each problem prefixed by the file) and gives exit code 2.
fn read_parsed<T>(
    file: &str,
    parse: impl Fn(&str) -> Result<T, Vec<LevelError>>,
) -> Result<T, i32> {
    let text = read_input(file).map_err(|e| {
        eprintln!("{e}");
        2
    })?;
    parse(&text).map_err(|errs| {
        print_errors(file, &errs);
        2
    })
}

pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Verify {
            files,
            json,
            node_limit,
        } => verify(&files, json, node_limit),
        Command::Solve { file, limit } => {
            let level = match read_parsed(&file, parse_level) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let r = solve(
                &level,
                &SolveOptions {
                    limit,
                    node_limit: 0,
                },
            );
            #[derive(Serialize)]
            struct SolveOut {
                solutions: u64,
                capped: bool,
                path: Option<Vec<String>>,
            }
            let out = SolveOut {
                solutions: r.count,
                capped: r.capped,
                path: r.first.as_ref().map(|p| level.ids(p)),
            };
            println!("{}", serde_json::to_string(&out).expect("serialises"));
            0
        }
        Command::Generate {
            cells,
            holes,
            walls,
            spinners,
            seed,
            no_start_clue,
            id,
            max_tier,
            max_width,
        } => {
            let opts = GenOptions {
                cells,
                holes,
                walls,
                spinners,
                seed,
                start_clue: !no_start_clue,
                id,
                max_width,
                ..GenOptions::default()
            };
            let made = match max_tier {
                Some(t) => generate_within_tier(&opts, t, SEEDS_PER_TIER_SEARCH),
                None => generate(&opts),
            };
            match made {
                Ok(level) => {
                    println!("{}", level_to_string(&level));
                    0
                }
                Err(e) => {
                    eprintln!("generate: {e}");
                    1
                }
            }
        }
        cmd @ Command::BenchGenerate { .. } => bench_generate_command(cmd),
        Command::BenchSolve {
            files,
            limit,
            repeat,
            per_level,
        } => super::hex_bench_solve::run(&files, limit, repeat, per_level),
        Command::Deduce {
            file,
            trace,
            max_tier,
        } => deduce_command(&file, trace, max_tier),
        Command::Hint { file, path } => hint_command(&file, &path),
        Command::Daily { date, json } => super::hex_daily::run(&date, json),
        Command::Share(ShareCommand::Encode { file }) => match read_parsed(&file, parse_level) {
            Ok(level) => {
                println!("{}", share::encode(&level));
                0
            }
            Err(code) => code,
        },
        Command::Pack(PackCommand::Encode { file }) => pack_encode_command(&file),
        Command::Pack(PackCommand::Decode { code, json }) => pack_decode_command(&code, json),
        Command::Share(ShareCommand::Decode { code }) => match share::decode(&code) {
            Ok(level) => {
                println!("{}", level_to_string(&level));
                0
            }
            Err(e) => {
                eprintln!("share decode: {e}");
                1
            }
        },
    }
}

#[derive(Serialize)]
struct FileReport {
    file: String,
    pack: Option<u32>,
    title: Option<String>,
    errors: Vec<String>,
    /// Broken pack rules of the content law (sizes, tutorial table, knob schedule…).
    pack_problems: Vec<String>,
    levels: Vec<LevelRow>,
}

/// One level of `hex verify`: the engine's report, with its problems and the
/// pack rules the level breaks as sentences (in `--json` too, where the report's
/// fields appear as they are and `problems` is that list of sentences).
struct LevelRow {
    report: CheckReport,
    problems: Vec<String>,
    ok: bool,
}

impl LevelRow {
    fn new(report: CheckReport) -> LevelRow {
        LevelRow {
            problems: report.problems.iter().map(ToString::to_string).collect(),
            ok: report.ok,
            report,
        }
    }
}

impl Serialize for LevelRow {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let mut v = serde_json::to_value(&self.report).map_err(serde::ser::Error::custom)?;
        v["problems"] = serde_json::json!(self.problems);
        v["ok"] = serde_json::json!(self.ok);
        v.serialize(ser)
    }
}

/// Applies the reasoning order across all loaded packs (difficulty rising inside a
/// pack, one new technique per pack) to the reports.
fn reasoning_order(reports: &mut [FileReport]) {
    let order: Vec<(u32, Vec<&CheckReport>)> = reports
        .iter()
        .filter_map(|f| Some((f.pack?, f.levels.iter().map(|r| &r.report).collect())))
        .collect();
    let violations = content::reasoning_order(&order);
    for (pack, v) in violations {
        let Some(f) = reports.iter_mut().find(|f| f.pack == Some(pack)) else {
            continue;
        };
        match v
            .level
            .as_ref()
            .and_then(|id| f.levels.iter_mut().find(|r| &r.report.id == id))
        {
            Some(r) => {
                r.problems.push(v.message);
                r.ok = false;
            }
            None => f.pack_problems.push(v.message),
        }
    }
}

#[derive(Serialize)]
struct VerifyReport {
    ok: bool,
    levels: usize,
    failed: usize,
    files: Vec<FileReport>,
}

fn verify(files: &[String], json: bool, node_limit: u64) -> i32 {
    let opts = CheckOptions {
        node_limit,
        ..CheckOptions::default()
    };
    let mut loaded: Vec<u32> = Vec::new();
    let mut reports: Vec<FileReport> = files
        .iter()
        .map(|file| verify_file(file, &opts, &mut loaded))
        .collect();
    reasoning_order(&mut reports);
    let levels: usize = reports.iter().map(|f| f.levels.len()).sum();
    let failed: usize = reports
        .iter()
        .map(|f| f.levels.iter().filter(|l| !l.ok).count())
        .sum();
    let load_errors = reports.iter().any(|f| !f.errors.is_empty());
    let pack_problems: usize = reports.iter().map(|f| f.pack_problems.len()).sum();
    let ok = failed == 0 && !load_errors && pack_problems == 0;
    if json {
        let v = VerifyReport {
            ok,
            levels,
            failed,
            files: reports,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&v).expect("report serialises")
        );
    } else {
        print_verify_table(&reports);
        println!(
            "{levels} level(s) checked, {failed} failed{}{}",
            if pack_problems > 0 {
                format!(", {pack_problems} pack rule(s) broken")
            } else {
                String::new()
            },
            if load_errors {
                ", some files did not load"
            } else {
                ""
            }
        );
    }
    if ok {
        0
    } else {
        1
    }
}

/// Loads one file and checks every level in it, then applies the content
/// law's pack rules (sizes, tutorial table, knob schedule, spinner limits);
/// `loaded` collects the content pack numbers seen so far.
fn verify_file(file: &str, opts: &CheckOptions, loaded: &mut Vec<u32>) -> FileReport {
    let mut fr = FileReport {
        file: file.to_string(),
        pack: None,
        title: None,
        errors: Vec::new(),
        pack_problems: Vec::new(),
        levels: Vec::new(),
    };
    let pack = match read_input(file)
        .map_err(|e| vec![e])
        .and_then(|t| parse_any(&t).map_err(|errs| errs.iter().map(|e| e.to_string()).collect()))
    {
        Ok(pack) => pack,
        Err(errs) => {
            fr.errors = errs;
            return fr;
        }
    };
    fr.pack = Some(pack.pack);
    fr.title = Some(pack.title.clone()).filter(|t| !t.is_empty());
    fr.levels = pack
        .levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut row = LevelRow::new(check_level_with_reasoning(
                l,
                &content::check_options(pack.pack, i + 1, opts),
            ));
            let problems = content::reasoning_rules(pack.pack, &row.report);
            row.ok &= problems.is_empty();
            row.problems.extend(problems);
            row
        })
        .collect();
    if content::pack_kind(pack.pack) != content::PackKind::Other {
        if loaded.contains(&pack.pack) {
            fr.pack_problems
                .push(format!("pack {} is loaded twice", pack.pack));
        }
        loaded.push(pack.pack);
    }
    for v in content::pack_rules(&pack) {
        match v
            .level
            .as_ref()
            .and_then(|id| fr.levels.iter_mut().find(|r| &r.report.id == id))
        {
            Some(r) => {
                r.problems.push(v.message);
                r.ok = false;
            }
            None => fr.pack_problems.push(v.message),
        }
    }
    fr
}

/// The human table of `hex verify`: one row per level, its problems below it.
fn print_verify_table(reports: &[FileReport]) {
    println!(
        "{:<10} {:>5} {:>5} {:>5} {:>5} {:>8} {:>9} {:>12} {:>14} {:>10} {:>4} {:>5}  result",
        "id",
        "cells",
        "walls",
        "holes",
        "clues",
        "spinners",
        "solutions",
        "walls-matter",
        "spinner-checks",
        "search",
        "tier",
        "steps"
    );
    for f in reports {
        for e in &f.errors {
            println!("{}: {e}", f.file);
        }
        for e in &f.pack_problems {
            println!("{}: ! {e}", f.file);
        }
        for row in &f.levels {
            let r = &row.report;
            let (tier, steps) = match &r.reasoning {
                Some(x) if x.outcome == Outcome::Solved => {
                    (x.grade.tier.to_string(), x.grade.steps.to_string())
                }
                Some(_) => ("-".to_string(), "stuck".to_string()),
                None => ("?".to_string(), "?".to_string()),
            };
            println!(
                "{:<10} {:>5} {:>5} {:>5} {:>5} {:>8} {:>9} {:>12} {:>14} {:>10.1} {:>4} {:>5}  {}",
                r.id,
                r.cells,
                r.walls,
                r.holes,
                r.clues,
                r.spinners,
                r.count.label(),
                r.walls_matter.word(),
                spinner_summary(r),
                r.difficulty.score,
                tier,
                steps,
                if row.ok { "ok" } else { "FAIL" }
            );
            for p in &row.problems {
                println!("    ! {p}");
            }
        }
    }
}

/// `hex pack encode`: the code of a pack file; exit 2 if the file or pack is bad.
fn pack_encode_command(file: &str) -> i32 {
    let pack = match read_parsed(file, parse_pack) {
        Ok(p) => p,
        Err(code) => return code,
    };
    match pack_code::encode(&pack) {
        Ok(code) => {
            println!("{code}");
            0
        }
        Err(e) => {
            eprintln!("pack encode: {file}: {e}");
            2
        }
    }
}

/// `hex pack decode`: the pack of a code, as a summary or (`--json`) a pack
/// file; exit 2 with the reason if the code cannot be read.
fn pack_decode_command(code: &str, json: bool) -> i32 {
    let pack = match pack_code::decode(code) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("pack decode: {e}");
            return 2;
        }
    };
    if json {
        println!("{}", pack_to_string(&pack));
    } else {
        println!("pack {:?}: {} level(s)", pack.title, pack.levels.len());
        for l in &pack.levels {
            println!(
                "{:<10} {:>3} cells {:>2} walls {:>2} spinners  {}",
                l.id,
                l.len(),
                l.walls().len(),
                l.spinners().len(),
                l.title.as_deref().unwrap_or("")
            );
        }
    }
    0
}

/// `hex deduce`: solve a level or a pack by reasoning only and print the JSON report.
fn deduce_command(file: &str, trace: bool, max_tier: u8) -> i32 {
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let single = serde_json::from_str::<serde_json::Value>(&text)
        .map(|v| v.get("levels").is_none())
        .unwrap_or(true);
    match parse_any(&text) {
        Ok(pack) => {
            println!(
                "{}",
                super::hex_deduce::deduce_levels(&pack.levels, single, trace, max_tier)
            );
            0
        }
        Err(errs) => {
            print_errors(file, &errs);
            2
        }
    }
}

/// `hex hint`: the hint for a drawn path, as JSON.
fn hint_command(file: &str, path: &str) -> i32 {
    let level = match read_parsed(file, parse_level) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let ids: Vec<String> = path
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    match super::hex_deduce::hint_for(&level, &ids) {
        Ok(out) => {
            println!("{out}");
            0
        }
        Err(e) => {
            eprintln!("hint: {e}");
            2
        }
    }
}

/// `hex bench-generate`: generation time per board size over a run of seeds.
fn bench_generate_command(cmd: Command) -> i32 {
    let Command::BenchGenerate {
        cells,
        seeds,
        first_seed,
        walls,
        holes,
        spinners,
        repeat,
        check,
        per_seed,
        node_limit,
    } = cmd
    else {
        unreachable!("bench_generate_command takes only hex bench-generate")
    };
    super::hex_bench::run(&super::hex_bench::BenchOptions {
        cells,
        seeds,
        first_seed,
        walls,
        holes,
        spinners,
        repeat,
        check,
        per_seed,
        node_limit,
    })
}
