//! Reading one Rust file for `check-modules`: the modules it holds (the file's own and any inline
//! `mod x { .. }`), and for each the children it declares, the items it defines, its `use`
//! entries and every other path in its code.
//!
//! A small lexer and a token walk, not a Rust parser: comments, string and char literals and
//! attributes are dropped, and an item marked `#[cfg(test)]` (the test module, a test-only
//! helper) is skipped whole, since a test may reach anywhere.

use std::collections::BTreeSet;

/// A token: an identifier or keyword, `::`, a literal, or one punctuation character.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Colons,
    Literal,
    Punct(char),
}

/// How a `use` entry binds its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UseKind {
    /// `use a::b;` binds `b`; `use a::b as c;` binds `c`; `use a::{self}` binds `a`.
    Name(String),
    /// `use a::*;`.
    Glob,
    /// `use a::Trait as _;`: in scope, bound to no name.
    Unnamed,
}

/// One leaf of a `use` tree: `use crate::{a, b::C}` gives `crate::a` and `crate::b::C`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UseEntry {
    /// The path as written; a leading `::` is kept as an empty first segment.
    pub path: Vec<String>,
    pub kind: UseKind,
    /// Has a `pub` visibility (`pub`, `pub(crate)`, `pub(super)`): a re-export.
    pub public: bool,
    /// At the module's own level (a binding others may name), not inside a function body.
    pub item: bool,
}

/// What one module of a file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModuleText {
    /// The inline module path below the file's own module (empty for the file's module).
    pub inline: Vec<String>,
    /// `mod x;` declarations: children that live in their own files.
    pub declared: Vec<String>,
    /// `mod x { .. }` children.
    pub inline_children: Vec<String>,
    /// Names of the items defined at the module's level (`fn`, `struct`, `const`, ...).
    pub items: BTreeSet<String>,
    pub uses: Vec<UseEntry>,
    /// Paths of two or more segments in the code outside `use` (`crate::x::f`, `super::Y`,
    /// `tiles::kind`), up to their first generic argument or group.
    pub paths: Vec<Vec<String>>,
    /// Every other identifier of the code outside `use` and `mod` lines.
    pub idents: BTreeSet<String>,
}

/// Reads `text`: its own module first, then its inline modules.
pub fn parse(text: &str) -> Vec<ModuleText> {
    Walker {
        toks: lex(text),
        at: 0,
        out: vec![ModuleText::default()],
    }
    .walk()
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn lex(text: &str) -> Vec<Tok> {
    let s: Vec<char> = text.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut toks = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0usize;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = string_end(&s, i) {
            toks.push(Tok::Literal);
            i = end;
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                // An escaped char literal: '\n', '\'', '\u{..}'.
                i += 3;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
                toks.push(Tok::Literal);
            } else if at(i + 2) == '\'' {
                i += 3;
                toks.push(Tok::Literal);
            } else {
                // A lifetime or label: skip it with its name.
                i += 1;
                while i < s.len() && is_ident_char(s[i]) {
                    i += 1;
                }
            }
        } else if c == 'r' && at(i + 1) == '#' && is_ident_start(at(i + 2)) {
            let start = i + 2;
            i = start;
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
            toks.push(Tok::Ident(s[start..i].iter().collect()));
        } else if is_ident_start(c) {
            let start = i;
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
            toks.push(Tok::Ident(s[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < s.len()
                && (is_ident_char(s[i]) || (s[i] == '.' && at(i + 1).is_ascii_digit()))
            {
                i += 1;
            }
            toks.push(Tok::Literal);
        } else if c == ':' && at(i + 1) == ':' {
            toks.push(Tok::Colons);
            i += 2;
        } else {
            toks.push(Tok::Punct(c));
            i += 1;
        }
    }
    toks
}

/// If a string literal (`"..."`, `b"..."`, `c"..."`, `r#"..."#`, `br"..."`) or a byte literal
/// (`b'x'`) starts at `i`, the index just past it.
fn string_end(s: &[char], i: usize) -> Option<usize> {
    let at = |j: usize| s.get(j).copied().unwrap_or('\0');
    // A prefix letter only starts a literal when it does not end an identifier.
    if i > 0 && is_ident_char(s[i - 1]) && s[i] != '"' {
        return None;
    }
    let mut j = i;
    if matches!(at(j), 'b' | 'c') {
        j += 1;
    }
    if at(j) == 'r' && (at(j + 1) == '"' || at(j + 1) == '#') {
        let mut hashes = 0;
        j += 1;
        while at(j) == '#' {
            hashes += 1;
            j += 1;
        }
        if at(j) != '"' {
            return None;
        }
        j += 1;
        while j < s.len() {
            if s[j] == '"' && (1..=hashes).all(|h| at(j + h) == '#') {
                return Some(j + 1 + hashes);
            }
            j += 1;
        }
        return Some(s.len());
    }
    let quote = at(j);
    if quote == '"' || (quote == '\'' && j > i) {
        j += 1;
        while j < s.len() && s[j] != quote {
            j += if s[j] == '\\' { 2 } else { 1 };
        }
        return Some(j + 1);
    }
    None
}

/// Keywords that start an item, for `#[cfg(test)]` skipping.
const ITEM_KEYWORDS: [&str; 15] = [
    "mod",
    "fn",
    "use",
    "impl",
    "const",
    "static",
    "struct",
    "enum",
    "trait",
    "type",
    "union",
    "macro_rules",
    "extern",
    "unsafe",
    "async",
];

/// Keywords followed by the name of the item they define.
const NAMING_KEYWORDS: [&str; 9] = [
    "fn",
    "const",
    "static",
    "struct",
    "enum",
    "trait",
    "type",
    "union",
    "macro_rules",
];

struct Walker {
    toks: Vec<Tok>,
    at: usize,
    out: Vec<ModuleText>,
}

impl Walker {
    fn tok(&self, i: usize) -> Option<&Tok> {
        self.toks.get(i)
    }

    fn ident(&self, i: usize) -> Option<&str> {
        match self.toks.get(i) {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn punct(&self, i: usize, c: char) -> bool {
        self.toks.get(i) == Some(&Tok::Punct(c))
    }

    /// The index just past the bracket group opening at `i` (`(`, `[` or `{`).
    fn group_end(&self, i: usize) -> usize {
        let mut depth = 0usize;
        let mut j = i;
        while let Some(t) = self.tok(j) {
            match t {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return j + 1;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        j
    }

    /// The index just past the item starting at `i`: its `;` or its `{ .. }` body.
    fn item_end(&self, i: usize) -> usize {
        let mut j = i;
        while let Some(t) = self.tok(j) {
            match t {
                Tok::Punct(';') => return j + 1,
                Tok::Punct('{') => return self.group_end(j),
                Tok::Punct('(' | '[') => j = self.group_end(j),
                _ => j += 1,
            }
        }
        j
    }

    fn walk(mut self) -> Vec<ModuleText> {
        // The open modules: index into `out` and the brace depth their body opened at.
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        let mut depth = 0usize;
        let mut public = false;
        let mut test_only = false;
        while let Some(tok) = self.tok(self.at).cloned() {
            let (module, body) = stack.last().copied().unwrap_or((0, 0));
            let level = depth == body;
            match tok {
                Tok::Punct('#') => {
                    // An attribute: `#[..]` or `#![..]`.
                    let open = if self.punct(self.at + 1, '!') {
                        self.at + 2
                    } else {
                        self.at + 1
                    };
                    if !self.punct(open, '[') {
                        self.at += 1;
                        continue;
                    }
                    let end = self.group_end(open);
                    let inner = &self.toks[open + 1..end.saturating_sub(1).max(open + 1)];
                    let cfg_test = [
                        Tok::Ident("cfg".into()),
                        Tok::Punct('('),
                        Tok::Ident("test".into()),
                        Tok::Punct(')'),
                    ];
                    test_only |= inner == cfg_test;
                    self.at = end;
                    continue;
                }
                Tok::Ident(ref word) if word == "pub" => {
                    public = true;
                    self.at += 1;
                    if self.punct(self.at, '(') {
                        self.at = self.group_end(self.at);
                    }
                    continue;
                }
                _ => {}
            }
            let is_public = std::mem::take(&mut public);
            // `take` runs first: the mark holds for this item only.
            if std::mem::take(&mut test_only)
                && let Tok::Ident(word) = &tok
                && ITEM_KEYWORDS.contains(&word.as_str())
            {
                self.at = self.item_end(self.at);
                continue;
            }
            match tok {
                Tok::Punct('{') => {
                    depth += 1;
                    self.at += 1;
                }
                Tok::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if stack.len() > 1 && depth == body.saturating_sub(1) {
                        stack.pop();
                    }
                    self.at += 1;
                }
                Tok::Ident(word) if word == "mod" && level => {
                    let Some(name) = self.ident(self.at + 1).map(str::to_owned) else {
                        self.at += 1;
                        continue;
                    };
                    if self.punct(self.at + 2, '{') {
                        let mut inline = self.out[module].inline.clone();
                        inline.push(name.clone());
                        self.out[module].inline_children.push(name);
                        self.out.push(ModuleText {
                            inline,
                            ..ModuleText::default()
                        });
                        depth += 1;
                        stack.push((self.out.len() - 1, depth));
                        self.at += 3;
                    } else {
                        self.out[module].declared.push(name);
                        self.at += 2;
                    }
                }
                Tok::Ident(word) if word == "use" => {
                    self.at += 1;
                    let mut leaves = Vec::new();
                    self.use_tree(Vec::new(), &mut leaves);
                    self.at = self.item_end(self.at).max(self.at);
                    for (path, kind) in leaves {
                        self.out[module].uses.push(UseEntry {
                            path,
                            kind,
                            public: is_public,
                            item: level,
                        });
                    }
                }
                Tok::Ident(word) => {
                    let next = self.at + 1;
                    if level && NAMING_KEYWORDS.contains(&word.as_str()) {
                        // `fn f`, `struct S`, `static mut X`, `macro_rules! m`.
                        let skip =
                            usize::from(self.ident(next) == Some("mut") || self.punct(next, '!'));
                        if let Some(name) = self.ident(next + skip)
                            && !ITEM_KEYWORDS.contains(&name)
                        {
                            let name = name.to_owned();
                            self.out[module].items.insert(name);
                        }
                    }
                    if self.tok(next) == Some(&Tok::Colons)
                        && self.at.checked_sub(1).and_then(|p| self.tok(p)) != Some(&Tok::Colons)
                    {
                        let mut path = vec![word];
                        let mut j = next;
                        while self.tok(j) == Some(&Tok::Colons) {
                            let Some(seg) = self.ident(j + 1) else { break };
                            path.push(seg.to_owned());
                            j += 2;
                        }
                        self.out[module].paths.push(path);
                        self.at = j;
                    } else {
                        self.out[module].idents.insert(word);
                        self.at += 1;
                    }
                }
                _ => self.at += 1,
            }
        }
        self.out
    }

    /// Reads one use tree at `self.at` below `prefix`, pushing its leaves.
    fn use_tree(&mut self, prefix: Vec<String>, out: &mut Vec<(Vec<String>, UseKind)>) {
        let mut path = prefix;
        if self.tok(self.at) == Some(&Tok::Colons) {
            path.push(String::new());
            self.at += 1;
        }
        loop {
            match self.tok(self.at).cloned() {
                Some(Tok::Ident(name)) => {
                    path.push(name);
                    self.at += 1;
                    if self.tok(self.at) == Some(&Tok::Colons) {
                        self.at += 1;
                        continue;
                    }
                    break;
                }
                Some(Tok::Punct('*')) => {
                    self.at += 1;
                    out.push((path, UseKind::Glob));
                    return;
                }
                Some(Tok::Punct('{')) => {
                    self.at += 1;
                    while let Some(t) = self.tok(self.at) {
                        match t {
                            Tok::Punct('}') => {
                                self.at += 1;
                                return;
                            }
                            Tok::Punct(',') => self.at += 1,
                            Tok::Punct(';') => return,
                            _ => {
                                let before = self.at;
                                self.use_tree(path.clone(), out);
                                if self.at == before {
                                    self.at += 1;
                                }
                            }
                        }
                    }
                    return;
                }
                _ => return,
            }
        }
        let alias = if self.ident(self.at) == Some("as") {
            let alias = self.ident(self.at + 1).map(str::to_owned);
            self.at += 2;
            alias
        } else {
            None
        };
        if path.last().is_some_and(|s| s == "self") {
            path.pop();
        }
        let kind = match alias {
            Some(a) if a == "_" => UseKind::Unnamed,
            Some(a) => UseKind::Name(a),
            None => match path.last() {
                Some(last) => UseKind::Name(last.clone()),
                None => return,
            },
        };
        out.push((path, kind));
    }
}
