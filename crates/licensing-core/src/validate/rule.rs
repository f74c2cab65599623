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

macro_rules! rules {
    ($($(#[$doc:meta])* $rule:ident = $id:literal, $code:ident, $source:ident, $severity:ident;)+) => {
        /// One rule of the validator, as `RULES.md` lists it (its `rule` column).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $rule,)+
        }

        impl Rule {
            /// Every rule, in `RULES.md`'s order.
            pub const ALL: &'static [Rule] = &[$(Self::$rule),+];

            /// The stable id (`RULES.md`'s `rule` column).
            pub fn id(self) -> &'static str {
                match self { $(Self::$rule => $id,)+ }
            }

            /// The code of its issues (the asset number rules also report
            /// [`Code::AssetNumberPartition`]).
            pub fn code(self) -> Code {
                match self { $(Self::$rule => Code::$code,)+ }
            }

            /// Where it comes from.
            pub fn source(self) -> Source {
                match self { $(Self::$rule => Source::$source,)+ }
            }

            /// The severity of its issues under [`Profile::Recommended`].
            pub fn recommended_severity(self) -> Severity {
                match self { $(Self::$rule => Severity::$severity,)+ }
            }
        }
    };
}

rules! {
    /// The text is JSON (RFC 8259, which lets a reader bound the nesting).
    Json = "json", InvalidJson, Spec, Error;
    /// The body (or query object) is a JSON object: the spec lists its fields.
    BodyObject = "body_object", Type, Spec, Error;
    /// A field holds the JSON type the spec gives it.
    FieldType = "field_type", Type, Spec, Error;
    /// Objects nest at most `MAX_DEPTH` levels (deeper ones are not checked).
    Depth = "depth", TooDeep, Inferred, Error;
    /// A required field is present and not null (the spec shows no presence).
    Required = "required", Required, Inferred, Error;
    /// A required string or list is not blank or empty.
    NonEmpty = "non_empty", Empty, Inferred, Error;
    /// An enumerated field holds one of the spec's values.
    EnumValue = "enum_value", Enum, Spec, Error;
    /// A field the shape does not define.
    UnknownField = "unknown_field", UnknownField, Inferred, Warning;
    /// A field given twice in one object.
    DuplicateKey = "duplicate_key", DuplicateKey, Inferred, Error;
    /// An order asset number (`assetNos`): 10 digits, marker 8 or 6.
    AssetNumber = "asset_number", AssetNumberFormat, Spec, Error;
    /// A lock number (`assetNums`) read as an asset number.
    LockNumber = "lock_number", AssetNumberFormat, Inferred, Error;
    /// `size` ≥ 1 and the product counts ≥ 0.
    Minimum = "minimum", Minimum, Inferred, Error;
    /// A product's `timeDurationExpression` has the form `y-m-d`.
    Duration = "duration", DurationExpression, Spec, Error;
    /// A merchandise's `timeDurationExpression` read as `y-m-d` too.
    PackageDuration = "package_duration", DurationExpression, Inferred, Error;
    /// `adminEmail` looks like an e-mail address.
    Email = "email", Email, Inferred, Warning;
    /// A limit end date is not before its start date.
    LimitRange = "limit_range", LimitEndBeforeStart, Inferred, Error;
    /// `sequence` is unique within `orderList`.
    UniqueSequence = "unique_sequence", DuplicateSequence, Inferred, Error;
    /// A cloud licence refund names `srcLicenseOrderId`.
    SrcLicenseOrderRequired = "src_license_order_required", SrcLicenseOrderRequired, Spec, Error;
    /// Any other refund should name `srcLicenseOrderId`.
    SrcLicenseOrderRecommended = "src_license_order_recommended", SrcLicenseOrderRecommended, Spec, Warning;
    /// `products` may be empty only for `delete_asset`.
    ProductsRequired = "products_required", ProductsRequired, Spec, Error;
    /// A `delete_product` product names its `productUri`.
    DeleteProductUri = "delete_product_uri", Required, Inferred, Error;
    /// A strict-match delete product carries the fields it is matched on.
    StrictMatchFields = "strict_match_fields", StrictMatchFieldRequired, Inferred, Error;
    /// A lowest-level merchandise lists products.
    LeafProducts = "leaf_products", LeafProductsRequired, Spec, Error;
    /// A product transfer appears on `new_buy` only.
    TransferOnlyOnNewBuy = "transfer_only_on_new_buy", TransferOnlyOnNewBuy, Spec, Warning;
    /// The endpoint is one of the spec's ten.
    Endpoint = "endpoint", UnknownEndpoint, Spec, Error;
    /// The report keeps at most `maxIssues` issues (the SDK's cap).
    IssueCap = "issue_cap", TooManyIssues, Inferred, Warning;
}

impl Rule {
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
