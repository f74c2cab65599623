//! Several simulator processes on one store (`--store postgres://…`), behind
//! any load balancer: a request of a session runs while this process holds
//! the session (one request at a time here, the store's lock across
//! processes), after this process's copy of the session has applied what the
//! others appended, and what it did is appended before its answer leaves
//! (`store::postgres`). A session made by another process is made here from
//! the store when a request first names it; one deleted there is let go here.

use std::sync::Arc;

use axum::body::Body;
use licensing_sim_core::{Entry, Reply, RequestHead, Simulator};

use crate::durable::{on_store, remade, restore_session, unavailable, Durable, DEFAULT_ID};
use crate::state::{now_millis, AppState};
use crate::store::Begun;

/// How often a fault's delay on a virtual clock catches its copy up with the
/// log (another process may move the clock).
const CATCH_UP_WHILE_WAITING: std::time::Duration = std::time::Duration::from_millis(50);

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

/// Serves a call of an endpoint on session `id` in two steps, so that no
/// lock is held while the request waits on its client or on a fault: it is
/// admitted on this process's copy (holding the copy here only while it
/// admits: admission writes nothing the store keeps, and its `g_nonce` is
/// checked, not spent), waits its fault's
/// delay and reads its body, then is answered as [`serve`] answers, under the
/// session's locks, where its nonce is spent (refused when a write spent it
/// since, here or in another process). Found by an
/// adversarial pass: a `delay=` fault or a body the client withheld held the
/// session's lock for every process (3.8 s, 29.7 s), and a delay on a virtual
/// clock and the clock move that would end it waited for each other.
pub(crate) async fn serve_call(
    state: &AppState,
    durable: &Arc<Durable>,
    id: &str,
    now: i64,
    read: bool,
    head: RequestHead,
    body: Body,
) -> Reply {
    let (copy, admitted) = {
        let _held_here = durable.holders.of(id).lock_owned().await;
        let copy = match copy_of(state, durable, id, now).await {
            Ok(copy) => copy,
            Err(reply) => return reply,
        };
        // Behind the log, the copy may admit a `g_nonce` another process spent:
        // the answer step refuses it then (`spend_nonce`), so only a virtual
        // clock, which admission and the delay read, is caught up first.
        if copy.virtual_now().is_some() {
            if let Err(reply) = catch_up(state, durable, id, &copy, now).await {
                return reply;
            }
        }
        match copy.admit_unspent(&head, now) {
            Ok(admitted) => (copy, admitted),
            Err(reply) => return reply,
        }
    };
    delay(state, durable, id, &copy, admitted.delay_ms()).await;
    let body = if admitted.reads_body() { crate::body::read_body(&copy, body).await } else { Ok(Vec::new()) };
    // The copy that answers may be another, made again from the store meanwhile
    // (a commit failed, or the call's delay outlasted the session's idle time
    // here): it holds every write of the log, so it spends the nonce as well.
    serve(state, durable, id, now_millis(), read, |sim| async move {
        match sim.spend_nonce(&admitted, now_millis()) {
            Ok(()) => sim.answer(admitted, body, now_millis()),
            Err(refused) => refused,
        }
    })
    .await
}

/// This process's copy of session `id` ([`local`]); `Err`: the answer.
async fn copy_of(state: &AppState, durable: &Arc<Durable>, id: &str, now: i64) -> Result<Arc<Simulator>, Reply> {
    match local(state, durable, id, now).await {
        Ok(sim) => Ok(sim),
        Err(Missing::NotKept) => Err(licensing_sim_core::no_session(id)),
        Err(Missing::Failed(e)) => Err(unavailable("nothing was done", &e)),
    }
}

/// Catches `sim`, this process's copy of session `id`, up with the log
/// without the store's lock (every write answered before is in it); the
/// caller holds the session here. `Err`: the answer (the session is gone, the
/// store failed).
async fn catch_up(state: &AppState, durable: &Arc<Durable>, id: &str, sim: &Simulator, now: i64) -> Result<(), Reply> {
    let (store, key, after) = (Arc::clone(&durable.store), id.to_owned(), sim.applied());
    match on_store(move || store.catch_up(&key, after, now)).await {
        Ok(Some(news)) => apply(state, id, sim, &news),
        Ok(None) => Err(let_go(state, durable, id)),
        Err(e) => Err(unavailable("nothing was done", &e.0)),
    }
}

/// What other processes appended, applied to this copy.
fn apply(state: &AppState, id: &str, sim: &Simulator, news: &[(u64, Entry)]) -> Result<(), Reply> {
    for (number, entry) in news {
        if let Err(e) = sim.replay(entry) {
            forget_copy(state, id);
            return Err(unavailable("nothing was done", &format!("entry {number} of session {id:?}: {e}")));
        }
        sim.set_applied(*number);
    }
    Ok(())
}

/// A session the store no longer keeps (deleted by another process, or gone
/// idle there), let go here too: its answer.
fn let_go(state: &AppState, durable: &Durable, id: &str) -> Reply {
    state.sessions.delete(id);
    durable.holders.forget(id);
    licensing_sim_core::no_session(id)
}

/// A fault's delay on a shared session: real time, or its virtual clock's,
/// which another process may move: the copy catches up with the log each
/// `CATCH_UP_WHILE_WAITING` meanwhile. Ends early when the session is gone or
/// its copy was made again (the answer step says so).
async fn delay(state: &AppState, durable: &Arc<Durable>, id: &str, copy: &Arc<Simulator>, ms: u64) {
    if ms == 0 {
        return;
    }
    let Some(start) = copy.virtual_now() else {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        return;
    };
    let due = start.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX));
    while copy.virtual_now().is_some_and(|now| now < due) {
        tokio::time::sleep(CATCH_UP_WHILE_WAITING).await;
        let _held_here = durable.holders.of(id).lock_owned().await;
        let now = now_millis();
        match copy_of(state, durable, id, now).await {
            Ok(current) if Arc::ptr_eq(&current, copy) => {}
            _ => return,
        }
        if catch_up(state, durable, id, copy, now).await.is_err() {
            return;
        }
    }
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
    let sim = match copy_of(state, durable, id, now).await {
        Ok(sim) => sim,
        Err(reply) => return reply,
    };
    let held = if read {
        if let Err(reply) = catch_up(state, durable, id, &sim, now).await {
            return reply;
        }
        None
    } else {
        let (store, key, after) = (Arc::clone(&durable.store), id.to_owned(), sim.applied());
        match on_store(move || store.begin(&key, after, now)).await {
            Ok(Some(Begun { news, held })) => {
                if let Err(reply) = apply(state, id, &sim, &news) {
                    return reply;
                }
                Some(held)
            }
            Ok(None) => return let_go(state, durable, id),
            Err(e) => return unavailable("nothing was done", &e.0),
        }
    };
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
