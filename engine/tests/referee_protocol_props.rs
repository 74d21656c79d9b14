//! Property tests of the referee server's message decoder against hostile
//! input: arbitrary bytes, oversized messages, deep nesting and mutated valid
//! messages never panic, nothing over the size cap is parsed, and every
//! message a client can send survives a round trip.

use engine::baifang::referee_protocol::{
    ClientMsg, DecodeError, ServerMsg, MAX_CLIENT_MESSAGE_BYTES,
};
use engine::baifang::{Action, Side};
use proptest::prelude::*;

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..25).prop_map(|to| Action::Place { to }),
        (0u8..25, 0u8..25).prop_map(|(from, to)| Action::Move { from, to }),
        (0u8..25).prop_map(|at| Action::Capture { at }),
        Just(Action::Timeout),
        any::<bool>().prop_map(|b| Action::Resign {
            side: if b { Side::Black } else { Side::White }
        }),
    ]
}

fn client_msg() -> impl Strategy<Value = ClientMsg> {
    let text = "\\PC{0,16}";
    prop_oneof![
        (
            any::<u32>(),
            proptest::option::of("[0-9a-f]{64}"),
            proptest::option::of(text)
        )
            .prop_map(|(v, token, name)| ClientMsg::Hello { v, token, name }),
        text.prop_map(|name| ClientMsg::SetName { name }),
        Just(ClientMsg::QuickMatch),
        any::<bool>().prop_map(|rated| ClientMsg::CreateRoom { rated }),
        ("[A-Za-z0-9-]{0,12}", any::<bool>())
            .prop_map(|(code, rated)| ClientMsg::JoinRoom { code, rated }),
        Just(ClientMsg::Cancel),
        (any::<u32>(), action()).prop_map(|(seq, action)| ClientMsg::Act { seq, action }),
        Just(ClientMsg::Resign),
        Just(ClientMsg::RequestState),
        any::<u64>().prop_map(|t| ClientMsg::Ping { t }),
    ]
}

/// What the server does with a frame: decode, and on success encode again.
fn decode_checked(bytes: &[u8]) {
    match ClientMsg::decode(bytes) {
        Ok(m) => {
            assert!(bytes.len() <= MAX_CLIENT_MESSAGE_BYTES);
            assert_eq!(ClientMsg::decode(m.to_json().as_bytes()), Ok(m));
        }
        Err(DecodeError::TooLarge { len, limit }) => {
            assert_eq!((len, limit), (bytes.len(), MAX_CLIENT_MESSAGE_BYTES));
        }
        Err(e @ DecodeError::Malformed(_)) => {
            assert!(e.to_string().starts_with("not a protocol message: "));
        }
    }
    let _ = ServerMsg::decode(bytes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1_200)) {
        decode_checked(&bytes);
    }

    #[test]
    fn every_client_message_round_trips(m in client_msg()) {
        let json = m.to_json();
        prop_assert_eq!(ClientMsg::decode(json.as_bytes()), Ok(m));
    }

    #[test]
    fn mutated_messages_never_panic(
        m in client_msg(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = m.to_json().into_bytes();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        decode_checked(&bytes);
    }

    /// A valid message padded past the cap (the cheap attack: make the
    /// server parse megabytes) is refused by its length alone.
    #[test]
    fn anything_over_the_cap_is_refused_unparsed(m in client_msg(), extra in 1usize..4_096) {
        let mut json = m.to_json();
        let pad = MAX_CLIENT_MESSAGE_BYTES + extra - json.len().min(MAX_CLIENT_MESSAGE_BYTES);
        json.insert_str(json.len() - 1, &format!(",\"pad\":\"{}\"", "x".repeat(pad)));
        prop_assert!(json.len() > MAX_CLIENT_MESSAGE_BYTES);
        prop_assert_eq!(
            ClientMsg::decode(json.as_bytes()),
            Err(DecodeError::TooLarge { len: json.len(), limit: MAX_CLIENT_MESSAGE_BYTES })
        );
    }
}

/// Deep nesting within the size cap (the stack-exhaustion attack) is refused
/// with an error, not a crash.
#[test]
fn deep_nesting_is_refused_not_crashed() {
    for open in ["[", "{\"a\":"] {
        let depth = MAX_CLIENT_MESSAGE_BYTES / open.len();
        let text = open.repeat(depth);
        assert!(text.len() <= MAX_CLIENT_MESSAGE_BYTES);
        let e = ClientMsg::decode(text.as_bytes()).unwrap_err();
        assert!(matches!(e, DecodeError::Malformed(_)), "{e}");
        let inside = format!(
            "{{\"type\":\"ping\",\"t\":1,\"x\":{}}}",
            open.repeat((MAX_CLIENT_MESSAGE_BYTES - 40) / open.len())
        );
        assert!(ClientMsg::decode(inside.as_bytes()).is_err());
    }
}
