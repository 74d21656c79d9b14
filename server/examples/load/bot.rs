//! One bot's connections: connects to an instance, says hello (with its
//! token once it has one), plays through [`BotPlay`], and when the connection
//! drops reconnects as the web page does (its backoff, then hello with the
//! token, then `request_state`), trying the next instance when one does not
//! answer. The run's control tells it to stop acting, then to leave.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use engine::baifang::referee_client::Reconnect;
use engine::baifang::referee_protocol::{ClientMsg, ServerMsg};

use crate::play::{BotPlay, GameSeen, STUCK};
use crate::stats::Stats;

/// Where the run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctl {
    Play,
    /// No new actions or games; keep listening.
    Quiet,
    /// Leave (the servers have stopped).
    Leave,
}

/// What one bot saw, handed back at the end.
pub struct Outcome {
    pub games: Vec<GameSeen>,
    /// Why it could not play on, if it could not.
    pub stopped: Option<String>,
}

/// How a session ended.
enum Ended {
    Leave,
    Closed(Option<u16>, String),
}

/// One bot until the run tells it to leave.
pub async fn bot(
    seed: u64,
    addrs: Arc<Vec<String>>,
    think_ms: u64,
    stats: Arc<Stats>,
    mut ctl: watch::Receiver<Ctl>,
) -> Outcome {
    let mut play = BotPlay::new(seed, think_ms);
    let mut at = seed as usize % addrs.len();
    let mut down_since: Option<Instant> = None;
    let mut stopped = None;
    loop {
        let url = format!("ws://{}/ws", addrs[at % addrs.len()]);
        let (code, reason) =
            match tokio_tungstenite::connect_async_with_config(url, None, true).await {
                Ok((ws, _)) => {
                    down_since = None;
                    match session(ws, &mut play, &stats, &mut ctl).await {
                        Ended::Leave => break,
                        Ended::Closed(code, reason) => (code, reason),
                    }
                }
                Err(_) => {
                    stats.connect_failures.fetch_add(1, Ordering::Relaxed);
                    // The instance is down: the next attempt tries another.
                    at += 1;
                    let since = *down_since.get_or_insert_with(Instant::now);
                    if since.elapsed() > STUCK && stopped.is_none() {
                        stopped = Some(format!("no instance answered for {} s", STUCK.as_secs()));
                    }
                    (None, String::new())
                }
            };
        if *ctl.borrow() != Ctl::Play {
            break;
        }
        let wait = match play.client.on_closed(code, &reason) {
            Reconnect::After(ms) => ms,
            Reconnect::ForgetToken => {
                stats.count("players unknown to the server on reconnection");
                play.token = None;
                0
            }
            Reconnect::Stop(why) => {
                stopped = Some(format!("told not to reconnect: {why}"));
                break;
            }
            Reconnect::TooManyAccounts => {
                stopped = Some("refused a new player".into());
                break;
            }
        };
        stats.reconnects.fetch_add(1, Ordering::Relaxed);
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(wait)) => {}
            _ = ctl.wait_for(|c| *c != Ctl::Play) => break,
        }
    }
    Outcome {
        games: play.finish_run(),
        stopped,
    }
}

fn text(m: &ClientMsg) -> Message {
    Message::text(m.to_json())
}

/// One connection: hello, then play until it closes or the run ends.
async fn session(
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    play: &mut BotPlay,
    stats: &Stats,
    ctl: &mut watch::Receiver<Ctl>,
) -> Ended {
    let (mut sink, mut stream) = ws.split();
    let hello = play.client.hello(play.token.clone(), None);
    if sink.send(text(&hello)).await.is_err() {
        return Ended::Closed(None, String::new());
    }
    play.reconnect_now = false;
    let seed = play.origin.elapsed().as_micros() as u64;
    let mut ping = tokio::time::interval(Duration::from_millis(2000 + seed % 1000));
    let mut watchdog = tokio::time::interval(Duration::from_secs(1));
    loop {
        let later = tokio::time::Instant::now() + Duration::from_secs(3600);
        let wake = play.act_at.unwrap_or(later);
        let queue = play.queue_at.unwrap_or(later);
        let out: Vec<ClientMsg> = tokio::select! {
            _ = ctl.changed() => match *ctl.borrow() {
                Ctl::Leave => return Ended::Leave,
                _ => { play.quiet = true; Vec::new() }
            },
            _ = ping.tick() => vec![ClientMsg::Ping { t: play.origin.elapsed().as_micros() as u64 }],
            _ = watchdog.tick() => play.tick(stats),
            _ = tokio::time::sleep_until(wake), if play.act_at.is_some() => play.act(stats).into_iter().collect(),
            _ = tokio::time::sleep_until(queue), if play.queue_at.is_some() => play.queue_now(),
            frame = stream.next() => match frame {
                Some(Ok(Message::Text(t))) => match ServerMsg::decode(t.as_bytes()) {
                    Ok(msg) => play.on_message(msg, stats),
                    Err(_) => { stats.count("undecodable server messages"); Vec::new() }
                },
                Some(Ok(Message::Close(f))) => {
                    let (code, reason) = f.map_or((None, String::new()), |f| (Some(u16::from(f.code)), f.reason.to_string()));
                    return closed(stats, ctl, code, reason);
                }
                None | Some(Err(_)) => return closed(stats, ctl, None, String::new()),
                Some(Ok(_)) => Vec::new(),
            },
        };
        for m in out {
            if sink.send(text(&m)).await.is_err() {
                return closed(stats, ctl, None, String::new());
            }
        }
        if play.reconnect_now {
            return Ended::Closed(None, String::new());
        }
    }
}

/// A connection closed by the server or the network: a drop, unless the run is ending.
fn closed(stats: &Stats, ctl: &watch::Receiver<Ctl>, code: Option<u16>, reason: String) -> Ended {
    match *ctl.borrow() {
        Ctl::Play => {
            stats.drops.fetch_add(1, Ordering::Relaxed);
            Ended::Closed(code, reason)
        }
        _ => Ended::Leave,
    }
}
