//! include/mj.h is what cbindgen makes of the sources today: regenerated and compared, so a
//! committed header never lags the functions it declares. `MJ_BLESS=1` writes it instead.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

#[test]
fn header_is_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the sources")
        .write(&mut generated);
    let path = dir.join("include/mj.h");
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/mj.h is stale: run `MJ_BLESS=1 cargo test -p mj-ffi --test header` and commit it"
    );
    // Every exported function is declared, with its documentation above it.
    let text = String::from_utf8(generated).unwrap();
    for name in [
        "mj_request",
        "mj_free",
        "mj_rules_new",
        "mj_rules_free",
        "mj_is_winning",
        "mj_is_ready",
        "mj_waits",
        "mj_shanten",
        "mj_last_error",
        "mj_status_name",
        "mj_version",
    ] {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| {
                !l.starts_with("//")
                    && (l.contains(&format!(" {name}(")) || l.contains(&format!("*{name}(")))
            })
            .unwrap_or_else(|| panic!("{name} is not declared"));
        assert!(
            at > 0 && lines[at - 1].starts_with("//"),
            "{name} has no documentation above it"
        );
    }
}
