//! `cargo xtask gen` writes every generated file of the repository; `cargo xtask
//! check` fails when one of them is not what the generators write (`make test`
//! runs the same comparison as a test: `cargo test -p xtask`). The alias runs
//! xtask-registry first, which writes the rule registry this crate links.

use std::process::ExitCode;

fn main() -> ExitCode {
    let root = xtask::repository_root();
    match std::env::args().nth(1).as_deref() {
        Some("gen") => match xtask::write_all(&root) {
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
