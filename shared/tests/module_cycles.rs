//! No two modules of `shared`, `api` or `worker` import each other, directly or around a loop
//! (issue 32): what several modules need goes below them (docs/architecture.md, "No module
//! circles"). Read from the sources: every `crate::…` and `super::…` path outside comments and
//! test modules names the deepest module it reaches; a strongly connected set of more than one
//! module is a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (`db::repo::rules`, `""` for the crate root) → its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a readable source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("below src");
            let mut parts: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            found.insert(parts.join("::"), path);
        }
    }
    found
}

/// The source without comments and without its `#[cfg(test)] mod … { … }` blocks (tests may
/// reach anywhere).
fn code(source: &str) -> String {
    let source: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut kept = String::with_capacity(source.len());
    let mut rest = source.as_str();
    while let Some(at) = rest.find("#[cfg(test)]\nmod ") {
        kept.push_str(&rest[..at]);
        let block = &rest[at..];
        let Some(open) = block.find('{') else {
            rest = "";
            break;
        };
        let mut depth = 0usize;
        let mut end = block.len();
        for (offset, c) in block[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + offset + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &block[end..];
    }
    kept.push_str(rest);
    kept
}

/// The `crate::a::b…` / `super::…` paths of `source`, each as its segments.
fn paths(source: &str) -> Vec<Vec<&str>> {
    let mut found = Vec::new();
    for (at, _) in source
        .match_indices("crate::")
        .chain(source.match_indices("super::"))
    {
        let before = source[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &source[at..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let segments: Vec<&str> = rest[..end].split("::").filter(|s| !s.is_empty()).collect();
        found.push(segments);
    }
    found
}

/// The module `segments`, written in module `current`, reaches: as deep as one exists.
fn target(modules: &BTreeMap<String, PathBuf>, current: &str, segments: &[&str]) -> Option<String> {
    let mut base: Vec<&str> = if current.is_empty() {
        Vec::new()
    } else {
        current.split("::").collect()
    };
    let mut rest = segments;
    if rest.first() == Some(&"crate") {
        base.clear();
        rest = &rest[1..];
    }
    while rest.first() == Some(&"super") {
        base.pop();
        rest = &rest[1..];
    }
    (1..=rest.len()).rev().find_map(|take| {
        let name = base
            .iter()
            .chain(&rest[..take])
            .copied()
            .collect::<Vec<_>>()
            .join("::");
        modules.contains_key(&name).then_some(name)
    })
}

/// The circles among the modules of the crate whose sources are in `src`.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let modules = modules(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, path) in &modules {
        let source = code(&std::fs::read_to_string(path).expect("a readable source"));
        let out = edges.entry(module.clone()).or_default();
        for segments in paths(&source) {
            let Some(to) = target(&modules, module, &segments) else {
                continue;
            };
            let related = to.is_empty()
                || to == *module
                || module.starts_with(&format!("{to}::"))
                || to.starts_with(&format!("{module}::"));
            if !related {
                out.insert(to);
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|set| set.len() > 1)
        .collect()
}

/// Tarjan's strongly connected components.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(state: &mut State<'a>, node: &'a str) {
        state.index.insert(node, state.next);
        state.low.insert(node, state.next);
        state.next += 1;
        state.stack.push(node);
        state.on_stack.insert(node);
        let edges = state.edges;
        for next in edges.get(node).into_iter().flatten() {
            let next = next.as_str();
            if !state.index.contains_key(next) {
                visit(state, next);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut set = Vec::new();
            while let Some(member) = state.stack.pop() {
                state.on_stack.remove(member);
                set.push(member.to_owned());
                if member == node {
                    break;
                }
            }
            set.sort();
            state.found.push(set);
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found
}

#[test]
fn no_crate_has_modules_that_import_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["shared", "api", "worker"] {
        let src = root.join(krate).join("src");
        assert!(modules(&src).len() > 10, "{krate}: too few modules found");
        let found = circles(&src);
        assert!(
            found.is_empty(),
            "{krate} has modules that import each other (move what they share below them): {found:#?}"
        );
    }
}

#[test]
fn a_circle_is_found_through_crate_and_super_paths() {
    let dir = std::env::temp_dir().join(format!("module-cycles-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod a;\npub mod b;\npub mod c;\n").unwrap();
    std::fs::write(
        dir.join("a.rs"),
        // The path to b::x comes after a test module, as user administration did in accounts.rs.
        "#[cfg(test)]\nmod tests { use crate::c::g; }\npub fn h() { crate::b::x::f() }\n// crate::c::g\n",
    )
    .unwrap();
    std::fs::write(dir.join("b/mod.rs"), "pub mod x;\n").unwrap();
    std::fs::write(dir.join("b/x.rs"), "pub fn f() { super::super::a::h() }\n").unwrap();
    std::fs::write(
        dir.join("c.rs"),
        "pub fn g() {}\n#[cfg(test)]\nmod tests { use crate::a::h; }\n",
    )
    .unwrap();
    let found = circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    // a → b::x and b::x → a; c's test module and a's comment do not count.
    assert_eq!(found, vec![vec!["a".to_owned(), "b::x".to_owned()]]);
}
