//! `engine spec …` subcommands.

use clap::Subcommand;

#[derive(Subcommand)]
pub enum Command {}

pub fn run(cmd: Command) -> i32 {
    match cmd {}
}
