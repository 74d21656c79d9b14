//! The one interface between the app and whatever hosts it: a plain browser tab or
//! the native iOS wrapper. Game code calls these functions and never asks which host
//! it runs in; [`bridge`] is the typed envelope to the native host underneath.

pub mod bridge;
pub mod haptics;
pub mod share;
