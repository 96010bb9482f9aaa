//! `docs/protocol.md` and the code agree: its tables of ops, fields, switches and error kinds
//! list exactly the names of the code's registries ([`mj_protocol::OPS`] with their extra fields,
//! [`mj_protocol::COMMON_FIELDS`], [`mj_protocol::SWITCHES`], [`mj_protocol::OpError::KINDS`]), both ways.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::Path;

fn document() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocol.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The first-column names (`` `name` ``) of the table under the heading `## {heading}`.
fn names(doc: &str, heading: &str) -> BTreeSet<String> {
    let start = doc
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("docs/protocol.md has no section `## {heading}`"));
    let section = &doc[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let names: BTreeSet<String> = section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_owned())
        .collect();
    assert!(!names.is_empty(), "section `## {heading}` has no table");
    names
}

fn assert_same(heading: &str, documented: &BTreeSet<String>, code: &BTreeSet<String>) {
    let missing: Vec<&String> = code.difference(documented).collect();
    let extra: Vec<&String> = documented.difference(code).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "docs/protocol.md `## {heading}`: not documented {missing:?}; documented but not in the code {extra:?}"
    );
}

#[test]
fn ops_are_documented() {
    let code = mj_protocol::OPS
        .iter()
        .map(|op| op.name.to_owned())
        .collect();
    assert_same("Ops", &names(&document(), "Ops"), &code);
}

#[test]
fn fields_are_documented() {
    let code = mj_protocol::COMMON_FIELDS
        .iter()
        .chain(mj_protocol::OPS.iter().flat_map(|op| op.extra_fields))
        .map(|f| (*f).to_owned())
        .collect();
    assert_same("Fields", &names(&document(), "Fields"), &code);
}

#[test]
fn switches_are_documented() {
    let code = mj_protocol::SWITCHES
        .iter()
        .filter(|s| s.is_option())
        .map(|s| s.name.to_owned())
        .collect();
    assert_same(
        "Switches (`options`)",
        &names(&document(), "Switches (`options`)"),
        &code,
    );
}

#[test]
fn error_kinds_are_documented() {
    let code = mj_protocol::OpError::KINDS
        .iter()
        .map(|k| (*k).to_owned())
        .collect();
    assert_same("Error kinds", &names(&document(), "Error kinds"), &code);
}

#[test]
fn the_op_table_lists_each_ops_extra_fields() {
    // Each op's row names its extra fields (or "none"): the `## Ops` table, column 2.
    let doc = document();
    for op in mj_protocol::OPS {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", op.name)))
            .unwrap();
        let column = row.split('|').nth(2).unwrap().trim();
        match op.extra_fields {
            [] => assert_eq!(column, "none", "{row}"),
            [one] => assert_eq!(column, format!("`{one}`"), "{row}"),
            many if column.contains("score fields") => assert!(many.len() > 10, "{row}"),
            many => {
                let listed: Vec<String> = many.iter().map(|f| format!("`{f}`")).collect();
                assert_eq!(column, listed.join(", "), "{row}");
            }
        }
    }
}

#[test]
fn the_line_limit_is_documented() {
    let doc = document();
    assert_eq!(mj_protocol::DEFAULT_MAX_LINE_BYTES, 1 << 20);
    assert!(
        doc.contains("1 MiB (1,048,576 bytes"),
        "the default line limit"
    );
    assert!(doc.contains("--max-line-bytes"));
}
