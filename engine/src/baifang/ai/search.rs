//! The search: iterative deepening, alpha-beta with principal variation
//! search, a transposition table, quiescence over forming moves, repetition
//! detection, a deterministic node budget.
//!
//! Plies are the engine's single actions. A capture is a ply of the same side:
//! the score is not negated when the side to move does not change, and depth
//! (counted in turns) only drops when the turn passes, so capture choices are
//! searched exactly like moves. The root works on whole turns
//! ([`super::turn::whole_turns`]) so the answer is a replayable turn.
//!
//! A node is one position entered (one `apply_unchecked`). Nothing here reads
//! a clock: the budget is a node count (plus an optional external stop
//! callback polled every [`POLL`] nodes).

use super::super::action::{Action, ActionList, MAX_ACTIONS};
use super::super::state::{Phase, Side, State};
use super::super::zobrist::WHITE_TO_MOVE;
use super::eval::evaluate;
use super::eval_cache::EvalCache;
use super::ordering::{
    decode, encode, forming_actions, pick, score_actions, score_forming, Heuristics, Keys,
};
use super::tt::{Tt, EXACT, LOWER, UPPER};
use super::turn::{whole_turns, Turn};
use crate::baifang::tables::{Outcome, Tables};

/// Score of a won game at the root (minus the plies to reach it).
pub const WIN: i32 = 30_000;
/// Scores beyond this are forced wins / losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Score of a repeated position.
pub const DRAW: i32 = 0;
const INF: i32 = WIN + 1;
/// Plies beyond which forced moves are no longer extended.
const MAX_EXT_PLY: i32 = 96;
/// The external stop callback is polled every this many nodes.
pub const POLL: u64 = 4096;

/// What bounds one search (serde: `{"maxDepth":64,"nodes":300000,"noise":0,"seed":1}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Deepest iteration, in turns.
    pub max_depth: u32,
    /// Node budget.
    pub nodes: u64,
    /// Evaluation noise amplitude (0 = none).
    pub noise: i32,
    /// Seed of the noise.
    pub seed: u64,
}

/// Null-move pruning settings (`nullMove` in the AI spec).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMove {
    /// Least remaining depth (turns) at which a null move is tried.
    pub min_depth: i32,
    /// Least number of empty points (placing phase) at which it is tried.
    pub min_empty: i32,
    /// How much shallower (turns, besides the turn passed) the null search is.
    pub reduction: i32,
}

/// Result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The chosen whole turn.
    pub turn: Turn,
    /// Its score for the side to move (a stone = 100; ±30000 ∓ plies = forced win/loss).
    pub score: i32,
    /// Deepest completed iteration (turns).
    pub depth: u32,
    /// Nodes entered.
    pub nodes: u64,
}

/// Scratch space of the node at one ply: its actions and their ordering
/// keys (allocated once, so entering a node initialises nothing).
#[derive(Clone, Copy)]
struct Frame {
    list: ActionList,
    keys: Keys,
}

const EMPTY_FRAME: Frame = Frame {
    list: ActionList::new(),
    keys: [0; MAX_ACTIONS],
};

/// Frames allocated up front; deeper lines (long forced sequences) grow the
/// stack once.
const FRAMES: usize = 128;

/// Search state: the transposition table (allocated once) and the ordering
/// heuristics, reused across moves.
pub struct Searcher {
    tt: Tt,
    evals: EvalCache,
    heur: Heuristics,
    frames: Vec<Frame>,
    nodes: u64,
    limit: u64,
    next_poll: u64,
    stopped: bool,
    noise: i32,
    seed: u64,
    qplies: i32,
    null: NullMove,
    /// Ply of the position reached by the last null move on the current line.
    null_ply: i32,
    path: Vec<u64>,
    history: Vec<u64>,
    stop: Option<Box<dyn FnMut(u64) -> bool>>,
    /// Endgame tables: a leaf they cover is scored exactly ([`Searcher::set_tables`]).
    tables: Option<Tables>,
}

/// The null move: the same position with the other side to move. Not a rule
/// of the game (there is no pass); only null-move pruning uses it.
fn passed(s: &State) -> State {
    let mut n = *s;
    n.to_move = n.to_move.other();
    n.hash ^= WHITE_TO_MOVE;
    debug_assert_eq!(n.hash, n.compute_hash());
    n
}

#[inline]
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn terminal(s: &State, ply: i32) -> i32 {
    match s.result() {
        Some((w, _)) if w == s.to_move() => WIN - ply,
        _ => -(WIN - ply),
    }
}

#[inline]
fn to_tt(v: i32, ply: i32) -> i32 {
    if v >= WIN_BOUND {
        v + ply
    } else if v <= -WIN_BOUND {
        v - ply
    } else {
        v
    }
}

#[inline]
fn from_tt(v: i32, ply: i32) -> i32 {
    if v >= WIN_BOUND {
        v - ply
    } else if v <= -WIN_BOUND {
        v + ply
    } else {
        v
    }
}

impl Searcher {
    /// A searcher with a table of 2^`tt_bits` entries, `qplies` turns of
    /// quiescence and the given null-move pruning.
    pub fn with_settings(tt_bits: u32, qplies: i32, null: NullMove) -> Searcher {
        Searcher {
            tt: Tt::new(tt_bits),
            evals: EvalCache::new(),
            heur: Heuristics::new(),
            frames: vec![EMPTY_FRAME; FRAMES],
            nodes: 0,
            limit: u64::MAX,
            next_poll: POLL,
            stopped: false,
            noise: 0,
            seed: 0,
            qplies,
            null,
            null_ply: -1,
            path: Vec::with_capacity(256),
            history: Vec::new(),
            stop: None,
            tables: None,
        }
    }

    /// Scores every position the endgame tables cover exactly, as a won or lost game at its
    /// distance (a win in `d` plies from ply `p` scores as the game won at ply `p + d`), or
    /// `None` to search by evaluation alone. The tables' own positions have no lock and no
    /// capture owed; the rest are searched as before.
    pub fn set_tables(&mut self, tables: Option<Tables>) {
        self.tables = tables;
    }

    /// The endgame tables the search scores leaves with, if it has any.
    pub fn tables_mut(&mut self) -> Option<&mut Tables> {
        self.tables.as_mut()
    }

    /// Takes the endgame tables back (the searcher then searches by evaluation alone).
    pub fn take_tables(&mut self) -> Option<Tables> {
        self.tables.take()
    }

    /// Installs an external stop callback, polled every [`POLL`] nodes with
    /// the node count so far; returning `true` ends the search (the best turn
    /// of the last completed iteration is returned). Using it makes the
    /// result depend on the caller, so budgets used for play should be nodes.
    pub fn set_stop_callback(&mut self, f: Option<Box<dyn FnMut(u64) -> bool>>) {
        self.stop = f;
    }

    /// Forgets the table and the heuristics (for reproducible measurements).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.evals.clear();
        self.heur.clear();
    }

    /// Searches `s` (whose side to move must act) and returns the best whole
    /// turn. `history`: hashes of the positions already seen in this game (a
    /// position repeated in the moving phase scores as a draw).
    pub fn search(&mut self, s: &State, history: &[u64], lim: &Limits) -> SearchResult {
        self.nodes = 0;
        self.limit = lim.nodes.max(1);
        self.next_poll = POLL;
        self.stopped = false;
        let noise = lim.noise.max(0);
        if (noise, lim.seed) != (self.noise, self.seed) {
            // Stored scores carry the old noise: start from a clean table.
            self.tt.clear();
        }
        self.noise = noise;
        self.seed = lim.seed;
        self.history.clear();
        self.history.extend_from_slice(history);
        self.history.sort_unstable();
        self.history.dedup();
        self.path.clear();
        self.tt.new_search();
        self.heur.age();

        let mut turns = Vec::new();
        whole_turns(s, &mut turns, &mut self.nodes);
        if turns.is_empty() {
            return SearchResult {
                turn: Turn::default(),
                score: 0,
                depth: 0,
                nodes: self.nodes,
            };
        }
        let me = s.to_move();
        // Static pre-order: one-turn score of each child.
        let mut order: Vec<(i32, usize)> = turns
            .iter()
            .enumerate()
            .map(|(i, (_, c))| {
                let v = self.static_child(c, me);
                (-v, i)
            })
            .collect();
        order.sort();
        let mut idx: Vec<usize> = order.into_iter().map(|(_, i)| i).collect();
        let mut best = idx[0];
        let mut best_score = None;
        let mut depth_done = 0;
        if turns.len() == 1 {
            let c = turns[0].1;
            return SearchResult {
                turn: turns[0].0,
                score: self.static_child(&c, me),
                depth: 0,
                nodes: self.nodes,
            };
        }
        let root_boundary = s.pending_captures() == 0 && s.phase() == Phase::Moving;
        if root_boundary {
            self.path.push(s.hash());
        }
        for depth in 1..=lim.max_depth.max(1) as i32 {
            let mut alpha = -INF;
            let beta = INF;
            let mut iter_best = None;
            let mut iter_score = -INF;
            for (k, &i) in idx.iter().enumerate() {
                let c = turns[i].1;
                let same = c.to_move() == me;
                let v = if k == 0 {
                    self.child(&c, same, depth - 1, alpha, beta, 1)
                } else {
                    let v = self.child(&c, same, depth - 1, alpha, alpha + 1, 1);
                    if v > alpha && !self.stopped {
                        self.child(&c, same, depth - 1, alpha, beta, 1)
                    } else {
                        v
                    }
                };
                if self.stopped {
                    break;
                }
                if v > iter_score {
                    iter_score = v;
                    iter_best = Some(i);
                    if v > alpha {
                        alpha = v;
                    }
                }
            }
            if let Some(b) = iter_best {
                // Usable even if the iteration was cut: the first (previous
                // best) turn was searched completely, and any turn that beat it
                // did so with an exact score.
                best = b;
                best_score = Some(iter_score);
                if !self.stopped {
                    depth_done = depth as u32;
                }
                let pos = idx.iter().position(|&x| x == b).unwrap_or(0);
                let v = idx.remove(pos);
                idx.insert(0, v);
            }
            let decided = best_score.is_some_and(|v| v.abs() >= WIN_BOUND);
            if self.stopped || decided || self.nodes >= self.limit {
                break;
            }
        }
        let score = match best_score {
            Some(v) => v,
            None => self.static_child(&turns[best].1, me),
        };
        SearchResult {
            turn: turns[best].0,
            score,
            depth: depth_done,
            nodes: self.nodes,
        }
    }

    /// Static score of a root child for the root side.
    fn static_child(&mut self, c: &State, me: super::super::state::Side) -> i32 {
        let v = if c.is_finished() {
            terminal(c, 1)
        } else {
            self.eval(c)
        };
        if c.to_move() == me {
            v
        } else {
            -v
        }
    }

    #[inline]
    fn eval(&mut self, s: &State) -> i32 {
        let key = s.hash();
        let mut v = match self.evals.get(key) {
            Some(v) => v,
            None => {
                let v = evaluate(s);
                self.evals.put(key, v);
                v
            }
        };
        if self.noise > 0 {
            let r = splitmix(s.hash() ^ self.seed);
            v += (r % (2 * self.noise as u64 + 1)) as i32 - self.noise;
        }
        v
    }

    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.limit {
            self.stopped = true;
        } else if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL;
            if let Some(f) = self.stop.as_mut() {
                if f(self.nodes) {
                    self.stopped = true;
                }
            }
        }
    }

    /// Value of child `c` for the parent's side.
    #[inline(always)]
    fn child(&mut self, c: &State, same: bool, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        if same {
            self.node(c, depth, alpha, beta, ply)
        } else {
            -self.node(c, depth, -beta, -alpha, ply)
        }
    }

    #[inline]
    fn qchild(&mut self, c: &State, same: bool, alpha: i32, beta: i32, ply: i32, qd: i32) -> i32 {
        if same {
            self.qsearch(c, alpha, beta, ply, qd)
        } else {
            -self.qsearch(c, -beta, -alpha, ply, qd)
        }
    }

    /// Index of the frame for `ply` (grown on first use of a deep ply).
    #[inline]
    fn frame(&mut self, ply: i32) -> usize {
        let f = ply as usize;
        if f >= self.frames.len() {
            self.frames.resize(f + 1, EMPTY_FRAME);
        }
        f
    }

    fn is_repetition(&self, h: u64) -> bool {
        self.path.iter().rev().any(|&x| x == h) || self.history.binary_search(&h).is_ok()
    }

    /// Alpha-beta (PVS) on one position entered at `ply`; `depth` in turns.
    /// The cheap exits (game over, repetition, horizon) are inlined into the
    /// caller; [`Searcher::interior`] searches the moves.
    #[inline(always)]
    fn node(&mut self, s: &State, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        if s.is_finished() {
            return terminal(s, ply);
        }
        if s.pending_captures() == 0 {
            if s.phase() == Phase::Moving {
                if self.is_repetition(s.hash()) {
                    return DRAW;
                }
                if self.tables.is_some() {
                    if let Some(v) = self.table_score(s, ply) {
                        return v;
                    }
                }
            }
            if depth <= 0 {
                return self.qsearch(s, alpha, beta, ply, 0);
            }
        }
        self.interior(s, depth, alpha, beta, ply)
    }

    /// The exact score of `s` at `ply` if the tables cover it (no lock standing).
    #[inline(never)]
    fn table_score(&mut self, s: &State, ply: i32) -> Option<i32> {
        let tables = self.tables.as_mut()?;
        if !s.locks().is_empty() {
            return None;
        }
        let me = s.to_move();
        let v = match tables.lookup(s.stones(me), s.stones(me.other())).ok()? {
            Outcome::Win(d) => WIN - (ply + d as i32),
            Outcome::Loss(d) => -(WIN - (ply + d as i32)),
            Outcome::NoResult => DRAW,
        };
        Some(v)
    }

    /// [`Searcher::node`] past the cheap exits: TT, then the moves.
    #[inline(never)]
    fn interior(&mut self, s: &State, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        let boundary = s.pending_captures() == 0;
        let moving = s.phase() == Phase::Moving;
        self.poll();
        if self.stopped {
            return 0;
        }
        let key = s.hash();
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if e.depth as i32 >= depth {
                let v = from_tt(e.score as i32, ply);
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => v >= beta,
                    _ => v <= alpha,
                };
                if cut {
                    return v;
                }
            }
        }
        if let Some(v) = self.null_move(s, depth, beta, ply) {
            return v;
        }
        let pushed = boundary && moving;
        if pushed {
            self.path.push(key);
        }
        let alpha0 = alpha;
        let me = s.to_move();
        let f = self.frame(ply);
        s.legal_actions(&mut self.frames[f].list);
        let n = self.frames[f].list.len();
        // Single-reply extension: a forced step (common in the hole-walk of a
        // nearly full board) does not use up depth.
        let ext = (boundary && n == 1 && ply < MAX_EXT_PLY) as i32;
        let frame = &mut self.frames[f];
        score_actions(s, &frame.list, &mut frame.keys, tt_move, &self.heur, f);
        let mut best = -INF;
        let mut best_move = 0u16;
        for k in 0..n {
            let i = pick(&mut self.frames[f].keys[..n], k);
            let a = self.frames[f].list[i];
            let mut c = *s;
            let out = c.apply_unchecked(a);
            self.nodes += 1;
            self.tt.prefetch(c.hash());
            self.evals.prefetch(c.hash());
            let d = if out.turn_passed || c.is_finished() {
                depth - 1 + ext
            } else {
                depth
            };
            let same = c.to_move() == me;
            let v = if k == 0 {
                self.child(&c, same, d, alpha, beta, ply + 1)
            } else {
                let v = self.child(&c, same, d, alpha, alpha + 1, ply + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.child(&c, same, d, alpha, beta, ply + 1)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = encode(a);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        let quiet = !matches!(a, Action::Capture { .. }) && out.owed == 0;
                        if quiet {
                            self.heur
                                .good_quiet(me.idx(), ply as usize, best_move, depth);
                        }
                        break;
                    }
                }
            }
        }
        if pushed {
            self.path.pop();
        }
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Null-move pruning, only where passing cannot be what decides the game:
    /// in the placing phase with both hands non-empty and at least
    /// `minEmpty` empty points (the parity of the last placements, which
    /// decides the hole-walk of the moving phase, is still far off).
    /// If giving the opponent a free placement still leaves the side to move
    /// at or above `beta` in a shallower search, the node fails high.
    fn null_move(&mut self, s: &State, depth: i32, beta: i32, ply: i32) -> Option<i32> {
        let NullMove {
            min_depth,
            min_empty,
            reduction,
        } = self.null;
        if depth < min_depth
            || self.null_ply == ply
            || s.phase() != Phase::Placing
            || s.pending_captures() != 0
            || s.in_hand(Side::Black) == 0
            || s.in_hand(Side::White) == 0
            || (s.empty().count_ones() as i32) < min_empty
            || beta.abs() >= WIN_BOUND
            || self.eval(s) < beta
        {
            return None;
        }
        let n = passed(s);
        self.nodes += 1;
        let saved = self.null_ply;
        self.null_ply = ply + 1;
        let v = -self.node(&n, depth - 1 - reduction, -beta, -beta + 1, ply + 1);
        self.null_ply = saved;
        (v >= beta && !self.stopped).then_some(v.min(WIN_BOUND - 1))
    }

    /// Quiescence: the side to move may stand pat or play a forming action
    /// (one that earns captures); owed captures are always searched. The
    /// stand-pat exit is inlined into the caller; [`Searcher::qmoves`]
    /// searches the actions.
    #[inline(always)]
    fn qsearch(&mut self, s: &State, alpha: i32, beta: i32, ply: i32, qd: i32) -> i32 {
        if s.is_finished() {
            return terminal(s, ply);
        }
        self.poll();
        if self.stopped {
            return 0;
        }
        if s.pending_captures() > 0 {
            return self.qmoves(s, -INF, alpha, beta, ply, qd);
        }
        let stand = self.eval(s);
        if stand >= beta || qd >= self.qplies {
            return stand;
        }
        self.qmoves(s, stand, alpha.max(stand), beta, ply, qd)
    }

    /// [`Searcher::qsearch`] past stand pat: `best` is the stand-pat score
    /// (−∞ while captures are owed).
    #[inline(never)]
    fn qmoves(
        &mut self,
        s: &State,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        qd: i32,
    ) -> i32 {
        let me = s.to_move();
        let capturing = s.pending_captures() > 0;
        let f = self.frame(ply);
        let frame = &mut self.frames[f];
        if capturing {
            s.legal_actions(&mut frame.list);
            score_actions(s, &frame.list, &mut frame.keys, 0, &self.heur, usize::MAX);
        } else {
            forming_actions(s, &mut frame.list);
            score_forming(s, &frame.list, &mut frame.keys);
        }
        let n = frame.list.len();
        for k in 0..n {
            let i = pick(&mut self.frames[f].keys[..n], k);
            let a = self.frames[f].list[i];
            let mut c = *s;
            let out = c.apply_unchecked(a);
            self.nodes += 1;
            if !capturing && out.owed == 0 && !c.is_finished() {
                continue; // intercepted by anti-looping: a quiet move
            }
            let nqd = if out.turn_passed { qd + 1 } else { qd };
            let same = c.to_move() == me;
            let v = self.qchild(&c, same, alpha, beta, ply + 1, nqd);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Principal variation from the table (for display; may be short).
    pub fn pv(&self, s: &State, max: usize) -> Vec<Action> {
        let mut out = Vec::new();
        let mut c = *s;
        let mut seen = Vec::new();
        while out.len() < max && !c.is_finished() {
            let Some(e) = self.tt.probe(c.hash()) else {
                break;
            };
            let Some(a) = decode(e.mv) else { break };
            if c.validate(a).is_err() || seen.contains(&c.hash()) {
                break;
            }
            seen.push(c.hash());
            c.apply_unchecked(a);
            out.push(a);
        }
        out
    }
}
