//! The end-of-game card over the darkened board: a flat win / lose illustration,
//! the reason in words, the rating change where the game was rated, and the way
//! back; or, for an online match declared void, why nothing was rated.

use leptos::prelude::*;

use engine::baifang::session::Reject;
use engine::baifang::{Reason, Side};

use web_core::i18n::{use_lang, Lang};

use crate::review::strings::ReviewText;
use crate::strings::{reason_words, side_name, Audience, BaifangText};

/// A rating change to show: (before, after).
pub type RatingChange = (i32, i32);

/// The card every ending shares: veil, dialog, the content, then the way back.
#[component]
fn SettlementCard(
    /// `win` or `lose`: the card's mood.
    mood: &'static str,
    /// `B`, `W`, or empty for a void match (`data-winner`).
    winner: String,
    /// The engine's reason name, or `void` (`data-reason`).
    reason: String,
    /// Why a match was void (`data-detail`).
    #[prop(optional)]
    detail: Option<String>,
    /// Opens the game's review (none where the game cannot be reviewed).
    on_review: Option<Callback<()>>,
    /// Another game between the same players (再来一局), above the way back.
    #[prop(optional_no_strip)]
    again: Option<ViewFn>,
    on_close: Callback<()>,
    children: Children,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="settlement-veil">
            <section
                class=format!("settlement settlement-{mood}")
                data-testid="settlement"
                data-winner=winner
                data-reason=reason
                data-detail=detail
                role="dialog"
                aria-modal="true"
            >
                {children()}
                {again.map(|again| again.run())}
                {on_review.map(|review| view! {
                    <button class="pill-button" data-testid="settlement-review" on:click=move |_| review.run(())>
                        {move || ReviewText::Review.in_lang(lang.get())}
                    </button>
                })}
                <button class="pill-button primary" data-testid="settlement-back" on:click=move |_| on_close.run(())>
                    {move || BaifangText::BackToLobby.in_lang(lang.get())}
                </button>
            </section>
        </div>
    }
}

#[component]
pub fn Settlement(
    winner: Side,
    reason: Reason,
    audience: Audience,
    #[prop(optional)] rating: Option<RatingChange>,
    /// The opponent's rating change, where the result settled both (server games).
    #[prop(optional)]
    opponent_rating: Option<RatingChange>,
    /// Why a server game left the ratings as they were, when it did.
    #[prop(default = None)]
    unrated: Option<BaifangText>,
    #[prop(optional)] on_review: Option<Callback<()>>,
    /// 再来一局: the rematch offer (server) or play again (local games).
    #[prop(optional)]
    again: Option<ViewFn>,
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let won = match audience {
        Audience::Player(me) => Some(me == winner),
        Audience::Both => None,
    };
    let mood = match won {
        Some(true) | None => "win",
        Some(false) => "lose",
    };
    // Heard once, as the card appears: hot-seat's card (no loser on this device) is a win.
    web_core::sound::play(if won == Some(false) {
        web_core::sound::Sound::Loss
    } else {
        web_core::sound::Sound::Win
    });
    let title = move || match won {
        Some(true) => BaifangText::Victory.in_lang(lang.get()).to_string(),
        Some(false) => BaifangText::Defeat.in_lang(lang.get()).to_string(),
        None => format!(
            "{} · {}",
            side_name(winner, lang.get()),
            BaifangText::Victory.in_lang(lang.get())
        ),
    };
    let letter = winner.letter();
    // The picture shows the player's own stone: crowned when it won, at rest when it lost.
    let art_letter = if mood == "lose" {
        winner.other().letter()
    } else {
        letter
    };
    view! {
        <SettlementCard mood=mood winner=letter.to_string() reason=reason.name().to_string()
            on_review=on_review again=again on_close=on_close>
            <svg class="settlement-art" viewBox="0 0 200 120" aria-hidden="true">
                <circle class=format!("art-stone stone-{art_letter}") cx="100" cy="74" r="42"/>
                {match mood {
                    // A crown on the winner's stone: a band, three points, a jewel on each.
                    "win" => view! {
                        <g class="art-crown">
                            <path d="M 66 40 L 60 10 L 82 26 L 100 4 L 118 26 L 140 10 L 134 40 Z"/>
                            <circle cx="60" cy="10" r="5"/>
                            <circle cx="100" cy="4" r="5"/>
                            <circle cx="140" cy="10" r="5"/>
                            <rect class="art-band" x="66" y="32" width="68" height="8" rx="2"/>
                        </g>
                    }.into_any(),
                    // A calm loss: the stone at rest under a crescent moon and two stars.
                    _ => view! {
                        <g class="art-night">
                            <path d="M 150 8 A 17 17 0 1 0 168 36 A 13 13 0 1 1 150 8 Z"/>
                            <circle cx="40" cy="20" r="3"/>
                            <circle cx="58" cy="8" r="2"/>
                        </g>
                    }.into_any(),
                }}
            </svg>
            <h2 class="settlement-title">{title}</h2>
            <p class="settlement-reason" data-testid="settlement-reason">
                {move || reason_words(reason, lang.get())}
            </p>
            {unrated.map(|u| view! {
                <p class="settlement-detail" data-testid="settlement-unrated">{move || u.in_lang(lang.get())}</p>
            })}
            {rating.map(|(before, after)| {
                let delta = after - before;
                view! {
                    <p class="settlement-rating" data-testid="settlement-rating" data-delta=delta>
                        {move || BaifangText::Rating.in_lang(lang.get())} " " {before} " → " {after}
                        " (" {if delta >= 0 { format!("+{delta}") } else { delta.to_string() }} ")"
                    </p>
                }
            })}
            {opponent_rating.map(|(before, after)| {
                let delta = after - before;
                view! {
                    <p class="settlement-rating" data-testid="settlement-opponent-rating" data-delta=delta>
                        {move || BaifangText::Opponent.in_lang(lang.get())} " " {before} " → " {after}
                        " (" {if delta >= 0 { format!("+{delta}") } else { delta.to_string() }} ")"
                    </p>
                }
            })}
        </SettlementCard>
    }
}

/// An online match declared void (the peers' data disagreed): the headline says
/// so, the detail names the failed check (`data-detail` keeps the engine's
/// diagnostic sentence); ratings stay as they were.
#[component]
pub fn VoidSettlement(reason: Reject, on_close: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let diagnostic = reason.to_string();
    view! {
        <SettlementCard mood="lose" winner=String::new() reason="void".to_string() detail=diagnostic on_review=None on_close=on_close>
            <h2 class="settlement-title" data-testid="online-message">{move || BaifangText::DataError.in_lang(lang.get())}</h2>
            <p class="settlement-detail" data-testid="settlement-detail">{move || crate::engine_text::reject(&reason, lang.get())}</p>
            <p class="settlement-reason" data-testid="settlement-reason">
                {move || match lang.get() { Lang::Zh => "本局作废，积分不变", Lang::En => "The match is void; ratings unchanged" }}
            </p>
        </SettlementCard>
    }
}

/// A server game that ended with no winner (neither player came back): the
/// headline is the translated reason, `detail` the server's reason code.
#[component]
pub fn UnratedSettlement(
    headline: BaifangText,
    detail: String,
    on_close: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <SettlementCard mood="lose" winner=String::new() reason="void".to_string() detail=detail on_review=None on_close=on_close>
            <h2 class="settlement-title" data-testid="online-message">{move || headline.in_lang(lang.get())}</h2>
            <p class="settlement-reason" data-testid="settlement-reason">
                {move || match lang.get() { Lang::Zh => "本局作废，积分不变", Lang::En => "The match is void; ratings unchanged" }}
            </p>
        </SettlementCard>
    }
}

/// An online match that ended while this side could not reach the network
/// itself: nobody can tell who left, so nothing is scored (连接中断，本局未计分).
#[component]
pub fn InterruptedSettlement(on_close: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    view! {
        <SettlementCard mood="lose" winner=String::new() reason="interrupted".to_string() on_review=None on_close=on_close>
            <h2 class="settlement-title" data-testid="online-message">
                {move || BaifangText::Interrupted.in_lang(lang.get())}
            </h2>
        </SettlementCard>
    }
}
