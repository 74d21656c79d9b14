//! Rematch (再来一局): after a game, one player offers the other a new game
//! between the same two, colours swapped, rated as the finished game was (and
//! settled like any game: minimum moves, the per-pair daily limit).
//!
//! The pending offers live in the memory of the hub of the instance both
//! players are connected to, keyed by the finished game's id: at most one per
//! game and one per player. An offer ends when the opponent declines, after
//! [`REMATCH_OFFER_MS`] with no answer, or when either player withdraws
//! (cancels, closes their last connection, or starts a search or another
//! game). With several instances an offer is only carried between two
//! players connected to the same instance; otherwise it is refused with
//! [`ErrorCode::OpponentUnavailable`].

use std::sync::atomic::Ordering;
use std::sync::Arc;

use engine::baifang::referee_protocol::{ErrorCode, RematchEnd, ServerMsg, REMATCH_OFFER_MS};

use crate::hub::Hub;
use crate::messages::ConnHandle;
use crate::rematch_offers::Offer;

fn refuse(conn: &ConnHandle, code: ErrorCode) {
    conn.send_msg(&ServerMsg::Error { code });
}

impl Hub {
    /// 再来一局: `conn`'s player offers the opponent of the finished game
    /// `game_id` a rematch.
    pub async fn offer_rematch(self: &Arc<Self>, conn: &ConnHandle, game_id: String) {
        let finished = match self.store.finished_game(game_id.clone()).await {
            Ok(f) => f,
            Err(e) => {
                tracing::error!("rematch of {game_id}: {e}");
                return refuse(conn, ErrorCode::Unavailable);
            }
        };
        let Some(finished) = finished else {
            return refuse(conn, ErrorCode::NotYourGame);
        };
        let [black, white] = finished.game.players.map(|p| p.id);
        let opponent = if conn.player == black {
            white.clone()
        } else if conn.player == white {
            black.clone()
        } else {
            return refuse(conn, ErrorCode::NotYourGame);
        };
        if self.refuse_if_busy(conn).await {
            return;
        }
        if self.conns_of(&opponent).is_empty()
            || !matches!(self.in_game(&opponent).await, Ok(false))
        {
            return refuse(conn, ErrorCode::OpponentUnavailable);
        }
        let offer = Offer {
            from: conn.player.clone(),
            to: opponent,
            seats: [white, black],
            rated: finished.game.rated,
            serial: self.rematches.serial.fetch_add(1, Ordering::Relaxed),
            expires_at: self.clock.now_ms() + REMATCH_OFFER_MS,
        };
        {
            let mut pending = self.rematches.lock();
            let busy = pending.contains_key(&game_id)
                || pending.values().any(|o| {
                    [&o.from, &o.to].contains(&&offer.from) || [&o.from, &o.to].contains(&&offer.to)
                });
            if busy {
                drop(pending);
                return refuse(conn, ErrorCode::RematchPending);
            }
            pending.insert(game_id.clone(), offer.clone());
        }
        for (player, by_you) in [(&offer.from, true), (&offer.to, false)] {
            self.tell_player(
                player,
                &ServerMsg::RematchOffered {
                    game_id: game_id.clone(),
                    by_you,
                    expires_in_ms: REMATCH_OFFER_MS,
                },
            );
        }
        self.lapse_later(game_id, offer.serial, offer.expires_at);
    }

    /// Ends the offer `serial` of `game_id` as lapsed at `expires_at`, if it
    /// is still pending then.
    fn lapse_later(self: &Arc<Self>, game_id: String, serial: u64, expires_at: u64) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut stop = hub.shutdown_signal();
            tokio::select! {
                _ = hub.clock.sleep_until_ms(expires_at) => {}
                _ = stop.changed() => return,
            }
            let lapsed = {
                let mut pending = hub.rematches.lock();
                match pending.get(&game_id) {
                    Some(o) if o.serial == serial => pending.remove(&game_id),
                    _ => None,
                }
            };
            if let Some(offer) = lapsed {
                hub.end_offer(&game_id, &offer, RematchEnd::Lapsed);
            }
        });
    }

    /// Tells both players the offer ended.
    fn end_offer(&self, game_id: &str, offer: &Offer, why: RematchEnd) {
        let m = ServerMsg::RematchEnded {
            game_id: game_id.to_string(),
            why,
        };
        self.tell_player(&offer.from, &m);
        self.tell_player(&offer.to, &m);
    }

    /// The opponent's answer: accepted, the new game starts at once with the
    /// colours swapped; declined, both are told.
    pub async fn answer_rematch(
        self: &Arc<Self>,
        conn: &ConnHandle,
        game_id: String,
        accept: bool,
    ) {
        let offer = {
            let mut pending = self.rematches.lock();
            match pending.get(&game_id) {
                Some(o) if o.to == conn.player => pending.remove(&game_id),
                _ => None,
            }
        };
        let Some(offer) = offer else {
            return refuse(conn, ErrorCode::NoRematchOffer);
        };
        if !accept {
            return self.end_offer(&game_id, &offer, RematchEnd::Declined);
        }
        let [black, white] = &offer.seats;
        if self
            .start_seated([black, white], offer.rated)
            .await
            .is_err()
        {
            self.end_offer(&game_id, &offer, RematchEnd::Withdrawn);
            refuse(conn, ErrorCode::Unavailable);
        }
    }

    /// Ends every offer of or to `player` as withdrawn: they cancelled, left,
    /// or started a search or another game.
    pub fn withdraw_rematch(&self, player: &str) {
        if !self.rematches.involves(player) {
            return;
        }
        let ended: Vec<(String, Offer)> = {
            let mut pending = self.rematches.lock();
            let ids: Vec<String> = pending
                .iter()
                .filter(|(_, o)| o.from == player || o.to == player)
                .map(|(id, _)| id.clone())
                .collect();
            ids.into_iter()
                .filter_map(|id| pending.remove(&id).map(|o| (id, o)))
                .collect()
        };
        for (id, offer) in ended {
            self.end_offer(&id, &offer, RematchEnd::Withdrawn);
        }
    }
}
