//! Games on this device (hot-seat and against the AI): the local game with
//! its step clock ([`game`]) and the room it plays in ([`room`]).

pub mod game;
pub mod room;
