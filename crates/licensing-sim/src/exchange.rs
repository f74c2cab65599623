//! One HTTP exchange through the simulator: the hyper request becomes a
//! [`RequestHead`], the simulator admits it, the shell waits a fault's delay
//! and reads the body within its bounds, the simulator answers, and the
//! [`Reply`] becomes a response (a stalling body stays open until the client
//! goes). Everything the service does is in `licensing-sim-core`.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use licensing_sim_core::{BodyEnd, BodyError, Reply, RequestHead, Simulator, Target};

use crate::state::AppState;

/// Milliseconds since the Unix epoch: the simulator's clock.
pub(crate) fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The head of a request as the simulator reads it; header values that are
/// not text are left out (no rule of the service reads one).
fn head_of(parts: &axum::http::request::Parts) -> RequestHead {
    let mut head = RequestHead::new(parts.method.as_str(), parts.uri.path(), parts.uri.query());
    head.headers = parts
        .headers
        .iter()
        .filter_map(|(name, value)| Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned())))
        .collect();
    head
}

/// Serves one request at a simulated path (an endpoint or a `/__sim` route),
/// in the session it names (the core's registry says which), or the
/// simulator's own when it names none.
pub(crate) async fn handle(State(state): State<AppState>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let mut head = head_of(&parts);
    let now = now_millis();
    state.expire_idle(now);
    let sim = match licensing_sim_core::target(&head) {
        Err(reply) => return respond(&state.sim, reply).await,
        Ok(Target::Registry) => {
            // A session's spec may hold a state: read within the state bound.
            let body =
                read_bounded(body, state.options.max_state_bytes.saturating_add(4096), state.sim.body_timeout_secs())
                    .await;
            let Ok(body) = body else { return respond(&state.sim, too_large()).await };
            let (reply, _) = state.sessions.admin(&head, &body, &state.options, now, crate::config::random_bytes());
            return respond(&state.sim, reply).await;
        }
        Ok(Target::Default) => Arc::clone(&state.sim),
        Ok(Target::Session { id, path }) => match state.sessions.get(&id, now) {
            Some(sim) => {
                head.path = path;
                sim
            }
            None => return respond(&state.sim, licensing_sim_core::no_session(&id)).await,
        },
    };
    let admitted = match sim.admit(&head, now) {
        Ok(admitted) => admitted,
        Err(reply) => return respond(&sim, reply).await,
    };
    wait(&sim, admitted.delay_ms()).await;
    let body = if admitted.reads_body() { read_body(&sim, body).await } else { Ok(Vec::new()) };
    let reply = sim.answer(admitted, body, now_millis());
    respond(&sim, reply).await
}

fn too_large() -> Reply {
    json_reply(
        413,
        &serde_json::json!({ "error": "the body is larger than a session's spec may be (--max-state-bytes)" }),
    )
}

fn json_reply(status: u16, body: &serde_json::Value) -> Reply {
    Reply {
        status,
        headers: vec![("content-type", String::from("application/json"))],
        body: body.to_string().into_bytes(),
        end: BodyEnd::Complete,
        delay_ms: 0,
    }
}

/// How often a wait on a manual clock looks at it again.
const MANUAL_CLOCK_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// Waits `ms` of the simulator's time: real time, or under a manual clock
/// (`--clock manual`) until `POST /__sim/clock` has moved it `ms` on.
async fn wait(sim: &Simulator, ms: u64) {
    if ms == 0 {
        return;
    }
    let Some(start) = sim.manual_now() else {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        return;
    };
    let due = start.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX));
    while sim.manual_now().is_some_and(|now| now < due) {
        tokio::time::sleep(MANUAL_CLOCK_POLL).await;
    }
}

/// A POST body: at most the simulator's limit, within the body timeout.
async fn read_body(sim: &Simulator, body: Body) -> Result<Vec<u8>, BodyError> {
    read_bounded(body, sim.max_body_bytes(), sim.body_timeout_secs()).await
}

async fn read_bounded(body: Body, max_bytes: usize, secs: u64) -> Result<Vec<u8>, BodyError> {
    let read = axum::body::to_bytes(body, max_bytes);
    match tokio::time::timeout(std::time::Duration::from_secs(secs), read).await {
        Err(_) => Err(BodyError::TimedOut { secs }),
        Ok(Err(_)) => Err(BodyError::TooLarge),
        Ok(Ok(bytes)) => Ok(bytes.to_vec()),
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
