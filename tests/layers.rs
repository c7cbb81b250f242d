//! In every crate of the workspace, at every depth, sibling modules import one another in one
//! direction only: no module imports one that imports it back, directly or through others
//! (the layer map of `csp` is in `src/lib.rs` and `docs/design.md`).
//!
//! The test reads the sources with `std::fs` and, for each module with submodules, builds the
//! graph of its children from the paths that name them: `crate::`, `super::` and `self::`
//! paths and use trees, each resolved to the module that defines what it names, following
//! re-exports (`pub use x::Name`). Comments and items under `#[cfg(test)]` (test modules,
//! test-only files and helpers) are left out: tests may use the whole crate. Set
//! `CSP_LAYERS_SRC` to check one other tree (say, an older commit's `crates/csp/src`).

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

/// The paths of a use tree or path expression at the start of `s`: `a::b::{c::D, e}` gives
/// `[a, b, c, D]` and `[a, b, e]`. Each path stops at its first segment not followed by `::`.
fn use_paths(s: &str) -> Vec<Vec<String>> {
    fn tree(s: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
        let t = s.trim_start();
        let skipped = s.len() - t.len();
        if let Some(group) = t.strip_prefix('{') {
            let mut used = 1;
            let mut rest = group;
            loop {
                let r = rest.trim_start();
                used += rest.len() - r.len();
                rest = r;
                if rest.is_empty() {
                    return skipped + used;
                }
                if let Some(after) = rest.strip_prefix('}') {
                    let _ = after;
                    return skipped + used + 1;
                }
                if let Some(after) = rest.strip_prefix(',') {
                    used += 1;
                    rest = after;
                    continue;
                }
                let n = tree(rest, &mut prefix.clone(), out);
                if n == 0 {
                    return skipped + used;
                }
                used += n;
                rest = &rest[n..];
            }
        }
        if t.starts_with('*') {
            // A glob names the module itself.
            out.push(prefix.clone());
            return skipped + 1;
        }
        let (name, rest) = ident(t);
        if name.is_empty() {
            return 0;
        }
        let used = skipped + (t.len() - rest.len());
        if name != "self" {
            prefix.push(name.to_string());
        }
        match rest.strip_prefix("::") {
            Some(after) => used + 2 + tree(after, prefix, out),
            None => {
                out.push(prefix.clone());
                used
            }
        }
    }
    let mut out = Vec::new();
    tree(s, &mut Vec::new(), &mut out);
    out
}

/// A module path (`[]` for the crate root).
type ModPath = Vec<String>;

/// Per module: each name it re-exports, with the base module and the path it comes from.
type Reexports = BTreeMap<ModPath, BTreeMap<String, (ModPath, Vec<String>)>>;

/// A crate's modules and what each re-exports, for resolving paths to the module that
/// defines what they name.
struct Crate {
    modules: BTreeSet<Vec<String>>,
    /// Per module: each name it re-exports (`pub use`, `pub(crate) use`, `pub(super) use`)
    /// and the path it re-exports it from, as written, with the base it is relative to.
    reexports: Reexports,
}

/// Where a path written in module `here` starts: `crate::` at the root, `super::` chains
/// above `here`, `self::` at `here`; `None` for any other path (a local name, another crate,
/// or a child module named without `self::`, which never makes an edge between siblings).
fn path_base<'a>(code: &'a str, at: usize, here: &[String]) -> Option<(Vec<String>, &'a str)> {
    let before = &code[..at];
    if before.ends_with(|c: char| is_ident(c) || c == ':') {
        return None;
    }
    let rest = &code[at..];
    if let Some(after) = rest.strip_prefix("crate::") {
        return Some((Vec::new(), after));
    }
    if let Some(after) = rest.strip_prefix("self::") {
        return Some((here.to_vec(), after));
    }
    let mut after = rest;
    let mut base = here.to_vec();
    let mut ups = 0;
    while let Some(r) = after.strip_prefix("super::") {
        ups += 1;
        after = r;
    }
    if ups == 0 || ups > base.len() {
        return None;
    }
    base.truncate(base.len() - ups);
    Some((base, after))
}

impl Crate {
    /// The module that defines what `segments` (relative to module `base`) names: the
    /// longest prefix that is a module, then, if the next segment is a name that module
    /// re-exports, the module it comes from (followed through a few re-exports).
    fn resolve(&self, base: &[String], segments: &[String], hops: u32) -> Vec<String> {
        let mut cur = base.to_vec();
        for seg in segments {
            let mut next = cur.clone();
            next.push(seg.clone());
            if self.modules.contains(&next) {
                cur = next;
                continue;
            }
            if hops < 4 {
                if let Some((from_base, from)) = self.reexports.get(&cur).and_then(|r| r.get(seg)) {
                    return self.resolve(from_base, from, hops + 1);
                }
            }
            break;
        }
        cur
    }
}

/// The modules of a crate whose sources are `files` (paths relative to its `src/`), and per
/// non-test file its module path and the paths it writes that start at a module of the crate
/// (`crate::`, `super::`, `self::`), each as (base module, segments).
#[allow(clippy::type_complexity, reason = "a test's local data")]
fn read_crate(files: &[(String, String)]) -> (Crate, Vec<(ModPath, Vec<(ModPath, Vec<String>)>)>) {
    // Files of modules declared under `#[cfg(test)]`, by module path prefix.
    let mut test_only: Vec<Vec<String>> = Vec::new();
    let mut texts = Vec::new();
    let mut modules = BTreeSet::new();
    for (file, text) in files {
        let path = module_path(file);
        let (code, test_mods) = remove_test_items(&strip_comments_and_literals(text));
        for m in test_mods {
            let mut p = path.clone();
            p.push(m);
            test_only.push(p);
        }
        for k in 0..=path.len() {
            modules.insert(path[..k].to_vec());
        }
        texts.push((path, code));
    }
    let mut reexports: Reexports = BTreeMap::new();
    let mut uses = Vec::new();
    for (path, code) in &texts {
        if test_only.iter().any(|t| path.starts_with(t)) {
            continue;
        }
        for vis in ["pub use ", "pub(crate) use ", "pub(super) use "] {
            for (at, _) in code.match_indices(vis) {
                let stmt = &code[at + vis.len()..];
                let stmt = &stmt[..stmt.find(';').unwrap_or(stmt.len())];
                let (base, tail) = match path_base(stmt, 0, path) {
                    Some(b) => b,
                    // `pub use child::Name` names a child module without `self::`.
                    None => (path.clone(), stmt),
                };
                for mut p in use_paths(tail) {
                    // `X as Y` exports `Y`: the tree stops at `X`, and `as Y` follows it.
                    let Some(name) = p.pop() else { continue };
                    let exported = stmt
                        .split(&format!("{name} as "))
                        .nth(1)
                        .map(|r| ident(r).0.to_string())
                        .unwrap_or_else(|| name.clone());
                    p.push(name);
                    reexports.entry(path.clone()).or_default().insert(exported, (base.clone(), p));
                }
            }
        }
        let mut found = Vec::new();
        for start in ["crate::", "super::", "self::"] {
            for (at, _) in code.match_indices(start) {
                if start == "super::" && code[..at].ends_with("super::") {
                    continue;
                }
                if let Some((base, after)) = path_base(code, at, path) {
                    for p in use_paths(after) {
                        found.push((base.clone(), p));
                    }
                }
            }
        }
        uses.push((path.clone(), found));
    }
    (Crate { modules, reexports }, uses)
}

/// Per module with submodules (the crate root is `[]`): the graph of its child modules, an
/// edge `a -> b` when code in `a` (or below it) names something defined in `b` (or below
/// it), directly or through a re-export.
fn module_graphs(files: &[(String, String)]) -> BTreeMap<Vec<String>, Graph> {
    let (krate, uses) = read_crate(files);
    let mut graphs: BTreeMap<Vec<String>, Graph> = BTreeMap::new();
    for m in &krate.modules {
        if let Some((last, parent)) = m.split_last() {
            graphs.entry(parent.to_vec()).or_default().entry(last.clone()).or_default();
        }
    }
    for (here, found) in uses {
        for (base, segments) in found {
            let target = krate.resolve(&base, &segments, 0);
            let common = here.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common < here.len() && common < target.len() {
                let graph = graphs.get_mut(&here[..common]).unwrap();
                graph.get_mut(&here[common]).unwrap().insert(target[common].clone());
            }
        }
    }
    graphs
}

/// The graph of the crate root's modules (see [`module_graphs`]).
fn module_graph(files: &[(String, String)]) -> Graph {
    module_graphs(files).remove(&Vec::new()).unwrap_or_default()
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

/// The source trees checked: every crate of the workspace (`crates/*/src`) and the root
/// package's `src/`; `CSP_LAYERS_SRC` names one tree instead (say, an older commit's).
fn trees() -> Vec<PathBuf> {
    if let Some(dir) = std::env::var_os("CSP_LAYERS_SRC") {
        return vec![PathBuf::from(dir)];
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    out.push(root.join("src"));
    out.sort();
    out
}

#[test]
fn modules_import_one_way_at_every_depth_in_every_crate() {
    let mut report = String::new();
    let mut checked = 0;
    for dir in trees() {
        let graphs = module_graphs(&read_tree(&dir));
        if dir.ends_with("csp/src") {
            let root = &graphs[&Vec::new()];
            assert!(root["search"].contains("model"), "the graph is read:\n{}", describe(root));
        }
        for (parent, graph) in &graphs {
            checked += 1;
            if !cycles(graph).is_empty() {
                let name = if parent.is_empty() { "the crate root".to_string() } else { parent.join("::") };
                report.push_str(&format!("in {} ({}):\n{}", name, dir.display(), describe(graph)));
            }
        }
    }
    assert!(checked >= 10, "only {checked} module graphs read");
    assert!(report.is_empty(), "import cycles between sibling modules:\n{report}");
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
fn a_cycle_between_submodules_is_found_through_a_parent_reexport() {
    let files = fixture(&[
        ("lib.rs", "mod s;\n"),
        ("s/mod.rs", "mod dfs;\nmod board;\nmod fork;\npub use board::Board;\npub struct Frame;\n"),
        ("s/dfs.rs", "use super::{Board, Frame};\nuse super::fork::*;\n"),
        ("s/fork.rs", "pub struct Fork;\n"),
        ("s/board.rs", "pub struct Board(crate::s::dfs::Step);\n"),
    ]);
    let graphs = module_graphs(&files);
    let graph = &graphs[&vec!["s".to_string()]];
    assert_eq!(graph["dfs"], BTreeSet::from(["board".to_string(), "fork".to_string()]));
    assert_eq!(graph["board"], BTreeSet::from(["dfs".to_string()]));
    assert_eq!(one_cycle(graph, &cycles(graph)[0]), "board -> dfs -> board");
    assert!(graphs[&Vec::new()]["s"].is_empty());
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
