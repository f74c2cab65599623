//! The issue codes, each defined once, in the rule file that owns it (a
//! `CodeDef`): its wire name and what `RULES.md`'s codes table says of it (that
//! table is generated from them).
//!
//! ```
//! use licensing_core::validate::Code;
//! assert_eq!(Code::AssetNumberPartition.as_str(), "asset_number_partition");
//! assert!(Code::ALL.contains(&Code::TooManyIssues));
//! ```

/// Where a code's issues are and what they carry (feature `meta`: `RULES.md`'s
/// codes table).
#[cfg(feature = "meta")]
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct CodeDoc {
    /// Where its issues are (a path, in `RULES.md`'s abbreviations).
    pub at: &'static str,
    /// Its params (`—` for none).
    pub params: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// A code, as the rule file that owns it declares it: `cargo xtask gen` lists
/// them in the `codes!` below (xtask/registry/src/lib.rs), each documented by the
/// `///` lines above its declaration (its meaning).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CodeDef {
    /// The variant this declares (checked against the list's line).
    pub(crate) code: Code,
    /// The stable wire name.
    pub(crate) wire: &'static str,
    /// Where its issues are ([`CodeDoc::at`]).
    #[cfg_attr(not(feature = "meta"), allow(dead_code))]
    pub(crate) at: &'static str,
    /// Its params ([`CodeDoc::params`]).
    #[cfg_attr(not(feature = "meta"), allow(dead_code))]
    pub(crate) params: &'static str,
}

impl CodeDef {
    pub(crate) const fn new(code: Code, wire: &'static str, at: &'static str, params: &'static str) -> Self {
        Self { code, wire, at, params }
    }
}

/// Makes the codes from their declarations in the rule files (listed below by
/// file name): the enum (documented by each code's meaning), its wire
/// names, `Code::ALL` and (feature `meta`) each code's [`CodeDoc`].
macro_rules! codes {
    ($(#[doc = $meaning:literal] $code:ident => $module:ident::$def:ident;)+) => {
        /// Stable machine codes of the issues (`RULES.md`'s codes table).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $(#[doc = $meaning] $code,)+
        }

        impl Code {
            /// The stable wire form (`snake_case`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$code => super::rules::$module::$def.wire,)+
                }
            }

            /// Every code, by the name of the rule file that owns it.
            pub const ALL: &'static [Code] = &[$(Self::$code),+];

            /// Where its issues are, their params and its meaning.
            #[cfg(feature = "meta")]
            pub fn doc(self) -> CodeDoc {
                match self {
                    $(Self::$code => {
                        let def = super::rules::$module::$def;
                        CodeDoc { at: def.at, params: def.params, meaning: $meaning }
                    })+
                }
            }
        }

        // Each declaration names the variant its line makes.
        const _: () = { $(assert!(matches!(super::rules::$module::$def.code, Code::$code));)+ };
    };
}

// codes:begin (written by `cargo xtask gen` from the rule files' `CodeDef`s: xtask/registry/src/lib.rs)
codes! {
    #[doc = "The asset number is not exactly 10 ASCII digits."]
    AssetNumberFormat => asset_number::CODE_ASSET_NUMBER_FORMAT;
    #[doc = "The asset number has 10 digits, but the first digit is not 8 or 6."]
    AssetNumberPartition => asset_number::CODE_ASSET_NUMBER_PARTITION;
    #[doc = "The object is nested more than 64 object levels below the body. Nothing inside it is checked."]
    TooDeep => depth::CODE_TOO_DEEP;
    #[doc = "A known field appears twice in one object (only JSON text can say this; which value a server keeps is not defined). The repeat is not checked further."]
    DuplicateKey => duplicate_key::CODE_DUPLICATE_KEY;
    #[doc = "The value does not have the form `y-m-d`."]
    DurationExpression => duration::CODE_DURATION_EXPRESSION;
    #[doc = "A non-empty value is not an e-mail address."]
    Email => email::CODE_EMAIL;
    #[doc = "The endpoint name is not one of the spec's."]
    UnknownEndpoint => endpoint::CODE_UNKNOWN_ENDPOINT;
    #[doc = "The value is not one of the allowed values, which are case-sensitive. For `trial` only `value` and `allowed` are given."]
    Enum => enum_value::CODE_ENUM;
    #[doc = "A field the spec shows in this answer is absent: in the envelope an error (rule `envelope_field`: the spec gives the envelopes' fields), in a record a warning (rule `answer_field`: the spec does not say whether a record's field is always sent)."]
    MissingField => envelope_field::CODE_MISSING_FIELD;
    #[doc = "The HTTP status disagrees with the envelope: a business refusal (`code` not 0) answered with HTTP 200, a success answered with HTTP 299, or an activity answer with a status other than 200."]
    EnvelopeStatus => envelope_status::CODE_ENVELOPE_STATUS;
    #[doc = "Wrong JSON type. `expected` is one of `string`, `integer`, `boolean`, `array`, `object`, `array or null`, `integer or string`. `actual` is one of `null`, `boolean`, `integer`, `number`, `string`, `array`, `object`."]
    Type => field_type::CODE_TYPE;
    #[doc = "A refused token (HTTP 401, 403) or an order-module answer with a status other than 200 and 299: the spec shows none, so its body is not checked."]
    HttpStatus => http_status::CODE_HTTP_STATUS;
    #[doc = "The cap was reached. This issue is always the last one."]
    TooManyIssues => issue_cap::CODE_TOO_MANY_ISSUES;
    #[doc = "The text is not JSON. In JS it also covers a value `JSON.stringify` cannot serialize (cycle, BigInt, throwing `toJSON`) and a `validateJson` text that is not a string."]
    InvalidJson => json::CODE_INVALID_JSON;
    #[doc = "A lowest-level merchandise lists no products."]
    LeafProductsRequired => leaf_products::CODE_LEAF_PRODUCTS_REQUIRED;
    #[doc = "`limitEndDate` is less than `limitStartDate`. Equal dates are allowed."]
    LimitEndBeforeStart => limit_range::CODE_LIMIT_END_BEFORE_START;
    #[doc = "A string holds half of a character (a lone UTF-16 surrogate, e.g. an emoji cut in two by `slice`): UTF-8 cannot carry it, and servers refuse it or store something else."]
    LoneSurrogate => lone_surrogate::CODE_LONE_SURROGATE;
    #[doc = "An integer is below its minimum."]
    Minimum => minimum::CODE_MINIMUM;
    #[doc = "A field that must not be empty holds a blank string (whitespace only) or an empty array."]
    Empty => non_empty::CODE_EMPTY;
    #[doc = "The value is `.` or `..` (or `%2e` for a dot): URL parsers drop such a path segment, so the call would reach another address."]
    PathSegment => path_segment::CODE_PATH_SEGMENT;
    #[doc = "A `new_buy` or `delete_product` asset has no products."]
    ProductsRequired => products_required::CODE_PRODUCTS_REQUIRED;
    #[doc = "A field the spec names in this answer is absent, and an unknown field close to its name (`found`) stands in its place."]
    RenamedField => renamed_field::CODE_RENAMED_FIELD;
    #[doc = "A required field is absent or `null`. Also: a `delete_product` product whose `productUri` is absent, `null` or blank."]
    Required => required::CODE_REQUIRED;
    #[doc = "Any other refund has no `srcLicenseOrderId`."]
    SrcLicenseOrderRecommended => src_license_order_recommended::CODE_SRC_LICENSE_ORDER_RECOMMENDED;
    #[doc = "A refund of a cloud licence has no `srcLicenseOrderId`."]
    SrcLicenseOrderRequired => src_license_order_required::CODE_SRC_LICENSE_ORDER_REQUIRED;
    #[doc = "A strict-match delete product lacks a field it is matched on."]
    StrictMatchFieldRequired => strict_match_fields::CODE_STRICT_MATCH_FIELD_REQUIRED;
    #[doc = "A product transfer appears outside `new_buy`."]
    TransferOnlyOnNewBuy => transfer_only_on_new_buy::CODE_TRANSFER_ONLY_ON_NEW_BUY;
    #[doc = "`sequence` is repeated within `orderList`."]
    DuplicateSequence => unique_sequence::CODE_DUPLICATE_SEQUENCE;
    #[doc = "The object has a field its shape does not define. The field's value is not checked."]
    UnknownField => unknown_field::CODE_UNKNOWN_FIELD;
    #[doc = "The answer's `code` or `resultCode` is not one the spec lists (the spec does not give a complete list)."]
    UnlistedCode => unlisted_code::CODE_UNLISTED_CODE;
    #[doc = "The integer is past ±2⁵³: JavaScript's `JSON.parse` reads it rounded (Rust exactly). It reaches the caller as the platform reads it; `onWarnings` hears of it."]
    UnsafeInteger => unsafe_integer::CODE_UNSAFE_INTEGER;
    #[doc = "Errors in fields the form's user has not touched yet: how many."]
    Untouched => untouched::CODE_UNTOUCHED;
    #[doc = "The answer is in the other module's envelope: a `resultCode` where the order module's `code` belongs, or a `code` where the activity module's `resultCode` belongs. Nothing else of it is checked."]
    WrongEnvelope => wrong_envelope::CODE_WRONG_ENVELOPE;
}
// codes:end
