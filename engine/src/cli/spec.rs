//! `engine spec …` subcommands.

use clap::Subcommand;
use engine::baifang::anatomy;

#[derive(Subcommand)]
pub enum Command {
    /// Mechanics anatomy: verb, rule and state tables of Baifang
    /// derived from engine/spec/baifang.json, with coverage checks.
    Anatomy {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Anatomy { json } => {
            let a = anatomy::anatomy();
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&a).expect("anatomy serialises")
                );
            } else {
                print!("{}", a.to_text());
            }
            // Coverage failures are a non-zero exit so CI can gate on it.
            if a.ok() {
                0
            } else {
                1
            }
        }
    }
}
