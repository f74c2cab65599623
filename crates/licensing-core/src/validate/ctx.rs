//! The walk's state: where we are (a path of wire names and indices), the options,
//! and the issues found so far, capped.

use super::messages;
use super::report::{Code, Issue, Locale, Params, Report, Severity};

/// Options of one validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Language of the messages.
    pub locale: Locale,
    /// Unknown fields are errors instead of warnings.
    pub strict: bool,
    /// Most issues kept; the rest are counted and summarised in one last issue.
    pub max_issues: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self { locale: Locale::En, strict: false, max_issues: Self::DEFAULT_MAX_ISSUES }
    }
}

impl Options {
    /// Default cap on kept issues.
    pub const DEFAULT_MAX_ISSUES: usize = 100;
}

/// One step of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// Validation state shared by the walker and the rules.
pub(crate) struct Ctx<'a> {
    pub(crate) opts: Options,
    path: Vec<Seg<'a>>,
    issues: Vec<Issue>,
    omitted_errors: usize,
    omitted_warnings: usize,
    any_error: bool,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(opts: Options) -> Self {
        Self {
            opts,
            path: Vec::with_capacity(16),
            issues: Vec::new(),
            omitted_errors: 0,
            omitted_warnings: 0,
            any_error: false,
        }
    }

    pub(crate) fn push(&mut self, seg: Seg<'a>) {
        self.path.push(seg);
    }

    pub(crate) fn pop(&mut self) {
        self.path.pop();
    }

    /// Runs `f` with `seg` appended to the path.
    pub(crate) fn at<R>(&mut self, seg: Seg<'a>, f: impl FnOnce(&mut Self) -> R) -> R {
        self.path.push(seg);
        let r = f(self);
        self.path.pop();
        r
    }

    /// Records an issue at the current path. `params` runs only when the issue is
    /// kept, so costly parameters (suggestions) are never computed past the cap.
    pub(crate) fn report(&mut self, code: Code, severity: Severity, params: impl FnOnce() -> Params) {
        if severity == Severity::Error {
            self.any_error = true;
        }
        if self.issues.len() >= self.opts.max_issues {
            match severity {
                Severity::Error => self.omitted_errors += 1,
                Severity::Warning => self.omitted_warnings += 1,
            }
            return;
        }
        let params = params();
        let field = self.path.iter().rev().find_map(|s| match s {
            Seg::Key(k) => Some(*k),
            Seg::Index(_) => None,
        });
        let message = messages::render(code, &params, field, self.opts.locale);
        self.issues.push(Issue { path: pointer(&self.path), code, severity, message, params });
    }

    pub(crate) fn error(&mut self, code: Code, params: impl FnOnce() -> Params) {
        self.report(code, Severity::Error, params);
    }

    pub(crate) fn warning(&mut self, code: Code, params: impl FnOnce() -> Params) {
        self.report(code, Severity::Warning, params);
    }

    /// An error at a child field of the current object.
    pub(crate) fn error_at(&mut self, key: &'a str, code: Code, params: impl FnOnce() -> Params) {
        self.at(Seg::Key(key), |c| c.error(code, params));
    }

    pub(crate) fn finish(mut self) -> Report {
        let omitted = self.omitted_errors + self.omitted_warnings;
        if omitted > 0 {
            let severity = if self.omitted_errors > 0 { Severity::Error } else { Severity::Warning };
            let params = Params::none()
                .with("omitted", omitted.to_string())
                .with("omittedErrors", self.omitted_errors.to_string())
                .with("max", self.opts.max_issues.to_string());
            let message = messages::render(Code::TooManyIssues, &params, None, self.opts.locale);
            self.issues.push(Issue { path: String::new(), code: Code::TooManyIssues, severity, message, params });
        }
        Report { valid: !self.any_error, issues: self.issues }
    }
}

/// Renders an RFC 6901 JSON Pointer (`~` → `~0`, `/` → `~1`).
pub(crate) fn pointer(path: &[Seg<'_>]) -> String {
    let mut out = String::new();
    for seg in path {
        out.push('/');
        match seg {
            Seg::Key(k) => {
                for ch in k.chars() {
                    match ch {
                        '~' => out.push_str("~0"),
                        '/' => out.push_str("~1"),
                        c => out.push(c),
                    }
                }
            }
            Seg::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

/// At most `max` characters of a value, for messages (giant strings stay out).
pub(crate) fn excerpt(s: &str, max: usize) -> String {
    let mut chars = s.chars();
    let mut out: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}
