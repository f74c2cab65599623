//! The answers: each endpoint's payload, read tolerantly (`response/answer.rs`:
//! what differs is a warning, never an error), and the two envelopes.

use super::enums::{ActivateType, KeyChipType, LicenseType, LockStatus};
use super::requests::AN_ASSET_EXTEND;
use super::{opt, req, shape, FormatId, Kind, Role, Shape};

static A_MEMBER: Kind = Kind::Object(&ENTERPRISE_MEMBER);
static A_LOCK_RESULT: Kind = Kind::Object(&LOCK_RESULT);
static A_BATCH_ORDER_RESULT: Kind = Kind::Object(&BATCH_ORDER_RESULT);
static AN_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);
static AN_ASSET_RECORD: Kind = Kind::Object(&ASSET_RECORD);
static A_CLAIMED_PRODUCT: Kind = Kind::Object(&CLAIMED_PRODUCT);
static AN_ACTIVITY_REJECTION: Kind = Kind::Object(&ACTIVITY_REJECTION);
static AN_ACTIVITY_UNIT: Kind = Kind::Object(&ACTIVITY_UNIT);

/// Enterprise customer record (returned by bind and by query).
pub static ENTERPRISE_RECORD: Shape = shape(
    "EnterpriseCustomer",
    "Enterprise customer record (returned by bind and by query).",
    &[
        opt("customerId", Kind::Str, "authorization platform customer id"),
        opt("channelCode", Kind::Str, "channel code"),
        opt("channelCustomerId", Kind::Str, "channel customer id"),
        opt("enterpriseGlobalId", Kind::Str, "enterprise main account global id"),
        opt("enterpriseName", Kind::Str, "enterprise main account name"),
        opt("isDefault", Kind::Bool, "whether this is the default customer"),
    ],
    Role::Plain,
);

/// Enterprise creation result (returned by create).
pub static ENTERPRISE_CREATION: Shape = shape(
    "EnterpriseCreation",
    "Enterprise creation result (returned by create).",
    &[
        opt("enterpriseGlobalId", Kind::Str, "enterprise account global id"),
        opt("defaultType", Kind::Bool, "whether the customer is the default customer"),
        opt("members", Kind::Array(&A_MEMBER), "staff created with the enterprise"),
    ],
    Role::Plain,
);

/// A staff member created with the enterprise.
pub static ENTERPRISE_MEMBER: Shape = shape(
    "EnterpriseMember",
    "A staff member created with the enterprise.",
    &[opt("memberGlobalId", Kind::Str, "staff global id"), opt("memberIdentity", Kind::Str, "staff identity")],
    Role::Plain,
);

/// Batch order result item.
pub static BATCH_ORDER_RESULT: Shape = shape(
    "BatchOrderResult",
    "Batch order result item.",
    &[
        opt("sequence", Kind::Int, "echoes the order's sequence"),
        opt("licenseOrderId", Kind::Str, "license order id"),
        opt("customerId", Kind::Str, "customer id"),
    ],
    Role::Plain,
);

/// Lock operation result item.
pub static LOCK_RESULT: Shape = shape(
    "LockResult",
    "Lock operation result item.",
    &[
        req("assetNum", Kind::Str, "lock number"),
        req(
            "status",
            Kind::IntEnum(&LockStatus::DEF),
            "1 = success, 2 = lock does not exist, 3 = failure, 4 = wrong lock type",
        ),
    ],
    Role::Plain,
);

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

/// `detail` of a successful claim.
pub static ACTIVITY_DETAIL: Shape = shape(
    "ActivityDetail",
    "`detail` of a successful claim.",
    &[opt("products", Kind::Array(&A_CLAIMED_PRODUCT), "the product usage permissions granted")],
    Role::Plain,
);

/// A product usage permission granted by a claim.
pub static CLAIMED_PRODUCT: Shape = shape(
    "ClaimedProduct",
    "A product usage permission granted by a claim.",
    &[
        opt("activityId", Kind::Str, "activity the product comes from"),
        opt("subActivityId", Kind::Str, "activity unit the product comes from"),
        opt("productUri", Kind::Str, "unique product identifier"),
        opt("limitStartDate", Kind::Str, "start of the permission validity"),
        opt("limitEndDate", Kind::Str, "end of the permission validity"),
        opt(
            "activateType",
            Kind::Enum(&ActivateType::DEF),
            "`0` = activated at the time of claiming; `1` = must be activated separately later",
        ),
    ],
    Role::Plain,
);

/// An activity in a 3002 rejection.
pub static ACTIVITY_REJECTION: Shape = shape(
    "ActivityRejection",
    "An activity in a 3002 rejection (`activityDtoList`).",
    &[
        opt("id", Kind::Str, "activity id"),
        opt("name", Kind::Str, "activity name"),
        opt("participateResult", Kind::Bool, "true = can take part"),
        opt("engineSubActivityDtos", Kind::Array(&AN_ACTIVITY_UNIT), "the activity's units"),
    ],
    Role::Plain,
);

/// An activity unit whose condition was (or was not) met.
pub static ACTIVITY_UNIT: Shape = shape(
    "ActivityUnitResult",
    "An activity unit whose condition was (or was not) met.",
    &[
        opt(
            "errorCode",
            Kind::Int,
            "error code of the unit condition that was not met (14005: personal claim count exceeded)",
        ),
        opt("errorMessage", Kind::Str, "reason"),
        opt("id", Kind::Str, "unit id"),
        opt("name", Kind::Str, "unit name"),
        opt("participateResult", Kind::Bool, "true = can take part"),
    ],
    Role::Plain,
);

/// The order module's envelope as the tolerant reader needs it: a `code`
/// (a number on success, a string on HTTP 299; either is read), the rest read
/// for what it is; `data` is compared with the endpoint's data kind on its own.
pub static ORDER_ENVELOPE: Shape = shape(
    "OrderEnvelope",
    "The order module's envelope: `{code, message, data}` on HTTP 200, `{code, message, cause}` on HTTP 299.",
    &[
        req("code", Kind::IntOrStr, "business code: 0 on success; the error code (a string) on HTTP 299"),
        opt("message", Kind::Any, "a success text, or the error's message"),
        opt("data", Kind::Any, "the endpoint's payload"),
        opt("cause", Kind::Any, "the error's cause"),
    ],
    Role::Plain,
);

/// The activity module's envelope, as [`ORDER_ENVELOPE`]: `detail` is compared
/// with the endpoint's data kind, `activityDtoList` with [`ACTIVITY_REJECTIONS`].
pub static ACTIVITY_ENVELOPE: Shape = shape(
    "ActivityEnvelope",
    "The activity module's envelope (HTTP 200 always): `resultCode`, `resultMessage`, and `detail` or `activityDtoList`.",
    &[
        req("resultCode", Kind::IntOrStr, "`0000` on success; 1001, 1002, 1004, 2001, 3001, 3002 otherwise"),
        opt("resultMessage", Kind::Any, "what happened"),
        opt("detail", Kind::Any, "on success: the claimed products"),
        opt("activityDtoList", Kind::Any, "on 3002: the activities and units not met"),
    ],
    Role::Plain,
);

/// `activityDtoList` of a 3002 refusal.
pub static ACTIVITY_REJECTIONS: Kind = Kind::Array(&AN_ACTIVITY_REJECTION);

/// `data` of `bindEnterprise`.
pub static ONE_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);
/// `data` of `createEnterprise`.
pub static ONE_ENTERPRISE_CREATION: Kind = Kind::Object(&ENTERPRISE_CREATION);
/// `data` of `queryEnterprises`.
pub static ENTERPRISE_RECORDS: Kind = Kind::Array(&AN_ENTERPRISE_RECORD);
/// `data` of `batchOrder`.
pub static BATCH_ORDER_RESULTS: Kind = Kind::Array(&A_BATCH_ORDER_RESULT);
/// `data` of `lockAssets` and `unlockAssets`.
pub static LOCK_RESULTS: Kind = Kind::Array(&A_LOCK_RESULT);
/// `data` of `listAssets`.
pub static ASSET_RECORDS: Kind = Kind::Array(&AN_ASSET_RECORD);
/// `data` of `shellNums`: asset number digit strings.
pub static ASSET_NUMBERS: Kind = Kind::Array(&Kind::Format(FormatId::AssetNumber));
/// `detail` of `joinActivity`.
pub static ONE_ACTIVITY_DETAIL: Kind = Kind::Object(&ACTIVITY_DETAIL);
/// `updateEnterprise` returns no payload.
pub static NO_DATA: Kind = Kind::Any;
