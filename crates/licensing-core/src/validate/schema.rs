//! The shape of every request: fields by wire name, their JSON kind, whether they
//! are required, and the object-level rules. Read by the walker (`walk.rs`).
//!
//! Why tables and not `#[derive(Validate)]` on the typed model: a derive runs after
//! serde has turned the JSON into structs, and serde stops at the first wrong type.
//! The report must list every issue in one pass, type errors included, at JSON
//! Pointer paths with wire names, and flag unknown fields; walking the JSON value
//! against these tables does that. `tests/schema_matches_model.rs` keeps the tables
//! and the typed model in step.

use serde_json::Value;

use crate::validate::json::Object;

use super::ctx::Ctx;
use super::rules;
use crate::model::{CustomerType, DefaultCustomer, LicenseType, OrderType, SyncMode, Trial, WireEnum};
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
    /// An asset number digit string.
    AssetNumber,
    /// A `y-m-d` time expression.
    Duration,
    /// An e-mail address (checked as a warning only).
    Email,
    /// A Long timestamp or a date string (the spec's "date" without a format).
    IntOrStr,
    Array(&'static Kind),
    /// An array, or null (merchandise `children`).
    ArrayOrNull(&'static Kind),
    Object(&'static Shape),
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

/// Object-level rule, run after the fields.
pub(crate) type Check = for<'a> fn(&'a Object<'a>, &mut Ctx<'a>);

pub(crate) struct Shape {
    pub(crate) fields: &'static [Field],
    pub(crate) check: Option<Check>,
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
    check: None,
};

pub(crate) static ENTERPRISE_CUSTOMER: Shape = Shape {
    fields: &[
        non_empty("crmCustomerId", Kind::Str),
        opt("customerName", Kind::Str),
        opt("branchName", Kind::Str),
        opt("address", Kind::Str),
    ],
    check: None,
};

pub(crate) static QUERY_ENTERPRISES: Shape = Shape {
    fields: &[
        non_empty("channelCode", Kind::Str),
        non_empty("channelCustomerId", Kind::Str),
        req("defaultCustomer", Kind::Enum(DefaultCustomer::WIRE)),
    ],
    check: None,
};

pub(crate) static LIST_ASSETS: Shape = Shape {
    fields: &[non_empty("enterpriseGlobalId", Kind::Str), opt("extendCode", Kind::Str)],
    check: None,
};

pub(crate) static SHELL_NUMS: Shape = Shape { fields: &[req("size", Kind::IntMin(1))], check: None };

pub(crate) static LOCK: Shape = Shape {
    fields: &[
        non_empty("assetNums", Kind::Array(&Kind::AssetNumber)),
        non_empty("operatorIdentity", Kind::Str),
    ],
    check: None,
};

pub(crate) static ACTIVITY: Shape = Shape {
    fields: &[
        non_empty("identity", Kind::Str),
        non_empty("activityLabel", Kind::Str),
        non_empty("source", Kind::Str),
        non_empty("branch", Kind::Str),
    ],
    check: None,
};

pub(crate) static BATCH_ORDER: Shape = Shape {
    fields: &[
        non_empty("channelCode", Kind::Str),
        non_empty("channelOrderId", Kind::Str),
        opt("syncMode", Kind::Enum(SyncMode::WIRE)),
        non_empty("orderList", Kind::Array(&Kind::Object(&ORDER))),
    ],
    check: Some(rules::batch_order),
};

pub(crate) static ORDER: Shape = Shape {
    fields: &[
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
        non_empty("assets", Kind::Array(&Kind::Object(&ASSET))),
    ],
    check: None,
};

pub(crate) static ASSET: Shape = Shape {
    fields: &[
        non_empty("assetNos", Kind::Array(&Kind::AssetNumber)),
        opt("assetExtendList", Kind::Array(&Kind::Object(&ASSET_EXTEND))),
        opt("limitStartDate", Kind::Int),
        opt("limitEndDate", Kind::Int),
        opt("borrowedUsbKey", Kind::Bool),
        opt("transferedAssetNum", Kind::Bool),
        opt("products", Kind::Array(&Kind::Object(&PRODUCT))),
        opt("merchandises", Kind::Array(&Kind::Object(&MERCHANDISE))),
    ],
    check: Some(rules::limit_range::check),
};

pub(crate) static ASSET_EXTEND: Shape = Shape {
    fields: &[opt("extendCode", Kind::Str), opt("extendValue", Kind::Str)],
    check: None,
};

pub(crate) static PRODUCT: Shape = Shape {
    fields: &[
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
        opt("timeDurationExpression", Kind::Duration),
        opt("srcLicenseOrderId", Kind::Str),
        opt("productFeatures", Kind::Array(&Kind::Object(&PRODUCT_FEATURE))),
    ],
    check: Some(rules::limit_range::check),
};

pub(crate) static PRODUCT_FEATURE: Shape = Shape {
    fields: &[
        opt("featureCode", Kind::Str),
        opt("featureName", Kind::Str),
        opt("featureValue", Kind::Str),
        opt("featureValueType", Kind::Str),
        opt("trial", Kind::IntEnum(Trial::VALUES)),
        opt("trialEndDate", Kind::IntOrStr),
    ],
    check: None,
};

pub(crate) static MERCHANDISE: Shape = Shape {
    fields: &[
        opt("crmProductId", Kind::Str),
        opt("parentCrmProductId", Kind::Str),
        opt("merchandiseNum", Kind::Str),
        opt("merchandiseName", Kind::Str),
        opt("parentMerchandiseNum", Kind::Str),
        opt("timeDurationExpression", Kind::Duration),
        opt("children", Kind::ArrayOrNull(&Kind::Object(&MERCHANDISE))),
        opt("licenseOrderProductList", Kind::Array(&Kind::Object(&PRODUCT))),
    ],
    check: Some(rules::merchandise_leaf::check),
};

/// A complete example value of a shape: every field present with a valid value
/// (one element per array; `children` empty, so every package is a leaf).
pub(crate) fn example_object(shape: &'static Shape) -> Value {
    let map = shape.fields.iter().map(|f| (f.name.to_owned(), example_value(&f.kind))).collect();
    Value::Object(map)
}

fn example_value(kind: &'static Kind) -> Value {
    match kind {
        Kind::Str => Value::from("x"),
        Kind::Int => Value::from(1_700_000_000_000i64),
        Kind::IntMin(min) => Value::from((*min).max(1)),
        Kind::Bool => Value::Bool(false),
        Kind::Enum(allowed) => Value::from(allowed.first().copied().unwrap_or_default()),
        Kind::IntEnum(allowed) => Value::from(allowed.first().copied().unwrap_or_default()),
        Kind::AssetNumber => Value::from("8000000001"),
        Kind::Duration => Value::from("1-0-0"),
        Kind::Email => Value::from("admin@example.com"),
        Kind::IntOrStr => Value::from(1_700_000_000_000i64),
        Kind::Array(item) => Value::Array(vec![example_value(item)]),
        Kind::ArrayOrNull(_) => Value::Array(Vec::new()),
        Kind::Object(shape) => example_object(shape),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::walk::MAX_FIELDS;

    #[test]
    fn every_shape_fits_the_walks_field_table() {
        let shapes = [
            &BIND_ENTERPRISE, &ENTERPRISE_CUSTOMER, &QUERY_ENTERPRISES, &LIST_ASSETS, &SHELL_NUMS, &LOCK, &ACTIVITY,
            &BATCH_ORDER, &ORDER, &ASSET, &ASSET_EXTEND, &PRODUCT, &PRODUCT_FEATURE, &MERCHANDISE,
        ];
        for shape in shapes {
            assert!(shape.fields.len() <= MAX_FIELDS);
        }
    }
}
