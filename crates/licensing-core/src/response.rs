//! Reading the service's answers: HTTP status + body → data or a typed failure,
//! and which failures may be retried. Shared by the Rust client and the wasm
//! bindings; pure, so it is tested natively.
//!
//! ```
//! use licensing_core::response::{decode_order, ErrorKind};
//! use licensing_core::model::BatchOrderResult;
//! let ok = decode_order::<Vec<BatchOrderResult>>(200, r#"{"code":0,"message":"ok","data":[]}"#);
//! assert_eq!(ok, Ok(Some(vec![])));
//! let err = decode_order::<()>(299, r#"{"code":"13004","message":"bad","cause":"x"}"#);
//! assert_eq!(err.as_ref().map_err(|e| e.kind), Err(ErrorKind::Business));
//! assert_eq!(err.err().and_then(|e| e.code).as_deref(), Some("13004"));
//! ```
//!
//! Generic fetch clients get this service wrong: fetch treats HTTP 299 as
//! success, and the activity module answers 200 when it refuses.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::model::{result_code, ActivityDetail, ActivityRejection, BusinessCode, OrderEnvelope};
use crate::validate::Issue;
use crate::wire::{Endpoint, HTTP_BUSINESS_ERROR};

/// What went wrong with a call. The wire names (`as_str`) are the JS `kind`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The request did not pass validation; nothing was sent.
    Validation,
    /// Order module: HTTP 299, or HTTP 200 with a non-zero `code`.
    Business,
    /// Activity module: a `resultCode` other than `0000`.
    Activity,
    /// Any other HTTP status.
    Http,
    /// The request could not be sent or the response not read.
    Network,
    /// An attempt took longer than its timeout.
    Timeout,
    /// The caller's AbortSignal fired.
    Aborted,
    /// The body is not the expected JSON.
    Decode,
}

impl ErrorKind {
    /// `validation`, `business`, `activity`, `http`, `network`, `timeout`, `aborted`, `decode`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Validation => "validation",
            Self::Business => "business",
            Self::Activity => "activity",
            Self::Http => "http",
            Self::Network => "network",
            Self::Timeout => "timeout",
            Self::Aborted => "aborted",
            Self::Decode => "decode",
        }
    }
}

/// A failed call: the kind and what the service or the runtime said. Never holds
/// the bearer token.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientError {
    pub kind: ErrorKind,
    pub message: String,
    /// Business code or activity `resultCode`, as a string.
    pub code: Option<String>,
    /// The order module's `cause`.
    pub cause: Option<String>,
    /// HTTP status, when a response arrived.
    pub status: Option<u16>,
    /// Validation issues (kind `validation`).
    pub issues: Vec<Issue>,
    /// `activityDtoList` of a 3002 refusal.
    pub activities: Option<Vec<ActivityRejection>>,
}

impl ClientError {
    /// A failure of a kind with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self { kind, message: message.into(), code: None, cause: None, status: None, issues: Vec::new(), activities: None }
    }

    fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }

    /// Whether the service asked for a retry (order code 500, "network exception, retry").
    pub fn is_retry_code(&self) -> bool {
        self.kind == ErrorKind::Business && self.code.as_deref() == Some(BusinessCode::RETRY)
    }

    /// Whether this failure may be retried for this endpoint: always on code 500;
    /// on network failures, timeouts and HTTP 502/503/504 only for calls that are
    /// safe to repeat (an ambiguous failure of a creating call is never retried
    /// blindly: it might have created once already).
    pub fn is_retryable(&self, endpoint: Endpoint) -> bool {
        if self.is_retry_code() {
            return true;
        }
        let ambiguous = match self.kind {
            ErrorKind::Network | ErrorKind::Timeout => true,
            ErrorKind::Http => matches!(self.status, Some(502..=504)),
            _ => false,
        };
        ambiguous && endpoint.is_idempotent()
    }
}

impl core::fmt::Display for ClientError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.message)
    }
}

impl std::error::Error for ClientError {}

fn decode_error(status: u16, what: &str, err: &serde_json::Error) -> ClientError {
    ClientError::new(ErrorKind::Decode, format!("HTTP {status}: the body is not {what}: {err}")).with_status(status)
}

fn business(status: u16, envelope: OrderEnvelope<RawData>) -> ClientError {
    let code = envelope.code.to_string();
    let message = envelope.message.unwrap_or_default();
    let mut err = ClientError::new(
        ErrorKind::Business,
        if message.is_empty() { format!("business error {code}") } else { message },
    )
    .with_status(status);
    err.code = Some(code);
    err.cause = envelope.cause;
    err
}

/// The payload of a successful answer as a JSON value: `data` of the order module,
/// `detail` of the activity module. (Not serde_json's `RawValue`: its feature
/// costs 13 KB gzip in every wasm build, validators included.)
pub type RawData = Value;

/// Checks that data is exactly of the response type `T` (unknown extra fields
/// tolerated), without keeping the typed value; reads the value in place.
pub fn check<T: DeserializeOwned>(data: &Value) -> Result<(), String> {
    T::deserialize(data).map(drop).map_err(|e| e.to_string())
}

/// An order-module response: `Ok(data)` on HTTP 200 with code 0, `None` when
/// the endpoint returns no data; else the failure.
pub fn decode_order_raw(status: u16, body: &str) -> Result<Option<RawData>, ClientError> {
    if status != 200 && status != HTTP_BUSINESS_ERROR {
        return Err(ClientError::new(ErrorKind::Http, format!("HTTP {status}")).with_status(status));
    }
    let envelope: OrderEnvelope<RawData> =
        serde_json::from_str(body).map_err(|e| decode_error(status, "an order-module envelope", &e))?;
    if status == HTTP_BUSINESS_ERROR || !envelope.code.is_success() {
        return Err(business(status, envelope));
    }
    Ok(envelope.data.filter(|d| !d.is_null()))
}

/// An order-module response decoded into `T` (see [`decode_order_raw`]).
pub fn decode_order<T: DeserializeOwned>(status: u16, body: &str) -> Result<Option<T>, ClientError> {
    decode_order_raw(status, body)?
        .map(|data| T::deserialize(data).map_err(|e| decode_error(status, "the expected data", &e)))
        .transpose()
}

/// The activity envelope with `detail` kept as a value.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ActivityEnvelope {
    result_code: String,
    result_message: Option<String>,
    detail: Option<RawData>,
    activity_dto_list: Option<Vec<ActivityRejection>>,
}

/// An activity-module response: `Ok(detail)` (`{}` when absent) on
/// `resultCode` 0000, else the failure.
pub fn decode_activity_raw(status: u16, body: &str) -> Result<RawData, ClientError> {
    if status == HTTP_BUSINESS_ERROR {
        let envelope: OrderEnvelope<RawData> =
            serde_json::from_str(body).map_err(|e| decode_error(status, "a business error envelope", &e))?;
        return Err(business(status, envelope));
    }
    if status != 200 {
        return Err(ClientError::new(ErrorKind::Http, format!("HTTP {status}")).with_status(status));
    }
    let response: ActivityEnvelope =
        serde_json::from_str(body).map_err(|e| decode_error(status, "an activity envelope", &e))?;
    if response.result_code == result_code::SUCCESS {
        return Ok(response.detail.filter(|d| !d.is_null()).unwrap_or_else(|| Value::Object(Default::default())));
    }
    let message = response.result_message.unwrap_or_else(|| format!("activity refused: {}", response.result_code));
    let mut err = ClientError::new(ErrorKind::Activity, message).with_status(status);
    err.code = Some(response.result_code);
    err.activities = response.activity_dto_list;
    Err(err)
}

/// An activity-module response decoded into its detail (see [`decode_activity_raw`]).
pub fn decode_activity(status: u16, body: &str) -> Result<ActivityDetail, ClientError> {
    let detail = decode_activity_raw(status, body)?;
    ActivityDetail::deserialize(detail).map_err(|e| decode_error(status, "an activity detail", &e))
}

/// Backoff before retry `attempt` (1-based): exponential from `base_ms`, capped at
/// 10 s, with full jitter from `random` in [0, 1).
pub fn backoff_ms(attempt: u32, base_ms: u32, random: f64) -> u32 {
    let ceiling = u64::from(base_ms).saturating_mul(1u64 << attempt.min(16)).min(10_000);
    let jitter = random.clamp(0.0, 1.0);
    // Half fixed, half random: never zero, never a thundering herd.
    (ceiling as f64 * (0.5 + 0.5 * jitter)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BatchOrderResult;

    #[test]
    fn order_envelopes() {
        let ok = decode_order::<Vec<String>>(200, r#"{"code":0,"message":"success","data":["8000000001"]}"#);
        assert_eq!(ok.unwrap(), Some(vec!["8000000001".to_owned()]));
        assert_eq!(decode_order::<()>(200, r#"{"code":0,"message":"success"}"#).unwrap(), None);
        let e = decode_order::<()>(200, r#"{"code":13004,"message":"bad"}"#).unwrap_err();
        assert_eq!((e.kind, e.code.as_deref()), (ErrorKind::Business, Some("13004")));
        let e = decode_order::<()>(299, r#"{"code":"500","message":"retry","cause":"c"}"#).unwrap_err();
        assert!(e.is_retry_code() && e.is_retryable(Endpoint::BatchOrder));
        assert_eq!(e.cause.as_deref(), Some("c"));
        let e = decode_order::<()>(503, "").unwrap_err();
        assert_eq!((e.kind, e.status), (ErrorKind::Http, Some(503)));
        assert!(e.is_retryable(Endpoint::ListAssets) && !e.is_retryable(Endpoint::BatchOrder));
        assert_eq!(decode_order::<()>(200, "<html>").unwrap_err().kind, ErrorKind::Decode);
        let e = decode_order::<Vec<BatchOrderResult>>(200, r#"{"code":0,"data":{"not":"a list"}}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Decode);
        // Unknown extra fields are tolerated.
        let ok = decode_order::<Vec<BatchOrderResult>>(200, r#"{"code":0,"extra":1,"data":[{"sequence":1,"x":2}]}"#);
        assert_eq!(ok.unwrap().unwrap()[0].sequence, Some(1));
    }

    #[test]
    fn activity_envelopes() {
        let d = decode_activity(200, r#"{"resultCode":"0000","detail":{"products":[]}}"#).unwrap();
        assert_eq!(d.products, Some(vec![]));
        let e = decode_activity(200, r#"{"resultCode":"3002","resultMessage":"no","activityDtoList":[{"id":"A"}]}"#).unwrap_err();
        assert_eq!((e.kind, e.code.as_deref()), (ErrorKind::Activity, Some("3002")));
        assert_eq!(e.activities.unwrap()[0].id.as_deref(), Some("A"));
        assert_eq!(decode_activity(200, "{}").unwrap_err().kind, ErrorKind::Decode);
        assert_eq!(decode_activity(403, "{}").unwrap_err().kind, ErrorKind::Http);
    }

    #[test]
    fn retry_policy_by_endpoint() {
        for e in Endpoint::ALL {
            let timeout = ClientError::new(ErrorKind::Timeout, "t");
            assert_eq!(timeout.is_retryable(e), e.is_idempotent(), "{e}");
            assert!(!ClientError::new(ErrorKind::Validation, "v").is_retryable(e));
            assert!(!ClientError::new(ErrorKind::Aborted, "a").is_retryable(e));
        }
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        assert_eq!(backoff_ms(1, 100, 0.0), 100);
        assert_eq!(backoff_ms(1, 100, 1.0), 200);
        assert_eq!(backoff_ms(3, 100, 0.0), 400);
        assert_eq!(backoff_ms(30, 100, 1.0), 10_000);
    }
}
