//! The generator's output over many seeds: every level passes the content checks
//! (unique solution, walls matter, spinner checks), has exactly the knobs asked
//! for, and keeps only clues it needs; a pinned seed keeps its level.

use engine::hex::checks::{check_level, CheckOptions};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::level_to_string;
use engine::hex::model::{Level, LevelParts};
use engine::hex::share;
use engine::hex::solver::count_solutions;

fn checks() -> CheckOptions {
    CheckOptions {
        node_limit: 0,
        ..CheckOptions::default()
    }
}

/// Every clue but a kept start clue is needed: without it the level has another solution.
fn assert_clues_needed(level: &Level, start_clue: bool) {
    for (i, c) in level.cells().iter().enumerate() {
        let Some(step) = c.clue else { continue };
        if start_clue && step == 1 {
            continue;
        }
        let mut parts: LevelParts = level.parts();
        parts.cells[i].clue = None;
        let without = Level::build_relaxed(parts).expect("dropping a clue keeps a valid level");
        assert!(
            count_solutions(&without, 2) >= 2,
            "{}: clue {step} on {} is not needed",
            level.id,
            c.id
        );
    }
}

fn assert_good(opts: &GenOptions) {
    let level = generate(opts).unwrap_or_else(|e| panic!("{opts:?}: {e}"));
    assert_eq!(level.len(), opts.cells, "{opts:?}");
    assert_eq!(level.holes(), opts.holes, "{opts:?}");
    assert_eq!(level.walls().len(), opts.walls, "{opts:?}");
    assert_eq!(level.spinners().len(), opts.spinners, "{opts:?}");
    if opts.start_clue {
        assert!(level.clue_cell(1).is_some(), "{opts:?}: clue 1 missing");
    } else {
        assert!(
            level.clue_cell(1).is_none(),
            "{opts:?}: clue 1 was asked away"
        );
    }
    let report = check_level(&level, &checks());
    assert!(report.ok, "{opts:?}: {:?}", report.problems);
    if opts.walls + opts.spinners > 0 {
        assert!(report.walls_matter_required);
    }
    assert_clues_needed(&level, opts.start_clue);
}

#[test]
fn small_and_medium_levels_pass_the_content_law() {
    let mut cases = 0;
    for seed in 0..120u64 {
        let cells = 6 + (seed as usize * 7) % 25; // 6 ..= 30
        let holes = if cells >= 12 {
            (seed as usize / 3) % 3
        } else {
            0
        };
        let walls = (seed as usize / 2) % 5;
        let start_clue = seed % 4 != 3;
        assert_good(&GenOptions {
            cells,
            holes,
            walls,
            seed,
            start_clue,
            ..GenOptions::default()
        });
        cases += 1;
    }
    assert_eq!(cases, 120);
}

#[test]
fn spinner_levels_pass_the_content_law() {
    for seed in 0..24u64 {
        let cells = 8 + (seed as usize * 5) % 12; // 8 ..= 19
        assert_good(&GenOptions {
            cells,
            holes: (seed as usize) % 2,
            walls: (seed as usize / 2) % 2,
            spinners: 1 + (seed as usize / 4) % 2,
            seed,
            ..GenOptions::default()
        });
    }
}

#[test]
fn large_levels_pass_the_content_law() {
    for (cells, seed) in [(60, 1), (60, 2), (60, 7), (100, 1)] {
        assert_good(&GenOptions {
            cells,
            walls: 3,
            seed,
            ..GenOptions::default()
        });
    }
}

#[test]
fn a_seed_gives_the_same_level_every_time() {
    // pinned: a change here changes every seeded level (and the packs' recipes)
    let opts = GenOptions {
        cells: 16,
        holes: 1,
        walls: 3,
        seed: 5,
        ..GenOptions::default()
    };
    let level = generate(&opts).unwrap();
    assert_eq!(level, generate(&opts).unwrap());
    assert_eq!(share::encode(&level), PINNED_16_1_3_5);
    let big = generate(&GenOptions {
        cells: 60,
        walls: 2,
        seed: 7,
        ..GenOptions::default()
    })
    .unwrap();
    assert_eq!(
        share::encode(&big),
        PINNED_60_0_2_7,
        "{}",
        level_to_string(&big)
    );
}

const PINNED_16_1_3_5: &str = "AQADAQUFzK93AAIHAQ8KAyIcAABKPcYf";
/// The level the editor's browser test generates in the worker (60 cells, 2 walls, seed 7).
const PINNED_60_0_2_7: &str = "AQAFCwoK4MOPP____eMPHzwIAAoJHRAbEzEYFxw5IAomBScmMBI7AQIRAAAvZTTR";
