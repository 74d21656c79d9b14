//! The top bar of a game room: the menu button, the status banner coloured by what
//! it says, and the step clock while it runs.

use leptos::prelude::*;

use engine::baifang::spec::STEP_TIME_LIMIT_MS;

use web_core::i18n::use_lang;
use web_core::icon::{icon, Icon};

use crate::room::step_timer::StepTimer;
use crate::strings::BaifangText;
use crate::view_model::Banner;

/// The banner's CSS classes: a warning while capturing, a notice for the
/// anti-looping lock, the mover's colour on a turn (`None`: before the game).
pub fn banner_class(banner: Option<Banner>) -> String {
    let kind = match banner {
        None => return "status-banner".to_string(),
        Some(Banner::Capture { .. }) => "warning".to_string(),
        Some(Banner::Intercepted { .. }) => "notice".to_string(),
        Some(Banner::Finished { .. }) => "finished".to_string(),
        Some(Banner::Turn { side, .. }) => format!("turn-{}", side.letter()),
    };
    format!("status-banner {kind}")
}

#[component]
pub fn RoomHeader(
    menu_open: RwSignal<bool>,
    /// The banner's words.
    #[prop(into)]
    text: Signal<String>,
    /// What the banner says, for its colour.
    #[prop(into)]
    banner: Signal<Option<Banner>>,
    /// Whether the step clock shows.
    #[prop(into)]
    clock: Signal<bool>,
    #[prop(into)] remaining_ms: Signal<u32>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <header class="room-top">
            <button class="icon-button" data-testid="room-menu" on:click=move |_| menu_open.set(true)>
                {icon(Icon::Menu)} {move || BaifangText::Menu.in_lang(lang.get())}
            </button>
            <div class=move || banner_class(banner.get()) data-testid="status-banner" role="status" aria-live="polite">{text}</div>
            <Show when=move || clock.get()>
                <StepTimer remaining_ms=remaining_ms limit_ms=STEP_TIME_LIMIT_MS/>
            </Show>
        </header>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::{Phase, Reason, Side};

    #[test]
    fn banner_classes_name_the_situation() {
        assert_eq!(banner_class(None), "status-banner");
        let turn = |side| Banner::Turn {
            side,
            phase: Phase::Placing,
        };
        assert_eq!(
            banner_class(Some(turn(Side::Black))),
            "status-banner turn-B"
        );
        assert_eq!(
            banner_class(Some(turn(Side::White))),
            "status-banner turn-W"
        );
        assert_eq!(
            banner_class(Some(Banner::Capture {
                side: Side::Black,
                count: 1
            })),
            "status-banner warning"
        );
        assert_eq!(
            banner_class(Some(Banner::Finished {
                winner: Side::White,
                reason: Reason::Resign
            })),
            "status-banner finished"
        );
    }
}
