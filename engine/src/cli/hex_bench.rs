//! `engine hex bench-generate`: generation time per board size over a run of
//! seeds, as median and worst, for quick quotes next to the criterion bench.

use std::time::Instant;

use engine::hex::checks::{check_level, CheckOptions};
use engine::hex::generator::{generate_costed, GenOptions};

/// What to time.
pub struct BenchOptions {
    pub cells: Vec<usize>,
    pub seeds: u64,
    pub first_seed: u64,
    pub walls: usize,
    pub holes: usize,
    pub spinners: usize,
    /// Runs per seed; the fastest counts (the others absorb a loaded machine's noise).
    pub repeat: u32,
    /// Also run the content checks on every level (not timed).
    pub check: bool,
    /// A line per seed as well.
    pub per_seed: bool,
    /// The generator's node limit (0: its default).
    pub node_limit: u64,
}

/// Prints one line per size; exit code 1 if a seed fails or a check fails.
pub fn run(o: &BenchOptions) -> i32 {
    println!(
        "{:>5} {:>5} {:>10} {:>10} {:>10} {:>8} {:>8} {:>9} {:>9} {:>6} {:>7}",
        "cells",
        "seeds",
        "median ms",
        "worst ms",
        "mean ms",
        "cpu med",
        "cpu max",
        "nodes med",
        "nodes max",
        "clues",
        "checked"
    );
    let mut failed = false;
    for &cells in &o.cells {
        let mut times = Vec::new();
        let mut cpu = Vec::new();
        let mut nodes: Vec<u64> = Vec::new();
        let mut clues = Vec::new();
        let mut bad = 0;
        for seed in o.first_seed..o.first_seed + o.seeds {
            let opts = GenOptions {
                cells,
                walls: o.walls,
                holes: o.holes,
                spinners: o.spinners,
                seed,
                ..GenOptions::default()
            };
            let opts = GenOptions {
                node_limit: if o.node_limit > 0 {
                    o.node_limit
                } else {
                    opts.node_limit
                },
                ..opts
            };
            let mut best = f64::INFINITY;
            let mut best_cpu = f64::INFINITY;
            let mut level = None;
            let mut cost = Default::default();
            for _ in 0..o.repeat.max(1) {
                let c0 = thread_cpu_ns();
                let t = Instant::now();
                let (r, spent) = generate_costed(&opts);
                cost = spent;
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
                if let (Some(a), Some(b)) = (c0, thread_cpu_ns()) {
                    best_cpu = best_cpu.min((b - a) as f64 / 1e6);
                }
                level = Some(r);
            }
            cpu.push(best_cpu);
            nodes.push(cost.nodes);
            if o.per_seed {
                println!(
                    "  seed {seed}: {best:.2} ms, cpu {best_cpu:.2} ms, {} nodes, {} attempt(s)",
                    cost.nodes, cost.attempts
                );
            }
            match level.expect("ran at least once") {
                Ok(l) => {
                    times.push(best);
                    clues.push(l.clue_count());
                    if o.check
                        && !check_level(
                            &l,
                            &CheckOptions {
                                node_limit: 50_000_000,
                                ..CheckOptions::default()
                            },
                        )
                        .ok
                    {
                        eprintln!("cells {cells} seed {seed}: the level fails the content checks");
                        bad += 1;
                    }
                }
                Err(e) => {
                    eprintln!("cells {cells} seed {seed}: {e}");
                    bad += 1;
                }
            }
        }
        failed |= bad > 0;
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        cpu.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        clues.sort_unstable();
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "{:>5} {:>5} {:>10.2} {:>10.2} {:>10.2} {:>8.2} {:>8.2} {:>9} {:>9} {:>6} {:>7}",
            cells,
            times.len(),
            median(&times),
            times[times.len() - 1],
            mean,
            median(&cpu),
            cpu[cpu.len() - 1],
            nodes[nodes.len() / 2],
            nodes[nodes.len() - 1],
            clues[clues.len() / 2],
            if o.check {
                format!("{} bad", bad)
            } else {
                "-".into()
            }
        );
    }
    if failed {
        1
    } else {
        0
    }
}

/// The median of sorted samples (the mean of the middle two for an even count).
pub(super) fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// CPU time this thread has run, in nanoseconds: on a shared, loaded machine it
/// is steadier than wall time, which mostly measures the other work.
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}
