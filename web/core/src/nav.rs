//! Screen navigation without touching the URL.
//!
//! The current screen is a signal. Each navigation also pushes a history entry whose
//! *state* (not its URL) names the screen, so the browser's back button and the iOS
//! swipe-back work, the app runs from any static folder or custom scheme, and the URL
//! fragment stays free for level share links.
//!
//! The shell owns the screen ([`provide_nav`]); a game module's handle
//! ([`provide_mode_nav`]) asks the shell for another screen and takes the link codes
//! its screen opens (`#play=`, `#pack=`, `#game=`, `#room=`, `#watch=`).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

pub use crate::modules::Screen;
use crate::open_arg::OpenArg;
use crate::page_events;
pub use crate::page_url::{fragment_value, page_search, query_value};
use crate::storage;

/// The navigation handle shared by context.
#[derive(Clone, Copy)]
pub struct Nav {
    screen: RwSignal<Screen>,
    /// False in a game module: its screen is the shell's to change.
    owns_screen: bool,
    /// The share code from a `#play=<code>` fragment (at startup or on `hashchange`),
    /// until the Hex Stroke screen takes it.
    pub shared: RwSignal<Option<String>>,
    /// The pack code from a `#pack=<code>` fragment, until the Hex Stroke screen takes it.
    pub pack: RwSignal<Option<String>>,
    /// The game code from a `#game=<code>` fragment, until the Baifang screen takes it.
    pub game: RwSignal<Option<String>>,
    /// The friend-room code from a `#room=<code>` fragment, until the Baifang screen takes it.
    pub room: RwSignal<Option<String>>,
    /// The server game id from a `#watch=<id>` fragment, until the Baifang screen takes it.
    pub watch: RwSignal<Option<String>>,
    /// In the shell: the argument the next screen's module is mounted with, as its
    /// [`OpenArg`] wrote it, until the frame of that screen takes it.
    arg: StoredValue<Option<(Screen, String)>>,
    /// In the shell: whether the screen holds the back gesture ([`Nav::hold_back`]).
    back_held: StoredValue<bool>,
}

impl Nav {
    pub fn current(&self) -> Screen {
        self.screen.get()
    }

    pub fn current_untracked(&self) -> Screen {
        self.screen.get_untracked()
    }

    /// Opens `screen` and records it in the session history.
    pub fn go(&self, screen: Screen) {
        self.go_with(screen, None);
    }

    /// Opens the screen `arg` belongs to, whose module is mounted with `arg`.
    pub fn open<A: OpenArg>(&self, arg: &A) {
        self.go_with(A::SCREEN, Some(arg.encode()));
    }

    fn go_with(&self, screen: Screen, arg: Option<String>) {
        if !self.owns_screen {
            page_events::announce(page_events::GO_EVENT, &go_detail(screen, arg.as_deref()));
            return;
        }
        self.arg.set_value(arg.map(|a| (screen, a)));
        self.back_held.set_value(false);
        if self.screen.get_untracked() == screen {
            return;
        }
        settle_history();
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.push_state(&JsValue::from_str(screen.key()), "");
        }
        self.screen.set(screen);
    }

    /// In the shell: the argument `screen` was opened with, taken (a screen reopened by
    /// "back" or a reload opens without one).
    pub fn take_arg(&self, screen: Screen) -> Option<String> {
        match self.arg.try_update_value(|a| a.take()).flatten() {
            Some((for_screen, arg)) if for_screen == screen => Some(arg),
            _ => None,
        }
    }

    /// The player is about to open `screen` (a finger or the focus on its button): the
    /// shell loads its module without mounting it, once per page.
    pub fn warm(&self, screen: Screen) {
        page_events::announce(page_events::WARM_EVENT, screen.key());
    }

    /// Goes back like the browser's back button (to the screen's parent when there is
    /// no entry), past a hold on the back gesture ([`Nav::hold_back`]).
    pub fn back(&self) {
        self.hold_back(false);
        settle_history();
        match web_sys::window().and_then(|w| w.history().ok()) {
            Some(history) if history.state().ok().and_then(|s| s.as_string()).is_some() => {
                let _ = history.back();
            }
            _ if self.owns_screen => self.screen.set(self.screen.get_untracked().parent()),
            _ => self.go(self.screen.get_untracked().parent()),
        }
    }

    /// While `on`, the browser's back gesture does not leave the current screen: the shell
    /// keeps it (its history entry is put back) and tells the screen through
    /// [`Nav::on_back_held`], so a game room asks before leaving instead of the page leaving
    /// at once. Any screen change the app itself asks for ends the hold, and so does the
    /// screen's unmounting (its module's cleanup calls this with `false`).
    pub fn hold_back(&self, on: bool) {
        if self.owns_screen {
            self.back_held.set_value(on);
        } else {
            page_events::announce(page_events::HOLD_BACK_EVENT, if on { "on" } else { "off" });
        }
    }

    /// Calls `on` each time the shell kept this screen against a back gesture
    /// ([`Nav::hold_back`]), until the handle is removed.
    pub fn on_back_held(&self, on: impl Fn() + 'static) -> WindowListenerHandle {
        page_events::listen(page_events::BACK_HELD_EVENT, move |_| on())
    }

    /// Takes the link codes in the URL fragment that this module has not taken yet.
    fn take_fragment_codes(&self) {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        for (key, slot) in [
            ("play", self.shared),
            ("pack", self.pack),
            ("game", self.game),
            ("room", self.room),
            ("watch", self.watch),
        ] {
            let Some(code) = fragment_value(&hash, key) else {
                continue;
            };
            let fresh = TAKEN.with(|taken| {
                let mut taken = taken.borrow_mut();
                let fresh = taken
                    .iter()
                    .all(|(k, c)| (*k, c.as_str()) != (key, code.as_str()));
                taken.retain(|(k, _)| *k != key);
                taken.push((key, code.clone()));
                fresh
            });
            if fresh {
                slot.set(Some(code));
            }
        }
    }
}

thread_local! {
    /// The link codes this module's screen has been given, by fragment key: a code is
    /// opened once, not again each time the game is opened while it stays in the URL.
    /// Cleared with the fragment.
    static TAKEN: std::cell::RefCell<Vec<(&'static str, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The share code in a URL fragment such as `#play=<code>` (`None` if the fragment
/// is not a share link). An empty code is still a share link (it fails to decode).
pub fn parse_fragment(hash: &str) -> Option<String> {
    fragment_value(hash, "play")
}

/// A share link: `href` without its fragment, then `#play=` and the code. Works on
/// any static host; `crate::host::share` picks `href` (the page's own address, or the
/// native host's public one).
pub fn share_link(href: &str, code: &str) -> String {
    link_with(href, "play", code)
}

/// `href` without its fragment, then `#<key>=<code>`.
pub fn link_with(href: &str, key: &str, code: &str) -> String {
    let base = href.split('#').next().unwrap_or(href);
    format!("{base}#{key}={code}")
}

/// A link from the current page URL with the fragment `#<key>=<code>`.
pub fn share_link_here_as(key: &str, code: &str) -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    link_with(&href, key, code)
}

/// The screen each link's fragment key opens: a share link (a level or a pack) Hex Stroke, a game link Baifang's
/// review, a room link and a watch link Baifang's lobby (which knows whether the server is
/// there to join or watch it).
/// `index.html`'s first script preloads the module of each from this table (a test keeps
/// its copy equal).
pub const FRAGMENT_SCREENS: [(&str, Screen); 5] = [
    ("play", Screen::Hex),
    ("pack", Screen::Hex),
    ("game", Screen::BaifangReview),
    ("room", Screen::Baifang),
    ("watch", Screen::Baifang),
];

/// The fragment key of a shortcut into a game: `#open=<screen key>` opens one of
/// [`OPENABLE`]. The installed app's shortcuts (`manifest.webmanifest`) and a bookmark of a
/// game's first screen use it; `index.html`'s first script preloads its module too.
pub const OPEN_KEY: &str = "open";

/// The screens an `#open=` fragment may name: each game's first screen (never one that
/// needs an argument, such as a room or a review).
pub const OPENABLE: [Screen; 2] = [Screen::Baifang, Screen::Hex];

/// The screen an `#open=` fragment names, if it names one of [`OPENABLE`].
fn opened_screen(hash: &str) -> Option<Screen> {
    let key = fragment_value(hash, OPEN_KEY)?;
    OPENABLE.into_iter().find(|s| s.key() == key)
}

/// The page's URL fragment.
fn page_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The screen a link in a URL fragment opens.
fn link_screen(hash: &str) -> Option<Screen> {
    FRAGMENT_SCREENS
        .into_iter()
        .find_map(|(key, screen)| fragment_value(hash, key).map(|_| screen))
}

/// The screen a URL fragment opens: a link's, else a shortcut's.
fn fragment_screen_of(hash: &str) -> Option<Screen> {
    link_screen(hash).or_else(|| opened_screen(hash))
}

/// The screen the page's URL fragment opens.
fn fragment_screen() -> Option<Screen> {
    fragment_screen_of(&page_hash())
}

/// Drops the URL fragment without a reload or a new history entry (after leaving
/// a shared level, so a reload does not reopen it).
pub fn clear_fragment() {
    settle_history();
    if let Some(window) = web_sys::window() {
        let Some(base) = url_with_fragment_dropped() else {
            return;
        };
        if let Ok(history) = window.history() {
            let state = history.state().unwrap_or(JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some(&base));
        }
    }
    TAKEN.with(|taken| taken.borrow_mut().clear());
}

/// A navigation event's detail: the screen's key, then the argument's text on its own
/// line (a key has no line break).
fn go_detail(screen: Screen, arg: Option<&str>) -> String {
    match arg {
        Some(arg) => format!("{}\n{arg}", screen.key()),
        None => screen.key().to_string(),
    }
}

/// The screen and argument of a navigation event's detail (`None` for an unknown screen).
fn parse_go_detail(detail: &str) -> Option<(Screen, Option<String>)> {
    let (key, arg) = match detail.split_once('\n') {
        Some((key, arg)) => (key, Some(arg.to_string())),
        None => (detail, None),
    };
    Some((Screen::from_key(key)?, arg))
}

/// The page's URL without its fragment, `None` when it has none.
fn url_with_fragment_dropped() -> Option<String> {
    let href = web_sys::window()?.location().href().ok()?;
    let (base, _) = href.split_once('#')?;
    Some(base.to_string())
}

/// Where this profile slot keeps the screen a reload comes back to.
const RESUME_KEY: &str = "app:resume-screen";

/// Marks `screen` as the one the page opens on at its next start (a game in progress
/// there, which a reload must come back to), or clears the mark. Kept per `?profile=`
/// slot, like the games' own records.
pub fn set_resume_screen(screen: Option<Screen>) {
    let key = storage::slot_key(RESUME_KEY);
    match screen {
        Some(screen) => storage::write(&key, screen.key()),
        None => storage::remove(&key),
    }
}

/// The screen a game marked to come back to, if any.
pub fn resume_screen() -> Option<Screen> {
    Screen::from_key(&storage::read(&storage::slot_key(RESUME_KEY))?)
}

/// The history entries a page starts with, written a task after the shell's first one.
/// Each history call is a same-document navigation that costs the main thread several
/// milliseconds (1-12 ms at full speed in traces of cold starts, four times that on a slow
/// phone), which the first task, the one that draws the first screen, should not pay.
/// Everything that reads or writes the history first settles it ([`settle_history`]).
struct HistorySetup {
    first: Screen,
    drop_fragment: bool,
}

thread_local! {
    static PENDING_HISTORY: std::cell::Cell<Option<HistorySetup>> = const { std::cell::Cell::new(None) };
}

fn defer_history_setup(first: Screen, drop_fragment: bool) {
    PENDING_HISTORY.with(|p| {
        p.set(Some(HistorySetup {
            first,
            drop_fragment,
        }))
    });
    if let Some(window) = web_sys::window() {
        let settle = Closure::once_into_js(settle_history);
        let _ =
            window.set_timeout_with_callback_and_timeout_and_arguments_0(settle.unchecked_ref(), 0);
    }
}

/// Writes the page's first history entries if they are still pending: the app always
/// starts at home, so the entry it starts on says so (a reload would otherwise keep the
/// previous screen's state, and "back" from the next screen would land on that screen
/// instead of home); a link's screen follows with its parent between (a share link starts
/// on Hex Stroke with home one step back, a Baifang online or review screen with Baifang's
/// lobby between), so "back" and the menu's 回到主页 land in the app instead of leaving
/// it. The URL is left alone, less an `#open=` shortcut. Called by a timer after the first
/// task, and before anything else touches the history (the shell's navigation, and a
/// module's mount, after which the module may push entries of its own).
pub fn settle_history() {
    let Some(setup) = PENDING_HISTORY.with(|p| p.take()) else {
        return;
    };
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
        return;
    };
    let home = JsValue::from_str(Screen::Home.key());
    match setup
        .drop_fragment
        .then(url_with_fragment_dropped)
        .flatten()
    {
        Some(base) => {
            let _ = history.replace_state_with_url(&home, "", Some(&base));
            TAKEN.with(|taken| taken.borrow_mut().clear());
        }
        None => {
            let _ = history.replace_state(&home, "");
        }
    }
    if setup.first.parent() != Screen::Home {
        let _ = history.push_state(&JsValue::from_str(setup.first.parent().key()), "");
    }
    if setup.first != Screen::Home {
        let _ = history.push_state(&JsValue::from_str(setup.first.key()), "");
    }
}

/// The shell's navigation handle. The page opens on the screen of a link in its URL
/// fragment, else on the screen a game in progress marked ([`set_resume_screen`]), else
/// home.
pub fn provide_nav() -> Nav {
    let first = fragment_screen()
        .or_else(resume_screen)
        .unwrap_or(Screen::Home);
    // A shortcut has done its work once the screen is chosen: dropped (with the history
    // entries below), so leaving the game and reloading lands where the player is, as after
    // any other navigation.
    let hash = page_hash();
    let drop_fragment = link_screen(&hash).is_none() && fragment_value(&hash, OPEN_KEY).is_some();
    let nav = Nav {
        screen: RwSignal::new(first),
        owns_screen: true,
        shared: RwSignal::new(None),
        pack: RwSignal::new(None),
        game: RwSignal::new(None),
        room: RwSignal::new(None),
        watch: RwSignal::new(None),
        arg: StoredValue::new(None),
        back_held: StoredValue::new(false),
    };
    defer_history_setup(first, drop_fragment);
    if let Some(window) = web_sys::window() {
        let on_pop =
            Closure::<dyn Fn(web_sys::PopStateEvent)>::new(move |event: web_sys::PopStateEvent| {
                let screen = event
                    .state()
                    .as_string()
                    .and_then(|key| Screen::from_key(&key))
                    .unwrap_or(Screen::Home);
                let current = nav.screen.get_untracked();
                if current == screen {
                    return;
                }
                if nav.back_held.get_value() {
                    // The screen stays and its entry comes back; the screen decides what
                    // back means there (a room asks before leaving).
                    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                        let _ = history.push_state(&JsValue::from_str(current.key()), "");
                    }
                    page_events::announce(page_events::BACK_HELD_EVENT, "");
                    return;
                }
                nav.screen.set(screen);
            });
        let _ =
            window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        // The listener lives as long as the page does.
        on_pop.forget();
        // A link pasted into the address bar of an open app changes only the hash; the
        // game's module takes the code itself (`provide_mode_nav`).
        let on_hash = Closure::<dyn Fn()>::new(move || {
            if let Some(screen) = fragment_screen() {
                nav.go(screen);
            }
        });
        let _ =
            window.add_event_listener_with_callback("hashchange", on_hash.as_ref().unchecked_ref());
        on_hash.forget();
        // Lives as long as the page, like the shell.
        std::mem::forget(page_events::listen(page_events::GO_EVENT, move |detail| {
            if let Some((screen, arg)) = parse_go_detail(&detail) {
                nav.go_with(screen, arg);
            }
        }));
        std::mem::forget(page_events::listen(
            page_events::HOLD_BACK_EVENT,
            move |detail| nav.back_held.set_value(detail == "on"),
        ));
    }
    provide_context(nav);
    nav
}

/// A game module's navigation handle for `screen`: screen changes go to the shell, and
/// the module takes the link codes of the URL fragment, now and on every `hashchange`
/// while it is mounted.
pub fn provide_mode_nav(screen: Screen) -> Nav {
    let nav = Nav {
        screen: RwSignal::new(screen),
        owns_screen: false,
        shared: RwSignal::new(None),
        pack: RwSignal::new(None),
        game: RwSignal::new(None),
        room: RwSignal::new(None),
        watch: RwSignal::new(None),
        arg: StoredValue::new(None),
        back_held: StoredValue::new(false),
    };
    nav.take_fragment_codes();
    let on_hash = leptos::prelude::window_event_listener_untyped("hashchange", move |_| {
        nav.take_fragment_codes()
    });
    on_cleanup(move || on_hash.remove());
    provide_context(nav);
    nav
}

pub fn use_nav() -> Nav {
    expect_context::<Nav>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_keys_round_trip() {
        for s in Screen::ALL {
            assert_eq!(Screen::from_key(s.key()), Some(s));
        }
        assert_eq!(Screen::from_key("nope"), None);
    }

    #[test]
    fn baifang_games_and_review_sit_behind_its_lobby() {
        assert_eq!(Screen::BaifangPlay.parent(), Screen::Baifang);
        assert_eq!(Screen::BaifangOnline.parent(), Screen::Baifang);
        assert_eq!(Screen::BaifangPeer.parent(), Screen::Baifang);
        assert_eq!(Screen::BaifangReview.parent(), Screen::Baifang);
        for s in [
            Screen::Baifang,
            Screen::Hex,
            Screen::HexEditor,
            Screen::Home,
        ] {
            assert_eq!(s.parent(), Screen::Home);
        }
    }

    #[test]
    fn a_navigation_event_carries_the_screen_and_its_argument() {
        assert_eq!(
            parse_go_detail(&go_detail(Screen::BaifangReview, Some("3 AbC\nx"))),
            Some((Screen::BaifangReview, Some("3 AbC\nx".to_string())))
        );
        assert_eq!(
            parse_go_detail(&go_detail(Screen::Hex, None)),
            Some((Screen::Hex, None))
        );
        assert_eq!(parse_go_detail("nowhere\narg"), None);
    }

    #[test]
    fn a_shortcut_opens_a_game_first_screen_and_nothing_else() {
        assert_eq!(fragment_screen_of("#open=hex"), Some(Screen::Hex));
        assert_eq!(fragment_screen_of("#open=baifang"), Some(Screen::Baifang));
        for other in [
            "#open=home",
            "#open=baifang-online",
            "#open=hex-editor",
            "#open=",
            "#opened=hex",
        ] {
            assert_eq!(fragment_screen_of(other), None, "{other}");
        }
        // A link in the same fragment wins over a shortcut.
        assert_eq!(
            fragment_screen_of("#open=baifang&play=x"),
            Some(Screen::Hex)
        );
    }

    /// The installed app's shortcuts name games this table opens.
    #[test]
    fn the_manifest_shortcuts_open_games() {
        let manifest = include_str!("../../offline/manifest.webmanifest");
        let urls: Vec<&str> = manifest
            .split("\"url\": \"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap())
            .collect();
        assert_eq!(urls.len(), OPENABLE.len());
        for url in urls {
            let hash = url.split_once('#').map(|(_, h)| h).unwrap_or_default();
            assert!(opened_screen(hash).is_some(), "{url} opens no game");
        }
    }

    #[test]
    fn fragments_and_links() {
        assert_eq!(parse_fragment("#play=AbC-_1").as_deref(), Some("AbC-_1"));
        assert_eq!(parse_fragment("play=x").as_deref(), Some("x"));
        assert_eq!(parse_fragment("#x=1&play=yz").as_deref(), Some("yz"));
        assert_eq!(parse_fragment("#play=").as_deref(), Some(""));
        assert_eq!(parse_fragment(""), None);
        assert_eq!(parse_fragment("#top"), None);
        assert_eq!(
            fragment_value("#game=Ab-_", "game").as_deref(),
            Some("Ab-_")
        );
        assert_eq!(fragment_value("#play=x", "game"), None);
        assert_eq!(fragment_value("#gamer=x", "game"), None);
        assert_eq!(
            share_link("https://h.example/a/index.html#play=old", "NEW"),
            "https://h.example/a/index.html#play=NEW"
        );
        assert_eq!(
            share_link("app://local/index.html", "C"),
            "app://local/index.html#play=C"
        );
        assert_eq!(
            parse_fragment(share_link("http://x/", "Q1").split_once('#').unwrap().1).as_deref(),
            Some("Q1")
        );
    }
}
