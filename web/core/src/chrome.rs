//! Shared screen chrome: the top bar every screen uses, with the sound and language switches.

use leptos::prelude::*;

use crate::host::share::Sent;
use crate::i18n::{tr, use_lang, Label, Text};
use crate::icon::{icon, Icon};
use crate::nav::use_nav;
use crate::sound::SoundSwitch;

/// Where a header's back button leads, when not back through the history.
#[derive(Clone, Copy)]
pub struct BackAction {
    /// The button's words.
    pub label: Label,
    /// The button's `data-testid`.
    pub testid: &'static str,
    pub run: Callback<()>,
}

/// The top bar of a screen: a back button, the title, the sound and language switches.
/// Without `back`, the button goes back like the browser's back button.
#[component]
pub fn ScreenHeader(
    #[prop(into)] title: Label,
    #[prop(optional)] back: Option<BackAction>,
) -> impl IntoView {
    let nav = use_nav();
    let (label, testid) = back.map_or((Label::of(Text::Back), "nav-back"), |b| (b.label, b.testid));
    let on_back = move |_| match back {
        Some(b) => b.run.run(()),
        None => nav.back(),
    };
    view! {
        <header class="screen-header">
            <button class="icon-button" data-testid=testid on:click=on_back>
                {icon(Icon::Back)} {tr(label)}
            </button>
            <h1 class="screen-title" data-testid="screen-title">{tr(title)}</h1>
            <div class="header-switches">
                <SoundSwitch/>
                <LanguageSwitch/>
            </div>
        </header>
    }
}

/// Switches the interface language (the button names the language it switches to).
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let lang = use_lang();
    view! {
        <button
            class="pill-button lang-switch"
            data-testid="lang-switch"
            on:click=move |_| lang.update(|l| *l = l.toggled())
        >
            {tr(Text::LanguageSwitch)}
        </button>
    }
}

/// Where the last link or text went, said beside the button that sent it: on the clipboard,
/// or refused by the browser (the link is shown to copy by hand). The host's share sheet is
/// its own confirmation. `text`: a result text rather than a link; `of`: what was copied
/// (`data-of`), where a screen has more than one.
#[component]
pub fn CopyNote(
    sent: RwSignal<Option<Sent>>,
    #[prop(optional)] text: bool,
    #[prop(optional)] of: Option<&'static str>,
) -> impl IntoView {
    let lang = use_lang();
    let words = move || match sent.get()? {
        Sent::Copied if text => Some(Text::TextCopied),
        Sent::Copied => Some(Text::LinkCopied),
        Sent::Refused => Some(Text::CopyRefused),
        Sent::Shared => None,
    };
    view! {
        <p class="copy-note" role="status" data-testid="copy-note" data-of=of
            data-sent=move || sent.get().map(Sent::key)>
            {move || words().map(|w| w.in_lang(lang.get()))}
        </p>
    }
}

/// Hands a link on and says where it went in `note` (cleared first, so a second copy is
/// heard again by screen readers).
pub fn send_link_noted(title: &str, url: &str, note: RwSignal<Option<Sent>>) {
    note.set(None);
    crate::host::share::send_link(title, url, move |s| {
        let _ = note.try_set(Some(s));
    });
}
