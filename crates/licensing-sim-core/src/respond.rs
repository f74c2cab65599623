//! The service's envelopes, built from the core's types.

use licensing_core::model::{ActivityResponse, BusinessCode, OrderEnvelope};
use licensing_core::wire::HTTP_BUSINESS_ERROR;
use serde::Serialize;

use crate::exchange::{BodyEnd, Reply};

const JSON: &str = "application/json";

pub(crate) fn json<T: Serialize>(status: u16, body: &T) -> Reply {
    match serde_json::to_vec(body) {
        Ok(bytes) => Reply::new(status, Some(JSON), bytes),
        // Serializing the core's own types does not fail; should it, a bare 500.
        Err(_) => Reply::new(500, None, Vec::new()),
    }
}

/// HTTP 200 `{code: 0, message: "success", data}`.
pub(crate) fn order_ok<T: Serialize>(data: Option<T>) -> Reply {
    let body = OrderEnvelope { code: BusinessCode::from("0"), message: Some("success".into()), data, cause: None };
    json(200, &body)
}

/// HTTP 299 `{code, message, cause}`.
pub(crate) fn business_error(code: &str, message: impl Into<String>, cause: impl Into<String>) -> Reply {
    let body: OrderEnvelope<()> = OrderEnvelope {
        code: BusinessCode::from(code),
        message: Some(message.into()),
        data: None,
        cause: Some(cause.into()),
    };
    json(HTTP_BUSINESS_ERROR, &body)
}

/// Parameter validation failure (13004).
pub(crate) fn invalid(message: impl Into<String>) -> Reply {
    business_error(BusinessCode::VALIDATION, message, "parameter validation failure")
}

/// Activity module envelope: always HTTP 200.
pub(crate) fn activity(body: &ActivityResponse) -> Reply {
    json(200, body)
}

/// An activity refusal with only a code and a message.
pub(crate) fn activity_code(code: &str, message: impl Into<String>) -> Reply {
    activity(&ActivityResponse { result_code: code.into(), result_message: Some(message.into()), ..Default::default() })
}

/// HTTP 401 / 403 bodies (the spec shows none; a small JSON object).
pub(crate) fn denied(status: u16, message: &str) -> Reply {
    json(status, &serde_json::json!({ "code": status.to_string(), "message": message }))
}

/// A status with a short text body (`x-sim-fault: http=STATUS`).
pub(crate) fn status_text(status: u16) -> Reply {
    Reply::new(status, Some("text/plain; charset=utf-8"), b"simulated HTTP status\n".to_vec())
}

/// HTTP 200 with a body that is not JSON (`x-sim-fault: non-json`).
pub(crate) fn non_json() -> Reply {
    Reply::new(200, Some("text/html"), b"<html>gateway says hello</html>".to_vec())
}

/// HTTP 200 with the start of a JSON body that never ends (`x-sim-fault:
/// stall-body`): for client timeouts and aborts mid-body.
pub(crate) fn stalled_body() -> Reply {
    Reply { end: BodyEnd::Stalls, ..Reply::new(200, Some(JSON), b"{\"code\":0,\"data\":[".to_vec()) }
}

/// No answer at all: the connection is cut (`x-sim-fault: reset`).
pub(crate) fn reset() -> Reply {
    Reply { end: BodyEnd::Reset, ..Reply::new(200, None, Vec::new()) }
}

/// "Network exception, retry" in the module's own envelope: the order
/// module's HTTP 299 code 500; the activity module, which answers HTTP 200 in
/// all cases and has no code 500, says 1002 (processing exception).
pub(crate) fn retry_exception(module: licensing_core::wire::Module, cause: &str) -> Reply {
    match module {
        licensing_core::wire::Module::Order => business_error(BusinessCode::RETRY, "network exception, retry", cause),
        licensing_core::wire::Module::Activity => activity_code(
            licensing_core::model::result_code::PROCESSING_EXCEPTION,
            format!("processing exception ({cause})"),
        ),
    }
}

/// No route at this path: 404, empty body.
pub(crate) fn not_found() -> Reply {
    Reply::new(404, None, Vec::new())
}

/// A route without this method: 405 with the method it has.
pub(crate) fn method_not_allowed(allowed: &'static str) -> Reply {
    Reply { headers: vec![("allow", allowed.to_owned())], ..Reply::new(405, None, Vec::new()) }
}
