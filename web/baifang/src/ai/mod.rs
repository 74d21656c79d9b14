//! The AI against the player on this device: the opponent a local room
//! drives, the Web Worker that searches (its service and message protocol,
//! the page's client of it, the endgame tables it fetches), and the browser
//! bench's hook into that worker.

pub mod bench_hook;
pub mod client;
pub mod opponent;
pub mod protocol;
pub mod service;
pub mod tables;
