//! Hex Stroke deduction solver benchmarks: every shipped level solved by reasoning
//! (what the content law runs), the teaching hint at every step of every shipped
//! level (what a hint press costs), and reasoning on generated 20-, 60- and 100-cell
//! boards (what the editor's worker runs).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::hex::deduce::{deduce, next_step_reason, MAX_TIER};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::parse_pack;
use engine::hex::solver::{solve, SolveOptions};
use engine::hex::Level;

fn shipped() -> Vec<Level> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("levels/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            parse_pack(&std::fs::read_to_string(f).expect("readable"))
                .expect("pack")
                .levels
        })
        .collect()
}

fn all_shipped(c: &mut Criterion) {
    let levels = shipped();
    let mut g = c.benchmark_group("hex_deduce_shipped");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function(BenchmarkId::from_parameter(levels.len()), |b| {
        b.iter(|| {
            for l in &levels {
                black_box(deduce(black_box(l), MAX_TIER));
            }
        })
    });
    let paths: Vec<Vec<usize>> = levels
        .iter()
        .map(|l| solve(l, &SolveOptions::default()).first.expect("solvable"))
        .collect();
    g.bench_function("hint_every_step", |b| {
        b.iter(|| {
            for (l, p) in levels.iter().zip(&paths) {
                for k in 0..p.len() {
                    black_box(next_step_reason(l, &p[..k]));
                }
            }
        })
    });
    g.finish();
}

fn generated(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_deduce_generated");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for cells in [20, 60, 100] {
        let level = generate(&GenOptions {
            cells,
            walls: 3,
            seed: 1,
            ..GenOptions::default()
        })
        .expect("generated");
        g.bench_with_input(BenchmarkId::from_parameter(cells), &level, |b, l| {
            b.iter(|| deduce(black_box(l), MAX_TIER))
        });
    }
    g.finish();
}

criterion_group!(benches, all_shipped, generated);
criterion_main!(benches);
