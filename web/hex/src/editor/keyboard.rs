//! The editor canvas by keyboard: a focus the arrows move over the lattice, and
//! keys that edit the focused hex through the same draft operations and undo
//! history a click uses (cell or hole, the wall on one side, the clue).

use engine::hex::coord::Axial;

use crate::draft::{Draft, History};
use crate::keys::{arrow_direction, letter_direction};

/// What one key does on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// Moves the focus one hex in a direction.
    Move(usize),
    /// Switches the focused hex between cell and hole.
    ToggleCell,
    /// Toggles the wall on the focused cell's side in a direction.
    ToggleWall(usize),
    /// Sets the focused cell's clue (`None` clears it).
    SetClue(Option<u32>),
    /// Sets the focused cell's clue to the toolbar's clue number.
    ToolbarClue,
    Undo,
    Redo,
}

impl KeyAction {
    /// Whether the action edits the draft (rather than moving the focus).
    pub fn edits(self) -> bool {
        !matches!(self, KeyAction::Move(_))
    }
}

/// The action of `key` (with Shift, and with Ctrl or ⌘ as `command`), if any.
/// Arrows move and Q W E D S A toggle walls: the direction keys the play board
/// uses, so a side has one key everywhere.
pub fn key_action(key: &str, shift: bool, command: bool) -> Option<KeyAction> {
    if command {
        return match key {
            "z" | "Z" if shift => Some(KeyAction::Redo),
            "z" | "Z" => Some(KeyAction::Undo),
            "y" | "Y" => Some(KeyAction::Redo),
            _ => None,
        };
    }
    if let Some(d) = arrow_direction(key, shift) {
        return Some(KeyAction::Move(d));
    }
    if let Some(d) = letter_direction(key) {
        return Some(KeyAction::ToggleWall(d));
    }
    Some(match key {
        " " | "Enter" => KeyAction::ToggleCell,
        "c" | "C" => KeyAction::ToolbarClue,
        "Backspace" | "Delete" => KeyAction::SetClue(None),
        _ => {
            let digit = key
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=9).contains(n) && key.len() == 1)?;
            KeyAction::SetClue(Some(digit))
        }
    })
}

/// Applies `action` with the focus at `focus` and the toolbar's clue number
/// `toolbar_clue`: the focus afterwards (it stays on the lattice shown) and
/// whether the draft changed.
pub fn apply(
    history: &mut History<Draft>,
    focus: Axial,
    action: KeyAction,
    toolbar_clue: u32,
) -> (Axial, bool) {
    let changed = match action {
        KeyAction::Move(d) => {
            let to = focus.neighbor(d);
            let radius = history.present().lattice_radius();
            let on_lattice = to.distance(Axial::new(0, 0)) <= radius;
            return (if on_lattice { to } else { focus }, false);
        }
        KeyAction::ToggleCell => history.edit(|d| d.toggle_cell(focus)),
        KeyAction::ToggleWall(dir) => history.edit(|d| {
            d.toggle_wall(focus, focus.neighbor(dir));
        }),
        KeyAction::SetClue(clue) => history.edit(|d| d.set_clue(focus, clue)),
        KeyAction::ToolbarClue => history.edit(|d| d.set_clue(focus, Some(toolbar_clue))),
        KeyAction::Undo => history.undo(),
        KeyAction::Redo => history.redo(),
    };
    (focus, changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draft::MIN_RADIUS;

    fn ax(q: i32, r: i32) -> Axial {
        Axial::new(q, r)
    }

    /// Presses `keys` (no modifiers) from `focus`; the focus afterwards.
    fn press(h: &mut History<Draft>, mut focus: Axial, keys: &[&str]) -> Axial {
        for k in keys {
            let action = key_action(k, false, false).unwrap_or_else(|| panic!("{k} does nothing"));
            focus = apply(h, focus, action, 12).0;
        }
        focus
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(
            key_action("ArrowRight", false, false),
            Some(KeyAction::Move(0))
        );
        assert_eq!(key_action("ArrowUp", true, false), Some(KeyAction::Move(5)));
        assert_eq!(
            key_action("d", false, false),
            Some(KeyAction::ToggleWall(1))
        );
        assert_eq!(key_action(" ", false, false), Some(KeyAction::ToggleCell));
        assert_eq!(
            key_action("Enter", false, false),
            Some(KeyAction::ToggleCell)
        );
        assert_eq!(
            key_action("7", false, false),
            Some(KeyAction::SetClue(Some(7)))
        );
        assert_eq!(key_action("0", false, false), None);
        assert_eq!(
            key_action("Delete", false, false),
            Some(KeyAction::SetClue(None))
        );
        assert_eq!(key_action("C", true, false), Some(KeyAction::ToolbarClue));
        assert_eq!(key_action("z", false, true), Some(KeyAction::Undo));
        assert_eq!(key_action("Z", true, true), Some(KeyAction::Redo));
        assert_eq!(
            key_action("e", false, true),
            None,
            "Ctrl+E is the browser's"
        );
        assert_eq!(
            key_action("Tab", false, false),
            None,
            "Tab leaves the canvas"
        );
    }

    #[test]
    fn a_small_level_by_keys_with_undo() {
        let mut h = History::new(Draft::new());
        // three cells in a row, a hole after them, then the cell below the first
        let f = press(
            &mut h,
            ax(0, 0),
            &[" ", "ArrowRight", " ", "ArrowRight", " ", "ArrowRight"],
        );
        assert_eq!(f, ax(3, 0));
        assert!(h.present().cell(ax(3, 0)).is_none(), "a hole");
        let f = press(
            &mut h,
            f,
            &["ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowDown", " "],
        );
        assert_eq!(f, ax(0, 1));
        assert_eq!(h.present().cells.len(), 4);
        // the wall on the first cell's south-east side (toward (0,1)), and a clue
        let f = press(&mut h, f, &["ArrowUp", "d", "1", "ArrowRight", "C"]);
        assert!(h.present().has_wall(ax(0, 0), ax(0, 1)));
        assert_eq!(h.present().cell(ax(0, 0)).unwrap().clue, Some(1));
        assert_eq!(
            h.present().cell(f).unwrap().clue,
            Some(12),
            "the toolbar's number"
        );
        // a wall toward a hole is no edit and records nothing
        let before = h.clone();
        press(&mut h, ax(2, 0), &["e"]);
        assert_eq!(h, before);
        // Backspace clears the clue; undo puts it back through the same history
        press(&mut h, f, &["Backspace"]);
        assert_eq!(h.present().cell(f).unwrap().clue, None);
        apply(&mut h, f, KeyAction::Undo, 1);
        assert_eq!(h.present().cell(f).unwrap().clue, Some(12));
        // Space on a cell makes it a hole again, with its wall gone
        press(&mut h, ax(0, 1), &[" "]);
        assert!(h.present().walls.is_empty());
    }

    #[test]
    fn the_focus_stays_on_the_lattice() {
        let mut h = History::new(Draft::new());
        let edge = ax(MIN_RADIUS, 0);
        assert_eq!(press(&mut h, edge, &["ArrowRight"]), edge);
        assert_eq!(press(&mut h, edge, &["ArrowLeft"]), ax(MIN_RADIUS - 1, 0));
    }
}
