//! AI strengths (入门 / 中等 / 困难 / 大师) as data: `engine/spec/baifang_ai.json`.
//!
//! Each strength is one row (depth limit, node budget, evaluation noise); the
//! search has no per-strength code path. The file is embedded at compile time and
//! parsed once; serde rejects unknown fields, and a test checks that every
//! field is read, so the file has no dead numbers.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The AI spec file, verbatim.
pub const AI_SPEC_JSON: &str = include_str!("../../../spec/baifang_ai.json");

/// A documented integer constant.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntParam {
    /// The number.
    pub value: u64,
    /// What it means.
    pub doc: String,
}

/// A documented string constant.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrParam {
    /// The value.
    pub value: String,
    /// What it means.
    pub doc: String,
}

/// Null-move pruning settings as data.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NullMoveSpec {
    /// What the block is.
    pub doc: String,
    /// Least remaining depth in turns.
    pub min_depth: IntParam,
    /// Least number of empty points.
    pub min_empty: IntParam,
    /// Extra depth reduction of the null search, in turns.
    pub reduction: IntParam,
}

/// One strength row.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StrengthSpec {
    /// Stable id (`beginner`, `medium`, `hard`, `master`).
    pub id: String,
    /// Display name (入门 / 中等 / 困难 / 大师).
    pub name: String,
    /// English name.
    pub en: String,
    /// Iterative deepening stops after this many turns of depth.
    pub max_depth: u32,
    /// Node budget (positions entered); the search stops when it is spent.
    pub nodes: u64,
    /// Evaluation noise amplitude: each evaluated position gets a
    /// seed-dependent offset in `[-noise, noise]` (a stone is worth 100).
    pub noise: i32,
    /// What the row is for.
    pub doc: String,
}

/// The whole AI spec file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AiSpec {
    /// `"baifang_ai"`.
    pub id: String,
    /// File version.
    pub version: u32,
    /// What the file is.
    pub doc: String,
    /// Transposition table size (log2 of the entry count).
    pub tt_bits: IntParam,
    /// Quiescence depth in turns.
    pub quiescence_plies: IntParam,
    /// Null-move pruning settings.
    pub null_move: NullMoveSpec,
    /// Strength whose budget the hint uses.
    pub hint_strength: StrParam,
    /// Self-play: turns without capture before a game is cut as unfinished.
    pub selfplay_quiet_turns: IntParam,
    /// Self-play: total turns before a game is cut as unfinished.
    pub selfplay_max_turns: IntParam,
    /// The strengths, weakest first.
    pub strengths: Vec<StrengthSpec>,
    /// Game review: budget and turn-classification thresholds.
    pub review: ReviewSpec,
}

/// The spec's strength names and game-review numbers, as constants written by
/// `engine/build.rs` from the same file (a test holds them equal to [`ai_spec`]): a web
/// module that names a strength or classifies a turn then carries no JSON parser for the
/// spec. The search's settings are read from the parsed spec.
pub mod app {
    include!(concat!(env!("OUT_DIR"), "/baifang_ai_app.rs"));
}

const _: () = assert!(
    app::STRENGTH_IDS.len() == Strength::ALL.len()
        && app::STRENGTH_NAMES.len() == Strength::ALL.len()
        && app::STRENGTH_EN.len() == Strength::ALL.len(),
    "spec/baifang_ai.json has one row per strength"
);

/// The parsed AI spec (parsed once).
pub fn ai_spec() -> &'static AiSpec {
    static SPEC: OnceLock<AiSpec> = OnceLock::new();
    SPEC.get_or_init(|| {
        serde_json::from_str(AI_SPEC_JSON)
            .expect("engine/spec/baifang_ai.json is valid (checked by tests)")
    })
}

/// The four AI strengths. The discriminant is the row index in the spec file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// 入门: one turn deep with heavy noise.
    Beginner = 0,
    /// 中等.
    Medium = 1,
    /// 困难.
    Hard = 2,
    /// 大师: the full budget.
    Master = 3,
}

impl Strength {
    /// Whether this strength plays from the endgame tables where it has them
    /// (`hard` and `master`; the weaker strengths keep their mistakes).
    pub fn uses_tables(self) -> bool {
        matches!(self, Strength::Hard | Strength::Master)
    }

    /// All strengths, weakest first.
    pub const ALL: [Strength; 4] = [
        Strength::Beginner,
        Strength::Medium,
        Strength::Hard,
        Strength::Master,
    ];

    /// The strength's data row.
    pub fn spec(self) -> &'static StrengthSpec {
        &ai_spec().strengths[self as usize]
    }
    /// Stable id (`beginner`…).
    pub fn id(self) -> &'static str {
        app::STRENGTH_IDS[self as usize]
    }
    /// Chinese display name (入门…).
    pub fn name(self) -> &'static str {
        app::STRENGTH_NAMES[self as usize]
    }
    /// English display name.
    pub fn en(self) -> &'static str {
        app::STRENGTH_EN[self as usize]
    }
    /// Parses an id, a Chinese or English name, or the index 0..3.
    pub fn parse(s: &str) -> Option<Strength> {
        let t = s.trim();
        Strength::ALL.into_iter().find(|l| {
            l.id().eq_ignore_ascii_case(t)
                || l.en().eq_ignore_ascii_case(t)
                || l.name() == t
                || (*l as usize).to_string() == t
        })
    }
    /// The strength's search limits with a noise seed.
    pub fn limits(self, seed: u64) -> super::Limits {
        let r = self.spec();
        super::Limits {
            max_depth: r.max_depth,
            nodes: r.nodes,
            noise: r.noise,
            seed,
        }
    }
    /// Every strength row, weakest first (serialisable for a strength picker).
    pub fn rows() -> &'static [StrengthSpec] {
        &ai_spec().strengths
    }
    /// The strength the hint button uses (`hintStrength` in the spec).
    pub fn hint() -> Strength {
        Strength::parse(&ai_spec().hint_strength.value).unwrap_or(Strength::Master)
    }
}

/// Review constants (`review` in `engine/spec/baifang_ai.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ReviewSpec {
    /// Default node budget per position.
    pub nodes: IntParam,
    /// Scores are clamped to ± this before losses are taken.
    pub score_cap: IntParam,
    /// A turn that is not the best but loses less than this is good.
    pub good_below: IntParam,
    /// … less than this: an inaccuracy.
    pub inaccuracy_below: IntParam,
    /// … less than this: a mistake; this much or more: a blunder.
    pub mistake_below: IntParam,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apps_constants_are_the_spec() {
        let s = ai_spec();
        for (i, row) in s.strengths.iter().enumerate() {
            assert_eq!(app::STRENGTH_IDS[i], row.id);
            assert_eq!(app::STRENGTH_NAMES[i], row.name);
            assert_eq!(app::STRENGTH_EN[i], row.en);
        }
        let r = &s.review;
        assert_eq!(app::REVIEW_NODES, r.nodes.value);
        assert_eq!(app::REVIEW_SCORE_CAP, r.score_cap.value);
        assert_eq!(app::REVIEW_GOOD_BELOW, r.good_below.value);
        assert_eq!(app::REVIEW_INACCURACY_BELOW, r.inaccuracy_below.value);
        assert_eq!(app::REVIEW_MISTAKE_BELOW, r.mistake_below.value);
    }

    #[test]
    fn spec_rows_match_the_enum() {
        let s = ai_spec();
        assert_eq!(s.id, "baifang_ai");
        assert!(s.version >= 1 && !s.doc.is_empty());
        assert_eq!(s.strengths.len(), Strength::ALL.len());
        for (i, l) in Strength::ALL.iter().enumerate() {
            assert_eq!(*l as usize, i);
            assert_eq!(Strength::parse(l.id()), Some(*l));
            assert_eq!(Strength::parse(l.name()), Some(*l));
            assert_eq!(Strength::parse(l.en()), Some(*l));
            let r = l.spec();
            assert!(r.max_depth >= 1 && r.nodes > 0 && r.noise >= 0 && !r.doc.is_empty());
        }
        assert_eq!(
            ["入门", "中等", "困难", "大师"],
            Strength::ALL.map(|l| l.name())
        );
        // Budgets grow with the strength.
        for w in s.strengths.windows(2) {
            assert!(w[0].nodes <= w[1].nodes && w[0].noise >= w[1].noise);
        }
        assert!(Strength::parse(&s.hint_strength.value).is_some());
        let r = &s.review;
        let n = &s.null_move;
        assert!(!n.doc.is_empty());
        for p in [
            &s.tt_bits,
            &s.quiescence_plies,
            &n.min_depth,
            &n.min_empty,
            &n.reduction,
            &s.selfplay_quiet_turns,
            &s.selfplay_max_turns,
            &r.nodes,
            &r.score_cap,
            &r.good_below,
            &r.inaccuracy_below,
            &r.mistake_below,
        ] {
            assert!(p.value > 0 && !p.doc.is_empty());
        }
        // The classes are ordered and a forced result outweighs them all.
        assert!(r.good_below.value < r.inaccuracy_below.value);
        assert!(r.inaccuracy_below.value < r.mistake_below.value);
        assert!(r.mistake_below.value < r.score_cap.value);
        assert!((10..=26).contains(&s.tt_bits.value));
    }

    #[test]
    fn every_field_of_the_file_is_read() {
        // serde(deny_unknown_fields) on every struct: a field no code reads
        // cannot be added without failing to parse.
        let mut v: serde_json::Value = serde_json::from_str(AI_SPEC_JSON).unwrap();
        v["strengths"][0]["unused"] = serde_json::json!(1);
        assert!(serde_json::from_value::<AiSpec>(v).is_err());
        let mut v: serde_json::Value = serde_json::from_str(AI_SPEC_JSON).unwrap();
        v["unused"] = serde_json::json!(1);
        assert!(serde_json::from_value::<AiSpec>(v).is_err());
        let mut v: serde_json::Value = serde_json::from_str(AI_SPEC_JSON).unwrap();
        v["review"]["unused"] = serde_json::json!(1);
        assert!(serde_json::from_value::<AiSpec>(v).is_err());
    }
}
