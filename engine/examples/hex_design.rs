//! Level-design helper for the Hex Stroke packs (`levels/`): searches that propose
//! candidate levels; a human picks, orders and titles them. Every candidate printed
//! here has already passed `checks::check_level` with "walls matter" required.
//!
//! ```text
//! cargo run -p engine --release --example hex_design -- tutorial <kind> <seed> <tries>
//! cargo run -p engine --release --example hex_design -- spinner <cells> <spinners> <walls> <kind> <seed> <tries> [<tools>]
//! cargo run -p engine --release --example hex_design -- main <cells> <holes> <walls> <start|nostart> <seed-from> <seed-to>
//! cargo run -p engine --release --example hex_design -- show <pack.json>
//! cargo run -p engine --release --example hex_design -- graded <cells> <holes> <walls> <start|nostart> <seed-from> <seed-to> <tools>
//! cargo run -p engine --release --example hex_design -- tighten <pack.json> <index> <tools>
//! cargo run -p engine --release --example hex_design -- large <cells> <holes> <walls> <start|nostart> <seed-from> <seed-to> <tools> [tighten]
//! ```
//!
//! `<tools>` is the deduction solver's allowed techniques: a tier (`1`, `2`, `3`)
//! or technique codes joined by commas (`one_open,two_open,full,consecutive,one_place,distance`).
//! `graded` is `main` keeping only levels reasoning solves with those tools;
//! `large` is `graded` for the large packs: boards grown inside the spec's phone
//! width (`phone.maxHexWidthsAcross`), the large packs' cell and wall ranges, and
//! only candidates that pass the law's per-level rules for a large pack's entry
//! (phone fit and a wall beside a clue included); with `tighten` each generated
//! level is first tightened with `<tools>` as in `tighten` mode (how low-tier
//! levels come out on large boards, at the price of more clues);
//! `tighten` adds clues from the solution where reasoning with those tools gets
//! stuck, then drops every clue (but 1) it can while reasoning still solves it;
//! `spinner … <tools>` tightens each candidate that way before its checks.
//!
//! Output: one JSON object per line on stdout (`{"tier":…,"steps":…,"solution":[…],"level":{…}}`), a drawing
//! of each candidate on stderr.
//!
//! The content knobs come from `engine/spec/hex.json` (through
//! `engine::hex::spec`), as the content law reads them: a tutorial candidate
//! passes the law's rules for its entry; `main` / `graded` refuse a cell count
//! outside the main packs' range and keep only candidates within its wall range
//! with a wall beside a clue (the review pass never drops the last such wall);
//! `spinner` refuses cell and spinner counts outside the spinner pack's ranges.

use std::collections::HashSet;

use engine::hex::checks::{
    check_level_with_reasoning as check_level, CheckOptions, CheckReport, Verdict,
};
use engine::hex::content::{self, has_wall_beside_clue};
use engine::hex::coord::{canonical_vertex, vertex_names, Axial};
use engine::hex::deduce::{deduce_using, Outcome, Technique, Toolbox, MAX_TIER};
use engine::hex::generator::{generate, GenOptions};
use engine::hex::level_file::{level_to_json, parse_pack};
use engine::hex::model::{cell_name, Cell, Level, LevelParts, SpinnerSpec};
use engine::hex::solver::{solve, SolveOptions};
use engine::hex::spec::{spec, PackSpec, Range};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

struct R(ChaCha8Rng);

impl R {
    fn new(seed: u64) -> R {
        R(ChaCha8Rng::seed_from_u64(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A compact connected cluster of `cells` positions with `holes` enclosed one-cell holes.
fn cluster(rng: &mut R, cells: usize, holes: usize) -> Option<Vec<Axial>> {
    let total = cells + holes;
    let mut list = vec![Axial::new(0, 0)];
    let mut set: HashSet<Axial> = list.iter().copied().collect();
    while list.len() < total {
        let mut frontier: Vec<(Axial, usize)> = Vec::new();
        let mut seen = HashSet::new();
        for &p in &list {
            for d in 0..6 {
                let np = p.neighbor(d);
                if !set.contains(&np) && seen.insert(np) {
                    let k = (0..6).filter(|&e| set.contains(&np.neighbor(e))).count();
                    frontier.push((np, k * k));
                }
            }
        }
        let sum: usize = frontier.iter().map(|f| f.1).sum();
        let mut x = rng.below(sum);
        let mut chosen = frontier[0].0;
        for &(p, w) in &frontier {
            if x < w {
                chosen = p;
                break;
            }
            x -= w;
        }
        list.push(chosen);
        set.insert(chosen);
    }
    let mut hole_set: HashSet<Axial> = HashSet::new();
    for _ in 0..holes {
        let cands: Vec<Axial> = list
            .iter()
            .copied()
            .filter(|&p| {
                !hole_set.contains(&p)
                    && (0..6)
                        .all(|d| set.contains(&p.neighbor(d)) && !hole_set.contains(&p.neighbor(d)))
            })
            .collect();
        if cands.is_empty() {
            return None;
        }
        hole_set.insert(cands[rng.below(cands.len())]);
    }
    let mut out: Vec<Axial> = list.into_iter().filter(|p| !hole_set.contains(p)).collect();
    // normalise so the top-left is near the origin
    let rmin = out.iter().map(|p| p.r).min().unwrap_or(0);
    let qmin = out
        .iter()
        .map(|p| p.q + (p.r - rmin) / 2)
        .min()
        .unwrap_or(0);
    for p in &mut out {
        *p = Axial::new(p.q - qmin, p.r - rmin);
    }
    out.sort_by_key(|p| (p.r, p.q));
    Some(out)
}

fn build(
    pos: &[Axial],
    clues: &[Option<u32>],
    walls: &[(usize, usize)],
    spinners: &[SpinnerSpec],
) -> Option<Level> {
    let cells = pos
        .iter()
        .enumerate()
        .map(|(i, &p)| Cell {
            id: cell_name(i),
            pos: p,
            clue: clues[i],
        })
        .collect();
    Level::build(LevelParts {
        id: "cand".into(),
        pack: None,
        index: None,
        title: None,
        cells,
        walls: walls.to_vec(),
        spinners: spinners.to_vec(),
    })
    .ok()
}

fn edges(pos: &[Axial]) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for i in 0..pos.len() {
        for j in i + 1..pos.len() {
            if pos[i].is_adjacent(pos[j]) {
                v.push((i, j));
            }
        }
    }
    v
}

/// Every Hamiltonian path (walls and spinners honoured, clues ignored).
fn all_paths(level: &Level) -> Vec<Vec<usize>> {
    fn go(level: &Level, path: &mut Vec<usize>, used: &mut Vec<bool>, out: &mut Vec<Vec<usize>>) {
        if path.len() == level.len() {
            out.push(path.clone());
            return;
        }
        let end = *path.last().unwrap();
        let t = path.len();
        let next: Vec<usize> = level.neighbors(end).map(|(_, j)| j).collect();
        for j in next {
            if !used[j] && level.blocker(end, j, t).is_none() {
                used[j] = true;
                path.push(j);
                go(level, path, used, out);
                path.pop();
                used[j] = false;
            }
        }
    }
    let mut out = Vec::new();
    for s in 0..level.len() {
        let mut used = vec![false; level.len()];
        used[s] = true;
        go(level, &mut vec![s], &mut used, &mut out);
    }
    out
}

/// Probability that a player who picks uniformly among the legal, clue-consistent
/// moves completes the level (lower = more backing out), and the number of dead ends.
fn playout(level: &Level, path: &mut Vec<usize>, used: &mut Vec<bool>, dead: &mut u64) -> f64 {
    let n = level.len();
    if path.len() == n {
        return 1.0;
    }
    let end = *path.last().unwrap();
    let t = path.len();
    let moves: Vec<usize> = level
        .neighbors(end)
        .map(|(_, j)| j)
        .filter(|&j| {
            !used[j]
                && level.blocker(end, j, t).is_none()
                && level.cell(j).clue.is_none_or(|c| c as usize == t + 1)
                && level.clue_cell(t + 1).is_none_or(|c| c == j)
        })
        .collect();
    if moves.is_empty() {
        *dead += 1;
        return 0.0;
    }
    let mut p = 0.0;
    for &j in &moves {
        used[j] = true;
        path.push(j);
        p += playout(level, path, used, dead);
        path.pop();
        used[j] = false;
    }
    p / moves.len() as f64
}

fn trap(level: &Level) -> (f64, u64, usize) {
    let s = level.clue_cell(1).expect("clue 1");
    let mut used = vec![false; level.len()];
    used[s] = true;
    let mut dead = 0;
    let p = playout(level, &mut vec![s], &mut used, &mut dead);
    let first = level
        .neighbors(s)
        .filter(|&(_, j)| level.blocker(s, j, 1).is_none())
        .count();
    (p, dead, first)
}

fn opts_required() -> CheckOptions {
    CheckOptions {
        walls_matter_required: Some(true),
        ..CheckOptions::default()
    }
}

/// A rough drawing: rows offset by half a cell, clue numbers, `o` for a plain cell,
/// `|` for a wall between east–west neighbours; the other walls are listed.
fn draw(level: &Level) -> String {
    let mut s = String::new();
    let cells = level.cells();
    let rmin = cells.iter().map(|c| c.pos.r).min().unwrap();
    let rmax = cells.iter().map(|c| c.pos.r).max().unwrap();
    let xmin = cells.iter().map(|c| 2 * c.pos.q + c.pos.r).min().unwrap();
    let xmax = cells.iter().map(|c| 2 * c.pos.q + c.pos.r).max().unwrap();
    for r in rmin..=rmax {
        let mut line = vec![' '; ((xmax - xmin) * 2 + 6) as usize];
        for (i, c) in cells.iter().enumerate() {
            if c.pos.r != r {
                continue;
            }
            let x = ((2 * c.pos.q + c.pos.r - xmin) * 2) as usize;
            let label = match c.clue {
                Some(v) => format!("{v:>2}"),
                None => format!("{:>2}", c.id),
            };
            let ch: Vec<char> = label.chars().collect();
            line[x] = ch[0];
            line[x + 1] = ch[1];
            if let Some(e) = level.neighbor(i, 0) {
                if level.has_wall(i, e) {
                    line[x + 3] = '|';
                }
            }
        }
        s.push_str(&line.iter().collect::<String>());
        s.push('\n');
    }
    let other: Vec<String> = level
        .walls()
        .iter()
        .filter(|e| level.direction(e.a, e.b).is_some_and(|d| d % 3 != 0))
        .map(|e| format!("{}/{}", level.cell(e.a).id, level.cell(e.b).id))
        .collect();
    if !other.is_empty() {
        s.push_str(&format!("  slanted walls: {}\n", other.join(" ")));
    }
    for sp in level.spinners() {
        let c: Vec<String> = sp
            .candidates
            .iter()
            .map(|e| match e {
                Some(e) => format!("{}/{}", level.cell(e.a).id, level.cell(e.b).id),
                None => "-".into(),
            })
            .collect();
        s.push_str(&format!(
            "  spinner {} corner {} phase {}: candidates {}\n",
            level.cell(sp.cell).id,
            sp.corner,
            sp.phase,
            c.join(" ")
        ));
    }
    s
}

fn grade(r: &CheckReport) -> String {
    match &r.reasoning {
        Some(x) if x.outcome == Outcome::Solved => format!(
            "tier {} steps {} [{}]",
            x.grade.tier,
            x.grade.steps,
            x.techniques
                .iter()
                .map(|t| t.code())
                .collect::<Vec<_>>()
                .join(",")
        ),
        Some(x) => format!("stuck at step {:?}", x.stuck_step),
        None => "?".into(),
    }
}

fn emit(level: &Level, r: &CheckReport, extra: &str) {
    eprintln!(
        "--- cells {} walls {} holes {} clues {} spinners {} search {} reasoning {} {extra}\n{}  solution {}",
        r.cells,
        r.walls,
        r.holes,
        r.clues,
        r.spinners,
        r.difficulty.score,
        grade(r),
        draw(level),
        r.solution.clone().unwrap_or_default().join(" ")
    );
    let (tier, steps) = r
        .reasoning
        .as_ref()
        .filter(|x| x.outcome == Outcome::Solved)
        .map_or((0, 0), |x| (x.grade.tier, x.grade.steps));
    println!(
        "{{\"tier\":{tier},\"steps\":{steps},\"reasoning\":{},\"difficulty\":{},\"extra\":{},\"solution\":{},\"level\":{}}}",
        serde_json::to_string(&grade(r)).unwrap(),
        r.difficulty.score,
        serde_json::to_string(extra).unwrap(),
        serde_json::to_string(&r.solution).unwrap(),
        serde_json::to_string(&level_to_json(level)).unwrap()
    );
}

fn all_walls_necessary(r: &CheckReport) -> bool {
    r.necessary_walls
        .iter()
        .all(|w| w.necessary == Verdict::Yes)
}

/// The tutorial entry a search kind (`1-4`, `1-8b`) designs.
fn tutorial_entry(kind: &str) -> usize {
    let (pack, entry) = kind
        .trim_end_matches('b')
        .split_once('-')
        .unwrap_or_else(|| panic!("unknown tutorial kind {kind}"));
    assert_eq!(pack, spec().tutorial_pack().to_string(), "{kind}");
    entry.parse().expect("entry number")
}

/// Tutorial searches, one kind per tutorial level. A candidate must pass the
/// content law's rules for its entry (the spec's tutorial table and knob
/// schedule), so the search ranges below only narrow the spec's.
fn tutorial(kind: &str, seed: u64, tries: usize) {
    let mut rng = R::new(seed);
    let entry = tutorial_entry(kind);
    // search ranges inside the spec's row: (cells range, holes, walls, clue count)
    let (nmin, nmax, holes, walls, clues) = match kind {
        "1-2" => (5, 5, 0, 0, 2),
        "1-3" => (6, 7, 0, 1, 1),
        "1-4" => (6, 7, 0, 1, 1),
        "1-5" => (7, 8, 0, 1, 2),
        "1-6" => (7, 8, 1, 2, 1),
        "1-7" => (7, 8, 0, 2, 2),
        "1-8" => (11, 13, 1, 3, 3),
        "1-8b" => (11, 13, 0, 3, 3),
        _ => panic!("unknown tutorial kind {kind}"),
    };
    let mut seen = HashSet::new();
    for _ in 0..tries {
        let n = nmin + rng.below(nmax - nmin + 1);
        let Some(pos) = cluster(&mut rng, n, holes) else {
            continue;
        };
        let plain = vec![None; n];
        // walls go on edges one random Hamiltonian path does not use
        let open = build(&pos, &plain, &[], &[]).unwrap();
        let Some(author) = random_path(&mut rng, &open) else {
            continue;
        };
        let used: HashSet<(usize, usize)> = author
            .windows(2)
            .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
            .collect();
        let mut es: Vec<(usize, usize)> = edges(&pos)
            .into_iter()
            .filter(|e| !used.contains(e))
            .collect();
        rng.shuffle(&mut es);
        let ws: Vec<(usize, usize)> = es.iter().copied().take(walls).collect();
        let Some(base) = build(&pos, &plain, &ws, &[]) else {
            continue;
        };
        if !base.wall_free_connected() || base.holes() != holes {
            continue;
        }
        let paths = all_paths(&base);
        if paths.is_empty() {
            continue;
        }
        // candidate clue sets: clue 1 at the start plus (clues - 1) positions of one path
        let mut found = None;
        let mut order: Vec<usize> = (0..paths.len()).collect();
        rng.shuffle(&mut order);
        'outer: for &pi in order.iter().take(40) {
            let p = &paths[pi];
            let from_s: Vec<&Vec<usize>> = paths.iter().filter(|q| q[0] == p[0]).collect();
            let mut steps: Vec<usize> = (1..n).collect();
            rng.shuffle(&mut steps);
            let subsets: Vec<Vec<usize>> = match clues {
                1 => vec![vec![]],
                2 => steps.iter().map(|&i| vec![i]).collect(),
                _ => {
                    let mut v = Vec::new();
                    for a in 0..steps.len() {
                        for b in a + 1..steps.len() {
                            v.push(vec![steps[a], steps[b]]);
                        }
                    }
                    v
                }
            };
            for sub in subsets {
                let matching = from_s
                    .iter()
                    .filter(|q| sub.iter().all(|&i| q[i] == p[i]))
                    .count();
                if matching == 1 {
                    found = Some((p.clone(), sub));
                    break 'outer;
                }
            }
        }
        let Some((p, sub)) = found else { continue };
        let mut cl = vec![None; n];
        cl[p[0]] = Some(1);
        for &i in &sub {
            cl[p[i]] = Some(i as u32 + 1);
        }
        let level = build(&pos, &cl, &ws, &[]).unwrap();
        let opts = if walls == 0 {
            CheckOptions::default()
        } else {
            opts_required()
        };
        let r = check_level(&level, &opts);
        if !r.ok || !all_walls_necessary(&r) {
            continue;
        }
        if !content::level_law(spec().tutorial_pack(), entry, &level).is_empty() {
            continue;
        }
        let start_walled = level.wall_dirs(p[0]) != 0;
        // what the law does not say: the designer's own taste per level
        let ok = match kind {
            // the wall does not touch the start (that is 1-4's lesson)
            "1-3" => !start_walled,
            "1-7" => {
                let (prob, _, first) = trap(&level);
                first >= 2 && prob < 0.5
            }
            _ => true,
        };
        if !ok {
            continue;
        }
        let key = format!("{:?}", level_to_json(&level));
        if !seen.insert(key) {
            continue;
        }
        let (prob, dead, first) = trap(&level);
        emit(
            &level,
            &r,
            &format!("p_random_clear={prob:.2} dead_ends={dead} first_moves={first}"),
        );
    }
}

/// Interior vertices (three cells meet), canonical, with one writing `(cell, corner)`.
fn interior_vertices(pos: &[Axial]) -> Vec<(usize, u8)> {
    let set: HashSet<Axial> = pos.iter().copied().collect();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, &p) in pos.iter().enumerate() {
        for k in 0..6 {
            if vertex_names(p, k).iter().all(|(q, _)| set.contains(q))
                && seen.insert(canonical_vertex(p, k))
            {
                out.push((i, k as u8));
            }
        }
    }
    out
}

fn random_path(rng: &mut R, level: &Level) -> Option<Vec<usize>> {
    let n = level.len();
    for _ in 0..20 {
        let s = rng.below(n);
        let mut path = vec![s];
        let mut used = vec![false; n];
        used[s] = true;
        let mut budget = 20_000;
        if dfs(rng, level, &mut path, &mut used, &mut budget) {
            return Some(path);
        }
    }
    None
}

fn dfs(
    rng: &mut R,
    level: &Level,
    path: &mut Vec<usize>,
    used: &mut Vec<bool>,
    budget: &mut i64,
) -> bool {
    if path.len() == level.len() {
        return true;
    }
    *budget -= 1;
    if *budget < 0 {
        return false;
    }
    let end = *path.last().unwrap();
    let t = path.len();
    let mut next: Vec<(usize, usize)> = level
        .neighbors(end)
        .map(|(_, j)| j)
        .filter(|&j| !used[j] && level.blocker(end, j, t).is_none())
        .map(|j| {
            let deg = level.neighbors(j).filter(|&(_, k)| !used[k]).count();
            (deg * 4 + rng.below(6), j)
        })
        .collect();
    next.sort();
    for (_, j) in next {
        used[j] = true;
        path.push(j);
        if dfs(rng, level, path, used, budget) {
            return true;
        }
        path.pop();
        used[j] = false;
    }
    false
}

fn unique_with(level_of: &dyn Fn(&[Option<u32>]) -> Option<Level>, cl: &[Option<u32>]) -> bool {
    level_of(cl).is_some_and(|l| {
        solve(
            &l,
            &SolveOptions {
                limit: 2,
                node_limit: 2_000_000,
            },
        )
        .is_unique()
    })
}

/// Spinner-pack search: every spinner needed, the pack's limits.
#[allow(clippy::too_many_arguments)]
fn spinner(
    cells: usize,
    nsp: usize,
    nwalls: usize,
    kind: &str,
    seed: u64,
    tries: usize,
    tools: Option<Toolbox>,
) {
    let pack = &spec().spinner;
    let spinners_ok = pack.spinners.contains(nsp);
    if !pack.cells.is_none_or(|r| r.contains(cells)) || !spinners_ok {
        eprintln!(
            "the spinner pack has {} and {} (engine/spec/hex.json)",
            pack.cells
                .map_or("any cells".into(), |r| r.describe("cell", "cells")),
            pack.spinners.describe("spinner", "spinners")
        );
        return;
    }
    let mut rng = R::new(seed);
    let mut seen = HashSet::new();
    for _ in 0..tries {
        let holes = if kind == "hole" { 1 } else { 0 };
        let Some(pos) = cluster(&mut rng, cells, holes) else {
            continue;
        };
        let plain = vec![None; cells];
        let base = build(&pos, &plain, &[], &[]).unwrap();
        let Some(path) = random_path(&mut rng, &base) else {
            continue;
        };
        let step_of = {
            let mut v = vec![0; cells];
            for (i, &c) in path.iter().enumerate() {
                v[c] = i;
            }
            v
        };
        let _ = step_of;
        // spinners that never block the author's path
        let mut verts = interior_vertices(&pos);
        rng.shuffle(&mut verts);
        let mut specs: Vec<SpinnerSpec> = Vec::new();
        for &(cell, corner) in &verts {
            if specs.len() == nsp {
                break;
            }
            let mut phases: Vec<u8> = (0..3u8)
                .filter(|&ph| {
                    let mut s2 = specs.clone();
                    s2.push(SpinnerSpec {
                        cell,
                        corner,
                        phase: ph,
                    });
                    let Some(l) = build(&pos, &plain, &[], &s2) else {
                        return false;
                    };
                    (1..cells).all(|t| l.blocker(path[t - 1], path[t], t).is_none())
                })
                .collect();
            rng.shuffle(&mut phases);
            if let Some(&ph) = phases.first() {
                specs.push(SpinnerSpec {
                    cell,
                    corner,
                    phase: ph,
                });
            }
        }
        if specs.len() < nsp {
            continue;
        }
        let lvl = build(&pos, &plain, &[], &specs).unwrap();
        // static walls off the author's path and off the spinners' edges
        let on_path: HashSet<(usize, usize)> = path
            .windows(2)
            .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
            .collect();
        let spin_edges: HashSet<(usize, usize)> = lvl
            .spinners()
            .iter()
            .flat_map(|s| {
                s.candidates
                    .iter()
                    .flatten()
                    .map(|e| (e.a.min(e.b), e.a.max(e.b)))
            })
            .collect();
        let mut free: Vec<(usize, usize)> = edges(&pos)
            .into_iter()
            .filter(|e| !on_path.contains(e) && !spin_edges.contains(e))
            .collect();
        rng.shuffle(&mut free);
        let ws: Vec<(usize, usize)> = free.into_iter().take(nwalls).collect();
        if ws.len() < nwalls {
            continue;
        }
        let level_of = |cl: &[Option<u32>]| build(&pos, cl, &ws, &specs);
        // clues until unique
        let mut cl = vec![None; cells];
        cl[path[0]] = Some(1);
        let mut guard = 0;
        loop {
            guard += 1;
            let l = level_of(&cl).unwrap();
            let r = solve(
                &l,
                &SolveOptions {
                    limit: 2,
                    node_limit: 2_000_000,
                },
            );
            if r.is_unique() || guard > cells {
                break;
            }
            let other = [r.first, r.second]
                .into_iter()
                .flatten()
                .find(|q| *q != path);
            let Some(other) = other else { break };
            let diff: Vec<usize> = (1..cells).filter(|&i| other[i] != path[i]).collect();
            let i = diff[rng.below(diff.len())];
            cl[path[i]] = Some(i as u32 + 1);
        }
        if !unique_with(&level_of, &cl) {
            continue;
        }
        // minimise clues (clue 1 stays)
        let mut idx: Vec<usize> = (0..cells)
            .filter(|&c| cl[c].is_some_and(|v| v > 1))
            .collect();
        rng.shuffle(&mut idx);
        for c in idx {
            let saved = cl[c];
            cl[c] = None;
            if !unique_with(&level_of, &cl) {
                cl[c] = saved;
            }
        }
        let mut level = level_of(&cl).unwrap();
        if let Some(tools) = tools {
            level = tightened(level, tools).0;
            for (c, slot) in cl.iter_mut().enumerate() {
                *slot = level.cell(c).clue;
            }
        }
        let r = check_level(&level, &opts_required());
        if !r.ok || !all_walls_necessary(&r) {
            continue;
        }
        let n = cells;
        let mids = (0..n)
            .filter(|&c| cl[c].is_some_and(|v| v > 1 && (v as usize) < n))
            .count();
        let ok = match kind {
            // after the first tap the spinner blocks an edge at the start that the
            // spinner-free board would use first
            "teach" => {
                let s = path[0];
                let blocked = level.spinners()[0].blocked_edge(1);
                let Some(e) = blocked.filter(|e| e.touches(s)) else {
                    continue;
                };
                let other = if e.a == s { e.b } else { e.a };
                let free_level = build(&pos, &cl, &ws, &[]).unwrap();
                let alt = solve(
                    &free_level,
                    &SolveOptions {
                        limit: 0,
                        node_limit: 2_000_000,
                    },
                );
                let _ = other;
                alt.first
                    .iter()
                    .chain(alt.second.iter())
                    .any(|q| q[1] == other)
                    && r.clues <= 2
            }
            "mid" => mids >= 1,
            _ => true,
        };
        if !ok {
            continue;
        }
        let key = format!("{:?}", level_to_json(&level));
        if !seen.insert(key) {
            continue;
        }
        emit(&level, &r, &format!("mid_clues={mids}"));
    }
}

/// Whether `cells` is a main-pack cell count; says so on stderr when it is not.
fn main_cells_ok(cells: usize) -> bool {
    let range = spec().main.cells;
    let ok = range.is_none_or(|r| r.contains(cells));
    if !ok {
        if let Some(r) = range {
            eprintln!(
                "main packs have {} (engine/spec/hex.json)",
                r.describe("cell", "cells")
            );
        }
    }
    ok
}

/// Whether a reviewed candidate fits the main packs: the spec's wall range and a
/// wall beside a clue (the law asks it from the spec's entry on, and every
/// shipped main level has one).
fn fits_main(level: &Level) -> bool {
    let walls = spec().main.walls.unwrap_or(Range(0, None));
    walls.contains(level.walls().len()) && has_wall_beside_clue(level)
}

/// `graded` for the large packs: the generator grows each board inside the
/// spec's phone width; a reviewed candidate is kept when the law's per-level
/// rules for a large pack's entry from the wall-beside-clue entry on hold (cell
/// and wall ranges, a wall beside a clue, phone fit).
fn large(
    cells: usize,
    holes: usize,
    walls: usize,
    start: bool,
    (from, to): (u64, u64),
    tools: Toolbox,
    tighten: bool,
) {
    let s = spec();
    let kind = &s.large;
    if let Some(r) = kind.cells.filter(|r| !r.contains(cells)) {
        eprintln!(
            "large packs have {} (engine/spec/hex.json)",
            r.describe("cell", "cells")
        );
        return;
    }
    let entry = s.wall_beside_clue.from_entry;
    for seed in from..=to {
        let opts = GenOptions {
            cells,
            holes,
            walls,
            seed,
            start_clue: start,
            max_width: s.phone.max_hex_widths_across.value,
            ..GenOptions::default()
        };
        let Ok(mut level) = generate(&opts) else {
            continue;
        };
        if tighten {
            level = tightened(level, tools).0;
        }
        if !solved_with(&level, tools) {
            continue;
        }
        let Some((level, r, dropped)) = review(level, tools, kind) else {
            continue;
        };
        let law = content::level_law(kind.packs[0], entry, &level);
        if law.is_empty() {
            emit_main(&level, &r, seed, &dropped);
        }
    }
}

/// Main packs: the engine's generator over a seed range, then the review pass.
fn main_pack(cells: usize, holes: usize, walls: usize, start: bool, from: u64, to: u64) {
    if !main_cells_ok(cells) {
        return;
    }
    for seed in from..=to {
        let opts = GenOptions {
            cells,
            holes,
            walls,
            seed,
            start_clue: start,
            ..GenOptions::default()
        };
        let Ok(level) = generate(&opts) else {
            continue;
        };
        if let Some((level, r, dropped)) = review(level, Toolbox::up_to(MAX_TIER), &spec().main) {
            if fits_main(&level) {
                emit_main(&level, &r, seed, &dropped);
            }
        }
    }
}

/// `level` without the wall between the cells named `a` and `b`.
fn without_wall(level: &Level, a: &str, b: &str) -> Level {
    let mut parts = level.parts();
    let (a, b) = (level.index_of(a).unwrap(), level.index_of(b).unwrap());
    parts
        .walls
        .retain(|&(x, y)| !((x == a && y == b) || (x == b && y == a)));
    Level::build(parts).unwrap()
}

/// The review pass: the content checks with walls required to matter; then a wall
/// that is not needed on its own goes (while more than the pack kind's fewest
/// walls remain, and never the last wall beside a clue) as long as the checks pass
/// and reasoning with `tools` still solves the level. Returns the level, its report
/// and the dropped walls.
fn review(
    mut level: Level,
    tools: Toolbox,
    kind: &PackSpec,
) -> Option<(Level, CheckReport, Vec<String>)> {
    let mut r = check_level(&level, &opts_required());
    if !r.ok {
        return None;
    }
    let fewest = kind.walls.map_or(0, Range::min);
    let mut dropped = Vec::new();
    while level.walls().len() > fewest {
        let beside = has_wall_beside_clue(&level);
        let Some((w, cand)) = r
            .necessary_walls
            .iter()
            .filter(|w| w.necessary == Verdict::No)
            .map(|w| (w.clone(), without_wall(&level, &w.a, &w.b)))
            .find(|(_, cand)| has_wall_beside_clue(cand) || !beside)
        else {
            break;
        };
        let r2 = check_level(&cand, &opts_required());
        if !r2.ok || !solved_with(&cand, tools) {
            break;
        }
        dropped.push(format!("{}/{}", w.a, w.b));
        level = cand;
        r = r2;
    }
    Some((level, r, dropped))
}

fn emit_main(level: &Level, r: &CheckReport, seed: u64, dropped: &[String]) {
    let touching = level
        .walls()
        .iter()
        .filter(|e| level.cell(e.a).clue.is_some() || level.cell(e.b).clue.is_some())
        .count();
    let n = level.len() as u32;
    let mids = level
        .cells()
        .iter()
        .filter(|c| c.clue.is_some_and(|v| v > 1 && v < n))
        .count();
    let needless = r
        .necessary_walls
        .iter()
        .filter(|w| w.necessary != Verdict::Yes)
        .count();
    emit(
        level,
        r,
        &format!(
            "seed={seed} walls_by_clues={touching} mid_clues={mids} needless_walls={needless} dropped=[{}]",
            dropped.join(" ")
        ),
    );
}

/// The deduction tools named on the command line: a tier or technique codes.
fn tools(arg: &str) -> Toolbox {
    match arg.parse::<u8>() {
        Ok(tier) => Toolbox::up_to(tier),
        Err(_) => Toolbox::of(
            &arg.split(',')
                .map(|c| Technique::from_code(c).unwrap_or_else(|| panic!("unknown technique {c}")))
                .collect::<Vec<_>>(),
        ),
    }
}

fn solved_with(level: &Level, tools: Toolbox) -> bool {
    deduce_using(level, tools).outcome == Outcome::Solved
}

/// `main` with a reasoning filter: only levels the given tools solve.
fn graded(
    cells: usize,
    holes: usize,
    walls: usize,
    start: bool,
    from: u64,
    to: u64,
    tools: Toolbox,
) {
    if !main_cells_ok(cells) {
        return;
    }
    for seed in from..=to {
        let opts = GenOptions {
            cells,
            holes,
            walls,
            seed,
            start_clue: start,
            ..GenOptions::default()
        };
        let Ok(level) = generate(&opts) else { continue };
        if !solved_with(&level, tools) {
            continue;
        }
        let Some((level, r, dropped)) = review(level, tools, &spec().main) else {
            continue;
        };
        if fits_main(&level) {
            emit_main(&level, &r, seed, &dropped);
        }
    }
}

/// The level with clue `step` (1-based) on the solution's cell added or removed.
fn with_clue(level: &Level, sol: &[usize], step: usize, on: bool) -> Level {
    let mut parts = level.parts();
    parts.cells[sol[step - 1]].clue = on.then_some(step as u32);
    Level::build(parts).expect("clues from the solution are valid")
}

/// Adds solution clues where reasoning with `tools` gets stuck, then drops every
/// clue but 1 it can while reasoning still solves the level. Returns the level and
/// the steps added.
fn tightened(mut level: Level, tools: Toolbox) -> (Level, Vec<usize>) {
    let sol = solve(
        &level,
        &SolveOptions {
            limit: 2,
            node_limit: 0,
        },
    )
    .first
    .expect("solvable");
    let mut added = Vec::new();
    loop {
        let d = deduce_using(&level, tools);
        if d.outcome == Outcome::Solved {
            break;
        }
        let s = d.stuck_step().expect("stuck somewhere") as usize;
        added.push(s);
        level = with_clue(&level, &sol, s, true);
    }
    let mut steps: Vec<usize> = level
        .cells()
        .iter()
        .filter_map(|c| c.clue.map(|v| v as usize))
        .filter(|&v| v > 1)
        .collect();
    steps.sort_unstable_by(|a, b| b.cmp(a));
    for s in steps {
        let cand = with_clue(&level, &sol, s, false);
        if solved_with(&cand, tools) {
            level = cand;
        }
    }
    (level, added)
}

/// `tighten` mode on one level of a pack.
fn tighten(file: &str, index: usize, tools: Toolbox) {
    let text = std::fs::read_to_string(file).expect("readable");
    let pack = parse_pack(&text).expect("valid pack");
    let (level, added) = tightened(pack.levels[index - 1].clone(), tools);
    let r = check_level(&level, &opts_required());
    let extra = format!("added={added:?} ok={} problems={:?}", r.ok, r.problems);
    emit(&level, &r, &extra);
}

fn show(file: &str) {
    let text = std::fs::read_to_string(file).expect("readable");
    let pack = parse_pack(&text).expect("valid pack");
    for l in &pack.levels {
        let r = check_level(l, &opts_required());
        let extra = if l.clue_cell(1).is_some() {
            let (p, d, f) = trap(l);
            format!("p_random_clear={p:.2} dead_ends={d} first_moves={f}")
        } else {
            String::new()
        };
        eprintln!("=== {} {:?}", l.id, l.title);
        emit(l, &r, &extra);
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| -> u64 { a[i].parse().expect("number") };
    match a.first().map(String::as_str) {
        Some("tutorial") => tutorial(&a[1], num(2), num(3) as usize),
        Some("spinner") => spinner(
            num(1) as usize,
            num(2) as usize,
            num(3) as usize,
            &a[4],
            num(5),
            num(6) as usize,
            a.get(7).map(|x| tools(x)),
        ),
        Some("main") => main_pack(
            num(1) as usize,
            num(2) as usize,
            num(3) as usize,
            a[4] == "start",
            num(5),
            num(6),
        ),
        Some("show") => show(&a[1]),
        Some("graded") => graded(
            num(1) as usize,
            num(2) as usize,
            num(3) as usize,
            a[4] == "start",
            num(5),
            num(6),
            tools(&a[7]),
        ),
        Some("tighten") => tighten(&a[1], num(2) as usize, tools(&a[3])),
        Some("large") => large(
            num(1) as usize,
            num(2) as usize,
            num(3) as usize,
            a[4] == "start",
            (num(5), num(6)),
            tools(&a[7]),
            a.get(8).is_some_and(|x| x == "tighten"),
        ),
        _ => eprintln!("usage: see the module comment"),
    }
}
