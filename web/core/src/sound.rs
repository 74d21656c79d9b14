//! The app's sounds: a small set of tones synthesised with the Web Audio API (no files
//! to download), the mute setting, and the rules that keep them polite.
//!
//! A sound plays only once the page has had a user gesture (browsers refuse audio before
//! one, and a page that beeps on its own is rude): the shell listens for the first trusted
//! press or key and marks the window, which every module's instance reads (a script's
//! synthetic events are not trusted, so they unlock nothing). Never while the page is hidden, and
//! never when muted. Each module is its own wasm instance, so each reads the stored
//! setting at every sound and the switch writes it for every instance. On
//! iPhone the host puts the app's audio session in the ambient category, so the ring /
//! silent switch silences these too while the haptics stay.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{AudioContext, AudioContextState, OscillatorType};

use crate::i18n::{tr, Text};
use crate::storage;

/// Where the mute setting is kept ("off" when muted; anything else is on).
const MUTE_KEY: &str = "app:sound";

/// What happened, not how it sounds: each game names its events here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// Baifang: a stone placed.
    Place,
    /// Baifang: a stone moved.
    Move,
    /// Baifang: a square or a line formed that earns captures.
    Form,
    /// Baifang: a stone taken.
    Capture,
    /// Baifang: one second of the step clock's last five.
    Tick,
    /// This player won.
    Win,
    /// This player lost.
    Loss,
    /// Hex: the path grew by a step.
    Step,
    /// Hex: a step taken back.
    Undo,
    /// Hex: a move into a wall or an impossible cell.
    Bump,
    /// Hex: the level is solved.
    Solved,
}

impl Sound {
    /// The sound's name, as browser tests read it.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Place => "Place",
            Sound::Move => "Move",
            Sound::Form => "Form",
            Sound::Capture => "Capture",
            Sound::Tick => "Tick",
            Sound::Win => "Win",
            Sound::Loss => "Loss",
            Sound::Step => "Step",
            Sound::Undo => "Undo",
            Sound::Bump => "Bump",
            Sound::Solved => "Solved",
        }
    }
}

/// One tone of a sound: pitch, start and length after the sound starts, waveform and
/// peak loudness (0–1; the master level is applied on top).
struct Tone {
    hz: f32,
    at_ms: u16,
    ms: u16,
    wave: OscillatorType,
    peak: f32,
}

const fn tone(hz: f32, at_ms: u16, ms: u16, wave: OscillatorType, peak: f32) -> Tone {
    Tone {
        hz,
        at_ms,
        ms,
        wave,
        peak,
    }
}

use OscillatorType::{Sine, Triangle};

/// Every sound's tones: short, soft, in one key (C major) so they sit together.
fn tones(sound: Sound) -> &'static [Tone] {
    match sound {
        Sound::Place => const { &[tone(784.0, 0, 70, Sine, 0.5)] },
        Sound::Move => {
            const {
                &[
                    tone(523.0, 0, 60, Triangle, 0.4),
                    tone(659.0, 45, 70, Triangle, 0.4),
                ]
            }
        }
        Sound::Form => {
            const {
                &[
                    tone(659.0, 0, 90, Sine, 0.5),
                    tone(988.0, 70, 120, Sine, 0.5),
                ]
            }
        }
        Sound::Capture => const { &[tone(262.0, 0, 130, Triangle, 0.7)] },
        Sound::Tick => const { &[tone(1047.0, 0, 35, Sine, 0.25)] },
        Sound::Win => {
            const {
                &[
                    tone(523.0, 0, 120, Sine, 0.5),
                    tone(659.0, 110, 120, Sine, 0.5),
                    tone(784.0, 220, 120, Sine, 0.5),
                    tone(1047.0, 330, 260, Sine, 0.5),
                ]
            }
        }
        Sound::Loss => {
            const {
                &[
                    tone(392.0, 0, 170, Triangle, 0.45),
                    tone(330.0, 160, 170, Triangle, 0.45),
                    tone(262.0, 320, 300, Triangle, 0.45),
                ]
            }
        }
        Sound::Step => const { &[tone(880.0, 0, 40, Sine, 0.25)] },
        Sound::Undo => {
            const {
                &[
                    tone(659.0, 0, 45, Sine, 0.25),
                    tone(523.0, 40, 55, Sine, 0.25),
                ]
            }
        }
        Sound::Bump => const { &[tone(147.0, 0, 90, Triangle, 0.6)] },
        Sound::Solved => {
            const {
                &[
                    tone(659.0, 0, 110, Sine, 0.45),
                    tone(784.0, 100, 110, Sine, 0.45),
                    tone(988.0, 200, 110, Sine, 0.45),
                    tone(1319.0, 300, 280, Sine, 0.45),
                ]
            }
        }
    }
}

/// The master level: sounds are a nicety, quieter than anything the player chose to hear.
const MASTER: f32 = 0.18;

/// The window property holding the page's one audio context, shared by the shell's and
/// every module's wasm instance. It is made during the first trusted press, unmuted: making
/// one takes the browser tens of milliseconds (45 ms seen in Chromium at full speed), which
/// inside the handler of the tap that places a stone held that stone's frame back; during
/// the press it is done before the finger lifts, and the press is the gesture the audio
/// system asks for.
const CONTEXT_KEY: &str = "__soundContext";

/// Whether sound is muted (the stored setting; on by default). Read at every sound,
/// not cached: the shell's switch and a module's are different wasm instances, and a
/// module kept from an earlier visit must hear a mute set on the home screen since.
pub fn muted() -> bool {
    storage::read(MUTE_KEY).as_deref() == Some("off")
}

/// Mutes or unmutes, for this page and every module opened after.
pub fn set_muted(muted: bool) {
    storage::write(MUTE_KEY, if muted { "off" } else { "on" });
    if muted {
        // Anything still ringing stops with the switch.
        if let Some(ctx) = existing_context() {
            let _ = ctx.close();
        }
        if let Some(w) = web_sys::window() {
            let _ = js_sys::Reflect::delete_property(&w, &JsValue::from_str(CONTEXT_KEY));
        }
    }
}

/// Plays `sound` if the page may: after a user gesture, while visible, unmuted.
/// Never fails: sound is a nicety, not a rule.
pub fn play(sound: Sound) {
    if muted() || !page_may_sound() {
        return;
    }
    let Some(ctx) = context() else {
        return;
    };
    if ctx.state() == AudioContextState::Suspended {
        let _ = ctx.resume();
    }
    let t0 = ctx.current_time();
    for t in tones(sound) {
        let _ = schedule(&ctx, t, t0);
    }
    note_for_tests(sound);
}

/// The window property that says a person has pressed or typed on this page (shared by
/// the shell's and every module's wasm instance, which have no other common memory).
const GESTURE_MARK: &str = "__soundGesture";

/// Marks the window at the first trusted press or key (the shell calls it once, before
/// anything is on screen, so the tap that opens a game's module already counts).
pub fn listen_for_gestures() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let mark =
        wasm_bindgen::closure::Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
            if ev.is_trusted() {
                if let Some(w) = web_sys::window() {
                    let _ =
                        js_sys::Reflect::set(&w, &JsValue::from_str(GESTURE_MARK), &JsValue::TRUE);
                }
                if !muted() {
                    let _ = context();
                }
            }
        });
    for kind in ["pointerdown", "keydown"] {
        let _ = window.add_event_listener_with_callback_and_bool(
            kind,
            mark.as_ref().unchecked_ref(),
            true,
        );
    }
    // Lives as long as the page.
    mark.forget();
}

/// Whether a person has pressed or typed on the page and it is visible now.
fn page_may_sound() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let hidden = window.document().is_none_or(|d| d.hidden());
    let gestured = js_sys::Reflect::get(&window, &JsValue::from_str(GESTURE_MARK))
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    gestured && !hidden
}

/// The page's audio context, made if there is none yet.
fn context() -> Option<AudioContext> {
    if let Some(ctx) = existing_context() {
        return Some(ctx);
    }
    let ctx = AudioContext::new().ok()?;
    let window = web_sys::window()?;
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str(CONTEXT_KEY), &ctx);
    Some(ctx)
}

/// The page's audio context, if one was made and not closed since.
fn existing_context() -> Option<AudioContext> {
    let window = web_sys::window()?;
    let v = js_sys::Reflect::get(&window, &JsValue::from_str(CONTEXT_KEY)).ok()?;
    // Made by this page's code (a test's spy may subclass the constructor).
    let ctx: AudioContext = v.is_object().then(|| v.unchecked_into())?;
    (ctx.state() != AudioContextState::Closed).then_some(ctx)
}

/// One tone: an oscillator through a gain envelope (5 ms attack, exponential decay to
/// silence at its end, so no click).
fn schedule(ctx: &AudioContext, t: &Tone, t0: f64) -> Result<(), JsValue> {
    let start = t0 + f64::from(t.at_ms) / 1000.0;
    let end = start + f64::from(t.ms) / 1000.0;
    let osc = ctx.create_oscillator()?;
    osc.set_type(t.wave);
    osc.frequency().set_value(t.hz);
    let gain = ctx.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(t.peak * MASTER, start + 0.005)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start_with_when(start)?;
    osc.stop_with_when(end + 0.02)?;
    Ok(())
}

/// Keeps the last sounds played on `window.__sounds`, so browser tests can say which
/// sound a spy on `AudioContext` heard.
fn note_for_tests(sound: Sound) {
    crate::feedback_log::keep("__sounds", sound.name());
}

/// The sound switch of every screen's top bar: a speaker, crossed out when muted.
#[component]
pub fn SoundSwitch() -> impl IntoView {
    let on = RwSignal::new(!muted());
    let label = tr(Text::Sound);
    let toggle = move |_| {
        let now_on = !on.get_untracked();
        set_muted(!now_on);
        on.set(now_on);
    };
    view! {
        <button class="icon-button sound-switch" data-testid="sound-switch"
            aria-pressed=move || on.get().to_string()
            aria-label=label title=label
            on:click=toggle>
            // both marks are drawn; the stylesheet shows the waves or the cross by aria-pressed
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none"
                stroke="currentColor" stroke-width="2" stroke-linecap="round">
                <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" stroke="none"/>
                <path class="sound-on" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"/>
                <path class="sound-off" d="M16 9l6 6M22 9l-6 6"/>
            </svg>
        </button>
    }
}
