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

mod body;
mod config;
mod crash;
mod durable;
mod exchange;
mod log;
mod reply;
mod router;
mod shared;
mod state;
pub mod store;
mod write_deadline;

use std::time::Duration;

pub use config::{Config, StaticMount};
pub use licensing_sim_core::{ActivityCatalogue, Simulator, TokenGrant, ADMIN_HEADER, SAMPLE_ACTIVITIES};
pub use router::router;
pub use state::AppState;

/// How long the requests in flight may take to finish once the simulator is
/// asked to stop (SIGINT, SIGTERM): then the rest are cut.
pub const STOP_GRACE: Duration = Duration::from_secs(10);

/// How long the listener waits after an accept fails for want of a file
/// descriptor (EMFILE, ENFILE) before it asks again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Binds the configured address and serves until SIGINT or SIGTERM, then stops
/// gracefully: no new connection is accepted, the requests in flight finish
/// (within [`STOP_GRACE`]) and get their answers, idle connections close.
pub async fn serve(config: Config) -> Result<(), String> {
    // A store is opened and read on a thread that may block.
    let made = config.clone();
    let state = tokio::task::spawn_blocking(move || AppState::new(&made)).await.map_err(|e| e.to_string())??;
    let listener = tokio::net::TcpListener::bind(&config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!("licensing-sim listening on http://{addr}/ (admin token for /__sim: {})", state.admin_token());
    let timeouts = Timeouts {
        header: Duration::from_secs(config.header_timeout_secs.max(1)),
        write: Duration::from_secs(config.write_timeout_secs.max(1)),
    };
    serve_until(listener, router(state.clone()), timeouts, stop_signal()).await;
    state.note_last_uses().await;
    Ok(())
}

/// SIGINT (Ctrl-C) or, on Unix, SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
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
    serve_until(listener, app, timeouts, std::future::pending()).await;
}

/// [`serve_with`] until `stop` resolves; then no connection is accepted, each
/// connection ends once its request in flight is answered (hyper's graceful
/// shutdown), and those still busy after [`STOP_GRACE`] are cut.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    timeouts: Timeouts,
    stop: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        // Finished connections' tasks are let go as they end.
        while connections.try_join_next().is_some() {}
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // A connection that ended before it was taken: the next one.
            Err(e)
                if matches!(e.kind(), std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset) =>
            {
                continue
            }
            // Out of file descriptors (or another failure of the listener): the
            // connection stays queued, and asking again at once failed again at
            // once, a core's worth of CPU until a connection closed (found by an
            // adversarial pass). A pause lets connections end first.
            Err(_) => {
                tokio::select! {
                    () = &mut stop => break,
                    () = tokio::time::sleep(ACCEPT_PAUSE) => continue,
                }
            }
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            app.clone().oneshot(req.map(axum::body::Body::new))
        });
        let mut stopped = stopped.clone();
        connections.spawn(async move {
            let io = TokioIo::new(write_deadline::WriteDeadline::new(stream, timeouts.write));
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeouts.header)
                .serve_connection(io, service);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopped.changed() => {
                    // The request in flight (if any) is answered; then the connection closes.
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    let drained = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(STOP_GRACE, drained).await.is_err() {
        connections.abort_all();
    }
}
