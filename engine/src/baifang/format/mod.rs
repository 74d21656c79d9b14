//! Baifang's formats, apart from the rules (as scalachess keeps `format/`
//! apart from its rules): the action codec with its `actionType` numbers,
//! and what is built on it: the move notation, game files and game links.

pub mod codec;
pub mod game_file;
pub mod game_link;
pub mod game_record;
pub mod notation;
