//! A peer-to-peer game as a source of the one [`GameRoom`], drawn from the
//! match session that [`PeerController`] drives: before the match a waiting
//! panel, during it the peer's grace countdown, at the end its settlement.

use leptos::prelude::*;

use engine::baifang::game_link::GameRecord;
use engine::baifang::session::{MatchResult, Stage};
use engine::baifang::Side;

use crate::online::now_ms;
use web_core::i18n::{use_lang, Lang};

use crate::peer::controller::PeerController;
use crate::peer::test_hooks;
use crate::room::rematch::RematchPanel;
use crate::room::settlement::{InterruptedSettlement, Settlement, VoidSettlement};
use crate::room::{GameRoom, RoomSource};
use crate::strings::{banner_text, Audience, BaifangText};
use crate::view_model::board_view;

/// How the room was opened from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerSetup {
    /// 与友对战 (an invitation) rather than 快速匹配.
    pub friend: bool,
}

#[component]
pub fn PeerRoom(
    setup: PeerSetup,
    on_exit: Callback<()>,
    /// Opens the review of the finished match.
    on_review: Callback<GameRecord>,
) -> impl IntoView {
    let lang = use_lang();
    let (ctl, kind) = PeerController::start(setup.friend);
    test_hooks::install(ctl);
    let session = ctl.session;
    let clock = ctl.clock;
    let stage = Memo::new(move |_| session.with(|s| s.stage()));
    let me = Memo::new(move |_| session.with(|s| s.my_side()));
    let view = Memo::new(move |_| {
        session.with(|s| {
            board_view(
                s.state(),
                s.log(),
                ctl.last.get().as_ref(),
                ctl.selection.get(),
                s.my_turn(),
            )
        })
    });
    let my_turn =
        Signal::derive(move || session.with(|s| s.stage() == Stage::Playing && s.my_turn()));
    let waiting =
        Signal::derive(move || session.with(|s| s.stage() == Stage::Playing && !s.my_turn()));
    let hash = move || session.with(|s| engine::baifang::state::hash_hex(s.state().hash()));
    let step_left = Signal::derive(move || {
        let now = clock.get();
        session
            .with(|s| s.step_deadline())
            .map(|d| d.saturating_sub(now) as u32)
    });

    let banner = move || {
        let l = lang.get();
        match stage.get() {
            Stage::Waiting => match l {
                Lang::Zh => "正在匹配对手…".to_string(),
                Lang::En => "Looking for an opponent…".to_string(),
            },
            Stage::Matched => match l {
                Lang::Zh => "已匹配，正在握手…".to_string(),
                Lang::En => "Matched, shaking hands…".to_string(),
            },
            _ => match ctl.message.get() {
                Some(m) if stage.get() == Stage::Finished => m.words(l),
                _ => banner_text(view.with(|v| v.banner), Audience::Player(me.get()), l),
            },
        }
    };
    let banner_kind = Signal::derive(move || match stage.get() {
        Stage::Waiting | Stage::Matched => None,
        _ => Some(view.with(|v| v.banner)),
    });
    let playing = Signal::derive(move || stage.get() == Stage::Playing);
    // The card is drawn once per game's result: the session changes after the end too
    // (a rematch offer), and a redraw would replay the card's sound.
    let ending =
        Memo::new(move |_| session.with(|s| s.result().cloned().map(|r| (s.game_number(), r))));
    // Leaving resigns a game in progress (the loss is recorded before the room goes).
    let leave = Callback::new(move |_| {
        ctl.leave();
        on_exit.run(());
    });
    let source = RoomSource {
        view: view.into(),
        my_side: me.into(),
        waiting,
        formation_key: Signal::derive(move || ctl.applied.get()),
        hint: Signal::derive(Vec::new),
        banner_text: Signal::derive(banner),
        banner: banner_kind,
        step_left,
        my_turn,
        tags: Signal::derive(move || you_tag(me.get())),
        // Each device counts the drops of its peer (shared outages excused); its
        // own drops are the peer's to count, so its own side draws none.
        disconnects: Signal::derive(move || {
            let opponent = me.get().other();
            let peer = session.with(|s| s.peer_disconnects());
            [Side::Black, Side::White].map(|side| (side == opponent).then_some(peer))
        }),
        tap: Callback::new(move |p: u8| ctl.tap(p)),
        can_resign: playing,
        confirm_resign: false,
        leave_resigns: playing,
        leave_keeps: Signal::derive(|| false),
        ask_leave: Signal::derive(|| 0),
        resign: Callback::new(move |_| ctl.drive(|s| s.resign(now_ms()))),
        leave,
    };

    view! {
        <GameRoom source=source class="online-room"
            ready=Signal::derive(move || matches!(stage.get(), Stage::Playing | Stage::Finished))
            before=move || view! { <WaitingPanel ctl=ctl on_exit=on_exit/> }
            panels=move || view! { <PeerName ctl=ctl/> <GraceCountdown ctl=ctl/> }
            ending=move || ending.get().map(|(_, result)| match_end(ctl, result, me.get_untracked(), on_exit, on_review))
            {..} data-online=kind data-stage=move || format!("{:?}", stage.get())
            data-my-side=move || me.get().letter().to_string() data-hash=hash
        />
    }
}

/// The scoreboard tags: "you" on the player's own side.
pub fn you_tag(me: Side) -> [Option<BaifangText>; 2] {
    [Side::Black, Side::White].map(|side| (side == me).then_some(BaifangText::You))
}

/// The opponent's Game Center display name, once matched (tabs give none: their
/// peers are anonymous pages of this browser).
#[component]
fn PeerName(ctl: PeerController) -> impl IntoView {
    let lang = use_lang();
    move || {
        ctl.peer_name.get().map(|name| {
            view! {
                <p class="server-opponent" data-testid="opponent" data-name=name.clone()>
                    {move || BaifangText::Opponent.in_lang(lang.get())} " " {name.clone()}
                </p>
            }
        })
    }
}

/// While the peer is away: the seconds left of its grace.
#[component]
fn GraceCountdown(ctl: PeerController) -> impl IntoView {
    let lang = use_lang();
    let grace_left = move || {
        let now = ctl.clock.get();
        ctl.session
            .with(|s| s.grace_deadline())
            .map(|d| d.saturating_sub(now).div_ceil(1000))
    };
    move || {
        grace_left().map(|secs| view! {
            <p class="notice grace-countdown" data-testid="grace-countdown" data-remaining=secs>
                {move || match lang.get() { Lang::Zh => "对方已断开连接，等待重连 ", Lang::En => "Opponent disconnected, waiting " }}
                {secs} " s"
            </p>
        })
    }
}

/// Before the match: a spinner, any message, and the way out.
#[component]
fn WaitingPanel(ctl: PeerController, on_exit: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="online-wait" data-testid="online-wait">
            <div class="spinner" aria-hidden="true"></div>
            {move || ctl.message.get().map(|m| view! { <p class="notice" data-testid="online-message" role="alert">{move || m.words(lang.get())}</p> })}
            <button class="pill-button" data-testid="online-cancel" on:click=move |_| on_exit.run(())>
                {move || BaifangText::Cancel.in_lang(lang.get())}
            </button>
        </div>
    }
}

/// The settlement once the match has a result: rated (with its review and
/// 再来一局), or void.
fn match_end(
    ctl: PeerController,
    result: MatchResult,
    me: Side,
    on_exit: Callback<()>,
    on_review: Callback<GameRecord>,
) -> AnyView {
    let lang = use_lang();
    let review = Callback::new(move |_| on_review.run(ctl.game_record()));
    let again =
        ViewFn::from(move || view! { <RematchPanel source=ctl.rematch_source() offer=true/> });
    match result {
        MatchResult::Decided(s) | MatchResult::Forfeited { settlement: s, .. } => view! {
            <div class="online-end">
                {move || ctl.message.get().map(|m| view! { <p class="notice online-message" data-testid="online-message" role="status">{move || m.words(lang.get())}</p> })}
                <Settlement winner=s.winner reason=s.reason audience=Audience::Player(me)
                    rating=s.my_rating on_review=review again=again on_close=on_exit/>
            </div>
        }
        .into_any(),
        MatchResult::Void(reason) => view! {
            <VoidSettlement reason=reason on_close=on_exit/>
        }
        .into_any(),
        MatchResult::Interrupted => view! { <InterruptedSettlement on_close=on_exit/> }.into_any(),
    }
}
