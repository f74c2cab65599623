use licensing_sdk::js::{asset_number_partition, is_asset_number};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn asset_number_checks() {
    let cases = [
        (JsValue::from_str("8000000001"), Some("domestic")),
        (JsValue::from_str("6123456789"), Some("singapore")),
        (JsValue::from_str("7000000001"), None),
        (JsValue::from_str("800000001"), None),
        (JsValue::from_str("８000000001"), None),
        (JsValue::from_f64(8000000001.0), None),
        (JsValue::NULL, None),
        (JsValue::UNDEFINED, None),
    ];
    for (value, partition) in cases {
        assert_eq!(is_asset_number(value.clone()), partition.is_some());
        assert_eq!(asset_number_partition(value).as_string().as_deref(), partition);
    }
}
