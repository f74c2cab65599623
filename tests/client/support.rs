//! Clients for the simulator, unique ids per run, and the simulator's trace.

use licensing_sdk::client::{CallOptions, Client, ClientOptions};
use licensing_sdk::core::response::ClientError;
use licensing_sdk::model::ShellNumsRequest;
use serde_json::Value;

pub const SIM: &str = match option_env!("LICENSING_SIM_URL") {
    Some(url) => url,
    None => "http://127.0.0.1:8788",
};
pub const TOKEN: &str = "dev-all-token";

/// An id unique to this run (the simulator is shared by the suites).
pub fn unique(prefix: &str) -> String {
    format!("{prefix}-{}-{}", js_sys::Date::now() as u64, (js_sys::Math::random() * 1e9) as u64)
}

pub fn options() -> ClientOptions {
    let mut o = ClientOptions::new(SIM, TOKEN);
    o.app_key = Some("app-test".into());
    o.retry_base_ms = 10;
    o.timeout_ms = 5_000;
    o
}

/// A client whose calls carry a trace id (and optionally a fault).
pub fn traced(trace: &str, fault: Option<&str>, tweak: impl FnOnce(&mut ClientOptions)) -> Client {
    let mut o = options();
    o.headers.push(("x-sim-trace".into(), trace.into()));
    if let Some(f) = fault {
        o.headers.push(("x-sim-fault".into(), f.into()));
    }
    tweak(&mut o);
    Client::new(o).expect("client")
}

pub fn client() -> Client {
    Client::new(options()).expect("client")
}

pub fn none() -> CallOptions {
    CallOptions::default()
}

/// The simulator's admin token (`scripts/with-sim.sh` starts it with this one).
const ADMIN: &str = match option_env!("LICENSING_SIM_ADMIN_TOKEN") {
    Some(token) => token,
    None => "licensing-sim-test-admin",
};

/// The requests the simulator saw for a trace id.
pub async fn trace(id: &str) -> Vec<Value> {
    let text = gloo_net::http::Request::get(&format!("{SIM}/__sim/trace/{id}"))
        .header("x-sim-admin", ADMIN)
        .send()
        .await
        .expect("trace")
        .text()
        .await
        .expect("text");
    serde_json::from_str::<Vec<Value>>(&text).expect("trace json")
}

/// The `g_nonce` of each traced request.
pub fn nonces(trace: &[Value]) -> Vec<String> {
    trace
        .iter()
        .map(|t| {
            let query = t["query"].as_str().unwrap_or_default();
            query.split('&').find_map(|kv| kv.strip_prefix("g_nonce=")).unwrap_or_default().to_owned()
        })
        .collect()
}

/// Fresh asset numbers from the simulator.
pub async fn asset_numbers(n: i64) -> Vec<String> {
    client()
        .shell_nums(&ShellNumsRequest { size: Some(n) }, &none())
        .await
        .expect("shellnums")
        .into_iter()
        .map(String::from)
        .collect()
}

/// The error never shows the token.
pub fn assert_no_token(err: &ClientError) {
    let shown = format!("{err:?} {err}");
    assert!(!shown.contains(TOKEN), "token leaked: {shown}");
}
