//! Arbitrary bytes → parsed as a JSON action list → replayed. Must never panic:
//! malformed input is a parse error, illegal actions stop the replay with an
//! error, and every reached state satisfies the engine invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = engine::baifang::replay_bytes(data) {
        if let Err(e) = r.state.check_invariants() {
            panic!("invariant broken: {e}");
        }
        if let Some((i, e)) = &r.error {
            assert_eq!(*i, r.applied);
            assert!(!e.to_string().is_empty());
        }
    }
});
