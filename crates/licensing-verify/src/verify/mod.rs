//! `licensing-sdk verify`: a live service checked against the contract, one
//! probe at a time. [`Verify::next_probe`] says what to send; the caller sends it
//! (with the token it holds: a probe names only which one) and hands back what
//! came with [`Verify::answered`]; [`Verify::report`] gives the verdicts.
//!
//! Every check carries its provenance, as the rules do. What the spec states
//! (scopes per module, envelopes, HTTP 299 refusals, the activity module's
//! `resultCode`, the answers' shapes) **agrees** or **differs**; what the spec
//! leaves open and the SDK infers (how a missing or wrong token is refused,
//! whether a replayed `g_nonce` is, what a rule the SDK infers refuses) is
//! reported as **what this service does**, so that a team learns it rather
//! than fails on it. Only a difference from the spec fails a run.
//!
//! Read-only unless [`Config::writes`]: the reads, auth, `g_nonce` and a read
//! refused for a missing field. With writes (a sandbox only): every endpoint
//! once, as the conformance suite calls it, and a calibration of each rule the
//! SDK infers: the smallest request only that rule refuses.

mod judge;
mod steps;

use licensing_core::validate::{Locale, Source};
use licensing_core::wire::Method;
use serde::{Deserialize, Serialize};

use crate::differences::Difference;
use crate::redact::redact;
use steps::{Learned, Step};

/// What a run is made with. Never a token: a probe names which one to send
/// ([`Auth`]), and the caller holds them; their texts are given only to be
/// redacted from everything the run hands back ([`Config::secrets`]).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[non_exhaustive]
pub struct Config {
    /// The service's base address, as the report names it (its user
    /// information, if any, is left out).
    pub base_url: String,
    /// Also the writes (a sandbox only): every endpoint, and the calibrations.
    #[serde(default)]
    pub writes: bool,
    /// Whether a token of the activity module's scope was given, and whether
    /// it is a token of its own.
    #[serde(default)]
    pub activity_token: ActivityToken,
    /// This run's name: in every `g_nonce` and in the ids its writes make, so
    /// that two runs never collide (letters, digits and `-`).
    pub run: String,
    /// The integrator's `appKey` for `batchOrder`.
    #[serde(default = "default_app_key")]
    pub app_key: String,
    /// The activity a write run joins (without it: one no service has).
    #[serde(default)]
    pub activity_label: Option<String>,
    /// The channel code the reads ask for.
    #[serde(default)]
    pub channel_code: Option<String>,
    /// The channel customer the reads ask for.
    #[serde(default)]
    pub channel_customer_id: Option<String>,
    /// The enterprise whose assets the reads list (without it: the first one
    /// the query answers, else one no service has).
    #[serde(default)]
    pub enterprise_global_id: Option<String>,
    /// Texts never to hand back (the tokens): replaced by `[redacted]` in
    /// every answer and failure the report quotes.
    #[serde(default)]
    pub secrets: Vec<String>,
    /// The language of the issues' messages (`en`, `zh-CN`).
    #[serde(default, deserialize_with = "locale")]
    pub locale: Locale,
}

fn default_app_key() -> String {
    String::from("licensing-sdk-verify")
}

fn locale<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Locale, D::Error> {
    let tag = String::deserialize(d)?;
    Locale::parse(&tag).ok_or_else(|| serde::de::Error::custom(format!("unknown locale {tag:?} (en, zh-CN)")))
}

impl Config {
    /// A read-only run named `run`, against the service at `base_url`.
    pub fn new(run: &str, base_url: &str) -> Self {
        Self {
            base_url: base_url.to_owned(),
            writes: false,
            activity_token: ActivityToken::Absent,
            run: run.to_owned(),
            app_key: default_app_key(),
            activity_label: None,
            channel_code: None,
            channel_customer_id: None,
            enterprise_global_id: None,
            secrets: Vec::new(),
            locale: Locale::En,
        }
    }

    /// The same run with the writes.
    #[must_use]
    pub fn with_writes(mut self) -> Self {
        self.writes = true;
        self
    }

    /// The same run with an activity token of its own.
    #[must_use]
    pub fn with_activity_token(mut self) -> Self {
        self.activity_token = ActivityToken::Distinct;
        self
    }

    /// The same run joining this activity.
    #[must_use]
    pub fn with_activity_label(mut self, label: &str) -> Self {
        self.activity_label = Some(label.to_owned());
        self
    }

    /// A config from its JSON form (the Node command's); an error names the field.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let config: Config = serde_json::from_str(text).map_err(|e| format!("verify options: {e}"))?;
        if config.run.is_empty() || !config.run.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(String::from("verify options: run must be letters, digits and '-'"));
        }
        Ok(config)
    }
}

/// The activity module's token, as the caller holds it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActivityToken {
    /// None was given.
    #[default]
    Absent,
    /// The one given is the order token itself (it has both scopes, or the
    /// caller passed it twice): the scopes cannot be told apart.
    SameAsOrder,
    /// A token of its own.
    Distinct,
}

/// Which token a probe carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Auth {
    /// The order module's token (`--token`).
    Order,
    /// The activity module's token (`--activity-token`).
    Activity,
    /// A token no service issued.
    Wrong,
    /// No `Authorization` header at all.
    None,
}

/// The token text of [`Auth::Wrong`].
pub const WRONG_TOKEN: &str = "licensing-sdk-verify-not-a-token";

/// One request to send: `{base_url}{path}?{query}`, with the token [`Auth`]
/// names, and for a POST its JSON body (`Content-Type: application/json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Probe {
    /// The check it is for.
    pub check: String,
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The path, percent-encoded.
    pub path: String,
    /// The query string (without `?`), percent-encoded; it holds `g_nonce`
    /// unless the probe is about its absence.
    pub query: String,
    /// Which token it carries.
    pub auth: Auth,
    /// The JSON body of a POST.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
}

impl Probe {
    /// The probe as JSON text (`{check, method, path, query, auth, body?}`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Sends the probe to an in-process simulator (tests, the doc example):
    /// the tokens it names as given, at `now_ms`.
    pub fn send_to(
        &self,
        sim: &licensing_sim_core::Simulator,
        order_token: &str,
        activity_token: Option<&str>,
        now_ms: i64,
    ) -> Outcome {
        let query = (!self.query.is_empty()).then_some(self.query.as_str());
        let mut head = licensing_sim_core::RequestHead::new(self.method, &self.path, query);
        let token = match self.auth {
            Auth::Order => Some(order_token),
            Auth::Activity => activity_token,
            Auth::Wrong => Some(WRONG_TOKEN),
            Auth::None => None,
        };
        if let Some(token) = token {
            head = head.header("authorization", &format!("Bearer {token}"));
        }
        if self.body.is_some() {
            head = head.header("content-type", "application/json");
        }
        let reply = sim.handle(&head, self.body.as_deref().unwrap_or_default().as_bytes(), now_ms);
        Outcome::Answered {
            status: reply.status,
            content_type: reply.header_value("content-type").map(str::to_owned),
            body: reply.text(),
        }
    }
}

/// What came of a probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// An answer: its status, content type and body text.
    Answered {
        /// The HTTP status.
        status: u16,
        /// Its `Content-Type`, if any.
        content_type: Option<String>,
        /// The body as text.
        body: String,
    },
    /// No answer: why (refused connection, TLS, a timeout...).
    Failed {
        /// What the runtime said.
        reason: String,
    },
    /// An answer larger than the bound it is read with (`--max-answer-bytes`):
    /// not read further, its check could not be made, and the run exits 2.
    TooLarge {
        /// The bound, in bytes.
        limit: u64,
    },
}

/// A check's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The service does what the spec states.
    Agrees,
    /// The service differs from what the spec states: the run fails.
    Differs,
    /// What the service does where the spec is silent: to learn, not a failure.
    ServiceDoes,
    /// The check could not run (the reason is its detail).
    CouldNotCheck,
}

impl Verdict {
    /// Its word in the command's output.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Agrees => "agrees",
            Self::Differs => "differs",
            Self::ServiceDoes => "service does",
            Self::CouldNotCheck => "could not check",
        }
    }
}

/// What the request of a check was, and what status came back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Sent {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// Its path (no query: no nonce, nothing secret).
    pub path: String,
    /// The answer's HTTP status (`None`: no answer).
    pub status: Option<u16>,
    /// The answer's body when it was judged against the contract: its first
    /// [`ANSWER_SHOWN_CHARS`] characters, the tokens redacted (what the HTML
    /// report shows behind a check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// How much of an answer a report keeps (`Sent::answer`).
pub const ANSWER_SHOWN_CHARS: usize = 4_000;

/// One check of a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Check {
    /// Its stable id (`auth.missing`, `read.listAssets`, `rule.minimum`).
    pub id: String,
    /// What it checks, in words.
    pub title: String,
    /// `spec`: what the spec states (agrees / differs); `inferred`: what the
    /// SDK infers where the spec is silent (what this service does).
    pub source: Source,
    /// The verdict.
    pub verdict: Verdict,
    /// What was seen, in words (tokens redacted).
    pub detail: String,
    /// The request it sent, if it sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<Sent>,
    /// What the answer differs in (the spec's: errors) or leaves open (notes),
    /// at their paths.
    pub differences: Vec<Difference>,
}

/// The counts of a run's verdicts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Summary {
    /// Checks that agree.
    pub agrees: usize,
    /// Checks that differ.
    pub differs: usize,
    /// What the service does where the spec is silent.
    pub service_does: usize,
    /// Checks that could not run.
    pub could_not_check: usize,
}

/// The report of a run: the `--json` file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Report {
    /// `licensing-sdk-verify`.
    pub format: &'static str,
    /// The report format's version (1).
    pub version: u32,
    /// The service checked.
    pub base_url: String,
    /// Whether the writes ran.
    pub writes: bool,
    /// Why the run stopped before its checks, if it did (an unreachable
    /// address, a page that is not the service, a refused token).
    pub unusable: Option<String>,
    /// The bound an answer was larger than, if one was: that check could not
    /// be made (a service whose answers cannot be read cannot be checked).
    pub answer_too_large: Option<u64>,
    /// The counts.
    pub summary: Summary,
    /// Every check, in the order run.
    pub checks: Vec<Check>,
}

/// The `format` of a report.
pub const REPORT_FORMAT: &str = "licensing-sdk-verify";

impl Report {
    /// The command's exit code: 2 when the run could not start (bad input: an
    /// address that is not the service, a refused token) or an answer was
    /// larger than it is read, 1 when something the spec states differs, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.unusable.is_some() || self.answer_too_large.is_some() {
            2
        } else if self.summary.differs > 0 {
            1
        } else {
            0
        }
    }

    /// The report as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The command's output: a line per check (its verdict, its id, what was
    /// seen), each difference on a line of its own below it, then the counts.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(why) = &self.unusable {
            out.push(format!("cannot verify {}: {why}", self.base_url));
            return out;
        }
        for check in &self.checks {
            out.push(format!("{:<15} {:<34} {}", check.verdict.as_str(), check.id, check.detail));
            for d in &check.differences {
                let times = if d.count > 1 { format!(" (×{})", d.count) } else { String::new() };
                let kind = match d.source {
                    Source::Spec => "differs",
                    Source::Inferred => "note",
                };
                out.push(format!(
                    "    {kind:<8} {} {}{times}: {}",
                    crate::differences::shown(&d.path),
                    d.code,
                    d.message
                ));
            }
        }
        let s = self.summary;
        out.push(format!(
            "{} agree, {} differ, {} what this service does, {} could not be checked",
            s.agrees, s.differs, s.service_does, s.could_not_check
        ));
        out
    }
}

/// A run: the probes still to send, what was learned from the answers, the
/// checks made.
#[derive(Debug)]
pub struct Verify {
    config: Config,
    steps: Vec<Step>,
    /// The next step to run.
    at: usize,
    /// The step whose probe is out, and the probe.
    waiting: Option<(Step, Probe)>,
    learned: Learned,
    checks: Vec<Check>,
    unusable: Option<String>,
    /// The bound an answer was larger than.
    answer_too_large: Option<u64>,
    /// The last `g_nonce` suffix given.
    nonces: u64,
}

impl Verify {
    /// A run of `config`'s checks.
    pub fn new(config: Config) -> Self {
        let steps = steps::plan(&config);
        Self {
            config,
            steps,
            at: 0,
            waiting: None,
            learned: Learned::default(),
            checks: Vec::new(),
            unusable: None,
            answer_too_large: None,
            nonces: 0,
        }
    }

    /// The next request to send (the same one again until it is
    /// [`Verify::answered`]); `None` once the run is over.
    pub fn next_probe(&mut self) -> Option<Probe> {
        if self.unusable.is_some() {
            return None;
        }
        if let Some((_, probe)) = &self.waiting {
            return Some(probe.clone());
        }
        while let Some(step) = self.steps.get(self.at).copied() {
            self.at += 1;
            match steps::request(step, &self.config, &self.learned, &mut self.nonces) {
                Ok(probe) => {
                    self.waiting = Some((step, probe.clone()));
                    return Some(probe);
                }
                Err(check) => self.push(check),
            }
        }
        None
    }

    /// What came of the probe [`Verify::next_probe`] gave.
    pub fn answered(&mut self, outcome: Outcome) {
        let Some((step, probe)) = self.waiting.take() else { return };
        let outcome = match outcome {
            Outcome::Answered { status, content_type, body } => {
                Outcome::Answered { status, content_type, body: redact(&body, &self.config.secrets) }
            }
            Outcome::Failed { reason } => Outcome::Failed { reason: redact(&reason, &self.config.secrets) },
            Outcome::TooLarge { limit } => {
                self.answer_too_large = Some(limit);
                Outcome::TooLarge { limit }
            }
        };
        match judge::judge(step, &probe, &outcome, &self.config, &mut self.learned) {
            Ok(checks) => {
                for check in checks {
                    self.push(check);
                }
            }
            Err(why) => self.unusable = Some(why),
        }
    }

    fn push(&mut self, mut check: Check) {
        check.detail = redact(&check.detail, &self.config.secrets);
        for d in &mut check.differences {
            crate::redact::redact_difference(d, &self.config.secrets);
        }
        self.checks.push(check);
    }

    /// The report of the checks made so far.
    pub fn report(&self) -> Report {
        let mut summary = Summary::default();
        for check in &self.checks {
            match check.verdict {
                Verdict::Agrees => summary.agrees += 1,
                Verdict::Differs => summary.differs += 1,
                Verdict::ServiceDoes => summary.service_does += 1,
                Verdict::CouldNotCheck => summary.could_not_check += 1,
            }
        }
        Report {
            format: REPORT_FORMAT,
            version: 1,
            base_url: without_userinfo(&self.config.base_url),
            writes: self.config.writes,
            unusable: self.unusable.clone(),
            answer_too_large: self.answer_too_large,
            summary,
            checks: self.checks.clone(),
        }
    }
}

/// A URL without its `user:password@` part.
fn without_userinfo(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    if scheme.is_empty() {
        format!("{host}{path}")
    } else {
        format!("{scheme}://{host}{path}")
    }
}

/// The method as a probe writes it.
fn method_str(method: Method) -> &'static str {
    method.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_is_left_out() {
        assert_eq!(without_userinfo("https://u:p@svc.example/base"), "https://svc.example/base");
        assert_eq!(without_userinfo("http://127.0.0.1:8787"), "http://127.0.0.1:8787");
    }

    #[test]
    fn configs_are_checked() {
        let ok = Config::from_json(r#"{"baseUrl":"http://x","run":"r-1","writes":true,"activityToken":"distinct"}"#);
        assert!(ok.is_ok_and(|c| c.writes && c.activity_token == ActivityToken::Distinct));
        assert!(Config::from_json(r#"{"baseUrl":"http://x","run":"r 1"}"#).unwrap_err().contains("run"));
        assert!(Config::from_json(r#"{"baseUrl":"http://x","run":"r","token":"t"}"#).unwrap_err().contains("token"));
        assert!(Config::from_json(r#"{"baseUrl":"http://x","run":"r","locale":"fr"}"#).unwrap_err().contains("fr"));
    }
}
