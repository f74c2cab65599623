//! The shape of every request (and, below, of every answer the client checks):
//! fields by wire name, their JSON kind, whether they are required, and the role
//! that picks the object-level rules. Read by the walk (`walk.rs`) and by the
//! generator of the JS fast path (`fast_check_js.rs`).
//!
//! Why tables and not `#[derive(Validate)]` on the typed model: a derive runs after
//! serde has turned the JSON into structs, and serde stops at the first wrong type.
//! The report must list every issue in one pass, type errors included, at JSON
//! Pointer paths with wire names, and flag unknown fields; reading the JSON text
//! against these tables does that. `tests/rules/model_roundtrip.rs` keeps the tables
//! and the typed model in step.

use super::rule::Rule;
use crate::model::{
    ActivateType, CustomerType, DefaultCustomer, KeyChipType, LicenseType, LockStatus, OrderType, SyncMode, Trial,
    WireEnum,
};
use crate::wire::Endpoint;

/// JSON kind of a field.
pub(crate) enum Kind {
    Str,
    Int,
    /// Integer not below the bound.
    IntMin(i64),
    Bool,
    /// One of these case-sensitive strings.
    Enum(&'static [&'static str]),
    /// One of these integers.
    IntEnum(&'static [i64]),
    /// An asset number digit string, checked by this rule (`AssetNumber` for
    /// `assetNos`, `LockNumber` for `assetNums`).
    AssetNumber(Rule),
    /// A `y-m-d` time expression, checked by this rule (`Duration` for products,
    /// `PackageDuration` for merchandise).
    Duration(Rule),
    /// An e-mail address (checked as a warning only).
    Email,
    /// A Long timestamp or a date string (the spec's "date" without a format).
    IntOrStr,
    Array(&'static Kind),
    /// An array, or null (merchandise `children`).
    ArrayOrNull(&'static Kind),
    Object(&'static Shape),
    /// Any JSON value (response fields whose shape the spec does not show).
    Any,
}

/// Whether a field must be present.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Presence {
    Optional,
    /// Present and not null.
    Required,
    /// Present, not null, and not empty (a blank string or an empty array).
    NonEmpty,
}

pub(crate) struct Field {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
    pub(crate) presence: Presence,
}

/// What an object is to the cross-field rules, which run when it closes
/// (`rules::on_close`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// No object-level rule.
    Plain,
    /// An element of `orderList`: the order's cross-field rules.
    Order,
    /// An element of `assets`: limit range; facts for its order.
    Asset,
    /// A product: limit range; facts for its order when directly under an asset.
    Product,
    /// A merchandise package: a leaf lists products.
    Merchandise,
}

pub(crate) struct Shape {
    pub(crate) fields: &'static [Field],
    pub(crate) role: Role,
}

impl Shape {
    /// The index of a known field, by its wire name. (The walk first tries the
    /// field after the last one it matched, in place: bodies tend to list their
    /// fields in a stable order.)
    pub(crate) fn find(&self, key: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == key)
    }
}

/// The index of a field in a field table, at compile time (a wrong name does not
/// compile). Only `const` items call it, so its panic is a compile error and can
/// never run in the wasm.
pub(crate) const fn index_of(fields: &[Field], name: &str) -> usize {
    let mut i = 0;
    while i < fields.len() {
        let a = fields[i].name.as_bytes();
        let b = name.as_bytes();
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such field in the table")
}

const fn opt(name: &'static str, kind: Kind) -> Field {
    Field { name, kind, presence: Presence::Optional }
}
const fn req(name: &'static str, kind: Kind) -> Field {
    Field { name, kind, presence: Presence::Required }
}
const fn non_empty(name: &'static str, kind: Kind) -> Field {
    Field { name, kind, presence: Presence::NonEmpty }
}

/// The shape of an endpoint's body (or query object).
pub(crate) fn shape_of(endpoint: Endpoint) -> &'static Shape {
    match endpoint {
        Endpoint::BindEnterprise => &BIND_ENTERPRISE,
        Endpoint::CreateEnterprise | Endpoint::UpdateEnterprise => &ENTERPRISE_CUSTOMER,
        Endpoint::QueryEnterprises => &QUERY_ENTERPRISES,
        Endpoint::BatchOrder => &BATCH_ORDER,
        Endpoint::LockAssets | Endpoint::UnlockAssets => &LOCK,
        Endpoint::ListAssets => &LIST_ASSETS,
        Endpoint::ShellNums => &SHELL_NUMS,
        Endpoint::JoinActivity => &ACTIVITY,
    }
}

pub(crate) static BIND_ENTERPRISE: Shape = Shape {
    fields: &[
        non_empty("channelCode", Kind::Str),
        non_empty("channelCustomerId", Kind::Str),
        opt("customerName", Kind::Str),
        opt("branchName", Kind::Str),
        opt("enterpriseName", Kind::Str),
        opt("passwordMobile", Kind::Str),
    ],
    role: Role::Plain,
};

pub(crate) static ENTERPRISE_CUSTOMER: Shape = Shape {
    fields: &[
        non_empty("crmCustomerId", Kind::Str),
        opt("customerName", Kind::Str),
        opt("branchName", Kind::Str),
        opt("address", Kind::Str),
    ],
    role: Role::Plain,
};

pub(crate) static QUERY_ENTERPRISES: Shape = Shape {
    fields: &[
        non_empty("channelCode", Kind::Str),
        non_empty("channelCustomerId", Kind::Str),
        req("defaultCustomer", Kind::Enum(DefaultCustomer::WIRE)),
    ],
    role: Role::Plain,
};

pub(crate) static LIST_ASSETS: Shape =
    Shape { fields: &[non_empty("enterpriseGlobalId", Kind::Str), opt("extendCode", Kind::Str)], role: Role::Plain };

pub(crate) static SHELL_NUMS: Shape = Shape { fields: &[req("size", Kind::IntMin(1))], role: Role::Plain };

pub(crate) static LOCK: Shape = Shape {
    fields: &[
        non_empty("assetNums", Kind::Array(&Kind::AssetNumber(Rule::LockNumber))),
        non_empty("operatorIdentity", Kind::Str),
    ],
    role: Role::Plain,
};

pub(crate) static ACTIVITY: Shape = Shape {
    fields: &[
        non_empty("identity", Kind::Str),
        non_empty("activityLabel", Kind::Str),
        non_empty("source", Kind::Str),
        non_empty("branch", Kind::Str),
    ],
    role: Role::Plain,
};

// Item kinds of the arrays of objects, as statics: the field tables below are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static AN_ORDER: Kind = Kind::Object(&ORDER);
static AN_ASSET: Kind = Kind::Object(&ASSET);
static AN_ASSET_EXTEND: Kind = Kind::Object(&ASSET_EXTEND);
static A_PRODUCT: Kind = Kind::Object(&PRODUCT);
static A_PRODUCT_FEATURE: Kind = Kind::Object(&PRODUCT_FEATURE);
static A_MERCHANDISE: Kind = Kind::Object(&MERCHANDISE);

pub(crate) static BATCH_ORDER: Shape = Shape {
    fields: &[
        non_empty("channelCode", Kind::Str),
        non_empty("channelOrderId", Kind::Str),
        opt("syncMode", Kind::Enum(SyncMode::WIRE)),
        non_empty("orderList", Kind::Array(&AN_ORDER)),
    ],
    role: Role::Plain,
};

pub(crate) const ORDER_FIELDS: &[Field] = &[
    req("sequence", Kind::Int),
    opt("customerId", Kind::Str),
    opt("crmCustomerId", Kind::Str),
    opt("customerName", Kind::Str),
    opt("channelCustomerId", Kind::Str),
    opt("adminName", Kind::Str),
    opt("adminAccount", Kind::Str),
    opt("adminEmail", Kind::Email),
    opt("adminCellNumber", Kind::Str),
    opt("passwordMobile", Kind::Str),
    opt("address", Kind::Str),
    opt("customerType", Kind::Enum(CustomerType::WIRE)),
    opt("branchCode", Kind::Str),
    opt("branchName", Kind::Str),
    opt("enterpriseGlobalId", Kind::Str),
    opt("srcLicenseOrderId", Kind::Str),
    req("licenseType", Kind::Enum(LicenseType::WIRE)),
    req("orderType", Kind::Enum(OrderType::WIRE)),
    non_empty("assets", Kind::Array(&AN_ASSET)),
];

pub(crate) static ORDER: Shape = Shape { fields: ORDER_FIELDS, role: Role::Order };

pub(crate) const ASSET_FIELDS: &[Field] = &[
    non_empty("assetNos", Kind::Array(&Kind::AssetNumber(Rule::AssetNumber))),
    opt("assetExtendList", Kind::Array(&AN_ASSET_EXTEND)),
    opt("limitStartDate", Kind::Int),
    opt("limitEndDate", Kind::Int),
    opt("borrowedUsbKey", Kind::Bool),
    opt("transferedAssetNum", Kind::Bool),
    opt("products", Kind::Array(&A_PRODUCT)),
    opt("merchandises", Kind::Array(&A_MERCHANDISE)),
];

pub(crate) static ASSET: Shape = Shape { fields: ASSET_FIELDS, role: Role::Asset };

pub(crate) static ASSET_EXTEND: Shape =
    Shape { fields: &[opt("extendCode", Kind::Str), opt("extendValue", Kind::Str)], role: Role::Plain };

pub(crate) const PRODUCT_FIELDS: &[Field] = &[
    opt("crmProductId", Kind::Str),
    opt("parentCrmProductId", Kind::Str),
    opt("productUri", Kind::Str),
    opt("productName", Kind::Str),
    opt("gmsPid", Kind::Str),
    opt("appKey", Kind::Str),
    opt("productType", Kind::Str),
    opt("limitStartDate", Kind::Int),
    opt("limitEndDate", Kind::Int),
    opt("limitConcurrent", Kind::IntMin(0)),
    opt("limitTimeDuration", Kind::IntMin(0)),
    opt("strictMatchWhenDelete", Kind::Bool),
    opt("trial", Kind::IntEnum(Trial::VALUES)),
    opt("trialEndDate", Kind::Int),
    opt("passwords", Kind::Array(&Kind::Str)),
    opt("timeUnit", Kind::Str),
    opt("timeUnitQuantity", Kind::IntMin(0)),
    opt("timeDurationExpression", Kind::Duration(Rule::Duration)),
    opt("srcLicenseOrderId", Kind::Str),
    opt("productFeatures", Kind::Array(&A_PRODUCT_FEATURE)),
];

pub(crate) static PRODUCT: Shape = Shape { fields: PRODUCT_FIELDS, role: Role::Product };

pub(crate) static PRODUCT_FEATURE: Shape = Shape {
    fields: &[
        opt("featureCode", Kind::Str),
        opt("featureName", Kind::Str),
        opt("featureValue", Kind::Str),
        opt("featureValueType", Kind::Str),
        opt("trial", Kind::IntEnum(Trial::VALUES)),
        opt("trialEndDate", Kind::IntOrStr),
    ],
    role: Role::Plain,
};

pub(crate) static MERCHANDISE_FIELDS: &[Field] = &[
    opt("crmProductId", Kind::Str),
    opt("parentCrmProductId", Kind::Str),
    opt("merchandiseNum", Kind::Str),
    opt("merchandiseName", Kind::Str),
    opt("parentMerchandiseNum", Kind::Str),
    opt("timeDurationExpression", Kind::Duration(Rule::PackageDuration)),
    opt("children", Kind::ArrayOrNull(&A_MERCHANDISE)),
    opt("licenseOrderProductList", Kind::Array(&A_PRODUCT)),
];

pub(crate) static MERCHANDISE: Shape = Shape { fields: MERCHANDISE_FIELDS, role: Role::Merchandise };

// ---- Responses ----
//
// What the client checks a successful answer against before handing it on: the
// response types of `model/`, field by field (every field optional, as there;
// unknown fields tolerated). `response.rs` reads the envelopes with these.

static A_MEMBER: Kind = Kind::Object(&MEMBER);
static A_LOCK_RESULT: Kind = Kind::Object(&LOCK_RESULT);
static A_BATCH_ORDER_RESULT: Kind = Kind::Object(&BATCH_ORDER_RESULT);
static AN_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);
static AN_ASSET_RECORD: Kind = Kind::Object(&ASSET_RECORD);
static A_CLAIMED_PRODUCT: Kind = Kind::Object(&CLAIMED_PRODUCT);
static AN_ACTIVITY_REJECTION: Kind = Kind::Object(&ACTIVITY_REJECTION);
static AN_ACTIVITY_UNIT: Kind = Kind::Object(&ACTIVITY_UNIT);

pub(crate) static ENTERPRISE_RECORD: Shape = Shape {
    fields: &[
        opt("customerId", Kind::Str),
        opt("channelCode", Kind::Str),
        opt("channelCustomerId", Kind::Str),
        opt("enterpriseGlobalId", Kind::Str),
        opt("enterpriseName", Kind::Str),
        opt("isDefault", Kind::Bool),
    ],
    role: Role::Plain,
};

pub(crate) static ENTERPRISE_CREATION: Shape = Shape {
    fields: &[
        opt("enterpriseGlobalId", Kind::Str),
        opt("defaultType", Kind::Bool),
        opt("members", Kind::Array(&A_MEMBER)),
    ],
    role: Role::Plain,
};

static MEMBER: Shape =
    Shape { fields: &[opt("memberGlobalId", Kind::Str), opt("memberIdentity", Kind::Str)], role: Role::Plain };

pub(crate) static BATCH_ORDER_RESULT: Shape = Shape {
    fields: &[opt("sequence", Kind::Int), opt("licenseOrderId", Kind::Str), opt("customerId", Kind::Str)],
    role: Role::Plain,
};

pub(crate) static LOCK_RESULT: Shape = Shape {
    fields: &[req("assetNum", Kind::Str), req("status", Kind::IntEnum(LockStatus::VALUES))],
    role: Role::Plain,
};

pub(crate) static ASSET_RECORD: Shape = Shape {
    fields: &[
        opt("id", Kind::Str),
        opt("licenseType", Kind::Enum(LicenseType::WIRE)),
        opt("assetNum", Kind::Str),
        opt("grantable", Kind::Bool),
        opt("customerId", Kind::Str),
        opt("keyShellNumber", Kind::Str),
        opt("keyChipType", Kind::IntEnum(KeyChipType::VALUES)),
        opt("locked", Kind::Bool),
        opt("freezing", Kind::Bool),
        opt("createTime", Kind::Int),
        opt("updateTime", Kind::Int),
        opt("limitStartTime", Kind::Int),
        opt("limitEndTime", Kind::Int),
        opt("assignStatus", Kind::Object(&ASSIGN_STATUS)),
        opt("assetLimits", Kind::Any),
        opt("assetExtends", Kind::Array(&AN_ASSET_EXTEND)),
        opt("borrowedUsbKey", Kind::Bool),
    ],
    role: Role::Plain,
};

static ASSIGN_STATUS: Shape = Shape {
    fields: &[
        opt("id", Kind::Str),
        opt("assignStatus", Kind::Str),
        opt("assignMemberId", Kind::Str),
        opt("createTime", Kind::Str),
        opt("updateTime", Kind::Any),
    ],
    role: Role::Plain,
};

pub(crate) static ACTIVITY_DETAIL: Shape =
    Shape { fields: &[opt("products", Kind::Array(&A_CLAIMED_PRODUCT))], role: Role::Plain };

static CLAIMED_PRODUCT: Shape = Shape {
    fields: &[
        opt("activityId", Kind::Str),
        opt("subActivityId", Kind::Str),
        opt("productUri", Kind::Str),
        opt("limitStartDate", Kind::Str),
        opt("limitEndDate", Kind::Str),
        opt("activateType", Kind::Enum(ActivateType::WIRE)),
    ],
    role: Role::Plain,
};

static ACTIVITY_REJECTION: Shape = Shape {
    fields: &[
        opt("id", Kind::Str),
        opt("name", Kind::Str),
        opt("participateResult", Kind::Bool),
        opt("engineSubActivityDtos", Kind::Array(&AN_ACTIVITY_UNIT)),
    ],
    role: Role::Plain,
};

static ACTIVITY_UNIT: Shape = Shape {
    fields: &[
        opt("errorCode", Kind::Int),
        opt("errorMessage", Kind::Str),
        opt("id", Kind::Str),
        opt("name", Kind::Str),
        opt("participateResult", Kind::Bool),
    ],
    role: Role::Plain,
};

/// The order module's envelope as the tolerant reader needs it: a `code`
/// (a number on success, a string on HTTP 299; either is read), the rest read
/// for what it is; `data` is compared with `data_kind` on its own.
pub(crate) static ORDER_ENVELOPE: Shape = Shape {
    fields: &[req("code", Kind::IntOrStr), opt("message", Kind::Any), opt("data", Kind::Any), opt("cause", Kind::Any)],
    role: Role::Plain,
};

/// The activity module's envelope, as [`ORDER_ENVELOPE`]: `detail` is compared
/// with `data_kind`, `activityDtoList` with [`ACTIVITY_REJECTIONS`].
pub(crate) static ACTIVITY_ENVELOPE: Shape = Shape {
    fields: &[
        req("resultCode", Kind::IntOrStr),
        opt("resultMessage", Kind::Any),
        opt("detail", Kind::Any),
        opt("activityDtoList", Kind::Any),
    ],
    role: Role::Plain,
};

/// `activityDtoList` of a 3002 refusal.
pub(crate) static ACTIVITY_REJECTIONS: Kind = Kind::Array(&AN_ACTIVITY_REJECTION);

static ENTERPRISE_RECORDS: Kind = Kind::Array(&AN_ENTERPRISE_RECORD);
static BATCH_ORDER_RESULTS: Kind = Kind::Array(&A_BATCH_ORDER_RESULT);
static LOCK_RESULTS: Kind = Kind::Array(&A_LOCK_RESULT);
static ASSET_RECORDS: Kind = Kind::Array(&AN_ASSET_RECORD);
static ASSET_NUMBERS: Kind = Kind::Array(&Kind::AssetNumber(Rule::AssetNumber));
static ONE_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);
static ONE_ENTERPRISE_CREATION: Kind = Kind::Object(&ENTERPRISE_CREATION);
static ONE_ACTIVITY_DETAIL: Kind = Kind::Object(&ACTIVITY_DETAIL);

/// The kind of an endpoint's answer payload (`data`, or the activity `detail`).
pub(crate) fn data_kind(endpoint: Endpoint) -> &'static Kind {
    match endpoint {
        Endpoint::BindEnterprise => &ONE_ENTERPRISE_RECORD,
        Endpoint::CreateEnterprise => &ONE_ENTERPRISE_CREATION,
        Endpoint::QueryEnterprises => &ENTERPRISE_RECORDS,
        Endpoint::UpdateEnterprise => &Kind::Any,
        Endpoint::BatchOrder => &BATCH_ORDER_RESULTS,
        Endpoint::LockAssets | Endpoint::UnlockAssets => &LOCK_RESULTS,
        Endpoint::ListAssets => &ASSET_RECORDS,
        Endpoint::ShellNums => &ASSET_NUMBERS,
        Endpoint::JoinActivity => &ONE_ACTIVITY_DETAIL,
    }
}

/// A complete example of a shape as JSON text: every field present with a valid
/// value (one element per array; `children` empty, so every package is a leaf).
/// Written by hand so the wasm needs no JSON serializer for it.
pub(crate) fn example_text(shape: &'static Shape, out: &mut String) {
    out.push('{');
    for (i, field) in shape.fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        super::write::string(out, field.name);
        out.push(':');
        example_value(&field.kind, out);
    }
    out.push('}');
}

/// A complete example of a kind as JSON text (see [`example_text`]).
pub(crate) fn example_value(kind: &'static Kind, out: &mut String) {
    let text = |out: &mut String, s: &str| super::write::string(out, s);
    match kind {
        Kind::Str => text(out, "x"),
        Kind::Int | Kind::IntOrStr => out.push_str("1700000000000"),
        Kind::IntMin(min) => super::itoa::push_signed(out, (*min).max(1)),
        Kind::Bool => out.push_str("false"),
        Kind::Enum(allowed) => text(out, allowed.first().copied().unwrap_or_default()),
        Kind::IntEnum(allowed) => super::itoa::push_signed(out, allowed.first().copied().unwrap_or_default()),
        Kind::AssetNumber(_) => text(out, "8000000001"),
        Kind::Duration(_) => text(out, "1-0-0"),
        Kind::Email => text(out, "admin@example.com"),
        Kind::Array(item) => {
            out.push('[');
            example_value(item, out);
            out.push(']');
        }
        Kind::ArrayOrNull(_) => out.push_str("[]"),
        Kind::Object(shape) => example_text(shape, out),
        Kind::Any => out.push_str("null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::walk::MAX_FIELDS;

    #[test]
    fn every_shape_fits_the_walks_field_table() {
        let shapes = [
            &BIND_ENTERPRISE,
            &ENTERPRISE_CUSTOMER,
            &QUERY_ENTERPRISES,
            &LIST_ASSETS,
            &SHELL_NUMS,
            &LOCK,
            &ACTIVITY,
            &BATCH_ORDER,
            &ORDER,
            &ASSET,
            &ASSET_EXTEND,
            &PRODUCT,
            &PRODUCT_FEATURE,
            &MERCHANDISE,
        ];
        for shape in shapes {
            assert!(shape.fields.len() <= MAX_FIELDS);
        }
    }
}
