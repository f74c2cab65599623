//! Reading the service's answers with the same scanner and walk as the requests:
//! the envelope's fields, and the payload compared with the endpoint's response
//! type, handed on as the text it came as (the JS side parses it with its own
//! `JSON.parse`; no JSON tree or serializer in the wasm).
//!
//! A tolerant reader: once the service has answered success it has acted (the
//! numbers are handed out, the locks locked), so nothing inside the payload turns
//! the answer into an error. What differs from the response types (an unknown
//! enum value, a number where a string was expected, a missing field) is kept as
//! a warning at its path in the answer; the payload passes on as sent. Only an
//! answer that cannot be read at all is refused: not JSON, no `code` /
//! `resultCode`, or a payload of the wrong top-level shape.
//!
//! ```ignore
//! let envelope = answer::envelope(r#"{"code":0,"data":[1]}"#, answer::Module::Order)?;
//! assert_eq!(envelope.text("code").as_deref(), Some("0"));
//! assert_eq!(envelope.raw("data"), Some("[1]"));
//! ```

use crate::schema::{self, Kind, Shape};
use crate::validate::scan::{Scanner, Token};
use crate::validate::walk::{self, Spans};
use crate::validate::{Issue, Params, Rule, Severity};
use crate::wire::{Endpoint, Module};

/// A read envelope: where each of its fields is in the text.
pub(crate) struct Envelope<'a> {
    text: &'a str,
    shape: &'static Shape,
    spans: Spans,
}

/// Reads an envelope; `Err` says why the text is not one (not JSON, not an
/// object, or without a usable `code` / `resultCode`). Its other fields may hold
/// anything: they are read for what they are.
pub(crate) fn envelope(text: &str, module: Module) -> Result<Envelope<'_>, String> {
    let shape = match module {
        Module::Order => &schema::ORDER_ENVELOPE,
        Module::Activity => &schema::ACTIVITY_ENVELOPE,
    };
    let (report, spans) = walk::read(text, shape)?;
    match report.first_error_line() {
        Some(e) => Err(e),
        None => Ok(Envelope { text, shape, spans }),
    }
}

/// An envelope read whatever its fields hold (`check_answer`); `Err` only when
/// the text is not JSON.
#[cfg(feature = "check")]
pub(crate) fn read_envelope(text: &str, module: Module) -> Result<Envelope<'_>, String> {
    let shape = match module {
        Module::Order => &schema::ORDER_ENVELOPE,
        Module::Activity => &schema::ACTIVITY_ENVELOPE,
    };
    walk::read(text, shape).map(|(_, spans)| Envelope { text, shape, spans })
}

/// The envelope of a text whose fields' ranges a walk found (`check_answer`).
#[cfg(feature = "check")]
pub(crate) fn with_spans<'a>(text: &'a str, shape: &'static Shape, spans: Spans) -> Envelope<'a> {
    Envelope { text, shape, spans }
}

/// The top-level fields of a request's JSON text (for the URL: path and query
/// values). `None` when the text is not JSON.
pub(crate) fn request(text: &str, endpoint: Endpoint) -> Option<Envelope<'_>> {
    let shape = endpoint.def().request;
    walk::read(text, shape).ok().map(|(_, spans)| Envelope { text, shape, spans })
}

/// What an endpoint's payload is at its top level ([`payload_type`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Payload {
    /// None: the spec shows no payload (`updateEnterprise`'s [`Kind::Any`]).
    Nothing,
    /// An array (the list endpoints); absent, it reads as `[]`.
    Array,
    /// An object (the record endpoints); absent, it reads as `{}`.
    Object,
    /// One value (a count, a name); absent, it reads as `null`. Its type is
    /// compared as a field's is: a deviation is a warning.
    Value,
}

impl Payload {
    /// What an absent or `null` payload reads as.
    pub(crate) fn empty(self) -> &'static str {
        match self {
            Self::Array => "[]",
            Self::Object => "{}",
            Self::Nothing | Self::Value => "null",
        }
    }
}

/// What a payload of `kind` is at its top level: every kind is listed, so a
/// payload of a kind no endpoint had yet (a bare integer) is read, not dropped.
pub(crate) fn payload_type(kind: &Kind) -> Payload {
    match kind {
        Kind::Array(_) | Kind::ArrayOrNull(_) => Payload::Array,
        Kind::Object(_) => Payload::Object,
        Kind::Any => Payload::Nothing,
        Kind::Str
        | Kind::Int
        | Kind::IntMin(_)
        | Kind::Bool
        | Kind::Enum(_)
        | Kind::IntEnum(_)
        | Kind::Format(_)
        | Kind::IntOrStr => Payload::Value,
    }
}

/// Compares a payload with its response type. `Err` only when its top-level JSON
/// type is wrong (or it is not JSON); otherwise the deviations inside, as
/// warnings whose paths start with `at` (`/data`, `/detail`).
pub(crate) fn tolerate(kind: &'static Kind, text: &str, at: &str) -> Result<Vec<Issue>, String> {
    let wanted = match payload_type(kind) {
        Payload::Array => Some((Token::Array, ": expected an array")),
        Payload::Object => Some((Token::Object, ": expected an object")),
        Payload::Nothing | Payload::Value => None,
    };
    if let Some((token, expected)) = wanted {
        let found = Scanner::new(text).peek().map_err(|e| e.describe(text))?;
        if found != token {
            let mut message = String::from(at);
            message.push_str(expected);
            return Err(message);
        }
    }
    let report = walk::read_value(text, kind)?;
    Ok(report.issues.into_iter().map(|issue| as_warning(issue, at)).collect())
}

/// An issue of the response walk as a tolerated deviation: a warning, its path
/// in the whole answer.
fn as_warning(mut issue: Issue, at: &str) -> Issue {
    issue.severity = Severity::Warning;
    issue.path.insert_str(0, at);
    issue
}

/// A warning that a payload the endpoint returns was absent (it reads as empty).
pub(crate) fn absent(at: &str) -> Issue {
    let rule = Rule::Required;
    let mut message = String::from(at);
    message.push_str(" is absent; read as empty");
    Issue {
        path: String::from(at),
        code: rule.code(),
        severity: Severity::Warning,
        source: rule.source(),
        rule,
        message,
        params: Params::none(),
    }
}

impl core::fmt::Debug for Envelope<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Not the shape: the tables nest into themselves.
        f.debug_struct("Envelope").field("text", &self.text).field("spans", &self.spans).finish()
    }
}

impl<'a> Envelope<'a> {
    /// The text of a field's value; `None` when absent or `null`.
    pub(crate) fn raw(&self, name: &str) -> Option<&'a str> {
        let index = self.shape.find(name)?;
        let (start, end) = self.spans.get(index).copied().flatten()?;
        // Only JSON whitespace can lie between a span's ends and its value, so
        // `trim` cuts the same (and shares the wasm's one copy of trimming).
        let raw = self.text.get(start..end)?.trim();
        (raw != "null").then_some(raw)
    }

    /// A string field's value decoded, or any other value as written (business
    /// codes come as numbers and as strings; `null` as `null`).
    pub(crate) fn text(&self, name: &str) -> Option<String> {
        let raw = self.raw(name)?;
        let mut scanner = Scanner::new(raw);
        match scanner.peek() {
            Ok(Token::Str) => scanner.string().ok().map(|s| s.decode().into_owned()),
            _ => Some(raw.to_owned()),
        }
    }

    /// Whether a field holds a JSON string (rather than a number or another value).
    pub(crate) fn is_string(&self, name: &str) -> bool {
        self.raw(name).is_some_and(|raw| raw.starts_with('"'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(endpoint: Endpoint, text: &str) -> Result<Vec<Issue>, String> {
        tolerate(endpoint.data(), text, "/data")
    }

    #[test]
    fn envelopes_need_only_json_and_a_code() {
        let e =
            envelope(r#" { "code" : 0 , "message":"ok","data": [ {"sequence":1} ] , "x": {"y":[]}} "#, Module::Order)
                .unwrap();
        assert_eq!(e.text("code").as_deref(), Some("0"));
        assert_eq!(e.text("message").as_deref(), Some("ok"));
        assert_eq!(e.raw("data"), Some(r#"[ {"sequence":1} ]"#));
        assert_eq!(e.raw("cause"), None);
        let e = envelope(r#"{"code":"13004","message":"a\"b","cause":null}"#, Module::Order).unwrap();
        assert_eq!(e.text("code").as_deref(), Some("13004"));
        assert_eq!(e.text("message").as_deref(), Some("a\"b"));
        assert_eq!(e.raw("cause"), None);
        // A message that is not a string is read as written.
        let e = envelope(r#"{"code":0,"message":{"zh":"成功"}}"#, Module::Order).unwrap();
        assert_eq!(e.text("message").as_deref(), Some(r#"{"zh":"成功"}"#));
        assert!(envelope(r#"{"code":1.5}"#, Module::Order).unwrap_err().contains("/code"));
        assert!(envelope(r#"{"code":null}"#, Module::Order).unwrap_err().contains("/code"));
        assert!(envelope(r#"{"message":"no code"}"#, Module::Order).unwrap_err().contains("/code"));
        assert!(envelope("<html>", Module::Order).is_err());
        assert!(envelope("[]", Module::Order).is_err());
        let e = envelope(r#"{"resultCode":0,"detail":{"products":[{"activateType":2}]}}"#, Module::Activity).unwrap();
        assert!(!e.is_string("resultCode"));
    }

    #[test]
    fn payloads_are_refused_only_for_their_top_level_shape() {
        assert_eq!(data(Endpoint::BatchOrder, r#"[{"sequence":1,"extra":true}]"#), Ok(vec![]));
        assert_eq!(data(Endpoint::BatchOrder, r#"{"not":"a list"}"#), Err(String::from("/data: expected an array")));
        assert_eq!(data(Endpoint::BindEnterprise, "[]"), Err(String::from("/data: expected an object")));
        assert!(data(Endpoint::ShellNums, "[1,").is_err());
        assert_eq!(data(Endpoint::UpdateEnterprise, r#"{"anything":[1]}"#), Ok(vec![]));
        let warnings = data(Endpoint::ShellNums, r#"["8000000001","123"]"#).unwrap();
        assert_eq!(warnings.len(), 1);
        assert_eq!((warnings[0].path.as_str(), warnings[0].severity), ("/data/1", Severity::Warning));
        let warnings =
            data(Endpoint::LockAssets, r#"[{"assetNum":"8000000001","status":5},{"assetNum":7,"status":"1"}]"#)
                .unwrap();
        let paths: Vec<&str> = warnings.iter().map(|w| w.path.as_str()).collect();
        assert_eq!(paths, ["/data/0/status", "/data/1/assetNum", "/data/1/status"]);
        assert!(warnings.iter().all(|w| w.severity == Severity::Warning));
        assert_eq!(absent("/data").path, "/data");
        // Integers JavaScript would round: a warning; 2^53 − 1 is still exact.
        let warnings =
            data(Endpoint::BatchOrder, r#"[{"sequence":1234567890123456789},{"sequence":9007199254740991}]"#).unwrap();
        let found: Vec<(&str, &str)> = warnings.iter().map(|w| (w.path.as_str(), w.code.as_str())).collect();
        assert_eq!(found, [("/data/0/sequence", "unsafe_integer")]);
        // An id sent as a number: its type, and its rounding.
        let warnings = data(Endpoint::BatchOrder, r#"[{"sequence":1,"licenseOrderId":1234567890123456789}]"#).unwrap();
        let found: Vec<(&str, &str)> = warnings.iter().map(|w| (w.path.as_str(), w.code.as_str())).collect();
        assert_eq!(found, [("/data/0/licenseOrderId", "type"), ("/data/0/licenseOrderId", "unsafe_integer")]);
    }
}
