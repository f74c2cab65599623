//! The simulator's own routes under `/__sim`: reset, stats and request traces.
//! Every one needs `x-sim-admin: <admin token>` (`--admin-token`, else a random
//! token printed at start): the simulator listens on 127.0.0.1, which any web
//! page the developer opens can reach, and `POST /__sim/reset` is a simple
//! request that needs no CORS preflight.
//!
//! ```text
//! curl -X POST -H 'x-sim-admin: TOKEN' http://127.0.0.1:8787/__sim/reset
//! ```

use std::hash::{BuildHasher, Hasher};

use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::state::{lock, AppState};
use crate::store::Store;

/// The header carrying the admin token.
pub const ADMIN_HEADER: &str = "x-sim-admin";

/// A random admin token (128 bits, hex) from the OS-seeded hasher keys.
pub(crate) fn random_token() -> String {
    let mut out = String::with_capacity(32);
    for salt in 0..2u64 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(salt);
        hasher
            .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        out.push_str(&format!("{:016x}", hasher.finish()));
    }
    out
}

/// Lets a request through only with the admin token (compared in constant time).
pub(crate) async fn require_admin(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let given = req.headers().get(ADMIN_HEADER).map(|v| v.as_bytes()).unwrap_or_default();
    if constant_time_eq(given, state.admin_token.as_bytes()) {
        return next.run(req).await;
    }
    let message = format!(
        "/__sim routes need the header {ADMIN_HEADER}: <admin token> (--admin-token, or the one printed at start)"
    );
    (StatusCode::UNAUTHORIZED, Json(json!({ "error": message }))).into_response()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub(crate) async fn reset(State(state): State<AppState>) -> Json<serde_json::Value> {
    *lock(&state.store) = Store::new();
    lock(&state.nonces).clear();
    lock(&state.fault_counters).clear();
    lock(&state.traces).clear();
    Json(json!({ "reset": true }))
}

pub(crate) async fn trace(State(state): State<AppState>, Path(id): Path<String>) -> Json<serde_json::Value> {
    Json(serde_json::Value::Array(lock(&state.traces).get(&id)))
}

pub(crate) async fn stats(State(state): State<AppState>) -> Json<serde_json::Value> {
    let store = lock(&state.store);
    Json(json!({
        "orders": store.order_count(),
        "batches": store.batches.len(),
        "assets": store.assets.len(),
        "customers": store.customers.len(),
        "distinctOrderIds": store.orders.values().map(|o| (&o.channel_code, &o.channel_order_id)).collect::<std::collections::HashSet<_>>().len(),
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_random_and_compared_whole() {
        let (a, b) = (super::random_token(), super::random_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(super::constant_time_eq(b"abc", b"abc"));
        assert!(!super::constant_time_eq(b"abc", b"abd") && !super::constant_time_eq(b"ab", b"abc"));
    }
}
