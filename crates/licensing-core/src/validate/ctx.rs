//! The walk's state: where we are (a path of wire names and indices), the options,
//! and the issues found so far, capped.

use std::sync::Arc;

use super::catalogue::Catalogue;
use super::messages;
use super::report::{Code, Issue, Locale, Params, Report, Severity};
use super::rule::{Profile, Rule};

/// Options of one validation.
///
/// ```
/// use licensing_core::validate::{Locale, Options, Profile};
/// let mut opts = Options::default();
/// opts.rules = Profile::Spec;
/// opts.locale = Locale::ZhCn;
/// assert_eq!(opts, Options::default().with_rules(Profile::Spec).with_locale(Locale::ZhCn));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Language of the messages (not read when `messages` is set).
    pub locale: Locale,
    /// Which issues are errors: `Spec`, `Recommended` (the default) or `Strict`.
    pub rules: Profile,
    /// Most issues kept; the rest are counted and summarised in one last issue.
    pub max_issues: usize,
    /// The portal's own messages: overrides of a built-in locale, or a new
    /// locale (`Catalogue`). Shared, so that options stay cheap to clone.
    pub messages: Option<Arc<Catalogue>>,
}

impl Default for Options {
    fn default() -> Self {
        Self { locale: Locale::En, rules: Profile::Recommended, max_issues: Self::DEFAULT_MAX_ISSUES, messages: None }
    }
}

impl Options {
    /// Default cap on kept issues.
    pub const DEFAULT_MAX_ISSUES: usize = 100;

    /// These options with another rules profile.
    pub fn with_rules(mut self, rules: Profile) -> Self {
        self.rules = rules;
        self
    }

    /// These options with another message language.
    pub fn with_locale(mut self, locale: Locale) -> Self {
        self.locale = locale;
        self
    }

    /// These options with the portal's own messages (a checked [`Catalogue`]),
    /// which then decide the language.
    pub fn with_messages(mut self, messages: impl Into<Arc<Catalogue>>) -> Self {
        self.messages = Some(messages.into());
        self
    }

    /// These options with another cap on kept issues (at least 1).
    pub fn with_max_issues(mut self, max_issues: usize) -> Self {
        self.max_issues = max_issues.max(1);
        self
    }
}

/// One step of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg<'a> {
    /// A key as written in the text (no escapes), or a field's wire name.
    Key(&'a str),
    /// A key that had escapes, decoded: `Ctx::decoded_keys[i]` (kept aside so a
    /// step stays `Copy` and cheap to push).
    Decoded(usize),
    Index(usize),
}

/// The part of a body a field-scoped report is about ([`validate_field_json`](super::validate_field_json)):
/// the issues at or inside the field, those of the body as a whole and, for a
/// field of order i of a batch, the cross-field issues of order i and those of
/// the later orders that repeat its `sequence`.
pub(crate) struct Scope {
    /// The field's pointer (RFC 6901), with its leading `/`.
    pointer: String,
    /// The batch order the field lies in (`/orderList/i/…`), if it does.
    order: Option<usize>,
}

impl Scope {
    /// The scope of the field at `pointer` (a missing leading `/` is read as if
    /// it were there).
    pub(crate) fn new(pointer: &str) -> Self {
        let mut field = String::with_capacity(pointer.len() + 1);
        if !pointer.is_empty() && !pointer.starts_with('/') {
            field.push('/');
        }
        field.push_str(pointer);
        // Over the bytes: slicing the string by its characters cost the wasm
        // twice this code.
        let order = field.as_bytes().strip_prefix(ORDER_LIST.as_bytes()).and_then(|rest| {
            let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
            index_of_bytes(rest.get(..end).unwrap_or_default())
        });
        Self { pointer: field, order }
    }

    /// Whether `path` is the field or lies inside it (segment-wise: `/a/1` is not inside `/a/10`).
    fn holds(&self, path: &str) -> bool {
        let field = self.pointer.as_bytes();
        path.as_bytes().starts_with(field) && path.as_bytes().get(field.len()).is_none_or(|&b| b == b'/')
    }
}

/// How a batch's orders' pointers begin.
const ORDER_LIST: &str = "/orderList/";

/// The array index a step or a parameter names: decimal digits without a
/// leading zero (`0`, `12`; not `012`, `+1` or `1e2`).
pub(crate) fn index(text: &str) -> Option<usize> {
    index_of_bytes(text.as_bytes())
}

/// [`index`] of the bytes of a text.
fn index_of_bytes(text: &[u8]) -> Option<usize> {
    if text.is_empty() || (text.len() > 1 && text.first() == Some(&b'0')) {
        return None;
    }
    text.iter().try_fold(0usize, |n, &b| {
        if b.is_ascii_digit() {
            n.checked_mul(10)?.checked_add(usize::from(b - b'0'))
        } else {
            None
        }
    })
}

/// An issue found, waiting for its parameters.
enum Pending {
    /// Kept, with this severity.
    Keep(Severity),
    /// Kept if its `first` is this order.
    IfRepeatOf(usize),
}

/// Whether an issue found is kept by the scope.
enum Verdict {
    Keep,
    /// Kept if its `first` is this order (a later repeat of its `sequence`).
    RepeatOf(usize),
    Drop,
}

/// Where the walk is and what it has found: the path, the issues kept, the
/// options. A leaf: what the rules remember between objects is theirs
/// (`rules::RuleState`, owned by the walk).
pub(crate) struct Ctx<'a> {
    pub(crate) opts: Options,
    /// The field a field-scoped report is about (`None`: the whole body).
    scope: Option<Scope>,
    path: Vec<Seg<'a>>,
    decoded_keys: Vec<String>,
    issues: Vec<Issue>,
    /// Bytes of text (paths, messages, params) the kept issues hold.
    kept_bytes: usize,
    omitted_errors: usize,
    omitted_warnings: usize,
    any_error: bool,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(opts: Options) -> Self {
        Self {
            opts,
            scope: None,
            path: Vec::with_capacity(16),
            decoded_keys: Vec::new(),
            issues: Vec::new(),
            kept_bytes: 0,
            omitted_errors: 0,
            omitted_warnings: 0,
            any_error: false,
        }
    }

    /// Keeps only the issues `scope` is about.
    pub(crate) fn scoped(mut self, scope: Scope) -> Self {
        self.scope = Some(scope);
        self
    }

    /// Whether the scope (if any) keeps an issue of `rule` at the current path.
    #[inline(never)]
    fn verdict(&self, rule: Rule) -> Verdict {
        let Some(scope) = &self.scope else { return Verdict::Keep };
        // The whole path, keys uncut: a long key's field is the field it names.
        if self.path.is_empty() || scope.holds(&self.pointer_cut(usize::MAX)) {
            return Verdict::Keep;
        }
        let order = match self.path.as_slice() {
            [first, Seg::Index(i), ..] if self.key(first) == Some("orderList") => Some(*i),
            _ => None,
        };
        match (scope.order, order) {
            (Some(field), Some(order)) if rule.is_cross_field() => {
                if field == order {
                    Verdict::Keep
                } else {
                    Verdict::RepeatOf(field)
                }
            }
            _ => Verdict::Drop,
        }
    }

    /// The key of a step, if it is one.
    fn key<'s>(&'s self, seg: &Seg<'s>) -> Option<&'s str> {
        match *seg {
            Seg::Key(k) => Some(k),
            Seg::Decoded(i) => self.decoded_keys.get(i).map(String::as_str),
            Seg::Index(_) => None,
        }
    }

    /// A step for a key that had escapes, kept whole as a key without escapes
    /// is (paths cut it when they show it: `pointer`): a field's scope names
    /// the key it has, however long (`validateField` at a 300-character key).
    pub(crate) fn decoded_key(&mut self, key: String) -> Seg<'a> {
        self.decoded_keys.push(key);
        Seg::Decoded(self.decoded_keys.len() - 1)
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, seg: Seg<'a>) {
        self.path.push(seg);
    }

    #[inline(always)]
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

    /// Records an issue of a rule at the current path, with the rule's code. See
    /// [`Ctx::report_code`].
    pub(crate) fn report(&mut self, rule: Rule, params: impl FnOnce() -> Params) {
        self.report_code(rule, rule.code(), params);
    }

    /// Records an issue of a rule at the current path; its severity is the rule's
    /// under the options' profile. `params` runs only when the issue is kept, so
    /// costly parameters (suggestions) are never computed past the cap.
    ///
    /// Generic over `params`, so kept to the least: one copy of it per call site
    /// in the wasm; the rest is [`Ctx::severity_if_kept`] and [`Ctx::keep`].
    #[inline]
    pub(crate) fn report_code(&mut self, rule: Rule, code: Code, params: impl FnOnce() -> Params) {
        if let Some(pending) = self.pending(rule) {
            let params = params();
            self.settle(pending, rule, code, params);
        }
    }

    /// What becomes of an issue of `rule` at the current path, before its
    /// parameters are computed: `None` when the scope or the cap leaves it out.
    #[inline(never)]
    fn pending(&mut self, rule: Rule) -> Option<Pending> {
        match self.verdict(rule) {
            Verdict::Keep => self.severity_if_kept(rule).map(Pending::Keep),
            Verdict::RepeatOf(order) => Some(Pending::IfRepeatOf(order)),
            Verdict::Drop => None,
        }
    }

    /// Keeps a pending issue, now that its parameters are known.
    #[inline(never)]
    fn settle(&mut self, pending: Pending, rule: Rule, code: Code, params: Params) {
        match pending {
            Pending::Keep(severity) => self.keep(rule, code, severity, params),
            Pending::IfRepeatOf(order) => {
                // A later order's repeat of `order`'s sequence names it as `first`.
                if params.get("first").and_then(index) == Some(order) {
                    if let Some(severity) = self.severity_if_kept(rule) {
                        self.keep(rule, code, severity, params);
                    }
                }
            }
        }
    }

    /// Counts an issue of `rule`; its severity when it is kept, `None` when the
    /// cap (issues or bytes) leaves it out.
    #[inline(never)]
    fn severity_if_kept(&mut self, rule: Rule) -> Option<Severity> {
        let severity = rule.severity(self.opts.rules);
        if severity == Severity::Error {
            self.any_error = true;
        }
        if self.issues.len() >= self.opts.max_issues || self.kept_bytes >= MAX_REPORT_BYTES {
            match severity {
                Severity::Error => self.omitted_errors += 1,
                Severity::Warning => self.omitted_warnings += 1,
            }
            return None;
        }
        Some(severity)
    }

    /// Keeps an issue at the current path: its message and pointer.
    #[inline(never)]
    fn keep(&mut self, rule: Rule, code: Code, severity: Severity, params: Params) {
        let field = self.path.iter().rev().find_map(|s| self.key(s)).map(cut_key);
        let message =
            messages::render(rule, code, &params, field.as_deref(), self.opts.locale, self.opts.messages.as_deref());
        let path = self.pointer();
        let params_len: usize = params.0.iter().map(|(k, v)| k.len() + v.len()).sum();
        self.kept_bytes += path.len() + message.len() + params_len + code.as_str().len() + rule.id().len();
        self.issues.push(Issue { path, code, severity, source: rule.source(), rule, message, params });
    }

    /// The array index `back` steps up the path (0: the last step), if it is one.
    pub(crate) fn index_at(&self, back: usize) -> Option<usize> {
        match self.path.len().checked_sub(back + 1).and_then(|i| self.path.get(i)) {
            Some(Seg::Index(i)) => Some(*i),
            _ => None,
        }
    }

    /// Whether the current path is the body itself.
    pub(crate) fn at_root(&self) -> bool {
        self.path.is_empty()
    }

    /// The key `back` steps up the path (0: the last step), if it is one.
    pub(crate) fn key_at(&self, back: usize) -> Option<&str> {
        self.path.len().checked_sub(back + 1).and_then(|i| self.path.get(i)).and_then(|s| self.key(s))
    }

    /// The current path as an RFC 6901 JSON Pointer (`~` → `~0`, `/` → `~1`).
    fn pointer(&self) -> String {
        self.pointer_cut(MAX_KEY_CHARS)
    }

    /// The current path, each key cut at `max_key` characters.
    fn pointer_cut(&self, max_key: usize) -> String {
        let mut out = String::with_capacity(self.path.len() * 12);
        for seg in &self.path {
            out.push('/');
            match seg {
                Seg::Index(i) => super::itoa::push(&mut out, *i as u64),
                key => {
                    let key = self.key(key).unwrap_or_default();
                    // The usual key, short with nothing to escape, whole (a
                    // character at a time, paths were 5 % of the wasm's time
                    // on a one-order body with three issues, in Node).
                    if key.len() <= max_key && !key.bytes().any(|b| b == b'~' || b == b'/') {
                        out.push_str(key);
                        continue;
                    }
                    for ch in key.chars().take(max_key) {
                        match ch {
                            '~' => out.push_str("~0"),
                            '/' => out.push_str("~1"),
                            c => out.push(c),
                        }
                    }
                    if key.len() > max_key && key.chars().nth(max_key).is_some() {
                        out.push('…');
                    }
                }
            }
        }
        out
    }

    /// An issue of a rule at a child field of the current object.
    pub(crate) fn report_at(&mut self, key: &'a str, rule: Rule, params: impl FnOnce() -> Params) {
        self.at(Seg::Key(key), |c| c.report(rule, params));
    }

    pub(crate) fn finish(mut self) -> Report {
        let omitted = self.omitted_errors + self.omitted_warnings;
        if omitted > 0 {
            let severity = if self.omitted_errors > 0 { Severity::Error } else { Severity::Warning };
            let params = Params::none()
                .with("omitted", super::itoa::unsigned(omitted as u64))
                .with("omittedErrors", super::itoa::unsigned(self.omitted_errors as u64))
                .with("max", super::itoa::unsigned(self.opts.max_issues as u64));
            let rule = Rule::IssueCap;
            let message =
                messages::render(rule, rule.code(), &params, None, self.opts.locale, self.opts.messages.as_deref());
            let (code, source) = (rule.code(), rule.source());
            self.issues.push(Issue { path: String::new(), code, severity, source, rule, message, params });
        }
        Report { valid: !self.any_error, issues: self.issues }
    }
}

/// Longest key shown whole in a path or a message; a longer (unknown) key is cut
/// there, `…` marking the cut, so a 50 MB key costs a report 256 characters.
pub const MAX_KEY_CHARS: usize = 256;

/// Most bytes of text (paths, messages, params, codes and rule ids) a report keeps, whatever
/// `max_issues` says: past it, issues are counted in `too_many_issues` instead.
pub const MAX_REPORT_BYTES: usize = 4 << 20;

/// A key as a message names it (see [`MAX_KEY_CHARS`]).
fn cut_key(key: &str) -> std::borrow::Cow<'_, str> {
    if key.len() > MAX_KEY_CHARS {
        std::borrow::Cow::Owned(excerpt(key, MAX_KEY_CHARS))
    } else {
        std::borrow::Cow::Borrowed(key)
    }
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

/// The items separated by `, ` (by hand: `[&str]::join` is a KB of wasm twice over).
pub(crate) fn list<'s>(items: impl IntoIterator<Item = &'s str>) -> String {
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(item);
    }
    out
}
