//! Level files (the format is in `docs/hex-stroke-rules.md`, "Level files").
//!
//! A pack file is `{"pack":N,"title":"…","levels":[level…]}`; a level is
//! `{"id":"1-3","pack":1,"index":3,"orientation":"pointy","cells":[{"id":"a","q":0,"r":0,"clue":1}…],
//! "walls":[["a","b"]…],"spinners":[{"cell":"c","corner":0,"phase":1}…]}` with an optional
//! `"title"` and its English form `"titleEn"` (a pack has both too; the app shows the
//! one in the player's language). Unknown fields are rejected (so a solution can never
//! ride along). `titleEn` is read by the app's catalog from the [`PackJson`] itself; a
//! loaded [`Level`] or [`Pack`] keeps one title, so writing one back drops it.
//! Loading validates everything and reports every problem with the level id.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::coord::Axial;
use super::model::{Cell, Level, LevelParts, SpinnerSpec};
use super::problem::{Document, LevelProblem};
use crate::json_error::JsonError;

fn pointy() -> String {
    "pointy".to_string()
}

/// A cell as written in a level file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellJson {
    pub id: String,
    pub q: i32,
    pub r: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clue: Option<u32>,
}

/// A spinner as written in a level file: a cell, one of its corners and the phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpinnerJson {
    pub cell: String,
    pub corner: u8,
    pub phase: u8,
}

/// A level as written in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelJson {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
    #[serde(default = "pointy")]
    pub orientation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The title in English, for the app's English screens.
    #[serde(default, rename = "titleEn", skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    pub cells: Vec<CellJson>,
    #[serde(default)]
    pub walls: Vec<[String; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spinners: Vec<SpinnerJson>,
}

/// A pack file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackJson {
    pub pack: u32,
    pub title: String,
    /// The title in English, for the app's English screens.
    #[serde(default, rename = "titleEn", skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    pub levels: Vec<LevelJson>,
}

/// A loaded, validated pack.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pack {
    pub pack: u32,
    pub title: String,
    pub levels: Vec<Level>,
}

/// One loading problem: which level (if known) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelError {
    pub level: Option<String>,
    pub problem: LevelProblem,
}

/// The command line's sentence: `level 1-3: <problem>`.
impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.level {
            Some(id) => write!(f, "level {id}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

fn err(level: Option<&str>, problem: LevelProblem) -> LevelError {
    LevelError {
        level: level.map(str::to_string),
        problem,
    }
}

fn bad_json(document: Document, e: serde_json::Error) -> Vec<LevelError> {
    vec![err(
        None,
        LevelProblem::BadJson {
            document,
            error: JsonError::from(e),
        },
    )]
}

/// Validates a level as written and builds it. Every problem is reported.
pub fn level_from_json(j: &LevelJson) -> Result<Level, Vec<LevelError>> {
    let id = j.id.as_str();
    let mut errors = Vec::new();
    if j.id.is_empty() {
        errors.push(err(Some(id), LevelProblem::EmptyLevelId));
    }
    if j.orientation != "pointy" {
        errors.push(err(
            Some(id),
            LevelProblem::Orientation {
                given: j.orientation.clone(),
            },
        ));
    }
    let cells: Vec<Cell> = j
        .cells
        .iter()
        .map(|c| Cell {
            id: c.id.clone(),
            pos: Axial::new(c.q, c.r),
            clue: c.clue,
        })
        .collect();
    // ids are resolved to the first cell carrying them; duplicates are reported by the model
    let find = |name: &str| cells.iter().position(|c| c.id == name);
    let mut walls = Vec::new();
    for [a, b] in &j.walls {
        match (find(a), find(b)) {
            (Some(x), Some(y)) => walls.push((x, y)),
            _ => {
                for name in [a, b] {
                    if find(name).is_none() {
                        errors.push(err(
                            Some(id),
                            LevelProblem::WallUnknownCell {
                                a: a.clone(),
                                b: b.clone(),
                                name: name.clone(),
                            },
                        ));
                    }
                }
            }
        }
    }
    let mut spinners = Vec::new();
    for s in &j.spinners {
        match find(&s.cell) {
            Some(cell) => spinners.push(SpinnerSpec {
                cell,
                corner: s.corner,
                phase: s.phase,
            }),
            None => errors.push(err(
                Some(id),
                LevelProblem::SpinnerUnknownCell {
                    name: s.cell.clone(),
                },
            )),
        }
    }
    let parts = LevelParts {
        id: j.id.clone(),
        pack: j.pack,
        index: j.index,
        title: j.title.clone(),
        cells,
        walls,
        spinners,
    };
    match Level::build(parts) {
        Ok(level) if errors.is_empty() => Ok(level),
        Ok(_) => Err(errors),
        Err(problems) => {
            errors.extend(problems.into_iter().map(|p| err(Some(id), p)));
            Err(errors)
        }
    }
}

/// The file form of a level (walls and spinners as stored, ids as given).
pub fn level_to_json(level: &Level) -> LevelJson {
    let id = |i: usize| level.cell(i).id.clone();
    LevelJson {
        id: level.id.clone(),
        pack: level.pack,
        index: level.index,
        orientation: pointy(),
        title: level.title.clone(),
        title_en: None,
        cells: level
            .cells()
            .iter()
            .map(|c| CellJson {
                id: c.id.clone(),
                q: c.pos.q,
                r: c.pos.r,
                clue: c.clue,
            })
            .collect(),
        walls: level.walls().iter().map(|e| [id(e.a), id(e.b)]).collect(),
        spinners: level
            .spinners()
            .iter()
            .map(|s| SpinnerJson {
                cell: id(s.cell),
                corner: s.corner,
                phase: s.phase,
            })
            .collect(),
    }
}

/// Pretty JSON text of a single level.
pub fn level_to_string(level: &Level) -> String {
    serde_json::to_string_pretty(&level_to_json(level)).expect("level serialises")
}

/// Parses and validates a single level.
pub fn parse_level(text: &str) -> Result<Level, Vec<LevelError>> {
    let j: LevelJson = serde_json::from_str(text).map_err(|e| bad_json(Document::Level, e))?;
    level_from_json(&j)
}

/// Validates a pack as written: every level, plus duplicate level ids and
/// levels whose `pack` field disagrees with the pack number.
pub fn pack_from_json(p: &PackJson) -> Result<Pack, Vec<LevelError>> {
    let mut errors = Vec::new();
    let mut levels = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, l) in p.levels.iter().enumerate() {
        if seen.contains(&l.id.as_str()) {
            errors.push(err(
                Some(&l.id),
                LevelProblem::DuplicateLevelId {
                    id: l.id.clone(),
                    pack: p.pack,
                },
            ));
        }
        seen.push(&l.id);
        if let Some(n) = l.pack {
            if n != p.pack {
                errors.push(err(
                    Some(&l.id),
                    LevelProblem::PackMismatch {
                        says: n,
                        pack: p.pack,
                    },
                ));
            }
        }
        if let Some(says) = l.index.filter(|&x| x as usize != i + 1) {
            errors.push(err(
                Some(&l.id),
                LevelProblem::IndexMismatch { says, entry: i + 1 },
            ));
        }
        match level_from_json(l) {
            Ok(level) => levels.push(level),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(Pack {
            pack: p.pack,
            title: p.title.clone(),
            levels,
        })
    } else {
        Err(errors)
    }
}

/// Parses and validates a pack file.
pub fn parse_pack(text: &str) -> Result<Pack, Vec<LevelError>> {
    pack_from_json(&read_pack_json(text)?)
}

/// A pack file's JSON as written, or why it is not one.
fn read_pack_json(text: &str) -> Result<PackJson, Vec<LevelError>> {
    serde_json::from_str(text).map_err(|e| bad_json(Document::Pack, e))
}

/// A pack file's English titles as written (`titleEn`): the pack's, and each level's by
/// level id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TitlesEn {
    pub pack: Option<String>,
    pub levels: Vec<(String, String)>,
}

impl PackJson {
    /// The English titles this file gives.
    pub fn into_titles_en(self) -> TitlesEn {
        let levels = self
            .levels
            .into_iter()
            .filter_map(|l| Some((l.id, l.title_en?)))
            .collect();
        TitlesEn {
            pack: self.title_en,
            levels,
        }
    }
}

/// Parses and validates a pack file, with its English titles: one reading of the text for
/// both (the app's catalogue reads every pack when the level select opens, where a second
/// reading of each file was a sixth of the screen's first task).
pub fn parse_pack_titled(text: &str) -> Result<(Pack, TitlesEn), Vec<LevelError>> {
    let p = read_pack_json(text)?;
    Ok((pack_from_json(&p)?, p.into_titles_en()))
}

/// Parses either a pack file or a single level (told apart by a `"levels"` key).
/// A single level comes back as a pack with number 0 and an empty title.
pub fn parse_any(text: &str) -> Result<Pack, Vec<LevelError>> {
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad_json(Document::Any, e))?;
    if v.get("levels").is_some() {
        parse_pack(text)
    } else {
        let level = parse_level(text)?;
        Ok(Pack {
            pack: level.pack.unwrap_or(0),
            title: String::new(),
            levels: vec![level],
        })
    }
}

/// Pretty JSON text of a pack.
pub fn pack_to_string(pack: &Pack) -> String {
    let p = PackJson {
        pack: pack.pack,
        title: pack.title.clone(),
        title_en: None,
        levels: pack.levels.iter().map(level_to_json).collect(),
    };
    serde_json::to_string_pretty(&p).expect("pack serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::hex::test_levels::WALLED_TRIANGLE;

    #[test]
    fn a_level_file_loads_and_round_trips() {
        let l = parse_level(WALLED_TRIANGLE).unwrap();
        assert_eq!(l.len(), 3);
        assert_eq!(l.walls().len(), 1);
        assert_eq!(l.clue_cell(1), Some(0));
        let again = parse_level(&level_to_string(&l)).unwrap();
        assert_eq!(again, l);
    }

    #[test]
    fn english_titles_are_read_beside_the_pack() {
        let pack = format!(
            r#"{{"pack":1,"title":"包","titleEn":"Pack One","levels":[{}]}}"#,
            WALLED_TRIANGLE.replacen('{', r#"{"titleEn":"Triangle","#, 1)
        );
        let (loaded, titles) = parse_pack_titled(&pack).unwrap();
        assert_eq!(loaded, parse_pack(&pack).unwrap());
        let id = loaded.levels[0].id.clone();
        assert_eq!(
            titles,
            TitlesEn {
                pack: Some("Pack One".to_string()),
                levels: vec![(id, "Triangle".to_string())]
            }
        );
        assert!(parse_pack_titled("not json").is_err());
    }

    #[test]
    fn solution_field_rejected() {
        let t = WALLED_TRIANGLE.replace("\"walls\"", "\"solution\":[\"a\"],\"walls\"");
        let e = parse_level(&t).unwrap_err();
        match &e[0].problem {
            LevelProblem::BadJson {
                document: Document::Level,
                error,
            } => assert_eq!(
                error.fault,
                crate::json_error::JsonFault::UnknownField {
                    field: "solution".into()
                }
            ),
            other => panic!("{other:?}"),
        }
        assert!(e[0].to_string().contains("solution"), "{e:?}");
    }

    #[test]
    fn every_problem_reported_with_level_id() {
        let t = r#"{"pack":1,"title":"t","levels":[
          {"id":"1-1","pack":1,"index":1,"cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0,"clue":1}],
           "walls":[["a","zz"],["a","b"],["b","a"]]},
          {"id":"1-1","pack":2,"index":2,"cells":[{"id":"a","q":0,"r":0,"clue":5}],
           "spinners":[{"cell":"a","corner":0,"phase":0}]}]}"#;
        let errs = parse_pack(t).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        let all = text.join("\n");
        for needle in [
            "unknown cell \"zz\"",
            "listed twice",
            "clue 1 appears twice",
            "used twice in pack",
            "says pack 2",
            "outside 1..1",
            "at least two",
        ] {
            assert!(all.contains(needle), "missing {needle}:\n{all}");
        }
        assert!(text.iter().all(|l| l.starts_with("level 1-1:")), "{all}");
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(parse_any("").is_err());
        assert!(parse_any("{\"levels\":3}").is_err());
        assert!(parse_any("[1,2]").is_err());
    }
}
