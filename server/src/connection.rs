//! One client connection: the abuse limits (size cap before parsing, rate
//! limit, hello first and in time, liveness), sign-in by token, and the
//! dispatch of lobby requests to the hub and game requests to the room. Every
//! refusal closes with a code and a sentence; a token is never sent back.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::Notify;

use engine::baifang::elo;
use engine::baifang::referee_protocol::{
    clean_name, close, token_shape_ok, ClientMsg, DecodeError, ErrorCode, Profile, RejectCode,
    ServerMsg, PROTOCOL_VERSION,
};

use crate::store::{Origin, StoreError};

use crate::hub::Hub;
use crate::ids;
use crate::lag::LagMeter;
use crate::limits::RateLimiter;
use crate::messages::RoomCmd;
use crate::messages::RoomLink;
use crate::messages::{outbox, ConnHandle, Outgoing};

/// A connection must say hello within this long.
pub const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Finished games listed in the welcome.
pub const RECENT_GAMES: u32 = 10;

/// Why the connection ends: the peer left, or we close with a code and reason.
type Close = Option<(u16, String)>;

/// What handling one frame led to.
enum Flow {
    Go,
    Stop(Close),
}

struct Conn {
    hub: Arc<Hub>,
    id: u64,
    tx: outbox::Sender,
    kick: Arc<Notify>,
    limiter: RateLimiter,
    me: Option<ConnHandle>,
    /// The connection watches a game (it said `watch` instead of hello).
    watching: bool,
    room: Option<RoomLink>,
    /// The client address's key ([`ids::address_key`]).
    address: String,
    /// Joins with a code of no open room so far.
    wrong_codes: u32,
    /// Round trips of the server's pings: the lag credit's measure.
    lag: LagMeter,
}

/// A close reason fits the 123 bytes a close frame allows (cut at a char boundary).
fn fit_reason(mut s: String) -> String {
    while s.len() > 123 {
        s.pop();
    }
    s
}

/// A display name as the server keeps it: Unicode NFKC first (fullwidth
/// letters, ligatures and other compatibility forms become their plain
/// form), then the protocol's cleaning (invisible characters dropped,
/// trimmed, length-limited).
fn server_name(name: &str) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;
    clean_name(&name.nfkc().collect::<String>())
}

/// Sends one frame, or gives up after `limit`: a client that stopped reading
/// fills the socket's buffers and the write would wait for ever.
async fn send_within<S>(sink: &mut S, m: Message, limit: Duration) -> Result<(), Close>
where
    S: futures_util::Sink<Message> + Unpin,
{
    match tokio::time::timeout(limit, sink.send(m)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(None),
        Err(_) => Err(Some((
            close::TOO_SLOW,
            format!(
                "a message could not be written for {} s: the client is not reading",
                limit.as_secs()
            ),
        ))),
    }
}

/// Serves one upgraded WebSocket from the client address `ip` until it closes.
/// (Split before the task starts: the unsplit socket, moved into an async
/// fn, would keep its room in the task's state for the connection's life.)
pub fn serve(
    hub: Arc<Hub>,
    socket: WebSocket,
    ip: std::net::IpAddr,
) -> impl std::future::Future<Output = ()> {
    let (sink, stream) = socket.split();
    serve_split(hub, sink, stream, ip)
}

async fn serve_split(
    hub: Arc<Hub>,
    mut sink: SplitSink<WebSocket, Message>,
    mut stream: SplitStream<WebSocket>,
    ip: std::net::IpAddr,
) {
    let (tx, mut rx) = outbox::outbox(hub.limits.outgoing_queue);
    let limits = hub.limits.clone();
    let mut conn = Conn {
        id: hub.next_conn_id(),
        limiter: RateLimiter::new(limits.messages_per_sec, limits.burst, hub.clock.now_ms()),
        hub: hub.clone(),
        tx,
        kick: Arc::new(Notify::new()),
        me: None,
        watching: false,
        room: None,
        address: ids::address_key(ip),
        wrong_codes: 0,
        lag: LagMeter::new(),
    };
    let mut stop = hub.shutdown_signal();
    let mut ping = tokio::time::interval(limits.ping_every);
    ping.reset();
    let hello_by = tokio::time::Instant::now() + HELLO_WITHIN;
    let mut heard = tokio::time::Instant::now();
    let kick = conn.kick.clone();
    let send_timeout = limits.send_timeout;
    let close: Close = loop {
        tokio::select! {
            frame = stream.next() => match frame {
                None | Some(Ok(Message::Close(_))) => break None,
                Some(Err(e)) => break Some((close::POLICY, fit_reason(format!("websocket error: {e}")))),
                Some(Ok(m)) => {
                    heard = tokio::time::Instant::now();
                    // Boxed: the handling of a message (sign-in, a game start) is
                    // large and brief; inline it would sit in every idle
                    // connection's task.
                    if let Flow::Stop(c) = Box::pin(conn.on_frame(m)).await {
                        break c;
                    }
                }
            },
            out = rx.recv() => match out {
                Some(Outgoing::Text(t)) => {
                    if let Err(c) = send_within(&mut sink, Message::Text(t), send_timeout).await {
                        break c;
                    }
                }
                Some(Outgoing::Bound(link)) => conn.room = Some(link),
                Some(Outgoing::Unbound(game)) => conn.unbind(&game),
                Some(Outgoing::Close(reason)) => break Some((close::GOING_AWAY, fit_reason(reason))),
                None => break None,
            },
            _ = tokio::time::sleep_until(hello_by), if !conn.introduced() => {
                break Some((close::POLICY, format!("no hello within {} s", HELLO_WITHIN.as_secs())));
            },
            // Exactly `silence` after the last frame heard, not at the next ping.
            // Before hello, the earlier of the two deadlines governs, and the
            // hello deadline on a tie (with the defaults both fall due at the
            // same instant, and the client must hear the reason that applies).
            _ = tokio::time::sleep_until(heard + limits.silence), if conn.introduced() || heard + limits.silence < hello_by => {
                break Some((close::SILENT, format!("nothing heard for {} s", limits.silence.as_secs())));
            },
            _ = ping.tick() => {
                let payload = conn.lag.ping(hub.clock.now_ms());
                if let Err(c) = send_within(&mut sink, Message::Ping(payload.into()), send_timeout).await {
                    break c;
                }
            },
            _ = kick.notified() => break Some((close::TOO_SLOW, "too many messages waiting: the client is not reading".into())),
            _ = stop.changed() => break Some((close::GOING_AWAY, "the server is restarting; reconnect in a moment".into())),
        }
    };
    // A client that is not reading cannot take a close frame: it is dropped at
    // once, so its opponent hears of it without another wait.
    if let Some((code, reason)) = close.filter(|(code, _)| *code != close::TOO_SLOW) {
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from(reason),
        };
        // The closing handshake: send ours, then read until the client's
        // answers. Closing a socket with unread data makes the kernel reset
        // it, and a reset can destroy the close frame before the client reads
        // its reason. A silent client will not answer, so it is not waited
        // for; any other gets no more than a second for both.
        let answers = code != close::SILENT;
        let handshake = async {
            sink.send(Message::Close(Some(frame))).await?;
            if answers {
                while let Some(m) = stream.next().await.transpose()? {
                    if matches!(m, Message::Close(_)) {
                        break;
                    }
                }
            }
            Ok::<(), axum::Error>(())
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), handshake).await;
    }
    // A room may have bound this connection while it was closing: pick that up
    // so the room hears the connection left.
    while let Some(m) = rx.try_recv() {
        match m {
            Outgoing::Bound(link) => conn.room = Some(link),
            Outgoing::Unbound(game) => conn.unbind(&game),
            Outgoing::Text(_) | Outgoing::Close(_) => {}
        }
    }
    drop(rx);
    Box::pin(conn.closed()).await;
}

impl Conn {
    /// Said hello, or watch.
    fn introduced(&self) -> bool {
        self.me.is_some() || self.watching
    }

    fn unbind(&mut self, game_id: &str) {
        if self.room.as_ref().is_some_and(|l| l.game_id == game_id) {
            self.room = None;
        }
    }

    fn reply(&self, m: &ServerMsg) {
        let _ = self.tx.try_send(Outgoing::Text(m.to_json().into()));
    }

    async fn on_frame(&mut self, m: Message) -> Flow {
        let bytes = match &m {
            Message::Text(t) => t.as_bytes(),
            Message::Binary(_) => {
                return Flow::Stop(Some((
                    close::POLICY,
                    "binary messages are not accepted; send JSON text".into(),
                )))
            }
            // Pings and pongs take from the same bucket: a flood of them costs
            // the server as much as one of messages.
            Message::Ping(_) | Message::Pong(_) => {
                if let Message::Pong(payload) = &m {
                    self.lag.pong(payload, self.hub.clock.now_ms());
                }
                if !self.limiter.allow(self.hub.clock.now_ms()) {
                    return Flow::Stop(Some((
                        close::POLICY,
                        "rate limit: too many ping frames".into(),
                    )));
                }
                return Flow::Go;
            }
            Message::Close(_) => return Flow::Go,
        };
        if !self.limiter.allow(self.hub.clock.now_ms()) {
            let l = &self.hub.limits;
            return Flow::Stop(Some((
                close::POLICY,
                format!(
                    "rate limit: more than {} messages per second (burst {})",
                    l.messages_per_sec, l.burst
                ),
            )));
        }
        match ClientMsg::decode(bytes) {
            Ok(msg) => self.on_message(msg).await,
            Err(e @ DecodeError::TooLarge { .. }) => {
                Flow::Stop(Some((close::TOO_BIG, e.to_string())))
            }
            Err(e) => Flow::Stop(Some((close::MALFORMED, fit_reason(e.to_string())))),
        }
    }

    async fn on_message(&mut self, msg: ClientMsg) -> Flow {
        if self.watching {
            return self.as_spectator(msg);
        }
        let Some(me) = self.me.clone() else {
            return match msg {
                ClientMsg::Hello { v, token, name } => self.hello(v, token, name).await,
                ClientMsg::Watch { v, game_id } => self.watch(v, &game_id).await,
                _ => Flow::Stop(Some((
                    close::POLICY,
                    "the first message must be hello or watch".into(),
                ))),
            };
        };
        match msg {
            ClientMsg::Hello { .. } | ClientMsg::Watch { .. } => {
                return Flow::Stop(Some((close::POLICY, "hello was already received".into())))
            }
            ClientMsg::SetName { name } => self.set_name(&me.player, &name).await,
            ClientMsg::QuickMatch => self.hub.quick_match(&me).await,
            ClientMsg::CreateRoom { rated } => self.hub.create_room(&me, rated).await,
            ClientMsg::JoinRoom { code, rated } => self.join_room(&me, &code, rated).await,
            ClientMsg::Cancel => self.hub.cancel(&me.player).await,
            ClientMsg::Act { seq, action } => {
                self.forward_to_room(Some(seq), |side| RoomCmd::Act {
                    conn_id: me.id,
                    side,
                    seq,
                    action,
                })
            }
            ClientMsg::Resign => self.forward_to_room(None, |side| RoomCmd::Resign { side }),
            ClientMsg::RequestState => {
                self.forward_to_room(None, |_| RoomCmd::State { conn_id: me.id })
            }
            ClientMsg::Rematch { game_id } => self.hub.offer_rematch(&me, game_id).await,
            ClientMsg::RematchAnswer { game_id, accept } => {
                self.hub.answer_rematch(&me, game_id, accept).await
            }
            ClientMsg::Ping { t } => self.reply(&ServerMsg::Pong { t }),
        }
        Flow::Go
    }

    /// Sends a game request to the room; without one, refuses it.
    fn forward_to_room(
        &mut self,
        seq: Option<u32>,
        cmd: impl FnOnce(engine::baifang::Side) -> RoomCmd,
    ) {
        let sent = match &self.room {
            Some(link) => link.tx.send(cmd(link.side)).is_ok(),
            None => false,
        };
        if !sent {
            self.room = None;
            self.reply(&ServerMsg::Rejected {
                seq,
                code: RejectCode::NoGame,
                rule: None,
            });
        }
    }

    /// A spectator may only ping and ask for the whole game again: an
    /// action or a lobby request is refused, and nothing reaches the room.
    fn as_spectator(&mut self, msg: ClientMsg) -> Flow {
        match msg {
            ClientMsg::Ping { t } => self.reply(&ServerMsg::Pong { t }),
            ClientMsg::RequestState => {
                let id = self.id;
                self.forward_to_room(None, |_| RoomCmd::State { conn_id: id })
            }
            ClientMsg::Act { seq, .. } => self.reply(&ServerMsg::Rejected {
                seq: Some(seq),
                code: RejectCode::Watching,
                rule: None,
            }),
            ClientMsg::Resign => self.reply(&ServerMsg::Rejected {
                seq: None,
                code: RejectCode::Watching,
                rule: None,
            }),
            ClientMsg::Hello { .. } | ClientMsg::Watch { .. } => {
                return Flow::Stop(Some((
                    close::POLICY,
                    "this connection already watches a game; open another to play or watch".into(),
                )))
            }
            _ => self.reply(&ServerMsg::Error {
                code: ErrorCode::Watching,
            }),
        }
        Flow::Go
    }

    /// The first message, hello or watch, names a protocol this server speaks.
    fn version_refused(v: u32) -> Option<Flow> {
        (v != PROTOCOL_VERSION).then(|| Flow::Stop(Some((
            close::UNSUPPORTED_VERSION,
            format!("protocol version {v} is not supported; this server speaks {PROTOCOL_VERSION} (reload the page)"),
        ))))
    }

    /// Watch: the connection becomes the game's spectator, or hears that the
    /// game is not being played now (and may name another).
    async fn watch(&mut self, v: u32, game_id: &str) -> Flow {
        if let Some(stop) = Self::version_refused(v) {
            return stop;
        }
        let (store, directory) = (&*self.hub.store, &*self.hub.directory);
        let link = match crate::spectators::watch_link(store, directory, game_id).await {
            Ok(Some(link)) => link,
            Ok(None) => {
                self.reply(&ServerMsg::Error {
                    code: ErrorCode::NotLive,
                });
                return Flow::Go;
            }
            Err(_) => {
                return Flow::Stop(Some((
                    close::GOING_AWAY,
                    "the server is recovering; reconnect in a moment".into(),
                )))
            }
        };
        // A spectator has no player: the empty id is no player's.
        let me = ConnHandle::new(self.id, String::new(), self.tx.clone(), self.kick.clone())
            .with_lag(self.lag.estimate());
        self.hub.spectators.register(me.clone(), game_id);
        self.watching = true;
        if link.tx.send(RoomCmd::Watch { conn: Box::new(me) }).is_ok() {
            self.room = Some(link);
        } else {
            // The room closed between the lookup and now: the game is over.
            self.reply(&ServerMsg::Error {
                code: ErrorCode::NotLive,
            });
        }
        Flow::Go
    }

    async fn hello(&mut self, v: u32, token: Option<String>, name: Option<String>) -> Flow {
        if let Some(stop) = Self::version_refused(v) {
            return stop;
        }
        let name = name.map(|n| server_name(&n).ok_or(n));
        let (profile, issued) = match token {
            Some(t) if !token_shape_ok(&t) => {
                return Flow::Stop(Some((
                    close::POLICY,
                    "malformed player token (expected 64 hex digits)".into(),
                )))
            }
            Some(t) => match self.hub.store.player_by_token(ids::token_digest(&t)).await {
                Ok(Some(p)) => (p, None),
                Ok(None) => {
                    return Flow::Stop(Some((
                        close::UNKNOWN_TOKEN,
                        "unknown player token: forget it and say hello without one".into(),
                    )))
                }
                Err(e) => {
                    tracing::error!("sign-in: {e}");
                    return Flow::Stop(Some((
                        close::GOING_AWAY,
                        "the server cannot reach its storage; reconnect in a moment".into(),
                    )));
                }
            },
            None => match self.new_player(name.clone().and_then(Result::ok)).await {
                Ok(pair) => pair,
                Err(StoreError::TooManyNewPlayers) => {
                    let n = self.hub.limits.new_players_per_hour;
                    return Flow::Stop(Some((
                        close::TOO_MANY_ACCOUNTS,
                        format!("this address created {n} new players in the last hour; try later"),
                    )));
                }
                Err(e) => {
                    // The store's own words stay in the log: they name tables and files.
                    tracing::error!("new player: {e}");
                    return Flow::Stop(Some((
                        close::GOING_AWAY,
                        "the server cannot reach its storage; reconnect in a moment".into(),
                    )));
                }
            },
        };
        // A player made just now has no game: nothing to look up.
        let game = match issued {
            Some(_) => Ok(None),
            None => self.hub.directory.game_of(profile.id.clone()).await,
        };
        // Whether this player has a game elsewhere cannot be known now: the
        // page reconnects by itself and finds it once Redis answers (its
        // room holds the player's grace meanwhile).
        let Ok(game) = game else {
            return Flow::Stop(Some((
                close::GOING_AWAY,
                "the server is recovering; reconnect in a moment".into(),
            )));
        };
        let me = ConnHandle::new(
            self.id,
            profile.id.clone(),
            self.tx.clone(),
            self.kick.clone(),
        )
        .with_lag(self.lag.estimate());
        self.hub.register(me.clone());
        self.me = Some(me.clone());
        let recent = self
            .hub
            .store
            .recent_games(profile.id.clone(), RECENT_GAMES)
            .await
            .unwrap_or_default();
        let fresh_name = issued.is_some();
        self.reply(&ServerMsg::Welcome {
            v: PROTOCOL_VERSION,
            token: issued,
            me: profile.clone(),
            recent,
        });
        match name {
            Some(Ok(n)) if !fresh_name && n != profile.name => self.set_name(&profile.id, &n).await,
            Some(Err(_)) => self.reply(&ServerMsg::Error {
                code: ErrorCode::BadName,
            }),
            _ => {}
        }
        if let Some(link) = game {
            let side = link.side;
            if link
                .tx
                .send(RoomCmd::Attach {
                    conn: Box::new(me),
                    side,
                })
                .is_ok()
            {
                self.room = Some(link);
            }
        }
        Flow::Go
    }

    /// A join by code, within this connection's and address's allowance of
    /// codes that open no room.
    async fn join_room(&mut self, me: &ConnHandle, code: &str, rated: bool) {
        if self.wrong_codes >= self.hub.limits.wrong_codes_per_connection
            || !self.hub.may_try_codes(&self.address)
        {
            return self.reply(&ServerMsg::Error {
                code: ErrorCode::TooManyAttempts,
            });
        }
        if !self.hub.join_room(me, code, rated).await {
            self.wrong_codes += 1;
            self.hub.wrong_code(&self.address);
        }
    }

    async fn new_player(
        &self,
        name: Option<String>,
    ) -> Result<(Profile, Option<String>), StoreError> {
        let token = ids::new_token();
        let id = ids::new_player_id();
        let profile = Profile {
            name: name.unwrap_or_else(|| ids::default_name(&id)),
            id,
            rating: elo::start_rating(),
            games: 0,
            wins: 0,
            losses: 0,
        };
        let origin = Origin {
            address: self.address.clone(),
            at_ms: self.hub.clock.now_ms(),
            per_hour: self.hub.limits.new_players_per_hour,
        };
        self.hub
            .store
            .create_player(ids::token_digest(&token), profile.clone(), origin)
            .await?;
        Ok((profile, Some(token)))
    }

    async fn set_name(&self, player: &str, name: &str) {
        let Some(name) = server_name(name) else {
            return self.reply(&ServerMsg::Error {
                code: ErrorCode::BadName,
            });
        };
        let store = &self.hub.store;
        if let Err(e) = store.rename_player(player.to_string(), name).await {
            tracing::error!("rename of {player}: {e}");
        }
        if let Ok(Some(me)) = store.player(player.to_string()).await {
            self.reply(&ServerMsg::Profile { me });
        }
    }

    async fn closed(&mut self) {
        if let Some(link) = self.room.take() {
            let _ = link.tx.send(RoomCmd::Detach { conn_id: self.id });
        }
        if self.watching {
            self.hub.spectators.unregister(self.id);
        }
        if let Some(me) = self.me.take() {
            self.hub.unregister(me.id, &me.player).await;
        }
    }
}
