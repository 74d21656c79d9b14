//! Play on the referee server: the lobby (quick match, friend rooms), the
//! controller that drives the engine's referee client over the WebSocket, and
//! the room drawn from it.

pub mod controller;
pub mod lobby;
pub mod room;
