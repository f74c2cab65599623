//! The activity module (endpoint 10).
//!
//! ```
//! use licensing_core::model::{ActivityResponse, ActivateType};
//! let r: ActivityResponse = serde_json::from_str(r#"{"resultCode":"0000","resultMessage":"ok",
//!   "detail":{"products":[{"productUri":"p","activateType":"1"}]}}"#)?;
//! let products = r.detail.and_then(|d| d.products).unwrap_or_default();
//! assert_eq!(products[0].activate_type, Some(ActivateType::Later.into()));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{ActivateType, Open};

/// Body of `joinActivity`.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ActivityRequest {
    pub identity: Option<String>,
    pub activity_label: Option<String>,
    pub source: Option<String>,
    pub branch: Option<String>,
}

/// `detail` of a successful claim.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ActivityDetail {
    #[serde(default, deserialize_with = "super::tolerant::list")]
    #[cfg_attr(feature = "ts", tsify(type = "ClaimedProduct[] | null"))]
    pub products: Option<Vec<ClaimedProduct>>,
}

/// A product usage permission granted by a claim.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ClaimedProduct {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub activity_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub sub_activity_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub product_uri: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub limit_start_date: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub limit_end_date: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::open")]
    #[cfg_attr(feature = "ts", tsify(type = "ActivateType | (string & {}) | null"))]
    pub activate_type: Option<Open<ActivateType>>,
}

/// An activity in a 3002 rejection.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ActivityRejection {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::boolean")]
    #[cfg_attr(feature = "ts", tsify(type = "boolean | null"))]
    pub participate_result: Option<bool>,
    #[serde(default, deserialize_with = "super::tolerant::list")]
    #[cfg_attr(feature = "ts", tsify(type = "ActivityUnitResult[] | null"))]
    pub engine_sub_activity_dtos: Option<Vec<ActivityUnitResult>>,
}

/// An activity unit whose condition was (or was not) met.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ActivityUnitResult {
    #[serde(default, deserialize_with = "super::tolerant::int")]
    #[cfg_attr(feature = "ts", tsify(type = "number | null"))]
    pub error_code: Option<i64>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub error_message: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::boolean")]
    #[cfg_attr(feature = "ts", tsify(type = "boolean | null"))]
    pub participate_result: Option<bool>,
}

/// Envelope of the activity module (always HTTP 200).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ActivityResponse {
    pub result_code: String,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub result_message: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::object")]
    #[cfg_attr(feature = "ts", tsify(type = "ActivityDetail | null"))]
    pub detail: Option<ActivityDetail>,
    #[serde(default, deserialize_with = "super::tolerant::list")]
    #[cfg_attr(feature = "ts", tsify(type = "ActivityRejection[] | null"))]
    pub activity_dto_list: Option<Vec<ActivityRejection>>,
}

/// `resultCode` values the spec names.
pub mod result_code {
    /// success; detail.products is filled
    pub const SUCCESS: &str = "0000";
    /// request parameter error
    pub const PARAMETER_ERROR: &str = "1001";
    /// processing exception
    pub const PROCESSING_EXCEPTION: &str = "1002";
    /// illegal participant information
    pub const ILLEGAL_PARTICIPANT: &str = "1004";
    /// dropped by a filter rule
    pub const FILTERED: &str = "2001";
    /// the activity does not exist
    pub const UNKNOWN_ACTIVITY: &str = "3001";
    /// the participant does not meet the conditions
    pub const CONDITIONS_NOT_MET: &str = "3002";
    /// unit error code: personal claim count exceeded
    pub const UNIT_CLAIM_COUNT_EXCEEDED: i64 = 14005;
}
