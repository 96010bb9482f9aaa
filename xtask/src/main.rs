//! `cargo xtask <command>`: project chores that are code, not shell.
//!
//! * `gen-tables`: regenerate `crates/mj-tables/data/tables.bin` and
//!   `crates/mj-agari/data/agari.bin`, printing progress, the time and each section's size.
//! * `check-tables`: regenerate in memory and fail if a committed blob differs.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};

fn blob_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/mj-tables/data/tables.bin")
}

fn generate() -> anyhow::Result<mj_tables::generate::Generated> {
    let start = Instant::now();
    let generated = mj_tables::generate::generate(&mut |step| {
        eprintln!("[{:>7.2}s] {step}", start.elapsed().as_secs_f64());
    })
    .map_err(anyhow::Error::msg)?;
    eprintln!("[{:>7.2}s] done", start.elapsed().as_secs_f64());
    for (section, entries) in &generated.sections {
        let size = section.element_size();
        let name = section.name();
        eprintln!(
            "  {name:<14} {entries:>9} x {size} bytes = {:>9} bytes",
            entries * size
        );
    }
    eprintln!("  {:<14} {:>29} bytes", "blob", generated.bytes.len());
    Ok(generated)
}

fn agari_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/mj-agari/data/agari.bin")
}

fn generate_agari() -> anyhow::Result<Vec<u8>> {
    let start = Instant::now();
    let generated = mj_agari::generate::generate(&mut |step| {
        eprintln!("[{:>7.2}s] agari: {step}", start.elapsed().as_secs_f64());
    })
    .map_err(anyhow::Error::msg)?;
    eprintln!("[{:>7.2}s] done", start.elapsed().as_secs_f64());
    eprintln!("  agari patterns by tiles {:?}", generated.agari_patterns);
    eprintln!("  machi patterns by tiles {:?}", generated.machi_patterns);
    for (name, bytes) in &generated.sections {
        eprintln!("  {name:<14} {bytes:>9} bytes");
    }
    eprintln!("  {:<14} {:>9} bytes", "blob", generated.bytes.len());
    Ok(generated.bytes)
}

fn main() -> anyhow::Result<()> {
    let command = std::env::args().nth(1).unwrap_or_default();
    match command.as_str() {
        "gen-tables" => {
            let generated = generate()?;
            let path = blob_path();
            std::fs::write(&path, &generated.bytes)
                .with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {}", path.display());
            let bytes = generate_agari()?;
            let path = agari_path();
            std::fs::write(&path, &bytes).with_context(|| format!("writing {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
        "check-tables" => {
            let generated = generate()?;
            let path = blob_path();
            let committed =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            if committed != generated.bytes {
                bail!(
                    "{} is stale: run `cargo xtask gen-tables` and commit",
                    path.display()
                );
            }
            mj_tables::Tables::from_bytes(&committed)?;
            eprintln!("{} is up to date", path.display());
            let bytes = generate_agari()?;
            let path = agari_path();
            let committed =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            if committed != bytes {
                bail!(
                    "{} is stale: run `cargo xtask gen-tables` and commit",
                    path.display()
                );
            }
            mj_agari::AgariTables::from_bytes(&committed)?;
            eprintln!("{} is up to date", path.display());
        }
        _ => bail!("usage: cargo xtask <gen-tables|check-tables>"),
    }
    Ok(())
}
