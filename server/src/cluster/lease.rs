//! The lease keeper of one instance: every [`RENEW_EVERY_MS`] it renews its
//! liveness and the leases of the rooms it owns (check-and-extend) and claims the rooms whose
//! lease expired because their owner died (or stalled). A claimed room takes a
//! new owner epoch in the store and is rebuilt from its stored action log, so
//! the board is exactly the one the players left; a room of this instance
//! whose lease another instance holds now is told to stop.
//!
//! The lost instance's downtime counts against neither player: the taken-over
//! room starts like a room resumed after a restart, so both players' graces
//! start afresh (a player not connected here has the full grace to come back,
//! with no disconnect counted) and the side to move gets a whole new step
//! clock, which runs only once both players are back.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::directory::RedisDirectory;
use super::relay::Relay;
use super::RENEW_EVERY_MS;
use crate::hub::Hub;
use crate::room::RoomSetup;
use crate::store::StoredGame;

/// Renews and claims until the server stops.
pub async fn keep(hub: Arc<Hub>, directory: Arc<RedisDirectory>, relay: Arc<Relay>) {
    let mut stop = hub.shutdown_signal();
    // Real time, not the server's clock: a test moving the game clock
    // forward must not make leases expire.
    let mut tick = tokio::time::interval(Duration::from_millis(RENEW_EVERY_MS));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => return,
        }
        if !relay.is_up() {
            // The relay is subscribing again; it resynchronises once back.
            continue;
        }
        let Ok(lost) = directory.renew().await else {
            relay.report_trouble();
            continue;
        };
        for game in lost {
            // This instance stalled past the lease and the game was taken
            // over: the room stops (the store would refuse its writes anyway).
            tracing::error!("game {game}: another instance took this room over after this one stalled past its lease");
            directory.displace(&game);
        }
        drop_stand_ins_of_stopped(&hub, &directory, &relay).await;
        if relay.settled() {
            for game in directory.orphans().await {
                if directory.claim(&game).await {
                    take_over(&hub, &directory, &game).await;
                }
            }
        }
    }
}

/// The instances whose connections stand in rooms here and that stopped
/// renewing their liveness (killed, frozen, or cut off from Redis): their
/// stand-ins are dropped, so those players are away through the referee's
/// fault (excused) rather than present for ever while their clock runs.
async fn drop_stand_ins_of_stopped(hub: &Hub, directory: &RedisDirectory, relay: &Relay) {
    // Stand-ins made after this point are fresh attachments: kept.
    let before = hub.conn_ids_so_far();
    match directory.gone(&relay.remote_instances()).await {
        Ok(gone) => {
            for instance in gone {
                tracing::warn!("instance {instance} stopped renewing: its players' connections there are dropped");
                relay.instance_gone(directory, &instance, before);
            }
        }
        Err(_) => relay.report_trouble(),
    }
}

/// Runs the room of a claimed game here, rebuilt from the store.
pub async fn take_over(hub: &Arc<Hub>, directory: &RedisDirectory, game: &str) {
    // A new owner epoch first: from here on the store refuses the writes
    // of the room's previous owner, should it still be running.
    let (epoch, stored) = match hub.store.claim_game(game.to_string()).await {
        Ok(Some(s)) => s,
        Ok(None) => {
            // Finished meanwhile (or never stored): nothing to run.
            directory.release(game).await;
            return;
        }
        Err(e) => {
            tracing::error!("game {game}: cannot take it over: {e}");
            directory.release(game).await;
            return;
        }
    };
    let StoredGame {
        game: new,
        log,
        problem,
    } = stored;
    let players = [new.players[0].id.clone(), new.players[1].id.clone()];
    let (tx, rx) = mpsc::unbounded_channel();
    directory.adopt(game, players.clone(), tx.clone()).await;
    let conns = [hub.conns_of(&players[0]), hub.conns_of(&players[1])];
    tracing::info!(
        "game {game}: taken over after its instance stopped renewing ({} actions replayed)",
        log.len()
    );
    let setup = RoomSetup {
        game: new,
        log,
        epoch,
        conns,
        grace_for_absent: true,
        problem,
    };
    hub.open_room(setup, tx, rx).await;
}
