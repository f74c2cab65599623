use js_sys::{Array, Function, Object, Reflect};
use licensing_sdk::js::create_schemas;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

fn run(schemas: &JsValue, endpoint: &str, value: &JsValue) -> JsValue {
    let standard = get(&get(schemas, endpoint), "~standard");
    let validate: Function = get(&standard, "validate").dyn_into().expect("validate is a function");
    validate.call1(&standard, value).expect("validate does not throw")
}

#[wasm_bindgen_test]
fn standard_schema_v1_shape() {
    let schemas = create_schemas(None);
    for name in ["bindEnterprise", "batchOrder", "joinActivity", "shellNums"] {
        let standard = get(&get(&schemas, name), "~standard");
        assert_eq!(get(&standard, "version").as_f64(), Some(1.0));
        assert_eq!(s(&get(&standard, "vendor")), "licensing-sdk");
    }
}

#[wasm_bindgen_test]
fn success_returns_the_same_value() {
    let schemas = create_schemas(None);
    let body = js(r#"{"size": 5}"#);
    let result = run(&schemas, "shellNums", &body);
    assert!(Object::is(&get(&result, "value"), &body));
    assert!(get(&result, "issues").is_undefined());
}

#[wasm_bindgen_test]
fn failure_lists_errors_with_key_paths() {
    let schemas = create_schemas(None);
    let body = js(r#"{"assetNums": ["8000000001", "123"], "operatorIdentity": "ops", "x": 1}"#);
    let result = run(&schemas, "lockAssets", &body);
    let issues = Array::from(&get(&result, "issues"));
    // The unknown field is a warning: not a Standard Schema issue.
    assert_eq!(issues.length(), 1);
    let path = Array::from(&get(&issues.get(0), "path"));
    assert_eq!(path.get(0).as_string().as_deref(), Some("assetNums"));
    assert_eq!(path.get(1).as_f64(), Some(1.0));
    assert!(Reflect::has(&issues.get(0), &JsValue::from_str("message")).unwrap_or(false));
}

#[wasm_bindgen_test]
fn schemas_take_options() {
    let schemas = create_schemas(Some(js(r#"{"locale":"zh-CN"}"#)));
    let result = run(&schemas, "shellNums", &js("{}"));
    let message = s(&get(&Array::from(&get(&result, "issues")).get(0), "message"));
    assert!(message.contains("缺少必填字段"), "{message}");
}
