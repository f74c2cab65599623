//! The rules, one per file. Format rules are called by the walk for one value;
//! object rules run when an object closes, on the [`Slot`]s of its fields; the
//! cross-field rules of an order run when the order closes, on the facts its
//! assets and products left (`order.rs`).

pub(crate) mod order;
pub(crate) mod suggest;

// What the rule files name as `super::Code` and `super::CodeDef`.
use super::codes::{Code, CodeDef};

/// What every rule file's definition uses.
mod prelude {
    pub(crate) use crate::schema::Role;
    pub(crate) use crate::validate::report::{Code, Severity::*};
    pub(crate) use crate::validate::rule::InSchemas::{By, No};
    pub(crate) use crate::validate::rule::{
        answer, depends, depends_across, example, pass, Message, Reads, RuleDef, Source::*,
    };
    pub(crate) use crate::wire::Endpoint::*;
}

/// The registry: every rule, its file, by file name. A rule is its file and
/// nothing else: its `RULE` (which variant, documented by what it checks), its
/// `DEF` (id, code, provenance, severity, messages, examples, JS part), the
/// codes it owns (`CodeDef`s) and its check; `cargo xtask gen` writes the
/// files' `mod` lines and the registry (below) from the files.
macro_rules! registry {
    ($($(#[doc = $doc:literal])* $rule:ident => $module:ident;)+) => {
        /// One rule of the validator, as `RULES.md` lists it (its `rule` column);
        /// everything about it is its file's [`RuleDef`](super::RuleDef).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[doc = $doc])* $rule,)+
        }

        impl Rule {
            /// Every rule, by the name of its file.
            pub const ALL: &'static [Rule] = &[$(Self::$rule),+];

            /// What it checks, in one sentence (`RULES.md`'s rules table; feature `meta`).
            #[cfg(feature = "meta")]
            pub fn doc(self) -> &'static str {
                match self {
                    $(Self::$rule => concat!($($doc),*).trim_ascii(),)+
                }
            }
        }

        /// A rule's definition.
        pub(crate) fn def(rule: Rule) -> &'static super::rule::RuleDef {
            match rule {
                $(Rule::$rule => &$module::DEF,)+
            }
        }

        // Each file's `RULE` is the variant its line makes.
        const _: () = { $(assert!(matches!($module::RULE, Rule::$rule));)+ };
    };
}

/// Each string format of the tables (`schema::FormatId`, written beside this
/// list) and its file's `FORMAT`; the match is exhaustive, so a format the
/// tables name without a file, or a file the tables cannot name, does not compile.
macro_rules! formats {
    ($($id:ident => $module:ident;)+) => {
        impl crate::schema::FormatId {
            /// The format's definition: its check, example and generated forms.
            pub fn def(self) -> &'static super::rule::Format {
                match self {
                    $(Self::$id => &$module::FORMAT,)+
                }
            }
        }
    };
}

/// The rules that run when an object closes: each file with an `on_close` (and
/// the `CLOSES` it runs on), called in the order of the files' names.
macro_rules! closers {
    ($($module:ident),+ $(,)?) => {
        /// Runs every rule whose `CLOSES` holds the closed object's role.
        fn run_closers(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
            $(
                if $module::CLOSES.contains(&closed.role) {
                    $module::on_close(closed, ctx);
                }
            )+
        }
    };
}

/// The rules that make a body true to them (`testing::make_valid`, feature `repair`):
/// each file with a `repair` (and the `REPAIRS` roles it visits), called in the
/// order of the files' names.
macro_rules! repairers {
    ($($module:ident),* $(,)?) => {
        /// Runs every rule's repair whose `REPAIRS` holds the object's role.
        #[cfg(feature = "repair")]
        pub(crate) fn repair(role: Role, object: &mut serde_json::Value, around: &Around<'_>) {
            $(
                if $module::REPAIRS.contains(&role) {
                    $module::repair(object, around);
                }
            )*
        }
    };
}

/// Whether a repair is to write a field: it is absent, `null`, or blank text (the
/// values `non_empty`-like rules refuse).
#[cfg(feature = "repair")]
pub(crate) fn is_blank(value: Option<&serde_json::Value>) -> bool {
    match value {
        None | Some(serde_json::Value::Null) => true,
        Some(serde_json::Value::String(text)) => text.trim().is_empty(),
        Some(_) => false,
    }
}

/// Where an object being repaired is (`repair`): its order's type and its index in its list.
#[cfg(feature = "repair")]
pub(crate) struct Around<'a> {
    /// The `orderType` of the order it is in (or is).
    pub(crate) order_type: &'a str,
    /// Its index in the list that holds it.
    pub(crate) index: usize,
    /// The elements before it in that list (already repaired).
    pub(crate) before: &'a [serde_json::Value],
}

// registry:begin (written by `cargo xtask gen` from the rule files' `RULE`, `FORMAT`, `on_close` and `repair`: xtask/registry/src/lib.rs)
pub(crate) mod answer_field;
pub(crate) mod asset_number;
pub(crate) mod body_object;
pub(crate) mod delete_product_uri;
pub(crate) mod depth;
pub(crate) mod duplicate_key;
pub(crate) mod duration;
pub(crate) mod email;
pub(crate) mod endpoint;
pub(crate) mod enum_value;
pub(crate) mod envelope_field;
pub(crate) mod envelope_status;
pub(crate) mod field_type;
pub(crate) mod http_status;
pub(crate) mod issue_cap;
pub(crate) mod json;
pub(crate) mod leaf_products;
pub(crate) mod limit_range;
pub(crate) mod lock_number;
pub(crate) mod lone_surrogate;
pub(crate) mod minimum;
pub(crate) mod non_empty;
pub(crate) mod package_duration;
pub(crate) mod path_segment;
pub(crate) mod products_required;
pub(crate) mod renamed_field;
pub(crate) mod required;
pub(crate) mod src_license_order_recommended;
pub(crate) mod src_license_order_required;
pub(crate) mod strict_match_fields;
pub(crate) mod transfer_only_on_new_buy;
pub(crate) mod unique_sequence;
pub(crate) mod unknown_field;
pub(crate) mod unlisted_code;
pub(crate) mod unsafe_integer;
pub(crate) mod untouched;
pub(crate) mod wrong_envelope;

registry! {
    #[doc = "A record of an answer carries the fields the spec shows for it."]
    AnswerField => answer_field;
    #[doc = "An order asset number (`assetNos`) is 10 digits starting with 8 or 6 (also `asset_number_partition`)."]
    AssetNumber => asset_number;
    #[doc = "The body or query object is a JSON object."]
    BodyObject => body_object;
    #[doc = "A `delete_product` product names its `productUri`."]
    DeleteProductUri => delete_product_uri;
    #[doc = "Objects nest at most 64 levels."]
    Depth => depth;
    #[doc = "No field is given twice in one object."]
    DuplicateKey => duplicate_key;
    #[doc = "A product's `timeDurationExpression` has the form `y-m-d`."]
    Duration => duration;
    #[doc = "`adminEmail` looks like an e-mail address."]
    Email => email;
    #[doc = "The endpoint is one of the spec's."]
    Endpoint => endpoint;
    #[doc = "An enumerated field holds one of the spec's values."]
    EnumValue => enum_value;
    #[doc = "An envelope carries the fields the spec gives it."]
    EnvelopeField => envelope_field;
    #[doc = "An answer's HTTP status is the one the spec gives its envelope."]
    EnvelopeStatus => envelope_status;
    #[doc = "A field holds the JSON type the spec gives it."]
    FieldType => field_type;
    #[doc = "An answer comes with a status the spec shows for it."]
    HttpStatus => http_status;
    #[doc = "The report keeps at most `maxIssues` issues."]
    IssueCap => issue_cap;
    #[doc = "The text is JSON."]
    Json => json;
    #[doc = "A lowest-level merchandise lists products."]
    LeafProducts => leaf_products;
    #[doc = "A limit end date is not before its start date."]
    LimitRange => limit_range;
    #[doc = "A lock number (`assetNums`) is an asset number (also `asset_number_partition`)."]
    LockNumber => lock_number;
    #[doc = "A string holds whole characters: no lone UTF-16 surrogate."]
    LoneSurrogate => lone_surrogate;
    #[doc = "`size` ≥ 1; product counts and durations ≥ 0."]
    Minimum => minimum;
    #[doc = "A required string or list is not blank or empty."]
    NonEmpty => non_empty;
    #[doc = "A merchandise's `timeDurationExpression` has the form `y-m-d`."]
    PackageDuration => package_duration;
    #[doc = "A path parameter stays one URL path segment: not `.` or `..`."]
    PathSegment => path_segment;
    #[doc = "`products` may be empty only for `delete_asset`."]
    ProductsRequired => products_required;
    #[doc = "A field of an answer is sent under a name the spec does not give it."]
    RenamedField => renamed_field;
    #[doc = "A required field is present and not `null`."]
    Required => required;
    #[doc = "Any other refund should name `srcLicenseOrderId`."]
    SrcLicenseOrderRecommended => src_license_order_recommended;
    #[doc = "A cloud licence refund names `srcLicenseOrderId`."]
    SrcLicenseOrderRequired => src_license_order_required;
    #[doc = "A strict-match delete product carries the fields it is matched on."]
    StrictMatchFields => strict_match_fields;
    #[doc = "A product transfer appears on `new_buy` only."]
    TransferOnlyOnNewBuy => transfer_only_on_new_buy;
    #[doc = "`sequence` is unique within `orderList`."]
    UniqueSequence => unique_sequence;
    #[doc = "The field is one the shape defines."]
    UnknownField => unknown_field;
    #[doc = "A business code or `resultCode` is one the spec lists."]
    UnlistedCode => unlisted_code;
    #[doc = "An answer's integer is within ±2⁵³ (what JavaScript reads exactly)."]
    UnsafeInteger => unsafe_integer;
    #[doc = "Errors in fields not touched yet are counted in one issue."]
    Untouched => untouched;
    #[doc = "An answer is in the envelope of its endpoint's module."]
    WrongEnvelope => wrong_envelope;
}

formats! {
    AssetNumber => asset_number;
    Duration => duration;
    Email => email;
    LockNumber => lock_number;
    PackageDuration => package_duration;
    PathSegment => path_segment;
}

closers! {
    leaf_products,
    limit_range,
    products_required,
    src_license_order_required,
    strict_match_fields,
    unique_sequence,
}

repairers! {
    delete_product_uri,
    leaf_products,
    limit_range,
    products_required,
    src_license_order_required,
    strict_match_fields,
    transfer_only_on_new_buy,
    unique_sequence,
}
// registry:end

use super::ctx::Ctx;
use super::slot::Slot;
use order::OrderFacts;
use unique_sequence::SequenceIndex;

/// What the rules remember between objects, owned by the walk (not by `Ctx`,
/// which only knows where the walk is and what it found).
#[derive(Default)]
pub(crate) struct RuleState {
    /// What the order being read has told its rules so far (`order.rs`).
    pub(crate) order: OrderFacts,
    /// The first order index of each `sequence` seen (`unique_sequence.rs`).
    pub(crate) sequences: SequenceIndex,
}
use crate::schema::Role;

/// The field's slot (absent for an index past the table, which the rules'
/// compile-time indices, `index_of`, cannot be).
pub(crate) fn slot(slots: &[Slot], index: usize) -> Slot {
    slots.get(index).copied().unwrap_or_default()
}

/// What a rule that runs when an object closes is given (its `on_close`).
pub(crate) struct Closed<'a> {
    /// The object's role in the tables.
    pub(crate) role: Role,
    /// Its fields, in its shape's order.
    pub(crate) slots: &'a [Slot],
    /// What the rules remember between objects: for an order, what its assets
    /// and products showed (`order.rs`).
    pub(crate) state: &'a mut RuleState,
}

/// An object just closed, at its path: its rules run (every file's `on_close`
/// whose `CLOSES` holds its role), and it leaves the facts the objects around
/// it need (`order.rs`). Returns whether it lists products anywhere in its
/// merchandise tree (`nested_products`: whether its fields' objects do).
pub(crate) fn on_close(
    role: Role,
    slots: &[Slot],
    nested_products: bool,
    state: &mut RuleState,
    ctx: &mut Ctx<'_>,
) -> bool {
    run_closers(&mut Closed { role, slots, state: &mut *state }, ctx);
    match role {
        Role::Plain => false,
        Role::Asset => {
            order::asset_closed(slots, nested_products, &mut state.order, ctx);
            false
        }
        Role::Product => {
            order::product_closed(slots, &mut state.order, ctx);
            false
        }
        Role::Merchandise => leaf_products::lists_products(slots, nested_products),
        Role::Order => {
            order::order_done(&mut state.order);
            false
        }
    }
}

#[cfg(all(test, feature = "meta"))]
mod tests {
    use super::Rule;
    use crate::validate::{validate_json, Code, Options};

    /// The rules whose issue no request body on its own gives (they say why).
    const WITHOUT_EXAMPLES: [Rule; 4] = [Rule::Depth, Rule::Endpoint, Rule::IssueCap, Rule::Untouched];

    /// A rule that reads requests has examples (unless it says why not); one that
    /// reads only answers has none.
    fn has_request_examples(rule: Rule) -> bool {
        rule.def().reads.requests() && !WITHOUT_EXAMPLES.contains(&rule)
    }

    #[test]
    fn every_rules_examples_give_its_issue_at_its_path() {
        for &rule in Rule::ALL {
            let examples = rule.def().examples;
            assert_eq!(!examples.is_empty(), has_request_examples(rule), "{rule:?}: examples");
            for example in examples {
                let report = validate_json(example.endpoint, example.body, &Options::default());
                for issue in &report.issues {
                    assert_ne!(
                        issue.message,
                        issue.code.as_str(),
                        "{:?} has no message for {:?}",
                        issue.rule,
                        issue.code
                    );
                }
                assert!(
                    report.issues.iter().any(|i| i.rule == rule && i.path == example.path),
                    "{rule:?}: {} gives {:?}",
                    example.body,
                    report.issues.iter().map(|i| (i.rule, &i.path)).collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn every_rules_passes_give_no_issue_at_all() {
        for &rule in Rule::ALL {
            let def = rule.def();
            assert_eq!(!def.passes.is_empty(), has_request_examples(rule), "{rule:?}: passes");
            for case in def.passes {
                let report = validate_json(case.endpoint, case.body, &Options::default());
                assert!(
                    report.issues.is_empty(),
                    "{rule:?}: {} gives {:?}",
                    case.body,
                    report.issues.iter().map(|i| (i.rule, &i.path)).collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn every_rule_speaks_its_code_and_every_code_is_spoken() {
        for &rule in Rule::ALL {
            let def = rule.def();
            assert!(def.messages.iter().any(|m| m.code == def.code), "{rule:?} has no message for {:?}", def.code);
            for m in def.messages {
                for text in [m.en, m.zh] {
                    assert_eq!(text.matches('{').count(), text.matches('}').count(), "{rule:?}: {text}");
                    assert!(!text.is_empty());
                }
            }
        }
        for code in Code::ALL {
            assert!(
                Rule::ALL.iter().any(|r| r.def().messages.iter().any(|m| m.code == *code)),
                "no rule has a message for {code:?}"
            );
        }
    }
}
