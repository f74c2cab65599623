//! Enterprise main accounts and customers (endpoints 1–4).
//!
//! ```
//! use licensing_core::model::EnterpriseCustomer;
//! let c: EnterpriseCustomer = serde_json::from_str(
//!     r#"{"customerId":"C1","enterpriseGlobalId":"E1","isDefault":true}"#)?;
//! assert_eq!(c.is_default, Some(true));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::DefaultCustomer;

/// Body of `bindEnterprise` (endpoint 1).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BindEnterpriseRequest {
    pub channel_code: Option<String>,
    pub channel_customer_id: Option<String>,
    pub customer_name: Option<String>,
    pub branch_name: Option<String>,
    pub enterprise_name: Option<String>,
    pub password_mobile: Option<String>,
}

/// Body of `createEnterprise` (endpoint 2) and of `updateEnterprise` (endpoint 4).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseCustomerRequest {
    pub crm_customer_id: Option<String>,
    pub customer_name: Option<String>,
    pub branch_name: Option<String>,
    pub address: Option<String>,
}

/// Body of `createEnterprise` (endpoint 2).
pub type CreateEnterpriseRequest = EnterpriseCustomerRequest;
/// Body of `updateEnterprise` (endpoint 4).
pub type UpdateEnterpriseRequest = EnterpriseCustomerRequest;

/// Query of `queryEnterprises` (endpoint 3), sent as URL query parameters.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct QueryEnterprisesRequest {
    pub channel_code: Option<String>,
    pub channel_customer_id: Option<String>,
    pub default_customer: Option<DefaultCustomer>,
}

/// Enterprise customer record (returned by bind and by query).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseCustomer {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub customer_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub channel_code: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub channel_customer_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub enterprise_global_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub enterprise_name: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::boolean")]
    #[cfg_attr(feature = "ts", tsify(type = "boolean | null"))]
    pub is_default: Option<bool>,
}

/// Enterprise creation result (returned by create).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseCreation {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub enterprise_global_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::boolean")]
    #[cfg_attr(feature = "ts", tsify(type = "boolean | null"))]
    pub default_type: Option<bool>,
    #[serde(default, deserialize_with = "super::tolerant::list")]
    #[cfg_attr(feature = "ts", tsify(type = "EnterpriseMember[] | null"))]
    pub members: Option<Vec<EnterpriseMember>>,
}

/// A staff member created with the enterprise.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseMember {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub member_global_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub member_identity: Option<String>,
}
