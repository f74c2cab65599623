//! `listAssets`: the assets of an enterprise main account.

use super::batch_order::AN_ASSET_EXTEND;
use crate::schema::enums::{KeyChipType, LicenseType};
use crate::schema::{non_empty, opt, shape, FormatId, Kind, Role, Shape};

// Item kinds of the arrays of objects, as statics: the field tables are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static AN_ASSET_RECORD: Kind = Kind::Object(&ASSET_RECORD);

/// Path and query of `listAssets` (endpoint 8).
pub static LIST_ASSETS: Shape = shape(
    "ListAssetsRequest",
    "Path and query of `listAssets`: the assets of an enterprise main account.",
    &[
        non_empty(
            "enterpriseGlobalId",
            Kind::Format(FormatId::PathSegment),
            "enterprise main account global id (the path segment)",
        )
        .label("Enterprise global id", "企业主账号全局 ID"),
        opt("extendCode", Kind::Str, "extension attribute code to query").label("Extension code", "扩展属性编码"),
    ],
    Role::Plain,
)
.presence_rests_on(r#"It is a path segment: "`GET {base_url}/order/api/order/v1/asset/{enterpriseGlobalId}/list`"."#);

/// Asset record (returned by the asset list).
pub static ASSET_RECORD: Shape = shape(
    "AssetRecord",
    "Asset record (returned by the asset list).",
    &[
        opt("id", Kind::Str, "asset id, unique"),
        opt("licenseType", Kind::Enum(&LicenseType::DEF), "license type"),
        opt("assetNum", Kind::Str, "asset number"),
        opt("grantable", Kind::Bool, "whether it is an authorization object"),
        opt("customerId", Kind::Str, "customer id"),
        opt("keyShellNumber", Kind::Str, "digit part of the asset number"),
        opt(
            "keyChipType",
            Kind::IntEnum(&KeyChipType::DEF),
            "lock chip type: 1 = generation-4 lock, 2 = generation-5 lock",
        ),
        opt("locked", Kind::Bool, "whether locked"),
        opt("freezing", Kind::Bool, "whether frozen; only meaningful for certificate licenses"),
        opt("createTime", Kind::Int, "creation time (a Long)"),
        opt("updateTime", Kind::Int, "update time (a Long)"),
        opt("limitStartTime", Kind::Int, "effective time (a Long); may be empty; meaningful for large-customer locks"),
        opt("limitEndTime", Kind::Int, "expiry time (a Long); may be empty"),
        opt("assignStatus", Kind::Object(&ASSIGN_STATUS), "assignment status"),
        opt("assetLimits", Kind::Any, "shape not shown by the spec (null in its only appearance)"),
        opt("assetExtends", Kind::Array(&AN_ASSET_EXTEND), "extension attributes"),
        opt("borrowedUsbKey", Kind::Bool, "whether it is a lent lock"),
    ],
    Role::Plain,
);

/// Assignment status of an asset record.
pub static ASSIGN_STATUS: Shape = shape(
    "AssignStatus",
    "Assignment status of an asset record.",
    &[
        opt("id", Kind::Str, "asset id"),
        opt("assignStatus", Kind::Str, "assignment state, meaningful for large-customer locks"),
        opt("assignMemberId", Kind::Str, "staff id"),
        opt("createTime", Kind::Str, "assignment time"),
        opt("updateTime", Kind::Any, "null in the spec's only appearance"),
    ],
    Role::Plain,
);

/// `data` of `listAssets`.
pub static ASSET_RECORDS: Kind = Kind::Array(&AN_ASSET_RECORD);
