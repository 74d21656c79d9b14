//! The endgame tables' words in the review: the exact value of the reviewed
//! position, the verdict on the turn that led to it, and which turns of the game
//! threw a win away or let a held position slip (the move list's marks).

use leptos::prelude::*;

use engine::baifang::ai::analysis::Verdict;

use super::analysis::{Analysis, Run};
use super::strings::{exact_position_words, verdict_words};
use crate::strings::side_name;
use web_core::i18n::use_lang;

/// The verdict's name in the page's attributes (`data-verdict`).
pub fn verdict_key(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Kept => "kept",
        Verdict::Slower => "slower",
        Verdict::ThrewWin => "threwWin",
        Verdict::LetSlip => "letSlip",
    }
}

/// The turns that changed the game's exact result, by the ply of their first action
/// as the move list numbers it (the position after that action).
pub fn result_changes(run: &Run) -> Vec<(usize, Verdict)> {
    run.reviews()
        .iter()
        .filter_map(|r| {
            let verdict = r.exact?.verdict;
            matches!(verdict, Verdict::ThrewWin | Verdict::LetSlip)
                .then(|| (run.line().turns()[r.turn].first_action + 1, verdict))
        })
        .collect()
}

/// The exact value of the position at `ply` and the verdict on its turn, where the
/// tables cover them.
#[component]
pub fn ExactNote(analysis: Analysis, ply: RwSignal<usize>) -> impl IntoView {
    let lang = use_lang();
    let position = move || {
        analysis.run.with(|r| {
            let eval = r.as_ref()?.eval_at_ply(ply.get())?;
            let outcome = eval.exact?;
            let words =
                exact_position_words(side_name(eval.to_move, lang.get()), outcome, lang.get());
            Some(view! {
                <p class="review-exact" data-testid="review-exact" data-outcome=outcome.word()
                    data-distance=outcome.distance()>{words}</p>
            })
        })
    };
    let verdict = move || {
        analysis.run.with(|r| {
            let exact = r.as_ref()?.review_of_ply(ply.get())?.exact?;
            let words = verdict_words(exact, lang.get())?;
            Some(view! {
                <p class="review-verdict" data-testid="review-verdict"
                    data-verdict=verdict_key(exact.verdict)>{words}</p>
            })
        })
    };
    view! { {verdict} {position} }
}
