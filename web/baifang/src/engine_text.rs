//! The page's wording, in both interface languages, for the codes the engine returns
//! about Baifang (a refused action, an online match's rejection): the engine never words
//! a message a player reads.

use engine::baifang::session::{BadMessage, OutOfPlace, Reject};
use engine::baifang::{PacketError, RuleError};
use web_core::i18n::Lang;
use web_core::json_text::{json_error, pick};

/// Why the rules refused an action.
pub fn rule_error(e: &RuleError, lang: Lang) -> String {
    use RuleError::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match e {
        GameOver => s("对局已经结束".into(), "the game is already over".into()),
        CaptureOwed { owed } => s(
            format!("还要先吃 {owed} 子"),
            format!("{owed} capture(s) are owed first"),
        ),
        NoCaptureOwed => s("现在不该吃子".into(), "no capture is owed".into()),
        NotPlacingPhase => s(
            "现在不是落子阶段".into(),
            "it is not the placing phase".into(),
        ),
        NotMovingPhase => s(
            "现在不是走子阶段".into(),
            "it is not the moving phase".into(),
        ),
        Occupied { at } => s(
            format!("第 {at} 点已有棋子"),
            format!("point {at} is taken"),
        ),
        EmptyHand => s("手里没有棋子了".into(), "no stone left in hand".into()),
        NotOwnStone { at } => s(
            format!("第 {at} 点不是己方棋子"),
            format!("point {at} is not the mover's stone"),
        ),
        NotAdjacent { from, to } => s(
            format!("第 {from} 点和第 {to} 点不相邻"),
            format!("points {from} and {to} are not neighbours"),
        ),
        NotEnemyStone { at } => s(
            format!("第 {at} 点不是对方棋子"),
            format!("point {at} is not an enemy stone"),
        ),
        Shielded { at } => s(
            format!("第 {at} 点在方/洲里受保护，还有散子可吃"),
            format!("point {at} is protected by a formation while loose stones remain"),
        ),
        NotAPoint { at } => s(
            format!("{at} 不在棋盘上"),
            format!("{at} is not a point of the board"),
        ),
        NotYourTurn => s("现在轮到对方".into(), "it is the other side's turn".into()),
        NotAMove => s(
            "只能落子、走子或吃子".into(),
            "only a place, move or capture can be played".into(),
        ),
    }
}

/// Why a packet is not a well-formed action at all.
pub fn packet_error(e: &PacketError, lang: Lang) -> String {
    use PacketError::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match e {
        OffBoard { field, index } => {
            let name = field.name();
            s(
                format!("{name} {index} 不在棋盘上"),
                format!("{name} {index} is not a point of the board"),
            )
        }
        EmptyEatList => s("吃子没有指明位置".into(), "a capture names no point".into()),
        TooManyEat { given, owed } => s(
            format!("吃了 {given} 子，只该吃 {owed} 子"),
            format!("{given} captures sent, {owed} owed"),
        ),
        LeftoverEat { left } => s(
            format!("对局结束后还多出 {left} 个吃子"),
            format!("{left} capture(s) left after the game ended"),
        ),
        UnknownActionType(t) => s(
            format!("未知动作类型 {t}"),
            format!("unknown action type {t}"),
        ),
        BadSide(side) => s(
            format!("未知执子方「{side}」"),
            format!("unknown side \"{side}\""),
        ),
    }
}

/// Why an online match was voided: the detail under "match data inconsistent".
pub fn reject(r: &Reject, lang: Lang) -> String {
    use Reject::*;
    let s = |zh: String, en: String| pick(lang, zh, en);
    match r {
        Malformed(BadMessage::Json(e)) => s(
            format!("收到无法读取的消息：{}", json_error(e, lang)),
            format!("an unreadable message arrived: {}", json_error(e, lang)),
        ),
        Malformed(BadMessage::Commitment) => s(
            "握手承诺格式不对".into(),
            "the handshake commitment is malformed".into(),
        ),
        ProtocolVersion(v) => s(
            format!("对方的协议版本是 {v}"),
            format!("the other side speaks protocol version {v}"),
        ),
        WrongSender(_) => s(
            "消息来自错误的玩家".into(),
            "a message came from the wrong player".into(),
        ),
        DuplicateSeq { got, .. } => s(
            format!("消息序号 {got} 重复"),
            format!("message number {got} arrived twice"),
        ),
        OldSeq { got, expected } => s(
            format!("消息序号 {got} 过旧（应为 {expected}）"),
            format!("message number {got} is old (expected {expected})"),
        ),
        SeqGap { got, expected } => s(
            format!("消息序号 {got} 跳号（应为 {expected}）"),
            format!("message number {got} skips ahead (expected {expected})"),
        ),
        Timestamp { .. } => s("消息时间不对".into(), "a message's time is wrong".into()),
        NotSendersTurn => s(
            "对方在不该走时走了棋".into(),
            "the other side moved out of turn".into(),
        ),
        BadPacket(e) => s(
            format!("对方发来的着法格式不对：{}", packet_error(e, lang)),
            format!(
                "the other side sent a malformed action: {}",
                packet_error(e, lang)
            ),
        ),
        Illegal(e) => s(
            format!("对方的着法不合规则：{}", rule_error(e, lang)),
            format!(
                "the other side's action breaks the rules: {}",
                rule_error(e, lang)
            ),
        ),
        HashMismatch { .. } => s("双方棋局不一致".into(), "the two boards differ".into()),
        PrematureTimeout { .. } => s(
            "对方过早宣告超时".into(),
            "the other side claimed a timeout too early".into(),
        ),
        Unexpected(o) => {
            let (zh, en) = match o {
                OutOfPlace::ActionBeforeStart => (
                    "对局开始前收到着法",
                    "an action arrived before the game started",
                ),
                OutOfPlace::SecondHello => ("收到第二次握手", "a second hello arrived"),
                OutOfPlace::RevealOutsideHandshake => {
                    ("握手之外收到揭示", "a reveal arrived outside the handshake")
                }
                OutOfPlace::RevealBeforeHello => {
                    ("握手前收到揭示", "a reveal arrived before the hello")
                }
                OutOfPlace::SyncOutsideGame => {
                    ("对局之外收到同步", "a sync arrived outside the game")
                }
                OutOfPlace::RematchDuringGame => (
                    "对局结束前收到再来一局",
                    "a rematch offer arrived before the game ended",
                ),
            };
            s(zh.into(), en.into())
        }
        RevealMismatch => s(
            "揭示与承诺不符".into(),
            "the reveal does not match its commitment".into(),
        ),
        SameId => s(
            "双方玩家编号相同".into(),
            "both players have the same id".into(),
        ),
        SyncMismatch => s(
            "重连后双方棋局不一致".into(),
            "after reconnecting the two boards differ".into(),
        ),
        PeerAborted(_) => s(
            "对方判定本局数据异常".into(),
            "the other side found the match data inconsistent".into(),
        ),
        TooLarge { bytes } => s(
            format!("收到过大的消息（{bytes} 字节）"),
            format!("a message of {bytes} bytes arrived, too large to read"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::json_error::JsonError;
    use web_core::i18n::script_faults;

    fn both(sentence: impl Fn(Lang) -> String) {
        assert_eq!(script_faults(sentence), Vec::<String>::new());
    }

    #[test]
    fn match_codes_read_in_both_languages() {
        let json: JsonError = serde_json::from_str::<serde_json::Value>("{")
            .unwrap_err()
            .into();
        both(|l| reject(&Reject::Malformed(BadMessage::Json(json.clone())), l));
        both(|l| reject(&Reject::Illegal(RuleError::Shielded { at: 3 }), l));
        both(|l| reject(&Reject::BadPacket(PacketError::UnknownActionType(9)), l));
        both(|l| reject(&Reject::PeerAborted("some english text".into()), l));
    }
}
