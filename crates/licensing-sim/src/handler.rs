//! One handler for the ten endpoints: auth, nonce, faults, input, validation
//! with the core's validators, then the store.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::extract::{FromRequestParts, Path, Query, Request};
use axum::http::{header, request::Parts, StatusCode};
use axum::response::{IntoResponse, Response};
use licensing_core::model::{result_code, BusinessCode, DefaultCustomer, Partition};
use licensing_core::validate::{validate_json, Options};
use licensing_core::wire::{Endpoint, Method, Module, NONCE_PARAM};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::auth::Denied;
use crate::fault::{Fault, FAULT_HEADER};
use crate::nonce::NonceError;
use crate::respond;
use crate::state::{lock, AppState};
use crate::time::now_millis;

/// A refusal before processing, in the module's own envelope.
fn refuse(endpoint: Endpoint, message: String) -> Response {
    match endpoint.module() {
        Module::Order => respond::invalid(message),
        Module::Activity => respond::activity_code(result_code::PARAMETER_ERROR, message),
    }
}

/// Header naming a trace: the requests carrying it are kept for `GET /__sim/trace/{id}`.
pub(crate) const TRACE_HEADER: &str = "x-sim-trace";

/// Keeps an authenticated request under its `x-sim-trace` id: what the client
/// sent, the bearer token redacted (its scopes and length say which one it was).
fn record_trace(state: &AppState, endpoint: Endpoint, parts: &Parts) {
    let Some(id) = parts.headers.get(TRACE_HEADER).and_then(|v| v.to_str().ok()) else { return };
    let header =
        |name: header::HeaderName| parts.headers.get(name).and_then(|v| v.to_str().ok()).map(crate::trace::cut);
    let token = crate::auth::bearer(&parts.headers);
    let entry = serde_json::json!({
        "endpoint": endpoint.name(),
        "method": parts.method.as_str(),
        "path": crate::trace::cut(parts.uri.path()),
        "query": parts.uri.query().map(crate::trace::cut),
        "authorization": token.map(|_| "Bearer [redacted]"),
        "tokenScopes": token.map(|t| state.tokens.scopes(t)),
        "tokenLength": token.map(str::len),
        "contentType": header(header::CONTENT_TYPE),
    });
    lock(&state.traces).record(id, entry);
}

/// Longest `g_nonce` accepted: the spec shows no format; a bound keeps the
/// replay window's memory bounded by count and by bytes.
pub(crate) const MAX_NONCE_CHARS: usize = 128;

/// The query as a map; `Err` when a parameter is given twice (which value a
/// server keeps is not defined: the simulator refuses rather than guess).
fn query_of(parts: &Parts) -> Result<HashMap<String, String>, String> {
    let pairs: Vec<(String, String)> = Query::try_from_uri(&parts.uri).map(|Query(q)| q).unwrap_or_default();
    let mut query = HashMap::with_capacity(pairs.len());
    for (name, value) in pairs {
        if query.contains_key(&name) {
            return Err(format!("query parameter {} is given more than once", crate::trace::cut(&name)));
        }
        query.insert(name, value);
    }
    Ok(query)
}

pub(crate) async fn handle(state: AppState, endpoint: Endpoint, req: Request) -> Response {
    let (mut parts, body) = req.into_parts();
    match state.tokens.check(&parts.headers, endpoint.module()) {
        Ok(()) => {}
        Err(Denied::Unauthenticated) => {
            return respond::denied(StatusCode::UNAUTHORIZED, "missing or unknown bearer token")
        }
        Err(Denied::MissingScope) => {
            return respond::denied(
                StatusCode::FORBIDDEN,
                &format!("the token lacks scope {}", endpoint.module().scope()),
            )
        }
    }
    record_trace(&state, endpoint, &parts);
    let query = match query_of(&parts) {
        Ok(query) => query,
        Err(message) => return refuse(endpoint, message),
    };
    let nonce = query.get(NONCE_PARAM).map(String::as_str);
    if nonce.is_some_and(|n| n.chars().count() > MAX_NONCE_CHARS) {
        return refuse(endpoint, format!("{NONCE_PARAM} is longer than {MAX_NONCE_CHARS} characters"));
    }
    match lock(&state.nonces).accept(nonce, Instant::now()) {
        Ok(()) => {}
        Err(NonceError::Missing) => return refuse(endpoint, format!("{NONCE_PARAM} is required on every call")),
        Err(NonceError::Replayed) => {
            return refuse(endpoint, format!("{NONCE_PARAM} was already used (replay refused)"))
        }
    }
    if let Some(response) = fault(&state, &parts).await {
        return response;
    }
    let input = match endpoint.method() {
        Method::Get => query_input(endpoint, &mut parts, &state, &query).await,
        Method::Post => body_input(&state, &parts, body).await,
    };
    let text = match input {
        Ok(text) => text,
        Err(message) => return refuse(endpoint, message),
    };
    // The text itself, as the SDK's validators read it (a repeated key is
    // visible only there), under the simulator's rules profile.
    let report = validate_json(endpoint, &text, &Options::default().with_rules(state.rules));
    if let Some(first) = report.first_error_line() {
        return refuse(endpoint, first);
    }
    match serde_json::from_str(&text) {
        Ok(input) => process(&state, endpoint, input, &query),
        // Only what the profile lets through unchecked gets here (objects nested
        // past the validator's depth, under `--rules spec`).
        Err(e) => refuse(endpoint, format!("(body): cannot be processed: {e}")),
    }
}

/// Applies the `x-sim-fault` header, if any.
async fn fault(state: &AppState, parts: &Parts) -> Option<Response> {
    let header = parts.headers.get(FAULT_HEADER)?;
    let fault = match header.to_str().map_err(|e| e.to_string()).and_then(Fault::parse) {
        Ok(f) => f,
        Err(e) => return Some(respond::invalid(format!("{FAULT_HEADER}: {e}"))),
    };
    match fault.applies(&mut lock(&state.fault_counters)) {
        Ok(true) => {}
        Ok(false) => return None,
        Err(e) => return Some(respond::invalid(format!("{FAULT_HEADER}: {e}"))),
    }
    if fault.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(fault.delay_ms)).await;
    }
    if let Some(status) = fault.http_status.and_then(|s| StatusCode::from_u16(s).ok()) {
        return Some((status, "simulated HTTP status\n").into_response());
    }
    if fault.code500 {
        return Some(respond::business_error(
            BusinessCode::RETRY,
            "network exception, retry",
            "simulated by x-sim-fault",
        ));
    }
    if fault.stall_body {
        return Some(respond::stalled_body());
    }
    if fault.non_json {
        return Some(
            (StatusCode::OK, [(header::CONTENT_TYPE, "text/html")], "<html>gateway says hello</html>").into_response(),
        );
    }
    None
}

/// The object a GET endpoint validates (its path parameter and query fields, as
/// the endpoint's definition lists them), as JSON text.
async fn query_input(
    endpoint: Endpoint,
    parts: &mut Parts,
    state: &AppState,
    query: &HashMap<String, String>,
) -> Result<String, String> {
    let def = endpoint.def();
    let mut object = Map::new();
    if let Some(param) = def.path_param {
        let Path(value) = Path::<String>::from_request_parts(parts, state).await.map_err(|e| e.body_text())?;
        object.insert(param.into(), Value::from(value));
    }
    for name in def.query {
        if let Some(v) = query.get(*name) {
            object.insert((*name).into(), Value::from(v.as_str()));
        }
    }
    Ok(Value::Object(object).to_string())
}

/// Whether a `Content-Type` is JSON: the media type `application/json`
/// (any case), parameters such as `charset` allowed.
fn is_json_media_type(content_type: &str) -> bool {
    let media_type = content_type.split(';').next().unwrap_or_default();
    media_type.trim().eq_ignore_ascii_case("application/json")
}

/// A POST body: JSON content type, within the size limit, UTF-8 text (whether it
/// is JSON is the validator's to say).
async fn body_input(state: &AppState, parts: &Parts, body: axum::body::Body) -> Result<String, String> {
    let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !is_json_media_type(content_type) {
        return Err(format!("Content-Type must be application/json, not {content_type:?}"));
    }
    let read = axum::body::to_bytes(body, state.max_body_bytes);
    let bytes = tokio::time::timeout(state.body_timeout, read)
        .await
        .map_err(|_| format!("the body was not sent within {} s", state.body_timeout.as_secs()))?
        .map_err(|_| format!("the body exceeds {} bytes", state.max_body_bytes))?;
    String::from_utf8(bytes.to_vec()).map_err(|_| String::from("(body): not UTF-8 text"))
}

fn typed<T: DeserializeOwned>(input: Value) -> Result<T, Response> {
    serde_json::from_value(input).map_err(|e| respond::invalid(format!("(body): {e}")))
}

fn process(state: &AppState, endpoint: Endpoint, input: Value, query: &HashMap<String, String>) -> Response {
    let now = now_millis();
    let result = (|| -> Result<Response, Response> {
        Ok(match endpoint {
            Endpoint::BindEnterprise => respond::order_ok(Some(lock(&state.store).bind(typed(input)?))),
            Endpoint::CreateEnterprise => respond::order_ok(Some(lock(&state.store).create(typed(input)?))),
            Endpoint::QueryEnterprises => {
                let q: licensing_core::model::QueryEnterprisesRequest = typed(input)?;
                let list = lock(&state.store).query(
                    q.channel_code.as_deref().unwrap_or_default(),
                    q.channel_customer_id.as_deref().unwrap_or_default(),
                    q.default_customer.unwrap_or(DefaultCustomer::No),
                );
                respond::order_ok(Some(list))
            }
            Endpoint::UpdateEnterprise => {
                let req: licensing_core::model::EnterpriseCustomerRequest = typed(input)?;
                let crm = req.crm_customer_id.clone().unwrap_or_default();
                if lock(&state.store).update(req) {
                    respond::order_ok::<()>(None)
                } else {
                    respond::invalid(format!("/crmCustomerId: no enterprise customer for CRM customer {crm:?}"))
                }
            }
            Endpoint::BatchOrder => {
                if query.get("appKey").is_none_or(|k| k.trim().is_empty()) {
                    return Err(respond::invalid("appKey is required (query parameter)"));
                }
                match lock(&state.store).batch_order(typed(input)?, now, state.batch_limits) {
                    Ok(results) => respond::order_ok(Some(results)),
                    Err(e) => respond::invalid(e.0),
                }
            }
            Endpoint::LockAssets | Endpoint::UnlockAssets => {
                let req: licensing_core::model::LockRequest = typed(input)?;
                let numbers = req.asset_nums.unwrap_or_default();
                let locked = endpoint == Endpoint::LockAssets;
                respond::order_ok(Some(lock(&state.store).set_locked(&numbers, locked, now)))
            }
            Endpoint::ListAssets => {
                let req: licensing_core::model::ListAssetsRequest = typed(input)?;
                let id = req.enterprise_global_id.unwrap_or_default();
                respond::order_ok(Some(lock(&state.store).list_assets(&id, req.extend_code.as_deref())))
            }
            Endpoint::ShellNums => {
                let req: licensing_core::model::ShellNumsRequest = typed(input)?;
                let size = u64::try_from(req.size.unwrap_or(0)).unwrap_or(0);
                if size > state.max_shellnums {
                    return Err(respond::invalid(format!(
                        "/size: at most {} asset numbers per call",
                        state.max_shellnums
                    )));
                }
                let partition = match query.get("partition").map(String::as_str) {
                    None | Some("domestic" | "8") => Partition::Domestic,
                    Some("singapore" | "6") => Partition::Singapore,
                    Some(other) => return Err(respond::invalid(format!("partition {other:?}: domestic or singapore"))),
                };
                match lock(&state.store).shell_nums(size, partition) {
                    Some(numbers) => respond::order_ok(Some(numbers)),
                    None => respond::invalid("the asset number sequence is exhausted"),
                }
            }
            Endpoint::JoinActivity => {
                let req: licensing_core::model::ActivityRequest = typed(input)?;
                let mut store = lock(&state.store);
                respond::activity(&crate::activity::claim(&state.catalogue, &mut store, &req, now))
            }
            // An endpoint the core knows and this simulator does not simulate yet.
            other => respond::invalid(format!("{}: not simulated", other.name())),
        })
    })();
    result.unwrap_or_else(|refusal| refusal)
}
