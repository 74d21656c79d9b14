//! The one way the integration tests run the `engine` binary: arguments and
//! standard input in, exit code and output back, plus the fixture folder, the
//! shipped Hex Stroke packs and the cache of built endgame tables.
//! Each test file uses only some of these, hence the `dead_code` allowance.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `engine ARGS` with `stdin` written to its standard input.
pub fn engine(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("engine reads its input");
    child.wait_with_output().expect("engine finishes")
}

/// The standard output of a run, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `engine ARGS` with empty input: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let o = engine(args, "");
    (
        o.status.code().unwrap_or(-1),
        stdout(&o),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The path of a fixture in `engine/tests/data/`.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The shipped Hex Stroke packs (`levels/*.json`), each with its file name, in
/// file-name order.
pub fn shipped_packs() -> Vec<(String, engine::hex::level_file::Pack)> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("levels/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let pack = engine::hex::level_file::parse_pack(&text)
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            (name, pack)
        })
        .collect()
}

/// The cache folder of built endgame tables (`target/endgame-tables-cache`; 4 v 4 rebuilt
/// when missing or damaged, about 7 s in release). Built once per test binary: the tests
/// run in parallel threads, and two of them writing the same missing table at once raced
/// on its file (a cold clone's first run).
pub fn tables_cache() -> std::path::PathBuf {
    use engine::baifang::tables::{file, solve};
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../target/endgame-tables-cache");
        std::fs::create_dir_all(&dir).expect("cache folder");
        if file::TableFile::load(&dir, 4, 4).is_err() {
            let solved = solve::solve(4, 4, 2);
            file::write(&dir, &solved).expect("cache written");
        }
        dir
    })
    .clone()
}
