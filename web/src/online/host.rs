//! The GameKit host transport: the native iOS wrapper (or the mock host) over
//! the bridge. Game Center does the matchmaking and the reliable delivery.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value};

use super::bridge;
use super::{EventSink, Transport, TransportEvent};

/// Game Center's player group for standard 5×5 Baifang (players of other rule
/// variants, in other groups, never meet them).
pub const PLAYER_GROUP: u32 = 1;

#[derive(Default)]
struct State {
    me: Option<String>,
    peer: Option<String>,
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
                    let peer = payload
                        .get("players")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|p| p.get("playerID").and_then(Value::as_str))
                        .find(|id| *id != me)
                        .map(str::to_string);
                    match peer {
                        Some(peer) => {
                            s.borrow_mut().peer = Some(peer.clone());
                            TransportEvent::Matched { peer }
                        }
                        None => TransportEvent::MatchFailed("no peer in the match".into()),
                    }
                }
                "matchFailed" => TransportEvent::MatchFailed(text("message")),
                "dataReceived" => {
                    if s.borrow().peer.as_deref() != Some(text("playerID").as_str()) {
                        return;
                    }
                    TransportEvent::Data(text("data"))
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
                "appBackground" => TransportEvent::Background,
                "appForeground" => TransportEvent::Foreground,
                _ => return,
            };
            events(event);
        });
        HostTransport { sink, state }
    }
}

impl Transport for HostTransport {
    fn kind(&self) -> &'static str {
        "host"
    }

    fn start(&self) {
        let (sink, state) = (self.sink.clone(), self.state.clone());
        bridge::call("authenticate", json!({}), move |reply| match reply {
            Ok(v) => match v.get("playerID").and_then(Value::as_str) {
                Some(id) => {
                    state.borrow_mut().me = Some(id.to_string());
                    sink(TransportEvent::Ready {
                        player_id: id.to_string(),
                    })
                }
                None => sink(TransportEvent::AuthFailed("no playerID".into())),
            },
            Err(e) => sink(TransportEvent::AuthFailed(e)),
        });
    }

    fn find_match(&self, rating: i32, friend: bool) {
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

    fn submit_score(&self, rating: i32) {
        bridge::call("submitScore", json!({ "rating": rating }), |_| {});
    }
}
