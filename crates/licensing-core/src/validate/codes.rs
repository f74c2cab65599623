//! The issue codes, each defined once: its wire name and what `RULES.md`'s
//! codes table says of it (that table is generated from here).
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

/// Defines the codes once: the enum (documented by each code's meaning), its
/// wire names, `Code::ALL` and (feature `meta`) each code's [`CodeDoc`].
macro_rules! codes {
    ($($code:ident = $wire:literal { at: $at:literal, params: $params:literal, meaning: $meaning:literal $(,)? })+) => {
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
                    $(Self::$code => $wire,)+
                }
            }

            /// Every code, in `RULES.md`'s order.
            pub const ALL: &'static [Code] = &[$(Self::$code),+];

            /// Where its issues are, their params and its meaning.
            #[cfg(feature = "meta")]
            pub fn doc(self) -> CodeDoc {
                match self {
                    $(Self::$code => CodeDoc { at: $at, params: $params, meaning: $meaning },)+
                }
            }
        }
    };
}

codes! {
    InvalidJson = "invalid_json" {
        at: "`\"\"`",
        params: "`reason` (the parser's message, cut to 200 chars)",
        meaning: "The text is not JSON. In JS it also covers a value `JSON.stringify` cannot serialize (cycle, BigInt, throwing `toJSON`) and a `validateJson` text that is not a string.",
    }
    TooDeep = "too_deep" {
        at: "the object past the bound",
        params: "`max` (`64`)",
        meaning: "The object is nested more than 64 object levels below the body. Nothing inside it is checked.",
    }
    Type = "type" {
        at: "the field or array element; `\"\"` for the body",
        params: "`expected`, `actual`",
        meaning: "Wrong JSON type. `expected` is one of `string`, `integer`, `boolean`, `array`, `object`, `array or null`, `integer or string`. `actual` is one of `null`, `boolean`, `integer`, `number`, `string`, `array`, `object`.",
    }
    Required = "required" {
        at: "the missing field",
        params: "—",
        meaning: "A required field is absent or `null`. Also: a `delete_product` product whose `productUri` is absent, `null` or blank.",
    }
    Empty = "empty" {
        at: "the field",
        params: "—",
        meaning: "A field that must not be empty holds a blank string (whitespace only) or an empty array.",
    }
    Enum = "enum" {
        at: "the field",
        params: "`value` (≤ 40 chars), `allowed`, `suggestion`?",
        meaning: "The value is not one of the allowed values, which are case-sensitive. For `trial` only `value` and `allowed` are given.",
    }
    UnknownField = "unknown_field" {
        at: "the unknown key",
        params: "`suggestion`?",
        meaning: "The object has a field its shape does not define. The field's value is not checked.",
    }
    DuplicateKey = "duplicate_key" {
        at: "the repeated field",
        params: "—",
        meaning: "A known field appears twice in one object (only JSON text can say this; which value a server keeps is not defined). The repeat is not checked further.",
    }
    AssetNumberFormat = "asset_number_format" {
        at: "`A/assetNos/{n}`, `/assetNums/{n}`",
        params: "`value` (≤ 24 chars)",
        meaning: "The asset number is not exactly 10 ASCII digits.",
    }
    AssetNumberPartition = "asset_number_partition" {
        at: "`A/assetNos/{n}`, `/assetNums/{n}`",
        params: "`value`",
        meaning: "The asset number has 10 digits, but the first digit is not 8 or 6.",
    }
    Minimum = "minimum" {
        at: "`/size`, `P/limitConcurrent`, `P/limitTimeDuration`, `P/timeUnitQuantity`",
        params: "`min`, `value`",
        meaning: "An integer is below its minimum.",
    }
    DurationExpression = "duration_expression" {
        at: "`P/timeDurationExpression`, `M/timeDurationExpression`",
        params: "`value` (≤ 24 chars)",
        meaning: "The value does not have the form `y-m-d`.",
    }
    Email = "email" {
        at: "`O/adminEmail`",
        params: "`value` (≤ 40 chars)",
        meaning: "A non-empty value is not an e-mail address.",
    }
    PathSegment = "path_segment" {
        at: "`/enterpriseGlobalId` (`listAssets`)",
        params: "`value` (≤ 24 chars)",
        meaning: "The value is `.` or `..` (or `%2e` for a dot): URL parsers drop such a path segment, so the call would reach another address.",
    }
    LimitEndBeforeStart = "limit_end_before_start" {
        at: "`A/limitEndDate`, `P/limitEndDate`",
        params: "`start` (`limitStartDate`), `value` (the end date)",
        meaning: "`limitEndDate` is less than `limitStartDate`. Equal dates are allowed.",
    }
    DuplicateSequence = "duplicate_sequence" {
        at: "`O/sequence` of each later repeat",
        params: "`value`, `first` (index of the first order with it)",
        meaning: "`sequence` is repeated within `orderList`.",
    }
    SrcLicenseOrderRequired = "src_license_order_required" {
        at: "`O/srcLicenseOrderId`",
        params: "`orderType`, `licenseType`",
        meaning: "A refund of a cloud licence has no `srcLicenseOrderId`.",
    }
    SrcLicenseOrderRecommended = "src_license_order_recommended" {
        at: "`O/srcLicenseOrderId`",
        params: "`orderType`, `licenseType`?",
        meaning: "Any other refund has no `srcLicenseOrderId`.",
    }
    ProductsRequired = "products_required" {
        at: "`A/products`",
        params: "`orderType`",
        meaning: "A `new_buy` or `delete_product` asset has no products.",
    }
    StrictMatchFieldRequired = "strict_match_field_required" {
        at: "`A/products/{k}/limitStartDate`, `…/limitEndDate`, `…/limitConcurrent`",
        params: "—",
        meaning: "A strict-match delete product lacks a field it is matched on.",
    }
    LeafProductsRequired = "leaf_products_required" {
        at: "`M/licenseOrderProductList`",
        params: "—",
        meaning: "A lowest-level merchandise lists no products.",
    }
    TransferOnlyOnNewBuy = "transfer_only_on_new_buy" {
        at: "`A/products/{k}/srcLicenseOrderId`",
        params: "`orderType`",
        meaning: "A product transfer appears outside `new_buy`.",
    }
    UnsafeInteger = "unsafe_integer" {
        at: "an integer of an answer (`/data/…`, `/detail/…`): a warning of the tolerant reader, never of a request",
        params: "`value`",
        meaning: "The integer is past ±2⁵³: JavaScript's `JSON.parse` reads it rounded (Rust exactly). It reaches the caller as the platform reads it; `onWarnings` hears of it.",
    }
    UnknownEndpoint = "unknown_endpoint" {
        at: "`\"\"`",
        params: "`value` (≤ 40 chars), `allowed` (the ten names), `suggestion`?",
        meaning: "The endpoint name is not one of the ten.",
    }
    TooManyIssues = "too_many_issues" {
        at: "`\"\"`",
        params: "`omitted`, `omittedErrors`, `max`",
        meaning: "The cap was reached. This issue is always the last one.",
    }
}
