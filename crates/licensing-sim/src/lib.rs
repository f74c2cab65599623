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
//! This crate is only the network shell (sockets, timeouts, static files,
//! CORS, the log): the service's state and behaviour are
//! [`licensing_sim_core::Simulator`], which the in-process simulators of the
//! npm package (`createSimulator`) and of the Rust client share.

mod config;
mod exchange;
mod log;
mod router;
mod state;

use std::time::Duration;

pub use config::{Config, StaticMount};
pub use licensing_sim_core::{ActivityCatalogue, Simulator, TokenGrant, ADMIN_HEADER, SAMPLE_ACTIVITIES};
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
