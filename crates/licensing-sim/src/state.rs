//! The shell's shared state: the simulator (`licensing-sim-core`, all of the
//! service's behaviour), its sessions (each a simulator of its own, made and
//! found by the core's registry), and what only a network shell has: static
//! files, the body timeout, the request log switch.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use licensing_sim_core::{Options, Sessions, Simulator};

use crate::config::{Config, StaticMount};

/// Shared state of the simulator (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The shell's shared state (its fields are private to the crate).
pub struct Inner {
    /// The simulator a request that names no session goes to.
    pub(crate) sim: Arc<Simulator>,
    /// The sessions (`x-sim-session`, `/s/ID/…`).
    pub(crate) sessions: Sessions,
    /// What the simulator was made with: a session's options start from them.
    pub(crate) options: Options,
    /// When idle sessions were last let go (milliseconds since the epoch).
    pub(crate) expired_at: AtomicI64,
    pub(crate) quiet: bool,
    pub(crate) statics: Vec<StaticMount>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    /// State from a configuration (reads the activities file, if any).
    pub fn new(config: &Config) -> Result<Self, String> {
        let options = config.simulator_options()?;
        let sim = Arc::new(Simulator::new(&options));
        let sessions = Sessions::new(config.session_limits());
        Ok(Self(Arc::new(Inner {
            sim,
            sessions,
            options,
            expired_at: AtomicI64::new(0),
            quiet: config.quiet,
            statics: config.statics.clone(),
        })))
    }

    /// Number of license orders stored.
    pub fn order_count(&self) -> usize {
        self.sim.order_count()
    }

    /// Number of customers stored.
    pub fn customer_count(&self) -> usize {
        self.sim.customer_count()
    }

    /// The token the `/__sim/*` routes need in `x-sim-admin`.
    pub fn admin_token(&self) -> &str {
        self.sim.admin_token()
    }

    /// The simulator itself (its state and behaviour).
    pub fn simulator(&self) -> &Simulator {
        &self.sim
    }

    /// The sessions.
    pub fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    /// Lets the sessions idle past their time go, at most once a second.
    pub(crate) fn expire_idle(&self, now_ms: i64) {
        let last = self.expired_at.load(Ordering::Relaxed);
        if now_ms - last >= 1_000
            && self.expired_at.compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            self.sessions.expire(now_ms);
        }
    }
}
