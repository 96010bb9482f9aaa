//! `cargo xtask <command>`: project chores that are code, not shell.
//!
//! * `gen-tables`: regenerate `crates/mj-tables/data/tables.bin`,
//!   `crates/mj-agari/data/agari.bin` and `crates/mj-ai/data/shanten.bin`, printing progress,
//!   the time and each section's size.
//! * `check-tables`: regenerate in memory and fail if a committed blob differs.
//! * `check-modules`: fail if the modules of a crate import each other in a cycle, re-exports
//!   followed to the module that defines what they name (see [`modules`]).

mod modules;

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

fn shanten_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/mj-ai/data/shanten.bin")
}

fn generate_shanten() -> anyhow::Result<Vec<u8>> {
    let start = Instant::now();
    let tables = mj_ai::generate::generate();
    eprintln!(
        "[{:>7.2}s] shanten: {tables:?}",
        start.elapsed().as_secs_f64()
    );
    let bytes = tables.to_bytes()?;
    eprintln!("  {:<14} {:>9} bytes", "blob", bytes.len());
    Ok(bytes)
}

/// One committed blob: where it lives, how to make it, how to validate it.
struct Blob {
    path: fn() -> PathBuf,
    generate: fn() -> anyhow::Result<Vec<u8>>,
    validate: fn(&[u8]) -> anyhow::Result<()>,
}

const BLOBS: [Blob; 3] = [
    Blob {
        path: blob_path,
        generate: || Ok(generate()?.bytes),
        validate: |b| Ok(mj_tables::Tables::from_bytes(b).map(|_| ())?),
    },
    Blob {
        path: agari_path,
        generate: generate_agari,
        validate: |b| Ok(mj_agari::AgariTables::from_bytes(b).map(|_| ())?),
    },
    Blob {
        path: shanten_path,
        generate: generate_shanten,
        validate: |b| Ok(mj_ai::tables::ShantenTables::from_bytes(b).map(|_| ())?),
    },
];

fn main() -> anyhow::Result<()> {
    let command = std::env::args().nth(1).unwrap_or_default();
    match command.as_str() {
        "gen-tables" => {
            for blob in &BLOBS {
                let bytes = (blob.generate)()?;
                (blob.validate)(&bytes)?;
                let path = (blob.path)();
                std::fs::write(&path, &bytes)
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!("wrote {}", path.display());
            }
        }
        "check-tables" => {
            for blob in &BLOBS {
                let bytes = (blob.generate)()?;
                let path = (blob.path)();
                let committed =
                    std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                if committed != bytes {
                    bail!(
                        "{} is stale: run `cargo xtask gen-tables` and commit",
                        path.display()
                    );
                }
                (blob.validate)(&committed)?;
                eprintln!("{} is up to date", path.display());
            }
        }
        "check-modules" => {
            modules::check(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates"))?;
        }
        _ => bail!("usage: cargo xtask <gen-tables|check-tables|check-modules>"),
    }
    Ok(())
}
