//! Where validation time goes: parse vs walk, natively (release).
//! `cargo run --release -p licensing-core --example profile -- payload.json`
use std::time::Instant;

use licensing_core::validate::json::Json;
use licensing_core::validate::{validate_json, validate_tree, Options};
use licensing_core::wire::Endpoint;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "/tmp/b1000.json".into());
    let text = std::fs::read_to_string(&path).expect("payload");
    let rounds = 20;
    let t = Instant::now();
    for _ in 0..rounds {
        let v: Json = serde_json::from_str(&text).expect("json");
        std::hint::black_box(&v);
    }
    let parse = t.elapsed().as_secs_f64() * 1000.0 / rounds as f64;
    let v: Json = serde_json::from_str(&text).expect("json");
    let t = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(validate_tree(Endpoint::BatchOrder, &v, &Options::default()));
    }
    let walk = t.elapsed().as_secs_f64() * 1000.0 / rounds as f64;
    let t = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(validate_json(Endpoint::BatchOrder, &text, &Options::default()));
    }
    let total = t.elapsed().as_secs_f64() * 1000.0 / rounds as f64;
    println!("{} bytes: parse {parse:.2} ms, rule walk {walk:.2} ms, validate_json {total:.2} ms", text.len());
}
