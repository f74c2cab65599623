//! Native validation speed beside serde_json's parse of the same text (the floor
//! a tree-building validator starts from), in release:
//! `cargo run --release -p licensing-core --example profile -- payload.json`
use std::time::Instant;

use licensing_core::validate::{validate_json, Options};
use licensing_core::wire::Endpoint;

fn ms_per_round(rounds: u32, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..rounds {
        f();
    }
    t.elapsed().as_secs_f64() * 1000.0 / f64::from(rounds)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: profile PAYLOAD.json")?;
    let text = std::fs::read_to_string(&path)?;
    let rounds = 20;
    // PROFILE_ONLY_VALIDATE=1: skip the serde_json comparison (for a profiler).
    let only_validate = std::env::var_os("PROFILE_ONLY_VALIDATE").is_some();
    let parse = ms_per_round(if only_validate { 0 } else { rounds }, || {
        std::hint::black_box(serde_json::from_str::<serde_json::Value>(&text).ok());
    });
    let validate = ms_per_round(if only_validate { rounds * 10 } else { rounds }, || {
        std::hint::black_box(validate_json(Endpoint::BatchOrder, &text, &Options::default()));
    });
    let mb = text.len() as f64 / 1e6;
    println!(
        "{} bytes: serde_json::Value parse {parse:.2} ms; validate_json {validate:.2} ms ({:.0} MB/s)",
        text.len(),
        mb / (validate / 1000.0)
    );
    Ok(())
}
