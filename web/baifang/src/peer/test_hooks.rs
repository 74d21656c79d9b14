//! `window.__onlineTest`, the browser tests' view into and handle on an online
//! match: `state()` (stage, colour, hash, action count, board, transport kind,
//! deadlines), `sendForged(json)` (sends raw text to the peer as if it were a
//! packet), `tamper()` (edits the local state as a memory editor would) and
//! `setOffline(bool)` (cuts this tab's network, tab transport only).
//!
//! They can forge packets, so a page has them only when its address carries
//! the explicit test flag `testhooks` (`?testhooks`, as the browser tests open
//! it); a page opened normally has no `window.__onlineTest`.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use engine::baifang::format::notation::{line, notate};
use engine::baifang::{Side, State};

use crate::peer::controller::PeerController;

/// The query parameter that installs the hooks.
pub const TEST_FLAG: &str = "testhooks";

/// Whether a query string (`location.search`) carries the test flag, as
/// `testhooks` or `testhooks=1`.
pub fn requested(search: &str) -> bool {
    matches!(
        web_core::nav::query_value(search, TEST_FLAG),
        Some("" | "1")
    )
}

/// Installs `window.__onlineTest` for the room `ctl` controls, when the page
/// was opened with the test flag.
pub fn install(ctl: PeerController) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !requested(&web_core::nav::page_search()) {
        return;
    }
    let hooks = js_sys::Object::new();
    let state = Closure::<dyn Fn() -> JsValue>::new(move || {
        let kind = ctl.transport_kind();
        let json = ctl.session.with_untracked(|s| {
            let st = s.state();
            serde_json::json!({
                "stage": format!("{:?}", s.stage()),
                "me": s.me().id,
                "peer": s.peer_id(),
                "mySide": s.my_side().letter(),
                "toMove": st.to_move().letter(),
                "hash": engine::baifang::state::hash_hex(st.hash()),
                "actions": s.actions(),
                "game": s.game_number(),
                "log": notate(s.log()).map(|n| line(&n)).unwrap_or_default(),
                "board": st.board_string(),
                "transport": kind,
                "graceDeadline": s.grace_deadline(),
                "stepDeadline": s.step_deadline(),
            })
        });
        js_sys::JSON::parse(&json.to_string()).unwrap_or(JsValue::NULL)
    });
    let forged = Closure::<dyn Fn(String)>::new(move |text: String| {
        ctl.with_transport(|t| t.send(&text));
    });
    let tamper = Closure::<dyn Fn()>::new(move || {
        ctl.session.update(|s| {
            let me = s.my_side();
            s.tamper_with_state(|st| {
                // A memory editor deletes one enemy stone from the board.
                let enemy = st.stones(me.other());
                let black = if me == Side::Black {
                    st.stones(Side::Black)
                } else {
                    enemy & enemy.wrapping_sub(1)
                };
                let white = if me == Side::White {
                    st.stones(Side::White)
                } else {
                    enemy & enemy.wrapping_sub(1)
                };
                let hand = [st.in_hand(Side::Black), st.in_hand(Side::White)];
                if let Some(forged) = State::from_position(black, white, hand, st.to_move()) {
                    *st = forged;
                }
            });
        });
    });
    let _ = js_sys::Reflect::set(&hooks, &"state".into(), state.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"sendForged".into(), forged.as_ref());
    let offline = Closure::<dyn Fn(bool)>::new(move |off: bool| {
        ctl.with_transport(|t| t.set_offline(off));
    });
    let _ = js_sys::Reflect::set(&hooks, &"tamper".into(), tamper.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"setOffline".into(), offline.as_ref());
    let _ = js_sys::Reflect::set(&window, &"__onlineTest".into(), &hooks);
    state.forget();
    forged.forget();
    tamper.forget();
    offline.forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packet_forging_hooks_need_the_explicit_test_flag() {
        // A page opened normally, or with look-alike parameters, has no hooks.
        for search in [
            "",
            "?",
            "?profile=a",
            "?host=mock",
            "?testhooks=0",
            "?testhooksx",
            "?x=testhooks",
        ] {
            assert!(!requested(search), "{search}");
        }
        for search in [
            "?testhooks",
            "?profile=a&testhooks",
            "?testhooks=1&host=mock",
        ] {
            assert!(requested(search), "{search}");
        }
    }
}
