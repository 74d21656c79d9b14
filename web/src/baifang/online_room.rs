//! The online game room's view: the same board, scoreboards, header, menu and
//! settlement as the local room, drawn from the match session that
//! [`OnlineController`] drives; before the match, a waiting panel.

use leptos::prelude::*;

use engine::baifang::game_link::GameRecord;
use engine::baifang::session::{MatchResult, Stage};
use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::Side;

use crate::host::haptics::{self, Haptic};
use crate::i18n::{use_lang, Lang};
use crate::online::now_ms;

use super::board::Board;
use super::online_controller::OnlineController;
use super::online_test_hooks;
use super::room_header::RoomHeader;
use super::room_menu::RoomMenu;
use super::scoreboard::ScoreBoard;
use super::settlement::{InterruptedSettlement, Settlement, VoidSettlement};
use super::strings::{banner_text, Audience, BaifangText};
use super::view_model::board_view;

/// How the room was opened from the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineSetup {
    /// 与友对战 (an invitation) rather than 快速匹配.
    pub friend: bool,
}

#[component]
pub fn OnlineRoom(
    setup: OnlineSetup,
    on_exit: Callback<()>,
    /// Opens the review of the finished match.
    on_review: Callback<GameRecord>,
) -> impl IntoView {
    let lang = use_lang();
    let (ctl, kind) = OnlineController::start(setup.friend);
    online_test_hooks::install(ctl);
    let session = ctl.session;
    let clock = ctl.clock;
    let refused = RwSignal::new(None::<(u8, u32)>);

    let stage = Memo::new(move |_| session.with(|s| s.stage()));
    let me = Memo::new(move |_| session.with(|s| s.my_side()));
    let view = Memo::new(move |_| {
        session.with(|s| {
            board_view(
                s.state(),
                ctl.last.get().as_ref(),
                ctl.selection.get(),
                s.my_turn(),
            )
        })
    });
    let mover = Signal::derive(move || view.with(|v| v.to_move));
    let waiting =
        Signal::derive(move || session.with(|s| s.stage() == Stage::Playing && !s.my_turn()));
    let hash = move || session.with(|s| engine::baifang::state::hash_hex(s.state().hash()));
    let on_tap = Callback::new(move |p: u8| {
        if !ctl.tap(p) {
            haptics::play(Haptic::Bump);
            refused.update(|r| *r = Some((p, r.map_or(0, |(_, n)| n + 1))));
        }
    });

    let remaining = Signal::derive(move || {
        let now = clock.get();
        session
            .with(|s| s.step_deadline())
            .map_or(STEP_TIME_LIMIT_MS, |d| d.saturating_sub(now) as u32)
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
    let score = move |side: Side| Signal::derive(move || view.with(|v| v.scores[side as usize]));
    let tag = move |side: Side| {
        if side == me.get_untracked() {
            Some(BaifangText::You)
        } else {
            None
        }
    };
    let menu_open = RwSignal::new(false);
    let resign = Callback::new(move |_| ctl.drive(|s| s.resign(now_ms())));
    // Leaving resigns a game in progress (the loss is recorded before the room goes).
    let leave = Callback::new(move |_| {
        ctl.leave();
        on_exit.run(());
    });

    view! {
        <div class="room online-room" class:capture-mode=move || view.with(|v| v.capture_mode)
            data-testid="room" data-online=kind data-stage=move || format!("{:?}", stage.get())
            data-my-side=move || me.get().letter().to_string() data-hash=hash>
            <div class="capture-veil" aria-hidden="true"></div>
            <RoomHeader
                menu_open=menu_open
                text=Signal::derive(banner)
                banner=banner_kind
                clock=Signal::derive(move || stage.get() == Stage::Playing)
                remaining_ms=remaining
            />
            <GraceCountdown ctl=ctl/>
            <Show when=move || matches!(stage.get(), Stage::Playing | Stage::Finished)
                fallback=move || view! { <WaitingPanel ctl=ctl on_exit=on_exit/> }>
                <div class="room-stage">
                    <ScoreBoard side=Side::White score=score(Side::White) tag=tag(Side::White)/>
                    <div class="board-wrap">
                        <Board view=view mover=mover waiting=waiting refused=refused
                            formation_key=Signal::derive(move || ctl.applied.get()) hint=Signal::derive(Vec::new) on_tap=on_tap/>
                    </div>
                    <ScoreBoard side=Side::Black score=score(Side::Black) tag=tag(Side::Black)/>
                </div>
            </Show>

            <RoomMenu
                open=menu_open
                can_resign=Signal::derive(move || stage.get() == Stage::Playing)
                confirm=false
                leave_resigns=Signal::derive(move || stage.get() == Stage::Playing)
                on_resign=resign
                on_leave=leave
            />

            {move || match_end(ctl, me.get_untracked(), on_exit, on_review)}
        </div>
    }
}

/// While the peer is away: the seconds left of its grace.
#[component]
fn GraceCountdown(ctl: OnlineController) -> impl IntoView {
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
fn WaitingPanel(ctl: OnlineController, on_exit: Callback<()>) -> impl IntoView {
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

/// The settlement once the match has a result: rated (with its review), or void.
fn match_end(
    ctl: OnlineController,
    me: Side,
    on_exit: Callback<()>,
    on_review: Callback<GameRecord>,
) -> Option<AnyView> {
    let result = ctl.session.with(|s| s.result().cloned())?;
    let lang = use_lang();
    let review = Callback::new(move |_| on_review.run(ctl.game_record()));
    Some(match result {
        MatchResult::Decided(s) | MatchResult::Forfeited { settlement: s, .. } => view! {
            <div class="online-end">
                {ctl.message.get().map(|m| view! { <p class="notice online-message" data-testid="online-message" role="status">{move || m.words(lang.get())}</p> })}
                <Settlement winner=s.winner reason=s.reason audience=Audience::Player(me)
                    rating=s.my_rating on_review=review on_close=on_exit/>
            </div>
        }
        .into_any(),
        MatchResult::Void(reason) => view! {
            <VoidSettlement reason=reason on_close=on_exit/>
        }
        .into_any(),
        MatchResult::Interrupted => view! { <InterruptedSettlement on_close=on_exit/> }.into_any(),
    })
}
