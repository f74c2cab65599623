//! `batchOrder`: a batch of basic license orders, the orders, assets,
//! products and merchandise packages inside it, and the answer.

use crate::schema::enums::{CustomerType, LicenseType, OrderType, SyncMode, Trial};
use crate::schema::{non_empty, opt, req, shape, Field, FormatId, Kind, Role, Shape};

// Item kinds of the arrays of objects, as statics: the field tables are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static AN_ORDER: Kind = Kind::Object(&ORDER);
static AN_ASSET: Kind = Kind::Object(&ASSET);
pub(crate) static AN_ASSET_EXTEND: Kind = Kind::Object(&ASSET_EXTEND);
static A_PRODUCT: Kind = Kind::Object(&PRODUCT);
static A_PRODUCT_FEATURE: Kind = Kind::Object(&PRODUCT_FEATURE);
static A_MERCHANDISE: Kind = Kind::Object(&MERCHANDISE);
static A_BATCH_ORDER_RESULT: Kind = Kind::Object(&BATCH_ORDER_RESULT);

/// Body of `batchOrder` (endpoint 5).
pub static BATCH_ORDER: Shape = shape(
    "BatchOrderRequest",
    "Body of `batchOrder`: several basic license orders at once.",
    &[
        non_empty("channelCode", Kind::Str, "channel code").label("Channel code", "渠道编码"),
        non_empty("channelOrderId", Kind::Str, "customer order number").label("Channel order number", "渠道订单号"),
        opt("syncMode", Kind::Enum(&SyncMode::DEF), "order processing mode, allowed values `sync`, `async`")
            .label("Processing mode", "处理模式"),
        non_empty("orderList", Kind::Array(&AN_ORDER), "the orders").label("Orders", "订单列表"),
    ],
    Role::Plain,
)
.presence_rests_on(r#"`channelOrderId` ("customer order number") and `channelCode` identify the batch, and `orderList` is its content; a batch with no orders creates nothing."#);

pub(crate) const ORDER_FIELDS: &[Field] = &[
    req("sequence", Kind::Int, "order sequence number; echoed in the result").label("Sequence", "序号"),
    opt("customerId", Kind::Str, "authorization platform customer id").label("Customer id", "客户 ID"),
    opt("crmCustomerId", Kind::Str, "CRM customer number").label("CRM customer number", "CRM 客户编号"),
    opt("customerName", Kind::Str, "channel customer name").label("Customer name", "客户名称"),
    opt("channelCustomerId", Kind::Str, "channel customer number").label("Channel customer number", "渠道客户编号"),
    opt("adminName", Kind::Str, "administrator name").label("Administrator name", "管理员姓名"),
    opt("adminAccount", Kind::Str, "administrator account").label("Administrator account", "管理员账号"),
    opt("adminEmail", Kind::Format(FormatId::Email), "administrator e-mail").label("Administrator e-mail", "管理员邮箱"),
    opt("adminCellNumber", Kind::Str, "administrator mobile number").label("Administrator mobile", "管理员手机号"),
    opt("passwordMobile", Kind::Str, "purchaser mobile number").label("Purchaser mobile", "购买人手机号"),
    opt("address", Kind::Str, "customer address").label("Address", "客户地址"),
    opt("customerType", Kind::Enum(&CustomerType::DEF), "`personal` or `company`").label("Customer type", "客户类型"),
    opt("branchCode", Kind::Str, "branch code").label("Branch code", "分支机构编码"),
    opt("branchName", Kind::Str, "branch name").label("Branch name", "分支机构名称"),
    opt("enterpriseGlobalId", Kind::Str, "enterprise main account global id").label("Enterprise global id", "企业主账号全局 ID"),
    opt(
        "srcLicenseOrderId",
        Kind::Str,
        "original license order number: the order a refund-type order deletes from (when empty, from all orders of the customer); mandatory when the license type is a cloud license",
    ).label("Original license order", "原授权订单号"),
    req("licenseType", Kind::Enum(&LicenseType::DEF), "license type").label("License type", "授权类型"),
    req(
        "orderType",
        Kind::Enum(&OrderType::DEF),
        "`new_buy` (new purchase), `delete_asset` (revoke assets), `delete_product` (revoke products)",
    ).label("Order type", "订单类型"),
    non_empty("assets", Kind::Array(&AN_ASSET), "assets of the order").label("Assets", "资产"),
];

/// An element of `orderList`.
pub static ORDER: Shape = shape("Order", "One order of `orderList`.", ORDER_FIELDS, Role::Order)
.presence_rests_on(r#"`sequence` is "echoed in the result" to match results to orders. The rules are given "by orderType". `licenseType` decides the cloud refund rule and is listed for both refunds. Every order type carries "assets with assetNos"."#);

pub(crate) const ASSET_FIELDS: &[Field] = &[
    non_empty("assetNos", Kind::Array(&Kind::Format(FormatId::AssetNumber)), "asset numbers")
        .label("Asset numbers", "资产编号"),
    opt("assetExtendList", Kind::Array(&AN_ASSET_EXTEND), "extension attributes")
        .label("Extension attributes", "扩展属性"),
    opt("limitStartDate", Kind::Int, "asset limit start time (a Long)").label("Limit start", "限制开始时间"),
    opt("limitEndDate", Kind::Int, "asset limit end time (a Long)").label("Limit end", "限制结束时间"),
    opt("borrowedUsbKey", Kind::Bool, "lent-lock flag").label("Lent lock", "借用锁"),
    opt("transferedAssetNum", Kind::Bool, "flag: asset number transferred")
        .label("Asset number transferred", "资产编号已转移"),
    opt("products", Kind::Array(&A_PRODUCT), "products; may be empty only when orderType is `delete_asset`")
        .label("Products", "产品"),
    opt("merchandises", Kind::Array(&A_MERCHANDISE), "merchandise (product package) set")
        .label("Merchandise packages", "商品包"),
];

/// An element of an order's `assets`.
pub static ASSET: Shape = shape("Asset", "One asset of an order.", ASSET_FIELDS, Role::Asset)
    .presence_rests_on(r#"Every order type carries "assets with assetNos"."#);

/// An extension attribute (`assetExtendList` item; also `assetExtends` of an asset record).
pub static ASSET_EXTEND: Shape = shape(
    "AssetExtend",
    "An extension attribute of an asset (`assetExtendList` item; also `assetExtends` of an asset record).",
    &[
        opt("extendCode", Kind::Str, "feature code").label("Extension code", "扩展属性编码"),
        opt("extendValue", Kind::Str, "feature value").label("Extension value", "扩展属性值"),
    ],
    Role::Plain,
);

pub(crate) const PRODUCT_FIELDS: &[Field] = &[
    opt("crmProductId", Kind::Str, "CRM product instance identifier").label("CRM product instance", "CRM 产品实例"),
    opt("parentCrmProductId", Kind::Str, "parent instance identifier (CRM product instance, or asset instance)").label("Parent CRM instance", "上级 CRM 实例"),
    opt("productUri", Kind::Str, "product id: a gmsPid or an appKey").label("Product URI", "产品标识"),
    opt("productName", Kind::Str, "product name").label("Product name", "产品名称"),
    opt("gmsPid", Kind::Str, "product identifier").label("GMS product id", "GMS 产品标识"),
    opt("appKey", Kind::Str, "product identifier").label("App key", "应用 AppKey"),
    opt("productType", Kind::Str, "product type").label("Product type", "产品类型"),
    opt("limitStartDate", Kind::Int, "product effective time (a Long); may be empty").label("Limit start", "限制开始时间"),
    opt("limitEndDate", Kind::Int, "product expiry time (a Long); may be empty").label("Limit end", "限制结束时间"),
    opt("limitConcurrent", Kind::IntMin(0), "number of concurrent nodes").label("Concurrent nodes", "并发节点数"),
    opt("limitTimeDuration", Kind::IntMin(0), "accumulated usage duration (a Long)").label("Usage duration", "累计使用时长"),
    opt(
        "strictMatchWhenDelete",
        Kind::Bool,
        "on product deletion: true matches exactly on time and node count, false matches by product mnemonic; default false",
    ).label("Strict match on delete", "删除时严格匹配"),
    opt("trial", Kind::IntEnum(&Trial::DEF), "0 = not a trial, 1 = trial").label("Trial", "试用"),
    opt("trialEndDate", Kind::Int, "trial expiry time").label("Trial end", "试用结束时间"),
    opt("passwords", Kind::Array(&Kind::Str), "passwords of the permissions in the lock").label("Lock passwords", "锁内权限密码"),
    opt("timeUnit", Kind::Str, "time unit").label("Time unit", "时间单位"),
    opt("timeUnitQuantity", Kind::IntMin(0), "number of units").label("Number of units", "时间单位数量"),
    opt(
        "timeDurationExpression",
        Kind::Format(FormatId::Duration),
        "time expression of form y-m-d; passing a length of time is recommended",
    ).label("Duration (y-m-d)", "时长（年-月-日）"),
    opt(
        "srcLicenseOrderId",
        Kind::Str,
        "on new purchase only: the product is transferred from that other order; omit when there is no transfer",
    ).label("Transferred from order", "转出授权订单号"),
    opt("productFeatures", Kind::Array(&A_PRODUCT_FEATURE), "product features").label("Product features", "产品特性"),
];

/// A product of an asset or of a merchandise package.
pub static PRODUCT: Shape =
    shape("Product", "A product of an asset or of a merchandise package.", PRODUCT_FIELDS, Role::Product);

/// A product feature point.
pub static PRODUCT_FEATURE: Shape = shape(
    "ProductFeature",
    "A product feature point.",
    &[
        opt("featureCode", Kind::Str, "feature point code").label("Feature code", "特性编码"),
        opt("featureName", Kind::Str, "feature name").label("Feature name", "特性名称"),
        opt("featureValue", Kind::Str, "feature value").label("Feature value", "特性值"),
        opt("featureValueType", Kind::Str, "feature value type").label("Feature value type", "特性值类型"),
        opt("trial", Kind::IntEnum(&Trial::DEF), "0 = not a trial, 1 = trial").label("Trial", "试用"),
        opt("trialEndDate", Kind::IntOrStr, "trial end time: a date (the spec shows no format: a Long or a string)")
            .label("Trial end", "试用结束时间"),
    ],
    Role::Plain,
);

pub(crate) static MERCHANDISE_FIELDS: &[Field] = &[
    opt("crmProductId", Kind::Str, "CRM package instance id").label("CRM package instance", "CRM 商品包实例"),
    opt("parentCrmProductId", Kind::Str, "CRM parent package instance id")
        .label("Parent CRM instance", "上级 CRM 实例"),
    opt("merchandiseNum", Kind::Str, "package number").label("Package number", "商品包编号"),
    opt("merchandiseName", Kind::Str, "package name").label("Package name", "商品包名称"),
    opt("parentMerchandiseNum", Kind::Str, "parent package number").label("Parent package number", "上级商品包编号"),
    opt("timeDurationExpression", Kind::Format(FormatId::PackageDuration), "package time expression")
        .label("Duration (y-m-d)", "时长（年-月-日）"),
    opt("children", Kind::ArrayOrNull(&A_MERCHANDISE), "lower-level packages; null at the lowest level")
        .label("Child packages", "下级商品包"),
    opt("licenseOrderProductList", Kind::Array(&A_PRODUCT), "products contained in the package")
        .label("Products of the package", "商品包内产品"),
];

/// A merchandise (product package); packages nest through `children`.
pub static MERCHANDISE: Shape = shape(
    "Merchandise",
    "A merchandise (product package); packages nest through `children`.",
    MERCHANDISE_FIELDS,
    Role::Merchandise,
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

/// `data` of `batchOrder`.
pub static BATCH_ORDER_RESULTS: Kind = Kind::Array(&A_BATCH_ORDER_RESULT);
