//! What the simulator's own routes under `/__sim` answer (`route.rs` finds
//! them): reset, stats, the state and request traces. Every one needs `x-sim-admin: <admin token>`: the native simulator listens on
//! 127.0.0.1, which any web page the developer opens can reach, and `POST
//! /__sim/reset` is a simple request that needs no CORS preflight.
//!
//! ```text
//! curl -X POST -H 'x-sim-admin: TOKEN' http://127.0.0.1:8787/__sim/reset
//! ```

use licensing_core::wire::Endpoint;
use serde_json::{json, Value};

use crate::exchange::{Reply, RequestHead};
use crate::respond;
use crate::route::AdminRoute;
use crate::simulator::Simulator;
use crate::store::Store;
use crate::sync::lock;

/// The header carrying the admin token.
pub const ADMIN_HEADER: &str = "x-sim-admin";

pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Simulator {
    /// Answers an admin route, only with the admin token (compared in constant time).
    pub(crate) fn admin(&self, route: AdminRoute, head: &RequestHead, now_ms: i64) -> Reply {
        let given = head.header_value(ADMIN_HEADER).unwrap_or_default();
        if !constant_time_eq(given.as_bytes(), self.admin_token.as_bytes()) {
            let message = format!(
                "/__sim routes need the header {ADMIN_HEADER}: <admin token> (--admin-token, or the one printed at start)"
            );
            return respond::json(401, &json!({ "error": message }));
        }
        let body = match route {
            AdminRoute::Reset => {
                self.reset();
                json!({ "reset": true })
            }
            AdminRoute::Stats => self.stats(),
            AdminRoute::State => return respond::json(200, &self.snapshot()),
            AdminRoute::Trace(id) => Value::Array(self.trace(&id)),
            AdminRoute::Fault => match self.inject_fault_from_query(head.query.as_deref()) {
                Ok(()) => json!({ "injected": true }),
                Err(error) => return respond::json(400, &json!({ "error": error })),
            },
            AdminRoute::Clock => match self.clock.admin(head.query.as_deref(), now_ms) {
                Ok(time) => {
                    // A virtual clock's time is data: kept, as a write is.
                    if let Some(now) = self.clock.virtual_now() {
                        let store = lock(&self.store);
                        lock(&self.journal).push(crate::journal::Entry::Clock { now });
                        drop(store);
                    }
                    time
                }
                Err((status, error)) => return respond::json(status, &json!({ "error": error })),
            },
        };
        respond::json(200, &body)
    }

    /// `POST /__sim/fault?fault=DIRECTIVES[&endpoint=NAME]`: [`Simulator::inject_fault`].
    fn inject_fault_from_query(&self, query: Option<&str>) -> Result<(), String> {
        let (mut directives, mut endpoint) = (None, None);
        for (name, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            match name.as_ref() {
                "fault" => directives = Some(value.into_owned()),
                "endpoint" => {
                    let found: Endpoint = value.parse().map_err(|_| format!("unknown endpoint {value:?}"))?;
                    endpoint = Some(found);
                }
                other => return Err(format!("unknown parameter {other:?} (fault, endpoint)")),
            }
        }
        self.inject_fault(&directives.ok_or("the query needs fault=DIRECTIVES")?, endpoint)
    }

    /// Empties the state: store, used nonces, fault counters, injected faults
    /// and traces (the options, the seed among them, stay). A simulator
    /// started from a [`crate::State`] returns to it.
    pub fn reset(&self) {
        lock(&self.injected).clear();
        lock(&self.fault_counters).clear();
        lock(&self.traces).clear();
        let store = self.reset_data();
        lock(&self.journal).push(crate::journal::Entry::Reset);
        drop(store);
    }

    /// What a reset does to the data (store, used nonces, bytes written),
    /// returning with the store's lock held (the journal's entry is kept under it).
    pub(crate) fn reset_data(&self) -> std::sync::MutexGuard<'_, Store> {
        let mut store = lock(&self.store);
        *store = self.initial.as_ref().map_or_else(|| Store::new(self.seed), Store::from_state);
        lock(&self.nonces).clear();
        self.written.store(0, std::sync::atomic::Ordering::Relaxed);
        store
    }

    /// The stored data as a [`crate::State`]: what `Options::state`,
    /// `createSimulator({ state })` and `licensing-sim --state FILE` load.
    pub fn snapshot(&self) -> crate::State {
        lock(&self.store).state()
    }

    /// Counts of what is stored: `{orders, batches, assets, customers, distinctOrderIds}`.
    pub fn stats(&self) -> Value {
        let store = lock(&self.store);
        json!({
            "orders": store.order_count(),
            "batches": store.batches.len(),
            "assets": store.assets.len(),
            "customers": store.customers.len(),
            "distinctOrderIds": store.orders.values().map(|o| (&o.channel_code, &o.channel_order_id)).collect::<std::collections::HashSet<_>>().len(),
        })
    }

    /// The requests that carried `x-sim-trace: {id}`, oldest first.
    pub fn trace(&self, id: &str) -> Vec<Value> {
        lock(&self.traces).get(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd") && !constant_time_eq(b"ab", b"abc"));
    }
}
