//! Names the environment the suite runs in, so the runner's log shows that the
//! Node, browser and dedicated-worker runs really happened where claimed.

use wasm_bindgen::JsValue;
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

#[wasm_bindgen_test]
fn environment() {
    let global = js_sys::global();
    let has = |name: &str| js_sys::Reflect::has(&global, &JsValue::from_str(name)).unwrap_or(false);
    let env = if has("DedicatedWorkerGlobalScope") && !has("document") {
        "dedicated worker"
    } else if has("document") {
        "browser window"
    } else {
        "node"
    };
    console_log!("licensing-sdk bindings running in: {env}");
    assert!(has("JSON"));
}
