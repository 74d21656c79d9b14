//! No function in `engine/src`, `server/src` or a web crate's `src` runs over 120 lines
//! (tests excepted):
//! a function that long holds several steps that want names of their own.
//!
//! This check lives with the web crate's other structure test (the module graph)
//! and reads both crates' sources as text: it finds every `fn` with a body,
//! matches its braces in the code left after comments and literals are blanked,
//! and counts the lines from the `fn` line to the closing brace. Items under
//! `#[cfg(test)]` or `#[test]`, and files of a `#[cfg(test)] mod x;`, are tests.

mod rust_source;

use rust_source::{code_only, rust_files};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a function may span, its signature and closing brace included.
const MAX_LINES: usize = 120;

/// Functions allowed to be longer: (path relative to the workspace, function
/// name, the reason).
const EXCEPTIONS: &[(&str, &str, &str)] = &[];

/// One function with a body: where it starts and how many lines it spans.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The byte index just past the item starting at `i`: its matching `}` if a `{`
/// comes first, else its `;` (brackets and parentheses on the way are skipped over).
fn item_end(code: &[u8], mut i: usize) -> usize {
    let mut nesting = 0i32;
    while i < code.len() {
        match code[i] {
            b'(' | b'[' => nesting += 1,
            b')' | b']' => nesting -= 1,
            b';' if nesting == 0 => return i + 1,
            b'{' if nesting == 0 => return matching_brace(code, i) + 1,
            _ => {}
        }
        i += 1;
    }
    code.len()
}

/// The index of the `}` that closes the `{` at `open`.
fn matching_brace(code: &[u8], open: usize) -> usize {
    let mut depth = 0;
    for (k, &b) in code.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    code.len() - 1
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The byte ranges of items marked `#[cfg(test)]` or `#[test]`, and the names of
/// child modules declared test-only with `mod name;`.
fn test_items(code: &[u8]) -> (Vec<(usize, usize)>, Vec<String>) {
    let text = std::str::from_utf8(code).expect("utf-8");
    let mut ranges = Vec::new();
    let mut child_files = Vec::new();
    for marker in ["#[cfg(test)]", "#[test]"] {
        for (at, _) in text.match_indices(marker) {
            let start = at + marker.len();
            let end = item_end(code, start);
            let item = text[start..end].split_whitespace().collect::<Vec<_>>();
            if let ["mod", name] = item.as_slice() {
                child_files.push(name.trim_end_matches(';').to_string());
            }
            ranges.push((at, end));
        }
    }
    (ranges, child_files)
}

/// Every function with a body in `code`, outside the test ranges.
fn functions(code: &str) -> Vec<Function> {
    let bytes = code.as_bytes();
    let (tests, _) = test_items(bytes);
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn") {
        let starts_word = at == 0 || !is_word(bytes[at - 1]);
        let after = &code[at + 2..];
        let name: String = after
            .trim_start()
            .bytes()
            .take_while(|&b| is_word(b))
            .map(char::from)
            .collect();
        let spaced = after.starts_with(char::is_whitespace);
        if !starts_word || !spaced || name.is_empty() || tests.iter().any(|r| r.0 <= at && at < r.1)
        {
            continue;
        }
        let end = item_end(bytes, at);
        if bytes[end - 1] != b'}' {
            continue; // a declaration without a body
        }
        let line = code[..at].matches('\n').count() + 1;
        let lines = code[at..end].matches('\n').count() + 1;
        out.push(Function { name, line, lines });
    }
    out
}

/// The files of test-only modules below `src` (`#[cfg(test)] mod x;` → `x.rs`, `x/`).
fn test_only_files(src: &Path, files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    for file in files {
        let code = code_only(&fs::read_to_string(file).expect("readable"));
        let (_, children) = test_items(code.as_bytes());
        let stem = file.file_stem().expect("a file name").to_string_lossy();
        let dir = if matches!(stem.as_ref(), "mod" | "lib" | "main") {
            file.parent().expect("under src").to_path_buf()
        } else {
            file.with_extension("")
        };
        for child in children {
            out.insert(dir.join(format!("{child}.rs")));
            out.insert(dir.join(&child));
        }
    }
    out.retain(|p| p.starts_with(src));
    out
}

/// Every function over [`MAX_LINES`] in the crate sources, as `path:line name (N lines)`.
fn long_functions() -> Vec<(String, String, usize, usize)> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("the workspace")
        .to_path_buf();
    let mut found = Vec::new();
    for crate_dir in [
        "engine/src",
        "server/src",
        "web/core/src",
        "web/shell/src",
        "web/baifang/src",
        "web/hex/src",
    ] {
        let src = workspace.join(crate_dir);
        let files = rust_files(&src);
        let test_only = test_only_files(&src, &files);
        for file in &files {
            if test_only.iter().any(|t| file.starts_with(t)) {
                continue;
            }
            let code = code_only(&fs::read_to_string(file).expect("readable"));
            let relative = file
                .strip_prefix(&workspace)
                .expect("in the workspace")
                .to_string_lossy()
                .into_owned();
            for f in functions(&code).into_iter().filter(|f| f.lines > MAX_LINES) {
                found.push((relative.clone(), f.name, f.line, f.lines));
            }
        }
    }
    found
}

#[test]
fn functions_are_measured_from_fn_to_the_closing_brace() {
    let code = code_only(
        "fn a() {\n    let s = \"}\";\n}\ntrait T { fn b(&self); }\n\
         fn c<F: Fn(u8) -> u8>(f: F) -> u8 where F: Copy {\n    f(1)\n}\n\
         #[cfg(test)]\nmod tests {\n    fn d() {}\n}\n#[test]\nfn e() {}\n",
    );
    let got = functions(&code);
    let names: Vec<(&str, usize, usize)> = got
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(names, [("a", 1, 3), ("c", 5, 3)]);
    let (_, children) = test_items(b"#[cfg(test)]\nmod fixtures;\n#[cfg(test)]\nmod tests { }");
    assert_eq!(children, ["fixtures"]);
}

#[test]
fn no_function_over_120_lines_outside_tests() {
    let found = long_functions();
    let over: Vec<String> = found
        .iter()
        .filter(|(path, name, _, _)| !EXCEPTIONS.iter().any(|e| e.0 == path && e.1 == name))
        .map(|(path, name, line, lines)| format!("{path}:{line} {name} ({lines} lines)"))
        .collect();
    assert!(
        over.is_empty(),
        "functions over {MAX_LINES} lines:\n{}",
        over.join("\n")
    );
}
