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
//! let answer = read_order(Endpoint::ShellNums, 200, r#"{"code":0,"data":["8000000001"]}"#)?;
//! assert_eq!(answer.data.map(|r| r.into_string()).as_deref(), Some(r#"["8000000001"]"#));
//! // A lock status the spec does not list is passed on, with a warning.
//! let answer = read_order(Endpoint::LockAssets, 200, r#"{"code":0,"data":[{"assetNum":"8000000001","status":5}]}"#)?;
//! assert_eq!(answer.warnings[0].path, "/data/0/status");
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
//! with the validator's scanner against the answers' tables (`schema/endpoints/`)
//! and the payload is handed on as checked JSON text ([`RawJson`]); Rust callers
//! get typed values from it with serde ([`RawJson::parse`], [`decode_order`]).

pub(crate) mod answer;
#[cfg(feature = "check")]
mod check;
mod error;
mod retry;

#[cfg(feature = "check")]
pub use check::check_answer;
pub use error::{ClientError, ErrorKind, MAX_ERROR_TEXT};
pub use retry::{backoff_ms, retry_after_ms};

use serde::de::DeserializeOwned;

use crate::model::{result_code, ActivityDetail, BusinessCode};
use crate::schema::{self, Kind};
use crate::validate::Issue;
use crate::wire::{Endpoint, Module, HTTP_BUSINESS_ERROR};
use error::{business, cut, decode_error, http_error};

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

/// A successful answer: its payload as the service sent it, and what the reader
/// tolerated in it.
///
/// The reader is tolerant on purpose: a success means the service has acted, so
/// no value inside the payload turns it into an error (see `answer.rs`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Answer {
    /// The payload (`data`, or the activity `detail`) as JSON text, exactly as
    /// sent. An absent or `null` payload reads as `[]` (list endpoints) or `{}`
    /// (record endpoints); `None` for `updateEnterprise`, which returns none.
    pub data: Option<RawJson>,
    /// Where the payload differs from the response types (an unknown enum value,
    /// a number for a string, a missing field, an absent payload): warnings at
    /// their paths in the answer (`/data/0/status`), never errors.
    pub warnings: Vec<Issue>,
}

impl Answer {
    /// The payload as a typed value (serde; the model's response types read
    /// unknown enum values and mistyped scalars tolerantly, see [`crate::model`]).
    pub fn parse<T: DeserializeOwned + Default>(&self) -> Result<T, serde_json::Error> {
        match &self.data {
            Some(raw) => raw.parse(),
            None => Ok(T::default()),
        }
    }
}

/// The payload at `field` of an envelope, compared with `kind`: an absent or null
/// payload reads as the kind's empty value, with a warning when `warn_absent`.
fn payload(
    envelope: &answer::Envelope<'_>,
    field: &str,
    kind: &'static Kind,
    warn_absent: bool,
    status: u16,
) -> Result<Answer, ClientError> {
    let wanted = answer::payload_type(kind);
    if wanted == answer::Payload::Nothing {
        // An endpoint that returns no payload (`updateEnterprise`): a `data` it
        // sends anyway is an extra field, like any other.
        return Ok(Answer { data: None, warnings: Vec::new() });
    }
    let mut at = String::from("/");
    at.push_str(field);
    let Some(raw) = envelope.raw(field) else {
        let empty = wanted.empty();
        let warnings = if warn_absent { vec![answer::absent(&at)] } else { Vec::new() };
        return Ok(Answer { data: Some(RawJson(empty.to_owned())), warnings });
    };
    let warnings = answer::tolerate(kind, raw, &at).map_err(|e| decode_error(status, "the expected payload", &e))?;
    Ok(Answer { data: Some(RawJson(raw.to_owned())), warnings })
}

/// An order-module answer: on HTTP 200 with code 0 its `data` (see [`Answer`]);
/// else the failure. An async `batchOrder` may answer without data: that reads
/// as `[]`, no warning.
pub fn read_order(endpoint: Endpoint, status: u16, body: &str) -> Result<Answer, ClientError> {
    let envelope = order_envelope(status, body)?;
    let warn_absent = !matches!(endpoint, Endpoint::BatchOrder | Endpoint::UpdateEnterprise);
    payload(&envelope, "data", endpoint.data(), warn_absent, status)
}

/// The envelope of a successful order-module answer, or the failure.
fn order_envelope(status: u16, body: &str) -> Result<answer::Envelope<'_>, ClientError> {
    if status != 200 && status != HTTP_BUSINESS_ERROR {
        return Err(http_error(status));
    }
    let envelope =
        answer::envelope(body, Module::Order).map_err(|e| decode_error(status, "an order-module envelope", &e))?;
    let success = envelope.text("code").is_some_and(|c| BusinessCode::from(c.as_str()).is_success());
    if status == HTTP_BUSINESS_ERROR || !success {
        return Err(business(status, &envelope));
    }
    Ok(envelope)
}

/// An order-module answer decoded into `T` (the envelope as [`read_order`]; the
/// data read by `T`'s own decoder; `None` when there is none).
pub fn decode_order<T: DeserializeOwned>(status: u16, body: &str) -> Result<Option<T>, ClientError> {
    order_envelope(status, body)?
        .raw("data")
        .map(|data| serde_json::from_str(data).map_err(|e| decode_error(status, "the expected data", &e.to_string())))
        .transpose()
}

/// A `resultCode` as its four-digit text: the spec sends a string (`"0000"`); a
/// number (`0`, `3002`) is read as the same code.
pub(crate) fn result_code_of(envelope: &answer::Envelope<'_>) -> String {
    let code = envelope.text("resultCode").unwrap_or_default();
    if envelope.is_string("resultCode") || code.len() >= 4 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return code;
    }
    let mut padded = String::from(&"0000"[code.len()..]);
    padded.push_str(&code);
    padded
}

/// The code a successful answer of `module` carries in its own field: `0` in
/// the order module's `code`, `0000` in the activity module's `resultCode`.
/// Whoever asks "did this answer succeed" (the readers here, `check_answer`,
/// the client's `after_response` event, verify's judge and a recording's
/// reader) asks it of this.
pub fn success_code(module: Module) -> &'static str {
    match module {
        Module::Order => BusinessCode::SUCCESS,
        Module::Activity => result_code::SUCCESS,
    }
}

/// An activity-module answer: on `resultCode` 0000 its `detail` (see [`Answer`];
/// `{}` when absent); else the failure (with `activityDtoList` on 3002, passed on
/// as sent whatever its units hold).
pub fn read_activity(status: u16, body: &str) -> Result<Answer, ClientError> {
    if status == HTTP_BUSINESS_ERROR {
        let envelope =
            answer::envelope(body, Module::Order).map_err(|e| decode_error(status, "a business error envelope", &e))?;
        return Err(business(status, &envelope));
    }
    if status != 200 {
        return Err(http_error(status));
    }
    let envelope =
        answer::envelope(body, Module::Activity).map_err(|e| decode_error(status, "an activity envelope", &e))?;
    let code = result_code_of(&envelope);
    if code == success_code(Module::Activity) {
        return payload(&envelope, "detail", Endpoint::JoinActivity.data(), false, status);
    }
    let code = cut(code);
    let message = match envelope.text("resultMessage") {
        Some(m) => cut(m),
        None => String::from("activity refused: ") + &code,
    };
    let mut err = ClientError::new(ErrorKind::Activity, message).with_status(status);
    err.code = Some(code);
    // Kept as sent whatever its units hold; one that is not a list cannot be
    // the units' reasons.
    err.activities = envelope
        .raw("activityDtoList")
        .filter(|raw| answer::tolerate(&schema::ACTIVITY_REJECTIONS, raw, "/activityDtoList").is_ok())
        .map(|raw| RawJson(raw.to_owned()));
    Err(err)
}

/// An activity-module answer decoded into its detail (see [`read_activity`]).
pub fn decode_activity(status: u16, body: &str) -> Result<ActivityDetail, ClientError> {
    read_activity(status, body)?.parse().map_err(|e| decode_error(status, "an activity detail", &e.to_string()))
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
        // Code 500 does not say the work was not done: retried only where a repeat is safe.
        assert!(e.is_retry_code() && !e.is_retryable(Endpoint::BatchOrder) && e.is_retryable(Endpoint::LockAssets));
        assert!(e.is_retryable_when(Endpoint::BatchOrder, true));
        // The activity module has no code 500: an order envelope on it is never a retry.
        assert!(!e.is_retryable_when(Endpoint::JoinActivity, true));
        assert_eq!(e.cause.as_deref(), Some("c"));
        let e = decode_order::<()>(503, "").unwrap_err();
        assert_eq!((e.kind, e.status), (ErrorKind::Http, Some(503)));
        assert!(e.is_retryable(Endpoint::ListAssets) && !e.is_retryable(Endpoint::BatchOrder));
        assert_eq!(decode_order::<()>(200, "<html>").unwrap_err().kind, ErrorKind::Decode);
        // Unknown extra fields are tolerated.
        let ok = decode_order::<Vec<BatchOrderResult>>(200, r#"{"code":0,"extra":1,"data":[{"sequence":1,"x":2}]}"#);
        assert_eq!(ok.unwrap().unwrap()[0].sequence, Some(1));
    }

    /// `decode` is for what cannot be read at all: not JSON, no code, a payload
    /// of the wrong top-level shape.
    #[test]
    fn decode_is_for_unreadable_answers_only() {
        let decode = |endpoint, body: &str| read_order(endpoint, 200, body).unwrap_err().kind;
        assert_eq!(decode(Endpoint::BatchOrder, "<html>"), ErrorKind::Decode);
        assert_eq!(decode(Endpoint::BatchOrder, r#"{"message":"ok","data":[]}"#), ErrorKind::Decode);
        assert_eq!(decode(Endpoint::BatchOrder, r#"{"code":null,"data":[]}"#), ErrorKind::Decode);
        assert_eq!(decode(Endpoint::BatchOrder, r#"{"code":0,"data":{"not":"a list"}}"#), ErrorKind::Decode);
        assert_eq!(decode(Endpoint::BindEnterprise, r#"{"code":0,"data":[]}"#), ErrorKind::Decode);
        assert_eq!(read_activity(200, r#"{"resultMessage":"no code"}"#).unwrap_err().kind, ErrorKind::Decode);
        assert_eq!(read_activity(200, r#"{"resultCode":"0000","detail":[]}"#).unwrap_err().kind, ErrorKind::Decode);
        assert_eq!(decode_activity(200, "{}").unwrap_err().kind, ErrorKind::Decode);
    }

    /// A payload of one value (no endpoint has one yet; an endpoint counting
    /// records would) is read, not dropped: the rehearsal of such an endpoint
    /// found the JS client resolving `undefined` for `"data": 1`.
    #[test]
    fn a_payload_of_one_value_is_read() {
        static COUNT: Kind = Kind::IntMin(0);
        static LIST: Kind = Kind::ArrayOrNull(&Kind::Str);
        let read = |kind: &'static Kind, body: &str| {
            let envelope = order_envelope(200, body).unwrap();
            payload(&envelope, "data", kind, true, 200).unwrap()
        };
        let answer = read(&COUNT, r#"{"code":0,"message":"success","data":1}"#);
        assert_eq!((answer.data.as_ref().map(RawJson::as_str), answer.warnings.len()), (Some("1"), 0));
        assert_eq!(answer.parse::<u64>().unwrap(), 1);
        // Of another type, a warning, as inside a payload; absent, `null` and a warning.
        let answer = read(&COUNT, r#"{"code":0,"message":"success","data":"1"}"#);
        assert_eq!((answer.data.as_ref().map(RawJson::as_str), answer.warnings.len()), (Some(r#""1""#), 1));
        let answer = read(&COUNT, r#"{"code":0,"message":"success"}"#);
        assert_eq!((answer.data.as_ref().map(RawJson::as_str), answer.warnings.len()), (Some("null"), 1));
        // A list that may be `null` is a list: absent, `[]`.
        let answer = read(&LIST, r#"{"code":0,"message":"success"}"#);
        assert_eq!(answer.data.as_ref().map(RawJson::as_str), Some("[]"));
        assert_eq!(read(&crate::schema::NO_DATA, r#"{"code":0,"message":"success","data":1}"#).data, None);
    }

    #[test]
    fn activity_envelopes() {
        let d = decode_activity(200, r#"{"resultCode":"0000","detail":{"products":[]}}"#).unwrap();
        assert_eq!(d.products, Some(vec![]));
        let e = decode_activity(200, r#"{"resultCode":"3002","resultMessage":"no","activityDtoList":[{"id":"A"}]}"#)
            .unwrap_err();
        assert_eq!((e.kind, e.code.as_deref()), (ErrorKind::Activity, Some("3002")));
        assert_eq!(e.activity_rejections().unwrap()[0].id.as_deref(), Some("A"));
        assert_eq!(decode_activity(403, "{}").unwrap_err().kind, ErrorKind::Http);
        // A resultCode sent as a number is the same code.
        assert!(read_activity(200, r#"{"resultCode":0,"detail":{}}"#).is_ok());
        assert_eq!(read_activity(200, r#"{"resultCode":3002}"#).unwrap_err().code.as_deref(), Some("3002"));
        assert_eq!(read_activity(200, r#"{"resultCode":1001}"#).unwrap_err().code.as_deref(), Some("1001"));
        let e = read_activity(200, r#"{"resultCode":"3002","activityDtoList":{"not":"a list"}}"#).unwrap_err();
        assert_eq!(e.activities, None);
    }

    /// Each deviation the fidelity issue lists: the call resolves, the payload is
    /// passed on as sent, and the reader says what it tolerated.
    #[test]
    fn success_answers_resolve_whatever_their_payload_holds() {
        use crate::model::*;
        use serde_json::json;
        fn ok(endpoint: Endpoint, body: &str) -> Answer {
            read_order(endpoint, 200, body).unwrap_or_else(|e| panic!("{endpoint}: {e}"))
        }
        let lock = ok(Endpoint::LockAssets, r#"{"code":0,"data":[{"assetNum":"8000000001","status":5,"new":1}]}"#);
        assert_eq!(lock.data.as_ref().unwrap().as_str(), r#"[{"assetNum":"8000000001","status":5,"new":1}]"#);
        assert_eq!(
            lock.warnings.iter().map(|w| (w.path.as_str(), w.code.as_str())).collect::<Vec<_>>(),
            [("/data/0/status", "enum")]
        );
        let typed: Vec<LockResult> = lock.parse().unwrap();
        assert_eq!(typed[0].status, Some(Open::Other(json!(5))));

        let assets = ok(
            Endpoint::ListAssets,
            r#"{"code":0,"data":[{"id":"A1","keyChipType":3,"licenseType":"quantum_key","createTime":"1700000000000","locked":null}]}"#,
        );
        assert_eq!(assets.warnings.len(), 3, "{:?}", assets.warnings);
        let typed: Vec<AssetRecord> = assets.parse().unwrap();
        assert_eq!(typed[0].key_chip_type, Some(Open::Other(json!(3))));
        assert_eq!(typed[0].license_type, Some(Open::Other(json!("quantum_key"))));
        assert_eq!((typed[0].create_time, typed[0].locked), (Some(1_700_000_000_000), None));

        let results = ok(Endpoint::BatchOrder, r#"{"code":0,"data":[{"sequence":"1","licenseOrderId":42}]}"#);
        let typed: Vec<BatchOrderResult> = results.parse().unwrap();
        assert_eq!((typed[0].sequence, typed[0].license_order_id.as_deref()), (Some(1), Some("42")));

        let claim =
            read_activity(200, r#"{"resultCode":"0000","detail":{"products":[{"productUri":"p","activateType":0}]}}"#)
                .unwrap();
        assert_eq!(claim.warnings[0].path, "/detail/products/0/activateType");
        let typed: ActivityDetail = claim.parse().unwrap();
        assert_eq!(typed.products.unwrap()[0].activate_type, Some(Open::Other(json!(0))));

        // A 3002 keeps its activities whatever the unit fields hold.
        let e = read_activity(200, r#"{"resultCode":"3002","activityDtoList":[{"id":"A","engineSubActivityDtos":[{"errorCode":"14005","participateResult":"false"}]}]}"#).unwrap_err();
        let units = e.activity_rejections().unwrap()[0].engine_sub_activity_dtos.clone().unwrap();
        assert_eq!((units[0].error_code, units[0].participate_result), (Some(14005), Some(false)));

        // Shell numbers that are not asset numbers are still the numbers handed out.
        let numbers = ok(Endpoint::ShellNums, r#"{"code":0,"data":["8000000001","123",8000000002]}"#);
        assert_eq!(numbers.warnings.len(), 2);
        assert_eq!(numbers.data.unwrap().as_str(), r#"["8000000001","123",8000000002]"#);
    }

    #[test]
    fn absent_payloads_read_as_empty() {
        // An async batch may answer without data: [] and no warning.
        for body in [r#"{"code":0,"message":"accepted"}"#, r#"{"code":0,"data":null}"#] {
            let answer = read_order(Endpoint::BatchOrder, 200, body).unwrap();
            assert_eq!((answer.data.unwrap().as_str(), answer.warnings.len()), ("[]", 0));
        }
        let answer = read_order(Endpoint::BindEnterprise, 200, r#"{"code":0}"#).unwrap();
        assert_eq!(answer.data.unwrap().as_str(), "{}");
        assert_eq!(answer.warnings[0].path, "/data");
        let answer = read_order(Endpoint::QueryEnterprises, 200, r#"{"code":0}"#).unwrap();
        assert_eq!(answer.data.unwrap().as_str(), "[]");
        assert_eq!(read_order(Endpoint::UpdateEnterprise, 200, r#"{"code":0,"message":"ok"}"#).unwrap().data, None);
        assert_eq!(read_activity(200, r#"{"resultCode":"0000"}"#).unwrap().data.unwrap().as_str(), "{}");
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
            assert_eq!(answer::tolerate(endpoint.data(), &again, ""), Ok(vec![]), "{endpoint}: {again}");
            // Every field the table names survives the typed value (so it is a field
            // of the type, under the same wire name); `null`s (the tables' "any") aside.
            fn without_nulls(v: serde_json::Value) -> serde_json::Value {
                use serde_json::Value;
                match v {
                    Value::Object(m) => Value::Object(
                        m.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect(),
                    ),
                    Value::Array(a) => Value::Array(a.into_iter().map(without_nulls).collect()),
                    other => other,
                }
            }
            let parse = |t: &str| without_nulls(serde_json::from_str(t).unwrap());
            assert_eq!(parse(&again), parse(&text), "{endpoint}");
            assert_eq!(answer::tolerate(endpoint.data(), &text, ""), Ok(vec![]), "{endpoint}: {text}");
        }
        round_trip::<EnterpriseCustomer>(Endpoint::BindEnterprise);
        round_trip::<EnterpriseCreation>(Endpoint::CreateEnterprise);
        round_trip::<Vec<EnterpriseCustomer>>(Endpoint::QueryEnterprises);
        round_trip::<Vec<BatchOrderResult>>(Endpoint::BatchOrder);
        round_trip::<Vec<LockResult>>(Endpoint::LockAssets);
        round_trip::<Vec<AssetRecord>>(Endpoint::ListAssets);
        round_trip::<Vec<String>>(Endpoint::ShellNums);
        round_trip::<ActivityDetail>(Endpoint::JoinActivity);
        // The 3002 rejection list, through the envelope.
        let body = String::from(
            r#"{"resultCode":"3002","activityDtoList":[{"id":"A","name":"n","participateResult":false,"engineSubActivityDtos":[{"errorCode":14005,"errorMessage":"m","id":"U","name":"u","participateResult":false}]}]}"#,
        );
        let err = read_activity(200, &body).unwrap_err();
        let units = err.activity_rejections().unwrap()[0].engine_sub_activity_dtos.clone().unwrap();
        assert_eq!(units[0].error_code, Some(14005));
    }

    #[test]
    fn retry_policy_by_endpoint() {
        for e in Endpoint::ALL {
            let timeout = ClientError::new(ErrorKind::Timeout, "t");
            assert_eq!(timeout.is_retryable(e), e.is_idempotent(), "{e}");
            assert!(timeout.is_retryable_when(e, true) && !timeout.is_retryable_when(e, false), "{e}");
            // Safe to repeat: idempotent, or a creating call carrying its repeat key.
            let key = e.def().repeat_key.map_or(String::from("{}"), |k| format!("{{\"{k}\":\"K-1\"}}"));
            assert_eq!(e.is_safe_to_repeat(&key), e.is_idempotent() || e.def().repeat_key.is_some(), "{e}");
            assert_eq!(e.is_safe_to_repeat("{}"), e.is_idempotent(), "{e}");
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
