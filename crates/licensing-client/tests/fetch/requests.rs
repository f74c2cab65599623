//! What goes on the wire: auth, content type, nonces, paths and query escaping.

use licensing_core::model::*;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

#[wasm_bindgen_test]
async fn headers_nonce_and_escaped_path() {
    let id = unique("t-wire");
    let c = traced(&id, None, |_| {});
    c.list_assets(
        &v(ListAssetsRequest { enterprise_global_id: Some("E/1 ?x".into()), extend_code: Some("a&b=c".into()) }),
        &none(),
    )
    .await
    .expect("list");
    c.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.expect("shellnums");
    let seen = trace(&id).await;
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["path"], "/order/api/order/v1/asset/E%2F1%20%3Fx/list");
    let query = seen[0]["query"].as_str().unwrap();
    assert!(query.contains("extendCode=a%26b%3Dc"), "{query}");
    assert_eq!(seen[0]["method"], "GET");
    assert_eq!(seen[1]["method"], "POST");
    assert_eq!(seen[1]["contentType"], "application/json");
    // The simulator keeps the token's scopes and length, never the token.
    for s in &seen {
        assert_eq!(s["authorization"], "Bearer [redacted]");
        assert_eq!(s["tokenLength"], TOKEN.len());
        assert_eq!(s["tokenScopes"], serde_json::json!(["auth_order", "auth_activity"]));
    }
    let nonces = nonces(&seen);
    assert!(
        nonces.iter().all(|n| n.len() >= 22 && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')),
        "{nonces:?}"
    );
    assert_ne!(nonces[0], nonces[1]);
}

#[wasm_bindgen_test]
async fn batch_order_sends_app_key_and_query_sends_its_parameters() {
    let id = unique("t-query");
    let c = traced(&id, None, |_| {});
    c.query_enterprises(
        &v(QueryEnterprisesRequest {
            channel_code: Some("C H".into()),
            channel_customer_id: Some("x/y".into()),
            default_customer: Some(DefaultCustomer::No),
        }),
        &none(),
    )
    .await
    .expect("query");
    let seen = trace(&id).await;
    let query = seen[0]["query"].as_str().unwrap();
    assert!(query.starts_with("g_nonce="), "{query}");
    assert!(query.ends_with("&channelCode=C%20H&channelCustomerId=x%2Fy&defaultCustomer=N"), "{query}");
}
