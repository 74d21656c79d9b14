//! 再来一局 on the server: the offer on a finished game's settlement card, and the
//! pending offer (waiting, or to answer) wherever the player is, the card or the lobby,
//! with the seconds until it lapses. The referee client keeps the offer's state.

use leptos::prelude::*;

use web_core::i18n::use_lang;

use crate::server::controller::{ServerController, ServerNotice};
use crate::server::words::notice_text;
use crate::strings::BaifangText;

/// The rematch part: `offer` shows the 再来一局 button when no offer is pending (the
/// settlement card; the lobby only shows offers).
#[component]
pub fn RematchPanel(ctl: ServerController, #[prop(optional)] offer: bool) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let pending = Memo::new(move |_| {
        ctl.client
            .with(|c| c.rematch().map(|o| (o.by_me, o.expires_at)))
    });
    let can_offer = Memo::new(move |_| ctl.client.with(|c| c.offer_rematch().is_some()));
    let secs = move |expires_at: u64| expires_at.saturating_sub(ctl.clock.get()).div_ceil(1000);
    // The lobby says it in its own notice line; the card has none of its own.
    let ended = move || match ctl.notice.get() {
        Some(n @ ServerNotice::RematchEnded(_)) if offer => Some(view! {
            <p class="notice" data-testid="rematch-ended" role="status">{notice_text(&n, lang.get())}</p>
        }),
        _ => None,
    };
    let body = move || {
        match pending.get() {
        Some((true, expires_at)) => view! {
            <div class="rematch" data-testid="rematch" data-state="waiting">
                <p role="status">{text(BaifangText::RematchWaiting)} " · " {move || secs(expires_at)} " s"</p>
                <button class="pill-button" data-testid="rematch-withdraw" on:click=move |_| ctl.cancel()>
                    {text(BaifangText::RematchWithdraw)}
                </button>
            </div>
        }
        .into_any(),
        Some((false, expires_at)) => view! {
            <div class="rematch" data-testid="rematch" data-state="offered">
                <p role="status">{text(BaifangText::RematchAsked)} " · " {move || secs(expires_at)} " s"</p>
                <div class="rematch-answers">
                    <button class="pill-button primary" data-testid="rematch-accept" on:click=move |_| ctl.answer_rematch(true)>
                        {text(BaifangText::RematchAccept)}
                    </button>
                    <button class="pill-button" data-testid="rematch-decline" on:click=move |_| ctl.answer_rematch(false)>
                        {text(BaifangText::RematchDecline)}
                    </button>
                </div>
            </div>
        }
        .into_any(),
        None if offer && can_offer.get() => view! {
            <button class="pill-button" data-testid="rematch-offer" title=text(BaifangText::RematchHint)
                on:click=move |_| ctl.offer_rematch()>
                {text(BaifangText::Rematch)}
            </button>
        }
        .into_any(),
        None => ().into_any(),
    }
    };
    view! { {body} {ended} }
}
