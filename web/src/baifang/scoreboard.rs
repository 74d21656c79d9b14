//! One side's scoreboard: stones on the board, in hand, and taken; the side to move
//! carries the soft 2 dp shadow.

use leptos::prelude::*;

use engine::baifang::Side;

use crate::i18n::use_lang;

use super::strings::{side_name, BaifangText};
use super::view_model::ScoreView;

#[component]
pub fn ScoreBoard(
    side: Side,
    #[prop(into)] score: Signal<ScoreView>,
    /// "你" / "AI" tag in vs-AI games.
    #[prop(default = None)]
    tag: Option<BaifangText>,
) -> impl IntoView {
    let lang = use_lang();
    let letter = side.letter();
    let stat = move |label: BaifangText, value: fn(&ScoreView) -> u8, testid: &'static str| {
        view! {
            <div class="score-stat">
                <span class="score-value" data-testid=format!("score-{letter}-{testid}")>{move || value(&score.get())}</span>
                <span class="score-label">{move || label.in_lang(lang.get())}</span>
            </div>
        }
    };
    view! {
        <section
            class=format!("scoreboard scoreboard-{letter}")
            class:to-move=move || score.get().to_move
            data-testid=format!("score-{letter}")
            data-on-board=move || score.get().on_board
            data-in-hand=move || score.get().in_hand
            data-taken=move || score.get().taken
        >
            <div class="score-name">
                <span class=format!("score-dot stone-{letter}")></span>
                <span>{move || side_name(side, lang.get())}</span>
                {tag.map(|t| view! { <span class="score-tag">{move || t.in_lang(lang.get())}</span> })}
            </div>
            {stat(BaifangText::OnBoard, |s| s.on_board, "board")}
            {stat(BaifangText::InHand, |s| s.in_hand, "hand")}
            {stat(BaifangText::Taken, |s| s.taken, "taken")}
        </section>
    }
}
