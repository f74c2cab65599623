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
mod admin;
mod auth;
mod config;
mod fault;
mod handler;
mod log;
mod nonce;
mod respond;
mod router;
mod state;
mod store;
mod time;
mod trace;

use std::time::Duration;

pub use activity::{ActivityCatalogue, SAMPLE_ACTIVITIES};
pub use admin::ADMIN_HEADER;
pub use config::{Config, StaticMount, TokenGrant};
pub use router::router;
pub use state::AppState;

/// Binds the configured address and serves until Ctrl-C.
pub async fn serve(config: Config) -> Result<(), String> {
    let state = AppState::new(&config)?;
    let listener = tokio::net::TcpListener::bind(&config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!("licensing-sim listening on http://{addr}/ (admin token for /__sim: {})", state.admin_token());
    let timeout = Duration::from_secs(config.header_timeout_secs.max(1));
    tokio::select! {
        () = serve_on(listener, router(state), timeout) => Ok(()),
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}

/// Serves `app` on `listener` over HTTP/1.1 until the task is dropped. Unlike
/// `axum::serve`, every connection has a header read timeout: a client that
/// sends its headers slowly, or an idle keep-alive connection, is closed after
/// `header_timeout` (hyper's timer), so sockets cannot be held forever.
pub async fn serve_on(listener: tokio::net::TcpListener, app: axum::Router, header_timeout: Duration) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    loop {
        let Ok((stream, _)) = listener.accept().await else { continue };
        let app = app.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            app.clone().oneshot(req.map(axum::body::Body::new))
        });
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
