//! Reading the service's answers with the same scanner and walk as the requests:
//! the envelope's fields, and the payload checked against the endpoint's response
//! type, handed on as the text it came as (the JS side parses it with its own
//! `JSON.parse`; no JSON tree or serializer in the wasm).
//!
//! ```ignore
//! let envelope = answer::envelope(r#"{"code":0,"data":[1]}"#, answer::Module::Order)?;
//! assert_eq!(envelope.text("code").as_deref(), Some("0"));
//! assert_eq!(envelope.raw("data"), Some("[1]"));
//! ```

use super::scan::{Scanner, Token};
use super::schema::{self, Shape};
use super::walk::{self, Spans};
use crate::wire::Endpoint;

/// Which envelope: the order module's `{code, message, data, cause}` or the
/// activity module's `{resultCode, resultMessage, detail, activityDtoList}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Module {
    Order,
    Activity,
}

/// A read envelope: where each of its fields is in the text.
pub(crate) struct Envelope<'a> {
    text: &'a str,
    shape: &'static Shape,
    spans: Spans,
}

/// Reads an envelope; `Err` says why the text is not one (not JSON, or a field
/// of the wrong type).
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

/// The top-level fields of a request's JSON text (for the URL: path and query
/// values). `None` when the text is not JSON.
pub(crate) fn request(text: &str, endpoint: Endpoint) -> Option<Envelope<'_>> {
    let shape = schema::shape_of(endpoint);
    walk::read(text, shape).ok().map(|(_, spans)| Envelope { text, shape, spans })
}

/// Checks an endpoint's payload against its response type (unknown fields
/// tolerated); `Err` names the first mismatch.
pub(crate) fn check_data(endpoint: Endpoint, text: &str) -> Result<(), String> {
    let report = walk::read_value(text, schema::data_kind(endpoint))?;
    report.first_error_line().map_or(Ok(()), Err)
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
        let raw = self.text.get(start..end)?.trim_matches(|c| matches!(c, ' ' | '\n' | '\r' | '\t'));
        (raw != "null").then_some(raw)
    }

    /// A string field's value, or a number as written (business codes come as both).
    pub(crate) fn text(&self, name: &str) -> Option<String> {
        let raw = self.raw(name)?;
        let mut scanner = Scanner::new(raw);
        match scanner.peek() {
            Ok(Token::Str) => scanner.string().ok().map(|s| s.decode().into_owned()),
            _ => Some(raw.to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelopes_and_payloads() {
        let e = envelope(r#" { "code" : 0 , "message":"ok","data": [ {"sequence":1} ] , "x": {"y":[]}} "#, Module::Order).unwrap();
        assert_eq!(e.text("code").as_deref(), Some("0"));
        assert_eq!(e.text("message").as_deref(), Some("ok"));
        assert_eq!(e.raw("data"), Some(r#"[ {"sequence":1} ]"#));
        assert_eq!(e.raw("cause"), None);
        let e = envelope(r#"{"code":"13004","message":"a\"b","cause":null}"#, Module::Order).unwrap();
        assert_eq!(e.text("code").as_deref(), Some("13004"));
        assert_eq!(e.text("message").as_deref(), Some("a\"b"));
        assert_eq!(e.raw("cause"), None);
        assert!(envelope(r#"{"code":1.5}"#, Module::Order).unwrap_err().contains("/code"));
        assert!(envelope(r#"{"message":"no code"}"#, Module::Order).unwrap_err().contains("/code"));
        assert!(envelope("<html>", Module::Order).is_err());
        assert!(envelope(r#"{"resultCode":"0000","detail":{"products":[{"activateType":"2"}]}}"#, Module::Activity).is_err());
        assert_eq!(check_data(Endpoint::BatchOrder, r#"[{"sequence":1,"extra":true}]"#), Ok(()));
        assert!(check_data(Endpoint::BatchOrder, r#"{"not":"a list"}"#).is_err());
        assert!(check_data(Endpoint::ShellNums, r#"["8000000001","123"]"#).unwrap_err().starts_with("/1: "));
        assert!(check_data(Endpoint::LockAssets, r#"[{"assetNum":"8000000001","status":5}]"#).is_err());
        assert_eq!(check_data(Endpoint::UpdateEnterprise, r#"{"anything":[1]}"#), Ok(()));
    }
}
