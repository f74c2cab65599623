//! Traffic through the checking proxy, recorded, made a simulator state: the
//! state loads, and a simulator started from it answers the recorded reads as
//! the service did; the proxy reports each drift once, at its path.

use licensing_sim_core::{Drift, Options, RequestHead, Simulator, State};
use licensing_verify::fixtures::state_from_recording;
use licensing_verify::proxy::{Inspector, ProxyOptions};
use licensing_verify::recording::{header_line, read, Exchange, RecordedRequest, RecordedResponse};
use licensing_verify::verify::{Auth, Config, Verify, WRONG_TOKEN};
use serde_json::Value;

const ORDER: &str = "dev-order-token";
const ACTIVITY: &str = "dev-activity-token";

/// A proxy in front of `sim`, recording: the recording so far and the log.
struct Proxied<'a> {
    sim: &'a Simulator,
    proxy: Inspector,
    recording: String,
    log: Vec<String>,
    now: i64,
}

impl<'a> Proxied<'a> {
    fn new(sim: &'a Simulator) -> Self {
        let proxy = Inspector::new(ProxyOptions::default());
        Self { sim, proxy, recording: header_line("http://upstream.test"), log: Vec::new(), now: 0 }
    }

    /// One exchange through the proxy: the answer's status and text.
    fn send(
        &mut self,
        method: &str,
        path: &str,
        query: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> (u16, String) {
        self.now += 1;
        let mut head = RequestHead::new(method, path, Some(query));
        if let Some(token) = token {
            head = head.header("authorization", &format!("Bearer {token}"));
        }
        if body.is_some() {
            head = head.header("content-type", "application/json");
        }
        let bytes = body.clone().unwrap_or_default();
        let seen = self.proxy.request(&head, bytes.as_bytes());
        self.log.extend(seen.lines);
        let reply = self.sim.handle(&head, bytes.as_bytes(), self.now);
        if let Some(endpoint) = seen.endpoint {
            self.log.extend(self.proxy.answer(endpoint.name(), reply.status, &reply.text()));
        }
        let exchange = Exchange::new(
            RecordedRequest::new(&head.method, &head.path, head.query.as_deref(), head.headers.clone(), body),
            Some(RecordedResponse::new(reply.status, vec![], reply.text())),
        );
        self.recording.push_str(&self.proxy.record(&exchange));
        (reply.status, reply.text())
    }

    /// A whole verify run with writes through the proxy.
    fn verify(&mut self) {
        let config = Config::new("rec-1", "http://proxy.test")
            .with_writes()
            .with_activity_token()
            .with_activity_label("partner-bonus");
        let mut run = Verify::new(config);
        while let Some(probe) = run.next_probe() {
            let token = match probe.auth {
                Auth::Order => Some(ORDER),
                Auth::Activity => Some(ACTIVITY),
                Auth::Wrong => Some(WRONG_TOKEN),
                Auth::None => None,
            };
            let (status, body) = self.send(probe.method, &probe.path, &probe.query, token, probe.body.clone());
            run.answered(licensing_verify::verify::Outcome::Answered { status, content_type: None, body });
        }
    }
}

fn data(text: &str) -> Value {
    let answer: Value = serde_json::from_str(text).unwrap();
    answer["data"].clone()
}

#[test]
fn a_recording_becomes_a_state_that_answers_the_same_reads() {
    let staging = Simulator::new(&Options::default());
    let mut proxied = Proxied::new(&staging);
    proxied.verify();
    // Then a portal reads what the run made (the enterprise it created).
    let (_, exchanges) = read(&proxied.recording).unwrap();
    let created = exchanges
        .iter()
        .find(|e| e.endpoint.as_deref() == Some("createEnterprise"))
        .and_then(|e| e.response.as_ref())
        .map(|r| data(&r.body)["enterpriseGlobalId"].as_str().unwrap().to_owned())
        .unwrap();
    let reads = [
        String::from("/order/api/order/v1/enterprise/user/query?channelCode=licensing-sdk-verify&channelCustomerId=verify-rec-1&defaultCustomer=N"),
        String::from("/order/api/order/v1/enterprise/user/query?channelCode=licensing-sdk-verify&channelCustomerId=verify-rec-1&defaultCustomer=Y"),
        format!("/order/api/order/v1/asset/{created}/list?extendCode=verify"),
        format!("/order/api/order/v1/asset/{created}/list?"),
    ];
    let mut answers = Vec::new();
    for (i, read) in reads.iter().enumerate() {
        let (path, query) = read.split_once('?').unwrap();
        let query = format!("g_nonce=portal-{i}&{query}");
        let (status, body) = proxied.send("GET", path, &query, Some(ORDER), None);
        assert_eq!(status, 200, "{read}: {body}");
        answers.push((path, query, body));
    }
    assert!(answers.iter().all(|(_, _, body)| data(body).as_array().is_some_and(|a| !a.is_empty())), "{answers:?}");
    let recording = proxied.recording;
    assert!(!recording.contains(ORDER) && !recording.contains(ACTIVITY), "a token in the recording");
    let state = state_from_recording(&recording).unwrap();
    let mut options = Options::default();
    options.state = Some(State::from_json(&state).unwrap());
    let replica = Simulator::new(&options);
    for (i, (path, query, body)) in answers.iter().enumerate() {
        let query = query.replace("g_nonce=portal-", &format!("g_nonce=again-{i}-"));
        let head = RequestHead::new("GET", path, Some(&query)).header("authorization", &format!("Bearer {ORDER}"));
        assert_eq!(data(&replica.handle(&head, b"", 1).text()), data(body), "{path}?{query}");
    }
    // The replica hands out no number and no id the service gave.
    let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=fresh"))
        .header("authorization", &format!("Bearer {ORDER}"))
        .header("content-type", "application/json");
    let numbers = data(&replica.handle(&head, br#"{"size":1}"#, 2).text());
    assert!(!recording.contains(numbers[0].as_str().unwrap()), "{numbers}");
    let head = RequestHead::new("POST", "/order/api/order/v1/enterprise/user/create", Some("g_nonce=fresh-2"))
        .header("authorization", &format!("Bearer {ORDER}"))
        .header("content-type", "application/json");
    let made = data(&replica.handle(&head, br#"{"crmCustomerId":"someone-new","customerName":"N"}"#, 3).text());
    let id = made["enterpriseGlobalId"].as_str().unwrap();
    assert!(!recording.contains(&format!("\"{id}\"")) && !recording.contains(&format!("\\\"{id}\\\"")), "{id}");
}

#[test]
fn the_proxy_logs_each_drift_once_at_its_path() {
    let mut options = Options::default();
    options.drifts = Drift::parse_list("unknown-enum").unwrap();
    let staging = Simulator::new(&options);
    let mut proxied = Proxied::new(&staging);
    proxied.verify();
    let log = &proxied.log;
    let text = log.join("\n");
    let enums: Vec<&String> = log.iter().filter(|l| l.contains(" enum ")).collect();
    assert_eq!(enums.len(), 4, "{text}");
    for (endpoint, path) in [
        ("lockAssets", "/data/*/status"),
        ("unlockAssets", "/data/*/status"),
        ("listAssets", "/data/*/licenseType"),
        ("joinActivity", "/detail/products/*/activateType"),
    ] {
        assert!(enums.iter().any(|l| l.contains(&format!("answer  {endpoint} {path} enum (differs)"))), "{text}");
    }
    // The calibrations' requests are invalid: logged, as requests.
    assert!(
        log.iter().any(|l| l.starts_with("request batchOrder /orderList/*/sequence duplicate_sequence (error)")),
        "{text}"
    );
    let summary = proxied.proxy.summary_lines().join("\n");
    assert!(summary.contains("lockAssets") && summary.contains("differing from the spec"), "{summary}");
}

#[test]
fn a_recording_that_cannot_be_read_is_refused_whole() {
    let header = header_line("http://u");
    let err = state_from_recording(&format!("{header}{{\"request\":7}}\n")).unwrap_err();
    assert!(err.starts_with("line 2: /request"), "{err}");
    let err = state_from_recording("{\"format\":\"x\"}").unwrap_err();
    assert!(err.starts_with("line 1: /format"), "{err}");
}

/// An asset number seen only in a lock's request and answer (a lock of a
/// number this recording never saw handed out) still moves the state's
/// counter past it: a simulator started from the state never hands it out.
#[test]
fn numbers_seen_only_in_locks_move_the_counters() {
    let staging = Simulator::new(&Options::default());
    let mut proxied = Proxied::new(&staging);
    let body = r#"{"assetNums":["8000000500","6000000042"],"operatorIdentity":"ops"}"#;
    let (status, _) =
        proxied.send("POST", "/order/api/order/v1/asset/lock", "g_nonce=lock-1", Some(ORDER), Some(body.into()));
    assert_eq!(status, 200);
    let state: Value = serde_json::from_str(&state_from_recording(&proxied.recording).unwrap()).unwrap();
    assert_eq!(state["nextAssetNumbers"], serde_json::json!({"domestic": 501, "singapore": 43}));
}
