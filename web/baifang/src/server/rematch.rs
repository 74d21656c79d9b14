//! 再来一局 on the server: the room's one rematch part over the referee client's
//! offer, wherever the player is, the card or the lobby.

use leptos::prelude::*;

use crate::room::rematch::{self, RematchSource};
use crate::server::controller::{ServerController, ServerNotice};

/// The rematch part: `offer` shows the 再来一局 button when no offer is pending (the
/// settlement card; the lobby only shows offers, and says how one ended in its own
/// notice line).
#[component]
pub fn RematchPanel(ctl: ServerController, #[prop(optional)] offer: bool) -> impl IntoView {
    let pending = Memo::new(move |_| ctl.client.with(|c| c.rematch().map(|o| o.offer)));
    let source = RematchSource {
        pending: pending.into(),
        can_offer: Signal::derive(move || ctl.client.with(|c| c.offer_rematch().is_some())),
        ended: Signal::derive(move || match ctl.notice.get() {
            Some(ServerNotice::RematchEnded(why)) => Some(why),
            _ => None,
        }),
        clock: ctl.clock.into(),
        offer: Callback::new(move |_| ctl.offer_rematch()),
        withdraw: Callback::new(move |_| ctl.cancel()),
        answer: Callback::new(move |accept| ctl.answer_rematch(accept)),
    };
    view! { <rematch::RematchPanel source=source offer=offer/> }
}
