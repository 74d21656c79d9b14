//! 再来一局, whoever referees the game: the offer button on a finished game's
//! settlement card, the pending offer (waiting, or to answer) with the seconds
//! until it lapses, and why an offer ended. The server's controller and the
//! peer-to-peer session each provide a [`RematchSource`]; this part keeps no
//! state of its own.

use leptos::prelude::*;

use engine::baifang::rematch::{PendingOffer, RematchEnd};
use web_core::i18n::use_lang;
use web_core::variant_key::variant_key;

use crate::strings::BaifangText;

/// What the rematch part shows and what its buttons do.
#[derive(Clone, Copy)]
pub struct RematchSource {
    /// The pending offer (`expires_at` on [`RematchSource::clock`]).
    pub pending: Signal<Option<PendingOffer>>,
    /// Whether this player may offer now.
    pub can_offer: Signal<bool>,
    /// Why the last offer ended without a game (cleared by the source).
    pub ended: Signal<Option<RematchEnd>>,
    /// The clock `expires_at` is read on (ms).
    pub clock: Signal<u64>,
    pub offer: Callback<()>,
    pub withdraw: Callback<()>,
    /// Accept (true) or decline the opponent's offer.
    pub answer: Callback<bool>,
}

/// The words for why an offer ended.
pub fn ended_text(why: RematchEnd) -> BaifangText {
    match why {
        RematchEnd::Declined => BaifangText::RematchDeclined,
        RematchEnd::Lapsed => BaifangText::RematchLapsed,
        RematchEnd::Withdrawn => BaifangText::RematchWithdrawn,
    }
}

/// The rematch part: `offer` shows the 再来一局 button when no offer is pending
/// (the settlement card; elsewhere only offers are shown) and why an offer ended.
#[component]
pub fn RematchPanel(source: RematchSource, #[prop(optional)] offer: bool) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    let secs = move |expires_at: u64| expires_at.saturating_sub(source.clock.get()).div_ceil(1000);
    let ended = move || match source.ended.get() {
        Some(why) if offer => Some(view! {
            <p class="notice" data-testid="rematch-ended" data-why=variant_key(&why) role="status">
                {move || ended_text(why).in_lang(lang.get())}
            </p>
        }),
        _ => None,
    };
    let body = move || {
        match source.pending.get() {
        Some(PendingOffer { by_me: true, expires_at }) => view! {
            <div class="rematch" data-testid="rematch" data-state="waiting">
                <p role="status">{text(BaifangText::RematchWaiting)} " · " {move || secs(expires_at)} " s"</p>
                <button class="pill-button" data-testid="rematch-withdraw" on:click=move |_| source.withdraw.run(())>
                    {text(BaifangText::RematchWithdraw)}
                </button>
            </div>
        }
        .into_any(),
        Some(PendingOffer { by_me: false, expires_at }) => view! {
            <div class="rematch" data-testid="rematch" data-state="offered">
                <p role="status">{text(BaifangText::RematchAsked)} " · " {move || secs(expires_at)} " s"</p>
                <div class="rematch-answers">
                    <button class="pill-button primary" data-testid="rematch-accept" on:click=move |_| source.answer.run(true)>
                        {text(BaifangText::RematchAccept)}
                    </button>
                    <button class="pill-button" data-testid="rematch-decline" on:click=move |_| source.answer.run(false)>
                        {text(BaifangText::RematchDecline)}
                    </button>
                </div>
            </div>
        }
        .into_any(),
        None if offer && source.can_offer.get() => view! {
            <button class="pill-button" data-testid="rematch-offer" title=text(BaifangText::RematchHint)
                on:click=move |_| source.offer.run(())>
                {text(BaifangText::Rematch)}
            </button>
        }
        .into_any(),
        None => ().into_any(),
    }
    };
    view! { {body} {ended} }
}
