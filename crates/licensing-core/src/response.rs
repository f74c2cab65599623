//! Reading the service's answers: HTTP status + body → payload or a typed failure,
//! and which failures may be retried. Shared by the Rust client and the wasm
//! bindings; pure, so it is tested natively.
//!
//! ```
//! use licensing_core::response::{decode_order, read_order, ErrorKind};
//! use licensing_core::model::BatchOrderResult;
//! use licensing_core::wire::Endpoint;
//! let ok = decode_order::<Vec<BatchOrderResult>>(200, r#"{"code":0,"message":"ok","data":[]}"#);
//! assert_eq!(ok, Ok(Some(vec![])));
//! let raw = read_order(Endpoint::ShellNums, 200, r#"{"code":0,"data":["8000000001"]}"#)?;
//! assert_eq!(raw.map(|r| r.into_string()).as_deref(), Some(r#"["8000000001"]"#));
//! let err = read_order(Endpoint::BatchOrder, 299, r#"{"code":"13004","message":"bad","cause":"x"}"#).unwrap_err();
//! assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Business, Some("13004")));
//! # Ok::<(), licensing_core::response::ClientError>(())
//! ```
//!
//! Generic fetch clients get this service wrong: fetch treats HTTP 299 as
//! success, and the activity module answers 200 when it refuses.
//!
//! Why not serde here: the readers run in the wasm client, where serde_json and
//! the typed decoders cost ~50 KB gzip. The envelope and the payload are read
//! with the validator's scanner against the response tables (`validate/schema.rs`)
//! and the payload is handed on as checked JSON text ([`RawJson`]); Rust callers
//! get typed values from it with serde ([`RawJson::parse`], [`decode_order`]).

use serde::de::DeserializeOwned;

use crate::model::{result_code, ActivityDetail, ActivityRejection, BusinessCode};
use crate::validate::answer::{self, Module};
use crate::validate::Issue;
use crate::wire::{Endpoint, HTTP_BUSINESS_ERROR};

/// JSON text of a payload that was checked against its response type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawJson(String);

impl RawJson {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
    /// The payload as a typed value (serde).
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(&self.0)
    }
}

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
    /// `activityDtoList` of a 3002 refusal, checked; typed by
    /// [`ClientError::activity_rejections`].
    pub activities: Option<RawJson>,
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

    /// The `activityDtoList` of a 3002 refusal, typed.
    pub fn activity_rejections(&self) -> Option<Vec<ActivityRejection>> {
        self.activities.as_ref().and_then(|raw| raw.parse().ok())
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

fn decode_error(status: u16, what: &str, reason: &str) -> ClientError {
    let mut message = String::from("HTTP ");
    message.push_str(crate::validate::itoa_u64(u64::from(status)).as_str());
    message.push_str(": the body is not ");
    message.push_str(what);
    message.push_str(": ");
    message.push_str(reason);
    ClientError::new(ErrorKind::Decode, message).with_status(status)
}

fn http_error(status: u16) -> ClientError {
    let mut message = String::from("HTTP ");
    message.push_str(crate::validate::itoa_u64(u64::from(status)).as_str());
    ClientError::new(ErrorKind::Http, message).with_status(status)
}

/// A business failure from an order envelope (HTTP 299, or 200 with code ≠ 0).
fn business(status: u16, envelope: &answer::Envelope<'_>) -> ClientError {
    let code = envelope.text("code").unwrap_or_default();
    let message = match envelope.text("message").filter(|m| !m.is_empty()) {
        Some(m) => m,
        None => String::from("business error ") + &code,
    };
    let mut err = ClientError::new(ErrorKind::Business, message).with_status(status);
    err.code = Some(code);
    err.cause = envelope.text("cause");
    err
}

/// An order-module answer: `Ok(data)` on HTTP 200 with code 0, the data checked
/// against the endpoint's response type (`None` when there is none); else the
/// failure.
pub fn read_order(endpoint: Endpoint, status: u16, body: &str) -> Result<Option<RawJson>, ClientError> {
    let data = read_order_envelope(status, body)?;
    if let Some(data) = &data {
        answer::check_data(endpoint, data.as_str()).map_err(|e| decode_error(status, "the expected data", &e))?;
    }
    Ok(data)
}

fn read_order_envelope(status: u16, body: &str) -> Result<Option<RawJson>, ClientError> {
    if status != 200 && status != HTTP_BUSINESS_ERROR {
        return Err(http_error(status));
    }
    let envelope = answer::envelope(body, Module::Order).map_err(|e| decode_error(status, "an order-module envelope", &e))?;
    let success = envelope.text("code").is_some_and(|c| BusinessCode::from(c.as_str()).is_success());
    if status == HTTP_BUSINESS_ERROR || !success {
        return Err(business(status, &envelope));
    }
    Ok(envelope.raw("data").map(|d| RawJson(d.to_owned())))
}

/// An order-module answer decoded into `T` (the envelope as [`read_order`]; the
/// data checked by `T`'s own decoder).
pub fn decode_order<T: DeserializeOwned>(status: u16, body: &str) -> Result<Option<T>, ClientError> {
    read_order_envelope(status, body)?
        .map(|data| data.parse::<T>().map_err(|e| decode_error(status, "the expected data", &e.to_string())))
        .transpose()
}

/// An activity-module answer: `Ok(detail)` (`{}` when absent) on `resultCode`
/// 0000, checked; else the failure (with `activityDtoList` on 3002).
pub fn read_activity(status: u16, body: &str) -> Result<RawJson, ClientError> {
    if status == HTTP_BUSINESS_ERROR {
        let envelope = answer::envelope(body, Module::Order).map_err(|e| decode_error(status, "a business error envelope", &e))?;
        return Err(business(status, &envelope));
    }
    if status != 200 {
        return Err(http_error(status));
    }
    let envelope = answer::envelope(body, Module::Activity).map_err(|e| decode_error(status, "an activity envelope", &e))?;
    let code = envelope.text("resultCode").unwrap_or_default();
    if code == result_code::SUCCESS {
        return Ok(RawJson(envelope.raw("detail").unwrap_or("{}").to_owned()));
    }
    let message = match envelope.text("resultMessage") {
        Some(m) => m,
        None => String::from("activity refused: ") + &code,
    };
    let mut err = ClientError::new(ErrorKind::Activity, message).with_status(status);
    err.code = Some(code);
    err.activities = envelope.raw("activityDtoList").map(|a| RawJson(a.to_owned()));
    Err(err)
}

/// An activity-module answer decoded into its detail (see [`read_activity`]).
pub fn decode_activity(status: u16, body: &str) -> Result<ActivityDetail, ClientError> {
    read_activity(status, body)?.parse().map_err(|e| decode_error(status, "an activity detail", &e.to_string()))
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
        assert_eq!(e.activity_rejections().unwrap()[0].id.as_deref(), Some("A"));
        assert_eq!(decode_activity(200, "{}").unwrap_err().kind, ErrorKind::Decode);
        assert_eq!(decode_activity(403, "{}").unwrap_err().kind, ErrorKind::Http);
    }

    #[test]
    fn payloads_are_checked_against_the_endpoint() {
        let ok = read_order(Endpoint::LockAssets, 200, r#"{"code":0,"data":[{"assetNum":"8000000001","status":1,"new":1}]}"#);
        assert_eq!(ok.unwrap().unwrap().as_str(), r#"[{"assetNum":"8000000001","status":1,"new":1}]"#);
        let e = read_order(Endpoint::LockAssets, 200, r#"{"code":0,"data":[{"assetNum":"8000000001","status":"1"}]}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Decode);
        assert!(e.message.contains("/0/status"), "{}", e.message);
        assert_eq!(read_order(Endpoint::UpdateEnterprise, 200, r#"{"code":0,"message":"ok"}"#), Ok(None));
        let e = read_activity(200, r#"{"resultCode":"0000","detail":{"products":[{"activateType":0}]}}"#).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Decode);
        assert_eq!(read_activity(200, r#"{"resultCode":"0000"}"#).unwrap().as_str(), "{}");
        let e = read_activity(299, r#"{"code":"500","message":"retry"}"#).unwrap_err();
        assert!(e.is_retry_code());
    }

    /// The response tables and the typed response model agree: a complete example
    /// of each endpoint's payload (built from the tables) decodes into its type,
    /// and the typed value written back passes the tables again.
    #[test]
    fn response_tables_match_the_model() {
        use crate::model::*;
        use crate::validate::schema_example_of_data as example;
        fn round_trip<T: DeserializeOwned + serde::Serialize>(endpoint: Endpoint) {
            let text = example(endpoint);
            let typed: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{endpoint}: {e}: {text}"));
            let again = serde_json::to_string(&typed).unwrap();
            assert_eq!(answer::check_data(endpoint, &again), Ok(()), "{endpoint}: {again}");
            // Every field the table names survives the typed value (so it is a field
            // of the type, under the same wire name); `null`s (the tables' "any") aside.
            fn without_nulls(v: serde_json::Value) -> serde_json::Value {
                use serde_json::Value;
                match v {
                    Value::Object(m) => Value::Object(m.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect()),
                    Value::Array(a) => Value::Array(a.into_iter().map(without_nulls).collect()),
                    other => other,
                }
            }
            let parse = |t: &str| without_nulls(serde_json::from_str(t).unwrap());
            assert_eq!(parse(&again), parse(&text), "{endpoint}");
            assert_eq!(answer::check_data(endpoint, &text), Ok(()), "{endpoint}: {text}");
        }
        round_trip::<EnterpriseCustomer>(Endpoint::BindEnterprise);
        round_trip::<EnterpriseCreation>(Endpoint::CreateEnterprise);
        round_trip::<Vec<EnterpriseCustomer>>(Endpoint::QueryEnterprises);
        round_trip::<Vec<BatchOrderResult>>(Endpoint::BatchOrder);
        round_trip::<Vec<LockResult>>(Endpoint::LockAssets);
        round_trip::<Vec<AssetRecord>>(Endpoint::ListAssets);
        round_trip::<Vec<AssetNumber>>(Endpoint::ShellNums);
        round_trip::<ActivityDetail>(Endpoint::JoinActivity);
        // The 3002 rejection list, through the envelope.
        let body = String::from(r#"{"resultCode":"3002","activityDtoList":[{"id":"A","name":"n","participateResult":false,"engineSubActivityDtos":[{"errorCode":14005,"errorMessage":"m","id":"U","name":"u","participateResult":false}]}]}"#);
        let err = read_activity(200, &body).unwrap_err();
        let units = err.activity_rejections().unwrap()[0].engine_sub_activity_dtos.clone().unwrap();
        assert_eq!(units[0].error_code, Some(14005));
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
