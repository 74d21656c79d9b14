//! Mechanics anatomy: the verb, rule and state tables of the game, derived from
//! the spec and the live state (never hand-written, so they cannot drift from
//! it), with coverage checks: every state component written by some rule
//! (orphans), every verb used, every spec field read.
//!
//! - Verbs: the action alphabet, grown from `boardSize` (p0…p24, moves along
//!   grid edges, x0…x24, timeout, resign, disconnect).
//! - Rules: each rule of [`super::rules`] with the spec fields it reads; the
//!   numbers are printed from the spec, not written here.
//! - State: the components of [`State::components`] (the engine snapshot), the
//!   rules that write each, and where the players see it or why they do not; the
//!   report lists the surfaced and the hidden ones with their ratio, and each
//!   surfaced one has a browser test tagged `@surfaced-<key>` that finds it on
//!   screen.
//!
//! Checks: orphan state components (no writer) = 0; verbs never used by the
//! reference self-play game = 0; spec fields that no rule reads are listed and
//! must be marked `reserved` (with who reads them).

use super::action::{Action, ActionList};
use super::bitboard::{CELLS, NEIGHBOURS};
use super::playout::pick;
use super::spec::{spec, Spec};
use super::state::{Phase, Side, State};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One verb of the action alphabet.
#[derive(Debug, Clone, Serialize)]
pub struct Verb {
    /// Verb name (as in [`Action::verb`]).
    pub verb: &'static str,
    /// Number of parameters.
    pub arity: u8,
    /// Its symbols (one per distinct parameter value).
    pub symbols: Vec<String>,
    /// What the parameter is.
    pub param: String,
    /// Rules constraining it.
    pub guarded_by: &'static str,
    /// What it does.
    pub effect: &'static str,
}

/// One rule with the spec fields it reads.
#[derive(Debug, Clone, Serialize)]
pub struct Rule {
    /// Rule id (R…, E… for rating, I… for invariants).
    pub id: String,
    /// precondition / resolution / rating / invariant.
    pub kind: &'static str,
    /// What it says.
    pub expr: String,
    /// Spec fields read (`params.*` names, or `tiers` / `invariants`).
    pub reads: Vec<&'static str>,
    /// Their current values, from the spec.
    pub params: String,
}

/// One state component.
#[derive(Debug, Clone, Serialize)]
pub struct StateRow {
    /// Key in [`State::components`].
    pub key: &'static str,
    /// Representation.
    pub repr: &'static str,
    /// Shown to the players by the UI.
    pub surfaced: bool,
    /// Where the players see it, or why they do not.
    pub surface: &'static str,
    /// Rules that write it.
    pub written_by: Vec<&'static str>,
}

/// Spec field that no rule reads.
#[derive(Debug, Clone, Serialize)]
pub struct Unread {
    /// Field name.
    pub param: String,
    /// Who reads it instead (`None`: nobody, a coverage failure).
    pub reserved: Option<String>,
}

/// The reference self-play game the verb coverage is measured on.
#[derive(Debug, Clone, Serialize)]
pub struct ReferenceGame {
    /// ChaCha8 seed.
    pub seed: u64,
    /// Actions played.
    pub plies: usize,
    /// Uses per verb.
    pub verb_uses: BTreeMap<&'static str, u32>,
    /// Distinct symbols used / alphabet size.
    pub symbols_used: usize,
    /// How it ended.
    pub result: String,
    /// The game, in packet JSON.
    #[serde(skip)]
    pub actions: Vec<Action>,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Anatomy {
    /// Spec id and version.
    pub spec: String,
    /// Verb table.
    pub verbs: Vec<Verb>,
    /// Alphabet size (sum of symbols).
    pub alphabet: usize,
    /// Rule table.
    pub rules: Vec<Rule>,
    /// State table.
    pub states: Vec<StateRow>,
    /// State components with no writer, or missing from the table.
    pub orphans: Vec<String>,
    /// Verbs the reference game never used.
    pub unused_verbs: Vec<&'static str>,
    /// Spec fields no rule reads.
    pub unread_params: Vec<Unread>,
    /// Rule reads that name no spec field (must be empty).
    pub unknown_reads: Vec<String>,
    /// The reference game.
    pub reference: ReferenceGame,
}

/// (id, kind, expression, spec fields read). Expressions name parameters;
/// values are filled in from the spec when the table is printed.
const RULES: &[(&str, &str, &str, &[&str])] = &[
    ("R0", "resolution", "start: empty boardSize² board, hand = stonesPerSide each, Black to place", &["boardSize", "stonesPerSide"]),
    ("R1", "precondition", "place: phase=placing ∧ pending=0 ∧ hand>0 ∧ to∈[0,boardSize²) ∧ empty(to)", &["boardSize"]),
    ("R2", "precondition", "move: phase=moving ∧ pending=0 ∧ own(from) ∧ to∈orthogonal neighbours(from) ∧ empty(to)", &["boardSize"]),
    ("R3", "resolution", "scan: new formations = squares (1×1 cells) and lines (rows/columns) of the mover containing the placed/moved stone; diagonals never count", &["boardSize"]),
    ("R4", "resolution", "owed = min(squareCapture·#new squares + lineCapture·#new lines, enemy stones on board)", &["squareCapture", "lineCapture"]),
    ("R5", "precondition", "capture: pending>0 ∧ enemy(at) ∧ (at loose ∨ enemy has no loose stone); re-evaluated before each removal", &["boardSize"]),
    ("R6", "resolution", "capture: remove stone and its lock; pending −= 1; pending=0 → record pending lock, pass turn", &[]),
    ("R7", "resolution", "anti-looping: a capturing move A→B locks the stone with the context (points ≠A,B sharing a square/line with A or B), recorded when the turn completes; each shuttle move A↔B of the locked stone compares the context: unchanged → captures nothing, lock kept; changed → lock cleared, move judged normally whether or not it forms; a third point or its capture drops it", &["boardSize"]),
    ("R8", "resolution", "end of turn: toMove flips; placing: empty hand is skipped; both hands empty ∧ pending=0 → moving", &["stonesPerSide"]),
    ("R9", "resolution", "after each capture: enemy board+hand < minStones → capturer wins (fewer_than_four)", &["minStones"]),
    ("R10", "resolution", "moving: the side receiving the turn with no legal step loses (no_moves), checked also when moving begins", &["boardSize"]),
    ("R11", "resolution", "timeout: timeouts+1; = timeoutsToLose → loses (timeouts); else owed captures forfeited, pending lock recorded, turn passes", &["timeoutsToLose"]),
    ("R12", "resolution", "resign: either side, any time while running → loses (resign)", &[]),
    ("R13", "resolution", "disconnect: disconnects+1; graceExpired ∨ = disconnectsToLose → loses (disconnect)", &["disconnectsToLose"]),
    ("E1", "rating", "expected score E = 1/(1+10^((Rb−Ra)/eloDivisor)), integer fixed point", &["eloDivisor"]),
    ("E2", "rating", "R' = round(R + K·(S−E)); K = eloKProvisional for the first eloProvisionalGames games, then eloKEstablished; resign is S=0", &["eloKProvisional", "eloKEstablished", "eloProvisionalGames"]),
    ("E3", "rating", "a new player starts at eloStart", &["eloStart"]),
    ("E4", "rating", "tier = highest tier with min ≤ R", &["tiers"]),
];

/// Where the players see a state component, or why they do not. Each shown
/// component has a browser test tagged `@surfaced-<key>` that finds it on
/// screen (checked by `every_surfaced_component_has_a_screen_test_naming_it`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// Drawn by the room, here.
    Shown(&'static str),
    /// Not drawn, for this reason.
    Hidden(&'static str),
}

/// (key, representation, surface, writers).
const STATES: &[(&str, &str, Surface, &[&str])] = &[
    ("board", "u32×2 bitboards", Surface::Shown("the stones on the board's points"), &["R0", "R1", "R2", "R6"]),
    ("hand", "u8×2", Surface::Shown("each scoreboard's 手中 count"), &["R0", "R1"]),
    ("timeouts", "u8×2", Surface::Shown("each scoreboard's round pips, out of timeoutsToLose"), &["R11"]),
    (
        "disconnects",
        "u8×2",
        Surface::Shown("the online rooms' square pips, out of disconnectsToLose"),
        &["R13"],
    ),
    (
        "phase",
        "enum",
        Surface::Shown("the banner's 落子 / 走子, and the settlement once finished"),
        &["R8", "R9", "R10", "R11", "R12", "R13"],
    ),
    ("toMove", "enum", Surface::Shown("the banner's side, and the raised scoreboard"), &["R0", "R8"]),
    (
        "pendingCaptures",
        "u8",
        Surface::Shown("the banner's 请挑拣并吃掉对方 N 枚棋子"),
        &["R4", "R6", "R11"],
    ),
    (
        "pendingLock",
        "u16 (pos, other)",
        Surface::Hidden("lives only between a capturing move and the end of its turn, while the capture banner holds the screen"),
        &["R7", "R6", "R11"],
    ),
    (
        "locks",
        "u64×MAX_LOCKS sorted",
        Surface::Shown("a circular-arrow badge on each locked stone"),
        &["R7", "R6"],
    ),
    (
        "result",
        "(winner, reason)",
        Surface::Shown("the settlement card's winner and reason"),
        &["R9", "R10", "R11", "R12", "R13"],
    ),
    (
        "hash",
        "u64 Zobrist",
        Surface::Hidden("a machine check between peers and the referee, not a thing to play by"),
        &[
            "R0", "R1", "R2", "R4", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13",
        ],
    ),
];

/// The verb table, grown from the board size.
pub fn verbs() -> Vec<Verb> {
    let pts: Vec<String> = (0..CELLS).map(|p| p.to_string()).collect();
    let mut moves = Vec::new();
    for (from, nb) in NEIGHBOURS.iter().enumerate() {
        for to in super::bitboard::bits(*nb) {
            moves.push(format!("m{from}-{to}"));
        }
    }
    vec![
        Verb {
            verb: "place",
            arity: 1,
            symbols: pts.iter().map(|p| format!("p{p}")).collect(),
            param: format!("target point ∈ [0,{CELLS})"),
            guarded_by: "R1",
            effect: "stone from hand to board; scan formations (R3, R4)",
        },
        Verb {
            verb: "move",
            arity: 2,
            symbols: moves,
            param: "origin and orthogonally adjacent target".into(),
            guarded_by: "R2",
            effect: "stone steps one point; scan formations (R3, R4); anti-looping (R7)",
        },
        Verb {
            verb: "capture",
            arity: 1,
            symbols: pts.iter().map(|p| format!("x{p}")).collect(),
            param: "enemy stone point".into(),
            guarded_by: "R5",
            effect: "remove one enemy stone (R6, R9)",
        },
        Verb {
            verb: "timeout",
            arity: 0,
            symbols: vec!["t".into()],
            param: "none (the side to move)".into(),
            guarded_by: "R11",
            effect: "count a timeout, forfeit owed captures, pass turn",
        },
        Verb {
            verb: "resign",
            arity: 1,
            symbols: vec!["rB".into(), "rW".into()],
            param: "resigning side".into(),
            guarded_by: "R12",
            effect: "the side loses",
        },
        Verb {
            verb: "disconnect",
            arity: 2,
            symbols: vec!["dB".into(), "dW".into(), "DB".into(), "DW".into()],
            param: "side, grace expired (D)".into(),
            guarded_by: "R13",
            effect: "count a disconnect or lose",
        },
    ]
}

/// The symbol of an action in the verb table.
pub fn symbol(a: Action) -> String {
    match a {
        Action::Place { to } => format!("p{to}"),
        Action::Move { from, to } => format!("m{from}-{to}"),
        Action::Capture { at } => format!("x{at}"),
        Action::Timeout => "t".into(),
        Action::Resign { side } => format!("r{}", side.letter()),
        Action::Disconnect {
            side,
            grace_expired,
        } => {
            format!("{}{}", if grace_expired { 'D' } else { 'd' }, side.letter())
        }
    }
}

/// Seed of the reference self-play game.
pub const REFERENCE_SEED: u64 = 0;

/// The reference self-play game: ChaCha8-seeded play that prefers actions
/// completing formations (so captures and loop locks happen), with a scripted
/// step timeout and a (non-losing) disconnect, ended by a resignation once the
/// moving phase has seen a capture and some moves.
pub fn reference_game(seed: u64) -> (State, Vec<Action>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = State::new();
    let mut log = Vec::new();
    let mut list = ActionList::new();
    let mut moving_captures = 0;
    let mut moving_moves = 0;
    while !s.is_finished() && log.len() < 2000 {
        let ply = log.len();
        let a = if ply == 7 {
            Action::Timeout
        } else if ply == 13 {
            Action::Disconnect {
                side: Side::White,
                grace_expired: false,
            }
        } else if moving_captures > 0 && moving_moves >= 20 {
            Action::Resign { side: s.to_move() }
        } else {
            s.legal_actions(&mut list);
            let forming: Vec<Action> = list
                .iter()
                .copied()
                .filter(|&a| {
                    let mut c = s;
                    let o = c.apply_unchecked(a);
                    o.owed > 0
                })
                .collect();
            if !forming.is_empty() {
                forming[pick(&mut rng, forming.len())]
            } else {
                list[pick(&mut rng, list.len())]
            }
        };
        let phase = s.phase();
        s.apply(a).expect("reference game plays legal actions");
        if phase == Phase::Moving {
            match a {
                Action::Capture { .. } => moving_captures += 1,
                Action::Move { .. } => moving_moves += 1,
                _ => {}
            }
        }
        log.push(a);
    }
    (s, log)
}

fn param_values(spec: &Spec, reads: &[&str]) -> String {
    reads
        .iter()
        .map(|r| match spec.params.get(*r) {
            Some(p) => format!("{r}={}", p.value),
            None if *r == "tiers" => format!(
                "tiers={}",
                spec.tiers
                    .iter()
                    .map(|t| format!("{}≥{}", t.name, t.min.unwrap_or(i32::MIN).max(0)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            None => format!("{r}=?"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The rule table: the rules above with their parameter values, then the
/// spec's invariants.
fn rule_table(spec: &'static Spec) -> Vec<Rule> {
    let mut rules: Vec<Rule> = RULES
        .iter()
        .map(|(id, kind, expr, reads)| Rule {
            id: id.to_string(),
            kind,
            expr: expr.to_string(),
            reads: reads.to_vec(),
            params: param_values(spec, reads),
        })
        .collect();
    for (k, inv) in spec.invariants.iter().enumerate() {
        rules.push(Rule {
            id: format!("I{}", k + 1),
            kind: "invariant",
            expr: inv.clone(),
            reads: if k == 0 {
                vec!["invariants", "stonesPerSide"]
            } else {
                vec!["invariants"]
            },
            params: if k == 0 {
                param_values(spec, &["stonesPerSide"])
            } else {
                "invariants[]".into()
            },
        });
    }
    rules
}

/// The state table: keys from a live snapshot, writers from the table above;
/// also the orphans (components no rule writes, or listed but not in the state).
fn state_table(last: &State) -> (Vec<StateRow>, Vec<String>) {
    let rule_ids: BTreeSet<&str> = RULES.iter().map(|r| r.0).collect();
    let mut states = Vec::new();
    let mut orphans = Vec::new();
    for (key, _) in last.components() {
        match STATES.iter().find(|s| s.0 == key) {
            Some(&(key, repr, surface, writers)) => {
                let written_by: Vec<&str> = writers
                    .iter()
                    .copied()
                    .filter(|w| rule_ids.contains(w))
                    .collect();
                if written_by.is_empty() {
                    orphans.push(key.to_string());
                }
                let (surfaced, surface) = match surface {
                    Surface::Shown(at) => (true, at),
                    Surface::Hidden(why) => (false, why),
                };
                states.push(StateRow {
                    key,
                    repr,
                    surfaced,
                    surface,
                    written_by,
                });
            }
            None => orphans.push(key.to_string()),
        }
    }
    for s in STATES {
        if !states.iter().any(|r| r.key == s.0) {
            orphans.push(format!("{} (not in the state snapshot)", s.0));
        }
    }
    (states, orphans)
}

/// Builds the full report.
pub fn anatomy() -> Anatomy {
    let spec = spec();
    let verbs = verbs();
    let alphabet = verbs.iter().map(|v| v.symbols.len()).sum();

    let rules = rule_table(spec);

    // Spec fields and who reads them.
    let mut fields: BTreeSet<String> = spec.params.keys().cloned().collect();
    fields.insert("tiers".into());
    fields.insert("invariants".into());
    let read: BTreeSet<&str> = rules.iter().flat_map(|r| r.reads.iter().copied()).collect();
    let unknown_reads = read
        .iter()
        .filter(|r| !fields.contains(**r))
        .map(|r| r.to_string())
        .collect();
    let unread_params = fields
        .iter()
        .filter(|f| !read.contains(f.as_str()))
        .map(|f| Unread {
            param: f.clone(),
            reserved: spec.params.get(f).and_then(|p| p.reserved.clone()),
        })
        .collect();

    let (last, actions) = reference_game(REFERENCE_SEED);
    let (states, orphans) = state_table(&last);

    // Verb coverage on the reference game.
    let mut verb_uses: BTreeMap<&'static str, u32> = verbs.iter().map(|v| (v.verb, 0)).collect();
    let mut used_symbols = BTreeSet::new();
    for a in &actions {
        *verb_uses.entry(a.verb()).or_default() += 1;
        used_symbols.insert(symbol(*a));
    }
    let unused_verbs = verb_uses
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(v, _)| *v)
        .collect();
    let result = match last.result() {
        Some((w, r)) => format!("{} wins by {}", w.letter(), r.name()),
        None => "unfinished".into(),
    };

    Anatomy {
        spec: format!("{} v{}", spec.id, spec.version),
        verbs,
        alphabet,
        rules,
        states,
        orphans,
        unused_verbs,
        unread_params,
        unknown_reads,
        reference: ReferenceGame {
            seed: REFERENCE_SEED,
            plies: actions.len(),
            verb_uses,
            symbols_used: used_symbols.len(),
            result,
            actions,
        },
    }
}

impl Anatomy {
    /// The state components the players see, then the hidden ones.
    pub fn surfaced(&self) -> (Vec<&StateRow>, Vec<&StateRow>) {
        self.states.iter().partition(|s| s.surfaced)
    }

    /// The surfaced and hidden lists with their ratio.
    fn surface_text(&self) -> String {
        let (shown, hidden) = self.surfaced();
        let total = self.states.len().max(1);
        let mut o = format!(
            "\n== surfaced: {} of {} state components ({} %) ==\n",
            shown.len(),
            self.states.len(),
            shown.len() * 100 / total
        );
        for s in &shown {
            o += &format!("{:<16} {}\n", s.key, s.surface);
        }
        o += &format!(
            "\n== hidden: {} of {} ==\n",
            hidden.len(),
            self.states.len()
        );
        for s in &hidden {
            o += &format!("{:<16} {}\n", s.key, s.surface);
        }
        o
    }

    /// Whether every coverage check passes.
    pub fn ok(&self) -> bool {
        self.orphans.is_empty()
            && self.unused_verbs.is_empty()
            && self.unknown_reads.is_empty()
            && self.unread_params.iter().all(|u| u.reserved.is_some())
    }

    /// Human-readable report (the `engine spec anatomy` output).
    pub fn to_text(&self) -> String {
        let mut o = String::new();
        o += &format!("spec {}\n\n== verbs ==\n", self.spec);
        for v in &self.verbs {
            let syms = if v.symbols.len() > 6 {
                format!(
                    "{}..{} ({})",
                    v.symbols[0],
                    v.symbols[v.symbols.len() - 1],
                    v.symbols.len()
                )
            } else {
                v.symbols.join("/")
            };
            o += &format!(
                "{:<10} arity={} symbols={} param={} guarded_by={} effect={}\n",
                v.verb, v.arity, syms, v.param, v.guarded_by, v.effect
            );
        }
        o += &format!("alphabet={} symbols\n\n== rules ==\n", self.alphabet);
        for r in &self.rules {
            o += &format!("{:<4} {:<12} {}  <- {}\n", r.id, r.kind, r.expr, r.params);
        }
        o += "\n== state ==\n";
        for s in &self.states {
            o += &format!(
                "{:<16} {:<22} surfaced={:<3} written_by={}\n",
                s.key,
                s.repr,
                if s.surfaced { "yes" } else { "no" },
                s.written_by.join("/")
            );
        }
        o += &self.surface_text();
        let kinds = ["precondition", "resolution", "rating", "invariant"]
            .iter()
            .map(|k| format!("{k} {}", self.rules.iter().filter(|r| r.kind == *k).count()))
            .collect::<Vec<_>>()
            .join(", ");
        o += &format!(
            "\nverbs {} / rules {} ({kinds}) / state components {}\n",
            self.verbs.len(),
            self.rules.len(),
            self.states.len()
        );
        let r = &self.reference;
        o += &format!(
            "reference self-play: seed={} plies={} result={} symbols used {}/{} uses={:?}\n",
            r.seed, r.plies, r.result, r.symbols_used, self.alphabet, r.verb_uses
        );
        o += &format!("orphans={} {:?}\n", self.orphans.len(), self.orphans);
        o += &format!(
            "unused_verbs={} {:?}\n",
            self.unused_verbs.len(),
            self.unused_verbs
        );
        o += &format!(
            "unknown_reads={} {:?}\n",
            self.unknown_reads.len(),
            self.unknown_reads
        );
        let unreserved = self
            .unread_params
            .iter()
            .filter(|u| u.reserved.is_none())
            .count();
        o += &format!(
            "unread_params={} (reserved {}, unreserved {})\n",
            self.unread_params.len(),
            self.unread_params.len() - unreserved,
            unreserved
        );
        for u in &self.unread_params {
            o += &format!(
                "  {} reserved: {}\n",
                u.param,
                u.reserved.as_deref().unwrap_or("NO (coverage failure)")
            );
        }
        o += &format!("coverage={}\n", if self.ok() { "ok" } else { "FAILED" });
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anatomy_is_closed() {
        let a = anatomy();
        assert!(a.orphans.is_empty(), "orphans: {:?}", a.orphans);
        assert!(
            a.unused_verbs.is_empty(),
            "unused verbs: {:?}\n{}",
            a.unused_verbs,
            a.to_text()
        );
        assert!(a.unknown_reads.is_empty());
        assert!(
            a.unread_params.iter().all(|u| u.reserved.is_some()),
            "{:?}",
            a.unread_params
        );
        // The step time, the disconnect grace and the timeout-claim tolerance: the session's.
        assert_eq!(a.unread_params.len(), 3);
        assert!(a.ok());
        assert!(a.to_text().contains("orphans=0"));
        assert_eq!(a.alphabet, 25 + 80 + 25 + 1 + 2 + 4);
    }

    #[test]
    fn the_report_lists_surfaced_and_hidden_components_with_their_ratio() {
        let a = anatomy();
        let text = a.to_text();
        let (shown, hidden) = a.surfaced();
        assert_eq!(shown.len() + hidden.len(), a.states.len());
        assert!(text.contains(&format!(
            "== surfaced: {} of {} state components ({} %) ==",
            shown.len(),
            a.states.len(),
            shown.len() * 100 / a.states.len()
        )));
        assert!(text.contains(&format!(
            "== hidden: {} of {} ==",
            hidden.len(),
            a.states.len()
        )));
        for s in &a.states {
            assert!(
                text.contains(&format!("{:<16} {}", s.key, s.surface)),
                "{}",
                s.key
            );
        }
        let keys = |rows: &[&StateRow]| rows.iter().map(|s| s.key).collect::<Vec<_>>();
        assert_eq!(keys(&hidden), ["pendingLock", "hash"]);
    }

    /// The browser tests' sources, concatenated.
    fn browser_tests() -> String {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../e2e/tests");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(".spec.mjs"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// "Surfaced" is a claim about the screens: a browser test tagged
    /// `@surfaced-<key>` must look for the component there, and no test may
    /// claim to find a hidden or unknown one.
    #[test]
    fn every_surfaced_component_has_a_screen_test_naming_it() {
        let a = anatomy();
        let tests = browser_tests();
        for s in &a.states {
            let tag = format!("\"@surfaced-{}\"", s.key);
            assert_eq!(
                tests.contains(&tag),
                s.surfaced,
                "{}: marked surfaced={} but a browser test tagged {tag} is {}",
                s.key,
                s.surfaced,
                if s.surfaced { "missing" } else { "present" }
            );
        }
        for tag in tests.split("\"@surfaced-").skip(1) {
            let key = tag.split('"').next().unwrap_or_default();
            assert!(
                a.states.iter().any(|s| s.key == key),
                "a browser test is tagged @surfaced-{key}, which is no state component"
            );
        }
    }
}
