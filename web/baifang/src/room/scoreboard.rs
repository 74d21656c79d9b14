//! One side's scoreboard: stones on the board, in hand, and taken, the
//! timeouts used as pips (the last one loses); the side to move carries the
//! soft 2 dp shadow.

use leptos::prelude::*;

use engine::baifang::spec::TIMEOUTS_TO_LOSE;
use engine::baifang::Side;

use web_core::i18n::use_lang;

use crate::strings::{side_name, BaifangText};
use crate::view_model::ScoreView;

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
                <TimeoutPips letter=letter score=score/>
            </div>
            {stat(BaifangText::OnBoard, |s| s.on_board, "board")}
            {stat(BaifangText::InHand, |s| s.in_hand, "hand")}
            {stat(BaifangText::Taken, |s| s.taken, "taken")}
        </section>
    }
}

/// The timeouts used, one filled pip each, out of the number that loses.
#[component]
fn TimeoutPips(letter: char, score: Signal<ScoreView>) -> impl IntoView {
    let lang = use_lang();
    let used = Signal::derive(move || score.get().timeouts);
    let label = move || {
        let words = BaifangText::TimeoutsUsed.in_lang(lang.get());
        format!("{words}: {}/{TIMEOUTS_TO_LOSE}", used.get())
    };
    view! {
        <span class="score-pips" data-testid=format!("score-{letter}-timeouts") data-used=used
            role="img" aria-label=label title=label>
            {(0..TIMEOUTS_TO_LOSE).map(|i| view! { <i class="pip" class:used={move || used.get() > i}></i> }).collect_view()}
        </span>
    }
}
