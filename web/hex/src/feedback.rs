//! Play feedback: what each engine input event looks and feels like.
//!
//! Persistent looks (visited, conflict red, the end, the cleared brightening and
//! the sweep of the short lines) come from the board state and CSS. This module
//! plays the transient ones on the board's `data-fx` elements with the Web
//! Animations API (compositor-friendly transforms and opacity), and the haptics
//! through the host interface:
//!
//! | event         | effect                                              |
//! |---------------|-----------------------------------------------------|
//! | Appended      | the hex pops for 80 ms (the short line draws itself) |
//! | Bumped        | the wall or spinner flashes white 100 ms; it and the path's head shake 250 ms (not with reduced motion), `Bump` |
//! | ClueMatched   | the clue outline flashes white                      |
//! | Cleared       | `Success`                                           |
//!
//! and one sound a batch: `Solved` when it cleared the level, else `Bump`, else `Step`
//! when it grew the path, else `Undo` when it shortened it.

use engine::hex::input::ViewEvent;
use engine::hex::Blocker;
use wasm_bindgen::{JsCast, JsValue};

use web_core::host::haptics::{self, Haptic};
use web_core::sound::{self, Sound};

/// One transient cue, named for what it does (kept separate from the DOM so the
/// mapping from events is testable natively).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cue {
    Pop {
        cell: usize,
    },
    FlashWall {
        wall: usize,
    },
    FlashSpinner {
        spinner: usize,
    },
    FlashClue {
        cell: usize,
    },
    /// The bump's shake: the path's head, and the wall or spinner it met.
    ShakeCell {
        cell: usize,
    },
    ShakeWall {
        wall: usize,
    },
    ShakeSpinner {
        spinner: usize,
    },
    Haptic(Haptic),
    Sound(Sound),
}

/// The cues for a batch of engine events, in order; `head` is the path's end
/// after them (what a bump shakes).
pub fn cues(events: &[ViewEvent], head: Option<usize>) -> Vec<Cue> {
    let mut out = Vec::new();
    for ev in events {
        match ev {
            ViewEvent::Appended { cell, .. } => {
                out.push(Cue::Pop { cell: *cell });
            }
            ViewEvent::Bumped { blocker, .. } => {
                out.extend(match *blocker {
                    Blocker::Wall { index } => [
                        Cue::FlashWall { wall: index },
                        Cue::ShakeWall { wall: index },
                    ],
                    Blocker::Spinner { index, .. } => [
                        Cue::FlashSpinner { spinner: index },
                        Cue::ShakeSpinner { spinner: index },
                    ],
                });
                out.extend(head.map(|cell| Cue::ShakeCell { cell }));
                out.push(Cue::Haptic(Haptic::Bump));
            }
            ViewEvent::ClueMatched { cell, .. } => out.push(Cue::FlashClue { cell: *cell }),
            ViewEvent::Cleared => out.push(Cue::Haptic(Haptic::Success)),
            ViewEvent::Conflict { .. }
            | ViewEvent::Undone { .. }
            | ViewEvent::Truncated { .. }
            | ViewEvent::Restarted => {}
        }
    }
    // one light tick per batch of steps, not one per hex of a fast drag
    if out.iter().any(|e| matches!(e, Cue::Pop { .. }))
        && !out.iter().any(|e| matches!(e, Cue::Haptic(_)))
    {
        out.push(Cue::Haptic(Haptic::Light));
    }
    out.extend(batch_sound(events).map(Cue::Sound));
    out
}

/// The one sound of a batch of events (a fast drag's steps are one step sound).
fn batch_sound(events: &[ViewEvent]) -> Option<Sound> {
    let any = |f: fn(&ViewEvent) -> bool| events.iter().any(f);
    if any(|e| matches!(e, ViewEvent::Cleared)) {
        Some(Sound::Solved)
    } else if any(|e| matches!(e, ViewEvent::Bumped { .. })) {
        Some(Sound::Bump)
    } else if any(|e| matches!(e, ViewEvent::Appended { .. })) {
        Some(Sound::Step)
    } else if any(|e| matches!(e, ViewEvent::Undone { .. } | ViewEvent::Truncated { .. })) {
        Some(Sound::Undo)
    } else {
        None
    }
}

/// Plays the cues on the board rooted at `root`.
pub fn play(root: &web_sys::Element, cues: &[Cue]) {
    // asked once per batch: most pointer moves of a drag that steps carry a pop
    let reduced = cues.iter().any(|c| {
        matches!(
            c,
            Cue::Pop { .. }
                | Cue::ShakeCell { .. }
                | Cue::ShakeWall { .. }
                | Cue::ShakeSpinner { .. }
        )
    }) && reduced_motion();
    for e in cues {
        match e {
            Cue::Pop { cell } if reduced => animate(
                root,
                &format!("c{cell}"),
                &[
                    &[("opacity", "1")],
                    &[("opacity", "0.7")],
                    &[("opacity", "1")],
                ],
                80.0,
            ),
            Cue::Pop { cell } => animate(
                root,
                &format!("c{cell}"),
                &[
                    &[("transform", "scale(1)")],
                    &[("transform", "scale(1.14)")],
                    &[("transform", "scale(1)")],
                ],
                80.0,
            ),
            Cue::FlashWall { wall } => flash(root, &format!("w{wall}")),
            Cue::FlashSpinner { spinner } => flash(root, &format!("s{spinner}")),
            Cue::FlashClue { cell } => animate(
                root,
                &format!("r{cell}"),
                &[
                    &[("opacity", "1")],
                    &[("opacity", "1")],
                    &[("opacity", "0")],
                ],
                260.0,
            ),
            // reduced motion: the flash's fade is the bump's only look
            Cue::ShakeCell { .. } | Cue::ShakeWall { .. } | Cue::ShakeSpinner { .. } if reduced => {
            }
            Cue::ShakeCell { cell } => shake(root, &format!("h{cell}"), "X"),
            // across the wall: its group is turned to lie along local x
            Cue::ShakeWall { wall } => shake(root, &format!("ws{wall}"), "Y"),
            Cue::ShakeSpinner { spinner } => shake(root, &format!("ss{spinner}"), "X"),
            Cue::Haptic(h) => haptics::play(*h),
            Cue::Sound(s) => sound::play(*s),
        }
    }
}

/// How long a bump shakes.
pub const SHAKE_MS: f64 = 250.0;

/// A 250 ms shake along `axis` ("X" or "Y"), by transform only.
fn shake(root: &web_sys::Element, fx: &str, axis: &str) {
    let at = |d: &str| format!("translate{axis}({d}px)");
    let frames: Vec<String> = ["0", "-4", "4", "-3", "2", "0"]
        .iter()
        .map(|d| at(d))
        .collect();
    let frames: Vec<[(&str, &str); 1]> =
        frames.iter().map(|f| [("transform", f.as_str())]).collect();
    let frames: Vec<&[(&str, &str)]> = frames.iter().map(|f| &f[..]).collect();
    animate(root, fx, &frames, SHAKE_MS);
}

/// Whether the system asks for reduced motion (the pop becomes a fade, a bump
/// does not shake, the clear's sweep is a fade).
pub fn reduced_motion() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Ok(f) = js_sys::Reflect::get(&window, &JsValue::from_str("matchMedia")) else {
        return false;
    };
    let Some(f) = f.dyn_ref::<js_sys::Function>() else {
        return false;
    };
    f.call1(
        &window,
        &JsValue::from_str("(prefers-reduced-motion: reduce)"),
    )
    .and_then(|list| js_sys::Reflect::get(&list, &JsValue::from_str("matches")))
    .is_ok_and(|m| m.as_bool() == Some(true))
}

/// White for 100 ms, then a quick fade.
fn flash(root: &web_sys::Element, fx: &str) {
    animate(
        root,
        fx,
        &[
            &[("opacity", "1"), ("offset", "0")],
            &[("opacity", "1"), ("offset", "0.77")],
            &[("opacity", "0"), ("offset", "1")],
        ],
        130.0,
    );
}

/// `element.animate(keyframes, duration)` on the `data-fx` element, if the browser has it.
fn animate(root: &web_sys::Element, fx: &str, frames: &[&[(&str, &str)]], ms: f64) {
    let Ok(Some(el)) = root.query_selector(&format!("[data-fx=\"{fx}\"]")) else {
        return;
    };
    let Ok(f) = js_sys::Reflect::get(&el, &JsValue::from_str("animate")) else {
        return;
    };
    let Some(f) = f.dyn_ref::<js_sys::Function>() else {
        return;
    };
    let keyframes = js_sys::Array::new();
    for frame in frames {
        let o = js_sys::Object::new();
        for (k, v) in frame.iter() {
            let value = match *k {
                // JavaScript's parseFloat, not Rust's: the module would otherwise carry the
                // standard library's float parser and its tables (about 14 KB) for three offsets.
                "offset" => JsValue::from_f64(js_sys::Number::parse_float(v)),
                _ => JsValue::from_str(v),
            };
            let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &value);
        }
        keyframes.push(&o);
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &JsValue::from_f64(ms));
    let _ = js_sys::Reflect::set(&options, &"easing".into(), &"ease-out".into());
    let _ = f.call2(&el, &keyframes, &options);
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::Edge;

    #[test]
    fn events_map_to_effects() {
        let got = cues(
            &[
                ViewEvent::Appended { cell: 3, step: 2 },
                ViewEvent::ClueMatched { cell: 3, step: 2 },
            ],
            Some(3),
        );
        assert_eq!(
            got,
            vec![
                Cue::Pop { cell: 3 },
                Cue::FlashClue { cell: 3 },
                Cue::Haptic(Haptic::Light),
                Cue::Sound(Sound::Step)
            ]
        );
        let got = cues(
            &[ViewEvent::Bumped {
                edge: Edge::new(0, 1),
                blocker: Blocker::Spinner {
                    index: 1,
                    candidate: 2,
                },
            }],
            Some(1),
        );
        assert_eq!(
            got,
            vec![
                Cue::FlashSpinner { spinner: 1 },
                Cue::ShakeSpinner { spinner: 1 },
                Cue::ShakeCell { cell: 1 },
                Cue::Haptic(Haptic::Bump),
                Cue::Sound(Sound::Bump)
            ]
        );
        let got = cues(
            &[ViewEvent::Bumped {
                edge: Edge::new(2, 5),
                blocker: Blocker::Wall { index: 0 },
            }],
            Some(2),
        );
        assert_eq!(
            got,
            vec![
                Cue::FlashWall { wall: 0 },
                Cue::ShakeWall { wall: 0 },
                Cue::ShakeCell { cell: 2 },
                Cue::Haptic(Haptic::Bump),
                Cue::Sound(Sound::Bump)
            ]
        );
        let got = cues(
            &[ViewEvent::Appended { cell: 0, step: 4 }, ViewEvent::Cleared],
            Some(0),
        );
        assert_eq!(
            got,
            vec![
                Cue::Pop { cell: 0 },
                Cue::Haptic(Haptic::Success),
                Cue::Sound(Sound::Solved)
            ]
        );
        assert!(cues(&[ViewEvent::Restarted], None).is_empty());
        assert_eq!(
            cues(
                &[ViewEvent::Truncated {
                    removed: vec![3],
                    len: 2
                }],
                Some(2)
            ),
            vec![Cue::Sound(Sound::Undo)]
        );
    }
}
