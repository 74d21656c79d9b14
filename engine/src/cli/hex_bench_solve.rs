//! `engine hex bench-solve`: the uniqueness proof's time per board size over a set of
//! level files, timed in-process (no process start-up), as median and worst.

use std::collections::BTreeMap;
use std::time::Instant;

use engine::hex::level_file::parse_any;
use engine::hex::solver::{solve, SolveOptions};

use super::hex_bench::median;

/// One level's measurement.
struct Row {
    ms: f64,
    nodes: u64,
    count: u64,
}

/// Times `solve(limit)` on every level of `files` (each `repeat` times, the median run
/// counts, like the SAT reference's `--reps`) and prints one line per cell count.
/// Exit code 2 if a file does not load.
pub fn run(files: &[String], limit: u64, repeat: u32, per_level: bool) -> i32 {
    let mut groups: BTreeMap<usize, Vec<Row>> = BTreeMap::new();
    for file in files {
        let pack = match std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|t| parse_any(&t).map_err(|e| format!("{e:?}")))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{file}: {e}");
                return 2;
            }
        };
        for level in &pack.levels {
            let opts = SolveOptions {
                limit,
                node_limit: 0,
            };
            let mut times = Vec::new();
            let mut last = None;
            for _ in 0..repeat.max(1) {
                let t = Instant::now();
                let r = solve(level, &opts);
                times.push(t.elapsed().as_secs_f64() * 1e3);
                last = Some(r);
            }
            let r = last.expect("ran at least once");
            times.sort_by(f64::total_cmp);
            let row = Row {
                ms: times[times.len() / 2],
                nodes: r.nodes,
                count: r.count,
            };
            if per_level {
                println!(
                    "  {file} {}: {:.3} ms, {} nodes, {} solution(s)",
                    level.id, row.ms, row.nodes, row.count
                );
            }
            groups.entry(level.len()).or_default().push(row);
        }
    }
    println!(
        "{:>5} {:>6} {:>10} {:>10} {:>10} {:>9} {:>9} {:>7}",
        "cells", "levels", "median ms", "worst ms", "mean ms", "nodes med", "nodes max", "unique"
    );
    for (cells, rows) in &groups {
        let mut ms: Vec<f64> = rows.iter().map(|r| r.ms).collect();
        ms.sort_by(f64::total_cmp);
        let mut nodes: Vec<u64> = rows.iter().map(|r| r.nodes).collect();
        nodes.sort_unstable();
        let unique = rows.iter().filter(|r| r.count == 1).count();
        println!(
            "{:>5} {:>6} {:>10.3} {:>10.3} {:>10.3} {:>9} {:>9} {:>7}",
            cells,
            rows.len(),
            median(&ms),
            ms[ms.len() - 1],
            ms.iter().sum::<f64>() / ms.len() as f64,
            nodes[nodes.len() / 2],
            nodes[nodes.len() - 1],
            unique
        );
    }
    0
}
