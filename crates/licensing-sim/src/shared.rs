//! Several simulator processes on one store (`--store postgres://…`), behind
//! any load balancer: a request of a session runs while this process holds
//! the session (one request at a time here, the store's lock across
//! processes), after this process's copy of the session has applied what the
//! others appended, and what it did is appended before its answer leaves
//! (`store::postgres`). A session made by another process is made here from
//! the store when a request first names it; one deleted there is let go here.

use std::sync::Arc;

use licensing_sim_core::{Reply, Simulator};

use crate::durable::{on_store, remade, restore_session, unavailable, Durable, DEFAULT_ID};
use crate::state::AppState;
use crate::store::Begun;

/// Why a session cannot be served.
pub(crate) enum Missing {
    /// The store does not keep it: 404.
    NotKept,
    /// The store failed: 503.
    Failed(String),
}

/// This process's copy of session `id`, made from the store when it has none.
pub(crate) async fn local(
    state: &AppState,
    durable: &Arc<Durable>,
    id: &str,
    now: i64,
) -> Result<Arc<Simulator>, Missing> {
    if id == DEFAULT_ID {
        return Ok(state.own());
    }
    if let Some(sim) = state.sessions.get(id, now) {
        return Ok(sim);
    }
    let (store, key) = (Arc::clone(&durable.store), id.to_owned());
    let kept = match on_store(move || store.load_session(&key)).await {
        Ok(Some(kept)) => kept,
        Ok(None) => return Err(Missing::NotKept),
        Err(e) => return Err(Missing::Failed(e.0)),
    };
    restore_session(&state.sessions, &state.options, &kept, now).map_err(Missing::Failed)
}

/// Serves `work` (the core's answer) on session `id`: a read after this
/// copy caught up with the log (no lock: every write answered before it is
/// there), anything else between the store's `begin` and its commit, what the
/// core did kept before the reply is given back.
pub(crate) async fn serve<W, F>(
    state: &AppState,
    durable: &Arc<Durable>,
    id: &str,
    now: i64,
    read: bool,
    work: W,
) -> Reply
where
    W: FnOnce(Arc<Simulator>) -> F,
    F: std::future::Future<Output = Reply>,
{
    let held_here = durable.holders.of(id).lock_owned().await;
    let sim = match local(state, durable, id, now).await {
        Ok(sim) => sim,
        Err(Missing::NotKept) => return licensing_sim_core::no_session(id),
        Err(Missing::Failed(e)) => return unavailable("nothing was done", &e),
    };
    let (store, key, after) = (Arc::clone(&durable.store), id.to_owned(), sim.applied());
    let begun = on_store(move || {
        if read {
            store.catch_up(&key, after, now).map(|news| news.map(|news| (news, None)))
        } else {
            store.begin(&key, after, now).map(|begun| begun.map(|Begun { news, held }| (news, Some(held))))
        }
    })
    .await;
    let (news, held) = match begun {
        Ok(Some(begun)) => begun,
        Ok(None) => {
            // Deleted by another process (or gone idle there): let go here too.
            state.sessions.delete(id);
            durable.holders.forget(id);
            return licensing_sim_core::no_session(id);
        }
        Err(e) => return unavailable("nothing was done", &e.0),
    };
    for (number, entry) in &news {
        if let Err(e) = sim.replay(entry) {
            forget_copy(state, id);
            return unavailable("nothing was done", &format!("entry {number} of session {id:?}: {e}"));
        }
        sim.set_applied(*number);
    }
    // What this copy did before (a request cut off after its answer) is not
    // in the log: dropped, so that the log stays the only truth.
    drop(sim.take_journal());
    let reply = work(Arc::clone(&sim)).await;
    crate::crash::point("applied");
    let entries: Vec<_> = sim.take_journal().into_iter().map(|(_, entry)| entry).collect();
    let Some(held) = held else {
        if entries.is_empty() {
            return reply;
        }
        // A read that changed data would be a route this shell takes for a read
        // wrongly: nothing of it is kept, and the copy is made again.
        forget_copy(state, id);
        return unavailable("nothing of this request was kept", "a read changed data");
    };
    // The commit and what this copy notes of it run to their end, holding the
    // session here, even when the client goes (found by an adversarial pass: a
    // request dropped while its commit ran left this copy behind its own log,
    // so the next request replayed its entries again, and this process and the
    // others handed out the same asset number).
    let (state, id) = (state.clone(), id.to_owned());
    let tail = tokio::spawn(async move {
        let _held_here = held_here;
        match on_store(move || held.commit(&entries)).await {
            Ok(last) => {
                sim.set_applied(last);
                crate::crash::point("committed");
                Ok(())
            }
            Err(e) => {
                // This copy is ahead of the log: made again from it on the next request.
                forget_copy(&state, &id);
                Err(e.0)
            }
        }
    });
    match tail.await {
        Ok(Ok(())) => reply,
        Ok(Err(e)) => unavailable("nothing of this request was kept", &e),
        Err(e) => unavailable("nothing of this request was kept", &format!("the commit stopped: {e}")),
    }
}

/// Lets this process's copy of a session go (the next request makes it from
/// the store); the simulator's own is made again from the store now.
fn forget_copy(state: &AppState, id: &str) {
    if id == DEFAULT_ID {
        let Some(durable) = state.durable.as_ref() else { return };
        let store = Arc::clone(&durable.store);
        let options = state.options.clone();
        let state = state.clone();
        tokio::task::spawn_blocking(move || {
            if let Ok(Some(kept)) = store.load_session(DEFAULT_ID) {
                if let Ok(sim) = remade(&options, &kept) {
                    state.put_own(Arc::new(sim));
                }
            }
        });
    } else {
        state.sessions.delete(id);
    }
}

/// Brings this process's registry to what the store keeps (a list asked
/// for): sessions made elsewhere made here, deleted ones let go.
pub(crate) async fn sync_registry(state: &AppState, durable: &Arc<Durable>, now: i64) -> Result<(), String> {
    let store = Arc::clone(&durable.store);
    let ids = on_store(move || store.ids()).await.map_err(|e| e.0)?;
    let kept: std::collections::HashSet<&str> = ids.iter().map(String::as_str).collect();
    for id in state.sessions.ids() {
        if !kept.contains(id.as_str()) {
            state.sessions.delete(&id);
        }
    }
    for id in ids.iter().filter(|id| !id.is_empty()) {
        if !state.sessions.contains(id) {
            match local(state, durable, id, now).await {
                Ok(_) | Err(Missing::NotKept) => {}
                Err(Missing::Failed(e)) => return Err(e),
            }
        }
    }
    Ok(())
}
