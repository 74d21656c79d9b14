//! Hex Stroke benchmarks at 20, 60 and 100 cells, each with 3 walls: solving to
//! uniqueness (limit 2), and generating the levels of seeds 1–20 (one iteration
//! makes all 20, so a sample is their total; `engine hex bench-generate` gives
//! the median and worst seed).

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::solver::{solve, SolveOptions};

/// The seeds every generation sample makes, one level each.
const SEEDS: std::ops::Range<u64> = 1..21;

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
    let mut g = c.benchmark_group("hex_generate_20_seeds");
    // a sample is 20 whole generations (up to seconds): flat sampling, 10 of them
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(20));
    for cells in [20, 60, 100] {
        g.throughput(Throughput::Elements(SEEDS.end - SEEDS.start));
        g.bench_function(BenchmarkId::from_parameter(cells), |b| {
            b.iter(|| {
                SEEDS
                    .map(|seed| generate(black_box(&opts(cells, seed))).expect("generated"))
                    .collect::<Vec<_>>()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, solve_unique, generate_levels);
criterion_main!(benches);
