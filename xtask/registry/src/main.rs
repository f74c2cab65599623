//! `cargo xtask …` (the alias in `.cargo/config.toml`): writes licensing-core's
//! rule registry and codes from the rule files, then runs the generators
//! (`cargo run -p xtask -- …`), which link the crate that registry makes. Without
//! this first step a rule file named by the schema before its registry line was
//! written would keep the generators from building.

use std::process::ExitCode;

fn main() -> ExitCode {
    let root = xtask_registry::repository_root();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("gen") {
        match xtask_registry::write(&root) {
            Ok(written) => {
                for path in written {
                    println!("wrote {path}");
                }
            }
            Err(e) => {
                eprintln!("xtask gen: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    match std::process::Command::new(cargo)
        .args(["run", "--quiet", "--package", "xtask", "--"])
        .args(&args)
        .current_dir(&root)
        .status()
    {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask: cargo: {e}");
            ExitCode::FAILURE
        }
    }
}
