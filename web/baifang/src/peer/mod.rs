//! Peer-to-peer play (Game Center, or browser tabs): the lobby, the
//! controller that drives the engine's match session over a transport, the
//! room drawn from it, and the page's test hooks into it.

pub mod controller;
pub mod lobby;
pub mod room;
pub mod test_hooks;
