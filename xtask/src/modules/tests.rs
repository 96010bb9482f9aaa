#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use super::parse::{UseEntry, UseKind, parse};
use super::*;

/// A scratch `crates/` folder of synthetic crates, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("xtask-modules-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `crates/<krate>/src/<file>`.
    fn write(&self, krate: &str, file: &str, text: &str) -> &Scratch {
        let path = self.0.join(krate).join("src").join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    /// `check` over the scratch crates: the error's text, if any.
    fn check(&self) -> Result<(), String> {
        check(&self.0).map_err(|e| format!("{e:#}"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

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
    assert!(cycles(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
    let found = cycles(&graph(&[
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("d", "e"),
        ("e", "d"),
    ]));
    assert_eq!(found, [vec!["a", "b", "c", "a"], vec!["d", "e", "d"]]);
    // The shortest way back through the group's first node, then one through each member
    // left out.
    let found = cycles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("b", "a")]));
    assert_eq!(found, [vec!["a", "b", "a"], vec!["c", "a", "b", "c"]]);
}

fn entry(path: &str, kind: UseKind, public: bool) -> UseEntry {
    let path = if path.is_empty() {
        Vec::new()
    } else {
        path.split("::").map(str::to_owned).collect()
    };
    UseEntry {
        path,
        kind,
        public,
        item: true,
    }
}

fn name(n: &str) -> UseKind {
    UseKind::Name(n.to_owned())
}

#[test]
fn use_trees_are_read_to_their_leaves() {
    let text = "pub(crate) use crate::{\n    a,\n    b::{self, C as D},\n    e::*,\n};\n\
                use ::ext::T as _;\n";
    let m = &parse(text)[0];
    assert_eq!(
        m.uses,
        [
            entry("crate::a", name("a"), true),
            entry("crate::b", name("b"), true),
            entry("crate::b::C", name("D"), true),
            entry("crate::e", UseKind::Glob, true),
            entry("::ext::T", UseKind::Unnamed, false),
        ]
    );
}

#[test]
fn comments_literals_and_test_items_are_not_code() {
    let text = r####"
        // use crate::commented;
        /* crate::block /* nested */ crate::still_comment */
        const S: &str = "crate::in_string \" crate::escaped";
        const R: &str = r#"crate::raw "quoted" "#;
        const C: char = '"';
        const Q: char = '\'';
        fn f<'a>(x: &'a str) -> &'a str { crate::real::f(x) }
        #[cfg(test)]
        fn helper() { crate::test_helper::g() }
        #[cfg(test)]
        #[allow(clippy::unwrap_used)]
        mod tests { use crate::testonly; }
        pub fn after() { super::up::h() }
    "####;
    let parsed = parse(text);
    assert_eq!(parsed.len(), 1, "{parsed:?}");
    let m = &parsed[0];
    let paths: Vec<String> = m.paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["crate::real::f", "super::up::h"]);
    assert!(m.uses.is_empty(), "{:?}", m.uses);
    let items: Vec<&str> = m.items.iter().map(String::as_str).collect();
    assert_eq!(items, ["C", "Q", "R", "S", "after", "f"]);
}

#[test]
fn inline_modules_are_modules() {
    let text = "mod file_child;\npub mod inner { use super::x::Y; pub fn g() {} }\nfn top() {}\n";
    let parsed = parse(text);
    assert_eq!(parsed.len(), 2);
    assert_eq!(parsed[0].declared, ["file_child"]);
    assert_eq!(parsed[0].inline_children, ["inner"]);
    assert!(parsed[0].items.contains("top") && !parsed[0].items.contains("g"));
    assert_eq!(parsed[1].inline, ["inner"]);
    assert_eq!(parsed[1].uses, [entry("super::x::Y", name("Y"), false)]);
}

/// A cycle through the crate root's re-exports: `a` names `crate::B` (from `b`), `b` names
/// `crate::A` (from `a`). Before re-exports were followed, neither was an edge.
#[test]
fn a_cycle_through_a_root_reexport_is_caught() {
    let s = Scratch::new("root-reexport");
    s.write(
        "k",
        "lib.rs",
        "mod a;\nmod b;\npub use a::A;\npub use b::B;\n",
    )
    .write("k", "a.rs", "use crate::B;\npub struct A(pub B);\n")
    .write("k", "b.rs", "pub struct B;\npub fn f(_: &crate::A) {}\n");
    let err = s.check().unwrap_err();
    assert!(err.contains("a -> b -> a"), "{err}");
    assert!(err.contains("a.rs: crate::B (defined in b.rs)"), "{err}");
    // Without `b`'s use of `A` the chain a -> b is clean.
    s.write("k", "b.rs", "pub struct B;\n");
    assert_eq!(s.check(), Ok(()));
}

/// A `use crate::{..}` group over several lines, one item re-exported from a third module.
#[test]
fn a_cycle_through_a_group_is_caught() {
    let s = Scratch::new("group");
    s.write("k", "lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Gamma;\n")
        .write(
            "k",
            "a.rs",
            "use crate::{\n    b::helper,\n    Gamma,\n};\npub struct Alpha(Gamma);\n",
        )
        .write("k", "b.rs", "pub fn helper() {}\n")
        .write(
            "k",
            "c.rs",
            "pub struct Gamma;\nfn f(_: crate::a::Alpha) {}\n",
        );
    let err = s.check().unwrap_err();
    assert!(err.contains("a -> c -> a"), "{err}");
    s.write("k", "c.rs", "pub struct Gamma;\n");
    assert_eq!(s.check(), Ok(()));
}

/// Siblings in a folder module meeting through their parent's re-exports (`super::Q`).
#[test]
fn a_sibling_cycle_through_super_is_caught() {
    let s = Scratch::new("super");
    s.write("k", "lib.rs", "pub mod x;\n")
        .write(
            "k",
            "x/mod.rs",
            "mod p;\nmod q;\npub use p::P;\npub(crate) use q::Q;\n",
        )
        .write("k", "x/p.rs", "use super::Q;\npub struct P(Q);\n")
        .write("k", "x/q.rs", "pub struct Q;\npub fn f(_: super::P) {}\n");
    let err = s.check().unwrap_err();
    assert!(
        err.contains("among the children of x: p -> q -> p"),
        "{err}"
    );
    s.write("k", "x/q.rs", "pub struct Q;\n");
    assert_eq!(s.check(), Ok(()));
}

/// A re-export chain through nested folder modules (`outer.rs`, `outer/inner.rs`,
/// `outer/inner/deep.rs`) back to a top-level module.
#[test]
fn a_cycle_through_nested_reexports_is_caught() {
    let s = Scratch::new("nested");
    s.write(
        "k",
        "lib.rs",
        "mod other;\nmod outer;\npub use outer::Deep;\npub use other::O;\n",
    )
    .write("k", "outer.rs", "pub mod inner;\npub use inner::Deep;\n")
    .write(
        "k",
        "outer/inner.rs",
        "mod deep;\npub use self::deep::Deep;\n",
    )
    .write(
        "k",
        "outer/inner/deep.rs",
        "pub struct Deep(pub crate::O);\n",
    )
    .write("k", "other.rs", "pub struct O;\nfn f(_: crate::Deep) {}\n");
    let err = s.check().unwrap_err();
    assert!(err.contains("other -> outer -> other"), "{err}");
    assert!(
        err.contains("other.rs: crate::Deep (defined in outer/inner/deep.rs)"),
        "{err}"
    );
    s.write("k", "other.rs", "pub struct O;\n");
    assert_eq!(s.check(), Ok(()));
}

/// The crate root is a node: it may re-export anything, but when its own code uses a module
/// that uses the root's own items, that is a cycle.
#[test]
fn a_cycle_through_the_root_s_own_items_is_caught() {
    let s = Scratch::new("root");
    s.write(
        "k",
        "lib.rs",
        "mod r;\npub(crate) fn helper() {}\npub fn api() -> r::R { r::R }\n",
    )
    .write("k", "r.rs", "pub struct R;\nfn f() { crate::helper() }\n");
    let err = s.check().unwrap_err();
    assert!(err.contains("crate -> r -> crate"), "{err}");
    // The helper in a leaf, the root only re-exporting: clean.
    s.write("k", "lib.rs", "mod r;\nmod util;\npub use r::R;\n")
        .write("k", "util.rs", "pub(crate) fn helper() {}\n")
        .write(
            "k",
            "r.rs",
            "pub struct R;\nfn f() { crate::util::helper() }\n",
        );
    assert_eq!(s.check(), Ok(()));
    // A re-exported name the root's code uses is the root's own use.
    s.write(
        "k",
        "lib.rs",
        "mod r;\nmod util;\npub use r::R;\npub(crate) fn helper() {}\npub fn api() -> R { R }\n",
    )
    .write("k", "r.rs", "pub struct R;\nfn f() { crate::helper() }\n");
    let err = s.check().unwrap_err();
    assert!(err.contains("crate -> r -> crate"), "{err}");
    // So is a name a glob re-export brings in.
    s.write(
        "k",
        "lib.rs",
        "mod r;\nmod util;\npub use r::*;\npub(crate) fn helper() {}\npub fn api() -> R { R }\n",
    );
    let err = s.check().unwrap_err();
    assert!(err.contains("crate -> r -> crate"), "{err}");
}

/// Layers that only go down pass, whatever re-exports, renames, globs, comments, strings,
/// test modules and children reaching their parent's own items they hold.
#[test]
fn a_clean_crate_with_reexports_passes() {
    let s = Scratch::new("clean");
    s.write(
        "k",
        "lib.rs",
        "//! Uses crate::round::Round in its docs.\n\
         mod round;\nmod tiles;\nmod wall;\n\
         pub use round::{Round, flow::Hook as PublicHook};\npub use tiles::*;\n\
         pub use wall::Wall as TheWall;\n",
    )
    .write("k", "tiles.rs", "pub struct Tile;\npub fn kind() {}\n")
    .write(
        "k",
        "wall.rs",
        "use crate::Tile;\npub struct Wall(Tile);\n\
         const NOTE: &str = \"crate::Round is above\";\n\
         #[cfg(test)]\nmod tests { use crate::Round; }\n",
    )
    .write(
        "k",
        "round.rs",
        "pub mod flow;\nuse crate::{TheWall, kind};\n\
         pub struct Round(TheWall);\nimpl Round { pub fn play(&self) { flow::hook(self); kind() } }\n",
    )
    .write(
        "k",
        "round/flow.rs",
        "use super::Round;\nuse crate::tiles::Tile;\npub struct Hook(Tile);\n\
         pub fn hook(_: &Round) {}\n",
    );
    assert_eq!(s.check(), Ok(()));
}

#[test]
fn sibling_edges_of_a_real_crate_are_read() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/mj-score/src");
    let levels = Crate::load(&src).unwrap().levels();
    let riichi = levels.iter().find(|l| l.parent == "riichi").unwrap();
    assert!(
        riichi
            .graph
            .get("fu")
            .is_some_and(|s| s.contains("context")),
        "{:?}",
        riichi.graph
    );
}

#[test]
fn the_workspace_has_no_cycle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
    if let Err(e) = check(&crates) {
        panic!("{e}");
    }
}
