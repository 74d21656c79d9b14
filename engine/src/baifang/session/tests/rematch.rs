//! Session tests: 再来一局 on the same connection: accepted (colours swapped,
//! rated from the last settlement), crossed offers, declined, withdrawn by
//! leaving, lapsed, and offers that do not name the game both finished.

use super::*;

/// A pair whose first game ended by A resigning (B won).
fn after_a_resigned() -> Net {
    let mut n = Net::matched();
    n.step();
    n.step();
    let e = n.a.resign(n.now);
    n.route(true, e);
    n.pump();
    assert_eq!(n.a.stage(), Stage::Finished);
    assert_eq!(n.b.stage(), Stage::Finished);
    n
}

fn offer(n: &mut Net, from_a: bool) {
    let e = if from_a {
        n.a.offer_rematch(n.now)
    } else {
        n.b.offer_rematch(n.now)
    };
    n.route(from_a, e);
    n.pump();
}

fn ended(ui: &[UiEvent]) -> Option<RematchEnd> {
    ui.iter().rev().find_map(|u| match u {
        UiEvent::RematchEnded(why) => Some(*why),
        _ => None,
    })
}

#[test]
fn an_accepted_rematch_swaps_colours_and_rates_from_the_last_settlement() {
    let mut n = after_a_resigned();
    let (sa, sb) = (settlement(&n.ui_a).unwrap(), settlement(&n.ui_b).unwrap());
    let (a_side, b_side) = (n.a.my_side(), n.b.my_side());
    assert!(n.a.can_offer_rematch() && n.b.can_offer_rematch());
    n.now += 5_000;
    offer(&mut n, true);
    assert_eq!(
        n.a.rematch_offer(),
        Some(PendingOffer {
            by_me: true,
            expires_at: n.now + REMATCH_OFFER_MS
        })
    );
    let offered = n.b.rematch_offer().expect("B sees the offer");
    assert!(!offered.by_me);
    assert!(n.ui_b.contains(&UiEvent::RematchOffered {
        expires_at: offered.expires_at
    }));
    assert!(
        !n.b.can_offer_rematch(),
        "an offer is answered, not doubled"
    );
    assert_eq!(
        n.a.stage(),
        Stage::Finished,
        "an offer alone starts nothing"
    );
    offer(&mut n, false);
    for s in [&n.a, &n.b] {
        assert_eq!(s.stage(), Stage::Playing);
        assert_eq!(s.game_number(), 2);
        assert_eq!(s.actions(), 0);
        assert!(s.log().is_empty());
        assert!(s.result().is_none());
    }
    assert_eq!(n.a.my_side(), a_side.other());
    assert_eq!(n.b.my_side(), b_side.other());
    assert!(
        !n.released_a && !n.released_b,
        "the same connection goes on"
    );
    // Each side starts the new game from the ratings its settlement gave both.
    assert_eq!(n.a.me().rating, sa.my_rating.1);
    assert_eq!(n.a.me().games, 1);
    let started_b = n.ui_b.iter().rev().find_map(|u| match u {
        UiEvent::Started { peer, .. } => Some(peer.clone()),
        _ => None,
    });
    assert_eq!(
        started_b.map(|p| (p.rating, p.games)),
        Some((sa.my_rating.1, 1))
    );
    assert_eq!(n.b.me().rating, sb.my_rating.1);
    // The second game is played and rated like the first.
    n.step();
    n.step();
    let e = n.b.resign(n.now);
    n.route(false, e);
    n.pump();
    let second = n.ui_a.iter().rev().find_map(|u| match u {
        UiEvent::Finished(MatchResult::Decided(s)) => Some(s.clone()),
        _ => None,
    });
    let second = second.expect("the rematch is settled");
    assert!(second.won);
    assert_eq!(second.my_rating.0, sa.my_rating.1);
    assert_eq!(
        second.my_rating.1,
        elo::new_rating(sa.my_rating.1, sb.my_rating.1, true, 1)
    );
}

#[test]
fn offers_that_cross_on_the_network_are_an_agreement() {
    let mut n = after_a_resigned();
    let ea = n.a.offer_rematch(n.now);
    let eb = n.b.offer_rematch(n.now);
    n.route(true, ea);
    n.route(false, eb);
    n.pump();
    assert_eq!(n.a.stage(), Stage::Playing);
    assert_eq!(n.b.stage(), Stage::Playing);
    assert_ne!(n.a.my_side(), n.b.my_side());
}

#[test]
fn a_declined_rematch_releases_both_and_says_so() {
    let mut n = after_a_resigned();
    offer(&mut n, true);
    let e = n.b.decline_rematch();
    n.route(false, e);
    n.pump();
    assert_eq!(ended(&n.ui_a), Some(RematchEnd::Declined));
    assert!(n.released_a && n.released_b);
    assert_eq!(n.a.stage(), Stage::Finished);
    assert!(n.a.rematch_offer().is_none() && !n.a.can_offer_rematch());
    // A late acceptance after that starts nothing.
    let e = n.b.offer_rematch(n.now);
    assert!(e.is_empty());
}

#[test]
fn leaving_withdraws_the_offer() {
    let mut n = after_a_resigned();
    offer(&mut n, true);
    let e = n.a.leave(n.now);
    n.route(true, e);
    n.pump();
    assert_eq!(ended(&n.ui_b), Some(RematchEnd::Withdrawn));
    assert!(n.released_a && n.released_b);
    // The transport losing the peer withdraws it too.
    let mut n = after_a_resigned();
    offer(&mut n, false);
    let e = n.a.on_peer_disconnected(n.now);
    n.route(true, e);
    assert_eq!(ended(&n.ui_a), Some(RematchEnd::Withdrawn));
    assert!(n.released_a);
}

#[test]
fn an_unanswered_offer_lapses_after_30_s() {
    let mut n = after_a_resigned();
    n.now += 10_000;
    offer(&mut n, true);
    let t = n.now;
    n.tick(t + REMATCH_OFFER_MS - 1);
    assert!(n.b.rematch_offer().is_some());
    assert!(!n.released_a);
    n.tick(t + REMATCH_OFFER_MS);
    assert_eq!(ended(&n.ui_a), Some(RematchEnd::Lapsed));
    assert_eq!(ended(&n.ui_b), Some(RematchEnd::Lapsed));
    assert!(n.released_a && n.released_b);
}

#[test]
fn an_offer_naming_another_game_starts_nothing() {
    let mut n = after_a_resigned();
    offer(&mut n, true);
    // B answers "yes" to a game other than the one both finished: a stale or
    // forged answer (wrong number, wrong final position, wrong length).
    let hash = crate::baifang::state::hash_hex(n.b.state().hash());
    let actions = n.b.actions();
    for (game, hash, actions) in [
        (3, hash.clone(), actions),
        (2, "0000000000000000".to_string(), actions),
        (2, hash.clone(), actions + 1),
    ] {
        let mut m = after_a_resigned();
        offer(&mut m, true);
        let forged = Wire::Rematch {
            player_id: "bob".into(),
            game,
            hash,
            actions,
            agree: true,
        };
        m.inject_a(&forged.to_json());
        assert_eq!(m.a.stage(), Stage::Finished, "game {game}");
        assert_eq!(ended(&m.ui_a), Some(RematchEnd::Declined));
        assert!(m.released_a);
    }
    // From someone else, it is not read at all.
    let forged = Wire::Rematch {
        player_id: "mallory".into(),
        game: 2,
        hash,
        actions,
        agree: true,
    };
    assert!(n.inject_a(&forged.to_json()).is_empty());
    assert_eq!(n.a.stage(), Stage::Finished);
}

#[test]
fn no_rematch_after_a_disconnect_or_a_void_and_none_during_a_game() {
    // A rematch message during the game is out of place: the match ends.
    let mut n = Net::matched();
    let early = Wire::Rematch {
        player_id: "bob".into(),
        game: 2,
        hash: "0000000000000000".into(),
        actions: 0,
        agree: true,
    };
    n.inject_a(&early.to_json());
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::Unexpected(OutOfPlace::RematchDuringGame))
    );
    assert!(!n.a.can_offer_rematch());
    // Won because the peer never came back: the connection goes at once.
    let mut n = Net::matched();
    let t = n.now;
    let e = n.a.on_peer_disconnected(t);
    n.route(true, e);
    let e = n.a.tick(t + 15_000);
    n.route(true, e);
    assert_eq!(settlement(&n.ui_a).unwrap().reason, Reason::Disconnect);
    assert!(n.released_a);
    assert!(!n.a.can_offer_rematch());
}

mod fuzzed {
    use super::*;
    use proptest::prelude::*;

    /// A rematch message from Bob with any of its fields wrong or right.
    fn rematch_message() -> impl Strategy<Value = String> {
        (
            any::<bool>(),
            0u32..4,
            any::<bool>(),
            0u32..6,
            any::<bool>(),
        )
            .prop_map(|(from_bob, game, right_hash, actions, agree)| {
                Wire::Rematch {
                    player_id: if from_bob { "bob" } else { "mallory" }.into(),
                    game,
                    hash: if right_hash { "?" } else { "0000000000000000" }.into(),
                    actions,
                    agree,
                }
                .to_json()
            })
    }

    proptest! {
        /// After the end, any bytes and any rematch message: no panic; a new game
        /// starts only on Bob's agreement naming game 2 and the finished game.
        #[test]
        fn only_the_peers_agreement_to_this_rematch_starts_a_game(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            message in rematch_message(),
            offer_first in any::<bool>(),
        ) {
            let mut n = after_a_resigned();
            let hash = crate::baifang::state::hash_hex(n.a.state().hash());
            let actions = n.a.actions();
            if offer_first {
                let _ = n.a.offer_rematch(n.now);
            }
            let _ = n.a.on_data(&bytes, n.now);
            let message = message.replace("\"?\"", &format!("\"{hash}\""));
            let _ = n.a.on_data(message.as_bytes(), n.now);
            if n.a.stage() == Stage::Playing {
                let agreed = matches!(
                    Wire::parse(message.as_bytes()),
                    Ok(Wire::Rematch { player_id, game: 2, hash: h, actions: c, agree: true })
                        if player_id == "bob" && h == hash && c == actions
                );
                prop_assert!(offer_first && agreed, "started on {message}");
                prop_assert_eq!(n.a.game_number(), 2);
            }
        }
    }
}
