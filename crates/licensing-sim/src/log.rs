//! Structured request log: one JSON line per request on stderr. The bearer token
//! is never written (only whether one was present).

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

/// The log line of one request: method, path, status, duration, and whether an
/// `Authorization` header was present — never its value.
fn line(method: &str, path: &str, headers: &HeaderMap, status: u16, ms: f64) -> String {
    serde_json::json!({
        "ts": crate::state::now_millis(),
        "method": method,
        "path": path,
        "status": status,
        "ms": (ms * 100.0).round() / 100.0,
        "authorization": if headers.contains_key(header::AUTHORIZATION) { "Bearer [redacted]" } else { "none" },
    })
    .to_string()
}

pub(crate) async fn request_log(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if state.quiet {
        return next.run(req).await;
    }
    let start = Instant::now();
    let method = req.method().to_string();
    let path = req.uri().path().to_owned();
    let headers = req.headers().clone();
    let response = next.run(req).await;
    eprintln!("{}", line(&method, &path, &headers, response.status().as_u16(), start.elapsed().as_secs_f64() * 1000.0));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_redacted() {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, "Bearer dev-secret-token".parse().unwrap());
        let text = line("POST", "/order/api/order/v1/shellnums", &headers, 200, 1.234);
        assert!(!text.contains("dev-secret-token"), "{text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["authorization"], "Bearer [redacted]");
        assert_eq!(v["status"], 200);
        assert_eq!(v["ms"], 1.23);
        assert!(line("GET", "/", &HeaderMap::new(), 404, 0.0).contains("\"none\""));
    }
}
