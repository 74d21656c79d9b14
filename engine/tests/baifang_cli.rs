//! The `engine baifang …` / `engine spec anatomy` command-line contract.

mod common;

use common::{data, engine, stdout};

fn replay(json: &str) -> (i32, serde_json::Value, String) {
    let o = engine(&["baifang", "replay", "-"], json);
    let v = serde_json::from_str(&stdout(&o)).unwrap_or(serde_json::Value::Null);
    (
        o.status.code().unwrap(),
        v,
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn replay_of_the_empty_game_has_the_contract_fields_in_order() {
    let o = engine(&["baifang", "replay", "-"], "[]");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let keys = [
        "board",
        "phase",
        "toMove",
        "pendingCaptures",
        "capturable",
        "inHand",
        "timeouts",
        "winner",
        "reason",
        "applied",
        "error",
        "hash",
        "disconnects",
        "loopLocked",
    ];
    let mut at = 0;
    for k in keys {
        let p = out[at..]
            .find(&format!("\"{k}\""))
            .unwrap_or_else(|| panic!("{k} in order: {out}"));
        at += p;
    }
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["board"], ".".repeat(25));
    assert_eq!(v["phase"], "placing");
    assert_eq!(v["toMove"], "B");
    assert_eq!(v["pendingCaptures"], 0);
    assert_eq!(v["capturable"], serde_json::json!([]));
    assert_eq!(v["inHand"], serde_json::json!({"B": 12, "W": 12}));
    assert_eq!(v["timeouts"], serde_json::json!({"B": 0, "W": 0}));
    assert!(v["winner"].is_null() && v["reason"].is_null() && v["error"].is_null());
    assert_eq!(v["applied"], 0);
    let h = v["hash"].as_str().unwrap();
    assert_eq!(h.len(), 16);
    assert!(h.chars().all(|c| c.is_ascii_hexdigit()));
}

/// Black builds the square {0,1,5,6}; White plays far away.
const SQUARE: &str = r#"[
 {"actionType":0,"toIndex":0},{"actionType":0,"toIndex":24},
 {"actionType":0,"toIndex":1},{"actionType":0,"toIndex":22},
 {"actionType":0,"toIndex":5},{"actionType":0,"toIndex":20}"#;

#[test]
fn replay_reports_a_pending_capture_and_capturable_points() {
    let (code, v, _) = replay(&format!(
        "{SQUARE},{{\"actionType\":0,\"fromIndex\":-1,\"toIndex\":6,\"eatIndices\":[]}}]"
    ));
    assert_eq!(code, 0);
    assert_eq!(v["pendingCaptures"], 1);
    assert_eq!(v["toMove"], "B");
    assert_eq!(v["capturable"], serde_json::json!([20, 22, 24]));
    assert_eq!(v["applied"], 7);
    // The same turn in one packet (with seed packet extras) completes it.
    let (_, v, _) = replay(&format!(
        "{SQUARE},{{\"protocolVersion\":1,\"actionType\":0,\"playerID\":\"G:1\",\"fromIndex\":-1,\"toIndex\":6,\"eatIndices\":[22],\"timestamp\":1717000000000}}]"
    ));
    assert_eq!(v["pendingCaptures"], 0);
    assert_eq!(v["toMove"], "W");
    assert_eq!(v["board"], "BB...BB.............W...W");
    assert_eq!(v["inHand"], serde_json::json!({"B": 8, "W": 9}));
}

#[test]
fn illegal_actions_are_reported_with_exit_0() {
    let (code, v, _) = replay(&format!(
        "{SQUARE},{{\"actionType\":0,\"toIndex\":6}},{{\"actionType\":2,\"eatIndices\":[0]}},{{\"actionType\":0,\"toIndex\":7}}]"
    ));
    assert_eq!(code, 0);
    assert_eq!(v["applied"], 7);
    assert_eq!(v["error"]["index"], 7);
    let msg = v["error"]["message"].as_str().unwrap();
    assert!(msg.contains("no enemy stone"), "{msg}");
    // All-or-nothing multi-index capture: nothing of it was applied.
    let (_, v, _) = replay(&format!(
        "{SQUARE},{{\"actionType\":0,\"toIndex\":6}},{{\"actionType\":2,\"eatIndices\":[22,24]}}]"
    ));
    assert_eq!(v["error"]["index"], 7);
    assert_eq!(v["pendingCaptures"], 1);
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("only 1 capture"));
    // Empty index list.
    let (_, v, _) = replay(&format!(
        "{SQUARE},{{\"actionType\":0,\"toIndex\":6}},{{\"actionType\":2}}]"
    ));
    assert_eq!(v["error"]["index"], 7);
}

/// The anti-looping lock is compared at every shuttle move. Black's 7→6
/// completes the square {5,6,10,11} and captures 24; White's 17→18 empties a
/// point of the lock's context while Black shuttles back 6→7 (forming nothing:
/// the lock is cleared there); White steps back 18→17, restoring the context,
/// and Black's 7→6 completes the square again and must capture (23).
#[test]
fn replay_a_shuttle_after_the_context_changed_captures_again() {
    let path = data("baifang-lock-context-restored.json");
    let o = engine(&["baifang", "replay", &path], "");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["error"].is_null(), "{}", v["error"]);
    assert_eq!(v["applied"], 29, "every packet, the last capture included");
    assert_eq!(v["phase"], "moving");
    assert_eq!(v["toMove"], "W");
    assert_eq!(v["board"], "BWWBBBB.BBBBWWWBBW..WWB..");
    // The capturing shuttle left its stone locked where it stands.
    assert_eq!(v["loopLocked"], serde_json::json!([6]));
    assert_eq!(v["disconnects"], serde_json::json!({"B": 0, "W": 0}));
    // Without the last packet the capture is owed at 23 (and at any loose White stone).
    let packets = std::fs::read_to_string(&path).unwrap();
    let mut list: Vec<serde_json::Value> = serde_json::from_str(&packets).unwrap();
    let last = list.pop().unwrap();
    list.push(serde_json::json!({"actionType": 1, "fromIndex": 7, "toIndex": 6}));
    assert_eq!(last["eatIndices"], serde_json::json!([23]));
    let (code, v, _) = replay(&serde_json::to_string(&list).unwrap());
    assert_eq!(code, 0);
    assert_eq!(v["pendingCaptures"], 1);
    assert_eq!(v["toMove"], "B");
}

#[test]
fn finished_games_report_winner_and_reason() {
    let (code, v, _) = replay(r#"[{"actionType":0,"toIndex":12},{"actionType":3}]"#);
    assert_eq!(code, 0);
    assert_eq!(v["phase"], "finished");
    assert_eq!(v["winner"], "B");
    assert_eq!(v["reason"], "resign");
    assert_eq!(v["toMove"], "W");
    let (_, v, _) = replay(r#"[{"actionType":3,"side":"B"}]"#);
    assert_eq!(v["winner"], "W");
    let (_, v, _) = replay(
        r#"[{"actionType":4},{"actionType":4},{"actionType":4},{"actionType":4},{"actionType":4}]"#,
    );
    assert_eq!(v["winner"], "W");
    assert_eq!(v["reason"], "timeouts");
    assert_eq!(v["timeouts"], serde_json::json!({"B": 3, "W": 2}));
    assert_eq!(v["pendingCaptures"], 0);
    let (_, v, _) = replay(r#"[{"actionType":3},{"actionType":4}]"#);
    assert_eq!(v["applied"], 1);
    assert_eq!(v["error"]["index"], 1);
}

#[test]
fn malformed_json_exits_2_with_a_message() {
    for bad in [
        "",
        "{",
        "[{\"actionType\":\"zero\"}]",
        "{\"actionType\":0}",
        "[1,2]",
        "[{\"toIndex\":1.5}]",
    ] {
        let (code, _, err) = replay(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("malformed"), "{bad:?}: {err}");
    }
    let o = engine(&["baifang", "replay", "/nonexistent/file.json"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn unknown_fields_are_ignored_and_missing_fields_default() {
    let (code, v, _) =
        replay(r#"[{"actionType":0,"toIndex":3,"foo":[1,{"x":2}]},{"actionType":0}]"#);
    assert_eq!(code, 0);
    assert_eq!(v["applied"], 1);
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("toIndex -1"));
}

#[test]
fn legal_lists_actions_in_packet_format() {
    let o = engine(&["baifang", "legal", "-"], "[]");
    assert_eq!(o.status.code(), Some(0));
    let v: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.len(), 25);
    assert_eq!(v[0], serde_json::json!({"actionType":0,"toIndex":0}));
    let o = engine(
        &["baifang", "legal", "-"],
        &format!("{SQUARE},{{\"actionType\":0,\"toIndex\":6}}]"),
    );
    let v: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v,
        vec![
            serde_json::json!({"actionType":2,"eatIndices":[20]}),
            serde_json::json!({"actionType":2,"eatIndices":[22]}),
            serde_json::json!({"actionType":2,"eatIndices":[24]}),
        ]
    );
    // A file with an illegal action (exit 1) or malformed JSON (exit 2).
    let o = engine(&["baifang", "legal", "-"], "[{\"actionType\":9}]");
    assert_eq!(
        o.status.code(),
        Some(1),
        "a file with an illegal action has no state to list"
    );
    let o = engine(&["baifang", "legal", "-"], "nope");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn perft_counts() {
    for (d, n) in [(1, "25"), (3, "13800"), (4, "303600")] {
        let o = engine(&["baifang", "perft", &d.to_string()], "");
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o).trim(), n);
    }
    let o = engine(
        &["baifang", "perft", "1", "-"],
        &format!("{SQUARE},{{\"actionType\":0,\"toIndex\":6}}]"),
    );
    assert_eq!(stdout(&o).trim(), "3");
}

#[test]
fn spec_anatomy_text_and_json() {
    let o = engine(&["spec", "anatomy"], "");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for needle in [
        "== verbs ==",
        "== rules ==",
        "== state ==",
        "orphans=0",
        "unused_verbs=0",
        "p0..p24",
        "stepTimeLimitMs reserved",
    ] {
        assert!(out.contains(needle), "{needle} in\n{out}");
    }
    let o = engine(&["spec", "anatomy", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["orphans"], serde_json::json!([]));
    assert_eq!(v["unused_verbs"], serde_json::json!([]));
    assert_eq!(v["verbs"].as_array().unwrap().len(), 6);
}

#[test]
fn link_prints_the_code_the_review_opens_and_names_bad_input() {
    let file = std::fs::read_to_string(data("baifang-game.json")).unwrap();
    let o = engine(
        &["baifang", "link", "-", "--black", "蓝", "--white", "Red"],
        &file,
    );
    assert_eq!(o.status.code(), Some(0));
    let code = stdout(&o).trim().to_string();
    let (record, _) = engine::baifang::game_link::decode(&code).unwrap();
    assert_eq!(record.label(engine::baifang::Side::Black), "蓝");
    assert_eq!(record.label(engine::baifang::Side::White), "Red");
    let game = engine::baifang::game_file::from_json(&file).unwrap();
    assert_eq!(record.log(), game.log());
    let bad = engine(&["baifang", "link", "-"], "[{\"actionType\":9}]");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("error: -:"));
}

#[test]
fn notation_prints_the_move_list_and_names_bad_input() {
    let game = r#"[{"actionType":0,"toIndex":0},{"actionType":0,"toIndex":24},
        {"actionType":0,"toIndex":1},{"actionType":0,"toIndex":23},
        {"actionType":0,"toIndex":5},{"actionType":0,"toIndex":22},
        {"actionType":0,"toIndex":6,"eatIndices":[22]},{"actionType":4},
        {"actionType":5,"side":"W","graceExpired":true}]"#;
    let o = engine(&["baifang", "notation", "-"], game);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["line"], "a5 e1 b5 d1 a4 c1 b4+xc1 T DW!#");
    assert_eq!(v["plies"][7]["text"], "xc1");
    assert_eq!(v["plies"][7]["turn"], 7);
    assert_eq!(v["plies"][8]["side"], "W");
    // The replay command reads the same file, disconnects included.
    let (code, state, _) = replay(game);
    assert_eq!(code, 0);
    assert_eq!(state["winner"], "B");
    let bad = engine(
        &["baifang", "notation", "-"],
        "[{\"actionType\":0,\"toIndex\":3},7]",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("entry 2 of the list is not an action"));
    let data_game = engine(&["baifang", "notation", &data("baifang-game.json")], "");
    assert_eq!(data_game.status.code(), Some(0));
}
