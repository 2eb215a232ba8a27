//! Keeps the game window's modules from growing new import loops: builds the graph of
//! which top-level module of `crates/app/src` names which (`use crate::x`, `crate::x::`
//! paths, `super::` paths that climb to the crate root), for the library and the binary
//! alike, and fails on any loop that is not one of the [`KNOWN_CYCLES`] (none are left).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The import loops the app may still have, each written from its alphabetically first
/// module round to it again: none, since the last ones were untangled. A loop not listed
/// here fails the test, and so does a listed one that is gone.
const KNOWN_CYCLES: &[&str] = &[];

/// The app crate's source folder.
fn app_source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/app/src")
}

/// One lexical token of Rust source, with comments and literals already dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semicolon,
    Other,
}

/// Splits Rust source into the tokens that matter for paths, skipping comments (doc
/// comments included, so a link in the docs is no dependency), strings and characters.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i);
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            match (word.as_str(), chars.get(i)) {
                ("r" | "br" | "cr", Some('"' | '#')) if raw_string_starts(&chars, i) => {
                    i = skip_raw_string(&chars, i);
                }
                ("b" | "c", Some('"')) => i = skip_string(&chars, i + 1),
                ("b", Some('\'')) => i = skip_quote(&chars, i),
                _ => out.push(Token::Ident(word)),
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Other);
        } else {
            i += 1;
            out.push(match c {
                ':' if next == Some(':') => {
                    i += 1;
                    Token::PathSep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semicolon,
                _ => Token::Other,
            });
        }
    }
    out
}

/// The index after the (possibly nested) block comment starting at `start`.
fn skip_block_comment(chars: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                i += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    i
}

/// The index after the closing quote of a string whose contents begin at `start`.
fn skip_string(chars: &[char], start: usize) -> usize {
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Skips a character literal at `start` (its opening quote), or only the quote of a
/// lifetime or label, whose name is then read as an identifier.
fn skip_quote(chars: &[char], start: usize) -> usize {
    match (chars.get(start + 1), chars.get(start + 2)) {
        (Some('\\'), _) => {
            let mut i = start + 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i + 1
        }
        (Some(_), Some('\'')) => start + 3,
        _ => start + 1,
    }
}

/// Whether the `#`s (if any) at `start` lead to the opening quote of a raw string.
fn raw_string_starts(chars: &[char], start: usize) -> bool {
    let hashes = chars[start..].iter().take_while(|&&c| c == '#').count();
    chars.get(start + hashes) == Some(&'"')
}

/// The index after a raw string whose `#`s and opening quote begin at `start`.
fn skip_raw_string(chars: &[char], start: usize) -> usize {
    let hashes = chars[start..].iter().take_while(|&&c| c == '#').count();
    let mut i = start + hashes + 1;
    while i < chars.len() {
        if chars[i] == '"' && chars[i + 1..].iter().take_while(|&&c| c == '#').count() >= hashes {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// The modules a crate root declares (`mod x;` and `pub mod x;`).
fn declared_modules(root_source: &str) -> BTreeSet<String> {
    tokens(root_source)
        .windows(3)
        .filter_map(|window| match window {
            [Token::Ident(keyword), Token::Ident(name), Token::Semicolon] if keyword == "mod" => {
                Some(name.clone())
            }
            _ => None,
        })
        .collect()
}

/// The module path of a source file, from its crate root: `screens/game/mod.rs` is
/// `["screens", "game"]`, `input.rs` is `["input"]`.
fn module_path(relative: &Path) -> Vec<String> {
    relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .filter(|part| part != "mod")
        .collect()
}

/// The top-level modules a file at `module` names by paths from its crate root, that
/// is, those after `crate::` or after as many `super::` as climb to the root. Modules
/// written inline (`mod tests { ... }`) deepen the path their `super::` climbs from.
fn named_roots(tokens: &[Token], module: &[String]) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    for (i, token) in tokens.iter().enumerate() {
        let after_separator = i > 0 && tokens[i - 1] == Token::PathSep;
        match token {
            Token::Open => {
                depth += 1;
                if let [.., Token::Ident(keyword), Token::Ident(name)] = &tokens[..i]
                    && keyword == "mod"
                {
                    inline.push((name.clone(), depth));
                }
            }
            Token::Close => {
                if inline.last().is_some_and(|(_, opened)| *opened == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Token::Ident(word)
                if word == "crate"
                    && !after_separator
                    && tokens.get(i + 1) == Some(&Token::PathSep) =>
            {
                named.extend(path_heads(&tokens[i + 2..]));
            }
            Token::Ident(word) if word == "super" && !after_separator => {
                let mut climbs = 0;
                let mut j = i;
                while tokens.get(j) == Some(&Token::Ident("super".into()))
                    && tokens.get(j + 1) == Some(&Token::PathSep)
                {
                    climbs += 1;
                    j += 2;
                }
                if climbs == module.len() + inline.len() {
                    named.extend(path_heads(&tokens[j..]));
                }
            }
            _ => {}
        }
    }
    named
}

/// The first names of the path (or of each path in the `{ ... }` group) that `rest`
/// starts with; `self` in a group names no other module.
fn path_heads(rest: &[Token]) -> Vec<String> {
    match rest.first() {
        Some(Token::Ident(name)) => vec![name.clone()],
        Some(Token::Open) => {
            let mut heads = Vec::new();
            let mut depth = 0;
            let mut at_start = false;
            for token in rest {
                match token {
                    Token::Open => {
                        depth += 1;
                        at_start = depth == 1;
                        continue;
                    }
                    Token::Close if depth == 1 => break,
                    Token::Close => depth -= 1,
                    Token::Comma if depth == 1 => {
                        at_start = true;
                        continue;
                    }
                    Token::Ident(name) if depth == 1 && at_start && name != "self" => {
                        heads.push(name.clone());
                    }
                    _ => {}
                }
                at_start = false;
            }
            heads
        }
        _ => Vec::new(),
    }
}

/// Every `.rs` file under `dir`, as paths relative to `base`.
fn rust_files(base: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the app's source folder is readable") {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            rust_files(base, &path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(
                path.strip_prefix(base)
                    .expect("under the base")
                    .to_path_buf(),
            );
        }
    }
}

/// Which top-level module names which, and the first file that does, over both crate
/// roots of the app (each module's paths are read against its own root's modules).
type Graph = BTreeMap<String, BTreeMap<String, PathBuf>>;

/// Reads the app's sources into its module graph.
fn module_graph() -> Graph {
    let source = app_source();
    let roots: Vec<BTreeSet<String>> = ["lib.rs", "main.rs"]
        .iter()
        .map(|root| declared_modules(&fs::read_to_string(source.join(root)).expect("a crate root")))
        .collect();
    let mut files = Vec::new();
    rust_files(&source, &source, &mut files);
    files.sort();
    let mut graph = Graph::new();
    for file in files {
        let module = module_path(&file);
        let Some(top) = module.first().filter(|top| *top != "lib" && *top != "main") else {
            continue;
        };
        let siblings = roots
            .iter()
            .find(|modules| modules.contains(top))
            .unwrap_or_else(|| panic!("{} belongs to no crate root", file.display()));
        let text = fs::read_to_string(source.join(&file)).expect("a readable source file");
        let edges = graph.entry(top.clone()).or_default();
        for named in named_roots(&tokens(&text), &module) {
            if named != *top && siblings.contains(&named) {
                edges.entry(named).or_insert_with(|| file.clone());
            }
        }
    }
    graph
}

/// Every simple cycle of `graph`, each from its smallest module round to it again.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in graph.keys() {
        let mut path = vec![start.clone()];
        extend_cycles(graph, &mut path, &mut found);
    }
    found
}

/// Follows every edge out of the end of `path` to modules after its start, recording
/// each way back to the start.
fn extend_cycles(graph: &Graph, path: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    let start = path[0].clone();
    let last = path.last().expect("a path is never empty").clone();
    for next in graph.get(&last).into_iter().flat_map(BTreeMap::keys) {
        if *next == start {
            let mut cycle = path.clone();
            cycle.push(start.clone());
            found.push(cycle);
        } else if *next > start && !path.contains(next) {
            path.push(next.clone());
            extend_cycles(graph, path, found);
            path.pop();
        }
    }
}

/// A cycle as written in [`KNOWN_CYCLES`], with the file behind each step.
fn describe(cycle: &[String], graph: &Graph) -> String {
    let steps: Vec<String> = cycle
        .windows(2)
        .map(|step| {
            format!(
                "  {} -> {} ({})",
                step[0],
                step[1],
                graph[&step[0]][&step[1]].display()
            )
        })
        .collect();
    format!("{}\n{}", cycle.join(" -> "), steps.join("\n"))
}

#[test]
fn the_app_has_no_new_import_loop() {
    let graph = module_graph();
    assert!(
        graph.contains_key("screens") && graph.contains_key("event_loop"),
        "the graph must hold the library's and the binary's modules: {graph:?}"
    );
    let found = cycles(&graph);
    for cycle in &found {
        eprintln!("import loop: {}", describe(cycle, &graph));
    }
    let written: BTreeSet<String> = found.iter().map(|cycle| cycle.join(" -> ")).collect();
    let known: BTreeSet<String> = KNOWN_CYCLES.iter().map(|cycle| cycle.to_string()).collect();
    let new: Vec<String> = found
        .iter()
        .filter(|cycle| !known.contains(&cycle.join(" -> ")))
        .map(|cycle| describe(cycle, &graph))
        .collect();
    let gone: Vec<&String> = known.difference(&written).collect();
    assert!(
        new.is_empty(),
        "new import loops between the app's modules:\n{}",
        new.join("\n")
    );
    assert!(
        gone.is_empty(),
        "these known import loops are gone; remove them from KNOWN_CYCLES: {gone:?}"
    );
}

#[test]
fn paths_from_the_crate_root_are_found() {
    let source = "//! Names crate::ignored in a comment.\n\
        use crate::{audio::Cue, board, self};\n\
        fn f() { let s = \"crate::string\"; let c = '{'; crate::wake::wake(); }\n\
        mod tests { use super::super::theme; use super::*; }\n";
    let named = named_roots(&tokens(source), &["input".to_string()]);
    let expected: BTreeSet<String> = ["audio", "board", "wake", "theme"]
        .iter()
        .map(|name| name.to_string())
        .collect();
    assert_eq!(named, expected);
}

#[test]
fn a_loop_is_found_once_from_its_smallest_module() {
    let mut graph = Graph::new();
    for (from, to) in [("b", "c"), ("c", "a"), ("a", "b"), ("c", "d")] {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), PathBuf::from("x.rs"));
    }
    let written: Vec<String> = cycles(&graph)
        .iter()
        .map(|cycle| cycle.join(" -> "))
        .collect();
    assert_eq!(written, ["a -> b -> c -> a"]);
}
