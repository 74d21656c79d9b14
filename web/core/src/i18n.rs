//! Interface language: Simplified Chinese by default, English available, and the
//! machinery of every words table ([`translations!`], [`Words`], [`tr`]). The shell's
//! words are [`Text`]; each game's crate declares its own table the same way.

use leptos::prelude::*;

use crate::page_events;
use crate::storage;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh-Hans" | "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn toggled(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// A table of words: each value names one role and has its words in both languages.
pub trait Words: Copy + Send + Sync + 'static {
    fn in_lang(self, lang: Lang) -> &'static str;
}

/// The words of any table, for a component that shows words from whichever table its
/// caller uses (the shared screen header shows the shell's and each game's titles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    zh: &'static str,
    en: &'static str,
}

impl Words for Label {
    fn in_lang(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

impl Label {
    /// The words of `words`, in both languages.
    pub fn of<W: Words>(words: W) -> Label {
        Label {
            zh: words.in_lang(Lang::Zh),
            en: words.in_lang(Lang::En),
        }
    }
}

/// Declares a text enum from one table: each role with its Chinese and English
/// words, an `ALL` list of every role, and `in_lang` (also as [`Words`]).
#[macro_export]
macro_rules! translations {
    ($(#[$meta:meta])* $enum:ident { $($(#[$doc:meta])* $name:ident => ($zh:expr, $en:expr),)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $enum {
            $($(#[$doc])* $name,)*
        }

        impl $enum {
            /// Every text, in table order.
            pub const ALL: &'static [$enum] = &[$($enum::$name,)*];

            pub fn in_lang(self, lang: $crate::i18n::Lang) -> &'static str {
                let (zh, en) = match self {
                    $($enum::$name => ($zh, $en),)*
                };
                match lang {
                    $crate::i18n::Lang::Zh => zh,
                    $crate::i18n::Lang::En => en,
                }
            }
        }

        impl $crate::i18n::Words for $enum {
            fn in_lang(self, lang: $crate::i18n::Lang) -> &'static str {
                $enum::in_lang(self, lang)
            }
        }

        impl From<$enum> for $crate::i18n::Label {
            fn from(words: $enum) -> $crate::i18n::Label {
                $crate::i18n::Label::of(words)
            }
        }
    };
}
pub use crate::translations;

translations! {
    /// Each string of the shell (and the chrome every screen shares), named for its role.
    Text {
        AppTitle => ("方寸棋苑", "Square & Hex"),
        AppTagline => ("两种玩法，一盘好棋", "Two games, one board at a time"),
        BaifangName => ("摆方 1v1", "Baifang 1v1"),
        BaifangOnline => ("摆方 · 在线对战", "Baifang · Online"),
        BaifangBlurb => ("河南传统双人棋：成方吃一，成洲吃二", "Henan's stone duel: a square takes one, a line takes two"),
        HexName => ("六边一笔", "Hex Stroke"),
        HexBlurb => ("一笔走遍六边形，墙挡路，数字定步", "One stroke through every hex; walls block, numbers pin the step"),
        Back => ("返回", "Back"),
        /// The switch names the language it switches to.
        LanguageSwitch => ("English", "中文"),
        /// The sound switch's name (its pressed state says on or off).
        Sound => ("声音", "Sound"),
        /// The bar shown while a newly deployed build waits; its click switches to it.
        UpdateReady => ("新版本已就绪 — 重新载入", "New version available — reload"),
        /// Shown while a game's module downloads (the first time it is opened).
        ModeLoading => ("正在载入…", "Loading…"),
        ModeLoadFailed => ("载入失败，请检查网络后重试。", "The game could not be loaded. Check the connection and try again."),
        ModeRetry => ("重试", "Try again"),
        /// The menu's way back to the home screen.
        GoHome => ("回到主页", "Back to home"),
        /// A share link is on the clipboard.
        LinkCopied => ("链接已复制", "Link copied"),
        /// A text (a result card) is on the clipboard.
        TextCopied => ("已复制", "Copied"),
        /// The browser refused the clipboard: the link is shown to copy by hand.
        CopyRefused => ("浏览器不允许复制：请手动复制链接", "The browser did not allow copying: copy the link by hand"),
    }
}

const LANG_KEY: &str = "app:lang";

/// The language of a first visit (no choice stored yet), from the browser's preferred
/// languages in order: the first that is Chinese (`zh`, `zh-*`) or English (`en`, `en-*`)
/// decides; a browser that prefers neither gets English.
pub fn first_visit_lang<S: AsRef<str>>(preferred: &[S]) -> Lang {
    // the primary subtag, compared without allocating (this runs in every module)
    let is = |tag: &str, code: &[u8; 2]| {
        let t = tag.as_bytes();
        t.len() >= 2
            && t[..2].eq_ignore_ascii_case(code)
            && matches!(t.get(2), None | Some(b'-' | b'_'))
    };
    for tag in preferred {
        if is(tag.as_ref(), b"zh") {
            return Lang::Zh;
        }
        if is(tag.as_ref(), b"en") {
            return Lang::En;
        }
    }
    Lang::En
}

/// The browser's preferred languages (`navigator.languages`, else `navigator.language`).
fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let listed: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if listed.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        listed
    }
}

/// Provides the language signal to the tree, restoring the player's last choice (on a
/// first visit, the browser's language: [`first_visit_lang`]).
///
/// The shell and a game module each have one; a switch on either side is announced
/// ([`crate::page_events::LANG_EVENT`]) and followed by the other.
pub fn provide_lang() -> RwSignal<Lang> {
    let stored = storage::read(LANG_KEY).and_then(|code| Lang::from_code(&code));
    let lang = RwSignal::new(stored.unwrap_or_else(|| first_visit_lang(&browser_languages())));
    Effect::new(move |_| {
        let lang = lang.get();
        storage::write(LANG_KEY, lang.code());
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
        page_events::announce(page_events::LANG_EVENT, lang.code());
    });
    let follow = page_events::listen(page_events::LANG_EVENT, move |code| {
        if let Some(other) = Lang::from_code(&code) {
            if lang.get_untracked() != other {
                lang.set(other);
            }
        }
    });
    on_cleanup(move || follow.remove());
    provide_context(lang);
    lang
}

pub fn use_lang() -> RwSignal<Lang> {
    expect_context::<RwSignal<Lang>>()
}

/// A reactive closure yielding `text` (of any words table) in the current language.
pub fn tr<W: Words>(text: W) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.in_lang(lang.get())
}

/// Whether `s` holds a CJK ideograph or CJK punctuation (the words tables' tests tell
/// the two languages apart by it).
pub fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| {
        matches!(c, '\u{3000}'..='\u{303f}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
    })
}

/// What is wrong with the translation of a words table, one sentence per fault: a role with
/// no words, the same words in both languages (unless it is one of `same_in_both`, loan
/// words), Chinese words without Chinese or English words with it (reversed for the roles of
/// `names_other`: the language switch names the language it switches to). Each table's test
/// asserts there is none.
pub fn translation_faults<W: Words + std::fmt::Debug + PartialEq>(
    all: &[W],
    same_in_both: &[W],
    names_other: &[W],
) -> Vec<String> {
    let mut faults = Vec::new();
    for &text in all {
        let (zh, en) = (text.in_lang(Lang::Zh), text.in_lang(Lang::En));
        if zh.trim().is_empty() || en.trim().is_empty() {
            faults.push(format!("{text:?} is empty"));
        }
        if zh == en && !same_in_both.contains(&text) {
            faults.push(format!("{text:?} is not translated"));
        }
        let reversed = names_other.contains(&text);
        if has_cjk(zh) == reversed && zh != en {
            faults.push(format!(
                "{text:?}: the Chinese {zh:?} is in the wrong script"
            ));
        }
        if has_cjk(en) != reversed {
            faults.push(format!(
                "{text:?}: the English {en:?} is in the wrong script"
            ));
        }
    }
    faults
}

/// What is wrong with a sentence built in both languages (`sentence(lang)`): the Chinese
/// must hold Chinese and the English none. The tests of each game's wording of engine codes
/// use it.
pub fn script_faults(sentence: impl Fn(Lang) -> String) -> Vec<String> {
    let (zh, en) = (sentence(Lang::Zh), sentence(Lang::En));
    let mut faults = Vec::new();
    if !has_cjk(&zh) {
        faults.push(format!("no Chinese in {zh:?}"));
    }
    if has_cjk(&en) {
        faults.push(format!("Chinese in {en:?}"));
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_translated_into_english() {
        assert!(Text::ALL.len() > 10);
        let faults = translation_faults(Text::ALL, &[], &[Text::LanguageSwitch]);
        assert_eq!(faults, Vec::<String>::new());
    }

    #[test]
    fn a_fault_of_each_kind_is_found() {
        let faults = translation_faults(&[Text::LanguageSwitch, Text::Back], &[], &[Text::Back]);
        assert_eq!(faults.len(), 4, "{faults:?}");
        assert!(script_faults(|l| l.code().to_string())[0].starts_with("no Chinese"));
    }

    #[test]
    fn a_first_visit_follows_the_browser_language() {
        assert_eq!(first_visit_lang(&["zh-CN", "en"]), Lang::Zh);
        assert_eq!(first_visit_lang(&["zh-Hant-TW"]), Lang::Zh);
        assert_eq!(first_visit_lang(&["ZH_cn"]), Lang::Zh);
        assert_eq!(first_visit_lang(&["en-US", "zh-CN"]), Lang::En);
        assert_eq!(first_visit_lang(&["fr-FR", "zh-CN"]), Lang::Zh);
        assert_eq!(first_visit_lang(&["fr-FR", "de"]), Lang::En);
        assert_eq!(first_visit_lang::<&str>(&[]), Lang::En);
    }

    #[test]
    fn the_language_switch_names_the_other_language() {
        assert!(!has_cjk(Text::LanguageSwitch.in_lang(Lang::Zh)));
        assert!(has_cjk(Text::LanguageSwitch.in_lang(Lang::En)));
    }

    #[test]
    fn language_codes_round_trip() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(lang.toggled().toggled(), lang);
        }
        assert_eq!(Lang::from_code("fr"), None);
    }
}
