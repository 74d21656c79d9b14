//! The online room's controller: the engine's [`MatchSession`] between the page's
//! [`Transport`] and the room. Every transport event and tap becomes a session
//! input; the session's commands (send, disconnect, UI events) are carried out
//! here, and the record is updated when a rated match ends. Leaving a game in
//! progress is a loss: the record holds that loss from the game's start until
//! the real result replaces it.

use std::rc::Rc;

use leptos::prelude::*;

use engine::baifang::game_link::GameRecord;
use engine::baifang::rematch::RematchEnd;
use engine::baifang::session::{
    MatchResult, MatchSession, Player, SessionCommand, Settlement, UiEvent,
};
use engine::baifang::{ActionOutcome, Reason, Side};

use crate::online::{
    avoid_store, now_ms, page_transport, secure_random, Transport, TransportEvent,
};
use web_core::i18n::Lang;

use crate::board::tap::tap_intent;
use crate::online::host::SignInFailure;
use crate::profile::{self, Profile, RecentMatch};
use crate::review::recent::{self, Mode};
use crate::room::feel::feel;
use crate::room::rematch::RematchSource;
use crate::room::remote_tap::apply_remote_tap;
use crate::strings::{sign_in_text, BaifangText};

/// What the room tells the player outside the board's banner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineNotice {
    /// Game Center sign-in failed: Baifang online needs a signed-in player,
    /// there is no guest play.
    SignIn(SignInFailure),
    /// The host could not find a match (its own message goes to the console).
    MatchmakingFailed,
    /// The match was voided.
    DataError,
    /// The opponent left for good and this player won.
    PeerLeft,
    /// The opponent aborted mid-game or sent data that failed verification:
    /// their loss.
    PeerForfeited,
    /// Online play cannot start in this browser; the browser's own reason
    /// (an API's error, kept as the browser gave it) follows the words.
    Unavailable(String),
}

impl OnlineNotice {
    /// The notice in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        let text = match self {
            OnlineNotice::SignIn(why) => sign_in_text(*why),
            OnlineNotice::MatchmakingFailed => BaifangText::MatchmakingFailed,
            OnlineNotice::DataError => BaifangText::DataError,
            OnlineNotice::PeerForfeited => BaifangText::PeerForfeited,
            OnlineNotice::PeerLeft => BaifangText::PeerLeft,
            OnlineNotice::Unavailable(why) => {
                return format!("{}{why}", BaifangText::OnlineUnavailable.in_lang(lang))
            }
        };
        text.in_lang(lang).to_string()
    }
}

/// The online room's controller: every handle its callbacks share (all `Copy`).
#[derive(Clone, Copy)]
pub struct PeerController {
    pub session: RwSignal<MatchSession>,
    transport: StoredValue<Option<Rc<dyn Transport>>, LocalStorage>,
    /// What the last applied action did (formations to outline).
    pub last: RwSignal<Option<ActionOutcome>>,
    /// The stone this player picked up (moving phase).
    pub selection: RwSignal<Option<u8>>,
    /// A notice for the player (sign-in refused, matchmaking failed, how it ended).
    pub message: RwSignal<Option<OnlineNotice>>,
    profile: RwSignal<Profile>,
    /// The peer's Game Center display name (`None` over tabs, or before the match).
    pub peer_name: RwSignal<Option<String>>,
    /// The loss the stored record holds while the running game lasts.
    held_loss: StoredValue<Option<RecentMatch>>,
    friend: bool,
    /// Bumped on every applied action (the board's formation animation key).
    pub applied: RwSignal<usize>,
    /// The page clock as the room last saw it (for the clocks' countdowns).
    pub clock: RwSignal<u64>,
    /// Why the last rematch offer ended without a game.
    rematch_ended: RwSignal<Option<RematchEnd>>,
}

impl PeerController {
    /// Connects to the page's transport, lets the session see the clock every
    /// 200 ms, and disconnects when the room goes away. Returns the transport's
    /// kind (`host` or `tabs`).
    pub fn start(friend: bool) -> (PeerController, &'static str) {
        let stored = profile::load().profile().clone();
        let ctl = PeerController {
            session: RwSignal::new(MatchSession::new(Player {
                id: String::new(),
                rating: stored.rating,
                games: stored.games,
            })),
            transport: StoredValue::new_local(None),
            last: RwSignal::new(None),
            selection: RwSignal::new(None),
            message: RwSignal::new(None),
            profile: RwSignal::new(stored),
            peer_name: RwSignal::new(None),
            held_loss: StoredValue::new(None),
            friend,
            applied: RwSignal::new(0),
            clock: RwSignal::new(now_ms()),
            rematch_ended: RwSignal::new(None),
        };
        let transport = page_transport(Rc::new(move |e| ctl.on_transport(e)));
        transport.start();
        let kind = transport.kind();
        ctl.transport.set_value(Some(transport));

        // Time is an input: every 200 ms the session sees the clock (step timeouts, handshake).
        let interval = gloo_timers::callback::Interval::new(200, move || {
            let now = now_ms();
            ctl.clock.set(now);
            ctl.drive(|s| s.tick(now));
        });
        let interval = send_wrapper::SendWrapper::new(interval);
        on_cleanup(move || {
            drop(interval);
            // The room goes away (back button, another screen): leaving is resigning.
            ctl.leave();
            ctl.with_transport(|t| t.disconnect());
        });
        (ctl, kind)
    }

    /// The transport's kind (`host` or `tabs`; empty before it exists).
    pub fn transport_kind(self) -> &'static str {
        self.transport
            .with_value(|t| t.as_ref().map_or("", |t| t.kind()))
    }

    pub fn with_transport(self, f: impl FnOnce(&dyn Transport)) {
        self.transport.with_value(|t| {
            if let Some(t) = t {
                f(t.as_ref())
            }
        });
    }

    /// This player leaves: during a game that is resigning (the loss is recorded
    /// now, the resignation sent if the network carries it); before one, the
    /// search is given up.
    pub fn leave(self) {
        self.drive(|s| s.leave(now_ms()));
    }

    /// Runs one session input and carries out its commands.
    pub fn drive(self, f: impl FnOnce(&mut MatchSession) -> Vec<SessionCommand>) {
        let Some(effects) = self.session.try_update_untracked(f) else {
            return;
        };
        if effects.is_empty() {
            return;
        }
        self.session.notify();
        self.run(effects);
    }

    fn run(self, effects: Vec<SessionCommand>) {
        for e in effects {
            match e {
                SessionCommand::Send(m) => self.with_transport(|t| t.send(&m)),
                SessionCommand::Disconnect => self.with_transport(|t| t.disconnect()),
                SessionCommand::Ui(u) => self.ui(u),
            }
        }
    }

    fn ui(self, u: UiEvent) {
        match u {
            UiEvent::Applied {
                action, outcome, ..
            } => {
                self.last.set(Some(outcome));
                self.selection.set(None);
                self.applied.update(|n| *n += 1);
                feel(action, &outcome);
            }
            UiEvent::PeerAway { deadline } => {
                // The grace ends exactly at its deadline, not at the next tick.
                let wait = deadline.saturating_sub(now_ms());
                gloo_timers::callback::Timeout::new(wait as u32, move || {
                    self.drive(|s| s.tick(now_ms()));
                })
                .forget();
            }
            UiEvent::LostBeforeStart | UiEvent::PeerAbandoned { .. } => {
                if let UiEvent::PeerAbandoned { peer } = &u {
                    let avoided = avoid_store::record_abandon(peer, now_ms());
                    self.with_transport(|t| t.set_avoided(avoided));
                }
                // Back to the lobby of the transport (already released): look again.
                let (rating, friend) = (self.profile.get_untracked().rating, self.friend);
                self.with_transport(|t| t.find_match(rating, friend));
            }
            UiEvent::Finished(outcome) => self.finish(&outcome),
            UiEvent::Superseded { .. } => self.selection.set(None),
            UiEvent::Started { .. } => self.start_game(),
            UiEvent::RematchEnded(why) => self.rematch_ended.set(Some(why)),
            UiEvent::Matched { .. } | UiEvent::PeerBack | UiEvent::RematchOffered { .. } => {}
        }
    }

    /// A game starts, the first or a rematch: the last game's marks go.
    fn start_game(self) {
        self.last.set(None);
        self.selection.set(None);
        self.message.set(None);
        self.rematch_ended.set(None);
        self.hold_loss();
    }

    /// 再来一局 over this connection: the room's rematch part reads the session's
    /// offer and answers through it.
    pub fn rematch_source(self) -> RematchSource {
        let session = self.session;
        let offer = Callback::new(move |_| self.drive(|s| s.offer_rematch(now_ms())));
        let decline = Callback::new(move |_| self.drive(|s| s.decline_rematch()));
        RematchSource {
            pending: Signal::derive(move || session.with(|s| s.rematch_offer())),
            can_offer: Signal::derive(move || session.with(|s| s.can_offer_rematch())),
            ended: self.rematch_ended.into(),
            clock: self.clock.into(),
            offer,
            withdraw: decline,
            answer: Callback::new(move |accept: bool| {
                if accept {
                    offer.run(())
                } else {
                    decline.run(())
                }
            }),
        }
    }

    /// Leaving is a loss, and a page that is closed or killed runs no code: so
    /// from the game's start the stored record already holds the loss leaving
    /// would give. [`Self::finish`] puts the real result in its place.
    fn hold_loss(self) {
        let Some(loss) = self.session.with_untracked(|s| s.loss_if_left()) else {
            return;
        };
        let held = self.recent_match(&loss);
        let mut p = profile::load().profile().clone();
        p.record(held.clone());
        profile::save(&p);
        self.held_loss.set_value(Some(held));
    }

    /// The stored record without this game's held loss.
    fn record_without_held_loss(self) -> Profile {
        let mut p = profile::load().profile().clone();
        if let Some(held) = self.held_loss.try_update_value(Option::take).flatten() {
            p.unrecord(&held);
        }
        p
    }

    /// The game as the review and the recent games keep it: the player's
    /// nickname and the peer's name on their sides.
    pub fn game_record(self) -> GameRecord {
        let nickname = self.profile.with_untracked(|p| p.nickname.clone());
        let peer = self.peer_label();
        self.session.with_untracked(|s| {
            let mut labels = [nickname.as_str(), peer.as_str()];
            if s.my_side() == Side::White {
                labels.swap(0, 1);
            }
            GameRecord::new(labels, s.log().to_vec())
        })
    }

    /// The peer as the record names it: its Game Center display name, else its id.
    fn peer_label(self) -> String {
        self.peer_name.get_untracked().unwrap_or_else(|| {
            self.session
                .with_untracked(|x| x.peer_id().unwrap_or("").to_string())
        })
    }

    fn recent_match(self, s: &Settlement) -> RecentMatch {
        RecentMatch {
            peer: self.peer_label(),
            won: s.won,
            reason: s.reason.name().to_string(),
            rating_before: s.my_rating.0,
            rating_after: s.my_rating.1,
        }
    }

    fn finish(self, outcome: &MatchResult) {
        match outcome {
            MatchResult::Void(_) | MatchResult::Interrupted => {
                if matches!(outcome, MatchResult::Void(_)) {
                    self.message.set(Some(OnlineNotice::DataError));
                }
                // Not scored: the held loss goes.
                if self.held_loss.with_value(Option::is_some) {
                    profile::save(&self.record_without_held_loss());
                }
            }
            MatchResult::Decided(s) | MatchResult::Forfeited { settlement: s, .. } => {
                if let MatchResult::Forfeited { .. } = outcome {
                    self.message.set(Some(OnlineNotice::PeerForfeited));
                    // A peer that forfeits is not matched again for a while.
                    let peer = self
                        .session
                        .with_untracked(|x| x.peer_id().unwrap_or("").to_string());
                    let avoided = avoid_store::record_abandon(&peer, now_ms());
                    self.with_transport(|t| t.set_avoided(avoided));
                } else if s.won && s.reason == Reason::Disconnect {
                    self.message.set(Some(OnlineNotice::PeerLeft));
                }
                recent::remember(&self.game_record(), Mode::Online, None);
                let mut p = self.record_without_held_loss();
                p.record(self.recent_match(s));
                profile::save(&p);
                self.profile.set(p);
                self.with_transport(|t| t.submit_score(s.my_rating.1));
            }
        }
    }

    fn on_transport(self, e: TransportEvent) {
        let now = now_ms();
        match e {
            TransportEvent::Ready { player_id, name } => {
                if let Some(name) = name {
                    self.take_name(name);
                }
                let p = self.profile.get_untracked();
                self.session.set(MatchSession::new(Player {
                    id: player_id,
                    rating: p.rating,
                    games: p.games,
                }));
                let friend = self.friend;
                let avoided = avoid_store::load().avoided(now);
                self.with_transport(|t| {
                    t.set_avoided(avoided);
                    t.find_match(p.rating, friend)
                });
            }
            TransportEvent::AuthFailed(why) => self.message.set(Some(OnlineNotice::SignIn(why))),
            TransportEvent::MatchFailed(why) => {
                leptos::logging::log!("matchmaking failed: {why}");
                self.message.set(Some(OnlineNotice::MatchmakingFailed))
            }
            TransportEvent::Matched { peer, peer_name } => match secure_random() {
                Ok(secret) => {
                    self.peer_name.set(peer_name);
                    self.drive(|s| s.on_matched(&peer, secret, now))
                }
                Err(why) => {
                    self.with_transport(|t| t.disconnect());
                    self.unavailable(&why);
                }
            },
            TransportEvent::Data(d) => self.drive(|s| s.on_data(d.as_bytes(), now)),
            TransportEvent::PeerDisconnected => self.drive(|s| s.on_peer_disconnected(now)),
            TransportEvent::PeerReconnected => self.drive(|s| s.on_peer_reconnected(now)),
            TransportEvent::Background => self.drive(|s| s.on_local_background(now)),
            TransportEvent::Foreground => self.drive(|s| s.on_local_foreground(now)),
            TransportEvent::Unavailable(why) => self.unavailable(&why),
            TransportEvent::LocalNetwork(online) => self.drive(|s| s.on_local_network(online, now)),
            TransportEvent::PeerRating(r) => self
                .session
                .update_untracked(|s| s.on_peer_rating_checked(r)),
        }
    }

    /// Signed in to Game Center: its display name becomes the profile's name (the
    /// lobby, the records and the reviews show it; Game Center is the identity on
    /// iPhone, so its name wins over the default).
    fn take_name(self, name: String) {
        let mut p = profile::load().profile().clone();
        if p.nickname != name {
            p.nickname = name;
            profile::save(&p);
        }
        self.profile.update(|q| q.nickname = p.nickname);
    }

    /// Online play cannot start here: say why (the lobby's other modes work).
    fn unavailable(self, why: &str) {
        self.message
            .set(Some(OnlineNotice::Unavailable(why.to_string())));
    }

    /// A tap on point `p` by this player: whether it meant something.
    pub fn tap(self, p: u8) -> bool {
        let (state, mine) = self.session.with_untracked(|s| (*s.state(), s.my_turn()));
        if !mine {
            return false;
        }
        let intent = tap_intent(&state, self.selection.get_untracked(), p);
        apply_remote_tap(self.selection, intent, |action| {
            let mut ok = true;
            self.drive(|s| match s.play(action, now_ms()) {
                Ok(e) => e,
                Err(_) => {
                    ok = false;
                    Vec::new()
                }
            });
            ok
        })
    }
}
