//! The step clock: the ring that shows the time left for a step, and the page's
//! monotonic clock a local room measures it on. Time is an input to the game: the
//! ring only draws what the room computes.

use leptos::prelude::*;

/// Milliseconds of the page's monotonic clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// `remaining_ms` of `limit_ms`; the ring empties clockwise and turns red in the last 5 s.
#[component]
pub fn StepTimer(#[prop(into)] remaining_ms: Signal<u32>, limit_ms: u32) -> impl IntoView {
    const R: f64 = 18.0;
    let circumference = 2.0 * std::f64::consts::PI * R;
    let fraction = move || remaining_ms.get() as f64 / limit_ms.max(1) as f64;
    let seconds = move || remaining_ms.get().div_ceil(1000);
    view! {
        <div
            class="step-timer"
            class:urgent=move || remaining_ms.get() <= 5_000
            data-testid="step-timer"
            data-remaining=seconds
        >
            <svg viewBox="0 0 44 44" aria-hidden="true">
                <circle class="step-timer-track" cx="22" cy="22" r=R/>
                <circle
                    class="step-timer-ring"
                    cx="22" cy="22" r=R
                    stroke-dasharray=circumference
                    stroke-dashoffset=move || circumference * (1.0 - fraction())
                />
            </svg>
            <span class="step-timer-text">{seconds}</span>
        </div>
    }
}
