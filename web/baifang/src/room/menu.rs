//! The game room's menu sheet: resign, back to the lobby, keep playing. A local
//! room asks before resigning, and before leaving a game in progress (kept for
//! 继续上局); an online room resigns at once, and asks before leaving a game in
//! progress, since leaving is resigning there. The browser's back gesture opens
//! the same leave question.

use leptos::prelude::*;

use web_core::i18n::use_lang;

use crate::strings::BaifangText;

#[component]
pub fn RoomMenu(
    open: RwSignal<bool>,
    /// Whether resigning is possible now.
    #[prop(into)]
    can_resign: Signal<bool>,
    /// Ask "resign this game?" before resigning.
    confirm: bool,
    /// Whether leaving now resigns the game (an online game in progress): then
    /// 返回大厅 asks first, and its confirmation reads 认输并离开.
    #[prop(optional, into)]
    leave_resigns: Signal<bool>,
    /// Whether leaving now asks first and keeps the game (a local game in progress).
    #[prop(optional, into)]
    leave_keeps: Signal<bool>,
    /// Changes when the back gesture asks to leave: the sheet opens on the question.
    #[prop(optional, into)]
    ask_leave: Signal<u32>,
    on_resign: Callback<()>,
    on_leave: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let confirming = RwSignal::new(false);
    let confirming_leave = RwSignal::new(false);
    let close = move || {
        open.set(false);
        confirming.set(false);
        confirming_leave.set(false);
    };
    let asks = move || leave_resigns.get_untracked() || leave_keeps.get_untracked();
    let leave = move || {
        if asks() && !confirming_leave.get_untracked() {
            confirming_leave.set(true);
        } else {
            close();
            on_leave.run(());
        }
    };
    Effect::new(move |seen: Option<u32>| {
        let asked = ask_leave.get();
        if seen.is_some_and(|seen| seen != asked) {
            if asks() {
                confirming.set(false);
                confirming_leave.set(true);
                open.set(true);
            } else {
                close();
                on_leave.run(());
            }
        }
        asked
    });
    // Online the question warns of resigning; locally it says the game is kept.
    let question = move || match leave_resigns.get() {
        true => (BaifangText::LeaveConfirm, BaifangText::LeaveYes),
        false => (BaifangText::LeaveKeepConfirm, BaifangText::LeaveKeepYes),
    };
    let resign = move || {
        on_resign.run(());
        close();
    };
    let first = move || {
        if confirm {
            confirming.set(true);
        } else {
            resign();
        }
    };
    view! {
        <Show when=move || open.get()>
            <div class="sheet-veil" on:click=move |_| close()>
                <div class="sheet" on:click=|ev| ev.stop_propagation()>
                    <Show when=move || confirming_leave.get()>
                        <p class="sheet-text" data-testid="leave-warning">{move || question().0.in_lang(lang.get())}</p>
                        <button class="pill-button danger" data-testid="leave-confirm" on:click=move |_| leave()>
                            {move || question().1.in_lang(lang.get())}
                        </button>
                        <button class="pill-button" data-testid="leave-cancel" on:click=move |_| close()>
                            {text(BaifangText::Continue)}
                        </button>
                    </Show>
                    <Show
                        when=move || confirming.get() && !confirming_leave.get()
                        fallback=move || (!confirming_leave.get()).then(|| view! {
                            <button class="pill-button danger" data-testid="menu-resign"
                                disabled=move || !can_resign.get()
                                on:click=move |_| first()>
                                {text(if confirm { BaifangText::Resign } else { BaifangText::ResignYes })}
                            </button>
                            <button class="pill-button" data-testid="menu-lobby" on:click=move |_| leave()>
                                {text(BaifangText::BackToLobby)}
                            </button>
                            <button class="pill-button" data-testid="menu-close" on:click=move |_| open.set(false)>
                                {text(BaifangText::Continue)}
                            </button>
                            <web_core::sound::SoundSwitch/>
                            <crate::board::coords::CoordsSwitch/>
                        })
                    >
                        <p class="sheet-text">{text(BaifangText::ResignConfirm)}</p>
                        <button class="pill-button danger" data-testid="resign-confirm" on:click=move |_| resign()>
                            {text(BaifangText::ResignYes)}
                        </button>
                        <button class="pill-button" data-testid="resign-cancel" on:click=move |_| confirming.set(false)>
                            {text(BaifangText::Cancel)}
                        </button>
                    </Show>
                </div>
            </div>
        </Show>
    }
}
