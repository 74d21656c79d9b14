//! `engine hex deduce` and `engine hex hint`: the deduction solver's trace and the
//! teaching hint as JSON, cells named by their ids.

use serde::Serialize;
use serde_json::{json, Map, Value};

use engine::hex::deduce::{deduce, Conclusion, Deduced, Deduction};
use engine::hex::hint::teaching_hint;
use engine::hex::solver::{solve, SolveOptions};
use engine::hex::Level;

fn id(level: &Level, i: usize) -> String {
    level.cell(i).id.clone()
}

fn ids(level: &Level, cells: &[usize]) -> Vec<String> {
    cells.iter().map(|&c| id(level, c)).collect()
}

fn conclusion(level: &Level, c: &Conclusion) -> Value {
    match c {
        Conclusion::Use { a, b } => json!({"kind": "use", "a": id(level, *a), "b": id(level, *b)}),
        Conclusion::Close { a, b } => {
            json!({"kind": "close", "a": id(level, *a), "b": id(level, *b)})
        }
        Conclusion::Remove { cell, steps } => {
            json!({"kind": "remove", "cell": id(level, *cell), "steps": steps})
        }
        Conclusion::Fix { cell, step } => {
            json!({"kind": "fix", "cell": id(level, *cell), "step": step})
        }
    }
}

/// One deduction with cell ids.
pub fn deduction(level: &Level, d: &Deduction) -> Value {
    json!({
        "technique": d.technique,
        "tier": d.technique.tier(),
        "cells": ids(level, &d.cells),
        "conclusions": d.conclusions.iter().map(|c| conclusion(level, c)).collect::<Vec<_>>(),
    })
}

/// The report of one level: outcome, grade, technique counts, the path or the
/// stuck board, and the trace when asked for.
pub fn report(level: &Level, r: &Deduced, trace: bool) -> Value {
    let mut techniques = Map::new();
    for (t, k) in r.counts() {
        techniques.insert(t.code().to_string(), json!(k));
    }
    let mut out = json!({
        "id": level.id,
        "outcome": r.outcome,
        "tier": r.grade.tier,
        "steps_at_tier": r.grade.steps,
        "deductions": r.trace.len(),
        "techniques": techniques,
        "stuck_step": r.stuck_step(),
        "path": r.path.as_ref().map(|p| ids(level, p)),
    });
    if r.path.is_none() {
        let steps: Map<String, Value> = r
            .board
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| (id(level, i), json!(s)))
            .collect();
        let pairs = |es: &[engine::hex::Edge]| -> Vec<[String; 2]> {
            es.iter()
                .map(|e| [id(level, e.a), id(level, e.b)])
                .collect()
        };
        out["stuck_board"] = json!({
            "steps": steps,
            "used": pairs(&r.board.used),
            "closed": pairs(&r.board.closed),
        });
    }
    if trace {
        out["trace"] = r.trace.iter().map(|d| deduction(level, d)).collect();
    }
    out
}

/// `hex deduce`: one object for a single level, an array for a pack.
pub fn deduce_levels(levels: &[Level], single: bool, trace: bool, max_tier: u8) -> String {
    let reports: Vec<Value> = levels
        .iter()
        .map(|l| report(l, &deduce(l, max_tier), trace))
        .collect();
    let v = if single {
        reports.into_iter().next().unwrap_or(Value::Null)
    } else {
        Value::Array(reports)
    };
    serde_json::to_string_pretty(&v).expect("serialises")
}

#[derive(Serialize)]
struct HintOut {
    /// The hint: `start`, `next`, `fork`, `restart`, `solved`, `no_solution`.
    kind: Value,
    cell: Option<String>,
    technique: Option<Value>,
    cells: Vec<String>,
}

/// `hex hint`: the teaching hint for a path given by cell ids.
pub fn hint_for(level: &Level, path_ids: &[String]) -> Result<String, String> {
    let mut path = Vec::new();
    for p in path_ids {
        path.push(
            level
                .index_of(p)
                .ok_or_else(|| format!("the path names cell \"{p}\", which the level lacks"))?,
        );
    }
    let solution = solve(
        level,
        &SolveOptions {
            limit: 1,
            node_limit: 0,
        },
    )
    .first
    .unwrap_or_default();
    let t = teaching_hint(level, &path, &solution);
    let kind = serde_json::to_value(t.hint).expect("serialises")["kind"].clone();
    let out = HintOut {
        kind,
        cell: t.hint.cell().map(|c| id(level, c)),
        technique: t.technique.map(|x| json!(x)),
        cells: ids(level, &t.cells),
    };
    Ok(serde_json::to_string(&out).expect("serialises"))
}
