//! Every visible Hex Stroke string in both interface languages, named for its role.

use web_core::translations;

translations! {
    /// Each string of Hex Stroke's screens.
    Text {
        HexTutorialSlide => ("从一个数字滑到旁边的格子", "Slide from a number to the cell beside it"),
        HexTutorialWall => ("条纹是墙，绕开它", "Stripes are walls: go around them"),
        HexContinue => ("继续", "Continue"),
        HexStart => ("开始", "Start"),
        HexAllCleared => ("全部通关", "All cleared"),
        HexExperimental => ("实验", "Experimental"),
        HexUnlocksAfterMainLine => ("通关主线后解锁", "Unlocks after the main line"),
        HexUnlocksAfterBranch => ("通关转墙关卡包后解锁", "Unlocks after the spinner pack"),
        HexPackTutorial => ("教学", "Tutorial"),
        HexPackSpinner => ("转墙", "Spinners"),
        HexPackRegular => ("关卡包", "Pack"),
        HexSettings => ("设置", "Settings"),
        HexColourBlindWalls => ("色弱友好的墙：粗黑条 + 缺口", "Colour-blind walls: thick black bars with a gap"),
        HexMenu => ("菜单", "Menu"),
        HexMenuLevels => ("关卡列表", "Level list"),
        HexMenuResume => ("继续本关", "Resume"),
        HexRestart => ("重开", "Restart"),
        HexHint => ("提示", "Hint"),
        HexRemaining => ("剩余格", "Cells left"),
        HexLocked => ("未解锁", "Locked"),
        /// What opens a locked level, said when it is tapped; `{}` is a level's name.
        HexLockedAfterLevel => ("{} 未解锁：先通过 {}", "{} is locked: clear {} first"),
        HexLockedAfterMainLine => ("{} 未解锁：先通关主线", "{} is locked: clear the main line first"),
        HexLockedAfterBranch => ("{} 未解锁：先通关转墙关卡包", "{} is locked: clear the spinner pack first"),
        /// The solved card.
        HexSolved => ("通关！", "Solved!"),
        HexHintsUsed => ("提示", "Hints"),
        HexNewBest => ("新纪录", "New best"),
        HexNext => ("下一关", "Next"),
        HexAgain => ("再来一次", "Again"),
        HexNoLevels => ("还没有装入关卡包", "No level packs are bundled yet"),
        HexEditor => ("关卡编辑器", "Level editor"),
        HexEdit => ("编辑", "Edit"),
        HexCopyLink => ("复制链接", "Copy link"),
        HexDaily => ("每日一题", "Daily puzzle"),
        HexDailyShare => ("分享成绩", "Share result"),
        HexDailyTime => ("用时", "Time"),
        HexBestTime => ("最佳", "Best"),
        HexDailyPast => ("往期题目（不计入连续天数）", "Past days (not counted in the streak)"),
        HexDailyMaking => ("正在生成…", "Making it…"),
        HexDailyFailed => ("今天的题目没能生成", "Today's puzzle could not be made"),
        HexDailyUndos => ("撤回", "Undos"),
        HexDailyBack => ("返回关卡列表", "Back to levels"),
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
        HexWeekdayLetters => ("一二三四五六日", "MTWTFSS"),
        HexMonthBefore => ("上个月", "Previous month"),
        HexMonthAfter => ("下个月", "Next month"),
        HexSharedPack => ("分享的关卡包", "Shared pack"),
        HexSharedPacks => ("收到的关卡包", "Packs from links"),
        HexLevelsCount => ("关", "levels"),
        HexClearedCount => ("已通", "cleared"),
        HexPackCollection => ("关卡包", "Pack"),
        HexPackName => ("关卡包名字", "Pack name"),
        HexPackAdd => ("加入关卡包", "Add to pack"),
        HexPackCopyLink => ("复制关卡包链接", "Copy pack link"),
        HexPackExport => ("导出关卡包 JSON", "Export pack JSON"),
        HexPackImport => ("导入关卡包", "Import a pack"),
        HexPackImportHint => ("粘贴关卡包链接、分享码或 JSON", "Paste a pack link, code or JSON"),
        HexPackTry => ("试玩关卡包", "Play the pack"),
        HexPackEmpty => ("还没有关卡：画好一关，点「加入关卡包」", "No levels yet: draw one and press Add to pack"),
        HexMoveUp => ("上移", "Move up"),
        HexMoveDown => ("下移", "Move down"),
        HexRemove => ("移除", "Remove"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use web_core::i18n::translation_faults;

    #[test]
    fn every_text_is_translated_into_english() {
        assert!(Text::ALL.len() > 50);
        assert_eq!(
            translation_faults(Text::ALL, &[], &[]),
            Vec::<String>::new()
        );
    }
}
