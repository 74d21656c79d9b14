//! Browser tabs as a transport: two tabs of the same browser meet on a
//! `BroadcastChannel`. Quick match is a lobby on the channel: a seeking tab
//! announces itself every half second; when two seekers hear each other, the
//! one with the smaller id pairs them. A paired tab sends a heartbeat every
//! second; a closing tab says goodbye (`pagehide`), and a peer silent for
//! [`SILENCE_MS`] counts as disconnected (a crashed tab). All timers are page
//! timers, so Playwright's clock controls them. The browser's own
//! connectivity (`online` / `offline` events) is reported as
//! [`TransportEvent::LocalNetwork`], and so is the test hook that cuts this
//! tab's network.

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{now_ms, EventSink, Transport, TransportEvent};

/// The channel all tabs of this app share.
pub const CHANNEL: &str = "baifang-online-tabs";
/// Heartbeat and seek period.
pub const BEAT_MS: u32 = 500;
/// A peer silent this long is disconnected.
pub const SILENCE_MS: u64 = 3_000;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
enum Msg {
    Seek {
        from: String,
    },
    Pair {
        from: String,
        to: String,
    },
    Data {
        from: String,
        to: String,
        data: String,
    },
    Beat {
        from: String,
        to: String,
    },
    Bye {
        from: String,
        to: String,
    },
}

struct Inner {
    id: String,
    /// Why this tab cannot play online (no secure randomness for its id).
    unavailable: Option<String>,
    channel: Option<web_sys::BroadcastChannel>,
    seeking: bool,
    peer: Option<String>,
    last_heard: u64,
    peer_away: bool,
    /// Test hook: the network is cut.
    offline: bool,
    /// Tabs quick match does not pair with.
    avoided: Vec<String>,
    sink: EventSink,
    beat: Option<gloo_timers::callback::Interval>,
    _on_message: Option<Closure<dyn Fn(web_sys::MessageEvent)>>,
    _on_hide: Option<Closure<dyn Fn()>>,
    _on_network: Option<Closure<dyn Fn(web_sys::Event)>>,
}

impl Inner {
    fn post(&self, msg: &Msg) {
        if self.offline {
            return;
        }
        if let (Some(ch), Ok(text)) = (&self.channel, serde_json::to_string(msg)) {
            let _ = ch.post_message(&JsValue::from_str(&text));
        }
    }
}

pub struct TabTransport {
    inner: Rc<RefCell<Inner>>,
}

/// A random id for this tab, or why none can be drawn.
fn random_id() -> Result<String, String> {
    let b = super::secure_random()?;
    Ok(format!("tab-{}", engine::baifang::session::hex(&b[..6])))
}

impl TabTransport {
    pub fn new(sink: EventSink) -> TabTransport {
        let (id, unavailable) = match random_id() {
            Ok(id) => (id, None),
            Err(why) => (String::new(), Some(why)),
        };
        let inner = Rc::new(RefCell::new(Inner {
            id,
            unavailable,
            channel: web_sys::BroadcastChannel::new(CHANNEL).ok(),
            seeking: false,
            peer: None,
            last_heard: 0,
            peer_away: false,
            offline: false,
            avoided: Vec::new(),
            sink,
            beat: None,
            _on_message: None,
            _on_hide: None,
            _on_network: None,
        }));
        let weak = Rc::downgrade(&inner);
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let Some(inner) = weak.upgrade() else { return };
                let Some(text) = ev.data().as_string() else {
                    return;
                };
                let Ok(msg) = serde_json::from_str::<Msg>(&text) else {
                    return;
                };
                if inner.borrow().offline {
                    return;
                }
                receive(&inner, msg);
            });
        let weak = Rc::downgrade(&inner);
        let on_hide = Closure::<dyn Fn()>::new(move || {
            if let Some(inner) = weak.upgrade() {
                let i = inner.borrow();
                if let Some(peer) = &i.peer {
                    i.post(&Msg::Bye {
                        from: i.id.clone(),
                        to: peer.clone(),
                    });
                }
            }
        });
        let network_sink = inner.borrow().sink.clone();
        let on_network = Closure::<dyn Fn(web_sys::Event)>::new(move |ev: web_sys::Event| {
            network_sink(TransportEvent::LocalNetwork(ev.type_() == "online"));
        });
        {
            let mut i = inner.borrow_mut();
            if let Some(w) = web_sys::window() {
                for kind in ["online", "offline"] {
                    let _ = w.add_event_listener_with_callback(
                        kind,
                        on_network.as_ref().unchecked_ref(),
                    );
                }
            }
            i._on_network = Some(on_network);
            if let Some(ch) = &i.channel {
                ch.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            }
            if let Some(w) = web_sys::window() {
                let _ = w
                    .add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
            }
            i._on_message = Some(on_message);
            i._on_hide = Some(on_hide);
        }
        let weak = Rc::downgrade(&inner);
        let beat = gloo_timers::callback::Interval::new(BEAT_MS, move || {
            if let Some(inner) = weak.upgrade() {
                beat(&inner);
            }
        });
        inner.borrow_mut().beat = Some(beat);
        TabTransport { inner }
    }
}

fn beat(inner: &Rc<RefCell<Inner>>) {
    let mut event = None;
    {
        let mut i = inner.borrow_mut();
        if i.seeking {
            i.post(&Msg::Seek { from: i.id.clone() });
        } else if let Some(peer) = i.peer.clone() {
            i.post(&Msg::Beat {
                from: i.id.clone(),
                to: peer,
            });
            if !i.peer_away && now_ms() >= i.last_heard + SILENCE_MS {
                i.peer_away = true;
                event = Some(TransportEvent::PeerDisconnected);
            }
        }
    }
    if let Some(e) = event {
        let sink = inner.borrow().sink.clone();
        sink(e);
    }
}

fn receive(inner: &Rc<RefCell<Inner>>, msg: Msg) {
    let mut events = Vec::new();
    {
        let mut i = inner.borrow_mut();
        let me = i.id.clone();
        match msg {
            Msg::Seek { from } if i.avoided.contains(&from) => {}
            Msg::Pair { from, to } if to == me && i.avoided.contains(&from) => {
                i.post(&Msg::Bye { from: me, to: from });
            }
            Msg::Seek { from } if i.seeking && from != me && me < from => {
                i.post(&Msg::Pair {
                    from: me.clone(),
                    to: from.clone(),
                });
                pair(&mut i, from, &mut events);
            }
            Msg::Pair { from, to } if to == me => {
                if i.seeking {
                    pair(&mut i, from, &mut events);
                } else if i.peer.as_deref() != Some(from.as_str()) {
                    // Already taken: tell the other tab.
                    i.post(&Msg::Bye { from: me, to: from });
                }
            }
            Msg::Data { from, to, data }
                if to == me && i.peer.as_deref() == Some(from.as_str()) =>
            {
                heard(&mut i, &mut events);
                events.push(TransportEvent::Data(data));
            }
            Msg::Beat { from, to } if to == me && i.peer.as_deref() == Some(from.as_str()) => {
                heard(&mut i, &mut events);
            }
            Msg::Bye { from, to }
                if to == me && i.peer.as_deref() == Some(from.as_str()) && !i.peer_away =>
            {
                i.peer_away = true;
                events.push(TransportEvent::PeerDisconnected);
            }
            _ => {}
        }
    }
    let sink = inner.borrow().sink.clone();
    for e in events {
        sink(e);
    }
}

fn pair(i: &mut Inner, peer: String, events: &mut Vec<TransportEvent>) {
    i.seeking = false;
    i.peer = Some(peer.clone());
    i.peer_away = false;
    i.last_heard = now_ms();
    events.push(TransportEvent::Matched {
        peer,
        peer_name: None,
    });
}

fn heard(i: &mut Inner, events: &mut Vec<TransportEvent>) {
    i.last_heard = now_ms();
    if i.peer_away {
        i.peer_away = false;
        events.push(TransportEvent::PeerReconnected);
    }
}

impl Transport for TabTransport {
    fn kind(&self) -> &'static str {
        "tabs"
    }

    fn start(&self) {
        let (sink, id, unavailable) = {
            let i = self.inner.borrow();
            (i.sink.clone(), i.id.clone(), i.unavailable.clone())
        };
        // Reported from a timer so the caller is never re-entered.
        gloo_timers::callback::Timeout::new(0, move || {
            sink(match unavailable {
                Some(why) => TransportEvent::Unavailable(why),
                None => TransportEvent::Ready {
                    player_id: id,
                    name: None,
                },
            })
        })
        .forget();
    }

    fn find_match(&self, _rating: i32, _friend: bool) {
        // Between two tabs, a friend match and a quick match are the same lobby.
        let mut i = self.inner.borrow_mut();
        i.peer = None;
        i.seeking = true;
        i.post(&Msg::Seek { from: i.id.clone() });
    }

    fn send(&self, data: &str) {
        let i = self.inner.borrow();
        if let Some(peer) = &i.peer {
            i.post(&Msg::Data {
                from: i.id.clone(),
                to: peer.clone(),
                data: data.to_string(),
            });
        }
    }

    fn disconnect(&self) {
        let mut i = self.inner.borrow_mut();
        if let Some(peer) = i.peer.take() {
            i.post(&Msg::Bye {
                from: i.id.clone(),
                to: peer,
            });
        }
        i.seeking = false;
    }

    fn submit_score(&self, _rating: i32) {}

    fn set_avoided(&self, peers: Vec<String>) {
        self.inner.borrow_mut().avoided = peers;
    }

    fn set_offline(&self, offline: bool) {
        let sink = {
            let mut i = self.inner.borrow_mut();
            i.offline = offline;
            i.sink.clone()
        };
        // This tab's own network is what went: say so, from a timer so the
        // caller is never re-entered.
        gloo_timers::callback::Timeout::new(0, move || {
            sink(TransportEvent::LocalNetwork(!offline))
        })
        .forget();
    }
}

impl Drop for TabTransport {
    fn drop(&mut self) {
        let mut i = self.inner.borrow_mut();
        i.beat = None;
        if let Some(ch) = i.channel.take() {
            ch.set_onmessage(None);
            ch.close();
        }
        if let (Some(w), Some(h)) = (web_sys::window(), &i._on_hide) {
            let _ = w.remove_event_listener_with_callback("pagehide", h.as_ref().unchecked_ref());
        }
        if let (Some(w), Some(h)) = (web_sys::window(), &i._on_network) {
            for kind in ["online", "offline"] {
                let _ = w.remove_event_listener_with_callback(kind, h.as_ref().unchecked_ref());
            }
        }
    }
}
