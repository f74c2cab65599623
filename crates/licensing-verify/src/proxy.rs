//! The checking proxy's decisions (`npx licensing-sdk-sim proxy`): a portal's
//! requests validated as the simulator validates them (and, with `refuse`,
//! refused as it refuses them instead of forwarded), the service's answers
//! checked against the contract (`check_answer`), each difference reported
//! once per endpoint, code and path, and a summary. The Node shell does the
//! HTTP; this decides what it logs, answers and records.
//!
//! ```
//! use licensing_sim_core::RequestHead;
//! use licensing_verify::proxy::{Inspector, ProxyOptions};
//! let mut proxy = Inspector::new(ProxyOptions::default());
//! let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n1"))
//!     .header("authorization", "Bearer t0ken")
//!     .header("content-type", "application/json");
//! let seen = proxy.request(&head, br#"{"size":0}"#);
//! assert!(seen.lines[0].contains("/size minimum"));
//! assert!(seen.refusal.is_none()); // forwarded: `refuse` is off
//! let lines = proxy.answer("shellNums", 200, r#"{"code":0,"data":["8000000001"]}"#);
//! assert!(lines[0].contains("/message missing_field"));
//! assert!(proxy.answer("shellNums", 200, r#"{"code":0,"data":[]}"#).is_empty()); // once
//! ```

use licensing_core::response::check_answer;
use licensing_core::validate::{validate_json, Issue, Locale, Options, Profile, Severity};
use licensing_core::wire::Endpoint;
use licensing_sim_core::{read_request, refusal, RequestHead};
use serde::{Deserialize, Serialize};

use crate::differences::{group, shown, Difference};
use crate::har::{har_entry, SdkView};
use crate::recording::{exchange_line, Exchange, RecordedRequest};

/// How a proxy checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct ProxyOptions {
    /// The rules profile requests are validated with (`--rules`).
    #[serde(default, deserialize_with = "profile")]
    pub rules: Profile,
    /// Refuse an invalid request as the simulator would, instead of forwarding it.
    #[serde(default)]
    pub refuse: bool,
    /// The language of the messages.
    #[serde(default, deserialize_with = "locale")]
    pub locale: Locale,
}

impl Default for ProxyOptions {
    fn default() -> Self {
        Self { rules: Profile::Recommended, refuse: false, locale: Locale::En }
    }
}

fn profile<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
    let name = String::deserialize(d)?;
    licensing_sim_core::parse_rules(&name).map_err(serde::de::Error::custom)
}

fn locale<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Locale, D::Error> {
    let tag = String::deserialize(d)?;
    Locale::parse(&tag).ok_or_else(|| serde::de::Error::custom(format!("unknown locale {tag:?} (en, zh-CN)")))
}

impl ProxyOptions {
    /// Options from their JSON form (`{ rules, refuse, locale }`); an error names the field.
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("proxy options: {e}"))
    }
}

/// What the proxy makes of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RequestSeen {
    /// The endpoint it calls (`None`: a path of no endpoint, forwarded as it is).
    pub endpoint: Option<Endpoint>,
    /// Its validation issues.
    pub issues: Vec<Issue>,
    /// Log lines for what is new (each endpoint, code and path once).
    pub lines: Vec<String>,
    /// With `refuse`: the simulator's refusal to answer instead of forwarding.
    pub refusal: Option<licensing_sim_core::Reply>,
}

impl RequestSeen {
    /// As JSON text: `{flight, endpoint, lines, refusal}`, `flight` the
    /// number the caller keeps the request under until its exchange ends, the
    /// refusal `{status, headers: [[name, value]], body}` (what the proxy
    /// answers instead of forwarding).
    pub fn to_json(&self, flight: u32) -> String {
        let refusal = self.refusal.as_ref().map(|reply| {
            let headers: Vec<(&str, &str)> = reply.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
            serde_json::json!({ "status": reply.status, "headers": headers, "body": reply.text() })
        });
        let endpoint = self.endpoint.map(|e| e.name());
        serde_json::json!({ "flight": flight, "endpoint": endpoint, "lines": self.lines, "refusal": refusal })
            .to_string()
    }
}

/// The counts of one endpoint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EndpointCounts {
    /// The endpoint.
    pub endpoint: String,
    /// Requests seen.
    pub requests: usize,
    /// Requests with an error under the profile.
    pub invalid: usize,
    /// Requests refused here instead of forwarded.
    pub refused: usize,
    /// Answers checked.
    pub answers: usize,
    /// Answers that differ from what the spec states.
    pub differing: usize,
}

/// What a proxy saw, in all.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ProxySummary {
    /// Per endpoint, in the spec's order (only those called).
    pub endpoints: Vec<EndpointCounts>,
    /// Every difference of the answers, by endpoint, code and path.
    pub answers: Vec<(String, Difference)>,
    /// Every issue of the requests, by endpoint, code and path.
    pub requests: Vec<(String, Difference)>,
}

/// The exchange that first showed a difference of the answers (what the
/// `--html` report shows behind it), its tokens redacted.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Exhibit {
    /// The endpoint.
    pub endpoint: String,
    /// The difference's code.
    pub code: &'static str,
    /// The difference's path (`/data/*/status`).
    pub path: String,
    /// The request's method.
    pub method: String,
    /// Its path and query.
    pub target: String,
    /// The answer's status.
    pub status: u16,
    /// The answer's body, its first [`crate::verify::ANSWER_SHOWN_CHARS`] characters.
    pub answer: String,
}

/// Most exchanges kept behind differences (one per difference; a service
/// that drifts everywhere has more differences than a report shows).
const MAX_EXHIBITS: usize = 200;

/// A proxy's state: what it has seen and logged.
#[derive(Debug)]
pub struct Inspector {
    options: ProxyOptions,
    /// The bearer tokens seen (redacted from recordings), at most [`MAX_SECRETS`].
    secrets: Vec<String>,
    summary: ProxySummary,
    /// How often each request came (by a hash of it): HAR's `attempt`.
    attempts: std::collections::HashMap<u64, u32>,
    /// The exchange behind each difference of the answers, at most [`MAX_EXHIBITS`].
    exhibits: Vec<Exhibit>,
}

/// Most distinct requests whose attempts are counted.
const MAX_ATTEMPT_KEYS: usize = 100_000;

/// What [`Inspector::finish`] writes besides its log lines.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Output {
    /// The exchange's recording line (`--record`).
    pub record: bool,
    /// Its HAR entry (`--har`), with where and when.
    pub har: Option<HarAt>,
}

/// Where and when an exchange happened, for its HAR entry.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct HarAt {
    /// The origin the client addressed (`http://127.0.0.1:8790`).
    pub url_base: String,
    /// When it began, ISO 8601.
    pub started: String,
    /// How long it took, in milliseconds.
    pub time_ms: f64,
}

impl Output {
    /// What to write: a recording line and, with `har`, a HAR entry.
    pub fn new(record: bool, har: Option<HarAt>) -> Self {
        Self { record, har }
    }
}

impl HarAt {
    /// An exchange at `url_base`, begun at `started`, `time_ms` long.
    pub fn new(url_base: &str, started: &str, time_ms: f64) -> Self {
        Self { url_base: url_base.to_owned(), started: started.to_owned(), time_ms }
    }
}

/// What an ended exchange gives: the log lines of what is new, and what
/// [`Output`] asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Finished {
    /// Log lines for the answer's differences not seen before.
    pub lines: Vec<String>,
    /// The recording's line (with its newline).
    pub recording: Option<String>,
    /// The HAR entry's JSON text.
    pub har: Option<String>,
}

/// Most distinct tokens remembered for redaction.
const MAX_SECRETS: usize = 64;

impl Inspector {
    /// A proxy that checks as `options` say.
    pub fn new(options: ProxyOptions) -> Self {
        Self {
            options,
            secrets: Vec::new(),
            summary: ProxySummary::default(),
            attempts: Default::default(),
            exhibits: Vec::new(),
        }
    }

    /// Adds to an endpoint's counts.
    fn count(&mut self, endpoint: Endpoint, add: impl FnOnce(&mut EndpointCounts)) {
        let name = endpoint.name();
        if !self.summary.endpoints.iter().any(|c| c.endpoint == name) {
            let rank = |n: &str| Endpoint::ALL.iter().position(|e| e.name() == n);
            let at = self.summary.endpoints.iter().position(|c| rank(&c.endpoint) > rank(name));
            let fresh = EndpointCounts { endpoint: name.to_owned(), ..Default::default() };
            self.summary.endpoints.insert(at.unwrap_or(self.summary.endpoints.len()), fresh);
        }
        if let Some(counts) = self.summary.endpoints.iter_mut().find(|c| c.endpoint == name) {
            add(counts);
        }
    }

    /// A request on its way: its token remembered (for redaction), its input
    /// validated, what is new logged, and with `refuse` the refusal to answer.
    pub fn request(&mut self, head: &RequestHead, body: &[u8]) -> RequestSeen {
        if let Some(token) = bearer(head) {
            if !self.secrets.iter().any(|s| s == token) && self.secrets.len() < MAX_SECRETS {
                self.secrets.push(token.to_owned());
            }
        }
        let Some((endpoint, input)) = read_request(head, body) else {
            return RequestSeen { endpoint: None, issues: Vec::new(), lines: Vec::new(), refusal: None };
        };
        let opts = Options::default().with_rules(self.options.rules).with_locale(self.options.locale);
        let (report, unreadable) = match input {
            Ok(text) => (validate_json(endpoint, &text, &opts), None),
            Err(reply) => (licensing_core::validate::Report::from_issues(Vec::new()), Some(reply)),
        };
        let refusal = match (&unreadable, report.first_error_line()) {
            _ if !self.options.refuse => None,
            (Some(reply), _) => Some(reply.clone()),
            (None, Some(first)) => Some(refusal(endpoint, first)),
            (None, None) => None,
        };
        let invalid = unreadable.is_some() || !report.valid;
        let refused = refusal.is_some();
        self.count(endpoint, |c| {
            c.requests += 1;
            c.invalid += usize::from(invalid);
            c.refused += usize::from(refused);
        });
        let mut lines = Vec::new();
        if let Some(reply) = &unreadable {
            lines.push(format!("request {} cannot be read: {}", endpoint.name(), reply.text()));
        }
        for d in group(&report.issues) {
            if let Some(line) = self.first_time("request", endpoint, d, false) {
                lines.push(line);
            }
        }
        RequestSeen { endpoint: Some(endpoint), issues: report.issues, lines, refusal }
    }

    /// An answer of `endpoint` (its name) checked against the contract: log
    /// lines for the differences not seen before. An unknown name: nothing.
    pub fn answer(&mut self, endpoint: &str, status: u16, body: &str) -> Vec<String> {
        self.checked(endpoint, status, body).0
    }

    /// [`Inspector::answer`], and whether the answer differs from what the
    /// spec states (`None`: no endpoint of that name).
    fn checked(&mut self, endpoint: &str, status: u16, body: &str) -> (Vec<String>, Option<bool>) {
        let Ok(endpoint) = endpoint.parse::<Endpoint>() else { return (Vec::new(), None) };
        let opts = Options::default().with_rules(Profile::Spec).with_locale(self.options.locale);
        let report = check_answer(endpoint, status, body, &opts);
        let differing = !report.valid;
        self.count(endpoint, |c| {
            c.answers += 1;
            c.differing += usize::from(differing);
        });
        let mut lines = Vec::new();
        for d in group(&report.issues) {
            if let Some(line) = self.first_time("answer", endpoint, d, true) {
                lines.push(line);
            }
        }
        (lines, Some(differing))
    }

    /// An exchange ended (answered, refused here, or with no answer): its
    /// answer checked (the log lines of what is new), and as `out` asks, its
    /// recording line and its HAR entry, both redacted. The answer crosses
    /// once; the request was seen by [`Inspector::request`].
    pub fn finish(&mut self, exchange: &Exchange, refused: bool, out: &Output) -> Finished {
        let known = self.summary.answers.len();
        let (lines, differs) = match (&exchange.endpoint, &exchange.response) {
            (Some(endpoint), Some(answer)) if !refused => self.checked(endpoint, answer.status, &answer.body),
            _ => (Vec::new(), None),
        };
        self.keep_exhibits(exchange, known);
        let verdict = match (&exchange.endpoint, &exchange.response, differs) {
            (None, _, _) => "not the service",
            (_, None, _) => "no answer",
            _ if refused => "refused here",
            (_, _, Some(true)) => "differs",
            _ => "agrees",
        };
        let recording = out.record.then(|| self.record(exchange));
        let har = out.har.as_ref().map(|at| {
            let sdk = SdkView::new(self.attempt(&exchange.request), verdict);
            har_entry(exchange, &self.secrets, &at.url_base, &at.started, at.time_ms, &sdk)
        });
        Finished { lines, recording, har }
    }

    /// Keeps `exchange` behind each difference it showed first (those past
    /// the first `known` of the summary's).
    fn keep_exhibits(&mut self, exchange: &Exchange, known: usize) {
        let Some(answer) = &exchange.response else { return };
        if known == self.summary.answers.len() || self.exhibits.len() >= MAX_EXHIBITS {
            return;
        }
        // Written once for every difference the exchange showed first. The
        // body is redacted whole, then cut: a token cut in two would not be found.
        let request = &exchange.request;
        let target = match &request.query {
            Some(query) => format!("{}?{query}", request.path),
            None => request.path.clone(),
        };
        let target = crate::redact::redact(&target, &self.secrets);
        let body = crate::redact::redact(&answer.body, &self.secrets);
        let shown = licensing_core::validate::excerpt(&body, crate::verify::ANSWER_SHOWN_CHARS);
        let room = MAX_EXHIBITS - self.exhibits.len();
        for (endpoint, d) in self.summary.answers.iter().skip(known).take(room) {
            self.exhibits.push(Exhibit {
                endpoint: endpoint.clone(),
                code: d.code,
                path: d.path.clone(),
                method: request.method.clone(),
                target: target.clone(),
                status: answer.status,
                answer: shown.clone(),
            });
        }
    }

    /// The exchange behind each difference of the answers.
    pub fn exhibits(&self) -> &[Exhibit] {
        &self.exhibits
    }

    /// The how-many-th time this request (method, path, query but its
    /// `g_nonce`, body) came: a retry, or the same call made again. Counted by
    /// a hash of it, for at most [`MAX_ATTEMPT_KEYS`] requests (then 1).
    fn attempt(&mut self, request: &RecordedRequest) -> u32 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        request.method.hash(&mut hasher);
        request.path.hash(&mut hasher);
        for pair in request.query.as_deref().unwrap_or_default().split('&') {
            if !pair.starts_with("g_nonce=") {
                pair.hash(&mut hasher);
            }
        }
        request.body.hash(&mut hasher);
        let key = hasher.finish();
        if !self.attempts.contains_key(&key) && self.attempts.len() >= MAX_ATTEMPT_KEYS {
            return 1;
        }
        let seen = self.attempts.entry(key).or_insert(0);
        *seen = seen.saturating_add(1);
        *seen
    }

    /// Keeps a difference the first time it is seen; its log line then.
    fn first_time(&mut self, what: &str, endpoint: Endpoint, mut d: Difference, answer: bool) -> Option<String> {
        // A key that echoes a token names it in the path: redacted as it decodes.
        crate::redact::redact_difference(&mut d, &self.secrets);
        let list = if answer { &mut self.summary.answers } else { &mut self.summary.requests };
        let name = endpoint.name();
        if let Some((_, seen)) = list.iter_mut().find(|(e, s)| e == name && s.code == d.code && s.path == d.path) {
            seen.count += d.count;
            return None;
        }
        let verdict = d.verdict(answer);
        let line = format!("{what:<7} {name} {} {} ({verdict}): {}", shown(&d.path), d.code, d.message);
        list.push((name.to_owned(), d));
        Some(line)
    }

    /// An exchange as a line of the recording, every token seen redacted.
    pub fn record(&self, exchange: &Exchange) -> String {
        exchange_line(exchange, &self.secrets)
    }

    /// What was seen, in all.
    pub fn summary(&self) -> &ProxySummary {
        &self.summary
    }

    /// The summary in words, for the proxy's exit.
    pub fn summary_lines(&self) -> Vec<String> {
        let s = &self.summary;
        let mut out = vec![String::from("licensing-sdk-sim proxy: summary")];
        for c in &s.endpoints {
            out.push(format!(
                "  {:<18} {} request(s), {} invalid, {} refused here; {} answer(s), {} differing from the spec",
                c.endpoint, c.requests, c.invalid, c.refused, c.answers, c.differing
            ));
        }
        for (endpoint, d) in &s.answers {
            let kind = if d.severity == Severity::Error { "differs" } else { "note" };
            out.push(format!("  answer  {endpoint} {} {} ({kind}) ×{}", shown(&d.path), d.code, d.count));
        }
        for (endpoint, d) in &s.requests {
            out.push(format!("  request {endpoint} {} {} ×{}", shown(&d.path), d.code, d.count));
        }
        if s.endpoints.is_empty() {
            out.push(String::from("  no request reached an endpoint of the service"));
        }
        out
    }
}

/// The token of an `Authorization: Bearer` header.
fn bearer(head: &RequestHead) -> Option<&str> {
    let value = head.header_value("authorization")?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_the_simulators() {
        let mut proxy = Inspector::new(ProxyOptions { refuse: true, ..ProxyOptions::default() });
        let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n1"))
            .header("content-type", "application/json");
        let seen = proxy.request(&head, br#"{"size":0}"#);
        let reply = seen.refusal.unwrap();
        assert_eq!(reply.status, 299);
        assert!(reply.text().contains("13004"), "{}", reply.text());
        let join = RequestHead::new("POST", "/activity/services/activity", Some("g_nonce=n2"))
            .header("content-type", "application/json");
        let reply = proxy.request(&join, b"{}").refusal.unwrap();
        assert_eq!(reply.status, 200);
        assert!(reply.text().contains("1001"));
        // Not JSON content: refused as the simulator refuses it.
        let plain = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n3"));
        assert!(proxy.request(&plain, b"size=1").refusal.unwrap().text().contains("Content-Type"));
        // A path of no endpoint goes through.
        let other = RequestHead::new("GET", "/health", None);
        assert_eq!(proxy.request(&other, b"").endpoint, None);
        let counts = &proxy.summary().endpoints;
        assert_eq!((counts[0].endpoint.as_str(), counts[0].refused), ("shellNums", 2));
        assert_eq!(counts[1].endpoint, "joinActivity");
    }

    /// A key equal to the token (a `/` in it: `~1` in the pointer, `\/` as
    /// PHP escapes it) is redacted from the log and the summary, as it decodes.
    #[test]
    fn a_key_that_echoes_the_token_is_redacted_from_paths() {
        let token = "tok/en-secret";
        let mut proxy = Inspector::new(ProxyOptions::default());
        let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n"))
            .header("authorization", &format!("Bearer {token}"))
            .header("content-type", "application/json");
        let mut lines = proxy.request(&head, br#"{"size":1,"tok/en-secret":1}"#).lines;
        lines.extend(proxy.answer("shellNums", 200, r#"{"code":0,"message":"ok","data":[],"tok\/en-secret":1}"#));
        assert_eq!(lines.len(), 2, "{lines:?}");
        let summary =
            format!("{}{}", proxy.summary_lines().join("\n"), serde_json::to_string(proxy.summary()).unwrap());
        for text in lines.iter().chain([&summary]) {
            assert!(!text.contains("tok/en") && !text.contains("tok~1en"), "{text}");
        }
        assert!(lines.iter().all(|l| l.contains("/[redacted] unknown_field")), "{lines:?}");
    }

    /// One call per ended exchange: its lines, its recording line and its HAR
    /// entry, with the attempt (the same request again, `g_nonce` aside) and
    /// the verdict.
    #[test]
    fn an_ended_exchange_gives_its_lines_recording_and_har_entry() {
        use crate::recording::{RecordedRequest, RecordedResponse};
        let mut proxy = Inspector::new(ProxyOptions::default());
        let at = Output::new(true, Some(HarAt::new("http://127.0.0.1:8790", "2026-01-01T00:00:00.000Z", 2.0)));
        let exchange = |nonce: &str, answer: Option<&str>| {
            let request = RecordedRequest::new(
                "POST",
                "/order/api/order/v1/asset/lock",
                Some(&format!("g_nonce={nonce}")),
                vec![],
                Some(r#"{"assetNums":["8000000001"],"operatorIdentity":"ops"}"#.into()),
            );
            let response = answer.map(|body| RecordedResponse::new(200, vec![], body.into()));
            let e = Exchange::new(request, response);
            if answer.is_none() {
                e.failed("ECONNRESET")
            } else {
                e
            }
        };
        let verdict = |har: &Option<String>| {
            let entry: serde_json::Value = serde_json::from_str(har.as_deref().unwrap()).unwrap();
            (
                entry["_licensingSdk"]["attempt"].as_u64().unwrap(),
                entry["_licensingSdk"]["verdict"].as_str().unwrap().to_owned(),
            )
        };
        let lost = proxy.finish(&exchange("n1", None), false, &at);
        assert_eq!(verdict(&lost.har), (1, String::from("no answer")));
        assert!(lost.recording.unwrap().contains("ECONNRESET"));
        let differs = proxy.finish(
            &exchange("n2", Some(r#"{"code":0,"message":"ok","data":[{"assetNum":"8000000001","status":5}]}"#)),
            false,
            &at,
        );
        assert_eq!(verdict(&differs.har), (2, String::from("differs")));
        assert!(differs.lines[0].contains("/data/*/status enum (differs)"), "{:?}", differs.lines);
        let agrees = proxy.finish(
            &exchange("n3", Some(r#"{"code":0,"message":"ok","data":[{"assetNum":"8000000001","status":1}]}"#)),
            false,
            &at,
        );
        assert_eq!((verdict(&agrees.har), agrees.lines.len()), ((3, String::from("agrees")), 0));
        let refused = proxy.finish(&exchange("n4", Some(r#"{"code":"13004","message":"bad","cause":"x"}"#)), true, &at);
        assert_eq!(verdict(&refused.har).1, "refused here");
        let quiet = proxy.finish(&exchange("n5", None), false, &Output::default());
        assert_eq!((quiet.recording, quiet.har), (None, None));
    }

    #[test]
    fn the_token_is_redacted_from_recordings() {
        use crate::recording::{RecordedRequest, RecordedResponse};
        let mut proxy = Inspector::new(ProxyOptions::default());
        let head = RequestHead::new("GET", "/order/api/order/v1/enterprise/user/query", Some("g_nonce=n"))
            .header("authorization", "Bearer top-secret-1");
        proxy.request(&head, b"");
        let exchange = Exchange::new(
            RecordedRequest::new("GET", &head.path, head.query.as_deref(), head.headers.clone(), None),
            Some(RecordedResponse::new(200, vec![], r#"{"echo":"top-secret-1"}"#.into())),
        );
        let line = proxy.record(&exchange);
        assert!(!line.contains("top-secret-1"), "{line}");
    }
}
