//! Structured request log: one JSON line per request on stderr. The bearer token
//! is never written (only whether one was present).

use std::time::Instant;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::router::AppState;

pub(crate) async fn request_log(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if state.quiet {
        return next.run(req).await;
    }
    let start = Instant::now();
    let method = req.method().to_string();
    let path = req.uri().path().to_owned();
    let has_token = req.headers().contains_key(axum::http::header::AUTHORIZATION);
    let response = next.run(req).await;
    let line = serde_json::json!({
        "ts": crate::time::now_millis(),
        "method": method,
        "path": path,
        "status": response.status().as_u16(),
        "ms": (start.elapsed().as_secs_f64() * 1000.0 * 100.0).round() / 100.0,
        "authorization": if has_token { "Bearer [redacted]" } else { "none" },
    });
    eprintln!("{line}");
    response
}
