//! Command-line front end. Each game mode owns one subcommand module.

mod baifang;
mod baifang_tables;
mod game_input;
mod hex;
mod hex_bench;
mod hex_bench_solve;
mod hex_daily;
mod hex_deduce;
mod spec;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "engine", about = "Baifang and Hex Stroke engine tools")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// 摆方 Baifang: replay, legal actions, perft, AI bench and self-play.
    #[command(subcommand)]
    Baifang(baifang::Command),
    /// 六边一笔 Hex Stroke: verify, solve, generate, share codes.
    #[command(subcommand)]
    Hex(hex::Command),
    /// Rule specification tools (mechanics anatomy).
    #[command(subcommand)]
    Spec(spec::Command),
}

/// Runs the CLI and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Baifang(cmd) => baifang::run(cmd),
        Command::Hex(cmd) => hex::run(cmd),
        Command::Spec(cmd) => spec::run(cmd),
    }
}
