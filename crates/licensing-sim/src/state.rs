//! The simulator's shared state: tokens, nonces, the store, fault counters,
//! traces, the activity catalogue and the limits, built from a [`Config`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::activity::ActivityCatalogue;
use crate::auth::Tokens;
use crate::config::{Config, StaticMount};
use crate::nonce::NonceCache;
use crate::store::{BatchLimits, Store};
use crate::trace::Traces;

/// Shared state of the simulator (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The simulator's shared state (its fields are private to the crate).
pub struct Inner {
    pub(crate) tokens: Tokens,
    pub(crate) nonces: Mutex<NonceCache>,
    pub(crate) store: Mutex<Store>,
    pub(crate) fault_counters: Mutex<HashMap<String, u32>>,
    /// Requests seen per `x-sim-trace` id (for client tests).
    pub(crate) traces: Mutex<Traces>,
    pub(crate) catalogue: ActivityCatalogue,
    pub(crate) max_body_bytes: usize,
    pub(crate) max_shellnums: u64,
    pub(crate) batch_limits: BatchLimits,
    pub(crate) body_timeout: Duration,
    /// The token `/__sim/*` routes need (`admin.rs`).
    pub(crate) admin_token: String,
    pub(crate) quiet: bool,
    /// The validation profile requests are checked with (`--rules`).
    pub(crate) rules: licensing_core::validate::Profile,
    pub(crate) statics: Vec<StaticMount>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// Locks a mutex; a poisoned one (a panic elsewhere) still holds whole data here,
/// because every mutation completes before the guard drops.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AppState {
    /// State from a configuration (reads the activities file, if any).
    pub fn new(config: &Config) -> Result<Self, String> {
        let catalogue = match &config.activities {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                ActivityCatalogue::parse(&text)?
            }
            None => ActivityCatalogue::sample(),
        };
        Ok(Self(Arc::new(Inner {
            tokens: Tokens::new(&config.tokens),
            nonces: Mutex::new(NonceCache::new(Duration::from_secs(config.nonce_window_secs))),
            store: Mutex::new(Store::new()),
            fault_counters: Mutex::new(HashMap::new()),
            traces: Mutex::new(Traces::default()),
            catalogue,
            max_body_bytes: config.max_body_bytes,
            max_shellnums: config.max_shellnums,
            batch_limits: BatchLimits { max_delete_pairs: config.max_delete_pairs },
            body_timeout: Duration::from_secs(config.body_timeout_secs),
            admin_token: config.admin_token.clone().unwrap_or_else(crate::admin::random_token),
            quiet: config.quiet,
            rules: config.rules,
            statics: config.statics.clone(),
        })))
    }

    /// Number of license orders stored.
    pub fn order_count(&self) -> usize {
        lock(&self.store).order_count()
    }

    /// The token the `/__sim/*` routes need in `x-sim-admin`.
    pub fn admin_token(&self) -> &str {
        &self.admin_token
    }
}
