#![no_main]
//! Arbitrary bytes into the game-link decoder: an error or a legal game, never a panic.

use engine::baifang::game_link::{decode, encode, seal, VERSION};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // the raw bytes as a sealed code (version fixed up half the time so the reader
    // behind the checksum is reached), and as text
    let mut body = data.to_vec();
    if data.first().is_some_and(|b| b & 1 == 1) {
        body[0] = VERSION;
    }
    if let Ok((record, game)) = decode(&seal(body)) {
        let (again, replayed) = decode(&encode(&record)).expect("re-encoding decodes");
        assert_eq!(again, record);
        assert_eq!(replayed.state(), game.state());
    }
    let _ = decode(&String::from_utf8_lossy(data));
});
