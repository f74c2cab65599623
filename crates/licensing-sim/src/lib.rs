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
mod write_deadline;

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
    let timeouts = Timeouts {
        header: Duration::from_secs(config.header_timeout_secs.max(1)),
        write: Duration::from_secs(config.write_timeout_secs.max(1)),
    };
    tokio::select! {
        () = serve_with(listener, router(state), timeouts) => Ok(()),
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}

/// How long a connection may keep the simulator waiting.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// To send a request's headers; an idle keep-alive connection closes after as long.
    pub header: Duration,
    /// For an answer's writes to make progress (a client that stops reading).
    pub write: Duration,
}

/// Serves `app` on `listener` over HTTP/1.1 until the task is dropped, with
/// the header timeout given and a 30 s write timeout (see [`serve_with`]).
pub async fn serve_on(listener: tokio::net::TcpListener, app: axum::Router, header_timeout: Duration) {
    serve_with(listener, app, Timeouts { header: header_timeout, write: Duration::from_secs(30) }).await;
}

/// Serves `app` on `listener` over HTTP/1.1 until the task is dropped. Unlike
/// `axum::serve`, no connection can hold the simulator: a client that sends its
/// headers slowly, or an idle keep-alive connection, is closed after
/// `timeouts.header` (hyper's timer), and one that stops reading its answer
/// after `timeouts.write` without progress (the answer is freed with it).
pub async fn serve_with(listener: tokio::net::TcpListener, app: axum::Router, timeouts: Timeouts) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    loop {
        let Ok((stream, _)) = listener.accept().await else { continue };
        let app = app.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            app.clone().oneshot(req.map(axum::body::Body::new))
        });
        tokio::spawn(async move {
            let io = TokioIo::new(write_deadline::WriteDeadline::new(stream, timeouts.write));
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.header)
                .serve_connection(io, service)
                .await;
        });
    }
}
