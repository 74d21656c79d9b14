//! The server screens' sentences: a notice, how a game ended, why it was not rated, a
//! rating change with its sign.

use engine::baifang::referee_protocol::{EndReason, ErrorCode, RejectCode, Unrated};
use web_core::i18n::Lang;

use crate::server::controller::ServerNotice;
use crate::strings::{reason_words, BaifangText};

/// The words for a notice.
pub fn notice_text(n: &ServerNotice, lang: Lang) -> String {
    let t = |t: BaifangText| t.in_lang(lang).to_string();
    match n {
        ServerNotice::Error(code) => t(match code {
            ErrorCode::RoomNotFound => BaifangText::ErrRoomNotFound,
            ErrorCode::OwnRoom => BaifangText::ErrOwnRoom,
            ErrorCode::AlreadyInGame => BaifangText::ErrAlreadyInGame,
            ErrorCode::BadName => BaifangText::ErrBadName,
            ErrorCode::TooManyAttempts => BaifangText::TooManyAttempts,
            ErrorCode::Unavailable => BaifangText::ErrUnavailable,
            ErrorCode::NotYourGame => BaifangText::ErrNotYourGame,
            ErrorCode::RematchPending => BaifangText::ErrRematchPending,
            ErrorCode::NoRematchOffer => BaifangText::ErrNoRematchOffer,
            ErrorCode::OpponentUnavailable => BaifangText::ErrOpponentUnavailable,
            ErrorCode::NotLive => BaifangText::ErrNotLive,
            ErrorCode::Watching => BaifangText::ErrWatching,
            ErrorCode::TooManyWatchers => BaifangText::ErrTooManyWatchers,
        }),
        ServerNotice::Rejected(code, _) => t(match code {
            RejectCode::NotYourTurn => BaifangText::RejNotYourTurn,
            RejectCode::StaleSeq => BaifangText::RejStaleSeq,
            RejectCode::Illegal => BaifangText::RejIllegal,
            RejectCode::NotAMove => BaifangText::RejNotAMove,
            RejectCode::NoGame => BaifangText::RejNoGame,
            RejectCode::Paused => BaifangText::RejPaused,
            RejectCode::Watching => BaifangText::RejWatching,
        }),
        ServerNotice::Stopped(why) => format!("{}{why}", t(BaifangText::ServerStopped)),
        ServerNotice::TooManyAccounts => t(BaifangText::TooManyAccounts),
        ServerNotice::Aborted { by_me: true } => t(BaifangText::AbortedByMe),
        ServerNotice::Aborted { by_me: false } => t(BaifangText::AbortedByOpponent),
        ServerNotice::QuickMatchLater(ms) => {
            format!("{}{}", t(BaifangText::QuickMatchLater), ms.div_ceil(1000))
        }
        ServerNotice::RematchEnded(why) => t(crate::room::rematch::ended_text(*why)),
    }
}

/// How a game ended, in words (an abandoned game has no engine reason).
pub fn end_words(reason: EndReason, lang: Lang) -> &'static str {
    match (reason, reason.engine_reason()) {
        (_, Some(r)) => reason_words(r, lang),
        (EndReason::Aborted, None) => BaifangText::Aborted.in_lang(lang),
        (_, None) => BaifangText::Abandoned.in_lang(lang),
    }
}

/// Why a game did not count for rating, in words.
pub fn unrated_words(u: Unrated) -> BaifangText {
    match u {
        Unrated::Friendly => BaifangText::UnratedFriendly,
        Unrated::TooFewMoves => BaifangText::UnratedTooFewMoves,
        Unrated::PairLimit => BaifangText::UnratedPairLimit,
        Unrated::NoWinner => BaifangText::UnratedNoWinner,
    }
}

/// `+16` / `-16`.
pub fn signed(delta: i32) -> String {
    if delta >= 0 {
        format!("+{delta}")
    } else {
        delta.to_string()
    }
}
