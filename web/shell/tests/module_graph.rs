//! The modules of every crate (the engine, the server and the four web crates) depend
//! on each other one way only: no import circle in any of them; and the web crates
//! depend games → shell → core, never back and never from one game to the other.
//!
//! Reads every file under `src/`, collects the `crate::…`, `super::…` and
//! `self::…` paths it names (in `use` lines and inline), resolves each to the
//! module that defines the item, and looks for a cycle among the modules. A
//! parent's `mod child;` line is not a dependency; naming a child's item is.

mod rust_source;

use rust_source::{code_only, rust_files};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module path such as `["hex", "play"]` (the crate root is `[]`).
type Module = Vec<String>;

/// The module a file under `src/` defines (`bin/` files are separate crates).
fn module_of(relative: &Path) -> Option<Module> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    let file = parts.pop()?;
    let stem = file.strip_suffix(".rs")?;
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    if stem == "main" {
        return None;
    }
    Some(parts)
}

/// The code without comments and literals (they may mention paths) and without
/// the unit-test module at the end of a file (its `super` is the file's own
/// module, and tests are not part of the structure).
fn code_without_tests(text: &str) -> String {
    code_only(text.split("#[cfg(test)]\nmod ").next().unwrap_or(text))
}

/// Every path starting with `crate`, `super` or `self`, with `{…}` groups expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let boundary = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let head = ["crate::", "super::", "self::"]
            .into_iter()
            .any(|h| rest.starts_with(h));
        let inside_path = i >= 2 && bytes[i - 2] == ':' && bytes[i - 1] == ':';
        if head && boundary && !inside_path {
            let (tree, end) = parse_tree(&bytes, i);
            out.extend(tree);
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Parses `a::b::{c, d::e}` from `start`; returns the leaf paths and where it ended.
fn parse_tree(s: &[char], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut i = start;
    let mut prefix = Vec::new();
    loop {
        while i < s.len() && s[i].is_whitespace() {
            i += 1;
        }
        if i < s.len() && s[i] == '{' {
            let mut leaves = Vec::new();
            i += 1;
            loop {
                while i < s.len() && (s[i].is_whitespace() || s[i] == ',') {
                    i += 1;
                }
                if i >= s.len() || s[i] == '}' {
                    i += 1;
                    break;
                }
                let (sub, end) = parse_tree(s, i);
                for p in sub {
                    leaves.push(prefix.iter().cloned().chain(p).collect());
                }
                i = end;
                // skip an `as name` rename
                while i < s.len() && s[i] != ',' && s[i] != '}' {
                    i += 1;
                }
            }
            return (leaves, i);
        }
        let begin = i;
        while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
            i += 1;
        }
        if begin == i {
            return (vec![prefix], i);
        }
        prefix.push(s[begin..i].iter().collect());
        if i + 1 < s.len() && s[i] == ':' && s[i + 1] == ':' {
            i += 2;
        } else {
            return (vec![prefix], i);
        }
    }
}

/// The module a path points into: the longest prefix naming a known module.
fn target(from: &Module, path: &[String], modules: &BTreeSet<Module>) -> Option<Module> {
    let mut base = from.clone();
    let mut rest = path;
    while let Some(first) = rest.first() {
        match first.as_str() {
            "crate" => base.clear(),
            "super" => {
                base.pop()?;
            }
            "self" => {}
            _ => break,
        }
        rest = &rest[1..];
    }
    let mut best = base.clone();
    let mut current = base;
    for part in rest {
        current.push(part.clone());
        if modules.contains(&current) {
            best = current.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// Every module of the crate whose sources are `src` and the modules it names.
fn graph_of(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = rust_files(src);
    let sources: Vec<(Module, String)> = files
        .iter()
        .filter_map(|f| {
            let module = module_of(f.strip_prefix(src).expect("under src"))?;
            Some((
                module,
                code_without_tests(&fs::read_to_string(f).expect("readable")),
            ))
        })
        .collect();
    let modules: BTreeSet<Module> = sources.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (module, code) in &sources {
        let deps: BTreeSet<Module> = paths(code)
            .iter()
            .filter_map(|p| target(module, p, &modules))
            .filter(|t| t != module && !t.is_empty())
            .collect();
        graph.insert(module.clone(), deps);
    }
    graph
}

/// A cycle through the graph, if there is one (depth-first search).
fn find_cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        marks: &mut BTreeMap<Module, Mark>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        match marks.get(m) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let at = stack.iter().position(|x| x == m).expect("on the stack");
                let mut cycle = stack[at..].to_vec();
                cycle.push(m.clone());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(m.clone(), Mark::Open);
        stack.push(m.clone());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(m.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for m in graph.keys() {
        if let Some(c) = visit(m, graph, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

#[test]
fn the_parser_sees_grouped_inline_and_relative_paths() {
    let code = code_only(
        "use crate::i18n::{tr, Text};\nuse super::{board::Board, view_model::{a, b as c}};\n\
         // crate::ignored::path\nlet x = crate::nav::use_nav(); \"crate::in_string\"",
    );
    let got: Vec<String> = paths(&code).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        got,
        [
            "crate::i18n::tr",
            "crate::i18n::Text",
            "super::board::Board",
            "super::view_model::a",
            "super::view_model::b",
            "crate::nav::use_nav",
        ]
    );
    let modules: BTreeSet<Module> = [vec!["hex".to_string()], vec!["hex".into(), "play".into()]]
        .into_iter()
        .collect();
    let from = vec!["hex".to_string(), "play".to_string()];
    let path: Vec<String> = ["super", "use_hex"].map(String::from).to_vec();
    assert_eq!(
        target(&from, &path, &modules),
        Some(vec!["hex".to_string()])
    );
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let m = |s: &str| vec![s.to_string()];
    let mut g = BTreeMap::new();
    g.insert(m("a"), [m("b")].into_iter().collect());
    g.insert(m("b"), [m("c")].into_iter().collect());
    g.insert(m("c"), BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
    g.insert(m("c"), [m("a")].into_iter().collect());
    assert!(find_cycle(&g).is_some());
}

/// The workspace's root folder (this crate is `web/shell`).
fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("the workspace")
}

/// The graph of the workspace crate in folder `name`.
fn crate_graph(name: &str) -> BTreeMap<Module, BTreeSet<Module>> {
    graph_of(&workspace().join(name).join("src"))
}

/// Fails naming the circle when the crate in folder `name` has one; `at_least`
/// modules must be read (a reader that found nothing would pass vacuously).
fn assert_no_import_circle(name: &str, at_least: usize) {
    let graph = crate_graph(name);
    assert!(graph.len() > at_least, "read {} modules", graph.len());
    if let Some(cycle) = find_cycle(&graph) {
        let names: Vec<String> = cycle.iter().map(self::name).collect();
        panic!("import circle in {name}: {}", names.join(" → "));
    }
}

#[test]
fn no_import_circle_in_the_engine() {
    assert_no_import_circle("engine", 30);
}

#[test]
fn no_import_circle_in_any_web_crate() {
    assert_no_import_circle("web/core", 8);
    assert_no_import_circle("web/shell", 3);
    assert_no_import_circle("web/baifang", 30);
    assert_no_import_circle("web/hex", 20);
}

/// The names under `[dependencies]` of the manifest `text` (not dev or build ones).
fn dependencies(text: &str) -> BTreeSet<String> {
    let mut in_section = false;
    let mut names = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
        } else if in_section && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                let name = name.trim();
                names.insert(name.split('.').next().unwrap_or(name).to_string());
            }
        }
    }
    names
}

/// The web crates a web crate may depend on: shell → core; each game → shell and core (its
/// module carries the shell, which a link opened cold starts from: `carry_the_shell!`);
/// core → none. So the shell never loads a game's code, and neither game can import the
/// other (Cargo refuses the `use`; `scripts/test.sh` also checks `cargo tree`).
#[test]
fn the_web_crates_depend_games_to_shell_to_core() {
    let allowed: [(&str, &[&str]); 4] = [
        ("web/core", &[]),
        ("web/shell", &["web-core"]),
        ("web/baifang", &["web-core", "web-shell"]),
        ("web/hex", &["web-core", "web-shell"]),
    ];
    for (folder, may) in allowed {
        let manifest = fs::read_to_string(workspace().join(folder).join("Cargo.toml"))
            .expect("the crate's manifest");
        let web: BTreeSet<String> = dependencies(&manifest)
            .into_iter()
            .filter(|d| ["web-core", "web-shell", "web-baifang", "web-hex"].contains(&d.as_str()))
            .collect();
        let may: BTreeSet<String> = may.iter().map(|d| d.to_string()).collect();
        assert_eq!(web, may, "{folder} depends on these web crates");
    }
    // The shell does not even reach the engine: a game's rules are a game's download.
    let shell = fs::read_to_string(workspace().join("web/shell/Cargo.toml")).unwrap();
    assert!(!dependencies(&shell).contains("engine"));
    assert_eq!(
        dependencies("[dependencies]\nweb-core.workspace = true\nleptos = \"0.8\"\n[dev-dependencies]\nx = 1"),
        ["leptos", "web-core"].map(String::from).into_iter().collect()
    );
}

#[test]
fn no_import_circle_in_the_server() {
    assert_no_import_circle("server", 15);
}
