//! The app's control icons, drawn as inline SVG in the text's colour: a font may lack a
//! glyph (⏮ and ⏭ showed as empty boxes on phones), an SVG path never does.

use leptos::prelude::*;

/// A control's picture. Each is a 24-unit square stroked in `currentColor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// To the start: a bar and a left triangle.
    First,
    Previous,
    Next,
    /// To the end: a right triangle and a bar.
    Last,
    /// Three bars.
    Menu,
    /// Back: a chevron pointing left.
    Back,
    /// A chevron pointing right.
    Forward,
    Up,
    Down,
    /// Remove: a cross.
    Close,
}

impl Icon {
    /// The path data, and whether it is filled (triangles) or stroked (lines).
    fn path(self) -> (&'static str, bool) {
        match self {
            Icon::First => ("M6 5v14M18 5 8 12l10 7z", true),
            Icon::Previous => ("M16 5 6 12l10 7z", true),
            Icon::Next => ("M8 5l10 7-10 7z", true),
            Icon::Last => ("M18 5v14M6 5l10 7-10 7z", true),
            Icon::Menu => ("M4 7h16M4 12h16M4 17h16", false),
            Icon::Back => ("M15 5l-7 7 7 7", false),
            Icon::Forward => ("M9 5l7 7-7 7", false),
            Icon::Up => ("M12 19V5M6 11l6-6 6 6", false),
            Icon::Down => ("M12 5v14M6 13l6 6 6-6", false),
            Icon::Close => ("M6 6l12 12M18 6 6 18", false),
        }
    }
}

/// The icon as an inline SVG, hidden from screen readers: the control it sits in says
/// what it does (its text or `aria-label`).
pub fn icon(which: Icon) -> impl IntoView {
    let (d, filled) = which.path();
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"
            fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">
            <path d=d fill=if filled { "currentColor" } else { "none" }/>
        </svg>
    }
}
