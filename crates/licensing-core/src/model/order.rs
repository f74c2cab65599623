//! Batch orders (endpoint 5): orders, assets, products, merchandise packages.
//!
//! ```
//! use licensing_core::model::{BatchOrderRequest, OrderType};
//! let req: BatchOrderRequest = serde_json::from_str(r#"{
//!   "channelCode": "CH", "channelOrderId": "O-1", "syncMode": "sync",
//!   "orderList": [{"sequence": 1, "orderType": "delete_asset", "licenseType": "softkey",
//!                  "assets": [{"assetNos": ["8000000001"]}]}]
//! }"#)?;
//! assert_eq!(req.order_list.unwrap_or_default()[0].order_type, Some(OrderType::DeleteAsset));
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{CustomerType, LicenseType, OrderType, SyncMode, Trial};

/// Batch order request body.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BatchOrderRequest {
    pub channel_code: Option<String>,
    pub channel_order_id: Option<String>,
    pub sync_mode: Option<SyncMode>,
    pub order_list: Option<Vec<Order>>,
}

/// One order of `orderList`.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub sequence: Option<i64>,
    pub customer_id: Option<String>,
    pub crm_customer_id: Option<String>,
    pub customer_name: Option<String>,
    pub channel_customer_id: Option<String>,
    pub admin_name: Option<String>,
    pub admin_account: Option<String>,
    pub admin_email: Option<String>,
    pub admin_cell_number: Option<String>,
    pub password_mobile: Option<String>,
    pub address: Option<String>,
    pub customer_type: Option<CustomerType>,
    pub branch_code: Option<String>,
    pub branch_name: Option<String>,
    pub enterprise_global_id: Option<String>,
    pub src_license_order_id: Option<String>,
    pub license_type: Option<LicenseType>,
    pub order_type: Option<OrderType>,
    pub assets: Option<Vec<Asset>>,
}

/// One asset of an order.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Asset {
    pub asset_nos: Option<Vec<String>>,
    pub asset_extend_list: Option<Vec<AssetExtend>>,
    pub limit_start_date: Option<i64>,
    pub limit_end_date: Option<i64>,
    pub borrowed_usb_key: Option<bool>,
    pub transfered_asset_num: Option<bool>,
    pub products: Option<Vec<Product>>,
    pub merchandises: Option<Vec<Merchandise>>,
}

/// Asset extension attribute (`assetExtendList` item; also `assetExtends` of an asset record).
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AssetExtend {
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub extend_code: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub extend_value: Option<String>,
}

/// A product of an asset or of a merchandise package.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub crm_product_id: Option<String>,
    pub parent_crm_product_id: Option<String>,
    pub product_uri: Option<String>,
    pub product_name: Option<String>,
    pub gms_pid: Option<String>,
    pub app_key: Option<String>,
    pub product_type: Option<String>,
    pub limit_start_date: Option<i64>,
    pub limit_end_date: Option<i64>,
    pub limit_concurrent: Option<i64>,
    pub limit_time_duration: Option<i64>,
    pub strict_match_when_delete: Option<bool>,
    pub trial: Option<Trial>,
    pub trial_end_date: Option<i64>,
    pub passwords: Option<Vec<String>>,
    pub time_unit: Option<String>,
    pub time_unit_quantity: Option<i64>,
    pub time_duration_expression: Option<String>,
    pub src_license_order_id: Option<String>,
    pub product_features: Option<Vec<ProductFeature>>,
}

/// A product feature point.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ProductFeature {
    pub feature_code: Option<String>,
    pub feature_name: Option<String>,
    pub feature_value: Option<String>,
    pub feature_value_type: Option<String>,
    pub trial: Option<Trial>,
    pub trial_end_date: Option<DateValue>,
}

/// A feature's `trialEndDate`: the spec says "date" without a format, so both a
/// Long timestamp and a date string are accepted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum DateValue {
    Millis(i64),
    Text(String),
}

/// A merchandise (product package); packages nest through `children`.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Merchandise {
    pub crm_product_id: Option<String>,
    pub parent_crm_product_id: Option<String>,
    pub merchandise_num: Option<String>,
    pub merchandise_name: Option<String>,
    pub parent_merchandise_num: Option<String>,
    pub time_duration_expression: Option<String>,
    /// Lower-level packages; `null` at the lowest level. `None`: absent,
    /// `Some(None)`: `null` (the spec's lowest-level form), `Some(Some(list))`.
    #[serde(default, with = "::serde_with::rust::double_option")]
    #[cfg_attr(feature = "ts", tsify(type = "Merchandise[] | null"))]
    pub children: Option<Option<Vec<Merchandise>>>,
    pub license_order_product_list: Option<Vec<Product>>,
}

/// Batch order result item.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BatchOrderResult {
    #[serde(default, deserialize_with = "super::tolerant::int")]
    #[cfg_attr(feature = "ts", tsify(type = "number | null"))]
    pub sequence: Option<i64>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub license_order_id: Option<String>,
    #[serde(default, deserialize_with = "super::tolerant::string")]
    #[cfg_attr(feature = "ts", tsify(type = "string | null"))]
    pub customer_id: Option<String>,
}
