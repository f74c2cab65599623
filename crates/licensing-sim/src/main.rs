//! `licensing-sim`: see `licensing-sim --help` and the README.

use clap::Parser;
use licensing_sim::{serve, Config};

#[tokio::main]
async fn main() {
    let config = Config::parse();
    if let Err(err) = serve(config).await {
        eprintln!("licensing-sim: {err}");
        std::process::exit(1);
    }
}
