//! The review's move list: the game in the engine's compact notation, one row
//! per turn, each action a button that jumps to its ply, the current one marked,
//! and the turns that changed the exact result (endgame tables) flagged.

use leptos::prelude::*;

use engine::baifang::ai::analysis::Verdict;
use engine::baifang::notation::{notate, PlyNote};
use engine::baifang::{Action, Side};

use super::exact::verdict_key;
use super::strings::ReviewText;
use web_core::i18n::use_lang;

/// The notes grouped by turn, in order.
fn turns(notes: Vec<PlyNote>) -> Vec<Vec<PlyNote>> {
    let mut out: Vec<Vec<PlyNote>> = Vec::new();
    for note in notes {
        match out.last_mut() {
            Some(turn) if turn[0].turn == note.turn => turn.push(note),
            _ => out.push(vec![note]),
        }
    }
    out
}

#[component]
pub fn MoveList(
    log: Vec<Action>,
    ply: RwSignal<usize>,
    /// Turns that changed the exact result, by the ply of their first action.
    #[prop(into)]
    marks: Signal<Vec<(usize, Verdict)>>,
) -> impl IntoView {
    let lang = use_lang();
    // The log reached the review through the engine's replay.
    let notes = notate(&log).unwrap_or_default();
    view! {
        <section class="review-moves-panel">
            <h3>{move || ReviewText::Moves.in_lang(lang.get())}</h3>
            <ol class="review-moves" data-testid="review-moves">
                {turns(notes).into_iter().map(|turn| {
                    let side = if turn[0].side == Side::Black { "B" } else { "W" };
                    let number = turn[0].turn;
                    view! {
                        <li class=format!("review-turn side-{side}") value=number>
                            {turn.into_iter().map(|note| {
                                let at = note.ply;
                                let mark = move || marks.with(|m| {
                                    m.iter().find(|(p, _)| *p == at).map(|&(_, v)| verdict_key(v))
                                });
                                view! {
                                    <button class="review-move" data-testid="review-move" data-ply=at
                                        data-verdict=mark class:result-change=move || mark().is_some()
                                        class:current=move || ply.get() == at
                                        aria-current=move || (ply.get() == at).then_some("step")
                                        on:click=move |_| ply.set(at)>
                                        {note.text}
                                    </button>
                                }
                            }).collect_view()}
                        </li>
                    }
                }).collect_view()}
            </ol>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_stay_in_their_turn() {
        let log: Vec<Action> = [0, 24, 1, 23, 5, 22, 6]
            .into_iter()
            .map(|to| Action::Place { to })
            .chain([Action::Capture { at: 22 }])
            .collect();
        let grouped = turns(notate(&log).unwrap());
        assert_eq!(grouped.len(), 7);
        let last: Vec<_> = grouped[6].iter().map(|n| n.text.as_str()).collect();
        assert_eq!(last, ["b4+", "xc1"]);
    }
}
