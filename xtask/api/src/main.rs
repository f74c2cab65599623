//! `cargo run -p api-report -- write | check`: the public API of each published
//! library crate, one item a line, as `public-api` renders it from the rustdoc
//! JSON of the pinned nightly (scripts/pkg-toolchain.sh: the toolchain that
//! builds the package's wasm, so no other one is installed for this). `write`
//! rewrites `api/rust/<crate>.txt`; `check` fails, printing the lines that
//! differ, when the code's API is not the committed one: a change to the public
//! surface must be committed on purpose (and named in CHANGELOG.md).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The library crates published to crates.io, with the features docs.rs builds
/// them with (all of them: Cargo.toml's `package.metadata.docs.rs`).
const CRATES: [&str; 2] = ["licensing-core", "licensing-client"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pinned nightly's name, from scripts/pkg-toolchain.sh.
fn toolchain(root: &Path) -> Result<String, String> {
    let script = std::fs::read_to_string(root.join("scripts/pkg-toolchain.sh")).map_err(|e| e.to_string())?;
    script
        .lines()
        .find_map(|l| l.strip_prefix("PKG_TOOLCHAIN="))
        .map(|v| v.trim().to_owned())
        .ok_or_else(|| String::from("scripts/pkg-toolchain.sh sets no PKG_TOOLCHAIN"))
}

/// The crate's public API, one item a line, sorted.
fn listing(root: &Path, toolchain: &str, krate: &str) -> Result<String, String> {
    let target = root.join("target/api");
    let status = Command::new("cargo")
        .current_dir(root)
        .args([&format!("+{toolchain}"), "rustdoc", "-q", "-p", krate, "--all-features", "--lib", "--target-dir"])
        .arg(&target)
        .args(["--", "-Zunstable-options", "--output-format", "json", "--cfg", "docsrs"])
        .status()
        .map_err(|e| format!("cargo +{toolchain} rustdoc: {e}"))?;
    if !status.success() {
        return Err(format!("cargo +{toolchain} rustdoc -p {krate} failed"));
    }
    let json = target.join("doc").join(format!("{}.json", krate.replace('-', "_")));
    // Blanket impls (`impl<T> From<T> for T`, …) are the standard library's,
    // the same for every type: left out. Auto traits (Send, Sync, …) stay: a
    // type that stops being Send breaks its users.
    let api = public_api::Builder::from_rustdoc_json(&json)
        .omit_blanket_impls(true)
        .build()
        .map_err(|e| format!("{}: {e}", json.display()))?;
    let mut lines: Vec<String> = api.items().map(|item| item.to_string()).collect();
    lines.sort();
    lines.dedup();
    let mut out =
        format!("# The public API of {krate} (all features), from rustdoc JSON: cargo run -p api-report -- write\n");
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

fn main() -> ExitCode {
    let mode = std::env::args().nth(1).unwrap_or_default();
    if mode != "write" && mode != "check" {
        eprintln!("usage: cargo run -p api-report -- write | check");
        return ExitCode::FAILURE;
    }
    let root = root();
    let toolchain = match toolchain(&root) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("api-report: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut ok = true;
    for krate in CRATES {
        let path = root.join("api/rust").join(format!("{krate}.txt"));
        let listing = match listing(&root, &toolchain, krate) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("api-report: {e}");
                return ExitCode::FAILURE;
            }
        };
        if mode == "write" {
            if let Err(e) =
                std::fs::create_dir_all(root.join("api/rust")).and_then(|()| std::fs::write(&path, &listing))
            {
                eprintln!("api-report: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            println!("wrote api/rust/{krate}.txt");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != listing {
            ok = false;
            eprintln!("api/rust/{krate}.txt is not {krate}'s public API (run: cargo run -p api-report -- write, and name the change in CHANGELOG.md):");
            let (old, new): (Vec<&str>, Vec<&str>) = (committed.lines().collect(), listing.lines().collect());
            for line in old.iter().filter(|l| !new.contains(l)) {
                eprintln!("  - {line}");
            }
            for line in new.iter().filter(|l| !old.contains(l)) {
                eprintln!("  + {line}");
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
