//! Clients for the simulator, unique ids per run, and the simulator's trace.

use licensing_client::fetch::FetchTransport;
use licensing_client::{CallOptions, ClientOptions};
use licensing_core::model::ShellNumsRequest;
use licensing_core::response::ClientError;
use licensing_core::valid::{Request, Valid};
use serde_json::Value;
use web_sys::AbortSignal;

/// The client the tests drive: over the global fetch.
pub(crate) type Client = licensing_client::Client<FetchTransport>;

/// A request that passed validation (the typed methods take nothing else).
#[track_caller]
pub(crate) fn v<T: Request>(value: T) -> Valid<T> {
    Valid::new(value).expect("a valid request")
}

/// A client over the global fetch, if the options are usable.
pub(crate) fn make(o: ClientOptions) -> Result<Client, ClientError> {
    Client::new(o, FetchTransport::new())
}

pub(crate) const SIM: &str = match option_env!("LICENSING_SIM_URL") {
    Some(url) => url,
    None => "http://127.0.0.1:8788",
};
pub(crate) const TOKEN: &str = "dev-all-token";

/// An id unique to this run (the simulator is shared by the suites).
pub(crate) fn unique(prefix: &str) -> String {
    format!("{prefix}-{}-{}", js_sys::Date::now() as u64, (js_sys::Math::random() * 1e9) as u64)
}

pub(crate) fn options() -> ClientOptions {
    let mut o = ClientOptions::new(SIM, TOKEN);
    o.app_key = Some("app-test".into());
    o.retry_base_ms = 10;
    o.timeout_ms = 5_000;
    o
}

/// A client whose calls carry a trace id (and optionally a fault).
pub(crate) fn traced(trace: &str, fault: Option<&str>, tweak: impl FnOnce(&mut ClientOptions)) -> Client {
    let mut o = options();
    o.headers.push(("x-sim-trace".into(), trace.into()));
    if let Some(f) = fault {
        o.headers.push(("x-sim-fault".into(), f.into()));
    }
    tweak(&mut o);
    make(o).expect("client")
}

pub(crate) fn client() -> Client {
    make(options()).expect("client")
}

pub(crate) fn none() -> CallOptions<AbortSignal> {
    CallOptions::default()
}

/// The simulator's admin token (`scripts/with-sim.sh` starts it with this one).
pub(crate) const ADMIN: &str = match option_env!("LICENSING_SIM_ADMIN_TOKEN") {
    Some(token) => token,
    None => "licensing-sim-test-admin",
};

/// The requests the simulator saw for a trace id.
pub(crate) async fn trace(id: &str) -> Vec<Value> {
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
pub(crate) fn nonces(trace: &[Value]) -> Vec<String> {
    trace
        .iter()
        .map(|t| {
            let query = t["query"].as_str().unwrap_or_default();
            query.split('&').find_map(|kv| kv.strip_prefix("g_nonce=")).unwrap_or_default().to_owned()
        })
        .collect()
}

/// Fresh asset numbers from the simulator.
pub(crate) async fn asset_numbers(n: i64) -> Vec<String> {
    client().shell_nums(&v(ShellNumsRequest { size: Some(n) }), &none()).await.expect("shellnums")
}

/// The error never shows the token.
pub(crate) fn assert_no_token(err: &ClientError) {
    let shown = format!("{err:?} {err}");
    assert!(!shown.contains(TOKEN), "token leaked: {shown}");
}
