//! The table puzzles ("win in N") against the endgame tables: the built-in set is what the
//! puzzle command draws, every puzzle is checked, and the judge of a player's turn accepts
//! the quickest win, names a slower one and a thrown one, and refuses what is not a turn.

use engine::baifang::ai::analysis::Verdict;
use engine::baifang::ai::table_play::turn_values;
use engine::baifang::puzzle::{self, best_turn, judge, Difficulty, Puzzle, PuzzleError};
use engine::baifang::tables::{Outcome, Tables};
use engine::baifang::{Action, State};
use std::path::PathBuf;

mod common;

/// The cache folder of built tables (`common::tables_cache`).
fn cache() -> PathBuf {
    common::tables_cache()
}

fn tables() -> Tables {
    Tables::open(&cache())
}

/// The player's turns and the defender's replies of a puzzle's line, in order.
fn turns_of(p: &Puzzle) -> Vec<Vec<Action>> {
    let mut s = p.start().unwrap();
    let mut turns = vec![Vec::new()];
    for &a in &p.line {
        let o = s.apply(a).unwrap();
        turns.last_mut().unwrap().push(a);
        if o.turn_passed || s.is_finished() {
            turns.push(Vec::new());
        }
    }
    turns.pop();
    turns
}

#[test]
fn every_built_in_puzzle_is_checked_by_the_tables() {
    let list = puzzle::built_in().expect("the built-in file parses");
    assert!(list.len() >= 30, "a few dozen puzzles, got {}", list.len());
    let mut t = tables();
    for p in &list {
        puzzle::check(&mut t, p).unwrap_or_else(|why| panic!("{}: {why}", p.id()));
        assert!(puzzle::PLIES.contains(&p.plies));
    }
    for d in Difficulty::ALL {
        let n = list.iter().filter(|p| p.difficulty() == d).count();
        assert!(n >= 10, "{d:?} has {n} puzzles");
    }
    let mut ids: Vec<String> = list.iter().map(Puzzle::id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), list.len(), "no puzzle twice");
}

/// The built-in file is exactly what `engine baifang tables puzzles` draws with its defaults,
/// and `--check` refuses a puzzle whose distance was edited, naming it.
#[test]
fn the_puzzle_command_draws_the_built_in_set_and_checks_a_file() {
    let engine = env!("CARGO_BIN_EXE_engine");
    let out = std::process::Command::new(engine)
        .args(["baifang", "tables", "puzzles"])
        .arg(cache())
        .output()
        .expect("engine runs");
    assert_eq!(out.status.code(), Some(0));
    let drawn: Vec<Puzzle> = serde_json::from_slice(&out.stdout).expect("JSON puzzles");
    assert_eq!(
        drawn,
        puzzle::built_in().unwrap(),
        "levels/baifang/puzzles.json is the drawn set"
    );

    let mut edited = drawn.clone();
    edited[0].plies += 2;
    let path = std::env::temp_dir().join(format!("puzzles-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&edited).unwrap()).unwrap();
    let out = std::process::Command::new(engine)
        .args(["baifang", "tables", "puzzles"])
        .arg(cache())
        .arg("--check")
        .arg(&path)
        .output()
        .expect("engine runs");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("puzzle 0") && text.contains("the tables say won in"),
        "{text}"
    );
}

/// Playing each puzzle's line through the judge: every player turn is kept, the defence the
/// judge plays is the line's next turn, and the last turn solves it; every other first turn
/// throws the win away.
#[test]
fn the_judge_accepts_the_line_and_refuses_every_other_first_turn() {
    let mut t = tables();
    for p in puzzle::built_in().unwrap() {
        let turns = turns_of(&p);
        let mut log: Vec<Action> = Vec::new();
        for (k, turn) in turns.iter().enumerate().step_by(2) {
            // The hint is the line's turn: the line is the tables' own best play.
            assert_eq!(
                &best_turn(&mut t, &p, &log).unwrap().turn,
                turn,
                "{} hint {k}",
                p.id()
            );
            let j = judge(&mut t, &p, &log, turn).unwrap();
            assert_eq!(j.exact.verdict, Verdict::Kept, "{} turn {k}", p.id());
            assert!(j.accepted());
            let left = p.plies - p.line[..log.len()].len() as u16;
            assert_eq!(j.exact.before, Outcome::Win(left), "{} turn {k}", p.id());
            log.extend(turn);
            match turns.get(k + 1) {
                Some(reply) => {
                    assert_eq!(&j.reply, reply, "{} defence after turn {k}", p.id());
                    assert!(!j.solved);
                    log.extend(reply);
                }
                None => assert!(j.solved && j.reply.is_empty(), "{} is solved", p.id()),
            }
        }
        let start = p.start().unwrap();
        for (turn, value) in turn_values(&mut t, &start, &mut 0).unwrap() {
            if turn.actions() == turns[0] {
                continue;
            }
            let j = judge(&mut t, &p, &[], turn.actions()).unwrap();
            assert_eq!(j.exact.verdict, Verdict::ThrewWin, "{} {turn:?}", p.id());
            assert_eq!(j.exact.after, value);
            assert!(j.reply.is_empty() && !j.accepted());
        }
    }
}

/// Somewhere in the built-in lines a later turn keeps the win but not the quickest: the
/// judge says `slower`, with the longer distance, and plays no defence.
#[test]
fn the_judge_names_a_slower_win() {
    let mut t = tables();
    for p in puzzle::built_in().unwrap() {
        let turns = turns_of(&p);
        let mut log: Vec<Action> = Vec::new();
        let mut s: State = p.start().unwrap();
        for pair in turns.chunks(2) {
            for (turn, value) in turn_values(&mut t, &s, &mut 0).unwrap() {
                let before = t.probe(&s).unwrap();
                if matches!((before, value), (Outcome::Win(a), Outcome::Win(b)) if b > a) {
                    let j = judge(&mut t, &p, &log, turn.actions()).unwrap();
                    assert_eq!(j.exact.verdict, Verdict::Slower);
                    assert_eq!(j.exact.after, value);
                    assert!(j.reply.is_empty() && !j.accepted());
                    return;
                }
            }
            for turn in pair {
                for &a in turn {
                    s.apply(a).unwrap();
                }
                log.extend(turn);
            }
        }
    }
    panic!("no slower win in any built-in line");
}

#[test]
fn the_judge_refuses_what_is_not_a_turn_of_the_player_with_a_sentence() {
    let mut t = tables();
    let p = &puzzle::built_in().unwrap()[0];
    let turns = turns_of(p);
    // The defender's turn given as the player's.
    let e = judge(&mut t, p, &turns[0], &turns[1]).unwrap_err();
    assert!(matches!(e, PuzzleError::NotATurn(_)), "{e}");
    // An action the rules refuse, numbered after the log.
    let e = judge(&mut t, p, &[], &[Action::Capture { at: 0 }]).unwrap_err();
    assert!(
        e.to_string()
            .contains("action 0 of the puzzle's game is illegal"),
        "{e}"
    );
    // A hint for the defender's turn, or in the middle of the player's.
    assert!(matches!(
        best_turn(&mut t, p, &turns[0]),
        Err(PuzzleError::NotATurn(_))
    ));
    let last = turns.len() - 1;
    let before_last: Vec<Action> = turns[..last].concat();
    let half = [before_last, vec![turns[last][0]]].concat();
    assert!(matches!(
        best_turn(&mut t, p, &half),
        Err(PuzzleError::NotATurn(_))
    ));
    // No action at all.
    assert!(matches!(
        judge(&mut t, p, &[], &[]),
        Err(PuzzleError::NotATurn(_))
    ));
    // A board that is not 4 v 4.
    let mut bad = p.clone();
    bad.board = "B".repeat(25);
    assert!(bad
        .start()
        .unwrap_err()
        .to_string()
        .starts_with("the puzzle's position is refused"));
    bad.board = p.board.clone();
    bad.to_move = 'X';
    assert!(matches!(bad.start(), Err(PuzzleError::BadPosition(_))));
}
