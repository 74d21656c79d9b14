//! Interface language: Simplified Chinese by default, English available. The
//! shell's and Hex Stroke's words are [`Text`] (Baifang's are in
//! `baifang::strings`), each declared in both languages at once.

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

/// Declares a text enum from one table: each role with its Chinese and English
/// words, an `ALL` list of every role, and `in_lang`.
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
    };
}
pub(crate) use translations;

translations! {
    /// Each string of the shell and of Hex Stroke, named for its role.
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
        /// The bar shown while a newly deployed build waits; its click switches to it.
        UpdateReady => ("新版本已就绪 — 重新载入", "New version available — reload"),
        /// Shown while a game's module downloads (the first time it is opened).
        ModeLoading => ("正在载入…", "Loading…"),
        ModeLoadFailed => ("载入失败，请检查网络后重试。", "The game could not be loaded. Check the connection and try again."),
        ModeRetry => ("重试", "Try again"),
        HexTutorialSlide => ("从一个数字滑到旁边的格子", "Slide from a number to the cell beside it"),
        HexTutorialWall => ("条纹是墙，绕开它", "Stripes are walls: go around them"),
        HexContinue => ("继续", "Continue"),
        HexStart => ("开始", "Start"),
        HexAllCleared => ("全部通关", "All cleared"),
        HexExperimental => ("实验", "Experimental"),
        HexUnlocksAfterMainLine => ("通关主线后解锁", "Unlocks after the main line"),
        HexPackTutorial => ("教学", "Tutorial"),
        HexPackSpinner => ("转墙", "Spinners"),
        HexPackRegular => ("关卡包", "Pack"),
        HexSettings => ("设置", "Settings"),
        HexColourBlindWalls => ("色弱友好的墙：粗黑条 + 缺口", "Colour-blind walls: thick black bars with a gap"),
        HexMenu => ("菜单", "Menu"),
        HexMenuLevels => ("关卡列表", "Level list"),
        HexMenuHome => ("回到主页", "Back to home"),
        HexMenuResume => ("继续本关", "Resume"),
        HexRestart => ("重开", "Restart"),
        HexHint => ("提示", "Hint"),
        HexRemaining => ("剩余格", "Cells left"),
        HexLocked => ("未解锁", "Locked"),
        HexNoLevels => ("还没有装入关卡包", "No level packs are bundled yet"),
        HexEditor => ("关卡编辑器", "Level editor"),
        HexEdit => ("编辑", "Edit"),
        HexCopyLink => ("复制链接", "Copy link"),
        HexShareBroken => ("这个分享链接打不开", "This share link cannot be opened"),
        HexSharedLevel => ("分享的关卡", "Shared level"),
        HexToolCell => ("格子", "Cells"),
        HexToolWall => ("墙", "Walls"),
        HexToolClue => ("数字", "Clues"),
        HexToolSpinner => ("转墙", "Spinners"),
        HexUndo => ("撤销", "Undo"),
        HexRedo => ("重做", "Redo"),
        HexFit => ("适应大小", "Zoom to fit"),
        HexComputing => ("计算中", "Computing"),
        HexGenerate => ("生成", "Generate"),
        HexTry => ("试玩", "Try"),
        HexExport => ("导出 JSON", "Export JSON"),
        HexImport => ("导入 JSON", "Import JSON"),
        HexSolutions => ("解", "Solutions"),
        HexWallsMatter => ("墙有用", "Walls matter"),
        HexDifficulty => ("难度", "Difficulty"),
        HexNecessaryWalls => ("必要的墙", "Necessary walls"),
        HexSpinnerChecks => ("转墙检查", "Spinner checks"),
        HexShowTwo => ("显示两个不同的解", "Show two different solutions"),
        HexShowStuck => ("显示推理卡住的盘面", "Show where reasoning gets stuck"),
        HexTitle => ("标题", "Title"),
        HexCells => ("格数", "Cells"),
        HexHoles => ("洞", "Holes"),
        HexWalls => ("墙数", "Walls"),
        HexSpinners => ("转墙数", "Spinners"),
        HexSeed => ("种子", "Seed"),
        HexYes => ("是", "yes"),
        HexNo => ("否", "no"),
        HexUnknownVerdict => ("未知", "unknown"),
        HexNotApplicable => ("不适用", "n/a"),
        HexInvalidLevel => ("关卡还不成立", "The level is not valid yet"),
        /// Editor status: after the search's node count.
        HexSearchNodes => ("个搜索节点", "nodes"),
        HexCheckerStopped => ("检查程序出错了，请重新打开编辑器", "The checker stopped working; reopen the editor"),
        HexPackHasNoLevels => ("这个关卡包里没有关卡", "The pack has no levels"),
        /// Editor status: the deduction solver's verdict, followed by the tier number.
        HexReasoning => ("推理", "Reasoning"),
        HexSolvableByReasoning => ("不用猜就能解，推理层级：", "solvable by reasoning: tier"),
        HexNeedsGuessing => ("需要猜测，推理卡住的步数：", "needs guessing at step"),
        HexReasoningContradiction => ("推理发现线索与墙互相矛盾", "reasoning finds the clues and walls contradictory"),
        /// Teaching hints: one line per deduction technique, naming what the ringed
        /// cells show.
        HexTechOneOpen => ("这一格只剩一条边能走：它是路的一端，从这条边出去", "This cell has only one open side: it is an end of the path and leaves through that side"),
        HexTechTwoOpen => ("这一格只剩两条边能走：路两条都要用", "This cell has only two open sides: the path uses both"),
        HexTechFull => ("这一格已经连满：其他边都用不上了", "This cell is already full: its other sides are closed"),
        HexTechConsecutive => ("相连的数字必须挨着：前一步和后一步就在旁边", "Consecutive numbers are neighbours: the steps before and after sit beside it"),
        HexTechOnePlace => ("这个数字只剩一个格子能放", "Only one cell can still hold this number"),
        HexTechSpinner => ("数拍子：转墙在那一步正好挡在这条边上", "Count the beats: the spinner stands on this side at that step"),
        HexTechDistance => ("太远了：离已知的数字步数不够", "Too far: a known number cannot be reached in time from here"),
        HexTechRegion => ("走这条边会把一片格子隔开，再也走不到", "Using this side would cut off cells the path could never reach"),
        HexTechArticulation => ("咽喉格：路必须在两半之间经过这里", "A neck cell: the path passes through it between the two halves"),
        HexTechLookahead => ("往前试一步就走进死路，所以只能这样走", "Trying the other way leads to a dead end, so it must be this way"),
        /// Screen-reader words for boards and cells; `{}` stands for a number or name.
        HexBoardName => ("六边形棋盘", "Hex board"),
        HexBoardKeys => ("六边形棋盘：方向键选起点，回车开始；方向键或 Q W E D S A 延长路径，退格撤销一步", "Hex board: arrows choose the start, Enter starts; arrows or Q W E D S A extend the path, Backspace takes a step back"),
        HexEditorBoardKeys => ("编辑盘面：方向键移动焦点（加 Shift 走另一条斜线）；空格或回车在格子和洞之间切换；Q W E D S A 切换那一边的墙；数字键 1 到 9 写数字（1 是起点），C 写工具栏里的数字，退格或删除键清除数字；Ctrl+Z 撤销，Ctrl+Y 重做", "Editor board: arrows move the focus (Shift for the other diagonal); Space or Enter switches between cell and hole; Q W E D S A toggle the wall on that side; digits 1 to 9 set a clue (1 is the start), C sets the toolbar's clue number, Backspace or Delete clears the clue; Ctrl+Z undoes, Ctrl+Y redoes"),
        HexCellAt => ("位置 q {}，r {}", "position q {}, r {}"),
        HexCellNamed => ("格 {}", "cell {}"),
        HexCellHole => ("洞", "hole"),
        HexCellClue => ("数字 {}", "clue {}"),
        HexCellStep => ("第 {} 步", "step {}"),
        HexCellWalls => ("墙在{}", "wall to the {}"),
        HexDirEast => ("东", "east"),
        HexDirSouthEast => ("东南", "south-east"),
        HexDirSouthWest => ("西南", "south-west"),
        HexDirWest => ("西", "west"),
        HexDirNorthWest => ("西北", "north-west"),
        HexDirNorthEast => ("东北", "north-east"),
        /// Between the parts of a cell's description, and between list items.
        HexWordsSeparator => ("，", ", "),
        HexListSeparator => ("、", ", "),
    }
}

const LANG_KEY: &str = "app:lang";

/// Provides the language signal to the tree, restoring the player's last choice.
///
/// The shell and a game module each have one; a switch on either side is announced
/// ([`crate::page_events::LANG_EVENT`]) and followed by the other.
pub fn provide_lang() -> RwSignal<Lang> {
    let stored = storage::read(LANG_KEY).and_then(|code| Lang::from_code(&code));
    let lang = RwSignal::new(stored.unwrap_or(Lang::Zh));
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

/// A reactive closure yielding `text` in the current language.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.in_lang(lang.get())
}

/// Whether `s` holds a CJK ideograph or CJK punctuation (the tests tell the two
/// languages apart by it).
#[cfg(test)]
pub(crate) fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| {
        matches!(c, '\u{3000}'..='\u{303f}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_translated_into_english() {
        assert!(Text::ALL.len() > 50);
        for &text in Text::ALL {
            let (zh, en) = (text.in_lang(Lang::Zh), text.in_lang(Lang::En));
            assert!(
                !zh.trim().is_empty() && !en.trim().is_empty(),
                "{text:?} is empty"
            );
            assert_ne!(zh, en, "{text:?} is not translated");
            // The language switch names the language it switches to.
            if text != Text::LanguageSwitch {
                assert!(
                    has_cjk(zh),
                    "{text:?}: the Chinese text {zh:?} has no Chinese"
                );
                assert!(
                    !has_cjk(en),
                    "{text:?}: the English text {en:?} has Chinese"
                );
            }
        }
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
