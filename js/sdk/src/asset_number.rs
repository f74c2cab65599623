//! `isAssetNumber(s)` and `assetNumberPartition(s)`.
//!
//! ```js
//! isAssetNumber('8000000001');        // true
//! assetNumberPartition('6000000001'); // 'singapore'
//! assetNumberPartition('7000000001'); // null
//! ```

use licensing_core::model::{check_asset_number, Partition};
use wasm_bindgen::prelude::*;

fn partition(value: &JsValue) -> Option<Partition> {
    value.as_string().and_then(|s| check_asset_number(&s).ok())
}

/// True for a string of exactly 10 ASCII digits starting with 8 or 6.
#[wasm_bindgen(js_name = isAssetNumber)]
pub fn is_asset_number(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    partition(&value).is_some()
}

/// `'domestic'` (8), `'singapore'` (6), or `null` when not an asset number.
#[wasm_bindgen(js_name = assetNumberPartition, unchecked_return_type = "'domestic' | 'singapore' | null")]
pub fn asset_number_partition(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> JsValue {
    match partition(&value) {
        Some(Partition::Domestic) => JsValue::from_str("domestic"),
        Some(Partition::Singapore) => JsValue::from_str("singapore"),
        None => JsValue::NULL,
    }
}
