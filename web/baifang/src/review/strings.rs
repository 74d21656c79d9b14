//! Every visible string of the review screen and of a broken game link, in
//! both interface languages.

use engine::baifang::ai::analysis::{ExactTurn, TurnClass, Verdict};
use engine::baifang::game_file::FileError;
use engine::baifang::game_link::{Flaw, LinkError};
use engine::baifang::tables::Outcome;

use web_core::i18n::{translations, Lang};

translations! {
    /// Fixed texts of the review screen.
    ReviewText {
        Review => ("复盘", "Review"),
        First => ("第一步", "First"),
        Previous => ("上一步", "Previous"),
        Next => ("下一步", "Next"),
        Last => ("最后一步", "Last"),
        Ply => ("对局进度（第几步）", "Position in the game (ply)"),
        Start => ("开局", "Start"),
        Share => ("分享对局链接", "Share game link"),
        Copy => ("复制", "Copy"),
        Analyse => ("分析对局", "Analyse the game"),
        Cancel => ("取消分析", "Cancel analysis"),
        Analysing => ("分析中", "Analysing"),
        AnalysisDone => ("分析完成", "Analysis complete"),
        AnalysisCancelled => ("分析已取消", "Analysis cancelled"),
        PlayHotSeat => ("从此处续下（双人）", "Play on from here (two players)"),
        PlayAi => ("从此处对战 AI", "Play on from here against the AI"),
        BestHere => ("AI 推荐", "Engine's choice"),
        Captured => ("吃子", "Capture"),
        BrokenLink => ("对局链接无法打开", "This game link cannot be opened"),
        Home => ("回到主页", "Home"),
        Lobby => ("摆方大厅", "Baifang lobby"),
        Moves => ("着法", "Moves"),
        RecentGames => ("最近对局", "Recent games"),
        Wins => ("胜", "wins"),
        ModeHotSeat => ("双人对战", "Two players"),
        ModeAi => ("人机对战", "Against the AI"),
        ModeOnline => ("联机对战", "Online"),
        Export => ("导出 JSON", "Export JSON"),
        Import => ("导入对局", "Import a game"),
        ImportHint => ("粘贴对局 JSON 或对局链接", "Paste a game JSON or a game link"),
        ImportFile => ("或选择 JSON 文件：", "Or pick a JSON file:"),
    }
}

/// The class of a turn, as the move list and the board caption name it.
pub fn class_words(class: TurnClass, lang: Lang) -> &'static str {
    match (class, lang) {
        (TurnClass::Best, Lang::Zh) => "最佳",
        (TurnClass::Good, Lang::Zh) => "好棋",
        (TurnClass::Inaccuracy, Lang::Zh) => "欠准",
        (TurnClass::Mistake, Lang::Zh) => "错着",
        (TurnClass::Blunder, Lang::Zh) => "大错",
        (TurnClass::Best, Lang::En) => "Best",
        (TurnClass::Good, Lang::En) => "Good",
        (TurnClass::Inaccuracy, Lang::En) => "Inaccuracy",
        (TurnClass::Mistake, Lang::En) => "Mistake",
        (TurnClass::Blunder, Lang::En) => "Blunder",
    }
}

/// An exact value as the review says it: "won in 17", "lost in 12", "no forced result".
pub fn outcome_words(outcome: Outcome, lang: Lang) -> String {
    match (outcome, lang) {
        (Outcome::Win(d), Lang::Zh) => format!("{d} 步内必胜"),
        (Outcome::Win(d), Lang::En) => format!("won in {d}"),
        (Outcome::Loss(d), Lang::Zh) => format!("{d} 步后必败"),
        (Outcome::Loss(d), Lang::En) => format!("lost in {d}"),
        (Outcome::NoResult, Lang::Zh) => "无强制结果".into(),
        (Outcome::NoResult, Lang::En) => "no forced result".into(),
    }
}

/// The position's exact value for `side` to move, named as the tables' word.
pub fn exact_position_words(side: &str, outcome: Outcome, lang: Lang) -> String {
    let value = outcome_words(outcome, lang);
    match lang {
        Lang::Zh => format!("{side}走：{value}（残局库，精确）"),
        Lang::En => format!("{side} to move: {value} (endgame table, exact)"),
    }
}

/// What a turn did to the exact value, when that is worth a sentence (not for a
/// turn that kept it).
pub fn verdict_words(exact: ExactTurn, lang: Lang) -> Option<String> {
    let (before, after) = (
        outcome_words(exact.before, lang),
        outcome_words(exact.after, lang),
    );
    Some(match (exact.verdict, lang) {
        (Verdict::Kept, _) => return None,
        (Verdict::ThrewWin, Lang::Zh) => format!("错失必胜：走前{before}，走后{after}。"),
        (Verdict::ThrewWin, Lang::En) => {
            format!("Threw the win away: {before} before this turn, {after} after it.")
        }
        (Verdict::LetSlip, Lang::Zh) => format!("本可守住（无强制结果），走后{after}。"),
        (Verdict::LetSlip, Lang::En) => {
            format!("Let a held position slip: no forced result before, {after} after it.")
        }
        (Verdict::Slower, Lang::Zh) => format!("结果未变但不是最快：走前{before}，走后{after}。"),
        (Verdict::Slower, Lang::En) => {
            format!("Kept the result, not by the quickest way: {before} before, {after} after.")
        }
    })
}

/// The sentence for a game link that cannot be read: what is wrong with it.
pub fn link_error_words(error: &LinkError, lang: Lang) -> String {
    match (error, lang) {
        (LinkError::Empty, Lang::Zh) => "链接里没有对局代码。".into(),
        (LinkError::Empty, Lang::En) => "The link holds no game code.".into(),
        (LinkError::BadCharacter { position, character }, Lang::Zh) => {
            format!("对局代码第 {} 个字符“{character}”无效。", position + 1)
        }
        (LinkError::BadCharacter { position, character }, Lang::En) => format!(
            "The game code has an invalid character “{character}” at position {}.",
            position + 1
        ),
        (LinkError::UnknownVersion(v), Lang::Zh) => {
            format!("对局代码是第 {v} 版，本应用无法读取；可能来自更新的版本。")
        }
        (LinkError::UnknownVersion(v), Lang::En) => format!(
            "The game code is version {v}, which this app cannot read; it may come from a newer app."
        ),
        (LinkError::Truncated, Lang::Zh) => "对局代码不完整（被截断了）。".into(),
        (LinkError::Truncated, Lang::En) => "The game code is incomplete (cut off).".into(),
        (LinkError::Altered, Lang::Zh) => "对局代码已损坏：校验和不符（被改动或抄错）。".into(),
        (LinkError::Altered, Lang::En) => {
            "The game code is damaged: its checksum does not match (altered or mistyped).".into()
        }
        (LinkError::Malformed(flaw), lang) => flaw_words(flaw, lang),
        (LinkError::Illegal { index, .. }, Lang::Zh) => {
            format!("对局代码的第 {} 步不合规则。", index + 1)
        }
        (LinkError::Illegal { index, .. }, Lang::En) => {
            format!("Action {} of the game breaks the rules.", index + 1)
        }
    }
}

/// The sentence for a game file that cannot be read: what is wrong with it.
pub fn file_error_words(error: &FileError, lang: Lang) -> String {
    match (error, lang) {
        (FileError::Empty, Lang::Zh) => "没有内容：请粘贴对局 JSON 或选择文件。".into(),
        (FileError::Empty, Lang::En) => {
            "There is nothing to import: paste a game JSON or pick a file.".into()
        }
        (FileError::NotJson { line, column }, Lang::Zh) => {
            format!("这不是有效的 JSON（第 {line} 行第 {column} 列出错）。")
        }
        (FileError::NotJson { line, column }, Lang::En) => {
            format!("This is not valid JSON (error at line {line}, column {column}).")
        }
        (FileError::NotAList, Lang::Zh) => "这个 JSON 不是动作列表（应以 [ 开头）。".into(),
        (FileError::NotAList, Lang::En) => {
            "This JSON is not a list of actions (it should start with [).".into()
        }
        (FileError::NotAnAction { index }, Lang::Zh) => {
            format!("列表的第 {} 项不是动作对象。", index + 1)
        }
        (FileError::NotAnAction { index }, Lang::En) => {
            format!("Entry {} of the list is not an action object.", index + 1)
        }
        (FileError::Illegal { index, .. }, Lang::Zh) => {
            format!("第 {} 个动作不合规则。", index + 1)
        }
        (FileError::Illegal { index, .. }, Lang::En) => {
            format!("Action {} of the file breaks the rules.", index + 1)
        }
    }
}

fn flaw_words(flaw: &Flaw, lang: Lang) -> String {
    match (flaw, lang) {
        (Flaw::Label, Lang::Zh) => "对局代码里的玩家名无效。".into(),
        (Flaw::Label, Lang::En) => "A player name in the game code is invalid.".into(),
        (Flaw::UnknownAction { index }, Lang::Zh) => {
            format!("对局代码的第 {} 步不是任何动作。", index + 1)
        }
        (Flaw::UnknownAction { index }, Lang::En) => {
            format!("Action {} of the game code is no action at all.", index + 1)
        }
        (Flaw::StepOffBoard { index }, Lang::Zh) => {
            format!("对局代码的第 {} 步走出了棋盘。", index + 1)
        }
        (Flaw::StepOffBoard { index }, Lang::En) => {
            format!("Action {} of the game code steps off the board.", index + 1)
        }
        (Flaw::Length | Flaw::TrailingBytes, Lang::Zh) => "对局代码的长度不对。".into(),
        (Flaw::Length | Flaw::TrailingBytes, Lang::En) => {
            "The game code has the wrong length.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::RuleError;
    use web_core::i18n::has_cjk;

    #[test]
    fn every_text_is_translated() {
        let faults = web_core::i18n::translation_faults(ReviewText::ALL, &[], &[]);
        assert_eq!(faults, Vec::<String>::new());
    }

    #[test]
    fn every_link_error_reads_in_both_languages() {
        let errors = [
            LinkError::Empty,
            LinkError::BadCharacter {
                position: 3,
                character: '!',
            },
            LinkError::UnknownVersion(7),
            LinkError::Truncated,
            LinkError::Altered,
            LinkError::Malformed(Flaw::Label),
            LinkError::Malformed(Flaw::UnknownAction { index: 2 }),
            LinkError::Malformed(Flaw::StepOffBoard { index: 2 }),
            LinkError::Malformed(Flaw::Length),
            LinkError::Malformed(Flaw::TrailingBytes),
            LinkError::Illegal {
                index: 4,
                error: RuleError::Occupied { at: 3 },
            },
        ];
        for e in &errors {
            let (zh, en) = (link_error_words(e, Lang::Zh), link_error_words(e, Lang::En));
            assert!(has_cjk(&zh) && !has_cjk(&en), "{e:?}: {zh} / {en}");
        }
        assert!(link_error_words(&errors[1], Lang::En).contains("position 4"));
    }

    #[test]
    fn every_file_error_reads_in_both_languages() {
        let errors = [
            FileError::Empty,
            FileError::NotJson { line: 2, column: 5 },
            FileError::NotAList,
            FileError::NotAnAction { index: 0 },
            FileError::Illegal {
                index: 1,
                error: RuleError::Occupied { at: 3 }.into(),
            },
        ];
        for e in &errors {
            let (zh, en) = (file_error_words(e, Lang::Zh), file_error_words(e, Lang::En));
            assert!(has_cjk(&zh) && !has_cjk(&en), "{e:?}: {zh} / {en}");
        }
        assert!(file_error_words(&errors[1], Lang::En).contains("line 2, column 5"));
    }

    #[test]
    fn exact_values_and_verdicts_read_in_both_languages() {
        let turn = |before, after, verdict| ExactTurn {
            before,
            after,
            verdict,
        };
        assert_eq!(outcome_words(Outcome::Win(17), Lang::En), "won in 17");
        assert_eq!(outcome_words(Outcome::Loss(12), Lang::En), "lost in 12");
        assert_eq!(
            outcome_words(Outcome::NoResult, Lang::En),
            "no forced result"
        );
        let thrown = turn(Outcome::Win(8), Outcome::NoResult, Verdict::ThrewWin);
        assert_eq!(
            verdict_words(thrown, Lang::En).unwrap(),
            "Threw the win away: won in 8 before this turn, no forced result after it."
        );
        let kept = turn(Outcome::Win(8), Outcome::Win(8), Verdict::Kept);
        assert_eq!(verdict_words(kept, Lang::En), None);
        for t in [
            thrown,
            turn(Outcome::NoResult, Outcome::Loss(9), Verdict::LetSlip),
            turn(Outcome::Win(6), Outcome::Win(10), Verdict::Slower),
        ] {
            let (zh, en) = (
                verdict_words(t, Lang::Zh).unwrap(),
                verdict_words(t, Lang::En).unwrap(),
            );
            assert!(has_cjk(&zh) && !has_cjk(&en), "{zh} / {en}");
        }
        assert!(has_cjk(&exact_position_words(
            "蓝方",
            Outcome::Win(3),
            Lang::Zh
        )));
    }

    #[test]
    fn every_class_has_distinct_words() {
        let all = [
            TurnClass::Best,
            TurnClass::Good,
            TurnClass::Inaccuracy,
            TurnClass::Mistake,
            TurnClass::Blunder,
        ];
        for lang in [Lang::Zh, Lang::En] {
            let words: Vec<_> = all.iter().map(|&c| class_words(c, lang)).collect();
            for (i, w) in words.iter().enumerate() {
                assert!(!words[..i].contains(w));
            }
        }
    }
}
