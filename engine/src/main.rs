//! `engine` command line: drives the rules, solvers and tools from a terminal.
//! The output formats are stable contracts that scripts and other teams rely on.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
