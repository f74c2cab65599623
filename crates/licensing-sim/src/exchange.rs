//! One HTTP exchange through the simulator: the hyper request becomes a
//! [`RequestHead`], the simulator admits it, the shell waits a fault's delay
//! and reads the body within its bounds, the simulator answers, and the
//! [`Reply`] becomes a response (a stalling body stays open until the client
//! goes). Everything the service does is in `licensing-sim-core`.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use licensing_sim_core::{BodyEnd, BodyError, Reply, RequestHead};

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

/// Serves one request at a simulated path (an endpoint or a `/__sim` route).
pub(crate) async fn handle(State(state): State<AppState>, req: Request) -> Response {
    let (parts, body) = req.into_parts();
    let head = head_of(&parts);
    let admitted = match state.sim.admit(&head, now_millis()) {
        Ok(admitted) => admitted,
        Err(reply) => return respond(&state, reply).await,
    };
    wait(&state, admitted.delay_ms()).await;
    let body = if admitted.reads_body() { read_body(&state, body).await } else { Ok(Vec::new()) };
    respond(&state, state.sim.answer(admitted, body, now_millis())).await
}

/// How often a wait on a manual clock looks at it again.
const MANUAL_CLOCK_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// Waits `ms` of the simulator's time: real time, or under a manual clock
/// (`--clock manual`) until `POST /__sim/clock` has moved it `ms` on.
async fn wait(state: &AppState, ms: u64) {
    if ms == 0 {
        return;
    }
    let Some(start) = state.sim.manual_now() else {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        return;
    };
    let due = start.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX));
    while state.sim.manual_now().is_some_and(|now| now < due) {
        tokio::time::sleep(MANUAL_CLOCK_POLL).await;
    }
}

/// A POST body: at most the simulator's limit, within the body timeout.
async fn read_body(state: &AppState, body: Body) -> Result<Vec<u8>, BodyError> {
    let read = axum::body::to_bytes(body, state.sim.max_body_bytes());
    let secs = state.sim.body_timeout_secs();
    match tokio::time::timeout(std::time::Duration::from_secs(secs), read).await {
        Err(_) => Err(BodyError::TimedOut { secs }),
        Ok(Err(_)) => Err(BodyError::TooLarge),
        Ok(Ok(bytes)) => Ok(bytes.to_vec()),
    }
}

/// The reply as a response, after its delay (on the simulator's clock).
async fn respond(state: &AppState, reply: Reply) -> Response {
    wait(state, reply.delay_ms).await;
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
