//! One HTTP exchange through the simulator: the hyper request becomes a
//! [`RequestHead`], the simulator admits it, the shell waits a fault's delay
//! and reads the body within its bounds, the simulator answers, and the
//! [`Reply`] becomes a response (a stalling body stays open until the client
//! goes). Everything the service does is in `licensing-sim-core`.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use licensing_sim_core::{BodyEnd, Change, Reply, RequestHead, Simulator, Target};

use crate::body::{read_body, read_bounded};
use crate::durable::{unavailable, DEFAULT_ID};
use crate::reply::json_reply;
use crate::state::{now_millis, AppState};
use crate::store::Made;

/// The head of a request as the simulator reads it.
fn head_of(parts: &axum::http::request::Parts) -> RequestHead {
    let mut head = RequestHead::new(parts.method.as_str(), parts.uri.path(), parts.uri.query());
    head.headers = parts
        .headers
        .iter()
        // A value that is not text is kept as what it reads as (U+FFFD for each
        // byte that is not UTF-8), not dropped: a header that names a session
        // or a fault is then refused for its value, not taken as absent.
        .map(|(name, value)| (name.as_str().to_owned(), String::from_utf8_lossy(value.as_bytes()).into_owned()))
        .collect();
    head
}

/// Serves one request at a simulated path (an endpoint or a `/__sim` route),
/// in the session it names (the core's registry says which), or the
/// simulator's own when it names none. With a store, what the request did is
/// committed before its answer leaves (`durable.rs`).
pub(crate) async fn handle(State(state): State<AppState>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let mut head = head_of(&parts);
    let now = now_millis();
    state.expire_idle(now);
    if head.path == HEALTH_PATH {
        return respond(&state.own(), health(&state).await).await;
    }
    let id = match licensing_sim_core::target(&head) {
        Err(reply) => return respond(&state.own(), reply).await,
        Ok(Target::Registry) => return registry(&state, head, body, now).await,
        Ok(Target::Default) => String::from(DEFAULT_ID),
        Ok(Target::Session { id, path }) => {
            head.path = path;
            id
        }
    };
    if let Some(durable) = state.durable.clone().filter(|d| d.store.shared()) {
        // A GET changes no data (the endpoints that read, the state, the stats, traces).
        let read = head.method.eq_ignore_ascii_case("GET");
        let reply = if licensing_sim_core::is_endpoint_call(&head.method, &head.path) {
            crate::shared::serve_call(&state, &durable, &id, now, read, head, body).await
        } else {
            crate::shared::serve(&state, &durable, &id, now, read, |sim| answer(sim, head, body, now)).await
        };
        return respond(&state.simulator_of(&id, now).unwrap_or_else(|| state.own()), reply).await;
    }
    let Some(sim) = state.simulator_of(&id, now) else {
        return respond(&state.own(), licensing_sim_core::no_session(&id)).await;
    };
    // A simulator whose commit failed holds what its store does not: made
    // again from the store before it answers anything.
    let sim = match sim.commit_failed() {
        None => sim,
        Some(failed) => match state.remake(&id, &sim).await {
            Ok(sim) => sim,
            Err(e) => return respond(&sim, unavailable("nothing was done", &format!("{failed}; {e}"))).await,
        },
    };
    let reply = answer(Arc::clone(&sim), head, body, now).await;
    let reply = match &state.durable {
        None => reply,
        Some(durable) => {
            crate::crash::point("applied");
            match durable.commit(&id, &sim).await {
                Ok(()) => {
                    crate::crash::point("committed");
                    reply
                }
                Err(e) => {
                    // Made again now, so the next request finds what the store holds.
                    let _ = state.remake(&id, &sim).await;
                    unavailable("nothing of this request was kept", &e)
                }
            }
        }
    };
    respond(&sim, reply).await
}

/// The core's answer to one request: admitted (or refused), a fault's delay
/// waited, the body read within its bounds, then answered.
async fn answer(sim: Arc<Simulator>, head: RequestHead, body: Body, now: i64) -> Reply {
    match sim.admit(&head, now) {
        Ok(admitted) => {
            wait(&sim, admitted.delay_ms()).await;
            let body = if admitted.reads_body() { read_body(&sim, body).await } else { Ok(Vec::new()) };
            sim.answer(admitted, body, now_millis())
        }
        Err(reply) => reply,
    }
}

/// `GET /__sim/health`: whether the simulator can keep what it takes (no
/// token: a load balancer's probe asks it). 503 while its store fails.
pub(crate) const HEALTH_PATH: &str = "/__sim/health";

async fn health(state: &AppState) -> Reply {
    let sessions = state.sessions.len();
    let checked = match state.durable.clone() {
        None => Ok(()),
        Some(durable) => crate::durable::on_store(move || durable.store.health()).await,
    };
    match checked {
        Ok(()) => {
            json_reply(200, &serde_json::json!({ "ok": true, "store": state.store_kind(), "sessions": sessions }))
        }
        Err(e) => json_reply(
            503,
            &serde_json::json!({ "ok": false, "store": state.store_kind(), "sessions": sessions, "error": e.0 }),
        )
        .with_header("retry-after", crate::durable::RETRY_AFTER_SECS),
    }
}

/// The registry's routes (`/__sim/sessions…`): a session made or deleted is
/// kept so by the store before the answer leaves.
async fn registry(state: &AppState, head: RequestHead, body: Body, now: i64) -> Response {
    let own = state.own();
    let head = &head;
    if let Err(refused) = licensing_sim_core::Sessions::admitted(head, &state.options) {
        return respond(&own, refused).await;
    }
    let max = licensing_sim_core::Sessions::max_spec_bytes(&state.options);
    let body = match read_bounded(body, max, own.body_timeout_secs()).await {
        Ok(body) => body,
        Err(why) => return respond(&own, licensing_sim_core::Sessions::body_refused(why)).await,
    };
    // Processes sharing a store: the registry here is brought to the store's
    // before a list, and a session caught up before its snapshot; the
    // registry's requests one at a time here, to their answer.
    let shared = state.durable.clone().filter(|d| d.store.shared());
    let _registry = match &shared {
        Some(durable) => Some(durable.registry.lock().await),
        None => None,
    };
    if let Some(durable) = shared.clone() {
        let snapshot = head
            .method
            .eq_ignore_ascii_case("GET")
            .then(|| head.path.strip_prefix("/__sim/sessions/")?.strip_suffix("/state"))
            .flatten()
            .filter(|id| !id.is_empty() && !id.contains('/'));
        if let Some(id) = snapshot {
            let admin = |_| async {
                state.sessions.admin(head, &body, &state.options, now, [0; licensing_sim_core::SESSION_RANDOM_BYTES]).0
            };
            let reply = crate::shared::serve(state, &durable, id, now, true, admin).await;
            return respond(&own, reply).await;
        }
        // A list, and a session to make (its count is the store's: every
        // process's sessions count against --max-sessions, found by an
        // adversarial pass counting each process's alone).
        let makes = head.method.eq_ignore_ascii_case("POST") && head.path == "/__sim/sessions";
        if head.method.eq_ignore_ascii_case("GET") || makes {
            if let Err(e) = crate::shared::sync_registry(state, &durable, now).await {
                return respond(&own, unavailable("the list was not read", &e)).await;
            }
        }
        // A session to delete that another process made or served is made here
        // first (found by an adversarial pass: a process that had not served it
        // answered 404, and the session lived on).
        if let Some(id) = licensing_sim_core::deleted_session(head) {
            if let Err(crate::shared::Missing::Failed(e)) = crate::shared::local(state, &durable, id, now).await {
                return respond(&own, unavailable("nothing was done", &e)).await;
            }
        }
    }
    let (reply, change) = state.sessions.admin(head, &body, &state.options, now, crate::config::random_bytes());
    let (Some(durable), Some(change)) = (&state.durable, change) else { return respond(&own, reply).await };
    let reply = match change {
        Change::Created(created) => match durable.keep_created(&created, state.sessions.limits(), now).await {
            Ok(Made::Kept) => {
                crate::crash::point("created");
                reply
            }
            // Another process's sessions, made at the same moment, took the room.
            Ok(refused) => {
                state.sessions.delete(&created.id);
                match refused {
                    Made::TooFast => state.sessions.too_fast(),
                    Made::TooMany | Made::Kept => state.sessions.too_many(),
                }
            }
            Err(e) => {
                state.sessions.delete(&created.id);
                unavailable("the session was not made", &e.0)
            }
        },
        Change::Deleted(id) => match durable.forget(vec![id.clone()]).await {
            Ok(()) => {
                durable.holders.forget(&id);
                reply
            }
            Err(e) => unavailable("the session is gone until a restart, which finds it again", &e.0),
        },
        _ => reply,
    };
    respond(&own, reply).await
}

/// How often a wait on a virtual clock looks at it again.
const VIRTUAL_CLOCK_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// Waits `ms` of the simulator's time: real time, or under a virtual clock
/// (`--clock virtual`) until `POST /__sim/clock` has moved it `ms` on.
async fn wait(sim: &Simulator, ms: u64) {
    if ms == 0 {
        return;
    }
    let Some(start) = sim.virtual_now() else {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        return;
    };
    let due = start.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX));
    while sim.virtual_now().is_some_and(|now| now < due) {
        tokio::time::sleep(VIRTUAL_CLOCK_POLL).await;
    }
}

/// The reply as a response, after its delay (on the simulator's clock).
async fn respond(sim: &Simulator, reply: Reply) -> Response {
    wait(sim, reply.delay_ms).await;
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = match reply.end {
        BodyEnd::Stalls => {
            let first = futures_util::stream::once(std::future::ready(Ok::<_, std::convert::Infallible>(Bytes::from(
                reply.body,
            ))));
            Body::from_stream(futures_util::StreamExt::chain(first, futures_util::stream::pending()))
        }
        // No answer: a body that fails at once makes hyper drop the connection,
        // so the client's read of the answer fails as on a proxy's reset.
        BodyEnd::Reset => Body::from_stream(futures_util::stream::once(std::future::ready(Err::<Bytes, _>(
            std::io::Error::new(std::io::ErrorKind::ConnectionReset, "x-sim-fault: reset"),
        )))),
        _ => Body::from(reply.body),
    };
    let mut response = (status, body).into_response();
    for (name, value) in reply.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            response.headers_mut().insert(HeaderName::from_static(name), value);
        }
    }
    response
}
