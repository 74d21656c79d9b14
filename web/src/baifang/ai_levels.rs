//! The AI levels offered in the lobby. Placeholder names until the engine's level
//! table lands; `id` indexes the engine's table.

use crate::i18n::Lang;

pub struct AiLevel {
    pub id: u8,
    pub key: &'static str,
    zh: &'static str,
    en: &'static str,
}

impl AiLevel {
    pub fn name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

pub const AI_LEVELS: [AiLevel; 4] = [
    AiLevel {
        id: 0,
        key: "beginner",
        zh: "入门",
        en: "Beginner",
    },
    AiLevel {
        id: 1,
        key: "medium",
        zh: "中等",
        en: "Medium",
    },
    AiLevel {
        id: 2,
        key: "hard",
        zh: "困难",
        en: "Hard",
    },
    AiLevel {
        id: 3,
        key: "master",
        zh: "大师",
        en: "Master",
    },
];
