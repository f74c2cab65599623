//! The report: `{ valid, issues: [{ path, code, rule, severity, source, message, params? }] }`.

use serde::{Serialize, Serializer};

pub use super::codes::Code;
use super::rule::{Rule, Source};

/// How bad an issue is. `valid` is false when any issue is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The body would be refused: `valid` is false.
    Error,
    /// Worth a look; the body stays valid.
    Warning,
}

impl Severity {
    /// `error` or `warning`: the wire name (the JS `severity`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
        }
    }
}

/// Language of the messages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Locale {
    /// English (the default).
    #[default]
    En,
    /// Simplified Chinese.
    ZhCn,
}

impl Locale {
    /// `en` or `zh-CN` (also accepts `zh`, `zh-Hans`, any case); `None` otherwise.
    pub fn parse(tag: &str) -> Option<Self> {
        // A table, not a `match` on a lowered copy: the same answer in a third
        // of the wasm (a string `match` compiles to a tree of comparisons).
        const TAGS: [(&str, Locale); 7] = [
            ("en", Locale::En),
            ("en-US", Locale::En),
            ("en-GB", Locale::En),
            ("zh-CN", Locale::ZhCn),
            ("zh", Locale::ZhCn),
            ("zh-Hans", Locale::ZhCn),
            ("zh-Hans-CN", Locale::ZhCn),
        ];
        TAGS.iter().find(|(known, _)| known.eq_ignore_ascii_case(tag)).map(|&(_, locale)| locale)
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Named values of an issue (`expected`, `allowed`, `suggestion`, ...), in a stable order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(pub Vec<(&'static str, String)>);

impl Params {
    /// No parameters.
    pub fn none() -> Self {
        Self(Vec::new())
    }
    /// Adds a parameter.
    pub fn with(mut self, key: &'static str, value: impl Into<String>) -> Self {
        self.0.push((key, value.into()));
        self
    }
    /// The value of a parameter.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// One finding, at a JSON Pointer (RFC 6901) with wire names; the root is `""`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Issue {
    /// Where: a JSON Pointer of wire names and indices (`""` for the whole body).
    pub path: String,
    /// What: the stable machine code.
    pub code: Code,
    /// The rule behind it, written as its id (`RULES.md`'s `rule` column):
    /// two rules may share a code (`required`: a missing field, or a
    /// `delete_product` product without `productUri`).
    pub rule: Rule,
    /// Error (the body is invalid) or warning, under the profile validated with.
    pub severity: Severity,
    /// Whether the rule behind it is the spec's or the SDK's inference.
    pub source: Source,
    /// The issue in words, in the requested language.
    pub message: String,
    /// The values the message names (`expected`, `allowed`, `suggestion`, ...).
    #[serde(skip_serializing_if = "Params::is_empty")]
    pub params: Params,
}

/// The outcome of one validation: every issue found in one pass (up to the cap).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Report {
    /// True when no issue is an error (including those left out by the cap).
    pub valid: bool,
    /// The issues, in document order (see `RULES.md`), at most the cap plus one.
    pub issues: Vec<Issue>,
}

impl Issue {
    /// An issue of a rule at a JSON Pointer; its code and source are the rule's.
    /// (For reports made by hand: tests, adapters. The validator writes its
    /// messages from `messages.rs`.)
    pub fn new(path: impl Into<String>, rule: Rule, severity: Severity, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            code: rule.code(),
            severity,
            source: rule.source(),
            rule,
            message: message.into(),
            params: Params::none(),
        }
    }

    /// `required` at `/<name>` for a request parameter given outside the body
    /// (the client's `appKey`), with the rule's message in `locale`: a refusal
    /// a form shows like any other.
    ///
    /// ```
    /// use licensing_core::validate::{Code, Issue, Locale};
    /// let issue = Issue::required_parameter("appKey", Locale::En);
    /// assert_eq!((issue.path.as_str(), issue.code), ("/appKey", Code::Required));
    /// assert_eq!(issue.message, "`appKey` is required");
    /// ```
    pub fn required_parameter(name: &str, locale: Locale) -> Self {
        Self::required_parameter_in(name, &super::Options::default().with_locale(locale))
    }

    /// [`Issue::required_parameter`] in the options' language and messages.
    pub fn required_parameter_in(name: &str, opts: &super::Options) -> Self {
        let (locale, catalogue) = (opts.locale, opts.messages.as_deref());
        let message =
            super::messages::render(Rule::Required, Code::Required, &Params::none(), Some(name), locale, catalogue);
        let mut path = String::with_capacity(name.len() + 1);
        path.push('/');
        path.push_str(name);
        // The spec's own: its URL carries the parameter (`batchOrder?appKey=…`),
        // so every profile refuses a call without it, `spec` too, and says so
        // (`required` in a body is inferred: the spec marks no field required).
        let mut issue = Self::new(path, Rule::Required, Severity::Error, message);
        issue.source = Source::Spec;
        issue
    }

    /// The issue with these params.
    pub fn with_params(mut self, params: Params) -> Self {
        self.params = params;
        self
    }
}

impl Report {
    /// A report of these issues: valid when none is an error.
    pub fn from_issues(issues: Vec<Issue>) -> Self {
        Self { valid: !issues.iter().any(|i| i.severity == Severity::Error), issues }
    }

    /// The issues at exactly this JSON Pointer (`""`: the whole body).
    ///
    /// ```
    /// use licensing_core::{validate::{validate_json, Options}, wire::Endpoint};
    /// let report = validate_json(Endpoint::LockAssets, r#"{"assetNums": ["1", "8000000001", "x"]}"#, &Options::default());
    /// assert_eq!(report.at("/assetNums/0").count(), 1);
    /// assert_eq!(report.under("/assetNums").count(), 2);
    /// let missing: Vec<&str> = report.at("/operatorIdentity").map(|i| i.code.as_str()).collect();
    /// assert_eq!(missing, ["required"]);
    /// ```
    pub fn at<'a>(&'a self, pointer: &'a str) -> impl Iterator<Item = &'a Issue> + 'a {
        self.issues.iter().filter(move |i| i.path == pointer)
    }

    /// The issues at this JSON Pointer or inside it: `/orderList/1` covers
    /// `/orderList/1/assets/0` but not `/orderList/10`; `""` covers everything.
    pub fn under<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a Issue> + 'a {
        self.issues.iter().filter(move |i| match i.path.strip_prefix(prefix) {
            Some(rest) => rest.is_empty() || rest.starts_with('/'),
            None => false,
        })
    }

    /// What a form shows once its user has touched some fields: the errors at
    /// a pointer `touched` accepts or inside one, and, when others are left
    /// out, one issue of the body as a whole (code `untouched`) that counts
    /// them, so a submit they block still says why. Warnings are left out.
    ///
    /// ```
    /// use licensing_core::{validate::{validate_json, Options}, wire::Endpoint};
    /// let opts = Options::default();
    /// let report = validate_json(Endpoint::LockAssets, r#"{"assetNums": ["1"], "operatorIdentity": ""}"#, &opts);
    /// let shown = report.touched_errors(|pointer| pointer == "/assetNums", &opts);
    /// let shown: Vec<(&str, &str)> = shown.iter().map(|i| (i.path.as_str(), i.code.as_str())).collect();
    /// assert_eq!(shown, [("/assetNums/0", "asset_number_format"), ("", "untouched")]);
    /// ```
    pub fn touched_errors(&self, touched: impl Fn(&str) -> bool, opts: &super::Options) -> Vec<Issue> {
        let is_touched = |path: &str| {
            let mut at = path;
            loop {
                if touched(at) {
                    return true;
                }
                // By byte: `rfind` brings the reverse char searcher (0.7 KB of wasm).
                match at.bytes().rposition(|b| b == b'/') {
                    Some(cut) => at = at.get(..cut).unwrap_or_default(),
                    None => return false,
                }
            }
        };
        let (mut shown, mut left_out) = (Vec::new(), 0);
        for issue in self.errors() {
            if is_touched(&issue.path) {
                shown.push(issue.clone());
            } else {
                left_out += 1;
            }
        }
        if left_out > 0 {
            shown.extend(super::untouched_issue(left_out, opts));
        }
        shown
    }

    /// The errors, in order.
    pub fn errors(&self) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(|i| i.severity == Severity::Error)
    }
    /// The first error as one line, `path: message` (`(body)` for the root), for
    /// error messages that carry a report's gist (the client's, the simulator's).
    pub fn first_error_line(&self) -> Option<String> {
        self.errors().next().map(|i| {
            let mut out = String::from(if i.path.is_empty() { "(body)" } else { &i.path });
            out.push_str(": ");
            out.push_str(&i.message);
            out
        })
    }

    /// The warnings, in order.
    pub fn warnings(&self) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(|i| i.severity == Severity::Warning)
    }
    /// The report as JSON text (what the wasm bindings hand to JS); the same
    /// text serde's `Serialize` gives, written by hand to keep a JSON serializer
    /// out of the validation-only wasm.
    pub fn to_json(&self) -> String {
        // An issue of a body's order takes about 300 bytes (its path alone ~90).
        let mut out = String::with_capacity(32 + self.issues.len() * 320);
        out.push_str(if self.valid { "{\"valid\":true,\"issues\":" } else { "{\"valid\":false,\"issues\":" });
        write_issues(&mut out, &self.issues);
        out.push('}');
        out
    }
}

/// `invalid: <first error>` (or `valid` with a count of warnings): a report as
/// an error message.
impl core::fmt::Display for Report {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let errors = self.errors().count();
        let warnings = self.warnings().count();
        match self.first_error_line() {
            Some(first) if errors > 1 => write!(f, "invalid ({errors} errors): {first}"),
            Some(first) => write!(f, "invalid: {first}"),
            None => write!(f, "valid ({warnings} warnings)"),
        }
    }
}

/// A report is the error of a failed validation (`Valid::new(..)?`).
impl std::error::Error for Report {}

/// Issues as a JSON array (what serde's `Serialize` writes for `Vec<Issue>`).
pub fn issues_json(issues: &[Issue]) -> String {
    let mut out = String::with_capacity(2 + issues.len() * 128);
    write_issues(&mut out, issues);
    out
}

/// The issues' JSON, each issue's fields in one order with no space. The
/// package's default entries read a report's text by that shape, not with
/// `JSON.parse` (js/sdk/src-js/report-text.js: each key's length is known): a
/// change to it is a change there, and js/sdk/tests/report-text.test.mjs, which
/// holds those entries to the validation-only one's `JSON.parse`, fails until both agree.
fn write_issues(out: &mut String, issues: &[Issue]) {
    use super::write::string;
    out.push('[');
    {
        let out = &mut *out;
        for (i, issue) in issues.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"path\":");
            string(out, &issue.path);
            out.push_str(",\"code\":");
            string(out, issue.code.as_str());
            out.push_str(",\"rule\":");
            string(out, issue.rule.id());
            out.push_str(match issue.severity {
                Severity::Error => ",\"severity\":\"error\"",
                Severity::Warning => ",\"severity\":\"warning\"",
            });
            out.push_str(match issue.source {
                Source::Spec => ",\"source\":\"spec\",\"message\":",
                Source::Inferred => ",\"source\":\"inferred\",\"message\":",
            });
            string(out, &issue.message);
            if !issue.params.is_empty() {
                out.push_str(",\"params\":{");
                for (j, (k, v)) in issue.params.0.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    string(out, k);
                    out.push(':');
                    string(out, v);
                }
                out.push('}');
            }
            out.push('}');
        }
    }
    out.push(']');
}
