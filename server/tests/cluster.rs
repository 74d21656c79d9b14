//! Several server instances sharing Redis and PostgreSQL, each a child process
//! of the `server` binary on loopback: players on different instances are
//! matched and play a whole game, watched live from both instances; a burst of 200 players across two
//! instances pairs everyone exactly once; racing pairers never take a player
//! twice; a player queued on an instance that was killed leaves the queue; an
//! instance killed (SIGKILL) mid-game hands its room to the other, which
//! resumes the same board with fresh graces and a fresh step clock; an
//! instance frozen (SIGSTOP) past its lease mid-game is taken over and, once
//! it runs again, its stale room writes nothing and stops.

mod common;

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use common::instance::Instance;
use common::*;
use engine::baifang::referee_protocol::{close, hash_hex, ClientMsg, EndReason, ServerMsg};
use engine::baifang::spec::{DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};
use engine::baifang::{Action, Side};
use server::cluster::queue::RedisQueue;
use server::cluster::Keys;
use server::matchmaking::{Matchmaker, Waiting};
use server::store::{self, Database, Store};
use tokio::time::timeout;

/// Two instances of a fresh cluster on a fresh database.
async fn two_instances(s: &Services) -> (Instance, Instance, String, String) {
    let db = fresh_database(&s.database_url).await;
    let name = fresh_cluster_name();
    let a = Instance::start(s, &db, &name).await;
    let b = Instance::start(s, &db, &name).await;
    assert_ne!(a.id, b.id);
    (a, b, db, name)
}

/// Both seats' engines agree; Black first.
fn ordered(x: Seat, y: Seat) -> (Seat, Seat) {
    assert_ne!(x.side, y.side);
    if x.side == Side::Black {
        (x, y)
    } else {
        (y, x)
    }
}

/// Plays one random action at a human-ish pace (the per-connection rate
/// limit stays on in these servers).
async fn paced_one(black: &mut Seat, white: &mut Seat, pick: &mut Pick) -> Action {
    tokio::time::sleep(Duration::from_millis(60)).await;
    play_one(black, white, pick).await
}

async fn open_store(db: &str) -> std::sync::Arc<dyn Store> {
    store::open(&Database::Postgres(db.to_string()))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_instances_are_matched_and_play_a_whole_game() {
    let Some(s) = services("players_on_two_instances_are_matched_and_play_a_whole_game") else {
        return;
    };
    let (a, b, db, _) = two_instances(&s).await;
    let mut x = Client::sign_in(a.addr, None).await;
    let mut y = Client::sign_in(b.addr, None).await;
    x.send(&ClientMsg::QuickMatch).await;
    y.send(&ClientMsg::QuickMatch).await;
    let (mut black, mut white) = ordered(Seat::take(x).await, Seat::take(y).await);
    // A spectator on each instance: one of them watches a room that runs on
    // the other instance, through the relay.
    let mut spectators = Vec::new();
    for addr in [a.addr, b.addr] {
        let mut c = spectator::watcher(addr, &black.game_id).await;
        let view = spectator::watching(&mut c).await;
        spectators.push((c, engine::baifang::Game::from_log(&view.log).unwrap()));
    }
    let mut pick = Pick(0x9E37_79B9_7F4A_7C15);
    while !black.game.state().is_finished() {
        paced_one(&mut black, &mut white, &mut pick).await;
    }
    let result = black.client.finished().await;
    assert_eq!(white.client.finished().await, result);
    let upto = black.game.log().len() as u32;
    for (c, replay) in &mut spectators {
        spectator::follow(c, replay, upto).await;
        assert_eq!(replay.log(), black.game.log());
        let seen = c.until(|m| matches!(m, ServerMsg::Finished { .. })).await;
        assert_eq!(
            seen,
            ServerMsg::Finished {
                result: result.clone()
            }
        );
    }
    let (winner, reason) = black.game.state().result().unwrap();
    assert_eq!(result.winner.map(|w| w.0), Some(winner));
    assert_eq!(result.reason, EndReason::from(reason));
    assert_eq!(black.hashes, white.hashes, "both saw the same states");
    // Stored once, in the shared database, with the whole log.
    let store = open_store(&db).await;
    let recent = store.recent_games(black.client.id(), 5).await.unwrap();
    assert_eq!(recent.len(), 1);
    let fin = store
        .finished_game(recent[0].game_id.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(fin.log, black.game.log());
    assert_eq!(fin.result, result);
    assert!(store.games_in_progress().await.unwrap().is_empty());
}

/// Every `Game` message a client has received so far.
fn game_ids(c: &mut Client) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(e) = c.try_next() {
        if let Event::Msg(ServerMsg::Game(v)) = e {
            out.push(v.game.game_id);
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_200_players_across_two_instances_pairs_each_exactly_once() {
    let Some(s) = services("a_burst_of_200_players_across_two_instances_pairs_each_exactly_once")
    else {
        return;
    };
    let (a, b, db, _) = two_instances(&s).await;
    let mut clients = Vec::new();
    for i in 0..200 {
        let addr = if i % 2 == 0 { a.addr } else { b.addr };
        clients.push(Client::sign_in(addr, None).await);
    }
    // All at once.
    futures_util::future::join_all(
        clients
            .iter_mut()
            .map(|c| async move { c.send(&ClientMsg::QuickMatch).await }),
    )
    .await;
    let mut first = Vec::new();
    for c in clients.iter_mut() {
        let v = timeout(Duration::from_secs(60), c.game())
            .await
            .expect("every player is matched within 60 s");
        first.push(v.game.game_id);
    }
    // Two more pairing rounds on both instances: nobody is matched again.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let mut players_of: HashMap<String, HashSet<String>> = HashMap::new();
    for (c, game) in clients.iter_mut().zip(&first) {
        let again: Vec<String> = game_ids(c).into_iter().filter(|g| g != game).collect();
        assert!(again.is_empty(), "{} was matched twice: {again:?}", c.id());
        players_of.entry(game.clone()).or_default().insert(c.id());
    }
    assert_eq!(players_of.len(), 100);
    assert!(players_of.values().all(|p| p.len() == 2));
    let store = open_store(&db).await;
    let stored = store.games_in_progress().await.unwrap();
    assert_eq!(stored.len(), 100, "one stored game per pair");
    let mut seen = HashSet::new();
    for g in &stored {
        for p in &g.game.players {
            assert!(seen.insert(p.id.clone()), "{} in two games", p.id);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_pairers_never_take_a_player_twice() {
    let Some(s) = services("racing_pairers_never_take_a_player_twice") else {
        return;
    };
    let name = fresh_cluster_name();
    let client = redis::Client::open(s.redis_url.as_str()).unwrap();
    // Four pairers, each on its own Redis connection, like four instances.
    let mut queues = Vec::new();
    for k in 0..4 {
        let mut conn = client.get_connection_manager().await.unwrap();
        let instance = format!("q{k}");
        // Alive for the whole test (a real instance renews this every second).
        let _: () = redis::cmd("SET")
            .arg(Keys::new(&name).alive(&instance))
            .arg(1)
            .arg("PX")
            .arg(600_000)
            .query_async(&mut conn)
            .await
            .unwrap();
        queues.push(std::sync::Arc::new(RedisQueue::new(
            conn,
            Keys::new(&name),
            instance,
        )));
    }
    let players: Vec<String> = (0..400).map(|i| format!("p{i:03}")).collect();
    let joins = players.iter().enumerate().map(|(i, p)| {
        let q = queues[i % 4].clone();
        let w = Waiting {
            player: p.clone(),
            rating: 1200 + (i as i32 % 7) * 10,
            since_ms: 0,
            provisional: false,
        };
        async move { assert_eq!(q.join(w).await, Ok(true)) }
    });
    futures_util::future::join_all(joins).await;
    assert_eq!(queues[0].waiting().await, 400);
    // Every pairer works on the same snapshot at the same time.
    let rounds = queues.iter().map(|q| {
        let q = q.clone();
        tokio::spawn(async move {
            let mut taken = Vec::new();
            for _ in 0..20 {
                taken.extend(q.take_pairs(1_000).await);
            }
            taken
        })
    });
    let mut count: HashMap<String, usize> = HashMap::new();
    for r in futures_util::future::join_all(rounds).await {
        for (x, y) in r.unwrap() {
            assert_ne!(x.player, y.player);
            *count.entry(x.player).or_default() += 1;
            *count.entry(y.player).or_default() += 1;
        }
    }
    assert_eq!(count.len(), 400, "everyone was paired");
    assert!(
        count.values().all(|&n| n == 1),
        "someone was taken twice: {:?}",
        count.iter().filter(|(_, &n)| n > 1).collect::<Vec<_>>()
    );
    assert_eq!(queues[0].waiting().await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_queued_on_a_killed_instance_leaves_the_queue() {
    let Some(s) = services("a_player_queued_on_a_killed_instance_leaves_the_queue") else {
        return;
    };
    let (a, b, _, name) = two_instances(&s).await;
    let mut x = Client::sign_in(a.addr, None).await;
    x.send(&ClientMsg::QuickMatch).await;
    x.until(|m| matches!(m, ServerMsg::Searching)).await;
    a.kill().await;
    // A's liveness lapses (3 s) and B's next pairing round drops x.
    let mut redis = redis::Client::open(s.redis_url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let queue = Keys::new(&name).queue();
    let mut waiting: i64 = 1;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waiting = redis::cmd("ZCARD")
            .arg(&queue)
            .query_async(&mut redis)
            .await
            .unwrap();
        if waiting == 0 {
            break;
        }
    }
    assert_eq!(waiting, 0, "the dead instance's player left the queue");
    // A player arriving on B now waits instead of being matched with nobody.
    let mut y = Client::sign_in(b.addr, None).await;
    y.send(&ClientMsg::QuickMatch).await;
    y.until(|m| matches!(m, ServerMsg::Searching)).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(
        game_ids(&mut y).is_empty(),
        "matched with a player whose instance is gone"
    );
}

/// Waits for the next whole-game message (bounded).
async fn view_within(c: &mut Client, secs: u64) -> engine::baifang::referee_protocol::GameView {
    timeout(Duration::from_secs(secs), c.game())
        .await
        .expect("the game view arrives in time")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_instance_hands_its_game_to_the_other_and_the_downtime_costs_nobody() {
    let Some(s) = services("a_killed_instance_hands_its_game_to_the_other") else {
        return;
    };
    let (a, b, db, name) = two_instances(&s).await;
    let mut x = Client::sign_in(a.addr, None).await;
    let mut y = Client::sign_in(b.addr, None).await;
    x.send(&ClientMsg::QuickMatch).await;
    y.send(&ClientMsg::QuickMatch).await;
    let (sx, sy) = (Seat::take(x).await, Seat::take(y).await);
    let x_on_a = sx.client.id();
    let (mut black, mut white) = ordered(sx, sy);
    let mut pick = Pick(7);
    for _ in 0..8 {
        paced_one(&mut black, &mut white, &mut pick).await;
    }
    black.client.send(&ClientMsg::RequestState).await;
    let game_id = black.client.game().await.game.game_id;
    let (log, hash) = (black.game.log().to_vec(), black.game.state().hash());
    // Which instance owns the room? The lease says.
    let mut redis = redis::Client::open(s.redis_url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let owner: String = redis::cmd("GET")
        .arg(format!("{name}:lease:{game_id}"))
        .query_async(&mut redis)
        .await
        .unwrap();
    assert!(owner == a.id || owner == b.id);
    // The player connected to the doomed instance loses the connection with
    // it; the other stays connected to the survivor.
    let x_gone = owner == a.id;
    let (doomed, survivor) = if x_gone { (a, b) } else { (b, a) };
    let (mut gone, mut stays) = if (black.client.id() == x_on_a) == x_gone {
        (black, white)
    } else {
        (white, black)
    };
    // The side to move has been thinking for 2 s when the instance dies.
    tokio::time::sleep(Duration::from_secs(2)).await;
    doomed.kill().await;
    assert!(matches!(gone.client.closed().await, None | Some(_)));

    // The survivor claims the room once the lease expires and rebuilds it:
    // the player still connected gets the same board.
    let v = view_within(&mut stays.client, 15).await;
    assert_eq!(v.game_id, game_id);
    assert_eq!(v.log, log, "same log");
    assert_eq!(v.hash, hash_hex(hash), "same hash");
    assert_eq!(v.result, None);
    let (g, t) = (gone.side.idx(), stays.side.idx());
    assert_eq!((v.present[g], v.present[t]), (false, true));
    // The server's clock: the absent player has the whole grace again (not
    // what was left of it counted from the kill), the present one none, and
    // the step clock stands until both are back.
    let grace = v.clock.grace_ms[g].expect("the absent player's grace runs");
    assert!(
        grace > DISCONNECT_GRACE_MS - 1_000,
        "grace restarted on takeover: {grace} ms left"
    );
    assert_eq!(v.clock.grace_ms[t], None);
    assert_eq!(v.clock.turn_ms, None);

    // The player comes back (to the survivor, as a load balancer would send
    // them) well inside the grace.
    let back = Client::sign_in(survivor.addr, gone.client.token.clone()).await;
    let mut back = Seat::take(back).await;
    assert_eq!(back.side, gone.side);
    assert_eq!(back.game.log(), log.as_slice());
    back.client.send(&ClientMsg::RequestState).await;
    let v = view_within(&mut back.client, 5).await;
    assert_eq!(v.present, [true, true]);
    assert_eq!(v.result, None);
    let turn = v.clock.turn_ms.expect("the step clock runs again");
    // Counted from the last move it would have at most 30 s - (2 s + the
    // downtime) left: the side to move got a whole new step clock.
    assert!(
        turn > STEP_TIME_LIMIT_MS - 1_500,
        "step clock restarted on takeover: {turn} ms left"
    );
    // Neither the kill nor the downtime was counted against anyone.
    for side in [Side::Black, Side::White] {
        assert_eq!(back.game.state().disconnects(side), 0);
        assert_eq!(back.game.state().timeouts(side), 0);
    }

    // Play goes on, on the survivor.
    let (mut black, mut white) = ordered(back, stays);
    for _ in 0..4 {
        if black.game.state().is_finished() {
            break;
        }
        paced_one(&mut black, &mut white, &mut pick).await;
    }
    white.client.send(&ClientMsg::Resign).await;
    let r = black.client.finished().await;
    assert_eq!(r.reason, EndReason::Resign);
    let store = open_store(&db).await;
    let fin = store.finished_game(game_id.clone()).await.unwrap().unwrap();
    assert_eq!(&fin.log[..log.len()], log.as_slice());
    assert!(
        !fin.log
            .iter()
            .any(|a| matches!(a, Action::Timeout | Action::Disconnect { .. })),
        "no timeout or disconnect in the log: {:?}",
        fin.log
    );
    let breaches = store.audit().await.unwrap();
    assert!(
        breaches.is_empty(),
        "store audit after the kill: {breaches:#?}"
    );
    drop(survivor);
}

/// The instance holding the lease of `game` (polled until `want` or `secs` pass).
async fn lease_owner(s: &Services, name: &str, game: &str, want: &str, secs: u64) -> String {
    let mut redis = redis::Client::open(s.redis_url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let mut owner = String::new();
    for _ in 0..secs * 10 {
        let o: Option<String> = redis::cmd("GET")
            .arg(format!("{name}:lease:{game}"))
            .query_async(&mut redis)
            .await
            .unwrap();
        owner = o.unwrap_or_default();
        if owner == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    owner
}

/// A legal action of `game` other than `not` (if it has another).
fn other_action(game: &engine::baifang::Game, not: Action) -> Action {
    let mut list = engine::baifang::ActionList::new();
    game.state().legal_actions(&mut list);
    list.iter().copied().find(|a| *a != not).unwrap_or(not)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_owner_is_fenced_off_and_its_stale_room_writes_nothing() {
    let Some(s) = services("a_stalled_owner_is_fenced_off") else {
        return;
    };
    let (a, b, db, name) = two_instances(&s).await;
    // A friend room joined on A starts on A: A owns the game.
    let mut x = Client::sign_in(a.addr, None).await;
    let mut y = Client::sign_in(a.addr, None).await;
    x.send(&ClientMsg::CreateRoom { rated: true }).await;
    let code = match x.until(|m| matches!(m, ServerMsg::RoomOpen { .. })).await {
        ServerMsg::RoomOpen { code, .. } => code,
        _ => unreachable!(),
    };
    y.send(&ClientMsg::JoinRoom { code, rated: true }).await;
    let (mut black, mut white) = ordered(Seat::take(x).await, Seat::take(y).await);
    let mut pick = Pick(11);
    for _ in 0..6 {
        paced_one(&mut black, &mut white, &mut pick).await;
    }
    black.client.send(&ClientMsg::RequestState).await;
    let game_id = black.client.game().await.game.game_id;
    assert_eq!(lease_owner(&s, &name, &game_id, &a.id, 5).await, a.id);
    let log = black.game.log().to_vec();
    // Both old sockets were just heard from (A's silence limit counts from
    // here) and have nothing unread.
    for seat in [&mut black, &mut white] {
        seat.client.send(&ClientMsg::Ping { t: 1 }).await;
        seat.client
            .until(|m| matches!(m, ServerMsg::Pong { t: 1 }))
            .await;
        while seat.client.try_next().is_some() {}
    }

    // A freezes mid-game, its sockets open: past its lease, B takes over.
    a.signal("STOP").await;
    assert_eq!(
        lease_owner(&s, &name, &game_id, &b.id, 15).await,
        b.id,
        "B claims the room of the frozen owner"
    );
    assert!(
        b.logged("taken over after its instance stopped renewing", 5)
            .await,
        "B runs the room"
    );
    // Both players reach B (as a load balancer would send them) and play on.
    let on_b = |seat: &Seat| Client::sign_in(b.addr, seat.client.token.clone());
    let (bx, by) = (on_b(&black).await, on_b(&white).await);
    let (mut nb, mut nw) = ordered(Seat::take(bx).await, Seat::take(by).await);
    assert_eq!(nb.game.log(), log.as_slice());
    assert_eq!(nw.game.log(), log.as_slice());
    let seq = nb.next_seq();
    let mover_is_black = nb.game.state().to_move() == Side::Black;
    let played = paced_one(&mut nb, &mut nw, &mut pick).await;
    paced_one(&mut nb, &mut nw, &mut pick).await;

    // The mover plays something else on the old socket, for the stale room
    // that still thinks seq `seq` is next; then A runs again. Whether that
    // room meets the refused write or the lost lease first, it must write
    // and broadcast nothing.
    let stale = if mover_is_black {
        &mut black
    } else {
        &mut white
    };
    let other = other_action(&stale.game, played);
    stale
        .client
        .send(&ClientMsg::Act { seq, action: other })
        .await;
    a.signal("CONT").await;
    // Both old sockets get closed (the stale room stepped down), having
    // been sent no action and no result.
    for seat in [&mut black, &mut white] {
        let closed = timeout(Duration::from_secs(10), async {
            loop {
                match seat.client.next().await {
                    Event::Closed(c) => return c,
                    Event::Msg(m @ (ServerMsg::Applied { .. } | ServerMsg::Finished { .. })) => {
                        panic!("the stale room sent {m:?}")
                    }
                    Event::Msg(_) => {}
                }
            }
        })
        .await
        .expect("the stale room closes its connections");
        assert_eq!(
            closed.as_ref().map(|c| c.0),
            Some(close::GOING_AWAY),
            "closed by the stale room: {closed:?}"
        );
    }
    assert!(
        a.logged("room stopped here", 5).await,
        "A logs why its room stopped"
    );

    // The game goes on to a result on B, both seats with the same board.
    let store = open_store(&db).await;
    let stored = store
        .game_in_progress(game_id.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.log, nb.game.log(), "the stored log is B's");
    for _ in 0..4 {
        if nb.game.state().is_finished() {
            break;
        }
        paced_one(&mut nb, &mut nw, &mut pick).await;
    }
    assert_eq!(nb.hashes, nw.hashes, "both saw the same states");
    assert_eq!(
        hash_hex(nb.game.state().hash()),
        hash_hex(nw.game.state().hash())
    );
    if !nb.game.state().is_finished() {
        let seq = nb.next_seq();
        nw.client.send(&ClientMsg::Resign).await;
        nb.applied(seq).await;
        nw.applied(seq).await;
    }
    let result = nb.client.finished().await;
    assert_eq!(nw.client.finished().await, result);
    let fin = store.finished_game(game_id.clone()).await.unwrap().unwrap();
    assert_eq!(fin.log, nb.game.log(), "stored log = what B broadcast");
    assert_eq!(&fin.log[..log.len()], log.as_slice());
    assert_eq!(
        fin.log[log.len()],
        played,
        "B's action at the contested seq"
    );
    assert_eq!(fin.result, result);
    let breaches = store.audit().await.unwrap();
    assert!(
        breaches.is_empty(),
        "store audit after the stall: {breaches:#?}"
    );
    drop((a, b));
}
