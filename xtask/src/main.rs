//! `cargo xtask gen` writes every generated file of the repository; `cargo xtask
//! check` fails when one of them is not what the generators write (`make test`
//! runs the same comparison as a test: `cargo test -p xtask`).

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = xtask::repository_root();
    match std::env::args().nth(1).as_deref() {
        Some("gen") => match xtask::write_registry(&root) {
            Ok(written) if written.is_empty() => gen(&root),
            Ok(written) => {
                for path in written {
                    println!("wrote {path}");
                }
                // The crate these generators link does not know the new registry yet.
                println!("the registry changed: cargo xtask gen again, on it");
                let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
                match std::process::Command::new(cargo)
                    .args(["run", "--quiet", "--package", "xtask", "--", "gen"])
                    .current_dir(&root)
                    .status()
                {
                    Ok(status) if status.success() => ExitCode::SUCCESS,
                    Ok(_) => ExitCode::FAILURE,
                    Err(e) => {
                        eprintln!("xtask gen: cargo: {e}");
                        ExitCode::FAILURE
                    }
                }
            }
            Err(e) => {
                eprintln!("xtask gen: {e}");
                ExitCode::FAILURE
            }
        },
        Some("check") => {
            let stale = xtask::stale(&root);
            for path in &stale {
                eprintln!("{path} is not the generators' output: run cargo xtask gen");
            }
            if stale.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        _ => {
            eprintln!("usage: cargo xtask gen | check");
            ExitCode::FAILURE
        }
    }
}

/// Writes every generated file (the registry is already what the rule files say).
fn gen(root: &Path) -> ExitCode {
    match xtask::write_all(root) {
        Ok(written) => {
            for path in written {
                println!("wrote {path}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask gen: {e}");
            ExitCode::FAILURE
        }
    }
}
