//! Baifang throughput: perft leaves per second and random playouts per second.
//!
//! `cargo bench -p engine --bench baifang`. Leaves/s = perft count / median time.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::baifang::{perft, perft_full, playout, State};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;

/// A moving-phase position reached by a fixed placement order with captures.
fn midgame() -> State {
    let (b, w) = State::parse_board("BB.W. B.B.W ..... WWW.. ..W.W").unwrap();
    State::from_position(b, w, [0, 0], engine::baifang::Side::Black).unwrap()
}

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("baifang_perft");
    g.sample_size(10);
    let start = State::new();
    let n5 = perft(&start, 5);
    g.throughput(Throughput::Elements(n5));
    g.bench_function("start_depth5_bulk", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    let n4 = perft_full(&start, 4);
    g.throughput(Throughput::Elements(n4));
    g.bench_function("start_depth4_full", |b| {
        b.iter(|| perft_full(black_box(&start), 4))
    });
    let mid = midgame();
    let m6 = perft(&mid, 6);
    g.throughput(Throughput::Elements(m6));
    g.bench_function("midgame_depth6_bulk", |b| {
        b.iter(|| perft(black_box(&mid), 6))
    });
    let m5 = perft_full(&mid, 5);
    g.throughput(Throughput::Elements(m5));
    g.bench_function("midgame_depth5_full", |b| {
        b.iter(|| perft_full(black_box(&mid), 5))
    });
    g.finish();
}

fn bench_playout(c: &mut Criterion) {
    let mut g = c.benchmark_group("baifang_playout");
    const GAMES: u64 = 1000;
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("random_games_x1000", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..GAMES {
                let mut s = State::new();
                plies += playout(&mut s, &mut rng, 400);
            }
            black_box(plies)
        })
    });
    g.finish();
}

criterion_group!(benches, bench_perft, bench_playout);
criterion_main!(benches);
