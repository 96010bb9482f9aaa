//! The command examples of README.md, ARCHITECTURE.md and every page of docs/ stay true.
//!
//! * Printed examples: a fenced block whose first line is `$ mj ...` (or `$ echo '...' | mj
//!   ...`). Each `$ ` line of the block is run with this build's `mj`, and its output must be the
//!   lines up to the next `$ ` line (or the block's end), to the character. A changed summary
//!   format or a changed game shows here, not in a reader's shell.
//! * Command lines: every `cargo run ... -p mj-cli -- ARGS` (not an `--example`) of a fenced
//!   block or an inline code span is run as `mj ARGS` from the repository root and must succeed (and print what a
//!   trailing `# -> TEXT` comment promises). Costly ones run small: `arena --games` at most 8,
//!   a file pattern its first 3 files. One that reads `../shared/logs` when the logs are absent
//!   is only parsed (`mj ARGS --help`), and the test says so on stderr.
//! * Every `cargo run -p P --example E`, `cargo bench -p P --bench B`, `cargo test -p P --test
//!   T`, `cargo xtask X` and `cargo +nightly fuzz run X` names a package and a target that exist;
//!   every repository path (`crates/...`, `docs/...`, ...) and every relative link exists.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The real game logs: `$MJ_LOGS`, else `../shared/logs` beside the repository.
fn logs_dir() -> PathBuf {
    std::env::var_os("MJ_LOGS").map_or_else(|| root().join("../shared/logs"), PathBuf::from)
}

/// A path of a page, from the repository root, with `../shared/logs/` read as [`logs_dir`].
fn resolve(path: &str) -> PathBuf {
    match path.strip_prefix("../shared/logs/") {
        Some(rest) => logs_dir().join(rest),
        None => root().join(path),
    }
}

/// README.md, ARCHITECTURE.md and every docs/*.md page, as `(path from the root, text)`.
fn pages() -> Vec<(String, String)> {
    let root = root();
    let mut names = vec!["README.md".to_string(), "ARCHITECTURE.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// The fenced blocks of `text`: each block's lines, without the fences.
fn blocks(text: &str) -> Vec<Vec<&str>> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```") {
            out.push(
                lines
                    .by_ref()
                    .take_while(|l| !l.trim_start().starts_with("```"))
                    .collect(),
            );
        }
    }
    out
}

/// The text outside fenced blocks.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if !inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The `(command line, expected output)` of each printed `$ ...` example of `text`.
fn printed(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for block in blocks(text) {
        let Some(first) = block.first() else { continue };
        if !first.starts_with("$ mj ") && !first.starts_with("$ echo ") {
            continue;
        }
        for line in &block {
            if let Some(cmd) = line.strip_prefix("$ ") {
                out.push((cmd.to_string(), String::new()));
            } else if let Some((_, expected)) = out.last_mut() {
                expected.push_str(line);
                expected.push('\n');
            }
        }
    }
    out
}

/// A command line split into words as a shell would (single and double quotes, no escapes),
/// and its trailing `# comment`.
fn words(line: &str) -> (Vec<String>, Option<String>) {
    let mut words = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '#' {
            return (words, Some(line[i + 1..].trim().to_string()));
        }
        let mut word = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            if c == '\'' || c == '"' {
                for (_, q) in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    word.push(q);
                }
            } else {
                word.push(c);
            }
        }
        words.push(word);
    }
    (words, None)
}

/// What to run: `mj`'s arguments and its standard input.
#[derive(Debug, PartialEq)]
struct MjRun {
    args: Vec<String>,
    stdin: String,
}

/// `mj ARGS`, `echo 'TEXT' | mj ARGS` or `[echo 'TEXT' |] cargo run ... -p mj-cli -- ARGS`
/// as the run it stands for; `None` for any other command.
fn mj_run(words: &[String]) -> Option<MjRun> {
    let (stdin, rest) = match words.iter().position(|w| w == "|") {
        Some(pipe) if words.first().is_some_and(|w| w == "echo") => (
            format!("{}\n", words[1..pipe].join(" ")),
            &words[pipe + 1..],
        ),
        Some(_) => return None,
        None => (String::new(), words),
    };
    let args = match rest.first().map(String::as_str) {
        Some("mj") => rest[1..].to_vec(),
        Some("cargo") if rest.get(1).is_some_and(|w| w == "run") => {
            let package = package_of(rest)?;
            if package != "mj-cli" {
                return None;
            }
            let dashes = rest.iter().position(|w| w == "--")?;
            // An example of mj-cli is its own program, not `mj`: only its target is checked.
            if rest[..dashes].iter().any(|w| w == "--example") {
                return None;
            }
            rest[dashes + 1..].to_vec()
        }
        _ => return None,
    };
    Some(MjRun { args, stdin })
}

/// The package a cargo command names with `-p` / `--package`.
fn package_of(words: &[String]) -> Option<&str> {
    let at = words.iter().position(|w| w == "-p" || w == "--package")?;
    words.get(at + 1).map(String::as_str)
}

/// The value after `flag` in `words`.
fn value_of<'a>(words: &'a [String], flag: &str) -> Option<&'a str> {
    let at = words.iter().position(|w| w == flag)?;
    words.get(at + 1).map(String::as_str)
}

/// Runs this build's `mj` from the repository root.
fn run(args: &[String], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mj");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for mj");
    writer.join().expect("writer thread");
    output
}

/// The command lines of a page: each line of a fenced block (a trailing `\` joins the next
/// line; `&&` and `;` separate commands) and each inline code span that holds a `cargo`
/// command.
fn command_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for block in blocks(text) {
        let mut joined = String::new();
        for line in block {
            let line = line.strip_prefix("$ ").unwrap_or(line);
            if let Some(head) = line.strip_suffix('\\') {
                joined.push_str(head);
                joined.push(' ');
                continue;
            }
            joined.push_str(line);
            out.extend(
                joined
                    .split("&&")
                    .flat_map(|c| c.split(';'))
                    .map(|c| c.trim().to_string())
                    .filter(|c| c.starts_with("cargo ") || c.starts_with("echo ")),
            );
            joined.clear();
        }
    }
    let prose = prose(text);
    for (i, span) in prose.split('`').enumerate() {
        if i % 2 == 1 && span.starts_with("cargo ") {
            out.push(span.to_string());
        }
    }
    out
}

/// Where a package of the workspace lives.
fn package_dir(package: &str) -> Option<PathBuf> {
    let root = root();
    let dir = match package {
        "xtask" | "benches" => root.join(package),
        _ => root.join("crates").join(package),
    };
    dir.join("Cargo.toml").exists().then_some(dir)
}

/// A costly run made small: at most 8 arena games, a file pattern's first 3 files, output
/// files in a scratch folder. `Err` names what is missing when the run reads absent logs.
fn made_small(args: &[String], scratch: &Path) -> Result<Vec<String>, String> {
    if args.first().is_some_and(|a| a == "serve") {
        return Err("`mj serve` runs until stopped".to_string());
    }
    let mut out = Vec::new();
    let mut previous = "";
    for arg in args {
        if previous == "--games" && arg.parse::<u64>().is_ok_and(|n| n > 8) {
            out.push("8".to_string());
        } else if previous == "--json" || previous == "--chart" || previous == "--html" {
            out.push(scratch.join(arg).to_string_lossy().into_owned());
        } else if arg.contains('*') {
            let (dir, pattern) = arg.rsplit_once('/').unwrap_or((".", arg));
            let (head, tail) = pattern.split_once('*').unwrap();
            let Ok(entries) = std::fs::read_dir(resolve(dir)) else {
                return Err(format!("{dir} is absent"));
            };
            let mut files: Vec<String> = entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| {
                    n.starts_with(head) && n.ends_with(tail) && n.len() >= pattern.len() - 1
                })
                .collect();
            files.sort();
            assert!(!files.is_empty(), "`{arg}` matches no file");
            let dir = resolve(dir);
            out.extend(
                files
                    .into_iter()
                    .take(3)
                    .map(|f| dir.join(f).to_string_lossy().into_owned()),
            );
        } else if arg.starts_with("../shared/logs/") {
            let path = resolve(arg);
            if !path.exists() {
                return Err(format!("{arg} is absent"));
            }
            out.push(path.to_string_lossy().into_owned());
        } else {
            out.push(arg.clone());
        }
        previous = arg;
    }
    Ok(out)
}

/// Runs the `mj` command a documentation line stands for; a failure names the page and line.
fn check_mj_line(page: &str, line: &str, run_args: &MjRun, comment: Option<&str>, scratch: &Path) {
    let sub = run_args.args.first().map(String::as_str).unwrap_or("");
    match made_small(&run_args.args, scratch) {
        Ok(args) => {
            let o = run(&args, &run_args.stdin);
            let stdout = String::from_utf8_lossy(&o.stdout);
            assert!(
                o.status.success(),
                "{page}: `{line}` ran `mj {}` and failed ({:?}): {}",
                args.join(" "),
                o.status,
                String::from_utf8_lossy(&o.stderr)
            );
            if let Some(promise) = comment.and_then(|c| c.strip_prefix("-> ")) {
                assert!(
                    stdout.contains(promise),
                    "{page}: `{line}` promises `{promise}`; mj printed:\n{stdout}"
                );
            }
        }
        Err(missing) => {
            eprintln!("{page}: `{line}`: {missing}, so only its arguments are checked");
            let mut args = run_args.args.clone();
            args.push("--help".to_string());
            let o = run(&args, "");
            assert!(
                o.status.success()
                    && String::from_utf8_lossy(&o.stdout).contains(&format!("mj {sub}")),
                "{page}: `{line}`: mj does not take these arguments: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
}

/// Checks that a `cargo` command line names packages and targets that exist.
fn check_cargo_targets(page: &str, line: &str, words: &[String]) {
    let sub = words.get(1).map(String::as_str).unwrap_or("");
    match sub {
        "xtask" => {
            let task = words.get(2).map(String::as_str).unwrap_or("");
            let main = std::fs::read_to_string(root().join("xtask/src/main.rs")).unwrap();
            assert!(
                main.contains(&format!("\"{task}\" =>")),
                "{page}: `{line}`: xtask has no `{task}`"
            );
        }
        "+nightly" => {
            let target = value_of(words, "run").unwrap_or("");
            assert!(
                root()
                    .join(format!("fuzz/fuzz_targets/{target}.rs"))
                    .exists(),
                "{page}: `{line}`: no fuzz target `{target}`"
            );
        }
        "run" | "bench" | "test" | "build" | "check" | "clippy" => {
            let Some(package) = package_of(words) else {
                return;
            };
            let dir = package_dir(package)
                .unwrap_or_else(|| panic!("{page}: `{line}`: no package `{package}`"));
            for (flag, folder) in [
                ("--example", "examples"),
                ("--bench", "benches"),
                ("--test", "tests"),
            ] {
                if let Some(target) = value_of(words, flag) {
                    // Cargo's two layouts: `NAME.rs`, or a folder `NAME/main.rs` of modules.
                    let folder = dir.join(folder);
                    assert!(
                        folder.join(format!("{target}.rs")).exists()
                            || folder.join(target).join("main.rs").exists(),
                        "{page}: `{line}`: {package} has no {flag} `{target}`"
                    );
                }
            }
        }
        _ => {}
    }
}

#[test]
fn every_printed_example_is_what_mj_prints() {
    let mut count = 0;
    for (page, text) in pages() {
        for (cmd, expected) in printed(&text) {
            let (w, _) = words(&cmd);
            let run_args =
                mj_run(&w).unwrap_or_else(|| panic!("{page}: `$ {cmd}`: not an `mj` command line"));
            let o = run(&run_args.args, &run_args.stdin);
            assert!(o.status.success(), "{page}: `{cmd}`: {:?}", o.status);
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                expected,
                "{page}: the example `{cmd}` is stale"
            );
            count += 1;
        }
    }
    assert!(count >= 8, "printed `$ mj` examples found: {count}");
}

#[test]
fn every_cargo_command_runs_or_names_what_exists() {
    let scratch = std::env::temp_dir().join(format!("mj-doc-examples-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut mj_lines = 0;
    for (page, text) in pages() {
        for line in command_lines(&text) {
            let (w, comment) = words(&line);
            if let Some(run_args) = mj_run(&w) {
                if w.iter().any(|w| w == "cargo") {
                    check_mj_line(&page, &line, &run_args, comment.as_deref(), &scratch);
                    mj_lines += 1;
                }
            } else if w.first().is_some_and(|w| w == "cargo") {
                check_cargo_targets(&page, &line, &w);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        mj_lines >= 10,
        "`cargo run -p mj-cli` lines found: {mj_lines}"
    );
}

/// The repository paths a page names: words starting with a top folder of the repository.
fn repo_paths(text: &str) -> Vec<String> {
    const TOP: [&str; 7] = [
        "crates/",
        "benches/",
        "xtask/",
        "tools/",
        "fuzz/",
        "docs/",
        "../shared/logs/",
    ];
    let mut out = Vec::new();
    for (i, _) in text.char_indices() {
        let before = text[..i].chars().next_back();
        let starts_word = match before {
            None => true,
            Some(c) => c.is_whitespace() || "`(\"'[".contains(c),
        };
        let at = if text[i..].starts_with("./") && starts_word {
            i + 2
        } else {
            i
        };
        if !(starts_word && TOP.iter().any(|t| text[at..].starts_with(t))) {
            continue;
        }
        let path: String = text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || "_-./".contains(*c))
            .collect();
        // A file pattern (`*.mjlog`, `{release,debug}`) is not a path.
        if text[at + path.len()..].starts_with(['*', '{']) {
            continue;
        }
        out.push(path.trim_end_matches(['.', ',']).to_string());
    }
    out
}

#[test]
fn every_named_path_and_link_exists() {
    let root = root();
    let logs = logs_dir().exists();
    if !logs {
        eprintln!(
            "{} is absent: paths into it are not checked",
            logs_dir().display()
        );
    }
    for (page, text) in pages() {
        for path in repo_paths(&text) {
            if path.starts_with("../shared/logs/") && !logs {
                continue;
            }
            assert!(
                resolve(&path).exists(),
                "{page} names `{path}`, which does not exist"
            );
        }
        let dir = root.join(&page).parent().unwrap().to_path_buf();
        for link in text.split("](").skip(1) {
            let target = link.split(')').next().unwrap().split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            assert!(
                dir.join(target).exists(),
                "{page} links to `{target}`, which does not exist"
            );
        }
    }
}

#[test]
fn every_page_with_rust_examples_is_a_doctest() {
    let lib = std::fs::read_to_string(root().join("crates/mj-cli/src/lib.rs")).unwrap();
    for (page, text) in pages() {
        let has_rust = text.lines().any(|l| l.trim_start() == "```rust");
        if has_rust {
            assert!(
                lib.contains(&format!("include_str!(\"../../../{page}\")")),
                "{page} has Rust examples: list it among mj-cli's doctests (src/lib.rs)"
            );
        }
    }
}

#[test]
fn the_readers_find_examples_commands_and_paths() {
    let text = "x\n```console\n$ mj game --seed 1\nline 1\nline 2\n$ echo '{\"op\": 1}' | mj batch\n{}\n```\n\
                ```sh\ncargo run --release -p mj-cli -- waits 1m \\\n  --rules riichi   # -> waits: 1m\n\
                cargo bench -p benches --bench hu && cargo test\n```\n\
                See `cargo run -p mj-cli -- parse \"1m 2m\"` and crates/mj-hu/src/lib.rs, (`docs/x.md`).\n";
    assert_eq!(
        printed(text),
        [
            (
                "mj game --seed 1".to_string(),
                "line 1\nline 2\n".to_string()
            ),
            (
                "echo '{\"op\": 1}' | mj batch".to_string(),
                "{}\n".to_string()
            ),
        ]
    );
    let lines = command_lines(text);
    assert_eq!(
        lines,
        [
            "echo '{\"op\": 1}' | mj batch",
            "cargo run --release -p mj-cli -- waits 1m    --rules riichi   # -> waits: 1m",
            "cargo bench -p benches --bench hu",
            "cargo test",
            "cargo run -p mj-cli -- parse \"1m 2m\"",
        ]
    );
    let (w, comment) = words(&lines[1]);
    assert_eq!(comment.as_deref(), Some("-> waits: 1m"));
    let run = mj_run(&w).unwrap();
    assert_eq!(run.args, ["waits", "1m", "--rules", "riichi"]);
    let run = mj_run(&words(&lines[0]).0).unwrap();
    assert_eq!(
        (run.args, run.stdin.as_str()),
        (vec!["batch".to_string()], "{\"op\": 1}\n")
    );
    assert_eq!(
        mj_run(&words(&lines[4]).0).unwrap().args,
        ["parse", "1m 2m"]
    );
    assert_eq!(
        mj_run(&words("cargo run -p mj-game --example replay").0),
        None
    );
    assert_eq!(repo_paths(text), ["crates/mj-hu/src/lib.rs", "docs/x.md"]);
}
