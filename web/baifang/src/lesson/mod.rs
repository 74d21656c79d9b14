//! The first game that teaches: five short scripted boards ([`script`]) played by taps on
//! the real board with the engine checking every step ([`screen`]), offered once in the
//! lobby on a first visit, and the rules page in both languages ([`rules`]).

pub mod rules;
pub mod screen;
pub mod script;

use web_core::storage;

/// Where the lobby remembers that the lesson was offered (offered once, then only its
/// button stays).
const OFFERED_KEY: &str = "baifang:lesson-offered";

/// Whether the lobby still has to offer the lesson on this device.
pub fn offer_pending() -> bool {
    storage::read(OFFERED_KEY).is_none()
}

/// The offer was seen (taken or declined): it is not made again.
pub fn offer_answered() {
    storage::write(OFFERED_KEY, "1");
}
