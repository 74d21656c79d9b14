//! What a screen reader hears for one hex: where it is (in the editor), what is
//! there (a named cell or a hole), its clue, its step on the path, and the sides
//! that carry a wall. Shared by the play board and the editor canvas; the words
//! themselves are translations in `web_core::i18n`.

use engine::hex::coord::Axial;

use crate::strings::Text;
use web_core::i18n::Lang;

/// The side names, in the engine's direction order (E, SE, SW, W, NW, NE).
const SIDES: [Text; 6] = [
    Text::HexDirEast,
    Text::HexDirSouthEast,
    Text::HexDirSouthWest,
    Text::HexDirWest,
    Text::HexDirNorthWest,
    Text::HexDirNorthEast,
];

/// The facts about one hex that its label says.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellFacts {
    /// The lattice position, said where the board is edited.
    pub at: Option<Axial>,
    /// The cell's id, or `None` for a hole (no cell there).
    pub id: Option<String>,
    pub clue: Option<u32>,
    /// The path's step on this cell (1 = its start).
    pub step: Option<usize>,
    /// Bit `d` set: a wall on the side in direction `d`.
    pub walls: u8,
}

/// `template` with each `{}` replaced by the next of `values`.
pub(crate) fn fill(template: &str, values: &[String]) -> String {
    let mut parts = template.split("{}");
    let mut out = parts.next().unwrap_or_default().to_string();
    for (i, part) in parts.enumerate() {
        out.push_str(values.get(i).map_or("", String::as_str));
        out.push_str(part);
    }
    out
}

/// The label of one hex, e.g. "position q 1, r 0, cell b, clue 3, wall to the
/// south-east" or "位置 q 2，r 1，洞".
pub fn cell_label(facts: &CellFacts, lang: Lang) -> String {
    let t = |text: Text| text.in_lang(lang);
    let mut words = Vec::new();
    if let Some(p) = facts.at {
        words.push(fill(
            t(Text::HexCellAt),
            &[p.q.to_string(), p.r.to_string()],
        ));
    }
    match &facts.id {
        Some(id) => words.push(fill(t(Text::HexCellNamed), std::slice::from_ref(id))),
        None => words.push(t(Text::HexCellHole).to_string()),
    }
    if let Some(v) = facts.clue {
        words.push(fill(t(Text::HexCellClue), &[v.to_string()]));
    }
    if let Some(s) = facts.step {
        words.push(fill(t(Text::HexCellStep), &[s.to_string()]));
    }
    let sides: Vec<&str> = (0..6)
        .filter(|d| facts.walls & (1 << d) != 0)
        .map(|d| t(SIDES[d]))
        .collect();
    if !sides.is_empty() {
        let list = sides.join(t(Text::HexListSeparator));
        words.push(fill(t(Text::HexCellWalls), &[list]));
    }
    words.join(t(Text::HexWordsSeparator))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_says_its_place_contents_and_walls_in_both_languages() {
        let facts = CellFacts {
            at: Some(Axial::new(1, -2)),
            id: Some("b".into()),
            clue: Some(3),
            step: None,
            walls: 0b000011,
        };
        assert_eq!(
            cell_label(&facts, Lang::En),
            "position q 1, r -2, cell b, clue 3, wall to the east, south-east"
        );
        assert_eq!(
            cell_label(&facts, Lang::Zh),
            "位置 q 1，r -2，格 b，数字 3，墙在东、东南"
        );
    }

    #[test]
    fn a_hole_and_a_play_cell() {
        let hole = CellFacts {
            at: Some(Axial::new(0, 0)),
            ..CellFacts::default()
        };
        assert_eq!(cell_label(&hole, Lang::En), "position q 0, r 0, hole");
        let on_path = CellFacts {
            id: Some("a".into()),
            step: Some(1),
            walls: 1 << 4,
            ..CellFacts::default()
        };
        assert_eq!(
            cell_label(&on_path, Lang::En),
            "cell a, step 1, wall to the north-west"
        );
        assert_eq!(cell_label(&on_path, Lang::Zh), "格 a，第 1 步，墙在西北");
    }
}
