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
    HexTutorialSlide,
    HexTutorialWall,
    HexContinue,
    HexStart,
    HexAllCleared,
    HexExperimental,
    HexUnlocksAfterTutorial,
    HexPackTutorial,
    HexPackSpinner,
    HexPackRegular,
    HexSettings,
    HexColourBlindWalls,
    HexMenu,
    HexMenuLevels,
    HexMenuHome,
    HexMenuResume,
    HexRestart,
    HexHint,
    HexRemaining,
    HexLocked,
    HexNoLevels,
    HexEditor,
    HexEdit,
    HexCopyLink,
    HexShareBroken,
    HexSharedLevel,
    HexToolCell,
    HexToolWall,
    HexToolClue,
    HexToolSpinner,
    HexUndo,
    HexRedo,
    HexFit,
    HexComputing,
    HexGenerate,
    HexTry,
    HexExport,
    HexImport,
    HexSolutions,
    HexWallsMatter,
    HexDifficulty,
    HexNecessaryWalls,
    HexSpinnerChecks,
    HexShowTwo,
    HexTitle,
    HexCells,
    HexHoles,
    HexWalls,
    HexSpinners,
    HexSeed,
    HexYes,
    HexNo,
    HexUnknownVerdict,
    HexNotApplicable,
    HexInvalidLevel,
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
            (HexTutorialSlide, Lang::Zh) => "从一个数字滑到旁边的格子",
            (HexTutorialSlide, Lang::En) => "Slide from a number to the cell beside it",
            (HexTutorialWall, Lang::Zh) => "条纹是墙，绕开它",
            (HexTutorialWall, Lang::En) => "Stripes are walls: go around them",
            (HexContinue, Lang::Zh) => "继续",
            (HexContinue, Lang::En) => "Continue",
            (HexStart, Lang::Zh) => "开始",
            (HexStart, Lang::En) => "Start",
            (HexAllCleared, Lang::Zh) => "全部通关",
            (HexAllCleared, Lang::En) => "All cleared",
            (HexExperimental, Lang::Zh) => "实验",
            (HexExperimental, Lang::En) => "Experimental",
            (HexUnlocksAfterTutorial, Lang::Zh) => "通关教学后解锁",
            (HexUnlocksAfterTutorial, Lang::En) => "Unlocks after the tutorial",
            (HexPackTutorial, Lang::Zh) => "教学",
            (HexPackTutorial, Lang::En) => "Tutorial",
            (HexPackSpinner, Lang::Zh) => "转墙",
            (HexPackSpinner, Lang::En) => "Spinners",
            (HexPackRegular, Lang::Zh) => "关卡包",
            (HexPackRegular, Lang::En) => "Pack",
            (HexSettings, Lang::Zh) => "设置",
            (HexSettings, Lang::En) => "Settings",
            (HexColourBlindWalls, Lang::Zh) => "色弱友好的墙：粗黑条 + 缺口",
            (HexColourBlindWalls, Lang::En) => "Colour-blind walls: thick black bars with a gap",
            (HexMenu, Lang::Zh) => "菜单",
            (HexMenu, Lang::En) => "Menu",
            (HexMenuLevels, Lang::Zh) => "关卡列表",
            (HexMenuLevels, Lang::En) => "Level list",
            (HexMenuHome, Lang::Zh) => "回到主页",
            (HexMenuHome, Lang::En) => "Back to home",
            (HexMenuResume, Lang::Zh) => "继续本关",
            (HexMenuResume, Lang::En) => "Resume",
            (HexRestart, Lang::Zh) => "重开",
            (HexRestart, Lang::En) => "Restart",
            (HexHint, Lang::Zh) => "提示",
            (HexHint, Lang::En) => "Hint",
            (HexRemaining, Lang::Zh) => "剩余格",
            (HexRemaining, Lang::En) => "Cells left",
            (HexLocked, Lang::Zh) => "未解锁",
            (HexLocked, Lang::En) => "Locked",
            (HexNoLevels, Lang::Zh) => "还没有装入关卡包",
            (HexNoLevels, Lang::En) => "No level packs are bundled yet",
            (HexEditor, Lang::Zh) => "关卡编辑器",
            (HexEditor, Lang::En) => "Level editor",
            (HexEdit, Lang::Zh) => "编辑",
            (HexEdit, Lang::En) => "Edit",
            (HexCopyLink, Lang::Zh) => "复制链接",
            (HexCopyLink, Lang::En) => "Copy link",
            (HexShareBroken, Lang::Zh) => "这个分享链接打不开",
            (HexShareBroken, Lang::En) => "This share link cannot be opened",
            (HexSharedLevel, Lang::Zh) => "分享的关卡",
            (HexSharedLevel, Lang::En) => "Shared level",
            (HexToolCell, Lang::Zh) => "格子",
            (HexToolCell, Lang::En) => "Cells",
            (HexToolWall, Lang::Zh) => "墙",
            (HexToolWall, Lang::En) => "Walls",
            (HexToolClue, Lang::Zh) => "数字",
            (HexToolClue, Lang::En) => "Clues",
            (HexToolSpinner, Lang::Zh) => "转墙",
            (HexToolSpinner, Lang::En) => "Spinners",
            (HexUndo, Lang::Zh) => "撤销",
            (HexUndo, Lang::En) => "Undo",
            (HexRedo, Lang::Zh) => "重做",
            (HexRedo, Lang::En) => "Redo",
            (HexFit, Lang::Zh) => "适应大小",
            (HexFit, Lang::En) => "Zoom to fit",
            (HexComputing, Lang::Zh) => "计算中",
            (HexComputing, Lang::En) => "Computing",
            (HexGenerate, Lang::Zh) => "生成",
            (HexGenerate, Lang::En) => "Generate",
            (HexTry, Lang::Zh) => "试玩",
            (HexTry, Lang::En) => "Try",
            (HexExport, Lang::Zh) => "导出 JSON",
            (HexExport, Lang::En) => "Export JSON",
            (HexImport, Lang::Zh) => "导入 JSON",
            (HexImport, Lang::En) => "Import JSON",
            (HexSolutions, Lang::Zh) => "解",
            (HexSolutions, Lang::En) => "Solutions",
            (HexWallsMatter, Lang::Zh) => "墙有用",
            (HexWallsMatter, Lang::En) => "Walls matter",
            (HexDifficulty, Lang::Zh) => "难度",
            (HexDifficulty, Lang::En) => "Difficulty",
            (HexNecessaryWalls, Lang::Zh) => "必要的墙",
            (HexNecessaryWalls, Lang::En) => "Necessary walls",
            (HexSpinnerChecks, Lang::Zh) => "转墙检查",
            (HexSpinnerChecks, Lang::En) => "Spinner checks",
            (HexShowTwo, Lang::Zh) => "显示两个不同的解",
            (HexShowTwo, Lang::En) => "Show two different solutions",
            (HexTitle, Lang::Zh) => "标题",
            (HexTitle, Lang::En) => "Title",
            (HexCells, Lang::Zh) => "格数",
            (HexCells, Lang::En) => "Cells",
            (HexHoles, Lang::Zh) => "洞",
            (HexHoles, Lang::En) => "Holes",
            (HexWalls, Lang::Zh) => "墙数",
            (HexWalls, Lang::En) => "Walls",
            (HexSpinners, Lang::Zh) => "转墙数",
            (HexSpinners, Lang::En) => "Spinners",
            (HexSeed, Lang::Zh) => "种子",
            (HexSeed, Lang::En) => "Seed",
            (HexYes, Lang::Zh) => "是",
            (HexYes, Lang::En) => "yes",
            (HexNo, Lang::Zh) => "否",
            (HexNo, Lang::En) => "no",
            (HexUnknownVerdict, Lang::Zh) => "未知",
            (HexUnknownVerdict, Lang::En) => "unknown",
            (HexNotApplicable, Lang::Zh) => "不适用",
            (HexNotApplicable, Lang::En) => "n/a",
            (HexInvalidLevel, Lang::Zh) => "关卡还不成立",
            (HexInvalidLevel, Lang::En) => "The level is not valid yet",
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

    const ALL: [Text; 63] = [
        Text::AppTitle,
        Text::AppTagline,
        Text::BaifangName,
        Text::BaifangBlurb,
        Text::HexName,
        Text::HexBlurb,
        Text::Back,
        Text::LanguageSwitch,
        Text::HexTutorialSlide,
        Text::HexTutorialWall,
        Text::HexContinue,
        Text::HexStart,
        Text::HexAllCleared,
        Text::HexExperimental,
        Text::HexUnlocksAfterTutorial,
        Text::HexPackTutorial,
        Text::HexPackSpinner,
        Text::HexPackRegular,
        Text::HexSettings,
        Text::HexColourBlindWalls,
        Text::HexMenu,
        Text::HexMenuLevels,
        Text::HexMenuHome,
        Text::HexMenuResume,
        Text::HexRestart,
        Text::HexHint,
        Text::HexRemaining,
        Text::HexLocked,
        Text::HexNoLevels,
        Text::HexEditor,
        Text::HexEdit,
        Text::HexCopyLink,
        Text::HexShareBroken,
        Text::HexSharedLevel,
        Text::HexToolCell,
        Text::HexToolWall,
        Text::HexToolClue,
        Text::HexToolSpinner,
        Text::HexUndo,
        Text::HexRedo,
        Text::HexFit,
        Text::HexComputing,
        Text::HexGenerate,
        Text::HexTry,
        Text::HexExport,
        Text::HexImport,
        Text::HexSolutions,
        Text::HexWallsMatter,
        Text::HexDifficulty,
        Text::HexNecessaryWalls,
        Text::HexSpinnerChecks,
        Text::HexShowTwo,
        Text::HexTitle,
        Text::HexCells,
        Text::HexHoles,
        Text::HexWalls,
        Text::HexSpinners,
        Text::HexSeed,
        Text::HexYes,
        Text::HexNo,
        Text::HexUnknownVerdict,
        Text::HexNotApplicable,
        Text::HexInvalidLevel,
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
