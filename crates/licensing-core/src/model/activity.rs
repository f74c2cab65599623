//! The activity module's envelope (endpoint 10) and the `resultCode`s the spec
//! names.
//!
//! ```
//! use licensing_core::model::{ActivityResponse, ActivateType, Open};
//! let r: ActivityResponse = serde_json::from_str(r#"{"resultCode":"0000","resultMessage":"ok",
//!   "detail":{"products":[{"productUri":"p","activateType":"1"}]}}"#)?;
//! let products = r.detail.and_then(|d| d.products).unwrap_or_default();
//! assert_eq!(products[0].activate_type, Some(Open::Known(ActivateType::Later)));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{ActivityDetail, ActivityRejection};

/// Envelope of the activity module (always HTTP 200).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityResponse {
    /// `0000` on success; 1001, 1002, 1004, 2001, 3001, 3002 otherwise.
    pub result_code: String,
    /// What happened, in the service's words.
    #[serde(default, deserialize_with = "super::tolerant::string")]
    pub result_message: Option<String>,
    /// On success: the claimed products.
    #[serde(default, deserialize_with = "super::tolerant::object")]
    pub detail: Option<ActivityDetail>,
    /// On 3002: the activities and the units whose conditions were not met.
    #[serde(default, deserialize_with = "super::tolerant::list")]
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
