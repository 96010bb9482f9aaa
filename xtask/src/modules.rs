//! `check-modules`: no module cycle inside any crate (ARCHITECTURE.md's first invariant).
//!
//! A crate's top-level modules (`src/x.rs` or `src/x/`, everything below them counted as `x`)
//! are the nodes; `x` depends on `y` when code in `x` names `crate::y` (a `use`, a path, or a
//! `use crate::{y, ...}` group). Comment lines and the trailing `#[cfg(test)] mod tests` are
//! left out (a test may reach anywhere); the crate root (`lib.rs` / `main.rs`) is not a node,
//! since it only declares and re-exports. Any cycle among the nodes is an error naming it.
//! The same holds one level down, among the children of each folder module (`src/x/y.rs`,
//! `src/x/y/`): `y` depends on a sibling `z` when it names `super::z` or `crate::x::z`. (A
//! child reaching up to its parent's own items, such as `impl Round` split over `round/*.rs`,
//! is not a sibling edge.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{Context, bail};

/// Module name -> the modules it names.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The dependency graph of the top-level modules of the crate whose `src` is `src`.
pub fn graph_of(src: &Path) -> anyhow::Result<Graph> {
    let mut files: BTreeMap<String, Vec<String>> = BTreeMap::new();
    collect(src, src, &mut files)?;
    let names: BTreeSet<String> = files.keys().cloned().collect();
    let mut graph = Graph::new();
    for (module, texts) in &files {
        let entry = graph.entry(module.clone()).or_default();
        for text in texts {
            for used in named_modules(text) {
                if used != *module && names.contains(&used) {
                    entry.insert(used);
                }
            }
        }
    }
    Ok(graph)
}

fn collect(
    src: &Path,
    dir: &Path,
    files: &mut BTreeMap<String, Vec<String>>,
) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            collect(src, &path, files)?;
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(src).unwrap_or(&path);
        let first = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        files.entry(module).or_default().push(text);
    }
    Ok(())
}

/// The modules `text` names through `crate::`, outside comments and its test module.
pub fn named_modules(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code_lines(text) {
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // `use crate::{a, b::c, ...}` on one line; the first segment of each item.
                let inner = group.split('}').next().unwrap_or_default();
                for item in inner.split(',') {
                    out.insert(ident(item.trim()));
                }
            } else {
                out.insert(ident(rest));
            }
        }
    }
    out.remove("");
    out
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// A cycle of `graph` (its modules in order, the first repeated at the end), if there is one.
pub fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    // Depth-first search with the path on a stack: an edge back into the path closes a cycle.
    fn visit<'a>(
        node: &'a str,
        graph: &'a Graph,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            let mut cycle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

/// Checks every crate under `crates/`: an error names the first cycle found.
pub fn check(crates: &Path) -> anyhow::Result<()> {
    let mut checked = 0;
    let mut dirs: Vec<_> = std::fs::read_dir(crates)
        .with_context(|| format!("reading {}", crates.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    dirs.sort();
    for dir in dirs {
        let src = dir.join("src");
        if !src.is_dir() {
            continue;
        }
        let graph = graph_of(&src)?;
        if let Some(cycle) = find_cycle(&graph) {
            bail!("module cycle in {}: {}", dir.display(), cycle.join(" -> "));
        }
        checked += graph.len();
        let mut folders = Vec::new();
        folder_modules(&src, "", &mut folders)?;
        for (folder, path) in &folders {
            let siblings = sibling_graph(folder, path)?;
            if let Some(cycle) = find_cycle(&siblings) {
                bail!(
                    "module cycle in {} ({path}): {}",
                    dir.display(),
                    cycle.join(" -> ")
                );
            }
            checked += siblings.len();
        }
        eprintln!(
            "{}: {} top-level modules and {} folder modules, no cycle",
            dir.display(),
            graph.len(),
            folders.len()
        );
    }
    eprintln!("{checked} modules checked");
    Ok(())
}

/// Every folder below `dir` with its module path (`riichi`, `mcr::engine`).
fn folder_modules(
    dir: &Path,
    prefix: &str,
    out: &mut Vec<(std::path::PathBuf, String)>,
) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    let mut subdirs: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    for sub in subdirs {
        let name = sub
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let path = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}::{name}")
        };
        folder_modules(&sub, &path, out)?;
        out.push((sub, path));
    }
    Ok(())
}

/// The graph of the children of the folder module `folder` (module path `path`).
fn sibling_graph(folder: &Path, path: &str) -> anyhow::Result<Graph> {
    let mut files: BTreeMap<String, Vec<(bool, String)>> = BTreeMap::new();
    let entries =
        std::fs::read_dir(folder).with_context(|| format!("reading {}", folder.display()))?;
    for entry in entries {
        let p = entry?.path();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if p.is_dir() {
            // A child folder `y/`: its files are `y`'s; `super::` in them is `y`, not a sibling.
            let mut nested = BTreeMap::new();
            collect(&p, &p, &mut nested)?;
            let texts = nested.into_values().flatten().map(|t| (false, t));
            files.entry(name).or_default().extend(texts);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if stem == "mod" {
                continue;
            }
            let text =
                std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))?;
            files
                .entry(stem.to_string())
                .or_default()
                .push((true, text));
        }
    }
    let names: BTreeSet<String> = files.keys().cloned().collect();
    let absolute = format!("{path}::");
    let mut graph = Graph::new();
    for (module, texts) in &files {
        let entry = graph.entry(module.clone()).or_default();
        for (direct, text) in texts {
            let mut used = BTreeSet::new();
            for line in code_lines(text) {
                for (marker, ok) in [("super::", *direct), (absolute.as_str(), true)] {
                    if !ok {
                        continue;
                    }
                    let mut rest = line;
                    while let Some(i) = rest.find(marker) {
                        let before = &rest[..i];
                        rest = &rest[i + marker.len()..];
                        if marker != "super::" && !before.ends_with("crate::") {
                            continue;
                        }
                        if let Some(group) = rest.strip_prefix('{') {
                            let inner = group.split('}').next().unwrap_or_default();
                            used.extend(inner.split(',').map(|item| ident(item.trim())));
                        } else {
                            used.insert(ident(rest));
                        }
                    }
                }
            }
            for u in used {
                if u != *module && names.contains(&u) {
                    entry.insert(u);
                }
            }
        }
    }
    Ok(graph)
}

/// The lines of `text` outside comments and its trailing test module.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> Graph {
        let mut g = Graph::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    }

    #[test]
    fn cycles_are_found_and_chains_are_not() {
        assert_eq!(
            find_cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])),
            None
        );
        let c = find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])).unwrap_or_default();
        assert_eq!(c.len(), 4, "{c:?}");
        assert_eq!(c.first(), c.last());
    }

    #[test]
    fn paths_groups_comments_and_tests() {
        let text = "use crate::round::Round;\n\
                    use crate::{tiles, wall::Wall};\n\
                    // crate::commented\n\
                    fn f() { crate::settle::pay(); }\n\
                    #[cfg(test)]\nmod tests { use crate::testonly; }\n";
        let got: Vec<String> = named_modules(text).into_iter().collect();
        assert_eq!(got, ["round", "settle", "tiles", "wall"]);
    }

    #[test]
    fn sibling_edges_are_read_and_a_sibling_cycle_is_refused() {
        let riichi = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/mj-score/src/riichi");
        let g = sibling_graph(&riichi, "riichi").unwrap_or_default();
        assert!(g.get("fu").is_some_and(|s| s.contains("context")), "{g:?}");
        let dir = std::env::temp_dir().join(format!("xtask-modules-{}", std::process::id()));
        let folder = dir.join("src/x");
        std::fs::create_dir_all(&folder).unwrap_or_default();
        let write = |name: &str, text: &str| {
            std::fs::write(folder.join(name), text).unwrap_or_default();
        };
        write("a.rs", "use super::b::B;\n");
        write("b.rs", "use crate::x::{c, a};\n");
        write("c.rs", "pub struct C;\n");
        let g = sibling_graph(&folder, "x").unwrap_or_default();
        let cycle = find_cycle(&g);
        std::fs::remove_dir_all(&dir).unwrap_or_default();
        assert!(cycle.is_some_and(|c| c.contains(&"a".to_string()) && c.len() == 3));
    }

    #[test]
    fn the_workspace_has_no_cycle() {
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
        if let Err(e) = check(&crates) {
            panic!("{e}");
        }
    }
}
