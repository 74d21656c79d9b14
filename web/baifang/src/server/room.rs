//! A game on the referee server as a source of the one [`GameRoom`], drawn
//! from the engine's replay of the server's log and the server's step clock;
//! its panels: the opponent's name and rating (a spectator: both players), how
//! many watch, the grace while a side is away, the paused and notice lines; its
//! settlement: both rating changes (a spectator: the result and the review).

use leptos::prelude::*;

use engine::baifang::referee_protocol::GameResult;
use engine::baifang::Side;

use web_core::i18n::use_lang;

use crate::peer::room::you_tag;
use crate::room::settlement::{Settlement, UnratedSettlement};
use crate::room::{GameRoom, RoomSource};
use crate::server::controller::ServerController;
use crate::server::rematch::RematchPanel;
use crate::server::words::{notice_text, unrated_words};
use crate::strings::{banner_text, side_name, Audience, BaifangText};
use crate::view_model::{board_view, BoardView};

#[component]
pub fn ServerRoom(ctl: ServerController) -> impl IntoView {
    let lang = use_lang();
    let client = ctl.client;
    let me = Memo::new(move |_| client.with(|c| c.game().map_or(Side::Black, |g| g.you)));
    let connected = Memo::new(move |_| client.with(|c| c.connected()));
    let over = Memo::new(move |_| client.with(|c| c.game().is_none_or(|g| g.result.is_some())));
    let spectator = Memo::new(move |_| client.with(|c| c.game().is_some_and(|g| g.spectator)));
    let audience = move || match spectator.get() {
        true => Audience::Both,
        false => Audience::Player(me.get()),
    };
    let view = Memo::new(move |_| {
        client.with(|c| match c.game() {
            Some(g) => board_view(
                g.game.state(),
                g.game.log(),
                g.last.as_ref(),
                ctl.selection.get(),
                g.my_turn() && c.connected(),
            ),
            None => board_view(&Default::default(), &[], None, None, false),
        })
    });
    let mover = Signal::derive(move || view.with(|v| v.to_move));
    let waiting = Signal::derive(move || {
        !over.get() && !spectator.get() && view.with(|v: &BoardView| v.to_move) != me.get()
    });
    let step_left = Signal::derive(move || {
        let now = ctl.clock.get();
        client
            .with(|c| c.game().and_then(|g| g.turn_left_ms(now)))
            .map(|t| t.min(u32::MAX as u64) as u32)
    });
    let banner = move || {
        let l = lang.get();
        if !connected.get() && !over.get() {
            return BaifangText::ServerReconnecting.in_lang(l).to_string();
        }
        banner_text(view.with(|v| v.banner), audience(), l)
    };
    // Leaving a game in progress resigns it (the settlement follows); after the end it goes back.
    let leave = Callback::new(move |_| {
        if spectator.get_untracked() {
            ctl.leave_watching();
        } else if over.get_untracked() {
            ctl.leave_game();
        } else {
            ctl.resign();
        }
    });
    let hash = move || {
        client.with(|c| {
            c.game()
                .map(|g| engine::baifang::state::hash_hex(g.game.state().hash()))
        })
    };
    let actions = move || client.with(|c| c.game().map_or(0, |g| g.game.log().len()));
    // The card is drawn once per result: the client changes on every message (a rematch
    // offer, a pong) and a redraw would replay the card's sound.
    let ending = Memo::new(move |_| {
        client.with(|c| {
            c.game()
                .and_then(|g| g.result.clone().map(|r| (g.id.clone(), r, g.you)))
        })
    });
    let source = RoomSource {
        view: view.into(),
        my_side: me.into(),
        waiting,
        formation_key: Signal::derive(move || ctl.applied.get()),
        hint: Signal::derive(Vec::new),
        banner_text: Signal::derive(banner),
        banner: Signal::derive(move || Some(view.with(|v| v.banner))),
        step_left,
        my_turn: Signal::derive(move || !over.get() && !spectator.get() && mover.get() == me.get()),
        tags: Signal::derive(move || match spectator.get() {
            true => [None, None],
            false => you_tag(me.get()),
        }),
        // The referee counts both sides' drops in the game's own state.
        disconnects: Signal::derive(move || {
            view.with(|v: &BoardView| v.scores.map(|s| Some(s.disconnects)))
        }),
        tap: Callback::new(move |p: u8| ctl.tap(p)),
        can_resign: Signal::derive(move || !over.get() && !spectator.get()),
        confirm_resign: true,
        leave_resigns: Signal::derive(move || !over.get() && !spectator.get()),
        leave_keeps: Signal::derive(|| false),
        ask_leave: Signal::derive(|| 0),
        resign: Callback::new(move |_| ctl.resign()),
        leave,
    };

    view! {
        <GameRoom source=source class="online-room server-room"
            panels=move || view! {
                <Players ctl=ctl/>
                {move || client.with(|c| c.game().is_some_and(|g| g.paused && g.result.is_none())).then(|| view! {
                    <p class="notice" data-testid="server-paused" role="status">
                        {move || BaifangText::ServerRecovering.in_lang(lang.get())}
                    </p>
                })}
                {move || ctl.notice.get().map(|n| view! {
                    <p class="notice" data-testid="server-notice">{notice_text(&n, lang.get())}</p>
                })}
            }
            ending=move || ending.get().map(|(_, result, me)| match spectator.get_untracked() {
                true => watched_end(ctl, result),
                false => server_end(ctl, result, me),
            })
            {..} data-online="server"
            data-stage=move || if over.get() { "Finished" } else { "Playing" }
            data-connected=move || connected.get().to_string()
            data-my-side=move || me.get().letter().to_string() data-to-move=move || mover.get().letter().to_string()
            data-hash=hash data-actions=actions
            data-spectator=move || spectator.get().to_string()
            data-game-id=move || client.with(|c| c.game().map(|g| g.id.clone()))
        />
    }
}

/// The opponent's name and rating, and the grace left while they are away.
#[component]
fn Players(ctl: ServerController) -> impl IntoView {
    let lang = use_lang();
    let opponent = Memo::new(move |_| {
        ctl.client
            .with(|c| c.game().map(|g| (g.opponent().clone(), g.you.other())))
    });
    // The grace of the side that is away: the opponent's, or for a spectator either side's.
    let grace = move || {
        let now = ctl.clock.get();
        ctl.client.with(|c| {
            let g = c.game().filter(|g| g.result.is_none())?;
            let sides = match g.spectator {
                true => vec![Side::Black, Side::White],
                false => vec![g.you.other()],
            };
            sides.into_iter().find_map(|side| {
                let secs = g.grace_left_ms(side, now)?.div_ceil(1000);
                Some((side, g.spectator, secs))
            })
        })
    };
    let spectating = move || {
        ctl.client
            .with(|c| c.game().filter(|g| g.spectator).map(|g| g.players.clone()))
    };
    let watchers = move || ctl.client.with(|c| c.game().map_or(0, |g| g.watchers));
    view! {
        {move || spectating().map(|players| view! {
            <p class="server-opponent" data-testid="spectating" data-black=players[0].name.clone()
                data-white=players[1].name.clone()>
                {move || BaifangText::WatchingGame.in_lang(lang.get())} " · "
                {move || side_name(Side::Black, lang.get())} " " {players[0].name.clone()} " (" {players[0].rating} ") · "
                {move || side_name(Side::White, lang.get())} " " {players[1].name.clone()} " (" {players[1].rating} ")"
            </p>
        })}
        {move || opponent.get().filter(|_| spectating().is_none()).map(|(p, side)| view! {
            <p class="server-opponent" data-testid="opponent" data-name=p.name.clone() data-rating=p.rating
                data-side=side.letter().to_string()>
                {move || BaifangText::Opponent.in_lang(lang.get())} " " {p.name.clone()} " · "
                {move || BaifangText::Rating.in_lang(lang.get())} " " {p.rating}
            </p>
        })}
        {move || ctl.client.with(|c| c.game().filter(|g| !g.spectator && g.result.is_none()).map(|g| g.id.clone())).map(|id| view! {
            <a class="server-watch-link" data-testid="watch-link"
                href=web_core::nav::share_link_here_as("watch", &id) target="_blank" rel="noopener">
                {move || BaifangText::WatchLink.in_lang(lang.get())}
            </a>
        })}
        {move || (watchers() > 0).then(|| view! {
            <p class="server-watchers" data-testid="watchers" data-count=watchers role="status">
                {watchers} " " {move || BaifangText::WatchersCount.in_lang(lang.get())}
            </p>
        })}
        {move || grace().map(|(side, spectator, secs)| view! {
            <p class="notice grace-countdown" data-testid="grace-countdown" data-remaining=secs
                data-side=side.letter().to_string()>
                {move || match spectator {
                    true => format!("{} {}", side_name(side, lang.get()), BaifangText::SideAway.in_lang(lang.get())),
                    false => BaifangText::OpponentAway.in_lang(lang.get()).to_string(),
                }} " " {secs} " s"
            </p>
        })}
    }
}

/// A watched game's end: who won and why, and the game in the review.
fn watched_end(ctl: ServerController, result: GameResult) -> AnyView {
    let back = Callback::new(move |_| ctl.leave_watching());
    let review = Callback::new(move |_| ctl.review_watched());
    match (result.winner, result.reason.engine_reason()) {
        (Some(winner), Some(reason)) => view! {
            <Settlement winner=winner.0 reason=reason audience=Audience::Both
                on_review=review on_close=back/>
        }
        .into_any(),
        _ => view! {
            <UnratedSettlement headline=BaifangText::Abandoned
                detail=result.reason.name().to_string() on_close=back/>
        }
        .into_any(),
    }
}

/// The settlement once the server settled the game: both rating changes, and 再来一局.
fn server_end(ctl: ServerController, result: GameResult, me: Side) -> AnyView {
    let back = Callback::new(move |_| ctl.leave_game());
    let mine = result.ratings[me.idx()];
    let theirs = result.ratings[me.other().idx()];
    match (result.winner, result.reason.engine_reason()) {
        (Some(winner), Some(reason)) => view! {
            <Settlement winner=winner.0 reason=reason audience=Audience::Player(me)
                rating=(mine.before, mine.after) opponent_rating=(theirs.before, theirs.after)
                unrated=result.unrated.map(unrated_words) on_close=back
                again=ViewFn::from(move || view! { <RematchPanel ctl=ctl offer=true/> })/>
        }
        .into_any(),
        _ => view! {
            <UnratedSettlement headline=BaifangText::Abandoned
                detail=result.reason.name().to_string() on_close=back/>
        }
        .into_any(),
    }
}
