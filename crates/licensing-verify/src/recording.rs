//! Recordings: the exchanges a checking proxy saw, in a documented, versioned
//! format, with the tokens redacted. JSON Lines: the first line says what the
//! file is, each next line is one exchange, written as it ends (a proxy that
//! is stopped leaves every exchange before it whole).
//!
//! ```text
//! {"format":"licensing-sdk-recording","version":1,"upstream":"https://staging.example"}
//! {"endpoint":"listAssets","request":{"method":"GET","path":"/order/api/order/v1/asset/EG1/list","query":"g_nonce=n1","headers":{"authorization":"Bearer [redacted]"},"body":null},"response":{"status":200,"headers":{"content-type":"application/json"},"body":"{\"code\":0,…}"},"error":null}
//! ```
//!
//! `endpoint` is the endpoint the path names (`null` for any other path);
//! `query` and the bodies are the texts as sent (`null`: none); `response` is
//! `null` when no answer came, and `error` then says why; a `response`'s
//! `charset` (absent: UTF-8) names what its body's bytes were decoded from.
//! Redacted: the values
//! of `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`,
//! `X-Api-Key` and `x-sim-admin`, and every bearer token the proxy saw,
//! wherever it appears (a query, a body, an answer that echoes it).
//!
//! ```
//! use licensing_verify::recording::{exchange_line, header_line, read, Exchange, RecordedRequest, RecordedResponse};
//! let mut text = header_line("http://127.0.0.1:8788");
//! let exchange = Exchange::new(
//!     RecordedRequest::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n1"), vec![("authorization".into(), "Bearer s3cret".into())], Some(r#"{"size":1}"#.into())),
//!     Some(RecordedResponse::new(200, vec![], r#"{"code":0,"message":"success","data":["8000000001"]}"#.into())),
//! );
//! text.push_str(&exchange_line(&exchange, &["s3cret".into()]));
//! assert!(!text.contains("s3cret"));
//! let recording = read(&text)?;
//! let (line, exchange) = &recording.exchanges[0];
//! assert_eq!((recording.header.upstream.as_str(), *line, exchange.endpoint.as_deref()), ("http://127.0.0.1:8788", 2, Some("shellNums")));
//! assert!(read("{}").unwrap_err().contains("line 1: /format"));
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;

use licensing_core::wire::Endpoint;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::redact::{redact, REDACTED};

/// The `format` of a recording's first line.
pub const RECORDING_FORMAT: &str = "licensing-sdk-recording";
/// The version this writes and the newest it reads.
pub const RECORDING_VERSION: u32 = 1;

/// Headers whose values are never written.
const SECRET_HEADERS: [&str; 6] =
    ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-sim-admin"];

/// A recording's first line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Header {
    /// `licensing-sdk-recording`.
    pub format: String,
    /// The format's version.
    pub version: u32,
    /// The service the proxy forwarded to.
    pub upstream: String,
}

/// One exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Exchange {
    /// The endpoint the request's path names (`None`: another path).
    pub endpoint: Option<String>,
    /// What was asked.
    pub request: RecordedRequest,
    /// What came back (`None`: nothing; see `error`).
    pub response: Option<RecordedResponse>,
    /// Why no answer came.
    pub error: Option<String>,
}

impl Exchange {
    /// An exchange; its endpoint is the one its path names.
    pub fn new(request: RecordedRequest, response: Option<RecordedResponse>) -> Self {
        let endpoint = Endpoint::at_path(&request.path).map(|(e, _)| e.name().to_owned());
        Self { endpoint, request, response, error: None }
    }

    /// The same exchange, failed for `why` (no answer came).
    #[must_use]
    pub fn failed(mut self, why: &str) -> Self {
        self.response = None;
        self.error = Some(why.to_owned());
        self
    }
}

/// A request as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RecordedRequest {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, percent-encoded.
    pub path: String,
    /// The query string without `?`.
    pub query: Option<String>,
    /// The headers, by lowercase name (repeated ones joined by `, `).
    pub headers: BTreeMap<String, String>,
    /// The body's text.
    pub body: Option<String>,
}

impl RecordedRequest {
    /// A request as the proxy saw it.
    pub fn new(
        method: &str,
        path: &str,
        query: Option<&str>,
        headers: Vec<(String, String)>,
        body: Option<String>,
    ) -> Self {
        Self {
            method: method.to_owned(),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            headers: joined(headers),
            body,
        }
    }
}

/// An answer as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RecordedResponse {
    /// The HTTP status.
    pub status: u16,
    /// The headers, by lowercase name.
    pub headers: BTreeMap<String, String>,
    /// The body's text.
    pub body: String,
    /// The character set the body's bytes were decoded from, when not UTF-8
    /// (its `Content-Type`'s `charset`); the proxy passed the bytes on as they
    /// came, and records this decoded copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charset: Option<String>,
}

impl RecordedResponse {
    /// An answer as the proxy got it (its body UTF-8).
    pub fn new(status: u16, headers: Vec<(String, String)>, body: String) -> Self {
        Self { status, headers: joined(headers), body, charset: None }
    }

    /// The same answer, its body decoded from `charset` (`None`, or any
    /// spelling of UTF-8: it was UTF-8).
    #[must_use]
    pub fn decoded_from(mut self, charset: Option<&str>) -> Self {
        self.charset = charset
            .map(|c| c.trim().to_ascii_lowercase())
            .filter(|c| !c.is_empty() && c != "utf-8" && c != "utf8" && c != "unicode-1-1-utf-8");
        self
    }
}

fn joined(headers: Vec<(String, String)>) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in headers {
        out.entry(name.to_ascii_lowercase())
            .and_modify(|v| {
                v.push_str(", ");
                v.push_str(&value);
            })
            .or_insert(value);
    }
    out
}

/// The first line of a recording of traffic to `upstream`, with its newline.
pub fn header_line(upstream: &str) -> String {
    let header = Header { format: RECORDING_FORMAT.into(), version: RECORDING_VERSION, upstream: upstream.into() };
    let mut line = serde_json::to_string(&header).unwrap_or_default();
    line.push('\n');
    line
}

/// An exchange as a line of a recording (with its newline), redacted: the
/// secret headers' values, and every secret wherever it appears.
pub fn exchange_line(exchange: &Exchange, secrets: &[String]) -> String {
    let mut line = serde_json::to_string(&redacted(exchange, secrets)).unwrap_or_default();
    line.push('\n');
    line
}

/// An exchange redacted as recordings and HAR files write it: the secret
/// headers' values, and every secret wherever it appears.
pub(crate) fn redacted(exchange: &Exchange, secrets: &[String]) -> Exchange {
    let mut e = exchange.clone();
    let clean = |headers: &mut BTreeMap<String, String>| {
        for (name, value) in headers.iter_mut() {
            if SECRET_HEADERS.contains(&name.as_str()) {
                *value = match value.split_once(' ') {
                    // The scheme says which kind of credential it was.
                    Some((scheme, _)) if scheme.eq_ignore_ascii_case("bearer") => format!("{scheme} {REDACTED}"),
                    _ => REDACTED.to_owned(),
                };
            } else {
                *value = redact(value, secrets);
            }
        }
    };
    clean(&mut e.request.headers);
    e.request.path = redact(&e.request.path, secrets);
    e.request.query = e.request.query.map(|q| redact(&q, secrets));
    e.request.body = e.request.body.map(|b| redact(&b, secrets));
    if let Some(response) = &mut e.response {
        clean(&mut response.headers);
        response.body = redact(&response.body, secrets);
    }
    e.error = e.error.map(|why| redact(&why, secrets));
    e
}

/// A recording read back: its header, and each exchange with its line number.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Recording {
    /// The first line.
    pub header: Header,
    /// The exchanges, each with the number of its line (from 1).
    pub exchanges: Vec<(usize, Exchange)>,
    /// The number of a last line cut short (no newline after it, and not a
    /// whole exchange): what a proxy killed mid-write leaves. Left out.
    pub cut_last_line: Option<usize>,
}

/// A recording read back, checked line by line: the first problem refuses it,
/// named by its line and the JSON Pointer in that line (`line 3:
/// /response/status: expected an integer from 100 to 599`); a key given twice
/// in a line is refused as it is in a request body. A last line cut short is
/// left out (`cut_last_line` says so), the exchanges before it kept.
pub fn read(text: &str) -> Result<Recording, String> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).peekable();
    let Some((_, first)) = lines.next() else { return Err(String::from("line 1: the recording is empty")) };
    let header = read_header(first).map_err(|e| format!("line 1: {e}"))?;
    let mut exchanges = Vec::new();
    let mut cut_last_line = None;
    while let Some((i, line)) = lines.next() {
        match read_exchange(line) {
            Ok(exchange) => exchanges.push((i + 1, exchange)),
            // The last line, not ended by a newline, and not JSON: cut short.
            Err(e) if lines.peek().is_none() && !text.ends_with('\n') && e.starts_with(NOT_JSON) => {
                cut_last_line = Some(i + 1);
            }
            Err(e) => return Err(format!("line {}: {e}", i + 1)),
        }
    }
    Ok(Recording { header, exchanges, cut_last_line })
}

/// How a line that is not JSON is refused.
const NOT_JSON: &str = ": not JSON";

fn object(text: &str) -> Result<Map<String, Value>, String> {
    let value = licensing_sim_core::parse_unique_json(text).map_err(|e| {
        // A key given twice is named by its pointer (`/request/body: the key
        // is given twice`); anything else is no JSON.
        if e.starts_with('/') {
            e
        } else {
            format!("{NOT_JSON} ({e})")
        }
    })?;
    match value {
        Value::Object(o) => Ok(o),
        _ => Err(String::from(": expected a JSON object")),
    }
}

fn read_header(line: &str) -> Result<Header, String> {
    let o = object(line)?;
    if o.get("format").and_then(Value::as_str) != Some(RECORDING_FORMAT) {
        return Err(format!("/format: expected \"{RECORDING_FORMAT}\" (is this a recording?)"));
    }
    match o.get("version").and_then(Value::as_u64) {
        Some(v) if v == u64::from(RECORDING_VERSION) => {}
        Some(v) if v > u64::from(RECORDING_VERSION) => {
            return Err(format!("/version: {v} is newer than this reads ({RECORDING_VERSION}): update licensing-sdk"))
        }
        _ => return Err(format!("/version: expected {RECORDING_VERSION}")),
    }
    known_fields(&o, "", &["format", "version", "upstream"])?;
    let upstream = string(&o, "", "upstream")?;
    Ok(Header { format: RECORDING_FORMAT.into(), version: RECORDING_VERSION, upstream })
}

fn known_fields(o: &Map<String, Value>, at: &str, known: &[&str]) -> Result<(), String> {
    match o.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(format!("{at}/{}: unknown field ({})", pointer_key(k), known.join(", "))),
        None => Ok(()),
    }
}

fn pointer_key(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn string(o: &Map<String, Value>, at: &str, name: &str) -> Result<String, String> {
    o.get(name).and_then(Value::as_str).map(str::to_owned).ok_or_else(|| format!("{at}/{name}: expected a string"))
}

fn optional_string(o: &Map<String, Value>, at: &str, name: &str) -> Result<Option<String>, String> {
    match o.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("{at}/{name}: expected a string or null")),
    }
}

fn headers(o: &Map<String, Value>, at: &str) -> Result<BTreeMap<String, String>, String> {
    let Some(Value::Object(h)) = o.get("headers") else { return Err(format!("{at}/headers: expected an object")) };
    h.iter()
        .map(|(k, v)| match v {
            Value::String(s) => Ok((k.clone(), s.clone())),
            _ => Err(format!("{at}/headers/{}: expected a string", pointer_key(k))),
        })
        .collect()
}

fn read_exchange(line: &str) -> Result<Exchange, String> {
    let o = object(line)?;
    known_fields(&o, "", &["endpoint", "request", "response", "error"])?;
    let endpoint = optional_string(&o, "", "endpoint")?;
    if let Some(name) = &endpoint {
        name.parse::<Endpoint>().map_err(|e| format!("/endpoint: {e}"))?;
    }
    let Some(Value::Object(r)) = o.get("request") else { return Err(String::from("/request: expected an object")) };
    known_fields(r, "/request", &["method", "path", "query", "headers", "body"])?;
    let request = RecordedRequest {
        method: string(r, "/request", "method")?,
        path: string(r, "/request", "path")?,
        query: optional_string(r, "/request", "query")?,
        headers: headers(r, "/request")?,
        body: optional_string(r, "/request", "body")?,
    };
    let response = match o.get("response") {
        None | Some(Value::Null) => None,
        Some(Value::Object(a)) => {
            known_fields(a, "/response", &["status", "headers", "body", "charset"])?;
            let status = a
                .get("status")
                .and_then(Value::as_u64)
                .filter(|s| (100..=599).contains(s))
                .ok_or("/response/status: expected an integer from 100 to 599")?;
            Some(RecordedResponse {
                status: u16::try_from(status).unwrap_or(0),
                headers: headers(a, "/response")?,
                body: string(a, "/response", "body")?,
                charset: optional_string(a, "/response", "charset")?,
            })
        }
        Some(_) => return Err(String::from("/response: expected an object or null")),
    };
    let error = optional_string(&o, "", "error")?;
    Ok(Exchange { endpoint, request, response, error })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(exchange: &str) -> String {
        format!("{}{exchange}\n", header_line("http://u"))
    }

    #[test]
    fn problems_are_named_by_line_and_pointer() {
        let cases = [
            ("not json", "line 2: : not JSON"),
            ("[]", "line 2: : expected a JSON object"),
            (r#"{"request":{}}"#, "line 2: /request/method: expected a string"),
            (
                r#"{"request":{"method":"GET","path":"/","headers":{}},"response":{"status":7,"headers":{},"body":""}}"#,
                "line 2: /response/status",
            ),
            (r#"{"request":{"method":"GET","path":"/","headers":{"a":1}}}"#, "line 2: /request/headers/a"),
            (r#"{"endpoint":"nope","request":{"method":"GET","path":"/","headers":{}}}"#, "line 2: /endpoint"),
            (r#"{"extra":1,"request":{"method":"GET","path":"/","headers":{}}}"#, "line 2: /extra: unknown field"),
        ];
        for (exchange, says) in cases {
            let err = read(&line(exchange)).unwrap_err();
            assert!(err.starts_with(says), "{exchange}: {err}");
        }
        assert!(read(r#"{"format":"licensing-sdk-recording","version":2,"upstream":"u"}"#)
            .unwrap_err()
            .contains("newer"));
        assert!(read("").unwrap_err().contains("empty"));
    }

    #[test]
    fn a_last_line_cut_short_is_left_out_and_said_anything_else_refuses() {
        let whole = r#"{"request":{"method":"GET","path":"/","headers":{}}}"#;
        let text = format!("{}{whole}\n{}", line(whole), &whole[..20]);
        let recording = read(&text).unwrap();
        assert_eq!((recording.exchanges.len(), recording.cut_last_line), (2, Some(4)));
        // Ended by a newline it was written whole: not cut, refused.
        assert!(read(&format!("{text}\n")).unwrap_err().starts_with("line 4: : not JSON"));
        // Not the last line: refused.
        assert!(read(&format!("{}{}\n{whole}", line(whole), &whole[..20])).unwrap_err().starts_with("line 3"));
    }

    #[test]
    fn a_key_given_twice_in_a_line_is_refused_by_its_pointer() {
        let twice = r#"{"request":{"method":"GET","method":"POST","path":"/","headers":{}}}"#;
        let err = read(&line(twice)).unwrap_err();
        assert!(err.starts_with(r#"line 2: /request/method: the key "method" is given twice"#), "{err}");
    }

    #[test]
    fn an_answer_not_in_utf8_says_its_charset_and_reads_back() {
        let request = RecordedRequest::new("GET", "/", None, vec![], None);
        for (given, written) in [(Some("GBK"), Some("gbk")), (Some("UTF-8"), None), (None, None)] {
            let answer = RecordedResponse::new(200, vec![], "x".into()).decoded_from(given);
            let text = line(exchange_line(&Exchange::new(request.clone(), Some(answer)), &[]).trim_end());
            assert_eq!(text.contains(r#""charset":"gbk""#), written.is_some(), "{text}");
            let exchanges = read(&text).unwrap().exchanges;
            assert_eq!(exchanges[0].1.response.as_ref().and_then(|r| r.charset.as_deref()), written);
        }
    }

    #[test]
    fn secrets_are_redacted_everywhere() {
        let request = RecordedRequest::new(
            "POST",
            "/order/api/order/v1/shellnums",
            Some("g_nonce=tok-1&echo=tok-1"),
            vec![("Authorization".into(), "Bearer tok-1".into()), ("Cookie".into(), "s=1".into())],
            Some(r#"{"size":1,"note":"tok-1"}"#.into()),
        );
        let answer = RecordedResponse::new(299, vec![("set-cookie".into(), "k=v".into())], "bad token tok-1".into());
        let text = exchange_line(&Exchange::new(request, Some(answer)), &["tok-1".into()]);
        assert!(!text.contains("tok-1") && !text.contains("s=1") && !text.contains("k=v"), "{text}");
        assert!(text.contains(r#""authorization":"Bearer [redacted]""#), "{text}");
    }
}
