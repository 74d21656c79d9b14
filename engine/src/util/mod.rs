//! Generic helpers shared by both modes (nothing game-specific lives here).
