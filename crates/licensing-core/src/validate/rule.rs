//! The rules, each with where it comes from: what the spec states, or what the
//! SDK infers from it. The provenance belongs to the rule, never to a call site,
//! and it decides what a rules profile does with the rule's issues.
//!
//! ```
//! use licensing_core::validate::{validate_json, Options, Profile, Severity, Source};
//! use licensing_core::wire::Endpoint;
//! // `size: 0`: the spec gives no minimum, the SDK infers one.
//! let mut opts = Options::default();
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": 0}"#, &opts);
//! assert_eq!((report.valid, report.issues[0].source), (false, Source::Inferred));
//! opts.rules = Profile::Spec;
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": 0}"#, &opts);
//! assert_eq!((report.valid, report.issues[0].severity), (true, Severity::Warning));
//! ```

use super::report::{Code, Severity};
pub use super::rules::Rule;
use crate::model::OrderType;
use crate::schema::Role;
use crate::wire::Endpoint;

/// Where a rule comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The spec states it (`RULES.md` quotes the sentence).
    Spec,
    /// The SDK infers it: the spec does not say it (presence, bounds, formats the
    /// spec leaves open). The real service may accept what such a rule refuses.
    Inferred,
}

impl Source {
    /// `spec` or `inferred`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::Inferred => "inferred",
        }
    }
}

/// How strict a validation is: which issues are errors.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// Only what the spec states is an error; every inferred rule's issue is a
    /// warning (with its code). As lenient as the service may be.
    Spec,
    /// Spec and inferred rules as errors, unknown fields as warnings.
    #[default]
    Recommended,
    /// `Recommended`, and unknown fields are errors too.
    Strict,
}

impl Profile {
    /// `spec`, `recommended` or `strict`; `None` otherwise.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "spec" => Some(Self::Spec),
            "recommended" => Some(Self::Recommended),
            "strict" => Some(Self::Strict),
            _ => None,
        }
    }

    /// The name [`Profile::parse`] reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::Recommended => "recommended",
            Self::Strict => "strict",
        }
    }
}

/// A rule, as its file in `validate/rules/` declares it: everything about the
/// rule but its check (which the walk or the rule's own function runs).
#[derive(Debug)]
#[non_exhaustive]
pub struct RuleDef {
    /// The stable id (`RULES.md`'s `rule` column; an issue's `rule`).
    pub id: &'static str,
    /// The code of its issues.
    pub code: Code,
    /// Whether its issue depends on more than the value at the issue's path
    /// (another field of the object, the order's type, another order): a form
    /// editing one of those other fields must show it too (`validateField`).
    pub cross_field: bool,
    /// Where it comes from.
    pub source: Source,
    /// The severity of its issues under [`Profile::Recommended`].
    pub severity: Severity,
    /// Its messages in English and Simplified Chinese: the first that matches
    /// the issue (its code, and its `when`) is used.
    pub messages: &'static [Message],
    /// What it reads: request bodies (the validator), the service's answers
    /// (`response::check_answer`, the tolerant reader's warnings), or both.
    pub reads: Reads,
    /// Bodies it finds an issue in, at a path (feature `meta`): its case table of
    /// failures, checked by a test, and what testers can start from.
    #[cfg(feature = "meta")]
    pub examples: &'static [Example],
    /// Bodies it finds nothing in (feature `meta`): its case table of near misses,
    /// each a body with no issue at all, checked by a test.
    #[cfg(feature = "meta")]
    pub passes: &'static [Pass],
    /// Answers of the service in which it finds an issue, at a path (feature
    /// `meta`): the case table of a rule that reads answers, checked by a test
    /// through `response::check_answer`.
    #[cfg(feature = "meta")]
    pub answer_examples: &'static [AnswerExample],
    /// Its part of the JavaScript fast path (feature `meta`; the generator reads it).
    #[cfg(feature = "meta")]
    pub js: Option<JsPart>,
    /// How the JSON Schemas and OpenAPI carry it (feature `meta`; their
    /// `x-licensing-rules`); `None` for a format's rule, carried by its pattern.
    #[cfg(feature = "meta")]
    pub in_schemas: Option<InSchemas>,
    /// Its construct in the JSON Schemas (feature `meta`; the generator reads
    /// it), when it is one object's `if`/`then`.
    #[cfg(feature = "meta")]
    pub schema: Option<SchemaPart>,
    /// What a cross-field rule reads and where its issues are (feature `meta`):
    /// `validate::dependents` tells a form from these which fields to check
    /// again when one changes.
    #[cfg(feature = "meta")]
    pub depends: &'static [Depends],
}

/// What a cross-field rule reads and where its issues are, as paths from an
/// object both are in (`scope`): each order, asset, product or merchandise
/// package, or the body. A `*` in a path is any index of an array.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Depends {
    /// The object the paths start at: the one of this role around the change
    /// (`None`: the body).
    pub scope: Option<Role>,
    /// The fields it reads: a change at one or around one may change its issues;
    /// inside one too where the path ends in `/**` (what it reads of the field is
    /// deeper than whether it is there and what type it is).
    pub reads: &'static [&'static str],
    /// Where its issues are. A `*` stands for the index the change was at where
    /// the read path has the same `*` (the same asset of the order), unless `across`.
    pub at: &'static [&'static str],
    /// Its issue in one instance depends on the others (a `sequence` repeated in
    /// another order): every `*` of `at` stays any index.
    pub across: bool,
}

/// A rule reads `reads` and reports at `at`, from the `scope` around the change.
pub(crate) const fn depends(
    scope: Option<Role>,
    reads: &'static [&'static str],
    at: &'static [&'static str],
) -> Depends {
    Depends { scope, reads, at, across: false }
}

/// [`depends`], where its issue in one instance depends on the others.
pub(crate) const fn depends_across(
    scope: Option<Role>,
    reads: &'static [&'static str],
    at: &'static [&'static str],
) -> Depends {
    Depends { scope, reads, at, across: true }
}

/// What a rule reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// Request bodies (and a GET's query object): the validator.
    Requests,
    /// The service's answers only: `response::check_answer` (and, for
    /// `unsafe_integer`, the client's tolerant reader).
    Answers,
    /// Both: the walk's checks of JSON, types, enumerations and unknown fields.
    Both,
}

impl Reads {
    /// Whether the rule reads request bodies.
    pub fn requests(self) -> bool {
        matches!(self, Self::Requests | Self::Both)
    }

    /// Whether the rule reads the service's answers.
    pub fn answers(self) -> bool {
        matches!(self, Self::Answers | Self::Both)
    }
}

/// How the JSON Schemas carry a rule (a test asks every rule for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InSchemas {
    /// By this keyword (or construct).
    By(&'static str),
    /// Not at all, for this reason.
    No(&'static str),
}

impl RuleDef {
    /// A rule: id, code, provenance, severity under `recommended`, messages.
    pub(crate) const fn new(
        id: &'static str,
        code: Code,
        source: Source,
        severity: Severity,
        messages: &'static [Message],
    ) -> Self {
        Self {
            id,
            code,
            cross_field: false,
            source,
            severity,
            messages,
            reads: Reads::Requests,
            #[cfg(feature = "meta")]
            examples: &[],
            #[cfg(feature = "meta")]
            passes: &[],
            #[cfg(feature = "meta")]
            answer_examples: &[],
            #[cfg(feature = "meta")]
            js: None,
            #[cfg(feature = "meta")]
            in_schemas: None,
            #[cfg(feature = "meta")]
            schema: None,
            #[cfg(feature = "meta")]
            depends: &[],
        }
    }

    /// A rule whose issue depends on fields other than the one it is at.
    pub(crate) const fn cross_field(mut self) -> Self {
        self.cross_field = true;
        self
    }

    /// With its examples (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn examples(mut self, examples: &'static [Example]) -> Self {
        #[cfg(feature = "meta")]
        {
            self.examples = examples;
        }
        self
    }

    /// Reading the service's answers only (never a request), or both.
    pub(crate) const fn reads(mut self, reads: Reads) -> Self {
        self.reads = reads;
        // Without feature `answers` nothing reads an answer: its rules' messages
        // are not linked (an issue would show its code alone).
        if !cfg!(feature = "answers") && matches!(reads, Reads::Answers) {
            self.messages = &[];
        }
        self
    }

    /// Reported only when an answer is checked (`check_answer`), never by the
    /// client's tolerant reader: without feature `check` its messages are not
    /// linked (the package's main wasm reads answers but checks none).
    pub(crate) const fn checked_only(mut self) -> Self {
        if !cfg!(feature = "check") {
            self.messages = &[];
        }
        self
    }

    /// With its answer examples (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn answer_examples(mut self, examples: &'static [AnswerExample]) -> Self {
        #[cfg(feature = "meta")]
        {
            self.answer_examples = examples;
        }
        self
    }

    /// With its passing cases (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn passes(mut self, passes: &'static [Pass]) -> Self {
        #[cfg(feature = "meta")]
        {
            self.passes = passes;
        }
        self
    }

    /// With how the JSON Schemas carry it (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn in_schemas(mut self, how: InSchemas) -> Self {
        #[cfg(feature = "meta")]
        {
            self.in_schemas = Some(how);
        }
        self
    }

    /// With what it reads and where its issues are (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn depends(mut self, depends: &'static [Depends]) -> Self {
        #[cfg(feature = "meta")]
        {
            self.depends = depends;
        }
        self
    }

    /// With its JavaScript fast-path part (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn js(mut self, roles: &'static [Role], source: &'static str) -> Self {
        #[cfg(feature = "meta")]
        {
            self.js = Some(JsPart { roles, source });
        }
        self
    }

    /// With its construct in the JSON Schemas: JSON Schema text placed in the
    /// `allOf` of every shape of the role (dropped without feature `meta`).
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn schema(mut self, on: Role, json: &'static str) -> Self {
        #[cfg(feature = "meta")]
        {
            self.schema = Some(SchemaPart { on, json });
        }
        self
    }
}

/// A message template pair (see `messages.rs` for the holes).
#[derive(Debug)]
#[non_exhaustive]
pub struct Message {
    /// The code it is for.
    pub code: Code,
    /// When it applies.
    pub when: When,
    /// English.
    pub en: &'static str,
    /// Simplified Chinese.
    pub zh: &'static str,
}

impl Message {
    /// A message for issues of this code.
    pub(crate) const fn new(code: Code, en: &'static str, zh: &'static str) -> Self {
        Self { code, when: When::Always, en, zh }
    }

    /// Only when the issue is at the body itself.
    pub(crate) const fn at_root(mut self) -> Self {
        self.when = When::AtRoot;
        self
    }

    /// Only when the issue is about an order of this type (its `orderType` param).
    pub(crate) const fn when_order_type(mut self, order_type: OrderType) -> Self {
        self.when = When::OrderType(order_type);
        self
    }
}

/// When a [`Message`] applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum When {
    /// Always.
    Always,
    /// When the issue is at the body itself (path `""`).
    AtRoot,
    /// When the issue's `orderType` param is this order type.
    OrderType(OrderType),
}

/// A body in which a rule finds an issue at a path.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Example {
    /// The endpoint it is validated for.
    pub endpoint: Endpoint,
    /// The JSON text.
    pub body: &'static str,
    /// The JSON Pointer of the rule's issue.
    pub path: &'static str,
}

/// An example (see [`Example`]).
pub(crate) const fn example(endpoint: Endpoint, body: &'static str, path: &'static str) -> Example {
    Example { endpoint, body, path }
}

/// An answer of the service (its HTTP status and its text) in which a rule
/// finds an issue at a path (`response::check_answer`).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct AnswerExample {
    /// The endpoint that answered.
    pub endpoint: Endpoint,
    /// The HTTP status it answered with.
    pub status: u16,
    /// The answer's text.
    pub text: &'static str,
    /// The JSON Pointer of the rule's issue.
    pub path: &'static str,
}

/// An answer example (see [`AnswerExample`]).
pub(crate) const fn answer(endpoint: Endpoint, status: u16, text: &'static str, path: &'static str) -> AnswerExample {
    AnswerExample { endpoint, status, text, path }
}

/// A body with no issue at all, a near miss of a rule: what its examples would
/// be if they were right.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Pass {
    /// The endpoint it is validated for.
    pub endpoint: Endpoint,
    /// The JSON text.
    pub body: &'static str,
}

/// A passing case (see [`Pass`]).
pub(crate) const fn pass(endpoint: Endpoint, body: &'static str) -> Pass {
    Pass { endpoint, body }
}

/// A rule's part of the JavaScript fast path (`js/generated/fast-check.js`): a statement
/// run when an object of one of its roles has passed its fields, that
/// `return false`s when the rule would report anything. `$name` stands for the
/// object's field `name`, `ORDER(new_buy)` for an order type's constant, `m`
/// for the order type of the order around (`NO_ORDER` outside one).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct JsPart {
    /// The objects it runs on.
    pub roles: &'static [Role],
    /// The statement.
    pub source: &'static str,
}

/// A rule's construct in the JSON Schemas (the `schema` of its [`RuleDef`]),
/// for a rule of one object, as JSON Schema (2020-12) text: usually an
/// `if`/`then` (`{"if": {…}, "then": {…}}`), or `properties` holding a field's
/// own keywords (`{"properties": {"assets": {"type": "array", "items": {},
/// "maxItems": 50}}}`), or a composition. The generator places it in the
/// `allOf` of every shape of its role (an `allOf` alone gives its items), under
/// the profiles whose errors it is, adds `"type": "object"` to an `if`, a
/// `then` or a part of `properties` that names none (ajv's strict mode asks
/// for it), and writes the string `"$notBlank"` as the pattern of a string that
/// is not blank (what `str::trim` leaves something of).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct SchemaPart {
    /// The objects it applies to.
    pub on: Role,
    /// The construct, as JSON text.
    pub json: &'static str,
}

/// A rule is written as its id.
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// A string format a field names in the schema tables, as garde's
/// `#[garde(email)]` names a rule: `Kind::Format(FormatId::AssetNumber)`. The
/// format's rule file owns everything about it: the check, and (feature
/// `meta`) its JavaScript predicate, JSON Schema pattern and proptest strategy;
/// each generator reads it here, through one `Kind` variant.
#[derive(Debug)]
#[non_exhaustive]
pub struct Format {
    /// The rule whose issues it reports (code, provenance, severity, messages).
    pub rule: Rule,
    /// Its name in `licensing-sdk/meta` (`kind`) and the generators.
    pub name: &'static str,
    /// The codes its issues may have (the rule's, and any other it reports).
    pub codes: &'static [Code],
    /// A value it accepts (the tables' examples, `exampleBody`).
    pub example: &'static str,
    /// Checks a string value, reporting under `rule` through the context.
    pub(crate) check: fn(Rule, &str, &mut super::ctx::Ctx<'_>),
    /// Its JavaScript predicate (feature `meta`).
    #[cfg(feature = "meta")]
    pub js: JsFormat,
    /// The JSON Schema `pattern` of the values it accepts, written into the
    /// schemas where its issues are errors (feature `meta`; `None`: no pattern
    /// says it, the schema only says `string`).
    #[cfg(feature = "meta")]
    pub pattern: Option<&'static str>,
    /// A proptest regex generating values it accepts (feature `meta`).
    #[cfg(feature = "meta")]
    pub strategy: &'static str,
    /// The values it accepts, in words (`RULES.md`'s kinds; feature `meta`).
    #[cfg(feature = "meta")]
    pub describe: &'static str,
}

/// A format's JavaScript predicate: `function` is called with a string and is
/// true when the format reports nothing; `source` (the rule's sibling `.js`
/// file) declares it. Two formats may share one predicate.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct JsFormat {
    /// The function's name.
    pub function: &'static str,
    /// Its declaration.
    pub source: &'static str,
    /// The predicate is false on every string holding a lone surrogate (it
    /// accepts ASCII only, or tests for them itself), so the fast path leaves
    /// out the lone-surrogate test on its fields: that test is most of the
    /// fast path's time per string in Chromium (docs/design.md, "The
    /// surrogate test, where it is spent").
    pub refuses_lone_surrogates: bool,
}

impl Format {
    /// A format: its rule, name, codes, an accepted example and its check.
    pub(crate) const fn new(
        rule: Rule,
        name: &'static str,
        codes: &'static [Code],
        example: &'static str,
        check: fn(Rule, &str, &mut super::ctx::Ctx<'_>),
    ) -> Self {
        Self {
            rule,
            name,
            codes,
            example,
            check,
            #[cfg(feature = "meta")]
            js: JsFormat { function: "", source: "", refuses_lone_surrogates: false },
            #[cfg(feature = "meta")]
            pattern: None,
            #[cfg(feature = "meta")]
            strategy: "",
            #[cfg(feature = "meta")]
            describe: "",
        }
    }

    /// With what the generators need (dropped without feature `meta`): the
    /// values it accepts in words, its JavaScript predicate, their JSON Schema
    /// pattern (if a pattern can say it) and a proptest regex of such values.
    #[cfg_attr(not(feature = "meta"), allow(unused_variables, unused_mut))]
    pub(crate) const fn generated(
        mut self,
        describe: &'static str,
        function: &'static str,
        source: &'static str,
        pattern: Option<&'static str>,
        strategy: &'static str,
    ) -> Self {
        #[cfg(feature = "meta")]
        {
            self.js = JsFormat { function, source, refuses_lone_surrogates: false };
            self.pattern = pattern;
            self.strategy = strategy;
            self.describe = describe;
        }
        self
    }

    /// Its JavaScript predicate refuses every lone surrogate itself (see
    /// [`JsFormat::refuses_lone_surrogates`]; js/sdk/tests/fast-check.test.mjs
    /// holds each such format to it).
    #[cfg_attr(not(feature = "meta"), allow(unused_mut))]
    pub(crate) const fn js_refuses_lone_surrogates(mut self) -> Self {
        #[cfg(feature = "meta")]
        {
            self.js.refuses_lone_surrogates = true;
        }
        self
    }

    /// Checks a string value.
    pub(crate) fn check(&self, value: &str, ctx: &mut super::ctx::Ctx<'_>) {
        (self.check)(self.rule, value, ctx);
    }
}

impl Rule {
    /// Its definition (its file in `validate/rules/`).
    pub fn def(self) -> &'static RuleDef {
        super::rules::def(self)
    }

    /// The stable id (`RULES.md`'s `rule` column; an issue's `rule`).
    pub fn id(self) -> &'static str {
        self.def().id
    }

    /// Whether its issue depends on fields other than the one it is at.
    pub fn is_cross_field(self) -> bool {
        self.def().cross_field
    }

    /// The code of its issues (the asset number rules also report
    /// [`Code::AssetNumberPartition`]).
    pub fn code(self) -> Code {
        self.def().code
    }

    /// Where it comes from.
    pub fn source(self) -> Source {
        self.def().source
    }

    /// The severity of its issues under [`Profile::Recommended`].
    pub fn recommended_severity(self) -> Severity {
        self.def().severity
    }

    /// The severity of its issues under a profile: under `spec` an inferred
    /// rule never makes a body invalid; under `strict` unknown fields do.
    pub fn severity(self, profile: Profile) -> Severity {
        match (self.recommended_severity(), profile) {
            (Severity::Warning, Profile::Strict) if self == Self::UnknownField => Severity::Error,
            (Severity::Error, Profile::Spec) if self.source() == Source::Inferred => Severity::Warning,
            (severity, _) => severity,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_move_only_inferred_rules_and_unknown_fields() {
        for &rule in Rule::ALL {
            let recommended = rule.severity(Profile::Recommended);
            assert_eq!(recommended, rule.recommended_severity());
            let spec = rule.severity(Profile::Spec);
            if rule.source() == Source::Spec {
                assert_eq!(spec, recommended, "{rule:?}");
            } else {
                assert_eq!(spec, Severity::Warning, "{rule:?}");
            }
            let strict = rule.severity(Profile::Strict);
            assert_eq!(strict == recommended, rule != Rule::UnknownField, "{rule:?}");
        }
    }

    #[test]
    fn ids_are_unique_and_profiles_round_trip() {
        let mut ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Rule::ALL.len());
        for p in [Profile::Spec, Profile::Recommended, Profile::Strict] {
            assert_eq!(Profile::parse(p.as_str()), Some(p));
        }
        assert_eq!(Profile::parse("Spec"), None);
    }
}
