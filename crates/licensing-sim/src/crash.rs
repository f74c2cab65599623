//! Points where a test kills the simulator as `kill -9` would, to prove that
//! a restart loses no write whose answer was sent
//! (`tests/durable/crash.rs`): `LICENSING_SIM_CRASH_AT=POINT:N` kills the
//! process the Nth time a request passes POINT. The points of a write:
//! `applied` (the core answered, nothing committed), `appended` (inside the
//! store's transaction, before its commit), `committed` (kept, the answer
//! not sent); and `created` (a session kept, its 201 not sent). Unset, a
//! point costs one read of a value read once.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// The point and the pass the environment names.
fn armed() -> Option<&'static (String, u64, AtomicU64)> {
    static ARMED: OnceLock<Option<(String, u64, AtomicU64)>> = OnceLock::new();
    ARMED
        .get_or_init(|| {
            let value = std::env::var("LICENSING_SIM_CRASH_AT").ok()?;
            let (point, nth) = value.split_once(':').unwrap_or((&value, "1"));
            Some((point.to_owned(), nth.parse().ok()?, AtomicU64::new(0)))
        })
        .as_ref()
}

/// Passes `point`: the armed pass of the armed point kills the process.
pub(crate) fn point(point: &str) {
    let Some((armed, nth, passes)) = armed() else { return };
    if armed == point && passes.fetch_add(1, Ordering::SeqCst) + 1 == *nth {
        // SIGKILL from outside the process's own code: nothing is flushed,
        // no destructor runs, as when the kernel or an operator kills it.
        let _ = std::process::Command::new("kill").args(["-KILL", &std::process::id().to_string()]).status();
        std::process::abort();
    }
}
