//! The shipped Hex Stroke content (`levels/*.json`) against the content law:
//! every level proven unique by the solver with walls and spinners that matter,
//! the pack rules (sizes, tutorial table, spinner limits), the knob schedule, and
//! reasoning: every level solved by the deduction solver without guessing (the
//! tutorial with tier 1 only), difficulty by reasoning grade rising inside each
//! pack, one new technique per pack (all in
//! `docs/hex-stroke-rules.md`).

mod common;

use std::collections::BTreeSet;

use engine::hex::checks::{check_level_with_reasoning, CheckOptions, CheckReport, Verdict};
use engine::hex::content::{self, PackKind};
use engine::hex::deduce::{Outcome, Technique};
use engine::hex::level_file::Pack;
use engine::hex::spec::spec;

fn load() -> Vec<Pack> {
    common::shipped_packs()
        .into_iter()
        .map(|(_, p)| p)
        .collect()
}

fn reports(pack: &Pack) -> Vec<CheckReport> {
    pack.levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            check_level_with_reasoning(
                l,
                &content::check_options(pack.pack, i + 1, &CheckOptions::default()),
            )
        })
        .collect()
}

#[test]
fn all_packs_are_present_with_the_right_sizes() {
    let packs = load();
    let mut numbers: Vec<u32> = packs.iter().map(|p| p.pack).collect();
    numbers.sort();
    assert_eq!(numbers, vec![1, 2, 3, 4, 5, 6, 7, 8]);
    let total: usize = packs.iter().map(|p| p.levels.len()).sum();
    assert_eq!(total, 75);
    for p in &packs {
        let size = content::expected_size(p.pack).expect("a shipped pack");
        assert!(size.contains(p.levels.len()), "pack {}", p.pack);
    }
}

#[test]
fn content_law_holds_for_every_level_and_pack() {
    let packs = load();
    let refs: Vec<&Pack> = packs.iter().collect();
    let violations = content::content_law(&refs);
    assert!(violations.is_empty(), "{violations:#?}");
    let mut by_pack = Vec::new();
    for p in &packs {
        let rs = reports(p);
        for (i, r) in rs.iter().enumerate() {
            assert!(r.ok, "{}: {:?}", r.id, r.problems);
            assert_eq!(r.unique, Verdict::Yes, "{}", r.id);
            assert!(r.connected, "{}", r.id);
            assert!(!r.aborted, "{}", r.id);
            // from 1-3 on and in every other pack, removing all walls breaks uniqueness
            if content::pack_kind(p.pack) != PackKind::Tutorial || i + 1 >= 3 {
                assert_eq!(r.walls_matter, Verdict::Yes, "{}: walls must matter", r.id);
            }
            for s in &r.spinner_checks {
                assert_eq!(s.removal_breaks, Verdict::Yes, "{}", r.id);
                assert_eq!(s.static_breaks, Verdict::Yes, "{}", r.id);
            }
        }
        by_pack.push((p.pack, rs));
    }
    let order: Vec<(u32, Vec<&CheckReport>)> = by_pack
        .iter()
        .map(|(n, rs)| (*n, rs.iter().collect()))
        .collect();
    let v = content::reasoning_order(&order);
    assert!(v.is_empty(), "{v:#?}");
}

#[test]
fn every_level_is_solved_by_reasoning_one_new_technique_per_pack() {
    let packs = load();
    let mut known: BTreeSet<Technique> = BTreeSet::new();
    let mut per_pack = Vec::new();
    for p in &packs {
        let mut used = BTreeSet::new();
        let mut last = None;
        for (r, l) in reports(p).iter().zip(&p.levels) {
            let x = r.reasoning.as_ref().expect("reasoning ran");
            assert_eq!(x.outcome, Outcome::Solved, "{}: needs guessing", l.id);
            assert!(content::reasoning_rules(p.pack, r).is_empty(), "{}", l.id);
            if p.pack == content::tutorial_pack() {
                assert_eq!(x.grade.tier, 1, "{}: the tutorial uses tier 1 only", l.id);
            }
            if let Some(prev) = last {
                assert!(
                    x.grade >= prev,
                    "{}: difficulty falls inside the pack",
                    l.id
                );
            }
            last = Some(x.grade);
            used.extend(x.techniques.iter().copied());
        }
        per_pack.push((p.pack, used));
    }
    // in the order players meet the packs: tutorial, 3, 4, 5, then the spinner branch
    for &n in content::progression() {
        let used = &per_pack.iter().find(|(p, _)| *p == n).unwrap().1;
        let new: Vec<_> = used.difference(&known).collect();
        if n != 1 {
            assert!(new.len() <= 1, "pack {n} introduces {new:?}");
        }
        known.extend(used.iter().copied());
    }
}

/// Techniques the levels of `pack` use.
fn techniques_of(pack: &Pack) -> BTreeSet<Technique> {
    reports(pack)
        .iter()
        .filter_map(|r| r.reasoning.as_ref())
        .flat_map(|x| x.techniques.iter().copied())
        .collect()
}

#[test]
fn the_spinner_branch_opens_after_the_main_line_because_it_builds_on_it() {
    // one order for the law and the app: the whole main line, then the branch
    assert_eq!(content::progression(), [1, 3, 4, 5, 2, 6, 7, 8]);
    assert_eq!(
        content::earlier_packs(content::spinner_pack()),
        [1, 3, 4, 5],
        "the app opens 2-1 once these are cleared"
    );
    let packs = load();
    let used = |n: u32| techniques_of(packs.iter().find(|p| p.pack == n).unwrap());
    let spinner = used(content::spinner_pack());
    let main_line: BTreeSet<Technique> = content::earlier_packs(content::spinner_pack())
        .into_iter()
        .flat_map(used)
        .collect();
    let new_after_main: Vec<_> = spinner.difference(&main_line).collect();
    assert_eq!(new_after_main, [&Technique::Spinner]);
    // right after the tutorial it would bring several new techniques at once
    let tutorial = used(content::tutorial_pack());
    let after_tutorial: Vec<_> = spinner.difference(&tutorial).collect();
    assert!(after_tutorial.len() > 1, "{after_tutorial:?}");
}

#[test]
fn the_large_packs_come_last_fit_a_phone_and_bring_only_articulation() {
    let s = spec();
    let packs = load();
    let used = |n: u32| techniques_of(packs.iter().find(|p| p.pack == n).unwrap());
    let before: BTreeSet<Technique> = content::earlier_packs(s.large.packs[0])
        .into_iter()
        .flat_map(used)
        .collect();
    let large: BTreeSet<Technique> = s.large.packs.iter().flat_map(|&n| used(n)).collect();
    let new: Vec<_> = large.difference(&before).collect();
    assert_eq!(new, [&Technique::Articulation]);
    assert!(!used(6).contains(&Technique::Articulation));
    assert!(used(7).contains(&Technique::Articulation));
    for &n in &s.large.packs {
        let p = packs.iter().find(|p| p.pack == n).unwrap();
        assert!(s.large.levels.contains(p.levels.len()), "pack {n}");
        let r = reports(p);
        // each pack climbs from tier 1 to tier 3
        let tiers: Vec<u8> = r
            .iter()
            .map(|x| x.reasoning.as_ref().unwrap().grade.tier)
            .collect();
        assert_eq!(
            (tiers[0], *tiers.last().unwrap()),
            (1, 3),
            "pack {n}: {tiers:?}"
        );
        for l in &p.levels {
            assert!(s.large.cells.unwrap().contains(l.len()), "{}", l.id);
            let (across, tall) =
                engine::hex::coord::extent_in_hex_widths(l.cells().iter().map(|c| c.pos));
            assert!(
                across <= s.phone.max_hex_widths_across.value as f64,
                "{}",
                l.id
            );
            assert!(tall <= s.phone.max_hex_widths_tall.value as f64, "{}", l.id);
        }
    }
}

#[test]
fn knob_schedule() {
    let s = spec();
    let m = &s.main_line;
    let packs = load();
    for p in &packs {
        for (i, l) in p.levels.iter().enumerate() {
            let Some(pos) = content::main_line_position(p.pack, i + 1) else {
                continue;
            };
            assert_eq!(
                l.walls().is_empty(),
                pos < m.first_wall.value,
                "{}: walls from the first-wall level",
                l.id
            );
            if pos < m.first_hole.value {
                assert_eq!(l.holes(), 0, "{}: holes from the first-hole level", l.id);
            }
            if pos < m.first_without_clue1.value {
                assert!(l.clue_cell(1).is_some(), "{}: clue 1 kept", l.id);
            }
            if content::pack_kind(p.pack) == PackKind::Main {
                let n = l.len();
                assert!(s.main.cells.unwrap().contains(n), "{}: {n} cells", l.id);
                assert!(s.main.walls.unwrap().contains(l.walls().len()), "{}", l.id);
                // walls beside clues: every shipped main level has one, beyond
                // what the law asks (from entry 4 on), and none is exempt
                assert!(
                    content::has_wall_beside_clue(l),
                    "{}: no wall beside a clue",
                    l.id
                );
            }
        }
    }
    assert!(s.wall_beside_clue.exemptions.is_empty());
    // the knobs do get turned: holes, mid clues and start-less levels appear
    let main: Vec<_> = packs
        .iter()
        .filter(|p| content::pack_kind(p.pack) == PackKind::Main)
        .flat_map(|p| p.levels.iter())
        .collect();
    assert!(main.iter().any(|l| l.holes() > 0));
    assert!(main.iter().any(|l| content::has_mid_clue(l)));
    assert!(main.iter().any(|l| l.clue_cell(1).is_none()));
    assert!(main.iter().any(|l| l.len() >= 15));
}

#[test]
fn tutorial_table() {
    let packs = load();
    let t = packs.iter().find(|p| p.pack == 1).unwrap();
    let cells: Vec<usize> = t.levels.iter().map(|l| l.len()).collect();
    assert_eq!(cells[0], 3);
    assert_eq!(cells[1], 5);
    assert!(cells[2..7].iter().all(|n| (6..=8).contains(n)), "{cells:?}");
    assert!((10..=14).contains(&cells[7]));
    for l in &t.levels {
        assert!(l.clue_cell(1).is_some(), "{}", l.id);
        assert!(l.spinners().is_empty());
    }
    assert_eq!(content::clue_values(&t.levels[1]), vec![1, 5]);
    // 1-3: a wall between two cells that share an edge, not at the start
    let l3 = &t.levels[2];
    assert_eq!(l3.walls().len(), 1);
    let s = l3.clue_cell(1).unwrap();
    assert!(!l3.walls()[0].touches(s));
    // 1-4: the clue-1 cell has a wall and exactly one open neighbour
    let l4 = &t.levels[3];
    let s = l4.clue_cell(1).unwrap();
    assert_ne!(l4.wall_dirs(s), 0);
    let open = l4
        .neighbors(s)
        .filter(|&(d, _)| l4.wall_dirs(s) & (1 << d) == 0)
        .count();
    assert_eq!(open, 1);
    // 1-5: a mid clue; 1-6: two walls, one enclosed hole; 1-8: 3 walls, 3 clues
    assert!(content::has_mid_clue(&t.levels[4]));
    assert_eq!(t.levels[5].walls().len(), 2);
    assert_eq!(t.levels[5].holes(), 1);
    assert_eq!(t.levels[7].walls().len(), 3);
    assert_eq!(t.levels[7].clue_count(), 3);
}

#[test]
fn spinner_pack_limits() {
    let packs = load();
    let p = packs.iter().find(|p| p.pack == 2).unwrap();
    let counts: Vec<usize> = p.levels.iter().map(|l| l.spinners().len()).collect();
    let limits = &spec().spinner;
    assert!(
        counts.iter().all(|&c| limits.spinners.contains(c)),
        "{counts:?}"
    );
    assert_eq!(
        counts.last().copied(),
        limits.spinners.1,
        "spinners rise to the most"
    );
    assert!(counts.windows(2).all(|w| w[0] <= w[1]));
    for l in &p.levels {
        assert!(limits.cells.unwrap().contains(l.len()), "{}", l.id);
        // spinners sit at interior vertices: all three candidate edges on the board
        for s in l.spinners() {
            assert_eq!(s.on_board_candidates(), 3, "{}", l.id);
        }
    }
    assert_eq!(p.levels[0].len(), 7);
    assert_eq!(p.levels[8].len(), 19);
    assert!(!p.levels[2].walls().is_empty(), "2-3 has a static wall");
    assert!(content::has_mid_clue(&p.levels[1]), "2-2 has a mid clue");
}

fn verify(files: &[String]) -> (i32, String) {
    let mut args = vec!["hex", "verify"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, _) = common::run(&args);
    (code, out)
}

fn level_files() -> Vec<String> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.display().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn the_cli_verifies_all_75_levels_with_a_table() {
    let (code, out) = verify(&level_files());
    assert_eq!(code, 0, "{out}");
    let header = out.lines().next().unwrap();
    for col in [
        "id", "cells", "walls", "holes", "clues", "spinners", "search", "tier", "steps",
    ] {
        assert!(header.contains(col), "{header}");
    }
    assert!(out.contains("75 level(s) checked, 0 failed"), "{out}");
    assert!(
        header.contains("tier") && header.contains("steps"),
        "{header}"
    );
}

#[test]
fn the_cli_fails_on_a_broken_pack_rule() {
    // the spinner pack with its last level missing breaks the pack size (9)
    let src = level_files()
        .into_iter()
        .find(|f| f.contains("pack-2-"))
        .unwrap();
    let mut pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(src).unwrap()).unwrap();
    pack["levels"].as_array_mut().unwrap().pop();
    let path = std::env::temp_dir().join(format!("hex-levels-test-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&pack).unwrap()).unwrap();
    let (code, out) = verify(&[path.display().to_string()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("pack 2 must hold 9 levels"), "{out}");
}
