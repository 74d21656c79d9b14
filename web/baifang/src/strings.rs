//! Every visible Baifang string in both interface languages.
//! Player colours are named as the players see them: Black is deep blue (蓝方),
//! White is orange (橙方).

use engine::baifang::notation::point_name;
use engine::baifang::{Phase, Reason, Side};

use crate::online::host::SignInFailure;
use web_core::i18n::{translations, Lang};

use crate::view_model::{Banner, PointView};

pub fn side_name(side: Side, lang: Lang) -> &'static str {
    match (side, lang) {
        (Side::Black, Lang::Zh) => "蓝方",
        (Side::White, Lang::Zh) => "橙方",
        (Side::Black, Lang::En) => "Blue",
        (Side::White, Lang::En) => "Orange",
    }
}

/// The settlement's reason words.
pub fn reason_words(reason: Reason, lang: Lang) -> &'static str {
    match (reason, lang) {
        (Reason::FewerThanFour, Lang::Zh) => "兵力枯竭",
        (Reason::NoMoves, Lang::Zh) => "憋死",
        (Reason::Timeouts, Lang::Zh) => "超时",
        (Reason::Resign, Lang::Zh) => "认输",
        (Reason::Disconnect, Lang::Zh) => "断线",
        (Reason::FewerThanFour, Lang::En) => "Out of stones",
        (Reason::NoMoves, Lang::En) => "Blocked in",
        (Reason::Timeouts, Lang::En) => "Out of time",
        (Reason::Resign, Lang::En) => "Resignation",
        (Reason::Disconnect, Lang::En) => "Disconnected",
    }
}

/// Who is speaking to whom: in a vs-AI game the banner addresses the human.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Hot-seat: name the side.
    Both,
    /// One person plays `Side` on this device.
    Player(Side),
}

pub fn banner_text(banner: Banner, audience: Audience, lang: Lang) -> String {
    let mine = |side: Side| audience == Audience::Player(side);
    match banner {
        Banner::Turn { side, phase } => {
            let verb = match (phase, lang) {
                (Phase::Placing, Lang::Zh) => "落子",
                (_, Lang::Zh) => "走子",
                (Phase::Placing, Lang::En) => "place a stone",
                (_, Lang::En) => "move a stone",
            };
            match (lang, mine(side), audience) {
                (Lang::Zh, true, _) => format!("轮到你{verb}"),
                (Lang::En, true, _) => format!("Your turn: {verb}"),
                (Lang::Zh, false, Audience::Player(_)) => "对手思考中…".to_string(),
                (Lang::En, false, Audience::Player(_)) => "Opponent is thinking…".to_string(),
                (Lang::Zh, false, Audience::Both) => format!("{}{verb}", side_name(side, lang)),
                (Lang::En, false, Audience::Both) => format!("{} to {verb}", side_name(side, lang)),
            }
        }
        Banner::Capture { side, count } => match (lang, mine(side) || audience == Audience::Both) {
            (Lang::Zh, true) => format!("请挑拣并吃掉对方 {count} 枚棋子"),
            (Lang::En, true) => format!(
                "Pick and capture {count} enemy stone{}",
                if count == 1 { "" } else { "s" }
            ),
            (Lang::Zh, false) => format!("对手正在吃子（{count}）"),
            (Lang::En, false) => format!("Opponent is capturing ({count})"),
        },
        Banner::Intercepted { next } => match lang {
            Lang::Zh => format!(
                "退步不吃子：来回走成的方/洲不再吃子 · {}走",
                side_name(next, lang)
            ),
            Lang::En => format!(
                "No capture: shuttling back re-forms nothing new · {} to move",
                side_name(next, lang)
            ),
        },
        Banner::Finished { winner, reason } => match lang {
            Lang::Zh => format!(
                "{}获胜 · {}",
                side_name(winner, lang),
                reason_words(reason, lang)
            ),
            Lang::En => format!(
                "{} wins · {}",
                side_name(winner, lang),
                reason_words(reason, lang)
            ),
        },
    }
}

/// What a screen reader says for point `p`: its name in the move notation (column a–e
/// from the left, row 1–5 from the bottom, so a point has one name on the board, in the
/// move list and in a game file) and what the snapshot shows there.
pub fn point_label(p: usize, v: &PointView, lang: Lang) -> String {
    let mut words: Vec<String> = vec![point_name(p as u8)];
    let stone = match (v.owner, lang) {
        (Some(s), Lang::Zh) => format!("{}棋子", side_name(s, lang)),
        (Some(s), Lang::En) => format!("{} stone", side_name(s, lang)),
        (None, Lang::Zh) => "空".to_string(),
        (None, Lang::En) => "empty".to_string(),
    };
    words.push(stone);
    let flags = [
        (v.selected, "已拿起", "picked up"),
        (v.legal, "可以走到这里", "you can go here"),
        (v.capturable, "可吃", "capturable"),
        (v.shielded, "受保护", "protected"),
        (v.loop_locked, "退步不吃子", "moving back captures nothing"),
    ];
    for (on, zh, en) in flags {
        if on {
            words.push(
                match lang {
                    Lang::Zh => zh,
                    Lang::En => en,
                }
                .to_string(),
            );
        }
    }
    words.join(match lang {
        Lang::Zh => "，",
        Lang::En => ", ",
    })
}

translations! {
    /// Fixed interface texts of the Baifang screens.
    BaifangText {
        PlayOnline => ("在线对战", "Play online"),
        QuickMatch => ("快速匹配", "Quick match"),
        FriendMatch => ("与友对战", "Play a friend"),
        VsAi => ("人机对战", "Play the AI"),
        HotSeat => ("本地双人", "Two players, one device"),
        OnlineSoon => ("联机：iOS 上经由 Game Center；浏览器中与同一浏览器的另一个标签页对战", "Online: Game Center on iOS; in a browser, another tab of the same browser"),
        NoServer => ("此页面不是由对战服务器提供的，所以不能与其他设备对战（用 scripts/play.sh 启动服务器后从它打开本页）。", "This page was not served by the game server, so it cannot play other devices (start the server with scripts/play.sh and open the page from it)."),
        ServerCaption => ("联机经由本服务器：与任何设备上的玩家对战，积分记在服务器上", "Online through this server: play anyone on any device; your rating is kept on the server"),
        ServerConnecting => ("正在连接服务器…", "Connecting to the server…"),
        ServerReconnecting => ("连接中断，正在重新连接…", "Connection lost, reconnecting…"),
        Searching => ("正在匹配对手…", "Looking for an opponent…"),
        RoomCode => ("房间码", "Room code"),
        RoomWaiting => ("把链接发给朋友，对方打开即加入；也可以告诉对方房间码", "Send the link to a friend: opening it joins the room; or tell them the code"),
        CopyLink => ("复制链接", "Copy link"),
        Join => ("加入", "Join"),
        CodePlaceholder => ("输入房间码", "Enter a room code"),
        Name => ("昵称", "Name"),
        SaveName => ("保存", "Save"),
        RecentGames => ("最近对局", "Recent games"),
        Leaderboard => ("排行榜", "Leaderboard"),
        MyPage => ("我的主页", "My page"),
        PlayerPage => ("棋手主页", "Player"),
        Record => ("战绩", "Record"),
        Provisional => ("定级中", "new"),
        ProvisionalLong => ("定级中：计分对局不足 10 局，积分尚未稳定", "Provisional: fewer than 10 rated games, the rating is still settling"),
        NoRatedPlayers => ("还没有人下过计分对局", "Nobody has played a rated game yet"),
        RatingHistory => ("积分走势", "Rating history"),
        ExportGames => ("下载全部对局（JSON）", "Download all games (JSON)"),
        MoreGames => ("更多对局", "More games"),
        ReviewGame => ("复盘", "Review"),
        Loading => ("加载中…", "Loading…"),
        Back => ("返回", "Back"),
        Games => ("局", "games"),
        Won => ("胜", "won"),
        Lost => ("负", "lost"),
        Void => ("作废", "void"),
        OpponentAway => ("对手已断开连接，等待重连", "Opponent disconnected, waiting"),
        SideAway => ("已断开连接，等待重连", "disconnected, waiting"),
        ErrRoomNotFound => ("没有这个房间码的房间（可能已经关闭）", "No open room has that code (it may have closed)"),
        ErrOwnRoom => ("这是你自己的房间：把链接发给朋友", "That is your own room: send the link to a friend"),
        ErrAlreadyInGame => ("你已有一局正在进行", "You already have a game in progress"),
        ErrBadName => ("昵称需 1 到 16 个字符，不能含控制字符", "A name has 1 to 16 characters and no control characters"),
        RejNotYourTurn => ("还没轮到你", "It is not your turn"),
        RejStaleSeq => ("棋盘刚刚更新，请再走一次", "The board changed meanwhile: play again"),
        RejIllegal => ("这一步不合规则", "That move breaks a rule"),
        RejNotAMove => ("只能落子、走子或吃子", "Only placing, moving and capturing can be played"),
        RejNoGame => ("没有进行中的对局", "No game in progress"),
        ServerStopped => ("服务器版本已更新，请刷新页面：", "The server was updated; reload the page: "),
        Abandoned => ("双方都没有回来，本局不计分", "Neither player came back: not rated"),
        Aborted => ("作废：有一方没有走出第一步", "Aborted: a side made no first move"),
        AbortedByMe => ("你没有在 30 秒内走出第一步：本局作废，不计分，回到大厅", "You made no first move within 30 s: the game was aborted, no rating change"),
        AbortedByOpponent => ("对手没有在 30 秒内走出第一步：本局作废，不计分，回到大厅", "Your opponent made no first move within 30 s: the game was aborted, no rating change"),
        QuickMatchLater => ("最近 10 局中你有 3 局以上没走第一步就作废：快速匹配暂停，还需等待（秒）：", "You aborted more than 3 of your last 10 games: quick match opens again in (seconds): "),
        RejPaused => ("服务器正在恢复，这一步没有记下：稍后再走", "The server is recovering and did not record that move: play it again in a moment"),
        RejWatching => ("你在观战，不能落子", "You are watching this game: spectators cannot move"),
        ServerRecovering => ("服务器正在恢复存储，对局暂停，计时停止", "The server is recovering its storage: the game is paused and the clocks stand"),
        RatedGame => ("计分对局（双方都勾选才计分）", "Rated game (only if both players tick it)"),
        RoomRated => ("房主要求计分：加入时勾选「计分对局」才计分", "The host asked for a rated game: it is rated only if you tick Rated too"),
        RoomUnrated => ("友谊赛：不计分", "Friendly game: not rated"),
        UnratedFriendly => ("友谊赛，不计分", "Friendly game: not rated"),
        UnratedTooFewMoves => ("双方各走满 3 步才计分：本局不计分", "Not rated: a game counts once each side has made 3 moves"),
        UnratedPairLimit => ("今天你们之间的计分对局已满 3 局：本局不计分", "Not rated: you two already played 3 rated games today"),
        UnratedNoWinner => ("没有胜者，不计分", "No winner: not rated"),
        TooManyAccounts => ("这个网络今天创建的新玩家太多了，请稍后再试（已有的玩家可以继续）", "Too many new players were created from this network; try again later (existing players can go on)"),
        TooManyAttempts => ("错误的房间码太多，请稍后再试", "Too many wrong room codes; try again later"),
        ErrUnavailable => ("服务器正在恢复，暂时无法匹配或开房：请稍后再试", "The server is recovering and cannot match players or open rooms just now: try again in a moment"),
        Rematch => ("再来一局", "Rematch"),
        RematchHint => ("同一对手，交换先后手", "Same opponent, colours swapped"),
        RematchWaiting => ("已邀请对手再来一局，等待回应", "Rematch offered: waiting for your opponent"),
        RematchWithdraw => ("撤回", "Withdraw"),
        RematchAsked => ("对手想再来一局（交换先后手）", "Your opponent offers a rematch, colours swapped"),
        RematchAccept => ("接受", "Accept"),
        RematchDecline => ("谢绝", "Decline"),
        RematchDeclined => ("对手谢绝了再来一局", "Your opponent declined the rematch"),
        RematchLapsed => ("再来一局的邀请 30 秒无人回应，已失效", "The rematch offer lapsed: no answer in 30 s"),
        RematchWithdrawn => ("再来一局的邀请已撤回（有人离开或开始了别的对局）", "The rematch offer was withdrawn (a player left or started something else)"),
        ErrNotYourGame => ("这不是你下完的对局，不能再来一局", "That is not a finished game of yours: no rematch"),
        ErrRematchPending => ("已有一个再来一局的邀请在等待回答", "A rematch offer is already waiting for an answer"),
        ErrNoRematchOffer => ("没有等待你回答的再来一局邀请", "There is no rematch offer for you to answer"),
        ErrOpponentUnavailable => ("对手已离开或正忙，无法再来一局", "Your opponent has left or is busy: no rematch"),
        ErrNotLive => ("这局棋现在没有在进行", "This game is not being played now"),
        ErrWatching => ("观战时不能这样做", "Spectators cannot do that"),
        ErrTooManyWatchers => ("这局观战的人已满", "This game has as many spectators as it takes"),
        Opponent => ("对手", "Opponent"),
        WatchingGame => ("观战中", "Watching"),
        WatchLink => ("观战链接", "Watch link"),
        WatchersCount => ("人观战", "watching"),
        WatchConnecting => ("正在连接这局棋…", "Connecting to the game…"),
        RoomLinkNeedsServer => ("房间链接和观战链接需要对战服务器：此页面不是由它提供的。", "Room and watch links need the game server, and this page was not served by it."),
        SignInRefused => ("本游戏为纯线上对战，需开启 Game Center（设置 > Game Center）。人机对战、本地双人和六边一笔无需登录；返回大厅再点快速匹配即可重试。", "Online play needs Game Center (Settings > Game Center). Playing the AI, two players on one device and Hex Stroke need no sign-in; go back to the lobby and tap Quick match to try again."),
        SignInOffline => ("联机暂不可用：无法连接 Game Center，请检查网络后重试。", "Online play is unavailable: Game Center cannot be reached. Check the network and try again."),
        SignInRestricted => ("联机不可用：此账户的 Game Center 受限（家长控制或受管理的账户）。", "Online play is unavailable: Game Center is restricted for this account (parental controls or a managed account)."),
        SignInUnrecognized => ("联机不可用：Game Center 无法识别此版本的应用。", "Online play is unavailable: Game Center does not recognise this build of the app."),
        SignInUnavailable => ("联机暂不可用：Game Center 未能登录，请稍后重试。", "Online play is unavailable: Game Center did not sign in. Try again later."),
        SignInNoAnswer => ("联机暂不可用：Game Center 没有应答，请返回大厅再试。", "Online play is unavailable: Game Center did not answer. Go back to the lobby and try again."),
        Interrupted => ("连接中断，本局未计分", "Connection lost: this game is not scored"),
        OnlineUnavailable => ("无法联机：", "Online play is unavailable: "),
        ChooseLevel => ("难度", "Level"),
        ChooseColour => ("执子", "Your colour"),
        PlayBlue => ("蓝方（先手）", "Blue (first)"),
        PlayOrange => ("橙方（后手）", "Orange (second)"),
        Start => ("开始", "Start"),
        Cancel => ("取消", "Cancel"),
        Menu => ("菜单", "Menu"),
        Coordinates => ("棋盘坐标", "Coordinates"),
        Learn => ("新手教程", "Learn to play"),
        Rules => ("规则", "Rules"),
        Puzzles => ("残局题", "Endgame puzzles"),
        Resign => ("认输", "Resign"),
        ResignConfirm => ("确定认输吗？本局将判负。", "Resign this game? It counts as a loss."),
        ResignYes => ("确定认输", "Resign"),
        LeaveConfirm => ("对局进行中，离开即认输，本局判负并计入积分。", "The game is on: leaving resigns it, and the loss counts toward your rating."),
        LeaveYes => ("认输并离开", "Resign and leave"),
        Continue => ("继续对局", "Keep playing"),
        BackToLobby => ("返回大厅", "Back to lobby"),
        Victory => ("胜利", "Victory"),
        Defeat => ("失败", "Defeat"),
        GameOver => ("对局结束", "Game over"),
        OnBoard => ("盘上", "On board"),
        InHand => ("手中", "In hand"),
        Taken => ("吃子", "Taken"),
        TimeoutsUsed => ("已超时次数（用满判负）", "Timeouts used (the last one loses)"),
        DisconnectsCounted => ("断线次数（用满判负）", "Disconnects counted (the last one loses)"),
        StepClock => ("步时", "Step clock"),
        You => ("你", "You"),
        Ai => ("AI", "AI"),
        Hint => ("提示", "Hint"),
        Undo => ("悔棋", "Undo"),
        UndoOff => ("困难和大师难度不能悔棋。", "Undo is off on Hard and Master."),
        ResumeGame => ("继续上局", "Resume"),
        ResumeDiscarded => ("上局的存档无法还原，已丢弃。", "The saved game could not be restored, so it was discarded."),
        LeaveKeepConfirm => ("离开对局？本局已保存，可在大厅点「继续上局」接着下。", "Leave the game? It is saved: Resume in the lobby picks it up again."),
        LeaveKeepYes => ("离开", "Leave"),
        Rating => ("积分", "Rating"),
        DefaultNickname => ("棋手", "Player"),
        MatchmakingFailed => ("匹配失败，请稍后再试", "Matchmaking failed; try again later"),
        DataError => ("对局数据异常", "The match data is inconsistent"),
        PeerForfeited => ("对手中止了对局或发来异常数据：判对手负", "The opponent aborted or sent inconsistent data: their loss"),
        PeerLeft => ("对方玩家断开连接，本局获胜", "Your opponent disconnected: you win this game"),
    }
}

/// What the lobby says when Game Center sign-in did not succeed.
pub fn sign_in_text(failure: SignInFailure) -> BaifangText {
    match failure {
        SignInFailure::Refused => BaifangText::SignInRefused,
        SignInFailure::Offline => BaifangText::SignInOffline,
        SignInFailure::Restricted => BaifangText::SignInRestricted,
        SignInFailure::Unrecognized => BaifangText::SignInUnrecognized,
        SignInFailure::Unavailable => BaifangText::SignInUnavailable,
        SignInFailure::NoAnswer => BaifangText::SignInNoAnswer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use web_core::i18n::{has_cjk, translation_faults};

    /// Every way a game ends (adding one to the engine breaks the match below,
    /// which points here).
    const REASONS: [Reason; 5] = [
        Reason::FewerThanFour,
        Reason::NoMoves,
        Reason::Timeouts,
        Reason::Resign,
        Reason::Disconnect,
    ];
    #[allow(dead_code)]
    fn every_reason_is_listed(r: Reason) {
        match r {
            Reason::FewerThanFour
            | Reason::NoMoves
            | Reason::Timeouts
            | Reason::Resign
            | Reason::Disconnect => {}
        }
    }

    #[test]
    fn every_sign_in_failure_has_words_in_both_languages() {
        for f in SignInFailure::ALL {
            for lang in [Lang::Zh, Lang::En] {
                assert!(!sign_in_text(f).in_lang(lang).is_empty());
            }
        }
        assert_ne!(
            sign_in_text(SignInFailure::Refused),
            sign_in_text(SignInFailure::Offline)
        );
    }

    #[test]
    fn the_capture_banner_names_the_count() {
        let text = banner_text(
            Banner::Capture {
                side: Side::Black,
                count: 2,
            },
            Audience::Both,
            Lang::Zh,
        );
        assert_eq!(text, "请挑拣并吃掉对方 2 枚棋子");
    }

    #[test]
    fn every_reason_has_its_own_words_in_both_languages() {
        for lang in [Lang::Zh, Lang::En] {
            let words: Vec<&str> = REASONS.iter().map(|&r| reason_words(r, lang)).collect();
            for (i, w) in words.iter().enumerate() {
                assert!(!w.is_empty(), "{:?} has no words", REASONS[i]);
                assert!(!words[..i].contains(w), "two reasons read {w:?}");
                assert_eq!(
                    has_cjk(w),
                    lang == Lang::Zh,
                    "{w:?} is in the wrong language"
                );
            }
        }
    }

    #[test]
    fn every_text_is_translated_into_english() {
        // Loan words read the same in both languages.
        let faults = translation_faults(BaifangText::ALL, &[BaifangText::Ai], &[]);
        assert_eq!(faults, Vec::<String>::new());
    }

    /// A point has one name: the screen reader's label starts with the move notation's.
    #[test]
    fn every_point_label_is_the_notation_of_its_index() {
        let empty = PointView::default();
        for p in 0..engine::baifang::bitboard::CELLS {
            for lang in [Lang::Zh, Lang::En] {
                let label = point_label(p, &empty, lang);
                let name = label.split([',', '，']).next().unwrap();
                assert_eq!(name, point_name(p as u8), "point {p}");
            }
        }
        assert!(point_label(0, &empty, Lang::En).starts_with("a5"));
        assert!(point_label(24, &empty, Lang::En).starts_with("e1"));
    }

    #[test]
    fn the_sides_have_distinct_names() {
        for lang in [Lang::Zh, Lang::En] {
            assert_ne!(side_name(Side::Black, lang), side_name(Side::White, lang));
        }
    }
}
