//! The shared hook scenarios (`tests/hook-scenarios.json`) run by the Rust
//! client over reqwest and a simulator: what each hook sees and how the call
//! ends, line by line. The npm package runs the same table
//! (`js/sdk/tests/hook-scenarios.test.mjs`): the two carry out the same steps
//! (`licensing_client::call`), and this holds the Rust loop's waiting to it.
//! Each scenario's `events` are what a watcher (`on_event`) is told, the same
//! lines as the npm package's stream (`watch`).

use std::sync::{Arc, Mutex};

use licensing_client::events::{CallEvent, ClientEvent};
use licensing_client::hooks::{hook, HookFuture};
use licensing_client::{Client, Hooks, RetryEvent, TokenRequest};
use licensing_core::validate::Profile;
use licensing_core::wire::Endpoint;
use serde_json::Value;

use super::{none, options, simulator, TOKEN};

type Log = Arc<Mutex<Vec<String>>>;

fn push(log: &Log, line: String) {
    log.lock().unwrap().push(line);
}

/// `Err("boom")` when the scenario has `hook` throw on `attempt`.
fn boom(scenario: &Value, hook: &str, attempt: u32) -> Result<(), String> {
    let throws = scenario["throws"].as_str() == Some(hook) && scenario["throwsOn"].as_u64() == Some(u64::from(attempt));
    if throws {
        Err(String::from("boom"))
    } else {
        Ok(())
    }
}

fn hooks(scenario: &Arc<Value>, log: &Log) -> Hooks {
    let (s, l) = (scenario.clone(), log.clone());
    let before = hook(move |e: &licensing_client::hooks::RequestEvent| -> HookFuture<Vec<(String, String)>> {
        push(&l, format!("request {}", e.attempt));
        let faulted = s["faultOn"].as_array().is_some_and(|on| on.contains(&Value::from(e.attempt)));
        let headers = match s["fault"].as_str() {
            Some(fault) if faulted => vec![(String::from("x-sim-fault"), String::from(fault))],
            _ => Vec::new(),
        };
        let result = boom(&s, "beforeRequest", e.attempt).map(|()| headers);
        Box::pin(async move { result })
    });
    let (s, l) = (scenario.clone(), log.clone());
    let after = hook(move |e: &licensing_client::hooks::ResponseEvent| -> HookFuture<()> {
        push(&l, format!("response {} {} {}", e.attempt, e.status, e.code.as_deref().unwrap_or("-")));
        let result = boom(&s, "afterResponse", e.attempt);
        Box::pin(async move { result })
    });
    let (s, l) = (scenario.clone(), log.clone());
    let retry = hook(move |e: &RetryEvent| -> HookFuture<()> {
        push(&l, format!("retry {} {}", e.attempt, e.error.kind.as_str()));
        let result = boom(&s, "beforeRetry", e.attempt);
        Box::pin(async move { result })
    });
    let l = log.clone();
    let error = hook(move |e: &licensing_client::hooks::ErrorEvent| -> HookFuture<()> {
        push(&l, format!("error {} {}", e.attempts, e.error.kind.as_str()));
        Box::pin(async { Ok(()) })
    });
    Hooks::new()
        .before_request_async(before)
        .after_response_async(after)
        .before_retry_async(retry)
        .on_error_async(error)
}

/// A watcher's line for `event`, as `events` in the table writes it.
fn event_line(e: &ClientEvent<'_>) -> String {
    let name = e.event.name();
    match e.event {
        CallEvent::Call { endpoint } => format!("{name} {}", endpoint.name()),
        CallEvent::Token { attempt, refused } => format!("{name} {attempt} {refused}"),
        CallEvent::Request { attempt, method, .. } => format!("{name} {attempt} {}", method.as_str()),
        CallEvent::Response { attempt, status, code, .. } => {
            format!("{name} {attempt} {status} {}", code.unwrap_or("-"))
        }
        CallEvent::Retry { attempt, error, .. } => format!("{name} {attempt} {}", error.kind.as_str()),
        CallEvent::Hook { hook, attempt, ended } => format!("{name} {} {attempt} {}", hook.as_str(), ended.as_str()),
        CallEvent::Failed { attempts, error } => format!("{name} {attempts} {}", error.kind.as_str()),
        CallEvent::Done { attempts } => format!("{name} {attempts}"),
        _ => format!("{name} (not in the table's lines)"),
    }
}

#[tokio::test]
async fn the_shared_hook_scenarios() {
    let table: Value = serde_json::from_str(include_str!("../hook-scenarios.json")).unwrap();
    let base = simulator(Profile::Recommended).await;
    for scenario in table["scenarios"].as_array().unwrap() {
        let scenario = Arc::new(scenario.clone());
        let name = scenario["name"].as_str().unwrap();
        let log: Log = Arc::default();
        let watched: Log = Arc::default();
        let w = watched.clone();
        let mut o = options(&base).with_hooks(hooks(&scenario, &log)).with_on_event(move |e| push(&w, event_line(e)));
        if let Some(max) = scenario["maxRetries"].as_u64() {
            o.max_retries = max as u32;
        }
        if scenario["token"].as_str() == Some("refused first") {
            let l = log.clone();
            o = o.with_token_provider(move |r: &TokenRequest| {
                push(&l, format!("token {} {}", r.attempt, r.refused));
                String::from(if r.refused { TOKEN } else { "not-the-token" })
            });
        }
        let endpoint: Endpoint = scenario["endpoint"].as_str().unwrap().parse().unwrap();
        let client = Client::reqwest(o).unwrap();
        match client.send_json(endpoint, &scenario["body"].to_string(), &none()).await {
            Ok(_) => push(&log, String::from("ok")),
            Err(e) => {
                let status = e.status.map_or(String::from("-"), |s| s.to_string());
                push(&log, format!("failed {} {status} sent={}", e.kind.as_str(), e.sent));
            }
        }
        let expected: Vec<String> =
            scenario["expect"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_owned()).collect();
        assert_eq!(*log.lock().unwrap(), expected, "{name}");
        let events: Vec<String> =
            scenario["events"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_owned()).collect();
        assert_eq!(*watched.lock().unwrap(), events, "{name}: what a watcher is told");
    }
}
