//! The issues of a check grouped, so that a list of a thousand records missing
//! one field is one line: by code, rule and path, array indices as `*`.

use licensing_core::validate::{Issue, Severity, Source};
use serde::Serialize;

/// What an answer (or a request) differs in, at a path pattern.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Difference {
    /// The JSON Pointer, each array index written `*` (`/data/*/status`).
    pub path: String,
    /// The issue code (`enum`, `missing_field`, ...).
    pub code: &'static str,
    /// The rule behind it.
    pub rule: &'static str,
    /// `spec` (the spec states it: it differs) or `inferred` (the spec leaves
    /// it open: what this service does).
    pub source: Source,
    /// `error` under the `spec` profile: a difference from what the spec states.
    pub severity: Severity,
    /// The first such issue's message.
    pub message: String,
    /// The first such issue's own path.
    pub example: String,
    /// How many issues there were.
    pub count: usize,
}

impl Difference {
    /// Its verdict as the proxy's log and the HTML reports word it: of an
    /// answer, `differs` where the spec states it, else a `note` (what this
    /// service does where the spec is silent); of a request, its severity
    /// under the profile it was validated with.
    pub(crate) fn verdict(&self, answer: bool) -> &'static str {
        match (answer, self.source, self.severity) {
            (true, Source::Spec, Severity::Error) => "differs",
            (true, _, _) => "note",
            (false, _, Severity::Error) => "error",
            (false, _, Severity::Warning) => "warning",
        }
    }
}

/// A JSON Pointer with its array indices as `*`.
pub(crate) fn pattern(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for segment in path.split('/').skip(1) {
        out.push('/');
        let index = !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit());
        out.push_str(if index { "*" } else { segment });
    }
    out
}

/// A path as a log line shows it: whole, or its start and end around `…`
/// when it is long (64 levels of merchandise `children`).
pub(crate) fn shown(path: &str) -> String {
    if path.is_empty() {
        return String::from("(the whole)");
    }
    let chars: Vec<char> = path.chars().collect();
    if chars.len() <= 100 {
        return path.to_owned();
    }
    let head: String = chars.iter().take(50).collect();
    let tail: String = chars.iter().skip(chars.len() - 40).collect();
    format!("{head}…{tail}")
}

/// The issues grouped by code, rule and path pattern, in the order each group
/// first appears.
///
/// ```
/// use licensing_core::response::check_answer;
/// use licensing_core::validate::Options;
/// use licensing_core::wire::Endpoint;
/// let text = r#"{"code":0,"message":"ok","data":[{"assetNum":"8000000001","status":5},{"assetNum":"8000000002","status":7}]}"#;
/// let grouped = licensing_verify::group(&check_answer(Endpoint::LockAssets, 200, text, &Options::default()).issues);
/// assert_eq!((grouped[0].path.as_str(), grouped[0].count), ("/data/*/status", 2));
/// ```
pub fn group(issues: &[Issue]) -> Vec<Difference> {
    let mut out: Vec<Difference> = Vec::new();
    for issue in issues {
        let path = pattern(&issue.path);
        let (code, rule) = (issue.code.as_str(), issue.rule.id());
        match out.iter_mut().find(|d| d.code == code && d.rule == rule && d.path == path) {
            Some(found) => found.count += 1,
            None => out.push(Difference {
                path,
                code,
                rule,
                source: issue.source,
                severity: issue.severity,
                message: issue.message.clone(),
                example: issue.path.clone(),
                count: 1,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::pattern;

    #[test]
    fn indices_become_stars() {
        assert_eq!(pattern("/data/0/status"), "/data/*/status");
        assert_eq!(pattern("/data/12/assetExtends/3/x1"), "/data/*/assetExtends/*/x1");
        assert_eq!(pattern(""), "");
        assert_eq!(pattern("/a~1b/"), "/a~1b/");
    }
}
