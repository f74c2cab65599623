//! A simulator whose sessions outlive the process (`--store`): what each
//! request did is committed to the store before its answer is sent, and a
//! start makes every session again from what the store kept.
//!
//! The core decides and the store keeps: a simulator journals what it did to
//! its data in the order it did it (`licensing_sim_core::Entry`), the shell
//! commits those entries after the core answered and before the answer leaves
//! (`Simulator::commit`: requests that arrive together share a commit), and a
//! restart replays them (`Simulator::replay`) into a simulator made as the
//! first one was. A failed commit answers 503 with `Retry-After` and puts in
//! the session's place a simulator made again from the store, so that nothing
//! answered is lost and nothing unanswered is kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use licensing_sim_core::{Created, Options, Reply, SessionLimits, Sessions, Simulator};
use serde_json::{json, Value};

use crate::reply::json_reply;
use crate::store::{KeptSession, Made, SessionHead, SessionStore, StoreError};

/// The id the store keeps the simulator's own data under (a request that
/// names no session).
pub(crate) const DEFAULT_ID: &str = "";

/// The seconds a 503 of the store (a failed commit, a failing health probe) asks the caller to wait.
pub(crate) const RETRY_AFTER_SECS: &str = "1";

/// How often a process with a store of its own notes its sessions' uses in
/// it (`note_uses` in state.rs; and once more when it stops): a use in the
/// last tick before a crash may not be kept, and then a restart counts the
/// session from its use before.
pub(crate) const USES_NOTED_EVERY_MS: i64 = 1_000;

/// The store, and who makes a broken simulator again.
pub(crate) struct Durable {
    pub(crate) store: Arc<dyn SessionStore>,
    /// One making-again at a time: two requests that met the same failure
    /// make one simulator, not two.
    pub(crate) remaking: Mutex<()>,
    /// Who holds which session in this process (a shared store).
    pub(crate) holders: Holders,
    /// The registry's requests of a shared store, one at a time in this
    /// process: a list brought the registry to the store's while another
    /// request's session was made here and not yet kept there, and let it go,
    /// so more than `--max-sessions` were made (found by an adversarial pass).
    pub(crate) registry: tokio::sync::Mutex<()>,
}

/// A simulator made from what a store kept: made as the first one was, its
/// entries replayed, journaling from now on.
pub(crate) fn remade(options: &Options, kept: &KeptSession) -> Result<Simulator, String> {
    let sim = Simulator::new(options);
    replay_into(&sim, kept)?;
    Ok(sim)
}

pub(crate) fn replay_into(sim: &Simulator, kept: &KeptSession) -> Result<(), String> {
    for (number, entry) in &kept.entries {
        sim.replay(entry).map_err(|e| format!("session {:?}, entry {number}: {e}", kept.head.id))?;
        sim.set_applied(*number);
    }
    sim.keep_journal();
    Ok(())
}

/// Runs `work` on a blocking thread (the stores are synchronous); a task
/// that panicked or was cancelled is the store's failure.
pub(crate) async fn on_store<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| Err(StoreError(format!("the store stopped: {e}"))))
}

/// `Err` naming each flag whose value differs from the one the store was made
/// with (`Config::replay_flags`; a store made before they were kept has none).
fn same_flags(made: &Value, now: &Value) -> Result<(), String> {
    let (Some(made), Some(now)) = (made.as_object(), now.as_object()) else { return Ok(()) };
    let differ: Vec<String> = now
        .iter()
        .filter_map(|(flag, value)| {
            let kept = made.get(flag.as_str())?;
            (kept != value).then(|| format!("{flag} {kept} (now {value})"))
        })
        .collect();
    if differ.is_empty() {
        return Ok(());
    }
    Err(format!(
        "--store: it was made with {}: what it replays depends on them, so start with those (or another store)",
        differ.join(", ")
    ))
}

/// Session `kept` put back in the registry as it was made, last used at
/// `last_used_ms`, its entries replayed.
pub(crate) fn restore_session(
    sessions: &Sessions,
    options: &Options,
    kept: &KeptSession,
    last_used_ms: i64,
) -> Result<Arc<Simulator>, String> {
    let head = &kept.head;
    let made = sessions.restore(&head.id, &head.spec, &head.admin_token, options, head.created_ms, last_used_ms)?;
    replay_into(&made, kept)?;
    Ok(made)
}

/// The store's failure as the simulator's answer.
pub(crate) fn unavailable(what: &str, error: &str) -> Reply {
    let body = json!({
        "error": format!("the simulator's store failed ({error}): {what}; try again"),
        "store": "failing",
    });
    json_reply(503, &body).with_header("retry-after", RETRY_AFTER_SECS)
}

impl Durable {
    pub(crate) fn new(store: Box<dyn SessionStore>) -> Self {
        Self {
            store: Arc::from(store),
            remaking: Mutex::new(()),
            holders: Holders::default(),
            registry: tokio::sync::Mutex::new(()),
        }
    }

    /// At start: the simulator's own data and every session as the store kept
    /// them. `options` are the simulator's (an admin token the store kept is
    /// used when the command line gives none, so a restart keeps it).
    pub(crate) fn restore(
        &self,
        options: &mut Options,
        token_given: bool,
        flags: &Value,
        sessions: &Sessions,
        now_ms: i64,
    ) -> Result<Simulator, String> {
        let mut kept = self.store.load().map_err(|e| format!("--store: {e}"))?;
        if !kept.iter().any(|k| k.head.id == DEFAULT_ID) {
            let head = SessionHead {
                id: String::from(DEFAULT_ID),
                spec: json!({ "flags": flags }),
                admin_token: options.admin_token.clone(),
                created_ms: now_ms,
                // The simulator's own data never goes idle.
                idle_ms: i64::MAX,
            };
            self.store.create(&head).map_err(|e| format!("--store: {e}"))?;
            // Processes starting together on a shared store: the first one's head is kept.
            let own = self.store.load_session(DEFAULT_ID).map_err(|e| format!("--store: {e}"))?;
            kept.push(own.ok_or("--store: the simulator's own data was not kept")?);
        }
        let own = kept.iter().find(|k| k.head.id == DEFAULT_ID);
        if let Some(made) = own.and_then(|own| own.head.spec.get("flags")) {
            same_flags(made, flags)?;
        }
        if let (Some(own), false) = (own, token_given) {
            options.admin_token.clone_from(&own.head.admin_token);
        }
        let sim = Simulator::new(options);
        if let Some(own) = own {
            replay_into(&sim, own)?;
        }
        // A session that went idle while no process served it goes now (it
        // came back, with its data, until its idle time passed again: found by
        // an adversarial pass). Its last use is the one noted, as it was: a
        // margin added here was noted again as a use, and a session restarted
        // every second lived for good (found by a second pass). A store that
        // does not know a last use (a file made before they were kept) counts
        // the session used now.
        let last_uses = self.store.last_uses().map_err(|e| format!("--store: {e}"))?;
        for session in kept.iter().filter(|k| k.head.id != DEFAULT_ID) {
            let last_used = last_uses.get(&session.head.id).map_or(now_ms, |&at| at.min(now_ms));
            if now_ms.saturating_sub(last_used) > session.head.idle_ms {
                self.store.delete(&session.head.id).map_err(|e| format!("--store: {e}"))?;
                continue;
            }
            restore_session(sessions, options, session, last_used)
                .map_err(|e| format!("--store: session {:?}: {e}", session.head.id))?;
        }
        Ok(sim)
    }

    /// Commits what `sim` (session `id`) did so far; `Err`: the store's words.
    pub(crate) async fn commit(&self, id: &str, sim: &Arc<Simulator>) -> Result<(), String> {
        if !sim.uncommitted() {
            return sim.commit_failed().map_or(Ok(()), Err);
        }
        let (store, sim, id) = (Arc::clone(&self.store), Arc::clone(sim), id.to_owned());
        let committed = tokio::task::spawn_blocking(move || sim.commit(|entries| store.append(&id, entries))).await;
        committed.unwrap_or_else(|e| Err(format!("the commit stopped: {e}")))
    }

    /// Keeps a session just made, before its 201 is sent, unless the store's
    /// sessions (every process's) are at `limits`.
    pub(crate) async fn keep_created(
        &self,
        created: &Created,
        limits: SessionLimits,
        now_ms: i64,
    ) -> Result<Made, StoreError> {
        let head = SessionHead {
            id: created.id.clone(),
            spec: created.spec.clone(),
            admin_token: created.sim.admin_token().to_owned(),
            created_ms: created.created_ms,
            idle_ms: created.idle_ms,
        };
        created.sim.keep_journal();
        let store = Arc::clone(&self.store);
        on_store(move || store.create_within(&head, &limits, now_ms)).await
    }

    /// Forgets sessions deleted or gone idle.
    pub(crate) async fn forget(&self, ids: Vec<String>) -> Result<(), StoreError> {
        let store = Arc::clone(&self.store);
        on_store(move || ids.iter().try_for_each(|id| store.delete(id))).await
    }
}

/// Who in this process holds which session (so that one request of a session
/// waits here, not on a connection of its own at the store's lock). An entry
/// lives as long as a request holds or waits for it: every request names an
/// id before its token is read, and entries kept for good grew the process by
/// 300 MB under requests for made-up sessions (found by an adversarial pass).
#[derive(Default)]
pub(crate) struct Holders(Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>);

/// From this many entries on, each time their count doubles, those no request
/// holds are let go.
const HOLDERS_SWEPT_FROM: usize = 64;

impl Holders {
    pub(crate) fn of(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut holders = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(held) = holders.get(id).and_then(Weak::upgrade) {
            return held;
        }
        if holders.len() >= HOLDERS_SWEPT_FROM && holders.len().is_power_of_two() {
            holders.retain(|_, holder| holder.strong_count() > 0);
        }
        let holder = Arc::default();
        holders.insert(id.to_owned(), Arc::downgrade(&holder));
        holder
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }

    pub(crate) fn forget(&self, id: &str) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holder_lives_while_a_request_holds_it_and_made_up_ids_leave_none_behind() {
        let holders = Holders::default();
        let kept = holders.of("kept");
        assert!(Arc::ptr_eq(&kept, &holders.of("kept")));
        for k in 0..10_000 {
            drop(holders.of(&format!("made-up-{k}")));
        }
        assert!(holders.len() <= 2 * HOLDERS_SWEPT_FROM, "{} holders kept", holders.len());
        assert!(Arc::ptr_eq(&kept, &holders.of("kept")), "the held one is the same");
    }
}
