//! A tap in an online room (peer-to-peer or on the referee server): picking a stone up
//! and putting it down change only this device's selection; an action to play is handed
//! to the room's controller, which checks it with the engine and sends it.

use leptos::prelude::*;

use engine::baifang::Action;

use web_core::host::haptics::{self, Haptic};

use crate::board::tap::TapIntent;

/// Carries out `intent` on `selection`, or hands its action to `play`; whether the tap
/// meant something (a refused tap or a refused action did not).
pub fn apply_remote_tap(
    selection: RwSignal<Option<u8>>,
    intent: TapIntent,
    play: impl FnOnce(Action) -> bool,
) -> bool {
    match intent {
        TapIntent::Play(action) => play(action),
        TapIntent::Select(p) => {
            selection.set(Some(p));
            haptics::play(Haptic::Light);
            true
        }
        TapIntent::Deselect => {
            selection.set(None);
            true
        }
        TapIntent::Refuse => false,
    }
}
