//! The review's screen (and module): the game handed over by the lobby or a room, or
//! opened from a `#game=<code>` link, or why the link cannot be read. "Play from here"
//! hands the position to the play screen's module.

use std::cell::RefCell;

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::{self, LinkError};
use engine::baifang::Action;

use web_core::nav::{use_nav, Screen};

use super::link_error::LinkErrorScreen;
use super::screen::ReviewScreen;
use super::ReviewSource;
use crate::handoff::{Opener, Play};
use crate::local::game::Opponent;
use crate::local::room::RoomSetup;

/// What the screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Opened {
    Review(ReviewSource),
    BrokenLink(LinkError),
}

thread_local! {
    /// The last game shown: the module stays loaded, so going back or forward to this
    /// screen shows it again.
    static SHOWN: RefCell<Option<Opened>> = const { RefCell::new(None) };
}

/// What a `#game=<code>` link opens: its review, or why it cannot.
fn open_link(code: &str) -> Opened {
    match game_link::decode(code) {
        Ok((record, _)) => Opened::Review(ReviewSource {
            record,
            level: Strength::Medium,
        }),
        Err(error) => Opened::BrokenLink(error),
    }
}

/// The review (the module `baifang_review`), opened on `handed`, the game a screen handed
/// over, unless a `#game=` link came with the page.
pub fn baifang_review_module(handed: Option<ReviewSource>) -> impl IntoView {
    let nav = use_nav();
    // A link just opened, else a game just handed over, else the last one shown.
    let linked = nav.game.get_untracked().map(|code| {
        nav.game.set(None);
        open_link(&code)
    });
    let first = linked
        .or_else(|| handed.map(Opened::Review))
        .or_else(|| SHOWN.with(|s| s.borrow().clone()));
    if first.is_none() {
        // Nothing to show (a forward step into this screen after a reload): the lobby.
        nav.go(Screen::Baifang);
    }
    // A fresh key per game so a new review never reuses the old one's state.
    let counter = StoredValue::new(0u32);
    let opened = RwSignal::new(first.map(|o| (o, 0u32)));
    let open = move |what: Opened| {
        counter.update_value(|n| *n += 1);
        SHOWN.with(|s| *s.borrow_mut() = Some(what.clone()));
        opened.set(Some((what, counter.get_value())));
    };
    if let Some((what, _)) = opened.get_untracked() {
        SHOWN.with(|s| *s.borrow_mut() = Some(what));
    }
    // A game link pasted into the open app opens its review.
    Effect::new(move |_| {
        if let Some(code) = nav.game.get() {
            nav.game.set(None);
            open(open_link(&code));
        }
    });
    // 返回大厅: the lobby with the recent games, wherever the review was opened from.
    let on_exit = Callback::new(move |_| nav.go(Screen::Baifang));
    let on_play = Callback::new(move |(log, opponent): (Vec<Action>, Opponent)| {
        let setup = RoomSetup {
            opponent,
            step_clock: false,
        };
        nav.open(&Play::Room {
            setup,
            log,
            opener: Opener::Review,
        });
    });
    let on_open = Callback::new(move |source: ReviewSource| open(Opened::Review(source)));
    view! {
        <main class="screen screen-baifang screen-baifang-review" data-testid="screen-baifang-review">
            {move || match opened.get() {
                Some((Opened::Review(source), _)) => view! {
                    <ReviewScreen source=source on_exit=on_exit on_play=on_play on_open=on_open/>
                }.into_any(),
                Some((Opened::BrokenLink(error), _)) => view! {
                    <LinkErrorScreen error=error on_lobby=on_exit/>
                }.into_any(),
                None => ().into_any(),
            }}
        </main>
    }
}
