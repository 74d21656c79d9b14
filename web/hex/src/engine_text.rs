//! The page's wording, in both interface languages, for the codes the engine
//! returns about Hex Stroke levels (level problems, content checks, the generator,
//! share codes): the engine never words a message a player reads.

use engine::hex::checks::CheckProblem;
use engine::hex::generator::GenError;
use engine::hex::level_file::LevelError;
use engine::hex::pack_code::{EncodeError, PackError, PackFault, MAX_LEVELS, MAX_TITLE_CHARS};
use engine::hex::problem::Document;
use engine::hex::share::{ShareError, ShareFault, ShareList};
use engine::hex::LevelProblem;
use web_core::i18n::Lang;

use crate::context::LinkError;
use web_core::json_text::{json_error, pick};

/// One problem of a level.
pub fn level_problem(p: &LevelProblem, lang: Lang) -> String {
    use LevelProblem::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match p {
        BadJson { document, error } => {
            let what = match (document, lang) {
                (Document::Level, Lang::Zh) => "关卡 JSON 读不出来",
                (Document::Pack, Lang::Zh) => "关卡包 JSON 读不出来",
                (Document::Any, Lang::Zh) => "JSON 读不出来",
                (Document::Level, Lang::En) => "not a valid level JSON",
                (Document::Pack, Lang::En) => "not a valid pack JSON",
                (Document::Any, Lang::En) => "not valid JSON",
            };
            format!("{what}: {}", json_error(error, lang))
        }
        EmptyLevelId => s("关卡编号为空".into(), "the level id is empty".into()),
        Orientation { given } => s(
            format!("朝向是「{given}」，只支持 pointy（尖顶）"),
            format!("orientation is \"{given}\"; only \"pointy\" is supported"),
        ),
        NoCells => s("关卡还没有格子".into(), "the level has no cells yet".into()),
        TooManyCells { cells, max } => s(
            format!("关卡有 {cells} 格，超过上限 {max} 格"),
            format!("the level has {cells} cells, more than the limit of {max}"),
        ),
        EmptyCellId { ordinal } => s(
            format!("第 {ordinal} 个格子没有编号"),
            format!("cell #{ordinal} has an empty id"),
        ),
        DuplicateCellId { id, first, second } => s(
            format!("格子编号「{id}」用了两次（第 {first} 和第 {second} 个格子）"),
            format!("cell id \"{id}\" is used twice (cells #{first} and #{second})"),
        ),
        SharedPosition { first, second, q, r } => s(
            format!("格子「{first}」和「{second}」在同一位置（q={q}, r={r}）"),
            format!("cells \"{first}\" and \"{second}\" both sit at (q={q}, r={r})"),
        ),
        ClueOutOfRange { cell, clue, cells } => s(
            format!("格子「{cell}」的数字 {clue} 超出 1 到 {cells}（棋盘共 {cells} 格）"),
            format!("cell \"{cell}\" has clue {clue}, outside 1 to {cells} (the board has {cells} cells)"),
        ),
        DuplicateClue { clue, first, second } => s(
            format!("数字 {clue} 出现两次（格子「{first}」和「{second}」），数字不能重复"),
            format!("clue {clue} appears twice (cells \"{first}\" and \"{second}\"); clues must differ"),
        ),
        WallUnknownCell { a, b, name } => s(
            format!("墙 [「{a}」,「{b}」] 提到不存在的格子「{name}」"),
            format!("the wall [\"{a}\", \"{b}\"] names unknown cell \"{name}\""),
        ),
        WallCellMissing { ordinal } => s(
            format!("有一堵墙提到第 {ordinal} 个格子，它不存在"),
            format!("a wall names cell #{ordinal}, which does not exist"),
        ),
        WallToItself { cell } => s(
            format!("有一堵墙把格子「{cell}」连到它自己"),
            format!("a wall joins cell \"{cell}\" to itself"),
        ),
        WallNotAdjacent { a, b } => s(
            format!("格子「{a}」和「{b}」不相邻，它们之间不能有墙"),
            format!("cells \"{a}\" and \"{b}\" are not neighbours, so no wall can stand between them"),
        ),
        WallTwice { a, b } => s(
            format!("格子「{a}」和「{b}」之间的墙写了两次"),
            format!("the wall between \"{a}\" and \"{b}\" is listed twice"),
        ),
        SpinnerUnknownCell { name } => s(
            format!("有一个转墙提到不存在的格子「{name}」"),
            format!("a spinner names unknown cell \"{name}\""),
        ),
        SpinnerCellMissing { ordinal } => s(
            format!("有一个转墙提到第 {ordinal} 个格子，它不存在"),
            format!("a spinner names cell #{ordinal}, which does not exist"),
        ),
        SpinnerCorner { cell, corner } => s(
            format!("格子「{cell}」上转墙的角 {corner} 超出 0 到 5"),
            format!("the spinner on cell \"{cell}\" has corner {corner}, outside 0 to 5"),
        ),
        SpinnerPhase { cell, corner, phase } => s(
            format!("格子「{cell}」角 {corner} 的转墙相位 {phase} 超出 0 到 2"),
            format!("the spinner on cell \"{cell}\" corner {corner} has phase {phase}, outside 0 to 2"),
        ),
        SpinnerFewCandidates { cell, corner, on_board } => s(
            format!("格子「{cell}」角 {corner} 的转墙只有 {on_board} 个位置在棋盘上，至少需要两个"),
            format!("the spinner on cell \"{cell}\" corner {corner} has {on_board} position(s) on the board; it needs at least two"),
        ),
        SpinnerOnWall { cell, corner, a, b } => s(
            format!("格子「{cell}」角 {corner} 的转墙与「{a}」和「{b}」之间的墙重叠"),
            format!("the spinner on cell \"{cell}\" corner {corner} overlaps the wall between \"{a}\" and \"{b}\""),
        ),
        SpinnersShareVertex { cell, corner, other_cell, other_corner } => s(
            format!("两个转墙在同一个顶点上（格子「{cell}」角 {corner} 与格子「{other_cell}」角 {other_corner}）"),
            format!("two spinners share a vertex (cell \"{cell}\" corner {corner} and cell \"{other_cell}\" corner {other_corner})"),
        ),
        DuplicateLevelId { id, pack } => s(
            format!("关卡编号「{id}」在第 {pack} 包里用了两次"),
            format!("level id \"{id}\" is used twice in pack {pack}"),
        ),
        PackMismatch { says, pack } => s(
            format!("关卡写的是第 {says} 包，却放在第 {pack} 包里"),
            format!("the level says pack {says} but sits in pack {pack}"),
        ),
        IndexMismatch { says, entry } => s(
            format!("关卡写的是第 {says} 关，却是包里的第 {entry} 关"),
            format!("the level says index {says} but is entry {entry} of the pack"),
        ),
    }
}

/// One loading problem, with the level it concerns.
pub fn level_error(e: &LevelError, lang: Lang) -> String {
    let problem = level_problem(&e.problem, lang);
    match (&e.level, lang) {
        (Some(id), Lang::Zh) => format!("关卡 {id}：{problem}"),
        (Some(id), Lang::En) => format!("level {id}: {problem}"),
        (None, _) => problem,
    }
}

/// One failed content check.
pub fn check_problem(p: &CheckProblem, lang: Lang) -> String {
    use CheckProblem::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match p {
        NotConnected => s("去掉墙后格子不连通".into(), "the cells fall apart along the walls".into()),
        NoSolution => s("这一关无解".into(), "the level has no solution".into()),
        SeveralSolutions => s("这一关不止一个解".into(), "the level has more than one solution".into()),
        UniquenessUnknown { node_limit } => s(
            format!("解是否唯一未知：求解器用完了 {node_limit} 步的上限"),
            format!("uniqueness unknown: the solver reached its limit of {node_limit} nodes"),
        ),
        WallsDoNotMatter => s(
            "墙没有用：去掉墙和转墙，解仍然唯一".into(),
            "the walls do not matter: without walls and spinners the solution is still unique".into(),
        ),
        WallsMatterUnknown => s("墙是否有用未知：求解器到了上限".into(), "whether the walls matter is unknown: the solver reached its limit".into()),
        NoWallsToMatter => s("这里墙必须有用，但关卡没有墙也没有转墙".into(), "walls must matter here, but the level has no walls or spinners".into()),
        SpinnerDoesNotMatter { cell, corner } => s(
            format!("格子「{cell}」角 {corner} 的转墙没有用：去掉它解仍然唯一"),
            format!("the spinner at cell \"{cell}\" corner {corner} does not matter: without it the solution is still unique"),
        ),
        SpinnerCouldBeStatic { cell, corner, candidates } => {
            let which: Vec<String> = candidates.iter().map(u8::to_string).collect();
            s(
                format!("格子「{cell}」角 {corner} 的转墙可以换成位置 {} 上的固定墙：它不需要转动", which.join("、")),
                format!("the spinner at cell \"{cell}\" corner {corner} could be a fixed wall at position {}: its turning is not needed", which.join(", ")),
            )
        }
        SpinnerChecksUnknown { cell, corner } => s(
            format!("格子「{cell}」角 {corner} 的转墙检查未知：求解器到了上限"),
            format!("the checks of the spinner at cell \"{cell}\" corner {corner} are unknown: the solver reached its limit"),
        ),
    }
}

/// Why the generator made no level.
pub fn gen_error(e: &GenError, lang: Lang) -> String {
    let s = |zh: String, en: String| pick(lang, zh, en);
    match e {
        GenError::TooFewCells { min } => s(
            format!("一关至少需要 {min} 格"),
            format!("a level needs at least {min} cells"),
        ),
        GenError::TooManyCells { max } => {
            s(format!("最多 {max} 格"), format!("at most {max} cells"))
        }
        GenError::WallsNeedMoreCells { min } => s(
            format!("要放墙或转墙，至少需要 {min} 格"),
            format!("walls and spinners need at least {min} cells"),
        ),
        GenError::NoLevel { attempts, .. } => s(
            format!("试了 {attempts} 次，没有生成合格的关卡；换个种子或减少墙数再试"),
            format!("no valid level after {attempts} attempts; try another seed or fewer walls"),
        ),
        GenError::NoneReasoned { seeds, .. } => s(
            format!("试了 {seeds} 个种子，没有一关能只靠推理解开；换个种子或放宽推理层级再试"),
            format!("none of {seeds} seeds gave a level reasoning alone can solve; try another seed or a higher tier"),
        ),
    }
}

fn share_fault(f: &ShareFault, lang: Lang) -> String {
    use ShareFault::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match f {
        NumberTooLarge => s("有个数字太大".into(), "a number is too large".into()),
        TooMany { list, count } => {
            let (zh, en) = match list {
                ShareList::Clues => ("数字", "clues"),
                ShareList::Walls => ("墙", "walls"),
                ShareList::Spinners => ("转墙", "spinners"),
                ShareList::TitleBytes => ("标题字节", "title bytes"),
            };
            s(
                format!("{zh}太多（{count}）"),
                format!("too many {en} ({count})"),
            )
        }
        UnknownFlags { flags } => s(
            format!("未知标志 {flags}"),
            format!("unknown flags {flags}"),
        ),
        BoardSize { width, height } => s(
            format!("棋盘尺寸 {width}×{height} 不对"),
            format!("bad board size {width}×{height}"),
        ),
        CoordinatesOutOfRange => s("坐标超出范围".into(), "coordinates out of range".into()),
        TooManyCells { max } => s(format!("超过 {max} 格"), format!("more than {max} cells")),
        ClueCellMissing { .. } => s(
            "有个数字放在不存在的格子上".into(),
            "a clue names a cell that does not exist".into(),
        ),
        ClueTooLarge => s("有个数字太大".into(), "a clue is too large".into()),
        TwoClues => s("有个格子有两个数字".into(), "a cell has two clues".into()),
        WallCellMissing => s(
            "有堵墙提到不存在的格子".into(),
            "a wall names a cell that does not exist".into(),
        ),
        WallBordersNothing => s("有堵墙旁边没有格子".into(), "a wall borders no cell".into()),
        SpinnerCellMissing => s(
            "有个转墙提到不存在的格子".into(),
            "a spinner names a cell that does not exist".into(),
        ),
        TitleNotUtf8 => s(
            "标题不是 UTF-8 文本".into(),
            "the title is not UTF-8 text".into(),
        ),
        TrailingBytes => s(
            "结尾多出了数据".into(),
            "unexpected bytes at the end".into(),
        ),
    }
}

/// What a code was meant to be, for the sentences every code shares.
#[derive(Clone, Copy)]
enum CodeKind {
    Level,
    Pack,
}

impl CodeKind {
    fn noun(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (CodeKind::Level, Lang::Zh) => "分享码",
            (CodeKind::Pack, Lang::Zh) => "关卡包的分享码",
            (CodeKind::Level, Lang::En) => "the share code",
            (CodeKind::Pack, Lang::En) => "the pack code",
        }
    }
}

/// The faults of the code envelope (the same for level and pack codes), worded once.
enum Envelope {
    Empty,
    BadCharacter(usize, char),
    UnknownVersion(u8),
    Truncated,
    Altered,
}

fn envelope_text(kind: CodeKind, fault: Envelope, lang: Lang) -> String {
    let n = kind.noun(lang);
    let s = |zh: String, en: String| pick(lang, zh, en);
    match fault {
        Envelope::Empty => s(format!("{n}是空的"), format!("{n} is empty")),
        Envelope::BadCharacter(position, character) => s(
            format!("{n}第 {} 个字符「{character}」无效", position + 1),
            format!(
                "{n} has an invalid character \"{character}\" at position {}",
                position + 1
            ),
        ),
        Envelope::UnknownVersion(v) => s(
            format!("{n}的版本是 {v}，这个应用读不了；它可能来自更新的版本"),
            format!(
                "{n} has version {v}, which this app cannot read; it may come from a newer app"
            ),
        ),
        Envelope::Truncated => s(
            format!("{n}不完整（被截断了）"),
            format!("{n} is incomplete (cut off)"),
        ),
        Envelope::Altered => s(
            format!("{n}已损坏：校验不符（被改动或抄错）"),
            format!("{n} is damaged: its checksum does not match (altered or mistyped)"),
        ),
    }
}

/// Why a share code could not be opened.
pub fn share_error(e: &ShareError, lang: Lang) -> String {
    let s = |zh: String, en: String| pick(lang, zh, en);
    let envelope = |f| envelope_text(CodeKind::Level, f, lang);
    match e {
        ShareError::Empty => envelope(Envelope::Empty),
        ShareError::BadCharacter {
            position,
            character,
        } => envelope(Envelope::BadCharacter(*position, *character)),
        ShareError::PackCode => s(
            "这是关卡包的分享码，不是单个关卡的".into(),
            "this is a pack code, not a level code".into(),
        ),
        ShareError::UnknownVersion(v) => envelope(Envelope::UnknownVersion(*v)),
        ShareError::Truncated => envelope(Envelope::Truncated),
        ShareError::Altered => envelope(Envelope::Altered),
        ShareError::Malformed(f) => s(
            format!("分享码格式不对：{}", share_fault(f, lang)),
            format!("the share code is malformed: {}", share_fault(f, lang)),
        ),
        ShareError::Invalid(ps) => {
            let each: Vec<String> = ps.iter().map(|p| level_problem(p, lang)).collect();
            s(
                format!("分享的关卡不成立：{}", each.join("；")),
                format!("the shared level is invalid: {}", each.join("; ")),
            )
        }
    }
}

/// Why a pack code could not be opened.
pub fn pack_error(e: &PackError, lang: Lang) -> String {
    let s = |zh: String, en: String| pick(lang, zh, en);
    let envelope = |f| envelope_text(CodeKind::Pack, f, lang);
    match e {
        PackError::Empty => envelope(Envelope::Empty),
        PackError::BadCharacter {
            position,
            character,
        } => envelope(Envelope::BadCharacter(*position, *character)),
        PackError::LevelCode => s(
            "这是单个关卡的分享码，不是关卡包的".into(),
            "this is a level code, not a pack code".into(),
        ),
        PackError::UnknownVersion(v) => envelope(Envelope::UnknownVersion(*v)),
        PackError::Truncated => envelope(Envelope::Truncated),
        PackError::Altered => envelope(Envelope::Altered),
        PackError::TooLarge { max } => s(
            format!("关卡包的分享码太长：内容超过 {max} 字节"),
            format!("the pack code is too long: its content is over {max} bytes"),
        ),
        PackError::Malformed(f) => s(
            format!("关卡包的分享码格式不对：{}", pack_fault(f, Lang::Zh)),
            format!("the pack code is malformed: {}", pack_fault(f, Lang::En)),
        ),
        PackError::Level {
            entry,
            error: ShareError::Truncated,
        } => s(
            format!("关卡包的分享码不完整：在第 {entry} 关中间断了"),
            format!("the pack code is incomplete: it ends inside level {entry}"),
        ),
        PackError::Level { entry, error } => s(
            format!("关卡包的第 {entry} 关：{}", share_error(error, Lang::Zh)),
            format!(
                "level {entry} of the pack: {}",
                share_error(error, Lang::En)
            ),
        ),
    }
}

fn pack_fault(f: &PackFault, lang: Lang) -> String {
    let s = |zh: String, en: String| pick(lang, zh, en);
    match f {
        PackFault::EndsEarly => s(
            "在关卡列表之前就结束了".into(),
            "it ends before its list of levels".into(),
        ),
        PackFault::NumberTooLarge => s("有个数字太大".into(), "a number is too large".into()),
        PackFault::TitleTooLong { chars } => s(
            format!("名字有 {chars} 长，超过 {MAX_TITLE_CHARS} 个字"),
            format!("the title is {chars} long, more than {MAX_TITLE_CHARS} characters"),
        ),
        PackFault::TitleNotUtf8 => s(
            "名字不是 UTF-8 文本".into(),
            "the title is not UTF-8 text".into(),
        ),
        PackFault::NoLevels => s("里面没有关卡".into(), "it holds no levels".into()),
        PackFault::TooManyLevels { count } => s(
            format!("里面有 {count} 关，超过 {MAX_LEVELS} 关"),
            format!("it holds {count} levels, more than {MAX_LEVELS}"),
        ),
        PackFault::TrailingBytes => s(
            "最后一关后面多出了数据".into(),
            "unexpected bytes after the last level".into(),
        ),
    }
}

/// Why a link (a level's or a pack's) could not be opened.
pub fn link_error(e: &LinkError, lang: Lang) -> String {
    match e {
        LinkError::Level(e) => share_error(e, lang),
        LinkError::Pack(e) => pack_error(e, lang),
    }
}

/// Why a pack could not be written as a code.
pub fn pack_encode_error(e: &EncodeError, lang: Lang) -> String {
    let s = |zh: String, en: String| pick(lang, zh, en);
    match e {
        EncodeError::NoLevels => s(
            "关卡包里还没有关卡".into(),
            "the pack has no levels yet".into(),
        ),
        EncodeError::TooManyLevels { count } => s(
            format!("关卡包有 {count} 关，最多 {MAX_LEVELS} 关"),
            format!("the pack has {count} levels; at most {MAX_LEVELS} fit a link"),
        ),
        EncodeError::TitleTooLong { chars } => s(
            format!("名字有 {chars} 个字，最多 {MAX_TITLE_CHARS} 个"),
            format!("the name has {chars} characters; at most {MAX_TITLE_CHARS}"),
        ),
        EncodeError::TooLarge { bytes } => s(
            format!("关卡包太大（{bytes} 字节），放不进一个链接"),
            format!("the pack is too large for a link ({bytes} bytes)"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::json_error::{JsonError, JsonFault};
    use web_core::i18n::script_faults;

    fn both(sentence: impl Fn(Lang) -> String) {
        assert_eq!(script_faults(sentence), Vec::<String>::new());
    }

    #[test]
    fn level_codes_read_in_both_languages() {
        let json = JsonError {
            fault: JsonFault::MissingField { field: "id".into() },
            line: 1,
            column: 2,
            detail: "missing field `id`".into(),
        };
        let problems = [
            LevelProblem::NoCells,
            LevelProblem::BadJson {
                document: Document::Level,
                error: json.clone(),
            },
            LevelProblem::DuplicateClue {
                clue: 3,
                first: "a".into(),
                second: "b".into(),
            },
            LevelProblem::SpinnersShareVertex {
                cell: "a".into(),
                corner: 1,
                other_cell: "b".into(),
                other_corner: 2,
            },
        ];
        for p in &problems {
            both(|l| level_problem(p, l));
            both(|l| share_error(&ShareError::Invalid(vec![p.clone()]), l));
        }
        for c in [
            CheckProblem::SeveralSolutions,
            CheckProblem::SpinnerCouldBeStatic {
                cell: "a".into(),
                corner: 0,
                candidates: vec![1, 2],
            },
        ] {
            both(|l| check_problem(&c, l));
        }
        both(|l| {
            gen_error(
                &GenError::NoLevel {
                    attempts: 3,
                    last: "english".into(),
                },
                l,
            )
        });
        both(|l| share_error(&ShareError::Malformed(ShareFault::TwoClues), l));
    }

    #[test]
    fn pack_codes_read_in_both_languages() {
        let errors = [
            PackError::Empty,
            PackError::BadCharacter {
                position: 3,
                character: '!',
            },
            PackError::LevelCode,
            PackError::UnknownVersion(9),
            PackError::Truncated,
            PackError::Altered,
            PackError::TooLarge { max: 16 },
            PackError::Malformed(PackFault::TooManyLevels { count: 99 }),
            PackError::Level {
                entry: 2,
                error: ShareError::Truncated,
            },
            PackError::Level {
                entry: 3,
                error: ShareError::Malformed(ShareFault::TwoClues),
            },
        ];
        for e in &errors {
            both(|l| pack_error(e, l));
        }
        for e in [
            EncodeError::NoLevels,
            EncodeError::TooManyLevels { count: 31 },
            EncodeError::TitleTooLong { chars: 61 },
        ] {
            both(|l| pack_encode_error(&e, l));
        }
        // the envelope's sentences name which kind of code they are about
        assert_eq!(
            pack_error(&PackError::Truncated, Lang::En),
            "the pack code is incomplete (cut off)"
        );
        assert_eq!(
            share_error(&ShareError::Truncated, Lang::En),
            "the share code is incomplete (cut off)"
        );
    }
}
