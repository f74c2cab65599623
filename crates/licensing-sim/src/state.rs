//! The shell's shared state: the simulator (`licensing-sim-core`, all of the
//! service's behaviour), its sessions (each a simulator of its own, made and
//! found by the core's registry), and what only a network shell has: static
//! files, the body timeout, the request log switch.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Once, RwLock, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use licensing_sim_core::{Options, Sessions, Simulator};

use crate::config::{Config, StaticMount};
use crate::durable::{Durable, DEFAULT_ID, USES_NOTED_EVERY_MS};

/// Milliseconds since the Unix epoch: the simulator's clock.
pub(crate) fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Shared state of the simulator (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The shell's shared state (its fields are private to the crate).
pub struct Inner {
    /// The simulator a request that names no session goes to (another in
    /// its place once made again from the store: [`AppState::remake`]).
    sim: RwLock<Arc<Simulator>>,
    /// The sessions (`x-sim-session`, `/s/ID/…`).
    pub(crate) sessions: Sessions,
    /// What the simulator was made with: a session's options start from them.
    pub(crate) options: Options,
    /// When idle sessions were last let go (milliseconds since the epoch).
    pub(crate) expired_at: AtomicI64,
    /// Starts the noting of the sessions' uses in a store of one process
    /// (on the first request: it needs the runtime).
    noting_uses: Once,
    pub(crate) quiet: bool,
    pub(crate) statics: Vec<StaticMount>,
    /// Where what the simulator took is kept (`--store`); `None`: memory.
    pub(crate) durable: Option<Arc<Durable>>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    /// State from a configuration (reads the activities file, if any).
    /// With `--store`, the simulator and its sessions as the store kept them
    /// (it blocks while it reads them: call it where blocking is allowed,
    /// as `serve` does; a PostgreSQL store refuses an async thread).
    pub fn new(config: &Config) -> Result<Self, String> {
        let mut options = config.simulator_options()?;
        let sessions = Sessions::new(config.session_limits());
        let (sim, durable) = match config.store.as_deref() {
            None => (Simulator::new(&options), None),
            Some(store) => {
                let durable = Durable::new(crate::store::open(store)?);
                let now = now_millis();
                let flags = config.replay_flags();
                let sim = durable.restore(&mut options, config.admin_token.is_some(), &flags, &sessions, now)?;
                (sim, Some(Arc::new(durable)))
            }
        };
        Ok(Self(Arc::new(Inner {
            sim: RwLock::new(Arc::new(sim)),
            sessions,
            options,
            expired_at: AtomicI64::new(0),
            noting_uses: Once::new(),
            quiet: config.quiet,
            statics: config.statics.clone(),
            durable,
        })))
    }

    /// The simulator a request that names no session goes to.
    pub(crate) fn own(&self) -> Arc<Simulator> {
        Arc::clone(&self.sim.read().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    /// The simulator of session `id` (`""`: the simulator's own), marked used
    /// now; `None` when there is no such session.
    pub(crate) fn simulator_of(&self, id: &str, now_ms: i64) -> Option<Arc<Simulator>> {
        if id == DEFAULT_ID {
            Some(self.own())
        } else {
            self.sessions.get(id, now_ms)
        }
    }

    /// Puts a simulator made again from the store in the place of the
    /// simulator's own.
    pub(crate) fn put_own(&self, sim: Arc<Simulator>) {
        *self.sim.write().unwrap_or_else(std::sync::PoisonError::into_inner) = sim;
    }

    /// What the store keeps now: `memory`, `sqlite`, `postgres`.
    pub fn store_kind(&self) -> &'static str {
        self.durable.as_ref().map_or("memory", |d| d.store.kind())
    }

    /// A simulator made again from the store in the place of `broken` (one
    /// whose commit failed) for session `id` (`""`: the simulator's own);
    /// when another request made it first, that one.
    pub(crate) async fn remake(&self, id: &str, broken: &Arc<Simulator>) -> Result<Arc<Simulator>, String> {
        let Some(durable) = self.durable.clone() else { return Ok(Arc::clone(broken)) };
        let (state, id, broken) = (self.clone(), id.to_owned(), Arc::clone(broken));
        let made = tokio::task::spawn_blocking(move || {
            let _one = durable.remaking.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let current = state.simulator_of(&id, now_millis());
            match current {
                Some(current) if !Arc::ptr_eq(&current, &broken) => return Ok(current),
                None => return Err(format!("session {id:?} is gone")),
                Some(_) => {}
            }
            let kept = durable.store.load_session(&id).map_err(|e| e.0)?;
            let kept = kept.ok_or_else(|| format!("the store no longer keeps session {id:?}"))?;
            let options = if id == DEFAULT_ID {
                state.options.clone()
            } else {
                state.sessions.kept_spec(&kept.head.spec, &kept.head.admin_token, &state.options)?.options
            };
            let made = Arc::new(crate::durable::remade(&options, &kept)?);
            if id == DEFAULT_ID {
                *state.sim.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::clone(&made);
            } else {
                state.sessions.replace(&id, &broken, Arc::clone(&made));
            }
            Ok(made)
        });
        made.await.unwrap_or_else(|e| Err(format!("the store stopped: {e}")))
    }

    /// Number of license orders stored.
    pub fn order_count(&self) -> usize {
        self.own().order_count()
    }

    /// Number of customers stored.
    pub fn customer_count(&self) -> usize {
        self.own().customer_count()
    }

    /// The token the `/__sim/*` routes need in `x-sim-admin`.
    pub fn admin_token(&self) -> &str {
        &self.options.admin_token
    }

    /// The simulator itself (its state and behaviour).
    pub fn simulator(&self) -> Arc<Simulator> {
        self.own()
    }

    /// The sessions.
    pub fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    /// Lets the sessions idle past their time go, at most once a second
    /// (and the store forget them, off the request's path).
    pub(crate) fn expire_idle(&self, now_ms: i64) {
        if self.durable.as_ref().is_some_and(|d| !d.store.shared()) {
            self.noting_uses.call_once(|| note_uses(Arc::downgrade(&self.0)));
        }
        let last = self.expired_at.load(Ordering::Relaxed);
        if now_ms - last >= 1_000
            && self.expired_at.compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            let gone = self.sessions.expire(now_ms);
            let Some(durable) = self.durable.clone() else { return };
            if durable.store.shared() {
                // Gone idle here is not gone: another process may be serving it. The
                // store lets go of what no process used for its idle time.
                let store = Arc::clone(&durable.store);
                tokio::task::spawn_blocking(move || {
                    if let Err(e) = store.expire(now_ms) {
                        eprintln!("licensing-sim: the store did not let idle sessions go: {e}");
                    }
                });
            } else if !gone.is_empty() {
                tokio::spawn(async move {
                    if let Err(e) = durable.forget(gone).await {
                        eprintln!("licensing-sim: the store did not forget sessions gone idle: {e}");
                    }
                });
            }
        }
    }

    /// Notes in the store (one process's) when each session was last used,
    /// and waits until it is kept: what a stopping process does last, so that
    /// a restart after a stop counts every session from its last use.
    pub async fn note_last_uses(&self) {
        let Some(durable) = self.durable.clone().filter(|d| !d.store.shared()) else { return };
        let used = self.sessions.used_after(i64::MIN);
        let noted = crate::durable::on_store(move || {
            durable.store.note_used(used)?;
            durable.store.health()
        })
        .await;
        if let Err(e) = noted {
            eprintln!("licensing-sim: the store did not note when sessions were used: {e}");
        }
    }
}

/// Each `USES_NOTED_EVERY_MS`, notes in the store (one process's) when the
/// sessions used since the last tick were last used, so that a restart lets
/// go those that went idle while it was down; for as long as the state lives
/// (it holds none of it between ticks: a state dropped lets its store go).
fn note_uses(state: Weak<Inner>) {
    tokio::spawn(async move {
        let every = Duration::from_millis(USES_NOTED_EVERY_MS.unsigned_abs());
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut noted_after = i64::MIN;
        loop {
            tick.tick().await;
            let Some(state) = state.upgrade() else { return };
            let Some(durable) = state.durable.as_ref() else { return };
            let now = now_millis();
            let used = state.sessions.used_after(noted_after);
            if !used.is_empty() {
                if let Err(e) = durable.store.note_used(used) {
                    eprintln!("licensing-sim: the store did not note when sessions were used: {e}");
                }
            }
            // A request that read the clock before this tick may mark its use
            // after it: the next tick looks a tick further back.
            noted_after = now.saturating_sub(USES_NOTED_EVERY_MS);
        }
    });
}
