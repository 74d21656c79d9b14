//! The lesson screen: one scripted board at a time on the game's own board, its sentence,
//! the marked points to tap, what a wrong tap means, and the way on to the next lesson.

use leptos::prelude::*;

use web_core::chrome::{BackAction, ScreenHeader};
use web_core::i18n::{use_lang, Label};

use super::rules::say;
use super::script::{Heard, LessonRun, Say, LESSONS};
use crate::board::{shake, Board};
use crate::strings::BaifangText;
use crate::view_model::game_view;

/// The sentence for a tap that did not play the marked action.
fn note_of(heard: Heard) -> Option<Say> {
    match heard {
        Heard::NotThis => Some(("这一步合规则，但本课要练的是亮起的那一步。", "That is legal, but this lesson asks for the marked move.")),
        Heard::Protected => Some(("这枚棋子在方或洲里，受保护：还有散子时不能吃它。", "That stone is in a formation and protected: it cannot be taken while loose ones stand.")),
        Heard::Refused => Some(("规则不允许这一步。", "The rules do not allow that.")),
        _ => None,
    }
}

#[component]
pub fn LessonScreen(on_exit: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let run = RwSignal::new(LessonRun::start(0));
    let note = RwSignal::new(None::<Say>);
    let refused = RwSignal::new(None::<(u8, u32)>);
    let view = Memo::new(move |_| run.with(|r| game_view(&r.game, r.selection, !r.finished())));
    let on_tap = Callback::new(move |p: u8| {
        let heard = run.try_update(|r| r.tap(p)).unwrap_or(Heard::Refused);
        let said = note_of(heard);
        note.set(said);
        if said.is_some() {
            shake(refused, p);
        }
    });
    let next = move |_| {
        let index = run.with_untracked(|r| r.index) + 1;
        note.set(None);
        if index < LESSONS.len() {
            run.set(LessonRun::start(index));
        }
    };
    let index = move || run.with(|r| r.index);
    let done = move || run.with(|r| r.finished());
    let last = move || index() + 1 == LESSONS.len();
    view! {
        <section class="lesson" data-testid="lesson" data-lesson=index
            data-step=move || run.with(|r| r.step) data-done=move || done().to_string()>
            <ScreenHeader title=Label::of(BaifangText::Learn) back=BackAction {
                label: Label::of(BaifangText::BackToLobby),
                testid: "lesson-back",
                run: on_exit,
            }/>
            <h2 class="lesson-title" data-testid="lesson-title">
                {move || format!("{}/{} · {}", index() + 1, LESSONS.len(), say(run.with(|r| r.lesson().title), lang.get()))}
            </h2>
            <p class="lesson-say" data-testid="lesson-say" aria-live="polite">
                {move || {
                    let now = run.with(|r| r.current().map(|s| s.say).unwrap_or(r.lesson().done));
                    say(now, lang.get())
                }}
            </p>
            <div class="board-wrap lesson-board">
                <Board view=view mover=Signal::derive(move || view.with(|v| v.to_move))
                    waiting=Signal::derive(|| false) refused=refused
                    formation_key=Signal::derive(move || run.with(|r| r.game.log().len()))
                    hint=Signal::derive(move || run.with(|r| r.marked())) on_tap=on_tap/>
            </div>
            <p class="lesson-note" data-testid="lesson-note" role="status">
                {move || note.get().map(|s| say(s, lang.get()))}
            </p>
            <Show when=done>
                <div class="lesson-done" data-testid="lesson-done">
                    <Show when=move || !last() fallback=move || view! {
                        <p data-testid="lesson-all-done">{move || say(("五课都学完了：现在可以和人或 AI 对局了。", "All five lessons done: you are ready to play a person or the AI."), lang.get())}</p>
                        <button class="pill-button primary" data-testid="lesson-finish" on:click=move |_| on_exit.run(())>
                            {move || BaifangText::BackToLobby.in_lang(lang.get())}
                        </button>
                    }>
                        <button class="pill-button primary" data-testid="lesson-next" on:click=next>
                            {move || say(("下一课", "Next lesson"), lang.get())}
                        </button>
                    </Show>
                </div>
            </Show>
        </section>
    }
}
