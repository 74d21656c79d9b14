//! Baifang AI throughput: nodes (positions entered, one make-move each) per
//! second of the alpha-beta search at a fixed depth over the fixed bench
//! positions (`engine::baifang::ai::BENCH_POSITIONS`).
//!
//! `cargo bench -p engine --bench baifang_ai`. Nodes/s = nodes / median time.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::baifang::ai::{self, Searcher};
use std::hint::black_box;

fn bench_search(c: &mut Criterion) {
    let mut g = c.benchmark_group("baifang_ai");
    g.sample_size(10);
    let mut searcher = Searcher::new();
    for depth in [6u32, 8] {
        let r = ai::bench(&mut searcher, depth);
        g.throughput(Throughput::Elements(r.nodes));
        g.bench_function(format!("search_depth{depth}_{}pos", r.positions), |b| {
            b.iter(|| black_box(ai::bench(&mut searcher, black_box(depth))))
        });
    }
    g.finish();
}

fn bench_eval(c: &mut Criterion) {
    let mut g = c.benchmark_group("baifang_ai_eval");
    let pos = ai::bench_positions();
    g.throughput(Throughput::Elements(pos.len() as u64));
    g.bench_function("evaluate_bench_positions", |b| {
        b.iter(|| {
            pos.iter()
                .map(|s| ai::eval::evaluate(black_box(s)))
                .sum::<i32>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_search, bench_eval);
criterion_main!(benches);
