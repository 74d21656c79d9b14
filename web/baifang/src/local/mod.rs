//! Games on this device (hot-seat and against the AI): the local game with
//! its step clock and undo ([`game`]), the room it plays in ([`room`]) and the
//! game in progress kept for 继续上局 ([`saved`]).

pub mod game;
pub mod room;
pub mod saved;
