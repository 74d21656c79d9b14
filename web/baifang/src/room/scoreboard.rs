//! One side's scoreboard: stones on the board, in hand, and taken, the
//! timeouts used as pips and, in online rooms, the disconnects counted against
//! the side (the last pip of either loses); the side to move carries the soft
//! 2 dp shadow.

use leptos::prelude::*;

use engine::baifang::spec::{DISCONNECTS_TO_LOSE, TIMEOUTS_TO_LOSE};
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
    /// The disconnects counted against this side, in rooms that count them
    /// (`None`: not drawn: a local game has none, and a peer cannot count its own).
    #[prop(into)]
    disconnects: Signal<Option<u8>>,
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
                <Pips testid=format!("score-{letter}-timeouts") words=BaifangText::TimeoutsUsed
                    used=Signal::derive(move || score.get().timeouts) of=TIMEOUTS_TO_LOSE/>
                <Show when=move || disconnects.get().is_some()>
                    <Pips testid=format!("score-{letter}-disconnects") words=BaifangText::DisconnectsCounted
                        used=Signal::derive(move || disconnects.get().unwrap_or(0)) of=DISCONNECTS_TO_LOSE/>
                </Show>
            </div>
            {stat(BaifangText::OnBoard, |s| s.on_board, "board")}
            {stat(BaifangText::InHand, |s| s.in_hand, "hand")}
            {stat(BaifangText::Taken, |s| s.taken, "taken")}
        </section>
    }
}

/// A count used up toward a loss, one filled pip each out of the number that
/// loses (timeouts, disconnects).
#[component]
fn Pips(testid: String, words: BaifangText, used: Signal<u8>, of: u8) -> impl IntoView {
    let lang = use_lang();
    let label = move || format!("{}: {}/{of}", words.in_lang(lang.get()), used.get());
    view! {
        <span class=format!("score-pips {}", testid.rsplit('-').next().unwrap_or_default())
            data-testid=testid data-used=used role="img" aria-label=label title=label>
            {(0..of).map(|i| view! { <i class="pip" class:used={move || used.get() > i}></i> }).collect_view()}
        </span>
    }
}
