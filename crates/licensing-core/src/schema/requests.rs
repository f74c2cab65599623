//! The requests: every endpoint's body (or, for the two GET endpoints, the
//! object of its path and query parameters), with the objects inside them.

use super::enums::{CustomerType, DefaultCustomer, LicenseType, OrderType, SyncMode, Trial};
use super::{non_empty, opt, req, shape, FormatId, Kind, Role, Shape};

/// Body of `bindEnterprise` (endpoint 1).
pub static BIND_ENTERPRISE: Shape = shape(
    "BindEnterpriseRequest",
    "Body of `bindEnterprise`: creates an authorized customer and binds it to an enterprise main account.",
    &[
        non_empty("channelCode", Kind::Str, "channel code"),
        non_empty("channelCustomerId", Kind::Str, "channel customer id"),
        opt("customerName", Kind::Str, "customer name"),
        opt("branchName", Kind::Str, "branch name"),
        opt("enterpriseName", Kind::Str, "enterprise main account name"),
        opt("passwordMobile", Kind::Str, "purchaser mobile number"),
    ],
    Role::Plain,
);

/// Body of `createEnterprise` (endpoint 2) and `updateEnterprise` (endpoint 4).
pub static ENTERPRISE_CUSTOMER: Shape = shape(
    "EnterpriseCustomerRequest",
    "Body of `createEnterprise` and `updateEnterprise`: the enterprise customer of a CRM customer.",
    &[
        non_empty("crmCustomerId", Kind::Str, "CRM customer number"),
        opt("customerName", Kind::Str, "customer name"),
        opt("branchName", Kind::Str, "branch name"),
        opt("address", Kind::Str, "customer address"),
    ],
    Role::Plain,
);

/// Query of `queryEnterprises` (endpoint 3).
pub static QUERY_ENTERPRISES: Shape = shape(
    "QueryEnterprisesRequest",
    "Query of `queryEnterprises`, sent as URL query parameters: finds enterprise main accounts by channel code and channel customer code.",
    &[
        non_empty("channelCode", Kind::Str, "channel code"),
        non_empty("channelCustomerId", Kind::Str, "channel customer id"),
        req("defaultCustomer", Kind::Enum(&DefaultCustomer::DEF), "`Y` returns only the default customer, `N` returns all customers"),
    ],
    Role::Plain,
);

/// Path and query of `listAssets` (endpoint 8).
pub static LIST_ASSETS: Shape = shape(
    "ListAssetsRequest",
    "Path and query of `listAssets`: the assets of an enterprise main account.",
    &[
        non_empty(
            "enterpriseGlobalId",
            Kind::Format(FormatId::PathSegment),
            "enterprise main account global id (the path segment)",
        ),
        opt("extendCode", Kind::Str, "extension attribute code to query"),
    ],
    Role::Plain,
);

/// Body of `shellNums` (endpoint 9).
pub static SHELL_NUMS: Shape = shape(
    "ShellNumsRequest",
    "Body of `shellNums`: asks for asset number digit strings.",
    &[req("size", Kind::IntMin(1), "number of asset numbers wanted")],
    Role::Plain,
);

/// Body of `lockAssets` and `unlockAssets` (endpoints 6 and 7).
pub static LOCK: Shape = shape(
    "LockRequest",
    "Body of `lockAssets` and `unlockAssets`: the locks to disable or enable.",
    &[
        non_empty("assetNums", Kind::Array(&Kind::Format(FormatId::LockNumber)), "lock numbers"),
        non_empty("operatorIdentity", Kind::Str, "operator identity: name, mobile number or e-mail"),
    ],
    Role::Plain,
);

/// Body of `joinActivity` (endpoint 10).
pub static ACTIVITY: Shape = shape(
    "ActivityRequest",
    "Body of `joinActivity`: joins a participant to an activity and claims its products.",
    &[
        non_empty(
            "identity",
            Kind::Str,
            "cloud account (mobile number or e-mail), or enterprise account, or cloud lock asset number",
        ),
        non_empty("activityLabel", Kind::Str, "activity mnemonic"),
        non_empty("source", Kind::Str, "domain name or name identifying the business line system that takes part"),
        non_empty("branch", Kind::Str, "branch the participant belongs to"),
    ],
    Role::Plain,
);

// Item kinds of the arrays of objects, as statics: the field tables below are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static AN_ORDER: Kind = Kind::Object(&ORDER);
static AN_ASSET: Kind = Kind::Object(&ASSET);
pub(crate) static AN_ASSET_EXTEND: Kind = Kind::Object(&ASSET_EXTEND);
static A_PRODUCT: Kind = Kind::Object(&PRODUCT);
static A_PRODUCT_FEATURE: Kind = Kind::Object(&PRODUCT_FEATURE);
static A_MERCHANDISE: Kind = Kind::Object(&MERCHANDISE);

/// Body of `batchOrder` (endpoint 5).
pub static BATCH_ORDER: Shape = shape(
    "BatchOrderRequest",
    "Body of `batchOrder`: several basic license orders at once.",
    &[
        non_empty("channelCode", Kind::Str, "channel code"),
        non_empty("channelOrderId", Kind::Str, "customer order number"),
        opt("syncMode", Kind::Enum(&SyncMode::DEF), "order processing mode, allowed values `sync`, `async`"),
        non_empty("orderList", Kind::Array(&AN_ORDER), "the orders"),
    ],
    Role::Plain,
);

pub(crate) const ORDER_FIELDS: &[super::Field] = &[
    req("sequence", Kind::Int, "order sequence number; echoed in the result"),
    opt("customerId", Kind::Str, "authorization platform customer id"),
    opt("crmCustomerId", Kind::Str, "CRM customer number"),
    opt("customerName", Kind::Str, "channel customer name"),
    opt("channelCustomerId", Kind::Str, "channel customer number"),
    opt("adminName", Kind::Str, "administrator name"),
    opt("adminAccount", Kind::Str, "administrator account"),
    opt("adminEmail", Kind::Format(FormatId::Email), "administrator e-mail"),
    opt("adminCellNumber", Kind::Str, "administrator mobile number"),
    opt("passwordMobile", Kind::Str, "purchaser mobile number"),
    opt("address", Kind::Str, "customer address"),
    opt("customerType", Kind::Enum(&CustomerType::DEF), "`personal` or `company`"),
    opt("branchCode", Kind::Str, "branch code"),
    opt("branchName", Kind::Str, "branch name"),
    opt("enterpriseGlobalId", Kind::Str, "enterprise main account global id"),
    opt(
        "srcLicenseOrderId",
        Kind::Str,
        "original license order number: the order a refund-type order deletes from (when empty, from all orders of the customer); mandatory when the license type is a cloud license",
    ),
    req("licenseType", Kind::Enum(&LicenseType::DEF), "license type"),
    req(
        "orderType",
        Kind::Enum(&OrderType::DEF),
        "`new_buy` (new purchase), `delete_asset` (revoke assets), `delete_product` (revoke products)",
    ),
    non_empty("assets", Kind::Array(&AN_ASSET), "assets of the order"),
];

/// An element of `orderList`.
pub static ORDER: Shape = shape("Order", "One order of `orderList`.", ORDER_FIELDS, Role::Order);

pub(crate) const ASSET_FIELDS: &[super::Field] = &[
    non_empty("assetNos", Kind::Array(&Kind::Format(FormatId::AssetNumber)), "asset numbers"),
    opt("assetExtendList", Kind::Array(&AN_ASSET_EXTEND), "extension attributes"),
    opt("limitStartDate", Kind::Int, "asset limit start time (a Long)"),
    opt("limitEndDate", Kind::Int, "asset limit end time (a Long)"),
    opt("borrowedUsbKey", Kind::Bool, "lent-lock flag"),
    opt("transferedAssetNum", Kind::Bool, "flag: asset number transferred"),
    opt("products", Kind::Array(&A_PRODUCT), "products; may be empty only when orderType is `delete_asset`"),
    opt("merchandises", Kind::Array(&A_MERCHANDISE), "merchandise (product package) set"),
];

/// An element of an order's `assets`.
pub static ASSET: Shape = shape("Asset", "One asset of an order.", ASSET_FIELDS, Role::Asset);

/// An extension attribute (`assetExtendList` item; also `assetExtends` of an asset record).
pub static ASSET_EXTEND: Shape = shape(
    "AssetExtend",
    "An extension attribute of an asset (`assetExtendList` item; also `assetExtends` of an asset record).",
    &[opt("extendCode", Kind::Str, "feature code"), opt("extendValue", Kind::Str, "feature value")],
    Role::Plain,
);

pub(crate) const PRODUCT_FIELDS: &[super::Field] = &[
    opt("crmProductId", Kind::Str, "CRM product instance identifier"),
    opt("parentCrmProductId", Kind::Str, "parent instance identifier (CRM product instance, or asset instance)"),
    opt("productUri", Kind::Str, "product id: a gmsPid or an appKey"),
    opt("productName", Kind::Str, "product name"),
    opt("gmsPid", Kind::Str, "product identifier"),
    opt("appKey", Kind::Str, "product identifier"),
    opt("productType", Kind::Str, "product type"),
    opt("limitStartDate", Kind::Int, "product effective time (a Long); may be empty"),
    opt("limitEndDate", Kind::Int, "product expiry time (a Long); may be empty"),
    opt("limitConcurrent", Kind::IntMin(0), "number of concurrent nodes"),
    opt("limitTimeDuration", Kind::IntMin(0), "accumulated usage duration (a Long)"),
    opt(
        "strictMatchWhenDelete",
        Kind::Bool,
        "on product deletion: true matches exactly on time and node count, false matches by product mnemonic; default false",
    ),
    opt("trial", Kind::IntEnum(&Trial::DEF), "0 = not a trial, 1 = trial"),
    opt("trialEndDate", Kind::Int, "trial expiry time"),
    opt("passwords", Kind::Array(&Kind::Str), "passwords of the permissions in the lock"),
    opt("timeUnit", Kind::Str, "time unit"),
    opt("timeUnitQuantity", Kind::IntMin(0), "number of units"),
    opt(
        "timeDurationExpression",
        Kind::Format(FormatId::Duration),
        "time expression of form y-m-d; passing a length of time is recommended",
    ),
    opt(
        "srcLicenseOrderId",
        Kind::Str,
        "on new purchase only: the product is transferred from that other order; omit when there is no transfer",
    ),
    opt("productFeatures", Kind::Array(&A_PRODUCT_FEATURE), "product features"),
];

/// A product of an asset or of a merchandise package.
pub static PRODUCT: Shape =
    shape("Product", "A product of an asset or of a merchandise package.", PRODUCT_FIELDS, Role::Product);

/// A product feature point.
pub static PRODUCT_FEATURE: Shape = shape(
    "ProductFeature",
    "A product feature point.",
    &[
        opt("featureCode", Kind::Str, "feature point code"),
        opt("featureName", Kind::Str, "feature name"),
        opt("featureValue", Kind::Str, "feature value"),
        opt("featureValueType", Kind::Str, "feature value type"),
        opt("trial", Kind::IntEnum(&Trial::DEF), "0 = not a trial, 1 = trial"),
        opt("trialEndDate", Kind::IntOrStr, "trial end time: a date (the spec shows no format: a Long or a string)"),
    ],
    Role::Plain,
);

pub(crate) static MERCHANDISE_FIELDS: &[super::Field] = &[
    opt("crmProductId", Kind::Str, "CRM package instance id"),
    opt("parentCrmProductId", Kind::Str, "CRM parent package instance id"),
    opt("merchandiseNum", Kind::Str, "package number"),
    opt("merchandiseName", Kind::Str, "package name"),
    opt("parentMerchandiseNum", Kind::Str, "parent package number"),
    opt("timeDurationExpression", Kind::Format(FormatId::PackageDuration), "package time expression"),
    opt("children", Kind::ArrayOrNull(&A_MERCHANDISE), "lower-level packages; null at the lowest level"),
    opt("licenseOrderProductList", Kind::Array(&A_PRODUCT), "products contained in the package"),
];

/// A merchandise (product package); packages nest through `children`.
pub static MERCHANDISE: Shape = shape(
    "Merchandise",
    "A merchandise (product package); packages nest through `children`.",
    MERCHANDISE_FIELDS,
    Role::Merchandise,
);
