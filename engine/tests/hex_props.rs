//! Property tests: solver vs. brute force, share and pack codes, loaders never panic.

use engine::code_envelope;
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::{level_to_string, parse_any, parse_level, Pack};
use engine::hex::model::{Level, LevelParts};
use engine::hex::pack_code::{self, PackError};
use engine::hex::rules::{self, check_step};
use engine::hex::share;
use engine::hex::solver::{solve, SolveOptions};
use proptest::prelude::*;

/// Plain enumeration of every legal complete path (no pruning at all).
fn brute_force(level: &Level) -> u64 {
    fn go(level: &Level, path: &mut Vec<usize>, count: &mut u64) {
        if path.len() == level.len() {
            if rules::is_solution(level, path) {
                *count += 1;
            }
            return;
        }
        let end = *path.last().unwrap();
        for (_, nx) in level.neighbors(end) {
            if check_step(level, path, nx).is_ok() {
                path.push(nx);
                go(level, path, count);
                path.pop();
            }
        }
    }
    let mut count = 0;
    for s in rules::legal_starts(level) {
        let mut path = vec![s];
        go(level, &mut path, &mut count);
    }
    count
}

/// A generated level, then thinned: some clues dropped so counts above one happen.
fn level_strategy() -> impl Strategy<Value = Level> {
    (
        4usize..=12,
        0usize..=1,
        0usize..=3,
        0usize..=2,
        any::<u64>(),
        any::<u8>(),
    )
        .prop_filter_map(
            "generator gave up",
            |(cells, holes, walls, spinners, seed, drop)| {
                let holes = if cells >= 8 { holes } else { 0 };
                let spinners = if cells >= 8 { spinners } else { 0 };
                let l = generate(&GenOptions {
                    cells,
                    holes,
                    walls,
                    spinners,
                    seed,
                    attempts: 20,
                    ..GenOptions::default()
                })
                .ok()?;
                let mut parts: LevelParts = l.parts();
                for (i, c) in parts.cells.iter_mut().enumerate() {
                    if drop >> (i % 8) & 1 == 1 {
                        c.clue = None;
                    }
                }
                Level::build(parts).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(level in level_strategy()) {
        let r = solve(&level, &SolveOptions { limit: 0, node_limit: 0 });
        prop_assert_eq!(r.count, brute_force(&level));
        if let Some(p) = &r.first {
            prop_assert!(rules::is_solution(&level, p));
        }
        if let Some(p) = &r.second {
            prop_assert!(rules::is_solution(&level, p));
            prop_assert_ne!(r.first.as_ref(), Some(p));
        }
        let capped = solve(&level, &SolveOptions::default());
        prop_assert_eq!(capped.count, r.count.min(2));
        prop_assert_eq!(capped.capped, r.count >= 2);
    }

    #[test]
    fn share_round_trip_is_identity(level in level_strategy(), title in proptest::option::of("[a-z 六边一笔]{0,12}")) {
        let mut parts = level.parts();
        parts.title = title.filter(|t| !t.is_empty());
        let level = Level::build(parts).unwrap();
        let code = share::encode(&level);
        let back = share::decode(&code).unwrap();
        prop_assert_eq!(back.len(), level.len());
        prop_assert_eq!(&back.title, &level.title);
        for c in level.cells() {
            let j = back.index_at(c.pos).unwrap();
            prop_assert_eq!(back.cell(j).clue, c.clue);
        }
        let pos_walls = |l: &Level| {
            let mut v: Vec<_> = l.walls().iter().map(|e| {
                let (a, b) = (l.cell(e.a).pos, l.cell(e.b).pos);
                if a < b { (a, b) } else { (b, a) }
            }).collect();
            v.sort();
            v
        };
        prop_assert_eq!(pos_walls(&back), pos_walls(&level));
        let spins = |l: &Level| {
            let mut v: Vec<_> = l.spinners().iter().map(|s| (s.vertex, s.vertex_corner, s.vertex_phase)).collect();
            v.sort();
            v
        };
        prop_assert_eq!(spins(&back), spins(&level));
        // the code is stable and never carries the solution
        prop_assert_eq!(share::encode(&back), code);
        // the file format round trip is exact too
        prop_assert_eq!(parse_level(&level_to_string(&level)).unwrap(), level);
    }

    #[test]
    fn decoder_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let as_b64 = code_envelope::base64url(&bytes);
        let _ = share::decode(&as_b64);
        let text = String::from_utf8_lossy(&bytes);
        let _ = share::decode(&text);
        let _ = parse_any(&text);
    }

    #[test]
    fn decoder_never_panics_on_mutated_codes(level in level_strategy(), pos in any::<usize>(), byte in any::<u8>(), cut in any::<usize>()) {
        let raw = code_envelope::unbase64url(&share::encode(&level)).unwrap();
        let mut m = raw.clone();
        let i = pos % m.len();
        m[i] = byte;
        let _ = share::decode(&code_envelope::base64url(&m));
        let _ = share::decode(&code_envelope::base64url(&raw[..cut % raw.len()]));
    }

    #[test]
    fn loader_never_panics_on_json_shapes(
        cells in proptest::collection::vec((-3i32..3, -3i32..3, proptest::option::of(0u32..8)), 0..8),
        walls in proptest::collection::vec((0usize..9, 0usize..9), 0..4),
        spinners in proptest::collection::vec((0usize..9, 0u8..8, 0u8..4), 0..3),
    ) {
        let cj: Vec<serde_json::Value> = cells.iter().enumerate().map(|(i, (q, r, c))| {
            let mut v = serde_json::json!({"id": format!("c{i}"), "q": q, "r": r});
            if let Some(c) = c { v["clue"] = serde_json::json!(c); }
            v
        }).collect();
        let wj: Vec<_> = walls.iter().map(|(a, b)| serde_json::json!([format!("c{a}"), format!("c{b}")])).collect();
        let sj: Vec<_> = spinners.iter().map(|(c, k, p)| serde_json::json!({"cell": format!("c{c}"), "corner": k, "phase": p})).collect();
        let text = serde_json::json!({"id": "p", "cells": cj, "walls": wj, "spinners": sj}).to_string();
        if let Ok(level) = parse_level(&text) {
            // anything that loads can be solved, checked and shared
            let _ = solve(&level, &SolveOptions { limit: 2, node_limit: 10_000 });
            prop_assert!(share::decode(&share::encode(&level)).is_ok());
        }
    }

    #[test]
    fn pack_round_trip_keeps_every_level_in_order(
        levels in proptest::collection::vec(level_strategy(), 1..5),
        title in "[a-z 六边一笔]{0,20}",
    ) {
        let pack = Pack { pack: 9, title, levels };
        let code = pack_code::encode(&pack).unwrap();
        let back = pack_code::decode(&code).unwrap();
        prop_assert_eq!(&back.title, &pack.title);
        prop_assert_eq!(back.levels.len(), pack.levels.len());
        for (a, b) in pack.levels.iter().zip(&back.levels) {
            prop_assert_eq!(share::encode(a), share::encode(b));
        }
        prop_assert_eq!(pack_code::encode(&back).unwrap(), code);
    }

    #[test]
    fn pack_decoder_never_panics_on_text_or_bytes(
        text in ".{0,300}",
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let _ = pack_code::decode(&text);
        let _ = pack_code::decode(&code_envelope::base64url(&bytes));
        // the same bytes as a pack code's content with a good checksum, so the
        // reader behind the envelope is reached
        let mut body = vec![pack_code::VERSION];
        body.extend(&bytes);
        if let Ok(pack) = pack_code::decode(&code_envelope::seal(body)) {
            prop_assert!(pack_code::decode(&pack_code::encode(&pack).unwrap()).is_ok());
        }
    }

    #[test]
    fn pack_decoder_never_panics_on_mutated_codes(
        levels in proptest::collection::vec(level_strategy(), 1..4),
        pos in any::<usize>(),
        ch in proptest::sample::select(b"AQgw-_9z".to_vec()),
        byte in any::<u8>(),
        cut in any::<usize>(),
    ) {
        let code = pack_code::encode(&Pack { pack: 1, title: "t".into(), levels }).unwrap();
        // a character changed: the checksum catches it (unless only the last
        // character's unused low bits changed, which leaves the same bytes)
        let mut flipped = code.clone().into_bytes();
        let i = pos % flipped.len();
        flipped[i] = ch;
        let flipped = String::from_utf8(flipped).unwrap();
        let result = pack_code::decode(&flipped);
        if code_envelope::unbase64url(&flipped) != code_envelope::unbase64url(&code) {
            prop_assert!(result.is_err());
        }
        // cut short: refused, and never taken for anything but a damaged code
        let cut = cut % code.len();
        let e = pack_code::decode(&code[..cut]).unwrap_err();
        prop_assert!(matches!(
            e,
            PackError::Empty | PackError::Truncated | PackError::Altered
        ), "{:?}", e);
        // a byte of the content changed and the checksum made good again
        let raw = code_envelope::unbase64url(&code).unwrap();
        let mut body = raw[..raw.len() - 4].to_vec();
        let j = 1 + pos % (body.len() - 1);
        body[j] = byte;
        let _ = pack_code::decode(&code_envelope::seal(body.clone()));
        body.truncate(j);
        let _ = pack_code::decode(&code_envelope::seal(body));
    }

    #[test]
    fn level_and_pack_codes_refuse_each_other(level in level_strategy()) {
        let level_code = share::encode(&level);
        let e = pack_code::decode(&level_code).unwrap_err();
        prop_assert!(e.to_string().contains("this is a level code, not a pack code"));
        let pack = Pack { pack: 1, title: String::new(), levels: vec![level] };
        let e = share::decode(&pack_code::encode(&pack).unwrap()).unwrap_err();
        prop_assert!(e.to_string().contains("this is a pack code, not a level code"));
    }
}
