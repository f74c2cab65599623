//! `bindEnterprise`, `createEnterprise`, `queryEnterprises` and
//! `updateEnterprise`: enterprise main accounts and their customers.

use crate::schema::enums::DefaultCustomer;
use crate::schema::{non_empty, opt, req, shape, Kind, Role, Shape};

// Item kinds of the arrays of objects, as statics: the field tables are
// constants (so rules can find field indices at compile time), and a constant
// may refer to a static but not promote a temporary that does.
static A_MEMBER: Kind = Kind::Object(&ENTERPRISE_MEMBER);
static AN_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);

/// Body of `bindEnterprise` (endpoint 1).
pub static BIND_ENTERPRISE: Shape = shape(
    "BindEnterpriseRequest",
    "Body of `bindEnterprise`: creates an authorized customer and binds it to an enterprise main account.",
    &[
        non_empty("channelCode", Kind::Str, "channel code").label("Channel code", "渠道编码"),
        non_empty("channelCustomerId", Kind::Str, "channel customer id")
            .label("Channel customer number", "渠道客户编号"),
        opt("customerName", Kind::Str, "customer name").label("Customer name", "客户名称"),
        opt("branchName", Kind::Str, "branch name").label("Branch name", "分支机构名称"),
        opt("enterpriseName", Kind::Str, "enterprise main account name").label("Enterprise name", "企业名称"),
        opt("passwordMobile", Kind::Str, "purchaser mobile number").label("Purchaser mobile", "购买人手机号"),
    ],
    Role::Plain,
)
.presence_rests_on(
    r#"The bound customer is later found "by channel code and channel customer code" (query endpoint)."#,
);

/// Body of `createEnterprise` (endpoint 2) and `updateEnterprise` (endpoint 4).
pub static ENTERPRISE_CUSTOMER: Shape = shape(
    "EnterpriseCustomerRequest",
    "Body of `createEnterprise` and `updateEnterprise`: the enterprise customer of a CRM customer.",
    &[
        non_empty("crmCustomerId", Kind::Str, "CRM customer number").label("CRM customer number", "CRM 客户编号"),
        opt("customerName", Kind::Str, "customer name").label("Customer name", "客户名称"),
        opt("branchName", Kind::Str, "branch name").label("Branch name", "分支机构名称"),
        opt("address", Kind::Str, "customer address").label("Address", "客户地址"),
    ],
    Role::Plain,
)
.presence_rests_on(r#""Changes the customer name and address of the authorized enterprise customer that corresponds to a CRM customer." `crmCustomerId` is the only identifier in this body, which create shares."#);

/// Query of `queryEnterprises` (endpoint 3).
pub static QUERY_ENTERPRISES: Shape = shape(
    "QueryEnterprisesRequest",
    "Query of `queryEnterprises`, sent as URL query parameters: finds enterprise main accounts by channel code and channel customer code.",
    &[
        non_empty("channelCode", Kind::Str, "channel code").label("Channel code", "渠道编码"),
        non_empty("channelCustomerId", Kind::Str, "channel customer id").label("Channel customer number", "渠道客户编号"),
        req("defaultCustomer", Kind::Enum(&DefaultCustomer::DEF), "`Y` returns only the default customer, `N` returns all customers").label("Customers returned", "返回的客户"),
    ],
    Role::Plain,
)
.presence_rests_on(r#""Finds enterprise main accounts by channel code and channel customer code." For `defaultCustomer`: "`Y` returns only the default customer, `N` returns all customers". No default is stated."#);

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

/// `data` of `bindEnterprise`.
pub static ONE_ENTERPRISE_RECORD: Kind = Kind::Object(&ENTERPRISE_RECORD);

/// `data` of `createEnterprise`.
pub static ONE_ENTERPRISE_CREATION: Kind = Kind::Object(&ENTERPRISE_CREATION);

/// `data` of `queryEnterprises`.
pub static ENTERPRISE_RECORDS: Kind = Kind::Array(&AN_ENTERPRISE_RECORD);

/// `updateEnterprise` returns no payload.
pub static NO_DATA: Kind = Kind::Any;
