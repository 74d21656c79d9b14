//! `engine baifang bench | selfplay | ai` command-line contract.

mod common;

use common::{engine, stdout as out};

#[test]
fn selfplay_prints_the_summary_line() {
    let o = engine(
        &[
            "baifang", "selfplay", "--a", "beginner", "--b", "random", "--games", "6", "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    let s = out(&o);
    assert!(
        s.contains("selfplay: A won 6, B won 0, unfinished 0"),
        "{s}"
    );
    assert!(
        s.contains("average length") && s.contains("first player"),
        "{s}"
    );
    // Same seed, one thread: same result.
    let o1 = engine(
        &[
            "baifang",
            "selfplay",
            "--a",
            "入门",
            "--b",
            "random",
            "--games",
            "6",
            "--seed",
            "3",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(out(&o1).lines().last(), s.lines().last());
    let bad = engine(
        &["baifang", "selfplay", "--a", "grandmaster", "--b", "random"],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn bench_prints_nodes_per_second() {
    let o = engine(&["baifang", "bench", "--depth", "3", "--runs", "1"], "");
    assert_eq!(o.status.code(), Some(0));
    let s = out(&o);
    assert!(s.starts_with("bench: depth 3, 8 positions, "), "{s}");
    assert!(s.contains("M nodes/s"), "{s}");
}

#[test]
fn ai_prints_a_replayable_turn() {
    let o = engine(&["baifang", "ai", "-", "--strength", "medium"], "[]");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["reply"]["turn"][0]["actionType"], 0);
    assert_eq!(v["packet"]["actionType"], 0);
    let packet = serde_json::to_string(&[&v["packet"]]).unwrap();
    let r = engine(&["baifang", "replay", "-"], &packet);
    let rv: serde_json::Value = serde_json::from_str(&out(&r)).unwrap();
    assert_eq!(rv["error"], serde_json::Value::Null);
    assert_eq!(rv["toMove"], "W");
    let hint = engine(&["baifang", "ai", "-", "--strength", "hint"], "[]");
    assert_eq!(hint.status.code(), Some(0));
    let bad = engine(&["baifang", "ai", "-"], "[{\"actionType\":9}]");
    assert_eq!(bad.status.code(), Some(1));
}
