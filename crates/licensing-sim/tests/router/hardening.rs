//! What an attacker or an unlucky client must not be able to do: reach the
//! admin routes, read a token, fill the memory, hold sockets, make the store
//! lock spin on one request.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};

use crate::support::*;

const SHELL: &str = "/order/api/order/v1/shellnums";

#[tokio::test]
async fn admin_routes_need_the_admin_token() {
    let app = app();
    for (method, path) in [("POST", "/__sim/reset"), ("GET", "/__sim/stats"), ("GET", "/__sim/trace/x")] {
        let bare = Request::builder().method(method).uri(path).body(Body::empty()).unwrap();
        assert_eq!(send(&app, bare).await.status, 401, "{path}");
        let wrong =
            Request::builder().method(method).uri(path).header("x-sim-admin", "guess").body(Body::empty()).unwrap();
        assert_eq!(send(&app, wrong).await.status, 401, "{path}");
        assert_eq!(send(&app, admin(method, path)).await.status, 200, "{path}");
    }
    // Without --admin-token the simulator makes a random one.
    let state = AppState::new(&Config::default()).unwrap();
    assert_eq!(state.admin_token().len(), 32);
    assert_ne!(state.admin_token(), AppState::new(&Config::default()).unwrap().admin_token());
}

#[tokio::test]
async fn traces_never_hold_a_token_and_start_after_the_auth_check() {
    let app = app();
    let traced = |token: &str| {
        Request::post(format!("{SHELL}?g_nonce={}", nonce()))
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", "application/json")
            .header("x-sim-trace", "t-secret")
            .body(Body::from(r#"{"size":1}"#))
            .unwrap()
    };
    ok(&send(&app, traced(ORDER)).await);
    assert_eq!(send(&app, traced("not-a-known-token")).await.status, 401);
    let seen = send(&app, admin("GET", "/__sim/trace/t-secret")).await;
    assert_eq!(seen.body.as_array().unwrap().len(), 1, "the refused request is not traced: {}", seen.text);
    assert!(!seen.text.contains(ORDER) && !seen.text.contains("not-a-known-token"), "{}", seen.text);
    assert_eq!(seen.body[0]["tokenScopes"], json!(["auth_order"]));
}

#[tokio::test]
async fn nonces_and_query_parameters_are_exact() {
    let app = app();
    let with_query = |query: String| {
        Request::post(format!("{SHELL}?{query}"))
            .header("authorization", format!("Bearer {ORDER}"))
            .header("content-type", "application/json")
            .body(Body::from(r#"{"size":1}"#))
            .unwrap()
    };
    let long = business(&send(&app, with_query(format!("g_nonce={}", "n".repeat(129)))).await, "13004");
    assert!(long.contains("longer than 128"), "{long}");
    ok(&send(&app, with_query(format!("g_nonce={}", "m".repeat(128)))).await);
    let twice = business(&send(&app, with_query(format!("g_nonce={}&g_nonce={}", nonce(), nonce()))).await, "13004");
    assert!(twice.contains("g_nonce is given more than once"), "{twice}");
    let app_key = format!("/order/api/order/v1/licenseOrder/batchOrder?appKey=a&appKey=b&g_nonce={}", nonce());
    let req = Request::post(app_key)
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "application/json")
        .body(Body::from("{}"))
        .unwrap();
    assert!(business(&send(&app, req).await, "13004").contains("appKey is given more than once"));
    let key = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "application/json")
        .header("x-sim-fault", format!("code500;times=1;key={}", "k".repeat(65)))
        .body(Body::from(r#"{"size":1}"#))
        .unwrap();
    assert!(business(&send(&app, key).await, "13004").contains("key is longer than 64"));
}

/// A new_buy asset with `numbers` asset numbers and `products` products.
fn wide_new_buy(id: &str, numbers: u64, products: usize) -> Value {
    let nos: Vec<String> = (0..numbers).map(|k| format!("8{:09}", 100_000 + k)).collect();
    let list: Vec<Value> = (0..products).map(|k| json!({"productUri": format!("gms:{k}")})).collect();
    json!({"channelCode": "CH", "channelOrderId": id, "orderList": [{"sequence": 1, "orderType": "new_buy", "licenseType": "softkey",
        "enterpriseGlobalId": "EG-WIDE", "assets": [{"assetNos": nos, "products": list}]}]})
}

#[tokio::test]
async fn numbers_times_products_is_stored_once() {
    let app = app();
    let started = Instant::now();
    ok(&post(&app, ORDER, BATCH, wide_new_buy("CO-wide", 1000, 1000)).await);
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    // Deleting a product from one number leaves the others' shared list whole.
    let delete = json!({"channelCode": "CH", "channelOrderId": "CO-del", "orderList": [{"sequence": 1, "orderType": "delete_product",
        "licenseType": "softkey", "assets": [{"assetNos": ["8000100000"], "products": [{"productUri": "gms:7"}]}]}]});
    ok(&post(&app, ORDER, BATCH, delete.clone()).await);
    let again = json!({"channelCode": "CH", "channelOrderId": "CO-del-2", "orderList": delete["orderList"]});
    assert!(business(&post(&app, ORDER, BATCH, again).await, "13004").contains("no product gms:7"));
    let other = json!({"channelCode": "CH", "channelOrderId": "CO-del-3", "orderList": [{"sequence": 1, "orderType": "delete_product",
        "licenseType": "softkey", "assets": [{"assetNos": ["8000100001"], "products": [{"productUri": "gms:7"}]}]}]});
    ok(&post(&app, ORDER, BATCH, other).await);
}

#[tokio::test]
async fn delete_work_is_bounded() {
    let app = router(
        AppState::new(&Config { max_delete_pairs: 10, admin_token: Some(ADMIN.into()), ..Config::default() }).unwrap(),
    );
    ok(&post(&app, ORDER, BATCH, wide_new_buy("CO-few", 4, 3)).await);
    let nos: Vec<String> = (0..4).map(|k| format!("8{:09}", 100_000 + k)).collect();
    let delete = json!({"channelCode": "CH", "channelOrderId": "CO-many", "orderList": [{"sequence": 1, "orderType": "delete_product",
        "licenseType": "softkey", "assets": [{"assetNos": nos, "products": [{"productUri": "gms:0"}, {"productUri": "gms:1"}, {"productUri": "gms:2"}]}]}]});
    let m = business(&post(&app, ORDER, BATCH, delete).await, "13004");
    assert!(m.contains("12 (asset number, product) pairs") && m.contains("--max-delete-pairs"), "{m}");
}

#[tokio::test]
async fn a_list_answer_is_bounded_in_bytes() {
    // 50 numbers sharing one 20 KB extension: stored once, answered 50 times (~1 MB).
    let app = router(
        AppState::new(&Config { max_answer_bytes: 500_000, admin_token: Some(ADMIN.into()), ..Config::default() })
            .unwrap(),
    );
    let mut body = wide_new_buy("CO-ext", 50, 1);
    body["orderList"][0]["assets"][0]["assetExtendList"] =
        json!([{"extendCode": "big", "extendValue": "v".repeat(20_000)}]);
    ok(&post(&app, ORDER, BATCH, body).await);
    let m = business(&get(&app, ORDER, "/order/api/order/v1/asset/EG-WIDE/list").await, "13004");
    assert!(m.contains("exceed 500000 bytes") && m.contains("--max-answer-bytes"), "{m}");
    // An answer within the bound is whole: the 50 records, each with its extension.
    let roomy = router(AppState::new(&Config { admin_token: Some(ADMIN.into()), ..Config::default() }).unwrap());
    let mut body = wide_new_buy("CO-ext", 50, 1);
    body["orderList"][0]["assets"][0]["assetExtendList"] =
        json!([{"extendCode": "big", "extendValue": "v".repeat(20_000)}]);
    ok(&post(&roomy, ORDER, BATCH, body).await);
    let listed = ok(&get(&roomy, ORDER, "/order/api/order/v1/asset/EG-WIDE/list").await);
    let records = listed.as_array().map(Vec::len);
    assert_eq!(records, Some(50), "{listed}");
}

/// A simulator on a socket with short read timeouts.
async fn listening(header_timeout: Duration, body_timeout_secs: u64) -> std::net::SocketAddr {
    let config = Config { body_timeout_secs, admin_token: Some(ADMIN.into()), ..Config::default() };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(licensing_sim::serve_on(listener, router(AppState::new(&config).unwrap()), header_timeout));
    addr
}

/// Reads until the server closes the socket (or `limit` passes): what it sent.
fn read_until_closed(stream: &mut std::net::TcpStream, limit: Duration) -> (String, Duration) {
    stream.set_read_timeout(Some(limit)).unwrap();
    let started = Instant::now();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    (String::from_utf8_lossy(&out).into_owned(), started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_and_idle_sockets_are_closed() {
    let addr = listening(Duration::from_millis(300), 30).await;
    let result = tokio::task::spawn_blocking(move || {
        let mut slow = std::net::TcpStream::connect(addr).unwrap();
        slow.write_all(b"POST /order/api/order/v1/shellnums?g_nonce=x HTTP/1.1\r\nHost: a\r\n").unwrap();
        let idle = std::net::TcpStream::connect(addr).unwrap();
        let (_, slow_after) = read_until_closed(&mut slow, Duration::from_secs(5));
        let (_, idle_after) = read_until_closed(&mut idle.try_clone().unwrap(), Duration::from_secs(5));
        (slow_after, idle_after)
    })
    .await
    .unwrap();
    assert!(result.0 < Duration::from_secs(3), "slow headers held the socket {:?}", result.0);
    assert!(result.1 < Duration::from_secs(3), "an idle socket was held {:?}", result.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_is_refused() {
    let addr = listening(Duration::from_secs(10), 1).await;
    let answer = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        let head = format!(
            "POST /order/api/order/v1/shellnums?g_nonce=slow-body HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer {ORDER}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{{\"size\""
        );
        stream.write_all(head.as_bytes()).unwrap();
        read_until_closed(&mut stream, Duration::from_secs(5))
    })
    .await
    .unwrap();
    assert!(answer.0.starts_with("HTTP/1.1 299"), "{}", answer.0);
    assert!(answer.0.contains("not sent within 1 s"), "{}", answer.0);
    assert!(answer.1 < Duration::from_secs(4), "{:?}", answer.1);
}
