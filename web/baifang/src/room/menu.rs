//! The game room's menu sheet: resign, back to the lobby, keep playing. A local
//! room asks before resigning; an online room resigns at once, and asks before
//! leaving a game in progress, since leaving is resigning there.

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
    let leave = move || {
        if leave_resigns.get_untracked() && !confirming_leave.get_untracked() {
            confirming_leave.set(true);
        } else {
            close();
            on_leave.run(());
        }
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
                        <p class="sheet-text" data-testid="leave-warning">{text(BaifangText::LeaveConfirm)}</p>
                        <button class="pill-button danger" data-testid="leave-confirm" on:click=move |_| leave()>
                            {text(BaifangText::LeaveYes)}
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
