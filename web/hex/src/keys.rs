//! The hex direction keys, one mapping for every Hex board that takes keys (the
//! play board extends its path with them, the editor canvas moves its focus and
//! toggles walls with them). Directions are the engine's order: E, SE, SW, W, NW, NE.

/// The direction an arrow key points: → E and ← W; ↓ SE and ↑ NW, or SW and NE
/// with Shift (a hex has six sides and the keyboard four arrows).
pub fn arrow_direction(key: &str, shift: bool) -> Option<usize> {
    Some(match (key, shift) {
        ("ArrowRight", _) => 0,
        ("ArrowDown", false) => 1,
        ("ArrowDown", true) => 2,
        ("ArrowLeft", _) => 3,
        ("ArrowUp", false) => 4,
        ("ArrowUp", true) => 5,
        _ => return None,
    })
}

/// The direction a letter key names: Q W E D S A go clockwise round the
/// hexagon from north-west, the way they sit round S on a QWERTY keyboard.
pub fn letter_direction(key: &str) -> Option<usize> {
    Some(match key {
        "e" | "E" => 0,
        "d" | "D" => 1,
        "s" | "S" => 2,
        "a" | "A" => 3,
        "q" | "Q" => 4,
        "w" | "W" => 5,
        _ => return None,
    })
}

/// Either kind of direction key.
pub fn key_direction(key: &str, shift: bool) -> Option<usize> {
    letter_direction(key).or_else(|| arrow_direction(key, shift))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::coord::Axial;

    #[test]
    fn letters_go_clockwise_from_north_west_and_arrows_agree_with_them() {
        let origin = Axial::new(0, 0);
        // Q W E D S A, clockwise: NW, NE, E, SE, SW, W
        let clockwise: Vec<usize> = ["q", "w", "e", "d", "s", "a"]
            .iter()
            .map(|k| letter_direction(k).unwrap())
            .collect();
        assert_eq!(clockwise, [4, 5, 0, 1, 2, 3]);
        assert_eq!(letter_direction("Q"), Some(4), "Caps Lock changes nothing");
        assert_eq!(
            arrow_direction("ArrowRight", false),
            key_direction("e", false)
        );
        assert_eq!(
            arrow_direction("ArrowLeft", true),
            key_direction("a", false)
        );
        assert_eq!(arrow_direction("ArrowUp", false), key_direction("q", false));
        assert_eq!(arrow_direction("ArrowUp", true), key_direction("w", false));
        assert_eq!(
            arrow_direction("ArrowDown", false),
            key_direction("d", false)
        );
        assert_eq!(
            arrow_direction("ArrowDown", true),
            key_direction("s", false)
        );
        // opposite keys are opposite directions
        for (a, b) in [("e", "a"), ("d", "q"), ("s", "w")] {
            let (da, db) = (letter_direction(a).unwrap(), letter_direction(b).unwrap());
            assert_eq!(origin.neighbor(da).neighbor(db), origin);
        }
        assert_eq!(key_direction("x", false), None);
        assert_eq!(arrow_direction("e", false), None);
        assert_eq!(letter_direction("ArrowUp"), None);
    }
}
