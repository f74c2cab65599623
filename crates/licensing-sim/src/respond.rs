//! The service's envelopes, built from the core's types.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use licensing_core::model::{ActivityResponse, BusinessCode, OrderEnvelope};
use licensing_core::wire::HTTP_BUSINESS_ERROR;
use serde::Serialize;

fn json_response<T: Serialize>(status: StatusCode, body: &T) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => (status, [(header::CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// HTTP 200 `{code: 0, message: "success", data}`.
pub(crate) fn order_ok<T: Serialize>(data: Option<T>) -> Response {
    let body = OrderEnvelope { code: BusinessCode::from("0"), message: Some("success".into()), data, cause: None };
    json_response(StatusCode::OK, &body)
}

/// HTTP 299 `{code, message, cause}`.
pub(crate) fn business_error(code: &str, message: impl Into<String>, cause: impl Into<String>) -> Response {
    let body: OrderEnvelope<()> = OrderEnvelope {
        code: BusinessCode::from(code),
        message: Some(message.into()),
        data: None,
        cause: Some(cause.into()),
    };
    let status = StatusCode::from_u16(HTTP_BUSINESS_ERROR).unwrap_or(StatusCode::OK);
    json_response(status, &body)
}

/// Parameter validation failure (13004).
pub(crate) fn invalid(message: impl Into<String>) -> Response {
    business_error(BusinessCode::VALIDATION, message, "parameter validation failure")
}

/// Activity module envelope: always HTTP 200.
pub(crate) fn activity(body: &ActivityResponse) -> Response {
    json_response(StatusCode::OK, body)
}

/// An activity refusal with only a code and a message.
pub(crate) fn activity_code(code: &str, message: impl Into<String>) -> Response {
    activity(&ActivityResponse { result_code: code.into(), result_message: Some(message.into()), ..Default::default() })
}

/// HTTP 401 / 403 bodies (the spec shows none; a small JSON object).
pub(crate) fn denied(status: StatusCode, message: &str) -> Response {
    json_response(status, &serde_json::json!({ "code": status.as_u16().to_string(), "message": message }))
}

/// HTTP 200 with the start of a JSON body that never ends (`x-sim-fault:
/// stall-body`): for client timeouts and aborts mid-body. The server's own
/// bounds still apply (the connection ends when the client goes).
pub(crate) fn stalled_body() -> Response {
    let first = futures_util::stream::once(async {
        Ok::<_, std::convert::Infallible>(axum::body::Bytes::from_static(b"{\"code\":0,\"data\":["))
    });
    let never = futures_util::stream::pending();
    let body = axum::body::Body::from_stream(futures_util::StreamExt::chain(first, never));
    (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
