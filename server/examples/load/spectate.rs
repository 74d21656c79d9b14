//! Spectators (`--spectators K`): every game a pair of bots starts gets K
//! connections that watch it (`watch`, no account), each until the game
//! ends. A spectator's lag is the time from the mover sending an action to
//! the spectator receiving its broadcast: the players' own latency, measured
//! at the far end of the fan-out.
//!
//! The spectators run on a runtime of their own (one worker thread): real
//! spectators are other machines, and on the bots' runtime a player's answer
//! would wait in line behind the decoding of its spectators' copies, which
//! measures the load tool rather than the server.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message;

use engine::baifang::referee_protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};

use crate::bot::Ctl;
use crate::stats::Stats;

/// When each action was sent, by game and sequence number, while spectators
/// measure (the mover records it; every spectator of the game reads it).
#[derive(Default)]
pub struct SentAt(Mutex<HashMap<Arc<str>, Vec<Option<Instant>>>>);

impl SentAt {
    pub fn record(&self, game: &str, seq: u32) {
        let mut map = self.0.lock().unwrap();
        let times = match map.get_mut(game) {
            Some(t) => t,
            None => map.entry(game.into()).or_default(),
        };
        let i = seq as usize;
        if times.len() <= i {
            times.resize(i + 1, None);
        }
        times[i] = Some(Instant::now());
    }
    fn get(&self, game: &str, seq: u32) -> Option<Instant> {
        let map = self.0.lock().unwrap();
        map.get(game)?.get(seq as usize).copied().flatten()
    }
}

/// Takes each new game's id and starts `k` spectators of it.
pub async fn dispatch(
    mut games: mpsc::UnboundedReceiver<String>,
    k: usize,
    addrs: Arc<Vec<String>>,
    stats: Arc<Stats>,
    ctl: watch::Receiver<Ctl>,
) {
    let runtime = spectators_runtime();
    let mut n = 0usize;
    while let Some(game) = games.recv().await {
        let game: Arc<str> = game.into();
        for _ in 0..k {
            let addr = addrs[n % addrs.len()].clone();
            n += 1;
            let (game, stats, ctl) = (game.clone(), stats.clone(), ctl.clone());
            runtime.spawn(async move { spectator(&addr, &game, &stats, ctl).await });
        }
    }
}

/// The spectators' own runtime, alive until the process exits.
fn spectators_runtime() -> tokio::runtime::Handle {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("spectators")
                .enable_all()
                .build()
                .expect("spectators' runtime")
        })
        .handle()
        .clone()
}

/// One spectator of `game` until the game ends, the server drops it or the run ends.
async fn spectator(addr: &str, game: &str, stats: &Stats, mut ctl: watch::Receiver<Ctl>) {
    let url = format!("ws://{addr}/ws");
    let Ok((ws, _)) = tokio_tungstenite::connect_async_with_config(url, None, true).await else {
        stats.count("spectator connect failures");
        return;
    };
    let (mut sink, mut stream) = ws.split();
    let watch = ClientMsg::Watch {
        v: PROTOCOL_VERSION,
        game_id: game.to_string(),
    };
    if sink.send(Message::text(watch.to_json())).await.is_err() {
        return;
    }
    // Counted as watching once the whole game has arrived.
    let mut watching = false;
    loop {
        let frame = tokio::select! {
            _ = ctl.wait_for(|c| *c == Ctl::Leave) => break,
            frame = stream.next() => frame,
        };
        let text = match frame {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                if *ctl.borrow() == Ctl::Play {
                    stats.count("spectators dropped by the server");
                }
                break;
            }
            Some(Ok(_)) => continue,
        };
        match ServerMsg::decode(text.as_bytes()) {
            Ok(ServerMsg::Applied { seq, .. }) => {
                if let Some(sent) = stats.sent_at.get(game, seq) {
                    stats.watch_lag(sent.elapsed());
                }
            }
            Ok(ServerMsg::Watching(_)) if !watching => {
                watching = true;
                stats.spectators.fetch_add(1, Ordering::Relaxed);
            }
            Ok(ServerMsg::Finished { .. }) => break,
            // The game ended before the spectator arrived.
            Ok(ServerMsg::Error { .. }) => {
                stats.count("(info) spectators too late for their game");
                break;
            }
            Ok(_) => {}
            Err(_) => stats.count("undecodable server messages"),
        }
    }
    if watching {
        stats.spectators.fetch_sub(1, Ordering::Relaxed);
    }
    let _ = sink.close().await;
}
