//! Reading Rust source as text for the structure tests: listing files and blanking
//! out comments and literals so that only code is left, line for line.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, in a stable order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{} unreadable: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with every comment, string, raw string and character literal replaced
/// by spaces (their newlines kept), so a path or a brace inside them is not read as
/// code and line numbers stay those of the file. A string becomes `""` plus padding.
pub fn code_only(text: &str) -> String {
    let s: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < s.len() {
        let end = literal_or_comment_end(&s, i);
        if end > i {
            let is_string = s[i] == '"' || s[i] == 'r' || s[i] == 'b';
            if is_string {
                out.push_str("\"\"");
            }
            let skip = if is_string { 2 } else { 0 };
            for (k, &c) in s[i..end].iter().enumerate() {
                if k >= skip {
                    out.push(if c == '\n' { '\n' } else { ' ' });
                }
            }
            i = end;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// Where the comment or literal starting at `i` ends (exclusive), or `i` if none starts there.
fn literal_or_comment_end(s: &[char], i: usize) -> usize {
    let at = |k: usize| s.get(k).copied();
    let word_before = i > 0 && (s[i - 1].is_alphanumeric() || s[i - 1] == '_');
    match s[i] {
        '/' if at(i + 1) == Some('/') => s[i..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(s.len(), |p| i + p),
        '/' if at(i + 1) == Some('*') => block_comment_end(s, i),
        '"' => string_end(s, i + 1),
        'b' if !word_before && at(i + 1) == Some('"') => string_end(s, i + 2),
        'r' | 'b' if !word_before => raw_string_end(s, i).unwrap_or(i),
        '\'' => char_end(s, i),
        _ => i,
    }
}

fn block_comment_end(s: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i + 1 < s.len() {
        if s[i] == '/' && s[i + 1] == '*' {
            depth += 1;
            i += 2;
        } else if s[i] == '*' && s[i + 1] == '/' {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    s.len()
}

/// The end of an ordinary string whose text starts at `i` (after the quote).
fn string_end(s: &[char], mut i: usize) -> usize {
    while i < s.len() {
        match s[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    s.len()
}

/// `r"…"`, `r#"…"#`, `br"…"`: the end, if a raw string starts at `start`.
fn raw_string_end(s: &[char], start: usize) -> Option<usize> {
    let mut i = start;
    if s.get(i) == Some(&'b') {
        i += 1;
    }
    if s.get(i) != Some(&'r') {
        return None;
    }
    i += 1;
    let hashes = s[i..].iter().take_while(|&&c| c == '#').count();
    i += hashes;
    if s.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < s.len() {
        if s[i] == '"'
            && s[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(s.len())
}

/// A character literal ('x', '\n', '\u{1F600}', '"'); a lifetime has no closing quote.
fn char_end(s: &[char], start: usize) -> usize {
    match (s.get(start + 1), s.get(start + 2)) {
        (Some('\\'), _) => s[start + 3..]
            .iter()
            .take(10)
            .position(|&c| c == '\'')
            .map_or(start, |p| start + 4 + p),
        (Some(_), Some('\'')) => start + 3,
        _ => start,
    }
}

#[test]
fn comments_and_literals_are_blanked_line_for_line() {
    let text = "let a = \"x { // y\";\n/* b { \n */ let c = '{'; // }\nlet d = r#\"q\"}\"#; let e = '\\''; 'a: loop {}\n";
    let code = code_only(text);
    assert_eq!(code.lines().count(), text.lines().count());
    assert_eq!(code.matches('{').count(), 1, "{code}");
    assert_eq!(code.matches('}').count(), 1, "{code}");
    assert!(code.contains("'a: loop {}"), "{code}");
    assert!(!code.contains('y') && !code.contains('q'), "{code}");
}
