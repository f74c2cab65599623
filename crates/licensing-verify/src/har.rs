//! HAR 1.2 both ways: what the browsers' devtools, Playwright (`recordHar`,
//! `routeFromHAR`), schemathesis (`--report har`), Polly.js and mock servers
//! read and write.
//!
//! - **Out** ([`har_head`], [`har_entry`]): the checking proxy's exchanges as
//!   HAR entries, redacted as the recording is (`recording::redacted`), each
//!   with the SDK's view in `_licensingSdk` (`endpoint`, `attempt`, `verdict`);
//!   a lost answer as the browsers write one (`response.status` 0, `_error`).
//! - **In** ([`read`]): a HAR's entries as the exchanges a recording holds, the
//!   entries that are not the service's (a page, its scripts, another API, a
//!   preflight) skipped and counted. The service is found by its paths, under
//!   any prefix (`https://gw.example/licensing/order/api/...`). Bodies come as
//!   text or base64 (`content.encoding`); attached ones (`_file`, Playwright's
//!   `content: "attach"`) are inlined by the shell before, which reads files.
//!
//! ```
//! use licensing_verify::har;
//! let text = r#"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[
//!   {"request":{"method":"GET","url":"https://portal.example/app.js","headers":[]},"response":{"status":200,"headers":[],"content":{"text":""}}},
//!   {"request":{"method":"POST","url":"https://gw.example/api/order/api/order/v1/shellnums?g_nonce=n1","headers":[],"postData":{"mimeType":"application/json","text":"{\"size\":1}"}},
//!    "response":{"status":200,"headers":[],"content":{"mimeType":"application/json","encoding":"base64","text":"eyJjb2RlIjowLCJtZXNzYWdlIjoib2siLCJkYXRhIjpbIjgwMDAwMDAwMDEiXX0="}}}]}}"#;
//! let read = har::read(text)?;
//! assert_eq!(read.skipped, 1);
//! let (entry, exchange) = &read.exchanges[0];
//! assert_eq!((*entry, exchange.endpoint.as_deref(), exchange.request.path.as_str()), (2, Some("shellNums"), "/order/api/order/v1/shellnums"));
//! assert!(exchange.response.as_ref().unwrap().body.contains("8000000001"));
//! # Ok::<(), String>(())
//! ```

use base64::Engine;
use licensing_core::wire::Endpoint;
use serde_json::{json, Map, Value};

use crate::recording::{redacted, Exchange, RecordedRequest, RecordedResponse};

/// A HAR read: each of the service's entries as an exchange, with its number
/// (from 1, in `log.entries`), and how many entries were not the service's.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HarRead {
    /// The service's exchanges, each with its entry's number.
    pub exchanges: Vec<(usize, Exchange)>,
    /// Entries of other paths, and the service's preflights: skipped.
    pub skipped: usize,
}

/// A HAR's entries read as exchanges; `Err` names what makes it no HAR
/// (`/log/entries: expected an array`), or the entry that cannot be read.
pub fn read(text: &str) -> Result<HarRead, String> {
    // A lone surrogate in any entry (a font's bytes as text, a page's cut
    // string) is read as U+FFFD, as the validators read one: serde_json
    // refuses such a text whole, and with it every other entry.
    let text = licensing_core::validate::without_lone_surrogates(text);
    let har: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON ({e})"))?;
    let entries = har
        .pointer("/log/entries")
        .and_then(Value::as_array)
        .ok_or("/log/entries: expected an array (is this a HAR?)")?;
    let mut out = HarRead { exchanges: Vec::new(), skipped: 0 };
    for (i, entry) in entries.iter().enumerate() {
        match exchange(entry).map_err(|e| format!("/log/entries/{i}{e}"))? {
            Some(exchange) => out.exchanges.push((i + 1, exchange)),
            None => out.skipped += 1,
        }
    }
    Ok(out)
}

/// One entry as an exchange (`None`: not the service's, or a preflight).
fn exchange(entry: &Value) -> Result<Option<Exchange>, String> {
    let request = entry.get("request").ok_or("/request: expected an object")?;
    let method = request.get("method").and_then(Value::as_str).ok_or("/request/method: expected a string")?;
    let url = request.get("url").and_then(Value::as_str).ok_or("/request/url: expected a string")?;
    let Some((path, query)) = service_path(url) else { return Ok(None) };
    if method.eq_ignore_ascii_case("OPTIONS") {
        return Ok(None);
    }
    let body = match request.get("postData") {
        Some(data) if !data.is_null() => Some(content_text(data).map_err(|e| format!("/request/postData{e}"))?),
        _ => None,
    };
    let recorded =
        RecordedRequest::new(&method.to_ascii_uppercase(), path, query, headers(request.get("headers")), body);
    let response = entry.get("response").filter(|r| !r.is_null());
    let status = response.and_then(|r| r.get("status")).and_then(Value::as_i64).unwrap_or(0);
    let Some(status) = u16::try_from(status).ok().filter(|s| (100..=599).contains(s)) else {
        // Devtools and Playwright write a lost answer with status 0 (or -1).
        let why = response
            .and_then(|r| r.get("_error").or_else(|| r.get("_failureText")))
            .and_then(Value::as_str)
            .unwrap_or("no answer");
        return Ok(Some(Exchange::new(recorded, None).failed(why)));
    };
    let content = response.and_then(|r| r.get("content")).cloned().unwrap_or(Value::Null);
    let text = content_text(&content).map_err(|e| format!("/response/content{e}"))?;
    let answer = RecordedResponse::new(status, headers(response.and_then(|r| r.get("headers"))), text);
    Ok(Some(Exchange::new(recorded, Some(answer))))
}

/// The service's path and query in a URL (`None`: no endpoint's path, under
/// any prefix).
fn service_path(url: &str) -> Option<(&str, Option<&str>)> {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let from_path = after_scheme.find('/').and_then(|at| after_scheme.get(at..))?;
    let without_fragment = from_path.split('#').next().unwrap_or_default();
    let (path, query) = match without_fragment.split_once('?') {
        Some((path, query)) => (path, Some(query).filter(|q| !q.is_empty())),
        None => (without_fragment, None),
    };
    // The endpoint's path may sit under a gateway's prefix: the first suffix
    // at a `/` that names one.
    let at = path.match_indices('/').map(|(i, _)| i).find(|&i| path.get(i..).and_then(Endpoint::at_path).is_some())?;
    Some((path.get(at..)?, query))
}

/// HAR's `[{name, value}]` as pairs (what is not a string skipped).
fn headers(list: Option<&Value>) -> Vec<(String, String)> {
    list.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|h| Some((h.get("name")?.as_str()?.to_owned(), h.get("value")?.as_str()?.to_owned())))
        .collect()
}

/// A `content` or `postData` object's text: as it is, or decoded from base64.
fn content_text(content: &Value) -> Result<String, String> {
    let text = content.get("text").and_then(Value::as_str).unwrap_or_default();
    if content.get("encoding").and_then(Value::as_str) != Some("base64") {
        return Ok(text.to_owned());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map_err(|e| format!("/text: not base64 ({e})"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// What the SDK saw of an exchange, in its HAR entry's `_licensingSdk`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SdkView {
    /// The how-many-th time this request (method, path, query but `g_nonce`,
    /// body) reached the proxy: a retry, or the same call made again.
    pub attempt: u32,
    /// `agrees`, `differs` (from what the spec states), `refused here`
    /// (`--refuse`), `no answer`, or `not the service`.
    pub verdict: &'static str,
}

impl SdkView {
    /// The view of an exchange: its attempt and verdict.
    pub fn new(attempt: u32, verdict: &'static str) -> Self {
        Self { attempt, verdict }
    }
}

/// A HAR file's start: everything before the first entry (`{"log":{…,
/// "entries":[`). The file is whole after each entry when each is written
/// before [`HAR_TAIL`], the tail rewritten after it.
pub fn har_head(creator_version: &str) -> String {
    let head = json!({
        "log": {
            "version": "1.2",
            "creator": { "name": "licensing-sdk-sim proxy", "version": creator_version },
            "pages": [],
        }
    });
    // The object's text without its last `}}`: the entries follow.
    let mut text = head.to_string();
    text.truncate(text.len().saturating_sub(2));
    text.push_str(",\"entries\":[");
    text
}

/// What closes a HAR file after its entries.
pub const HAR_TAIL: &str = "]}}\n";

/// An exchange as a HAR entry's JSON text, redacted as a recording's line
/// (`secrets` wherever they appear, the secret headers' values): `url_base`
/// is the origin the client addressed (`http://127.0.0.1:8790`), `started` the
/// ISO 8601 time it began, `time_ms` how long it took.
pub fn har_entry(
    exchange: &Exchange,
    secrets: &[String],
    url_base: &str,
    started: &str,
    time_ms: f64,
    sdk: &SdkView,
) -> String {
    let e = redacted(exchange, secrets);
    let url = match &e.request.query {
        Some(query) => format!("{url_base}{}?{query}", e.request.path),
        None => format!("{url_base}{}", e.request.path),
    };
    let mime = |headers: &std::collections::BTreeMap<String, String>| {
        headers.get("content-type").cloned().unwrap_or_else(|| String::from("x-unknown"))
    };
    let mut request = Map::new();
    request.insert("method".into(), Value::from(e.request.method.clone()));
    request.insert("url".into(), Value::from(url));
    request.insert("httpVersion".into(), Value::from("HTTP/1.1"));
    request.insert("cookies".into(), json!([]));
    request.insert("headers".into(), pairs(&e.request.headers));
    request.insert("queryString".into(), query_pairs(e.request.query.as_deref()));
    if let Some(body) = &e.request.body {
        request.insert("postData".into(), json!({ "mimeType": mime(&e.request.headers), "text": body }));
    }
    request.insert("headersSize".into(), Value::from(-1));
    request.insert("bodySize".into(), Value::from(e.request.body.as_ref().map_or(0, String::len)));
    let response = match &e.response {
        Some(answer) => json!({
            "status": answer.status, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [],
            "headers": pairs(&answer.headers),
            "content": { "size": answer.body.len(), "mimeType": mime(&answer.headers), "text": answer.body },
            "redirectURL": "", "headersSize": -1, "bodySize": answer.body.len(),
        }),
        None => json!({
            "status": 0, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [],
            "content": { "size": 0, "mimeType": "x-unknown" }, "redirectURL": "", "headersSize": -1,
            "bodySize": -1, "_error": e.error.clone().unwrap_or_default(),
        }),
    };
    json!({
        "startedDateTime": started,
        "time": time_ms,
        "request": request,
        "response": response,
        "cache": {},
        "timings": { "send": 0, "wait": time_ms, "receive": 0 },
        "_licensingSdk": { "endpoint": e.endpoint, "attempt": sdk.attempt, "verdict": sdk.verdict },
    })
    .to_string()
}

fn pairs(headers: &std::collections::BTreeMap<String, String>) -> Value {
    headers.iter().map(|(name, value)| json!({ "name": name, "value": value })).collect()
}

fn query_pairs(query: Option<&str>) -> Value {
    query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            json!({ "name": name, "value": value })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry_of(exchange: &Exchange) -> Value {
        let sdk = SdkView { attempt: 1, verdict: "agrees" };
        let text =
            har_entry(exchange, &["tok-1".into()], "http://127.0.0.1:8790", "2026-01-01T00:00:00.000Z", 3.0, &sdk);
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn an_exchange_written_then_read_is_the_same_exchange_redacted() {
        let request = RecordedRequest::new(
            "POST",
            "/order/api/order/v1/shellnums",
            Some("g_nonce=n1"),
            vec![("authorization".into(), "Bearer tok-1".into()), ("content-type".into(), "application/json".into())],
            Some(r#"{"size":1}"#.into()),
        );
        let answer = RecordedResponse::new(
            200,
            vec![("set-cookie".into(), "s=1".into())],
            r#"{"code":0,"data":["8000000001"]}"#.into(),
        );
        let exchange = Exchange::new(request, Some(answer));
        let entry = entry_of(&exchange);
        let text = entry.to_string();
        assert!(!text.contains("tok-1") && !text.contains("s=1"), "{text}");
        assert_eq!(entry["request"]["url"], "http://127.0.0.1:8790/order/api/order/v1/shellnums?g_nonce=n1");
        assert_eq!(entry["_licensingSdk"], json!({ "endpoint": "shellNums", "attempt": 1, "verdict": "agrees" }));
        let har = format!("{}{text}{HAR_TAIL}", har_head("0.1.0"));
        let back = read(&har).unwrap();
        let (_, again) = &back.exchanges[0];
        assert_eq!(
            (again.endpoint.as_deref(), again.request.query.as_deref()),
            (Some("shellNums"), Some("g_nonce=n1"))
        );
        assert_eq!(again.response.as_ref().unwrap().body, r#"{"code":0,"data":["8000000001"]}"#);
    }

    #[test]
    fn a_lost_answer_is_status_0_with_its_error_both_ways() {
        let request = RecordedRequest::new("GET", "/order/api/order/v1/asset/EG1/list", None, vec![], None);
        let entry = entry_of(&Exchange::new(request, None).failed("ECONNRESET"));
        assert_eq!(
            (entry["response"]["status"].as_i64(), entry["response"]["_error"].as_str()),
            (Some(0), Some("ECONNRESET"))
        );
        let back = read(&format!("{}{entry}{HAR_TAIL}", har_head("0.1.0"))).unwrap();
        assert_eq!(back.exchanges[0].1.error.as_deref(), Some("ECONNRESET"));
    }

    #[test]
    fn what_is_no_har_is_refused_with_where() {
        assert!(read("[]").unwrap_err().starts_with("/log/entries"));
        assert!(read("{").unwrap_err().starts_with("not JSON"));
        let no_url = r#"{"log":{"entries":[{"request":{"method":"GET"}}]}}"#;
        assert_eq!(read(no_url).unwrap_err(), "/log/entries/0/request/url: expected a string");
        let bad = r#"{"log":{"entries":[{"request":{"method":"GET","url":"http://x/order/api/order/v1/shellnums"},"response":{"status":200,"content":{"encoding":"base64","text":"***"}}}]}}"#;
        assert!(read(bad).unwrap_err().starts_with("/log/entries/0/response/content/text: not base64"));
    }
    /// A lone surrogate in one entry (a font's bytes written as text) does not
    /// make the whole HAR unreadable: serde_json alone refused it, every entry.
    #[test]
    fn a_lone_surrogate_in_one_entry_leaves_the_others_read() {
        let text = r#"{"log":{"entries":[
          {"request":{"method":"GET","url":"https://cdn.example/font.woff"},"response":{"status":200,"content":{"text":"w\ud800f"}}},
          {"request":{"method":"POST","url":"https://x/order/api/order/v1/shellnums?g_nonce=n1","postData":{"text":"{\"size\":1}"}},
           "response":{"status":200,"content":{"text":"{\"code\":0,\"message\":\"cut \\ud83d\",\"data\":[\"8000000007\"]}"}}}]}}"#;
        let read = read(text).map_err(|e| e.to_string());
        assert_eq!(read.as_ref().map(|r| (r.skipped, r.exchanges.len())), Ok((1, 1)));
        let body =
            read.ok().and_then(|r| r.exchanges.first().and_then(|(_, e)| e.response.as_ref().map(|a| a.body.clone())));
        assert_eq!(
            body.as_deref(),
            Some(r#"{"code":0,"message":"cut \ud83d","data":["8000000007"]}"#),
            "a body's own escape is its text's, untouched"
        );
    }
}
