//! The shell's shared state: the simulator (`licensing-sim-core`, all of the
//! service's behaviour) and what only a network shell has: static files, the
//! body timeout, the request log switch.

use std::sync::Arc;

use licensing_sim_core::Simulator;

use crate::config::{Config, StaticMount};

/// Shared state of the simulator (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The shell's shared state (its fields are private to the crate).
pub struct Inner {
    pub(crate) sim: Simulator,
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
        let sim = Simulator::new(&config.simulator_options()?);
        Ok(Self(Arc::new(Inner { sim, quiet: config.quiet, statics: config.statics.clone() })))
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
}
