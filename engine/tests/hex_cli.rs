//! The `engine hex …` command line: formats and exit codes are a contract.

mod common;

use common::{data, engine, run, stdout};

#[test]
fn verify_sample_pack_passes_with_a_table() {
    let (code, out, _) = run(&["hex", "verify", &data("hex-sample-pack.json")]);
    assert_eq!(code, 0, "{out}");
    let header = out.lines().next().unwrap();
    for col in [
        "id",
        "cells",
        "walls",
        "holes",
        "clues",
        "spinners",
        "solutions",
        "walls-matter",
        "spinner-checks",
        "search",
        "tier",
    ] {
        assert!(header.contains(col), "{header}");
    }
    for id in ["s-1", "s-2", "s-3"] {
        let line = out.lines().find(|l| l.starts_with(id)).expect(id);
        assert!(line.ends_with("ok"), "{line}");
    }
    assert!(out.contains("3 level(s) checked, 0 failed"));
}

#[test]
fn verify_reports_every_problem_and_fails() {
    let (code, out, _) = run(&[
        "hex",
        "verify",
        &data("hex-bad-pack.json"),
        &data("hex-ambiguous.json"),
    ]);
    assert_eq!(code, 1);
    for needle in [
        "level b-1: the wall [\"a\", \"zz\"] names unknown cell \"zz\"",
        "level b-1: cell id \"a\" is used twice",
        "both sit at",
        "clue 1 appears twice",
        "outside 1..3",
        "listed twice",
        "level b-2: the wall between \"a\" and \"b\" is not on a shared edge",
        "level b-2: the spinner on cell \"a\" corner 0",
        "more than one solution",
    ] {
        assert!(out.contains(needle), "missing {needle}:\n{out}");
    }
}

#[test]
fn verify_json_is_machine_readable() {
    let (code, out, _) = run(&["hex", "verify", "--json", &data("hex-sample-pack.json")]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true);
    let levels = v["files"][0]["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[1]["walls_matter"], "yes");
    assert_eq!(levels[2]["spinner_checks"][0]["ok"], "yes");
}

#[test]
fn solve_prints_the_contract() {
    let (code, out, _) = run(&["hex", "solve", &data("hex-walled-rhombus.json")]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"solutions":1,"capped":false,"path":["a","c","b","d"]}"#
    );
    let (_, out, _) = run(&["hex", "solve", "--limit", "1", &data("hex-ambiguous.json")]);
    assert_eq!(
        out.trim(),
        r#"{"solutions":1,"capped":true,"path":["a","b","c"]}"#
    );
    let (_, out, _) = run(&["hex", "solve", "--limit", "0", &data("hex-ambiguous.json")]);
    assert!(
        out.starts_with(r#"{"solutions":2,"capped":false,"#),
        "{out}"
    );
}

#[test]
fn solve_reads_stdin_and_reports_no_solution() {
    let level = r#"{"id":"n","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0,"clue":2}]}"#;
    let out = engine(&["hex", "solve", "-"], level);
    assert_eq!(
        stdout(&out).trim(),
        r#"{"solutions":0,"capped":false,"path":null}"#
    );
}

#[test]
fn generate_then_verify_and_share() {
    let (code, out, err) = run(&[
        "hex", "generate", "--cells", "12", "--holes", "1", "--walls", "2", "--seed", "5",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cells"].as_array().unwrap().len(), 12);
    assert_eq!(v["walls"].as_array().unwrap().len(), 2);
    assert!(v.get("solution").is_none());
    // same seed, same text
    let (_, again, _) = run(&[
        "hex", "generate", "--cells", "12", "--holes", "1", "--walls", "2", "--seed", "5",
    ]);
    assert_eq!(out, again);
    let dir = std::env::temp_dir().join(format!("hex-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("gen.json");
    std::fs::write(&f, &out).unwrap();
    let f = f.to_str().unwrap();
    let (code, table, _) = run(&["hex", "verify", f]);
    assert_eq!(code, 0, "{table}");
    let (code, share, _) = run(&["hex", "share", "encode", f]);
    assert_eq!(code, 0);
    let share = share.trim();
    assert!(share
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let (code, decoded, _) = run(&["hex", "share", "decode", share]);
    assert_eq!(code, 0);
    let d: serde_json::Value = serde_json::from_str(&decoded).unwrap();
    assert_eq!(d["cells"].as_array().unwrap().len(), 12);
    let (code, _, err) = run(&["hex", "share", "decode", &format!("{share}x")]);
    assert_eq!(code, 1);
    assert!(err.contains("share decode:"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `hex daily` prints the library's puzzle of the date: the same level a
/// device makes (the wasm build runs the same function), with its number,
/// weekday and share code; a bad date is named, not a panic.
#[test]
fn daily_prints_the_puzzle_every_device_makes() {
    use engine::hex::daily::{daily, Date};
    use engine::hex::level_file::level_to_json;
    let mut date = Date::parse("2026-12-21").unwrap();
    for _ in 0..7 {
        let (code, out, err) = run(&["hex", "daily", &date.to_string(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let want = daily(date).unwrap();
        assert_eq!(v["number"], want.number);
        assert_eq!(v["date"], date.to_string());
        assert_eq!(v["tier"], want.deduced.grade.tier);
        assert_eq!(
            v["level"],
            serde_json::to_value(level_to_json(&want.level)).unwrap()
        );
        assert_eq!(v["share"], engine::hex::share::encode(&want.level));
        date = date.next();
    }
    let (code, out, _) = run(&["hex", "daily", "2026-12-24"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Hex Stroke daily No. 24 · 2026-12-24 (Thursday)"),
        "{out}"
    );
    let (code, _, err) = run(&["hex", "daily", "2026-02-30"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "2026-02-30 is not a day of the calendar");
}

/// `hex pack encode` of a shipped pack (a file and stdin) and `hex pack decode`
/// back to the `levels/` pack format; a cut code, a level code and a bad pack
/// file are named on stderr with exit code 2.
#[test]
fn pack_encode_then_decode() {
    use engine::hex::level_file::parse_pack;
    let file = format!(
        "{}/../levels/pack-3-trails.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let (code, out, err) = run(&["hex", "pack", "encode", &file]);
    assert_eq!(code, 0, "{err}");
    let pack_code = out.trim().to_string();
    assert!(pack_code
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let o = engine(&["hex", "pack", "encode", "-"], &text);
    assert_eq!(stdout(&o).trim(), pack_code);

    let (code, out, err) = run(&["hex", "pack", "decode", &pack_code, "--json"]);
    assert_eq!(code, 0, "{err}");
    let decoded = parse_pack(&out).expect("the output is a pack file");
    let original = parse_pack(&text).unwrap();
    assert_eq!(decoded.title, original.title);
    assert_eq!(decoded.levels.len(), original.levels.len());
    for (a, b) in original.levels.iter().zip(&decoded.levels) {
        assert_eq!(engine::hex::share::encode(a), engine::hex::share::encode(b));
    }
    let (code, out, _) = run(&["hex", "pack", "decode", &pack_code]);
    assert_eq!(code, 0);
    assert!(out.starts_with("pack \"蜂巢小径\": 8 level(s)"), "{out}");
    assert!(out.lines().nth(1).unwrap().starts_with("shared-1"), "{out}");

    let cut = &pack_code[..pack_code.len() / 2];
    let (code, out, err) = run(&["hex", "pack", "decode", cut]);
    assert_eq!((code, out.as_str()), (2, ""));
    // a cut link says so (the content states its own length), not "damaged"
    assert_eq!(
        err.trim(),
        "pack decode: the pack code is incomplete (cut off)"
    );
    let (code, _, err) = run(&["hex", "pack", "decode", &pack_code[..1]]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim(),
        "pack decode: the pack code is incomplete (cut off)"
    );
    let level = engine::hex::share::encode(&original.levels[0]);
    let (code, _, err) = run(&["hex", "pack", "decode", &level]);
    assert_eq!(code, 2);
    assert!(
        err.contains("this is a level code, not a pack code"),
        "{err}"
    );
    let (code, _, err) = run(&["hex", "share", "decode", &pack_code]);
    assert_eq!(code, 1);
    assert!(
        err.contains("this is a pack code, not a level code"),
        "{err}"
    );
    let (code, _, err) = run(&["hex", "pack", "encode", &data("hex-bad-pack.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("hex-bad-pack.json: level"), "{err}");
}
