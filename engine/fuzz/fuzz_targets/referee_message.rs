//! Arbitrary bytes as a message to or from the referee server. Decoding must
//! never panic; what decodes must encode back to a message that decodes to
//! the same value; nothing over the size cap is ever parsed.
#![no_main]

use engine::baifang::referee_protocol::{
    ClientMsg, DecodeError, ServerMsg, MAX_CLIENT_MESSAGE_BYTES,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match ClientMsg::decode(data) {
        Ok(m) => {
            assert!(data.len() <= MAX_CLIENT_MESSAGE_BYTES);
            assert_eq!(ClientMsg::decode(m.to_json().as_bytes()).ok(), Some(m));
        }
        Err(DecodeError::TooLarge { len, limit }) => {
            assert_eq!((len, limit), (data.len(), MAX_CLIENT_MESSAGE_BYTES));
            assert!(data.len() > MAX_CLIENT_MESSAGE_BYTES);
        }
        Err(DecodeError::Malformed(e)) => assert!(!e.is_empty()),
    }
    if let Ok(m) = ServerMsg::decode(data) {
        assert_eq!(ServerMsg::decode(m.to_json().as_bytes()).ok(), Some(m));
    }
});
