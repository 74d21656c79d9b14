//! Play on the referee server: the lobby (quick match, friend rooms), the
//! controller that drives the engine's referee client over the WebSocket, and
//! the room drawn from it; the leaderboard and player pages over the server's public API.

pub mod api;
pub mod controller;
pub mod leaderboard;
pub mod lobby;
pub mod panel;
pub mod player_page;
pub mod rating_chart;
pub mod recent_line;
pub mod rematch;
pub mod room;
pub mod words;
