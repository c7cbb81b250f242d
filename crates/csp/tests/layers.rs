//! The top-level modules of `csp` import one another in one direction only: no module imports
//! one that imports it back, directly or through others (the layer map is in `src/lib.rs` and
//! `docs/design.md`).
//!
//! The test reads the sources with `std::fs` and builds the graph of top-level modules from the
//! paths that name them: `crate::x`, `crate::{x, ...}`, `super::x` reaching the crate root, and
//! `crate::Name` through the crate root's re-exports (`pub use x::Name`). Comments and items
//! under `#[cfg(test)]` (test modules, test-only files and helpers) are left out: tests may use
//! the whole crate. Set `CSP_LAYERS_SRC` to check another tree (say, an older commit's
//! `crates/csp/src`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Top-level module -> the top-level modules it imports.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The source files under `dir`, as (path relative to `dir` with `/`, text), sorted.
fn read_tree(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(root, &p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p
                    .strip_prefix(root)
                    .unwrap()
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>();
                out.push((rel.join("/"), fs::read_to_string(&p).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

/// The module path of a file: `search/mod.rs` -> `["search"]`, `search/board.rs` ->
/// `["search", "board"]`, `lib.rs` -> `[]`.
fn module_path(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file.split('/').map(str::to_string).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The text without comments, string and character literals (their contents become spaces),
/// so that neither prose nor messages count as paths.
fn strip_comments_and_literals(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && i + 2 < b.len() && (b[i + 1] == b'\\' || b[i + 2] == b'\'') {
            // A character literal ('{', '\n', '\''); a lifetime ('a) has no closing quote here.
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            let ch = s[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// Removes every item under `#[cfg(test)]` from stripped text, and returns the names of the
/// modules declared there without a body (`#[cfg(test)] mod testing;`), whose files are
/// test-only.
fn remove_test_items(s: &str) -> (String, Vec<String>) {
    const ATTR: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(s.len());
    let mut test_mods = Vec::new();
    let mut rest = s;
    while let Some(at) = rest.find(ATTR) {
        out.push_str(&rest[..at]);
        let item = &rest[at + ATTR.len()..];
        // The item ends at its first `;` outside braces, or at the brace closing its body.
        let bytes = item.as_bytes();
        let (mut depth, mut end) = (0usize, item.len());
        for (k, &c) in bytes.iter().enumerate() {
            match c {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    end = k + 1;
                    let words: Vec<&str> = item[..k].split_whitespace().collect();
                    if let [.., "mod", name] = words.as_slice() {
                        test_mods.push(name.to_string());
                    }
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    (out, test_mods)
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier at the start of `s` (after whitespace), and the rest.
fn ident(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    let n = s.find(|c: char| !is_ident(c)).unwrap_or(s.len());
    (&s[..n], &s[n..])
}

/// The first segment of each item of a `{ a::b, c, d::{e, f} }` group (`s` starts after `{`).
fn group_heads(s: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut start = true;
    for (k, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && is_ident(c) && depth == 0 => {
                heads.push(ident(&s[k..]).0);
                start = false;
            }
            _ => {}
        }
    }
    heads
}

/// The names the crate root re-exports (`pub use x::Name`, `pub use x::{A, B}`), with the
/// top-level module each comes from.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let mut rest = lib;
    while let Some(at) = rest.find("pub use ") {
        let stmt = &rest[at + "pub use ".len()..];
        let end = stmt.find(';').unwrap_or(stmt.len());
        let stmt = &stmt[..end];
        rest = &rest[at + 8 + end..];
        let (module, tail) = ident(stmt);
        let names_part = match tail.rfind("::") {
            Some(k) => &tail[k + 2..],
            None => continue,
        };
        let names_part = names_part.trim().trim_start_matches('{').trim_end_matches('}');
        for name in names_part.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            // `X as Y` exports `Y`.
            let exported = name.rsplit(' ').next().unwrap();
            names.insert(exported.to_string(), module.to_string());
        }
    }
    names
}

/// Builds the graph of top-level modules from the files of a crate's `src/` (paths relative
/// to it, `lib.rs` included).
fn module_graph(files: &[(String, String)]) -> Graph {
    let top: BTreeSet<String> =
        files.iter().filter_map(|(f, _)| module_path(f).first().cloned()).collect::<BTreeSet<_>>();
    let lib =
        files.iter().find(|(f, _)| f == "lib.rs").map(|(_, s)| strip_comments_and_literals(s)).unwrap_or_default();
    let reexports = root_reexports(&lib);
    // Files of modules declared under `#[cfg(test)]`, by module path prefix.
    let mut test_only: Vec<Vec<String>> = Vec::new();
    let mut texts = Vec::new();
    for (file, text) in files {
        let path = module_path(file);
        let (code, test_mods) = remove_test_items(&strip_comments_and_literals(text));
        for m in test_mods {
            let mut p = path.clone();
            p.push(m);
            test_only.push(p);
        }
        texts.push((path, code));
    }
    let mut graph: Graph = top.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for (path, code) in &texts {
        let Some(me) = path.first() else { continue };
        if test_only.iter().any(|t| path.starts_with(t)) {
            continue;
        }
        let mut targets: Vec<&str> = Vec::new();
        // `crate::x...` and `crate::{x, ...}`.
        for (at, _) in code.match_indices("crate::") {
            if at > 0 && code[..at].ends_with(|c: char| is_ident(c)) {
                continue;
            }
            let after = &code[at + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                targets.extend(group_heads(group));
            } else {
                targets.push(ident(after).0);
            }
        }
        // `super::` chains that reach the crate root.
        for (at, _) in code.match_indices("super::") {
            if at > 0 && code[..at].ends_with(|c: char| is_ident(c) || c == ':') {
                continue;
            }
            let mut after = &code[at..];
            let mut ups = 0;
            while let Some(r) = after.strip_prefix("super::") {
                ups += 1;
                after = r;
            }
            if ups < path.len() {
                continue; // still inside this top-level module
            }
            if let Some(group) = after.strip_prefix('{') {
                targets.extend(group_heads(group));
            } else {
                targets.push(ident(after).0);
            }
        }
        for t in targets {
            let module = if top.contains(t) { Some(t) } else { reexports.get(t).map(String::as_str) };
            if let Some(m) = module {
                if m != me && top.contains(m) {
                    graph.get_mut(me).unwrap().insert(m.to_string());
                }
            }
        }
    }
    graph
}

/// The strongly connected components with more than one module (Tarjan), each sorted.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut comp = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    comp.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    self.out.push(comp);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out
}

/// One closed path through a strongly connected component, `a -> b -> ... -> a`, found by a
/// breadth-first search back to its first module.
fn one_cycle(graph: &Graph, comp: &[String]) -> String {
    let start = &comp[0];
    let inside: BTreeSet<&String> = comp.iter().collect();
    let mut prev: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in graph[v].iter().filter(|w| inside.contains(w)) {
            if w == start {
                let mut path = vec![start.as_str()];
                let mut at = v;
                while at != start {
                    path.push(at);
                    at = prev[at];
                }
                path.push(start);
                let n = path.len();
                path[1..n - 1].reverse();
                return path.join(" -> ");
            }
            if !prev.contains_key(w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    comp.join(", ")
}

fn describe(graph: &Graph) -> String {
    let mut s = String::new();
    for (m, deps) in graph {
        s.push_str(&format!("  {m} -> {}\n", deps.iter().cloned().collect::<Vec<_>>().join(" ")));
    }
    for comp in cycles(graph) {
        s.push_str(&format!("cycle: {} (all in one circle: {})\n", one_cycle(graph, &comp), comp.join(" ")));
    }
    s
}

#[test]
fn top_level_modules_import_one_way() {
    let dir = std::env::var_os("CSP_LAYERS_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let graph = module_graph(&read_tree(&dir));
    assert!(
        graph.contains_key("search") && graph["search"].contains("model"),
        "the graph is read:\n{}",
        describe(&graph)
    );
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "import cycles between the top-level modules of {}:\n{}",
        dir.display(),
        describe(&graph)
    );
}

fn fixture(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files.iter().map(|(f, s)| (f.to_string(), s.to_string())).collect()
}

#[test]
fn a_cycle_through_groups_super_and_reexports_is_found() {
    let files = fixture(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\npub use a::{Apple, Avocado};\n"),
        ("a.rs", "use crate::{b::Bee, d};\npub struct Apple;\npub struct Avocado;\n"),
        ("b/mod.rs", "mod inner;\npub struct Bee;\n"),
        ("b/inner.rs", "use super::super::c::Cat;\n"),
        ("c.rs", "pub struct Cat(crate::Avocado);\n"),
        ("d.rs", "pub struct Dog;\n"),
    ]);
    let graph = module_graph(&files);
    assert_eq!(graph["a"], BTreeSet::from(["b".to_string(), "d".to_string()]));
    assert_eq!(graph["b"], BTreeSet::from(["c".to_string()]));
    assert_eq!(graph["c"], BTreeSet::from(["a".to_string()]));
    assert_eq!(cycles(&graph), vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]);
    assert_eq!(one_cycle(&graph, &cycles(&graph)[0]), "a -> b -> c -> a");
}

#[test]
fn comments_strings_and_test_code_are_not_imports() {
    let files = fixture(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\n"),
        (
            "b/mod.rs",
            "//! See [`crate::a`].\n#[cfg(test)]\nmod testing;\nfn f() { let _ = \"crate::a\"; let _c = '{'; }\n\
             #[cfg(test)]\nfn helper() -> crate::a::A { crate::a::A::default() }\n\
             #[cfg(test)]\nmod tests {\n    use crate::a::A;\n    fn g() { if true { let _ = super::super::a::A; } }\n}\n\
             pub struct B; // crate::a\n",
        ),
        ("b/testing.rs", "use crate::a::A;\n"),
    ]);
    let graph = module_graph(&files);
    assert!(graph["b"].is_empty(), "{}", describe(&graph));
    assert!(cycles(&graph).is_empty());
}
