//! Interface language: Simplified Chinese by default, English available.
//! Every visible string goes through [`Text`], so both languages stay complete.

use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// Each visible string, named for its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    AppTitle,
    AppTagline,
    BaifangName,
    BaifangBlurb,
    HexName,
    HexBlurb,
    Back,
    LanguageSwitch,
}

impl Text {
    pub fn in_lang(self, lang: Lang) -> &'static str {
        use Text::*;
        match (self, lang) {
            (AppTitle, Lang::Zh) => "方寸棋苑",
            (AppTitle, Lang::En) => "Square & Hex",
            (AppTagline, Lang::Zh) => "两种玩法，一盘好棋",
            (AppTagline, Lang::En) => "Two games, one board at a time",
            (BaifangName, Lang::Zh) => "摆方 1v1",
            (BaifangName, Lang::En) => "Baifang 1v1",
            (BaifangBlurb, Lang::Zh) => "河南传统双人棋：成方吃一，成洲吃二",
            (BaifangBlurb, Lang::En) => "Henan's stone duel: a square takes one, a line takes two",
            (HexName, Lang::Zh) => "六边一笔",
            (HexName, Lang::En) => "Hex Stroke",
            (HexBlurb, Lang::Zh) => "一笔走遍六边形，墙挡路，数字定步",
            (HexBlurb, Lang::En) => {
                "One stroke through every hex; walls block, numbers pin the step"
            }
            (Back, Lang::Zh) => "返回",
            (Back, Lang::En) => "Back",
            // The switch names the language it switches to.
            (LanguageSwitch, Lang::Zh) => "English",
            (LanguageSwitch, Lang::En) => "中文",
        }
    }
}

const LANG_KEY: &str = "app:lang";

/// Provides the language signal to the tree, restoring the player's last choice.
pub fn provide_lang() -> RwSignal<Lang> {
    let stored = window_storage()
        .and_then(|s| s.get_item(LANG_KEY).ok().flatten())
        .and_then(|code| Lang::from_code(&code));
    let lang = RwSignal::new(stored.unwrap_or(Lang::Zh));
    Effect::new(move |_| {
        let lang = lang.get();
        if let Some(storage) = window_storage() {
            // A full or blocked storage only loses the preference, never the page.
            let _ = storage.set_item(LANG_KEY, lang.code());
        }
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
    });
    provide_context(lang);
    lang
}

pub fn use_lang() -> RwSignal<Lang> {
    expect_context::<RwSignal<Lang>>()
}

/// A reactive closure yielding `text` in the current language.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.in_lang(lang.get())
}

fn window_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Text; 8] = [
        Text::AppTitle,
        Text::AppTagline,
        Text::BaifangName,
        Text::BaifangBlurb,
        Text::HexName,
        Text::HexBlurb,
        Text::Back,
        Text::LanguageSwitch,
    ];

    #[test]
    fn every_text_is_non_empty_in_both_languages() {
        for text in ALL {
            assert!(!text.in_lang(Lang::Zh).is_empty(), "{text:?} zh");
            assert!(!text.in_lang(Lang::En).is_empty(), "{text:?} en");
        }
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
