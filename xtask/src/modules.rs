//! `check-modules`: no module cycle inside any crate (ARCHITECTURE.md's first invariant).
//!
//! A crate is read as its tree of modules, from `lib.rs` (or `main.rs`) along its `mod`
//! declarations, inline `mod x { .. }` included. Every path the code writes (`use` entries,
//! with their `{a, b::C}` groups, and paths in code: `crate::x::f`, `super::Y`, `tiles::kind`)
//! is resolved to the module that defines what it names, following `use` and `pub use` bindings
//! on the way: `crate::Eigen`, re-exported by `lib.rs` from `eigen`, is `eigen`'s. A path
//! depends on the modules it spells out and on the module that defines its item.
//!
//! Then, for every module with children, its children are the nodes of a graph (a child counts
//! with everything below it), and a child depends on a sibling when code in it depends on the
//! sibling or on anything below it. Any cycle is an error naming it and the paths behind each
//! of its edges.
//!
//! * The crate root is a node among its children too, named `crate`: it declares and
//!   re-exports, so its `pub use` lines are followed but not counted, while its own code counts
//!   (a private `use`, a path, a re-exported name used in its code). A root that uses a module
//!   which uses the root's own items is a cycle.
//! * A folder module's own file is not a node among its children: a child reaching up to its
//!   parent's own items (`impl Round` split over `round/*.rs`) is not an edge. The parent's
//!   re-exports are followed, so `super::Fan` that the parent re-exports from a sibling is that
//!   sibling.
//! * Items marked `#[cfg(test)]` (the test module) are left out: a test may reach anywhere.
//!   Comments and string literals are not code.

mod parse;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use anyhow::{Context, bail};

use parse::{ModuleText, UseKind};

/// A module's path below the crate root (empty for the root).
type ModPath = Vec<String>;

/// Node -> the nodes it depends on.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The crate root's node among its children.
pub const ROOT: &str = "crate";

/// Re-exports followed before a path is given up as a loop.
const MAX_HOPS: usize = 32;

struct Module {
    /// The file it is in, relative to `src`.
    file: String,
    text: ModuleText,
    children: BTreeSet<String>,
}

/// What a name is in a module.
enum Found {
    Child,
    Item,
    /// A `use` binding: the path as written in the module.
    Binding(Vec<String>),
    /// Brought in by a glob `use`: the glob's module.
    Glob(ModPath),
    Unknown,
}

/// One written path, resolved.
struct Reference {
    from: ModPath,
    written: String,
    /// The modules the path spells out, and the module defining its item (unless outside).
    targets: Vec<ModPath>,
    definer: Option<ModPath>,
}

/// The graph among the children of one module, with the path behind each edge.
pub struct Level {
    pub parent: String,
    pub graph: Graph,
    why: BTreeMap<(String, String), String>,
}

/// A crate's modules, by path.
pub struct Crate {
    modules: BTreeMap<ModPath, Module>,
}

impl Crate {
    /// Reads the crate whose sources are in `src`.
    pub fn load(src: &Path) -> anyhow::Result<Crate> {
        let root = ["lib.rs", "main.rs"]
            .iter()
            .map(|f| src.join(f))
            .find(|p| p.is_file())
            .with_context(|| format!("{}: no lib.rs or main.rs", src.display()))?;
        let mut modules = BTreeMap::new();
        let mut queue = vec![(root, ModPath::new(), src.to_path_buf())];
        while let Some((file, path, dir)) = queue.pop() {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let shown = file
                .strip_prefix(src)
                .unwrap_or(&file)
                .display()
                .to_string();
            for m in parse::parse(&text) {
                let mut full = path.clone();
                full.extend(m.inline.iter().cloned());
                let mdir = m.inline.iter().fold(dir.clone(), |d, seg| d.join(seg));
                for child in &m.declared {
                    let flat = mdir.join(format!("{child}.rs"));
                    let nested = mdir.join(child).join("mod.rs");
                    let child_file = if flat.is_file() {
                        flat
                    } else if nested.is_file() {
                        nested
                    } else {
                        bail!(
                            "{}: `mod {child};` but neither {} nor {} exists",
                            file.display(),
                            flat.display(),
                            nested.display()
                        );
                    };
                    let mut child_path = full.clone();
                    child_path.push(child.clone());
                    queue.push((child_file, child_path, mdir.join(child)));
                }
                let children = m.declared.iter().chain(&m.inline_children).cloned();
                let module = Module {
                    file: shown.clone(),
                    children: children.collect(),
                    text: m,
                };
                modules.insert(full, module);
            }
        }
        Ok(Crate { modules })
    }

    /// Number of modules.
    pub fn len(&self) -> usize {
        self.modules.len()
    }

    fn find(&self, module: &[String], name: &str, hops: usize) -> Found {
        let Some(m) = self.modules.get(module) else {
            return Found::Unknown;
        };
        if m.children.contains(name) {
            return Found::Child;
        }
        let bindings = m.text.uses.iter().filter(|u| u.item);
        for u in bindings.clone() {
            if u.kind == UseKind::Name(name.to_owned()) {
                return Found::Binding(u.path.clone());
            }
        }
        if m.text.items.contains(name) {
            return Found::Item;
        }
        for u in bindings.filter(|u| u.kind == UseKind::Glob) {
            let Some(glob) = self.absolute(module, &u.path, hops + 1) else {
                continue;
            };
            if glob.as_slice() != module
                && !matches!(self.find(&glob, name, hops + 1), Found::Unknown)
            {
                return Found::Glob(glob);
            }
        }
        Found::Unknown
    }

    /// The crate-absolute form of `raw`, written in module `ctx`; `None` for a path outside
    /// the crate (another crate, a generic parameter, a local name).
    fn absolute(&self, ctx: &[String], raw: &[String], hops: usize) -> Option<ModPath> {
        if hops > MAX_HOPS {
            return None;
        }
        let (first, rest) = raw.split_first()?;
        let join = |mut base: ModPath, rest: &[String]| {
            base.extend(rest.iter().cloned());
            base
        };
        match first.as_str() {
            "crate" => Some(rest.to_vec()),
            "self" => Some(join(ctx.to_vec(), rest)),
            "super" => {
                let mut base = ctx.to_vec();
                base.pop()?;
                let mut rest = rest;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
                Some(join(base, rest))
            }
            _ => match self.find(ctx, first, hops) {
                Found::Child | Found::Item => Some(join(ctx.to_vec(), raw)),
                Found::Binding(target) => {
                    let base = self.absolute(ctx, &target, hops + 1)?;
                    Some(join(base, rest))
                }
                Found::Glob(glob) => Some(join(glob, raw)),
                Found::Unknown => None,
            },
        }
    }

    /// The modules `path` (crate-absolute) spells out, and the module that defines what it
    /// names, following bindings (`None` when a binding leads out of the crate).
    fn resolve(&self, path: &[String], hops: usize) -> (Vec<ModPath>, Option<ModPath>) {
        let mut spelled = Vec::new();
        let mut at = ModPath::new();
        for (i, seg) in path.iter().enumerate() {
            let next = match self.find(&at, seg, hops) {
                Found::Child => {
                    at.push(seg.clone());
                    spelled.push(at.clone());
                    continue;
                }
                Found::Binding(target) => self.absolute(&at, &target, hops + 1).map(|mut t| {
                    t.extend(path[i + 1..].iter().cloned());
                    t
                }),
                Found::Glob(mut glob) => {
                    glob.extend(path[i..].iter().cloned());
                    Some(glob)
                }
                Found::Item | Found::Unknown => return (spelled, Some(at)),
            };
            let definer = match next {
                Some(next) if hops < MAX_HOPS => self.resolve(&next, hops + 1).1,
                _ => None,
            };
            return (spelled, definer);
        }
        (spelled, Some(at))
    }

    /// Every path written in the crate's code, resolved.
    fn references(&self) -> Vec<Reference> {
        let mut out = Vec::new();
        for (path, m) in &self.modules {
            let root = path.is_empty();
            let mut written: Vec<(Vec<String>, bool)> = Vec::new();
            for u in &m.text.uses {
                // The root's re-exports are followed by others, not counted as its own use.
                if root && u.public && u.item {
                    continue;
                }
                written.push((u.path.clone(), u.kind == UseKind::Glob));
            }
            written.extend(m.text.paths.iter().map(|p| (p.clone(), false)));
            // A name its code uses that a `use` brought in (this counts the root's re-exports
            // that its own code uses; elsewhere the `use` itself has counted).
            for ident in &m.text.idents {
                if matches!(
                    self.find(path, ident, 0),
                    Found::Binding(_) | Found::Glob(_)
                ) {
                    written.push((vec![ident.clone()], false));
                }
            }
            for (raw, glob) in written {
                let Some(abs) = self.absolute(path, &raw, 0) else {
                    continue;
                };
                let (mut targets, definer) = self.resolve(&abs, 0);
                targets.extend(definer.clone());
                let mut text = raw.join("::");
                if glob {
                    text.push_str("::*");
                }
                out.push(Reference {
                    from: path.clone(),
                    written: format!("{}: {text}", m.file),
                    targets,
                    definer,
                });
            }
        }
        out
    }

    /// The graph among the children of every module that has children, the root first.
    pub fn levels(&self) -> Vec<Level> {
        let refs = self.references();
        let mut levels = Vec::new();
        for (parent, m) in &self.modules {
            if m.children.is_empty() {
                continue;
            }
            let root = parent.is_empty();
            let node = |p: &[String], definer: bool| -> Option<String> {
                if p.len() > parent.len() && p.starts_with(parent) {
                    Some(p[parent.len()].clone())
                } else if root && p.is_empty() && definer {
                    Some(ROOT.to_owned())
                } else {
                    None
                }
            };
            let mut graph: Graph = m
                .children
                .iter()
                .map(|c| (c.clone(), BTreeSet::new()))
                .collect();
            if root {
                graph.insert(ROOT.to_owned(), BTreeSet::new());
            }
            let mut why = BTreeMap::new();
            for r in &refs {
                let Some(from) = node(&r.from, true) else {
                    continue;
                };
                for t in &r.targets {
                    let Some(to) = node(t, r.definer.as_ref() == Some(t)) else {
                        continue;
                    };
                    if from == to {
                        continue;
                    }
                    graph.entry(from.clone()).or_default().insert(to.clone());
                    let defined = match &r.definer {
                        Some(d) if d == t => {
                            let file = self.modules.get(d).map(|m| m.file.as_str());
                            format!(" (defined in {})", file.unwrap_or("?"))
                        }
                        _ => String::new(),
                    };
                    why.entry((from.clone(), to))
                        .or_insert_with(|| format!("{}{defined}", r.written));
                }
            }
            let parent = if root {
                "the crate root".to_owned()
            } else {
                parent.join("::")
            };
            levels.push(Level { parent, graph, why });
        }
        levels
    }
}

impl Level {
    /// One line per edge of `cycle`: the path behind it.
    pub fn explain(&self, cycle: &[String]) -> Vec<String> {
        cycle
            .windows(2)
            .map(|w| {
                let key = (w[0].clone(), w[1].clone());
                let why = self.why.get(&key).map(String::as_str).unwrap_or("?");
                format!("{} -> {}: {why}", w[0], w[1])
            })
            .collect()
    }
}

/// The cycles of `graph`, each as its nodes in order with the first repeated at the end: for
/// each strongly connected group of more than one node, a shortest cycle through its first
/// node, then through each member not yet on one, so every member of the group is shown.
pub fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let reach = |from: &String| -> BTreeSet<&String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for next in graph.get(n).into_iter().flatten() {
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<&String>> =
        graph.keys().map(|n| (n, reach(n))).collect();
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    for (node, from_node) in &reaches {
        if placed.contains(*node) || !from_node.contains(*node) {
            continue;
        }
        let group: BTreeSet<&String> = reaches
            .iter()
            .filter(|(other, r)| from_node.contains(*other) && r.contains(*node))
            .map(|(other, _)| *other)
            .collect();
        placed.extend(group.iter().copied());
        let mut covered = BTreeSet::new();
        for start in &group {
            if covered.contains(*start) {
                continue;
            }
            let cycle = shortest_cycle(graph, &group, start);
            covered.extend(cycle.iter().cloned());
            out.push(cycle);
        }
    }
    out
}

/// A shortest cycle through `start` inside `group` (breadth-first, back to `start`).
fn shortest_cycle(graph: &Graph, group: &BTreeSet<&String>, start: &String) -> Vec<String> {
    let mut prev: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    let mut last = None;
    'search: while let Some(n) = queue.pop_front() {
        for next in graph.get(n).into_iter().flatten() {
            if !group.contains(next) {
                continue;
            }
            if next == start {
                last = Some(n);
                break 'search;
            }
            if !prev.contains_key(next) {
                prev.insert(next, n);
                queue.push_back(next);
            }
        }
    }
    let mut cycle = vec![start.clone()];
    let mut at = last;
    while let Some(n) = at {
        cycle.push(n.clone());
        at = if n == start {
            None
        } else {
            prev.get(n).copied()
        };
    }
    cycle.reverse();
    cycle
}

/// The cycles of the crate whose sources are in `src`, each as its node chain and one line per
/// edge saying what makes it.
pub fn crate_cycles(src: &Path) -> anyhow::Result<(usize, Vec<String>)> {
    let krate = Crate::load(src)?;
    let mut found = Vec::new();
    for level in krate.levels() {
        for cycle in cycles(&level.graph) {
            let mut text = format!(
                "among the children of {}: {}",
                level.parent,
                cycle.join(" -> ")
            );
            for line in level.explain(&cycle) {
                text.push_str("\n      ");
                text.push_str(&line);
            }
            found.push(text);
        }
    }
    Ok((krate.len(), found))
}

/// Checks every crate under `crates/`: an error names every cycle found.
pub fn check(crates: &Path) -> anyhow::Result<()> {
    let mut dirs: Vec<_> = std::fs::read_dir(crates)
        .with_context(|| format!("reading {}", crates.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|d| d.join("src").is_dir())
        .collect();
    dirs.sort();
    let mut checked = 0;
    let mut report = Vec::new();
    for dir in dirs {
        let (modules, found) = crate_cycles(&dir.join("src"))?;
        checked += modules;
        let name = dir.file_name().unwrap_or_default().to_string_lossy();
        eprintln!("crates/{name}: {modules} modules, {} cycles", found.len());
        for cycle in found {
            report.push(format!("  crates/{name}, {cycle}"));
        }
    }
    eprintln!("{checked} modules checked");
    if !report.is_empty() {
        bail!("{} module cycles:\n{}", report.len(), report.join("\n"));
    }
    Ok(())
}
