//! Small levels shared by the hex unit tests, read from `engine/tests/data/`
//! (the web crate's tests read the same files).

/// a (0,0) clue 1, b (1,0), c (0,1), a wall between a and b: the only path is a, c, b.
pub const WALLED_TRIANGLE: &str = include_str!("../../tests/data/hex-walled-triangle.json");

/// The walled triangle plus d (1,1) with clue 4: the only path is a, c, b, d.
pub const WALLED_RHOMBUS: &str = include_str!("../../tests/data/hex-walled-rhombus.json");
