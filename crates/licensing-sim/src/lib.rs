//! A stateful local simulator of the Licensing Order and Activity Service: the
//! embedded default the demo portal and the client tests run against.
//!
//! ```no_run
//! use licensing_sim::{router, AppState, Config};
//! let state = AppState::new(&Config::default())?;
//! let app = router(state); // an axum Router; tests call it without sockets
//! # Ok::<(), String>(())
//! ```
//!
//! It shares the core's types, validators, paths and envelopes, so it refuses
//! exactly what the SDK's validators refuse.

mod activity;
mod auth;
mod config;
mod fault;
mod handler;
mod log;
mod nonce;
mod respond;
mod router;
mod store;
mod time;

pub use activity::{ActivityCatalogue, SAMPLE_ACTIVITIES};
pub use config::{Config, StaticMount, TokenGrant};
pub use router::{router, AppState};

/// Binds the configured address and serves until Ctrl-C.
pub async fn serve(config: Config) -> Result<(), String> {
    let state = AppState::new(&config)?;
    let app = router(state);
    let listener = tokio::net::TcpListener::bind(&config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!("licensing-sim listening on http://{addr}/");
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| e.to_string())
}
