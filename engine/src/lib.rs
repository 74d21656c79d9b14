//! The game engine: pure, deterministic, integer-only rules and algorithms.
//!
//! Two modes live side by side and share nothing but utilities ([`json_error`], [`decimal`]):
//! - [`baifang`]: the 5×5 stone game (rules, spec, AI, match protocol);
//! - [`hex`]: the Hex Stroke path puzzle (model, rules, input machine, solver, generator).
//!
//! Time and randomness are inputs, never read here, so every function gives the
//! same answer natively and in wasm32.

pub mod baifang;
pub mod code_envelope;
pub mod decimal;
pub mod hex;
pub mod json_error;
