//! The GameKit host transport: the native iOS wrapper (or the mock host) over
//! the bridge. Game Center does the matchmaking and the reliable delivery.
//!
//! GameKit may deliver the peer's first packet before the match is announced
//! (`matchFound`); such packets are kept (up to [`EARLY_PACKETS`]) and handed on
//! right after the match, in order.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value};

use engine::baifang::referee_protocol::clean_name;

use super::{EventSink, Transport, TransportEvent};
use web_core::host::bridge;

/// Game Center's player group for standard 5×5 Baifang (players of other rule
/// variants, in other groups, never meet them).
pub const PLAYER_GROUP: u32 = 1;
/// Packets kept from before `matchFound` (a peer sends one hello, so a few
/// are plenty; more are dropped oldest first and the handshake fails cleanly).
pub const EARLY_PACKETS: usize = 8;
/// How long the page waits for the `authenticate` reply before it says Game Center
/// did not answer. The host answers `unavailable` after the same time (GameKit may
/// never call back); the page's own timer covers a host that does not.
pub const SIGN_IN_WAIT_MS: u32 = 45_000;
/// The detail of the host's `unavailable` answer when GameKit did not answer in time.
pub const NO_ANSWER_DETAIL: &str = "Game Center did not answer";

/// Why Game Center sign-in failed: the codes of the `authenticate` call's
/// `errors` in messages.json. Only `Refused` means the player said no; the
/// others leave online play unavailable for a reason the player can act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInFailure {
    Refused,
    Offline,
    Restricted,
    Unrecognized,
    Unavailable,
    /// Not a host code: no answer within [`SIGN_IN_WAIT_MS`] (the host's time-out
    /// answer, or the page's own timer when even that never came).
    NoAnswer,
}

impl SignInFailure {
    pub const ALL: [SignInFailure; 5] = [
        SignInFailure::Refused,
        SignInFailure::Offline,
        SignInFailure::Restricted,
        SignInFailure::Unrecognized,
        SignInFailure::Unavailable,
    ];

    pub fn code(self) -> &'static str {
        match self {
            SignInFailure::Refused => "refused",
            SignInFailure::Offline => "offline",
            SignInFailure::Restricted => "restricted",
            SignInFailure::Unrecognized => "unrecognized",
            SignInFailure::Unavailable | SignInFailure::NoAnswer => "unavailable",
        }
    }

    /// The code of a rejected `authenticate` ("<code>: <detail>"); any other
    /// text is `Unavailable`.
    pub fn from_error(text: &str) -> SignInFailure {
        let mut parts = text.splitn(2, ':');
        let code = parts.next().unwrap_or("").trim();
        if code == "unavailable" && parts.next().map(str::trim) == Some(NO_ANSWER_DETAIL) {
            return SignInFailure::NoAnswer;
        }
        SignInFailure::ALL
            .into_iter()
            .find(|f| f.code() == code)
            .unwrap_or(SignInFailure::Unavailable)
    }
}

#[derive(Default)]
struct State {
    me: Option<String>,
    peer: Option<String>,
    /// Peers a quick match must not be with, and the last quick match's rating
    /// (to search again after refusing one of them).
    avoided: Vec<String>,
    quick_rating: Option<i32>,
    /// (playerID, data) received before `matchFound`, oldest first.
    early: Vec<(String, String)>,
}

pub struct HostTransport {
    sink: EventSink,
    state: Rc<RefCell<State>>,
}

impl HostTransport {
    pub fn new(sink: EventSink) -> HostTransport {
        let state = Rc::new(RefCell::new(State::default()));
        let (s, events) = (state.clone(), sink.clone());
        bridge::listen(move |kind, payload| {
            let text = |k: &str| {
                payload
                    .get(k)
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string()
            };
            let event = match kind {
                "matchFound" => {
                    let me = s.borrow().me.clone().unwrap_or_default();
                    let (peer, peer_name) = match peer_of(payload, &me) {
                        Some((id, name)) => (Some(id), name),
                        None => (None, None),
                    };
                    let refuse = {
                        let st = s.borrow();
                        st.quick_rating
                            .zip(peer.as_ref())
                            .filter(|(_, p)| st.avoided.contains(p))
                    };
                    if let Some((rating, _)) = refuse {
                        // Game Center paired us with a peer that abandoned a
                        // draw with us: leave that match and search again.
                        s.borrow_mut().early.clear();
                        bridge::call("disconnect", json!({}), move |_| {
                            bridge::call(
                                "findMatch",
                                json!({ "playerGroup": PLAYER_GROUP, "rating": rating }),
                                |_| {},
                            );
                        });
                        return;
                    }
                    match peer {
                        Some(peer) => {
                            let early = {
                                let mut st = s.borrow_mut();
                                st.peer = Some(peer.clone());
                                std::mem::take(&mut st.early)
                            };
                            events(TransportEvent::Matched {
                                peer: peer.clone(),
                                peer_name,
                            });
                            for (from, data) in early {
                                if from == peer {
                                    events(TransportEvent::Data(data));
                                }
                            }
                            return;
                        }
                        None => TransportEvent::MatchFailed("no peer in the match".into()),
                    }
                }
                "matchFailed" => TransportEvent::MatchFailed(text("message")),
                "dataReceived" => {
                    let from = text("playerID");
                    let peer = s.borrow().peer.clone();
                    match peer {
                        Some(peer) if peer == from => TransportEvent::Data(text("data")),
                        Some(_) => return,
                        None => {
                            // Before matchFound: keep it for the match being set up.
                            keep_early(&mut s.borrow_mut().early, from, text("data"));
                            return;
                        }
                    }
                }
                "playerStateChanged" => {
                    if s.borrow().peer.as_deref() != Some(text("playerID").as_str()) {
                        return;
                    }
                    if text("state") == "disconnected" {
                        TransportEvent::PeerDisconnected
                    } else {
                        TransportEvent::PeerReconnected
                    }
                }
                "networkChanged" => TransportEvent::LocalNetwork(
                    payload
                        .get("online")
                        .and_then(Value::as_bool)
                        .unwrap_or(true),
                ),
                "peerRating" => {
                    let rating = payload.get("rating").and_then(Value::as_f64);
                    match rating {
                        Some(r)
                            if s.borrow().peer.as_deref() == Some(text("playerID").as_str()) =>
                        {
                            TransportEvent::PeerRating(
                                r.round().clamp(i32::MIN as f64, i32::MAX as f64) as i32,
                            )
                        }
                        _ => return,
                    }
                }
                "appBackground" => TransportEvent::Background,
                "appForeground" => TransportEvent::Foreground,
                _ => return,
            };
            events(event);
        });
        HostTransport { sink, state }
    }
}

/// A player's Game Center display name as the page shows it: cleaned like a name
/// the referee server accepts; `None` when missing or unusable (then the page keeps
/// its own name for the player, or the id for a peer).
fn display_name(player: &Value) -> Option<String> {
    player
        .get("displayName")
        .and_then(Value::as_str)
        .and_then(clean_name)
}

/// The peer of a `matchFound`: the first player that is not `me`, with its
/// display name.
fn peer_of(payload: &Value, me: &str) -> Option<(String, Option<String>)> {
    payload
        .get("players")
        .and_then(Value::as_array)?
        .iter()
        .find_map(|p| {
            let id = p.get("playerID").and_then(Value::as_str)?;
            (id != me).then(|| (id.to_string(), display_name(p)))
        })
}

/// Keeps one packet from before the match, dropping the oldest beyond
/// [`EARLY_PACKETS`].
fn keep_early(early: &mut Vec<(String, String)>, from: String, data: String) {
    early.push((from, data));
    if early.len() > EARLY_PACKETS {
        early.remove(0);
    }
}

impl Transport for HostTransport {
    fn kind(&self) -> &'static str {
        "host"
    }

    fn start(&self) {
        let (sink, state) = (self.sink.clone(), self.state.clone());
        // Answered once: by the reply, or by the timer when no reply came in time (a
        // reply after that is ignored; the player asks again from the lobby).
        let answered = Rc::new(std::cell::Cell::new(false));
        let timer = {
            let (answered, sink) = (answered.clone(), sink.clone());
            gloo_timers::callback::Timeout::new(SIGN_IN_WAIT_MS, move || {
                if !answered.replace(true) {
                    sink(TransportEvent::AuthFailed(SignInFailure::NoAnswer));
                }
            })
        };
        let timer = RefCell::new(Some(timer));
        bridge::call("authenticate", json!({}), move |reply| {
            if let Some(t) = timer.borrow_mut().take() {
                t.cancel();
            }
            if answered.replace(true) {
                return;
            }
            match reply {
                Ok(v) => match v.get("playerID").and_then(Value::as_str) {
                    Some(id) => {
                        state.borrow_mut().me = Some(id.to_string());
                        sink(TransportEvent::Ready {
                            player_id: id.to_string(),
                            name: display_name(&v),
                        })
                    }
                    // A reply that is not the one messages.json defines: a host bug,
                    // not the player's refusal.
                    None => sink(TransportEvent::AuthFailed(SignInFailure::Unavailable)),
                },
                Err(e) => sink(TransportEvent::AuthFailed(SignInFailure::from_error(&e))),
            }
        });
    }

    fn find_match(&self, rating: i32, friend: bool) {
        {
            // A new search: nothing received so far belongs to its match.
            let mut st = self.state.borrow_mut();
            st.peer = None;
            st.early.clear();
            st.quick_rating = (!friend).then_some(rating);
        }
        let sink = self.sink.clone();
        let on_reply = move |r: Result<Value, String>| {
            if let Err(e) = r {
                sink(TransportEvent::MatchFailed(e));
            }
        };
        if friend {
            bridge::call(
                "inviteFriend",
                json!({ "playerGroup": PLAYER_GROUP }),
                on_reply,
            );
        } else {
            bridge::call(
                "findMatch",
                json!({ "playerGroup": PLAYER_GROUP, "rating": rating }),
                on_reply,
            );
        }
    }

    fn send(&self, data: &str) {
        bridge::call("sendData", json!({ "data": data }), |_| {});
    }

    fn disconnect(&self) {
        self.state.borrow_mut().peer = None;
        bridge::call("disconnect", json!({}), |_| {});
    }

    fn set_avoided(&self, peers: Vec<String>) {
        self.state.borrow_mut().avoided = peers;
    }

    fn submit_score(&self, rating: i32) {
        bridge::call("submitScore", json!({ "rating": rating }), |_| {});
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peer and its Game Center name come from `matchFound`'s players; a name
    /// that is missing, blank or carries control characters is not shown.
    #[test]
    fn match_found_gives_the_peer_and_its_display_name() {
        let payload = json!({ "players": [
            { "playerID": "G:me", "displayName": "Me" },
            { "playerID": "G:peer", "displayName": "  Lin \u{200B}Mei " },
        ]});
        assert_eq!(
            peer_of(&payload, "G:me"),
            Some(("G:peer".to_string(), Some("Lin Mei".to_string())))
        );
        let nameless = json!({ "players": [{ "playerID": "G:me" }, { "playerID": "G:p" }]});
        assert_eq!(peer_of(&nameless, "G:me"), Some(("G:p".to_string(), None)));
        let bad = json!({ "players": [{ "playerID": "G:p", "displayName": "a\u{7}b" }]});
        assert_eq!(peer_of(&bad, "G:me"), Some(("G:p".to_string(), None)));
        assert_eq!(
            peer_of(&json!({ "players": [{ "playerID": "G:me" }]}), "G:me"),
            None
        );
        assert_eq!(peer_of(&json!({}), "G:me"), None);
    }

    #[test]
    fn sign_in_reply_gives_the_display_name() {
        assert_eq!(
            display_name(&json!({ "playerID": "G:1", "displayName": "Ann" })),
            Some("Ann".to_string())
        );
        assert_eq!(display_name(&json!({ "playerID": "G:1" })), None);
        assert_eq!(
            display_name(&json!({ "playerID": "G:1", "displayName": " " })),
            None
        );
    }

    /// The page reads exactly the failure codes the host sends.
    #[test]
    fn sign_in_failure_codes_equal_messages_json() {
        let spec: Value =
            serde_json::from_str(include_str!("../../../host-bridge/messages.json")).unwrap();
        let codes: Vec<&str> = spec["calls"]["authenticate"]["errors"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut ours: Vec<&str> = SignInFailure::ALL.iter().map(|f| f.code()).collect();
        let mut theirs = codes.clone();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs);
        for f in SignInFailure::ALL {
            assert_eq!(
                SignInFailure::from_error(&format!("{}: detail: more", f.code())),
                f
            );
        }
        assert_eq!(
            SignInFailure::from_error("Game Center is not signed in"),
            SignInFailure::Unavailable
        );
        assert_eq!(
            SignInFailure::from_error(&format!("unavailable: {NO_ANSWER_DETAIL}")),
            SignInFailure::NoAnswer
        );
    }

    #[test]
    fn early_packets_are_kept_up_to_the_bound_oldest_dropped() {
        let mut early = Vec::new();
        for i in 0..EARLY_PACKETS + 2 {
            keep_early(&mut early, "p".into(), i.to_string());
        }
        assert_eq!(early.len(), EARLY_PACKETS);
        assert_eq!(early[0].1, "2");
        assert_eq!(early.last().unwrap().1, (EARLY_PACKETS + 1).to_string());
    }
}
