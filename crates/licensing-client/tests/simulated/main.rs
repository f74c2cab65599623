//! The typed client against an in-process simulator ([`SimTransport`]): no
//! network, no server to start. The same tests run natively (`cargo test`) and
//! under wasm-bindgen-test in Node, headless Chromium and Firefox, and a
//! dedicated worker: what a Rust (Leptos/Yew) tester gets.
#![cfg(feature = "simulator")]

use licensing_client::simulator::SimTransport;
use licensing_client::{CallOptions, Client, ClientOptions};
use licensing_core::model::*;
use licensing_core::response::ErrorKind;
use licensing_core::valid::{Request, Valid};
use licensing_core::wire::Endpoint;
use licensing_sim_core::{Options, Simulator};
use serde_json::json;

/// What the native and the simulated suites share: bodies, ids, expectations.
#[path = "../common/mod.rs"]
mod common;

/// Each test once natively (blocking on the future) and once under wasm-bindgen-test.
macro_rules! sim_test {
    ($($name:ident),* $(,)?) => {$(
        #[cfg(not(target_arch = "wasm32"))]
        #[test]
        fn $name() {
            futures_executor::block_on(tests::$name());
        }
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen_test::wasm_bindgen_test]
        async fn $name() {
            tests::$name().await;
        }
    )*};
}

sim_test!(
    every_endpoint_typed,
    every_endpoint_answers,
    errors_of_every_kind,
    injected_faults_are_retried_with_fresh_nonces,
    delays_and_stalls_end_as_timeouts,
    seeds_give_distinct_and_repeatable_ids,
    answers_lost_after_the_work_are_retried_only_when_safe,
    bodies_a_serializer_could_not_write_are_refused_before_anything_is_sent,
    refusals_speak_the_portals_catalogue,
    one_clock_times_retries_and_timeouts,
);

fn client(token: &str) -> (Client<SimTransport>, SimTransport) {
    let mut opts = ClientOptions::new("https://licensing.test", token);
    opts.app_key = Some("app-sim".into());
    Client::simulated(opts, &Options::default()).unwrap()
}

fn v<T: Request>(value: T) -> Valid<T> {
    Valid::new(value).expect("a valid request")
}

fn none() -> CallOptions<std::convert::Infallible> {
    CallOptions::default()
}

fn shell(size: i64) -> Valid<ShellNumsRequest> {
    v(ShellNumsRequest { size: Some(size) })
}

mod tests {
    use super::*;

    pub(super) async fn refusals_speak_the_portals_catalogue() {
        use licensing_core::validate::Catalogue;
        let ja =
            Catalogue::new("ja", [("minimum", "{field} は {min} 以上"), ("required", "{field} は必須です")]).unwrap();
        let (client, transport) = client("dev-order-token");
        let client = Client::new(client.options().clone().with_messages(ja), transport.clone()).unwrap();
        let invalid = client.send_json(Endpoint::ShellNums, r#"{"size": 0}"#, &none()).await.unwrap_err();
        assert_eq!(invalid.issues[0].message, "size は 1 以上");
        let mut opts = client.options().clone();
        opts.app_key = None;
        let keyless = Client::new(opts, transport).unwrap();
        let body = licensing_core::validate::example_json(Endpoint::BatchOrder);
        let refused = keyless.send_json(Endpoint::BatchOrder, &body, &none()).await.unwrap_err();
        assert_eq!(refused.issues[0].message, "appKey は必須です");
    }

    pub(super) async fn every_endpoint_typed() {
        let (client, transport) = client("dev-all-token");
        crate::common::every_endpoint_typed(&client, "S").await;
        // The state is the simulator's, readable by the test.
        let stats = transport.simulator().stats();
        assert_eq!((stats["orders"].as_u64(), stats["assets"].as_u64()), (Some(1), Some(2)));
        transport.simulator().reset();
        assert_eq!(transport.simulator().stats()["orders"], json!(0));
    }

    pub(super) async fn every_endpoint_answers() {
        let (client, _) = client("dev-all-token");
        crate::common::every_endpoint_answers(&client).await;
    }

    pub(super) async fn errors_of_every_kind() {
        let (client, transport) = client("dev-order-token");
        let mut traced = client.options().clone();
        traced.headers.push(("x-sim-trace".into(), "invalid".into()));
        let traced = Client::new(traced, transport.clone()).unwrap();
        let invalid = traced.send_json(Endpoint::ShellNums, r#"{"size": 0}"#, &none()).await.unwrap_err();
        assert_eq!((invalid.kind, invalid.issues[0].path.as_str()), (ErrorKind::Validation, "/size"));
        assert!(transport.simulator().trace("invalid").is_empty(), "an invalid request is not sent");
        let unknown = EnterpriseCustomerRequest { crm_customer_id: Some("nobody".into()), ..Default::default() };
        let business = client.update_enterprise(&v(unknown), &none()).await.unwrap_err();
        assert_eq!(
            (business.kind, business.code.as_deref(), business.status),
            (ErrorKind::Business, Some("13004"), Some(299))
        );
        let stranger =
            Client::new(ClientOptions::new("https://licensing.test", "not-a-token"), transport.clone()).unwrap();
        let http = stranger.shell_nums(&shell(1), &none()).await.unwrap_err();
        assert_eq!((http.kind, http.status), (ErrorKind::Http, Some(401)));
        let claim = ActivityRequest {
            identity: Some("a@example.com".into()),
            activity_label: Some("spring-trial".into()),
            source: Some("portal".into()),
            branch: Some("SH".into()),
        };
        let forbidden = client.join_activity(&v(claim), &none()).await.unwrap_err();
        assert_eq!((forbidden.kind, forbidden.status), (ErrorKind::Http, Some(403)));
        transport.simulator().inject_fault("non-json", None).unwrap();
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap_err().kind, ErrorKind::Decode);
        transport.simulator().inject_fault("http=503", Some(Endpoint::ShellNums)).unwrap();
        let not_retried = client.shell_nums(&shell(1), &none()).await.unwrap_err();
        assert_eq!((not_retried.kind, not_retried.status), (ErrorKind::Http, Some(503)));
    }

    pub(super) async fn injected_faults_are_retried_with_fresh_nonces() {
        let (client, transport) = client("dev-order-token");
        let mut opts = client.options().clone();
        opts.headers.push(("x-sim-trace".into(), "retry".into()));
        opts.retry_base_ms = 1_000;
        let client = Client::new(opts, transport.clone()).unwrap();
        transport.simulator().inject_fault("code500;times=2", Some(Endpoint::ShellNums)).unwrap();
        let before = transport.now_ms();
        // shellNums is retried only on the caller's word that a repeat is fine.
        assert_eq!(client.shell_nums(&shell(1), &none().repeatable()).await.unwrap(), ["8000000001"]);
        let attempts = transport.simulator().trace("retry");
        assert_eq!(attempts.len(), 3);
        let queries: std::collections::HashSet<_> = attempts.iter().map(|a| a["query"].to_string()).collect();
        assert_eq!(queries.len(), 3, "every attempt has its own nonce: {queries:?}");
        // The backoff waited on the virtual clock, not the real one.
        assert!(transport.now_ms() - before >= 1_000, "{}", transport.now_ms() - before);
        // A creating call is not retried on 503, and was not answered twice.
        transport.simulator().inject_fault("http=503;times=1", None).unwrap();
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap_err().status, Some(503));
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap(), ["8000000002"]);
    }

    pub(super) async fn answers_lost_after_the_work_are_retried_only_when_safe() {
        let (client, transport) = client("dev-all-token");
        let sim = transport.simulator();
        // shellNums: the five numbers are handed out, the answer lost, nothing retried.
        sim.inject_fault("after;code500", Some(Endpoint::ShellNums)).unwrap();
        let lost = client.shell_nums(&shell(5), &none()).await.unwrap_err();
        assert_eq!((lost.kind, lost.code.as_deref(), lost.sent), (ErrorKind::Business, Some("500"), true));
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap(), ["8000000006"]);
        // A cut connection after the work: a network error that says it was sent.
        sim.inject_fault("after;reset", Some(Endpoint::ShellNums)).unwrap();
        let reset = client.shell_nums(&shell(1), &none()).await.unwrap_err();
        assert_eq!((reset.kind, reset.sent), (ErrorKind::Network, true));
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap(), ["8000000008"]);
        // A batch with a channelOrderId is answered with its first result: retried safely.
        let order = json!({
            "channelCode": "CH", "channelOrderId": "CO-LOST", "syncMode": "sync",
            "orderList": [{ "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
                "crmCustomerId": "CRM-1", "enterpriseGlobalId": "EG-1",
                "assets": [{ "assetNos": ["8000000001"], "products": [{ "productUri": "gms:1001", "crmProductId": "P1" }] }] }],
        });
        let order: Valid<BatchOrderRequest> = Valid::from_json(&order.to_string()).unwrap();
        sim.inject_fault("after;code500", Some(Endpoint::BatchOrder)).unwrap();
        let first = client.batch_order(&order, &none()).await.unwrap();
        assert_eq!(client.batch_order(&order, &none()).await.unwrap(), first);
        assert_eq!(sim.order_count(), 1);
        // The activity module's own envelope (1002), and a claim is never made twice.
        sim.inject_fault("after;code500", Some(Endpoint::JoinActivity)).unwrap();
        let claim = ActivityRequest {
            identity: Some("lost@example.com".into()),
            activity_label: Some("spring-trial".into()),
            source: Some("portal".into()),
            branch: Some("SH".into()),
        };
        let refused = client.join_activity(&v(claim.clone()), &none()).await.unwrap_err();
        assert_eq!((refused.kind, refused.code.as_deref()), (ErrorKind::Activity, Some("1002")));
        let used = client.join_activity(&v(claim), &none()).await.unwrap_err();
        assert_eq!(used.code.as_deref(), Some("3002"), "the one claim was used by the first call");
        // Under the spec profile a batch may lack channelOrderId: each is a new
        // batch, never answered with an earlier one's result.
        let mut spec = Options::default();
        spec.rules = licensing_core::validate::Profile::Spec;
        let mut opts = client.options().clone();
        opts.rules = licensing_core::validate::Profile::Spec;
        let (loose, loose_transport) = Client::simulated(opts, &spec).unwrap();
        let mut ids = Vec::new();
        for (channel_order_id, enterprise) in [(None, "EG-A"), (Some(""), "EG-B")] {
            let mut body = order.json().parse::<serde_json::Value>().unwrap();
            body["orderList"][0]["enterpriseGlobalId"] = json!(enterprise);
            match channel_order_id {
                Some(id) => body["channelOrderId"] = json!(id),
                None => drop(body.as_object_mut().unwrap().remove("channelOrderId")),
            }
            let answer = loose.send_json(Endpoint::BatchOrder, &body.to_string(), &none()).await.unwrap();
            ids.push(answer.data.unwrap().as_str().to_owned());
        }
        assert_ne!(ids[0], ids[1]);
        assert_eq!(loose_transport.simulator().order_count(), 2);
        // Nothing left the machine: sent is false.
        let invalid = client.send_json(Endpoint::ShellNums, r#"{"size":0}"#, &none()).await;
        assert!(invalid.is_err_and(|e| e.kind == ErrorKind::Validation && !e.sent));
    }

    pub(super) async fn delays_and_stalls_end_as_timeouts() {
        let (client, transport) = client("dev-order-token");
        let mut opts = client.options().clone();
        opts.timeout_ms = 500;
        opts.max_retries = 0;
        let client = Client::new(opts, transport.clone()).unwrap();
        transport.simulator().inject_fault("delay=100", None).unwrap();
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap(), ["8000000001"]);
        transport.simulator().inject_fault("delay=500", None).unwrap();
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap_err().kind, ErrorKind::Timeout);
        // The client gave up before the body was read: nothing was handed out.
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap(), ["8000000002"]);
        transport.simulator().inject_fault("stall-body", None).unwrap();
        assert_eq!(client.shell_nums(&shell(1), &none()).await.unwrap_err().kind, ErrorKind::Timeout);
    }

    /// The schedules of the JS clock tests (tests/browser/clock-schedules.mjs)
    /// on one VirtualClock, the test's, shared by two clients of one
    /// simulator: two 503s with Retry-After: 20 waited out in 40 s of its
    /// time, a stalled body given up at the 10 s timeout; each exchange costs
    /// the clock 1 ms here.
    pub(super) async fn one_clock_times_retries_and_timeouts() {
        use licensing_client::clock::VirtualClock;
        let clock = VirtualClock::default();
        let sim = std::sync::Arc::new(Simulator::new(&Options::default()));
        // Clones share the clock and the nonce counter (two counters would repeat nonces).
        let transport = SimTransport::with_clock(sim.clone(), clock.clone());
        let client = |timeout_ms: u32, max_retries: u32| {
            let mut opts = ClientOptions::new("https://licensing.test", "dev-order-token");
            opts.timeout_ms = timeout_ms;
            opts.max_retries = max_retries;
            Client::new(opts, transport.clone()).unwrap()
        };
        let (locking, listing) = (client(30_000, 2), client(30_000, 0));
        sim.inject_fault("http=503;retry-after=20;times=2", Some(Endpoint::LockAssets)).unwrap();
        let started = clock.millis();
        let lock = LockRequest { asset_nums: Some(vec!["8000000001".into()]), operator_identity: Some("ops".into()) };
        let locked = locking.lock_assets(&v(lock), &none()).await.unwrap();
        assert_eq!(locked.len(), 1);
        let waited = clock.millis() - started;
        assert!((40_000..40_010).contains(&waited), "two Retry-After: 20 took {waited} ms of the clock");
        sim.inject_fault("stall-body", Some(Endpoint::ListAssets)).unwrap();
        let started = clock.millis();
        let query = ListAssetsRequest { enterprise_global_id: Some("EG-1".into()), ..Default::default() };
        let mut call = none();
        call.timeout_ms = Some(10_000);
        let err = listing.list_assets(&v(query), &call).await.unwrap_err();
        assert_eq!(err.kind, ErrorKind::Timeout, "{err:?}");
        let waited = clock.millis() - started;
        assert!((10_000..10_010).contains(&waited), "the 10 s timeout took {waited} ms of the clock");
    }

    pub(super) async fn seeds_give_distinct_and_repeatable_ids() {
        let numbers = |seed: u64| async move {
            let mut options = Options::default();
            options.seed = seed;
            let transport = SimTransport::new(Simulator::new(&options));
            let client =
                Client::new(ClientOptions::new("https://licensing.test", "dev-order-token"), transport).unwrap();
            client.shell_nums(&shell(2), &none()).await.unwrap()
        };
        assert_eq!(numbers(0).await, ["8000000001", "8000000002"]);
        assert_eq!(numbers(41).await, ["8000000042", "8000000043"]);
        assert_eq!(numbers(41).await, numbers(41).await);
    }

    /// `send_body`, the JS client's path: a body its serializer could not
    /// write, or wrote with NaN or Infinity in it, never leaves; what the
    /// serializer said is repeated with the token redacted.
    pub(super) async fn bodies_a_serializer_could_not_write_are_refused_before_anything_is_sent() {
        use licensing_client::BodyText;
        let token = "dev-order-token";
        let (client, _) = client(token);
        let said = format!("trap get saw {token} twice: {token}");
        let err = client.send_body(Endpoint::ShellNums, BodyText::Unserializable(&said), &none()).await.unwrap_err();
        assert_eq!((err.kind, err.sent), (ErrorKind::Validation, false));
        assert_eq!(err.message, "the body cannot be sent as JSON: trap get saw [redacted] twice: [redacted]");
        // NaN written as 0.5 at /size and inside a field no rule reads: both named.
        let pointers = ["/size".to_owned(), "/extra/n".to_owned()];
        let body = BodyText::Json { text: r#"{"size":0.5,"extra":{"n":0.5}}"#, non_finite: &pointers };
        let err = client.send_body(Endpoint::ShellNums, body, &none()).await.unwrap_err();
        assert_eq!((err.kind, err.sent), (ErrorKind::Validation, false));
        assert_eq!(
            err.message,
            "invalid shellNums request: NaN or Infinity at /size, /extra/n, which JSON cannot carry"
        );
        assert_eq!(err.issues.iter().map(|i| (i.path.as_str(), i.code.as_str())).next(), Some(("/size", "type")));
        // A body whose only NaN is in a field no rule reads is refused all the same.
        let pointers = ["/extra".to_owned()];
        let body = BodyText::Json { text: r#"{"size":1,"extra":0.5}"#, non_finite: &pointers };
        assert_eq!(client.send_body(Endpoint::ShellNums, body, &none()).await.unwrap_err().kind, ErrorKind::Validation);
        // None reached the simulator: the first number it hands out goes to a clean body.
        let body = BodyText::Json { text: r#"{"size":1}"#, non_finite: &[] };
        let answer = client.send_body(Endpoint::ShellNums, body, &none()).await.unwrap();
        assert_eq!(answer.parse::<Vec<String>>().unwrap(), ["8000000001"]);
    }
}
