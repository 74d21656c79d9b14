//! The wording of each deduction technique the engine names (a teaching hint's
//! line): the engine returns the technique, the translations hold the sentence.

use engine::hex::deduce::Technique;

use crate::strings::Text;

/// The line a teaching hint shows for `technique`.
pub fn technique_text(technique: Technique) -> Text {
    match technique {
        Technique::OneOpen => Text::HexTechOneOpen,
        Technique::TwoOpen => Text::HexTechTwoOpen,
        Technique::Full => Text::HexTechFull,
        Technique::Consecutive => Text::HexTechConsecutive,
        Technique::OnePlace => Text::HexTechOnePlace,
        Technique::Spinner => Text::HexTechSpinner,
        Technique::Distance => Text::HexTechDistance,
        Technique::Region => Text::HexTechRegion,
        Technique::Articulation => Text::HexTechArticulation,
        Technique::Lookahead => Text::HexTechLookahead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_technique_has_its_own_line() {
        let lines: HashSet<Text> = Technique::ALL.into_iter().map(technique_text).collect();
        assert_eq!(lines.len(), Technique::ALL.len());
    }
}
