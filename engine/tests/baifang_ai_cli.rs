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

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The review of a fixed game (`tests/data/baifang-game.json`: 37 turns,
/// captures in both phases, ends by fewer than four stones) is pinned in
/// `tests/data/baifang-game-review.json`. After a deliberate change to the
/// search or the classification, regenerate it with
/// `engine baifang analyse engine/tests/data/baifang-game.json --nodes 5000
/// > engine/tests/data/baifang-game-review.json` and review the diff.
#[test]
fn analyse_prints_the_pinned_review() {
    let o = engine(
        &[
            "baifang",
            "analyse",
            &data("baifang-game.json"),
            "--nodes",
            "5000",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let got: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    let pinned = std::fs::read_to_string(data("baifang-game-review.json")).unwrap();
    let want: serde_json::Value = serde_json::from_str(&pinned).unwrap();
    assert_eq!(got, want, "the review changed; see this test's doc comment");

    // The shape the review screen relies on.
    let game: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(data("baifang-game.json")).unwrap()).unwrap();
    let (positions, turns) = (
        got["positions"].as_array().unwrap(),
        got["turns"].as_array().unwrap(),
    );
    assert_eq!(got["format"], 1);
    assert_eq!(got["nodes"], 5000);
    assert_eq!(turns.len(), game.len()); // one packet per turn in this game
    assert_eq!(positions.len(), turns.len() + 1);
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t["turn"], i);
        assert!(classes.contains(&t["class"].as_str().unwrap()), "{t}");
        assert!(t["loss"].as_i64().unwrap() >= 0);
        assert_eq!(t["side"], positions[i]["toMove"]);
        // The played turn is the game's packet, expanded into actions.
        assert_eq!(t["played"][0]["actionType"], game[i]["actionType"]);
    }
    let last = positions.last().unwrap();
    assert_eq!(last["scoreBlack"], 30000); // Black won
    assert_eq!(last["best"], serde_json::json!([]));

    // The same game from stdin gives the same review.
    let text = std::fs::read_to_string(data("baifang-game.json")).unwrap();
    let o2 = engine(&["baifang", "analyse", "-", "--nodes", "5000"], &text);
    assert_eq!(out(&o2), out(&o));
}

#[test]
fn analyse_rejects_bad_input_with_a_sentence() {
    let cases: [(&[&str], &str, &str); 4] = [
        (&["-"], "[{\"actionType\":0,", "malformed action list"),
        (
            &["-"],
            "[{\"actionType\":0,\"toIndex\":3},{\"actionType\":0,\"toIndex\":3}]",
            "action 1 is illegal",
        ),
        (&["/nonexistent/game.json"], "", "cannot read"),
        (&["-", "--nodes", "0"], "[]", "--nodes must be at least 1"),
    ];
    for (args, stdin, says) in cases {
        let mut all = vec!["baifang", "analyse"];
        all.extend_from_slice(args);
        let o = engine(&all, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr.clone()).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    // An empty game is a review of the start position.
    let o = engine(&["baifang", "analyse", "-", "--nodes", "500"], "[]");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["turns"], serde_json::json!([]));
    assert_eq!(v["positions"].as_array().unwrap().len(), 1);
}
