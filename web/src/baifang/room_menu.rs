//! The game room's menu sheet: resign, back to the lobby, keep playing. A local
//! room asks before resigning; an online room resigns at once.

use leptos::prelude::*;

use crate::i18n::use_lang;

use super::strings::BaifangText;

#[component]
pub fn RoomMenu(
    open: RwSignal<bool>,
    /// Whether resigning is possible now.
    #[prop(into)]
    can_resign: Signal<bool>,
    /// Ask "resign this game?" before resigning.
    confirm: bool,
    on_resign: Callback<()>,
    on_leave: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let confirming = RwSignal::new(false);
    let close = move || {
        open.set(false);
        confirming.set(false);
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
                    <Show
                        when=move || confirming.get()
                        fallback=move || view! {
                            <button class="pill-button danger" data-testid="menu-resign"
                                disabled=move || !can_resign.get()
                                on:click=move |_| first()>
                                {text(if confirm { BaifangText::Resign } else { BaifangText::ResignYes })}
                            </button>
                            <button class="pill-button" data-testid="menu-lobby" on:click=move |_| on_leave.run(())>
                                {text(BaifangText::BackToLobby)}
                            </button>
                            <button class="pill-button" data-testid="menu-close" on:click=move |_| open.set(false)>
                                {text(BaifangText::Continue)}
                            </button>
                        }
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
