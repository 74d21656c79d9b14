//! The coordinates on the board's edge, as the move list writes them (files a–e under the
//! bottom row, ranks 5–1 left of the first column, each named by the engine's notation),
//! and the room's switch that shows or hides them (kept for every game on this device).

use leptos::prelude::*;

use engine::baifang::bitboard::{CELLS as POINTS, N as SIDE};
use engine::baifang::format::notation::point_name;

use crate::board::geometry::{point_xy, EXTENT};
use crate::strings::BaifangText;
use web_core::i18n::use_lang;
use web_core::storage;

/// Where the setting is kept: "off" hides the coordinates; they show by default, since
/// the move list and the review speak in them.
const KEY: &str = "baifang:coords";

/// Whether the coordinates show: one signal for a room's board and its menu's switch.
#[derive(Clone, Copy)]
pub struct CoordsShown(pub RwSignal<bool>);

impl CoordsShown {
    /// The stored setting, as a new signal (a room provides one to its board and menu).
    pub fn from_storage() -> CoordsShown {
        CoordsShown(RwSignal::new(storage::read(KEY).as_deref() != Some("off")))
    }

    /// The room's setting, or the stored one where no room provides it (the review).
    pub fn current() -> CoordsShown {
        use_context().unwrap_or_else(CoordsShown::from_storage)
    }

    fn set(self, on: bool) {
        storage::write(KEY, if on { "on" } else { "off" });
        self.0.set(on);
    }
}

/// The labels, in board units: a file's letter centred under its column in the bottom
/// margin, a rank's number centred left of its row in the left margin.
pub fn edge_labels() -> impl IntoView {
    let files = (0..SIDE).map(|col| {
        let p = POINTS - SIDE + col;
        let (x, _) = point_xy(p);
        let letter = point_name(p as u8)[..1].to_string();
        view! { <text class="coord coord-file" x=x y=EXTENT - 3.0 data-testid="coord-file">{letter}</text> }
    });
    let ranks = (0..SIDE).map(|row| {
        let p = row * SIDE;
        let (_, y) = point_xy(p);
        let number = point_name(p as u8)[1..].to_string();
        view! { <text class="coord coord-rank" x=8.0 y=y data-testid="coord-rank">{number}</text> }
    });
    view! { <g class="coords" aria-hidden="true">{files.collect_view()}{ranks.collect_view()}</g> }
}

/// The menu's switch: a checkbox, 棋盘坐标 / Coordinates, ticked while they show.
#[component]
pub fn CoordsSwitch() -> impl IntoView {
    let lang = use_lang();
    let shown = CoordsShown::current();
    view! {
        <label class="toggle">
            <input type="checkbox" data-testid="coords-switch"
                prop:checked=move || shown.0.get()
                on:change=move |ev| shown.set(event_target_checked(&ev))/>
            <span>{move || BaifangText::Coordinates.in_lang(lang.get())}</span>
        </label>
    }
}
