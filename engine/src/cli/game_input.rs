//! Reading a Baifang game file named on the command line (`-`: standard
//! input) for the subcommands that take one; failures are reported on stderr
//! and become the process's exit code.

use engine::baifang::{self, Replay, State};
use std::io::Read;

/// The replay of FILE (exit code 2 when it cannot be read or parsed).
pub(super) fn load(file: &str) -> Result<Replay, i32> {
    let bytes = read_input(file)?;
    baifang::replay_bytes(&bytes).map_err(|e| {
        eprintln!("error: {file}: {e} (expected a JSON array of action objects)");
        2
    })
}

/// For `legal`/`perft`: the state after FILE, which must replay cleanly.
pub(super) fn load_state(file: Option<&str>) -> Result<State, i32> {
    let Some(file) = file else {
        return Ok(State::new());
    };
    let r = load(file)?;
    if let Some((i, e)) = r.error {
        eprintln!("error: {file}: action {i} is illegal: {e}");
        return Err(1);
    }
    Ok(r.state)
}

/// The bytes of FILE (or stdin for `-`); Err(exit code 2) after saying why.
pub(super) fn read_input(file: &str) -> Result<Vec<u8>, i32> {
    let mut bytes = Vec::new();
    let read = if file == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(file).map(|b| bytes = b)
    };
    read.map(|_| bytes).map_err(|e| {
        eprintln!("error: cannot read {file}: {e}");
        2
    })
}
