//! What the shell and the games' modules share, and nothing of either game: the table of
//! modules ([`modules`]), navigation ([`nav`]), the translations' machinery and the shell's
//! words ([`i18n`]), storage, the screen header ([`chrome`]), the control icons ([`icon`]), the window events between
//! shell and module ([`page_events`]), a module's mount side ([`module`]) and the typed argument it is opened with
//! ([`open_arg`]), the sounds ([`sound`]), the Web Worker
//! link and the native host ([`host`]).
//!
//! The crates' direction is games → shell → core: this crate depends on no game and on no
//! shell, and Cargo refuses a path back (`scripts/test.sh` checks `cargo tree`).

pub mod chrome;
pub mod feedback_log;
pub mod host;
pub mod i18n;
pub mod icon;
pub mod json_text;
pub mod later;
pub mod module;
pub mod modules;
pub mod nav;
pub mod open_arg;
pub mod page_events;
pub mod page_url;
pub mod reveal;
pub mod sound;
pub mod storage;
pub mod variant_key;
pub mod worker_link;
