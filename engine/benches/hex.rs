//! Hex Stroke benchmarks: solve-to-uniqueness (limit 2) and generation at 20, 60
//! and 100 cells, each with 3 walls. Target: the 100-cell unique check well under 100 ms.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::solver::{solve, SolveOptions};

fn opts(cells: usize, seed: u64) -> GenOptions {
    GenOptions {
        cells,
        walls: 3,
        seed,
        ..GenOptions::default()
    }
}

fn solve_unique(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_solve_unique");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    for cells in [20, 60, 100] {
        let level = generate(&opts(cells, 1)).expect("generated");
        g.bench_with_input(BenchmarkId::from_parameter(cells), &level, |b, l| {
            b.iter(|| {
                let r = solve(black_box(l), &SolveOptions::default());
                assert_eq!(r.count, 1);
                r
            })
        });
    }
    g.finish();
}

fn generate_levels(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_generate");
    g.sample_size(10).measurement_time(Duration::from_secs(6));
    for cells in [20, 60, 100] {
        let mut seed = 0;
        g.bench_function(BenchmarkId::from_parameter(cells), |b| {
            b.iter(|| {
                seed += 1;
                generate(black_box(&opts(cells, seed))).expect("generated")
            })
        });
    }
    g.finish();
}

criterion_group!(benches, solve_unique, generate_levels);
criterion_main!(benches);
