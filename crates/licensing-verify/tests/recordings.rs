//! Traffic through the checking proxy, recorded, made a simulator state: the
//! state loads, and a simulator started from it answers the recorded reads as
//! the service did; the proxy reports each drift once, at its path.

use licensing_sim_core::{Drift, Options, RequestHead, Simulator, State};
use licensing_verify::proxy::{Inspector, ProxyOptions};
use licensing_verify::recording::{header_line, read, Exchange, RecordedRequest, RecordedResponse};
use licensing_verify::states::{state_from_recording, NoteKind};
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
    let exchanges = read(&proxied.recording).unwrap().exchanges;
    let created = exchanges
        .iter()
        .map(|(_, e)| e)
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
    let made = state_from_recording(&recording).unwrap();
    assert_eq!(made.notes, [], "a clean service's recording leaves nothing out");
    let state = made.state;
    let mut options = Options::default();
    options.state = Some(State::from_json(&state).unwrap());
    let replica = Simulator::new(&options);
    // Each order keeps what its batch sent, as the service's simulator kept it.
    let orders = |sim: &Simulator| serde_json::from_str::<Value>(&sim.snapshot().to_json()).unwrap()["orders"].clone();
    let staged = orders(&staging);
    let staged_orders = staged.as_array().unwrap();
    assert!(
        !staged_orders.is_empty() && staged_orders.iter().all(|o| o["order"]["licenseType"].is_string()),
        "{staged}"
    );
    assert_eq!(orders(&replica), staged);
    for (i, (path, query, body)) in answers.iter().enumerate() {
        let query = query.replace("g_nonce=portal-", &format!("g_nonce=again-{i}-"));
        let head = RequestHead::new("GET", path, Some(&query)).header("authorization", &format!("Bearer {ORDER}"));
        assert_eq!(data(&replica.handle(&head, b"", 1).text()), data(body), "{path}?{query}");
    }
    // The replica hands out no number and no id the service gave: none its
    // answers hold, none its records hold. (A refused request's body may hold
    // any number, as the calibrations' do: the service gave none of them.)
    let given = exchanges.iter().filter_map(|(_, e)| e.response.as_ref()).map(|r| r.body.as_str()).collect::<Vec<_>>();
    let kept = staging.snapshot().to_json();
    let was_given = |value: &str| given.iter().any(|body| body.contains(value)) || kept.contains(value);
    assert!(was_given(&format!("\"{created}\"")), "the check sees what the service gave");
    let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=fresh"))
        .header("authorization", &format!("Bearer {ORDER}"))
        .header("content-type", "application/json");
    let numbers = data(&replica.handle(&head, br#"{"size":1}"#, 2).text());
    assert!(!was_given(&format!("\"{}\"", numbers[0].as_str().unwrap())), "{numbers}");
    let head = RequestHead::new("POST", "/order/api/order/v1/enterprise/user/create", Some("g_nonce=fresh-2"))
        .header("authorization", &format!("Bearer {ORDER}"))
        .header("content-type", "application/json");
    let made = data(&replica.handle(&head, br#"{"crmCustomerId":"someone-new","customerName":"N"}"#, 3).text());
    let id = made["enterpriseGlobalId"].as_str().unwrap();
    assert!(!was_given(&format!("\"{id}\"")), "{id}");
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
    let state: Value = serde_json::from_str(&state_from_recording(&proxied.recording).unwrap().state).unwrap();
    assert_eq!(state["nextAssetNumbers"], serde_json::json!({"domestic": 501, "singapore": 43}));
}

/// A recording through a proxy in front of a simulator with `drifts`: a
/// whole verify run with writes, then the portal's reads of what it made.
fn recorded(drifts: &str) -> String {
    let mut options = Options::default();
    options.drifts = Drift::parse_list(drifts).unwrap();
    let staging = Simulator::new(&options);
    let mut proxied = Proxied::new(&staging);
    proxied.verify();
    proxied.recording
}

/// The state a recording makes loads in a simulator (`Err`: why not).
fn loads(recording: &str) -> Result<licensing_verify::states::MadeState, String> {
    let made = state_from_recording(recording)?;
    State::from_json(&made.state)?;
    Ok(made)
}

/// Every drift a simulator can show, recorded, becomes a state that loads;
/// what the state cannot hold is said, with its line and place.
#[test]
fn a_recording_of_every_drift_becomes_a_state_that_loads() {
    for drift in Drift::ALL {
        let made = loads(&recorded(drift.name())).unwrap_or_else(|e| panic!("{}: {e}", drift.name()));
        let said: Vec<String> = made.notes.iter().map(ToString::to_string).collect();
        match drift {
            Drift::RenamedField => {
                assert!(
                    said.iter().any(|n| n.contains("answer /data/*/customerID: ") && n.contains("is left out")),
                    "{said:?}"
                );
                assert!(made.count(NoteKind::Field) > 0);
            }
            Drift::ExtraField => assert!(said.iter().all(|n| n.contains("/traceId")) || said.is_empty(), "{said:?}"),
            Drift::NumberId => {
                assert!(said.iter().any(|n| n.contains("answer /data/*/licenseOrderId: the number")), "{said:?}");
                assert!(made.count(NoteKind::NumberAsText) > 0);
            }
            _ => {}
        }
        for note in &made.notes {
            assert!(note.line >= 2, "{}: {note}", drift.name());
        }
    }
}

/// A field the service adds to an asset record or a batch result is left out
/// and said (line, place, count); the rest of the record is kept.
#[test]
fn an_extra_field_is_left_out_and_said_not_a_reason_to_refuse() {
    let recording = recorded("")
        .replace(r#"\"assetNum\":"#, r#"\"remark\":\"vip\",\"assetNum\":"#)
        .replace(r#"\"sequence\":"#, r#"\"surpriseField\":1,\"sequence\":"#);
    let made = loads(&recording).unwrap();
    let said: Vec<String> = made.notes.iter().map(ToString::to_string).collect();
    assert!(said.iter().any(|n| n.contains("answer /data/*/remark: \"vip\" is left out")), "{said:?}");
    assert!(said.iter().any(|n| n.contains("answer /data/*/surpriseField: 1 is left out")), "{said:?}");
    let state: Value = serde_json::from_str(&made.state).unwrap();
    assert!(!state["assets"].as_array().unwrap().is_empty() && !state["orders"].as_array().unwrap().is_empty());
    assert!(made.summary().unwrap().starts_with("left out "), "{:?}", made.summary());
    let report: Value = serde_json::from_str(&made.report_json()).unwrap();
    assert_eq!(report["counts"]["field"], made.count(NoteKind::Field));
}

/// An asset record that says `assetNo` for `assetNum` names no asset: left
/// out and said, the recording still read.
#[test]
fn a_record_without_what_names_it_is_left_out_and_said() {
    let recording = recorded("").replace(r#"\"assetNum\":"#, r#"\"assetNo\":"#);
    let made = loads(&recording).unwrap();
    assert!(made.count(NoteKind::Record) > 0, "{:?}", made.notes);
    assert!(made.notes.iter().any(|n| n.what == "left out: an asset record without assetNum"));
}

/// Two records that cannot both be (one asset id on two asset numbers): the
/// later is left out, said, and the state loads with the first.
#[test]
fn a_record_that_contradicts_another_is_left_out_and_said() {
    let recording = recorded("");
    let mut ids = 0;
    let same_id = recording
        .split(r#"\"id\":\""#)
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                return part.to_owned();
            }
            ids += 1;
            // Every asset record's id made "A-same".
            let end = part.find(r#"\""#).unwrap();
            format!(r#"\"id\":\"A-same{}"#, &part[end..])
        })
        .collect::<String>();
    assert!(ids >= 2, "the recording lists two assets or more");
    let made = loads(&same_id).unwrap();
    assert!(made.count(NoteKind::Contradiction) >= 1, "{:?}", made.notes);
    assert!(made.notes.iter().any(|n| n.what.contains("is another asset's id too")), "{:?}", made.notes);
    let state: Value = serde_json::from_str(&made.state).unwrap();
    assert!(state["assets"].as_array().unwrap().iter().any(|a| a["record"]["id"] == "A-same"));
}

/// What a killed proxy leaves (a last line cut short) is read up to it, with
/// a note; a key given twice in a line refuses the recording.
#[test]
fn a_cut_last_line_is_left_out_a_duplicate_key_refused() {
    let recording = recorded("");
    let cut = &recording[..recording.len() - 40];
    let made = loads(cut).unwrap();
    assert_eq!(made.count(NoteKind::CutLine), 1, "{:?}", made.notes);
    let twice = recording.replacen(r#""method":"#, r#""method":"GET","method":"#, 2);
    assert!(state_from_recording(&twice).unwrap_err().contains("is given twice"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// A service that adds, renames and retypes fields at random still gives
    /// a state that loads.
    #[test]
    fn a_service_that_adds_renames_and_retypes_fields_still_gives_a_state_that_loads(
        ops in proptest::collection::vec(0u8..=255, 1..64),
    ) {
        let recording = drifting(&clean_recording(), &ops);
        let made = match loads(&recording) {
            Ok(made) => made,
            Err(e) => return Err(proptest::test_runner::TestCaseError::fail(e)),
        };
        // Nothing vanishes unsaid: what the state lacks, a note counts.
        let state: Value = serde_json::from_str(&made.state).unwrap();
        let left_out = made.count(NoteKind::Record) + made.count(NoteKind::Contradiction);
        for list in ["assets", "orders", "customers"] {
            proptest::prop_assert!(state[list].as_array().is_some_and(|a| !a.is_empty()) || left_out > 0, "{list}: {:?}", made.notes);
        }
        if std::env::var_os("SHOW_NOTES").is_some() {
            eprintln!("{:?}", made.summary());
        }
    }
}

/// One clean recording, made once.
fn clean_recording() -> String {
    static CLEAN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CLEAN.get_or_init(|| recorded("")).clone()
}

/// `recording` with its answers' records changed by `ops`, one op per field
/// met (cycling): kept, a field added, renamed (its case, or a letter more)
/// or retyped (a string as a number, a number as a string, any as a list).
fn drifting(recording: &str, ops: &[u8]) -> String {
    let mut n = 0usize;
    let mut out = String::new();
    for line in recording.lines() {
        let mut exchange: Value = serde_json::from_str(line).unwrap();
        if let Some(body) = exchange.pointer_mut("/response/body") {
            if let Ok(mut answer) = serde_json::from_str::<Value>(body.as_str().unwrap_or("")) {
                if let Some(data) = answer.get_mut("data") {
                    change(data, ops, &mut n);
                }
                *body = Value::from(answer.to_string());
            }
        }
        out.push_str(&exchange.to_string());
        out.push('\n');
    }
    out
}

fn change(value: &mut Value, ops: &[u8], n: &mut usize) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|v| change(v, ops, n)),
        Value::Object(fields) => {
            let keys: Vec<String> = fields.keys().cloned().collect();
            for key in keys {
                let op = ops[*n % ops.len()];
                *n += 1;
                let Some(v) = fields.remove(&key) else { continue };
                match op % 6 {
                    1 => {
                        fields.insert(format!("extra{op}"), Value::from(op));
                        fields.insert(key, v);
                    }
                    2 => {
                        fields.insert(key.to_uppercase(), v);
                    }
                    3 => {
                        fields.insert(format!("{key}s"), v);
                    }
                    4 => {
                        let retyped = match v {
                            Value::String(s) => s.parse::<u64>().map_or(Value::from(7), Value::from),
                            Value::Number(n) => Value::from(n.to_string()),
                            other => Value::Array(vec![other]),
                        };
                        fields.insert(key, retyped);
                    }
                    5 => {
                        let mut v = v;
                        change(&mut v, ops, n);
                        fields.insert(key, Value::Array(vec![v]));
                    }
                    _ => {
                        let mut v = v;
                        change(&mut v, ops, n);
                        fields.insert(key, v);
                    }
                }
            }
        }
        _ => {}
    }
}

/// A HAR of a session (as the proxy writes it; as devtools export it, without
/// `Authorization`, some bodies in base64, the page's own entries and the
/// preflights beside) makes the state its recording makes.
#[test]
fn a_har_of_a_session_makes_the_state_its_recording_makes() {
    use base64::Engine;
    use licensing_verify::har::{har_entry, har_head, SdkView, HAR_TAIL};
    use licensing_verify::states::state_from_har;
    let recording = recorded("");
    let exchanges = read(&recording).unwrap().exchanges;
    let sdk = SdkView::new(1, "agrees");
    let mut entries: Vec<Value> = vec![serde_json::json!({
        "request": { "method": "GET", "url": "http://127.0.0.1:8080/portal/app.js", "headers": [] },
        "response": { "status": 200, "headers": [], "content": { "text": "export {}" } },
    })];
    for (i, (_, exchange)) in exchanges.iter().enumerate() {
        let text = har_entry(exchange, &[], "https://gw.example/licensing", "2026-01-01T00:00:00.000Z", 1.0, &sdk);
        let mut entry: Value = serde_json::from_str(&text).unwrap();
        // Devtools: no Authorization; every other answer in base64.
        entry["request"]["headers"] = serde_json::json!([]);
        if i % 2 == 1 {
            if let Some(content) = entry["response"]["content"].as_object_mut() {
                let body = content["text"].as_str().unwrap_or_default().to_owned();
                content.insert("text".into(), base64::engine::general_purpose::STANDARD.encode(body).into());
                content.insert("encoding".into(), "base64".into());
            }
        }
        let mut preflight = entry.clone();
        preflight["request"]["method"] = "OPTIONS".into();
        entries.push(preflight);
        entries.push(entry);
    }
    let body: Vec<String> = entries.iter().map(Value::to_string).collect();
    let har = format!("{}{}{HAR_TAIL}", har_head("0.1.0"), body.join(","));
    let from_har = state_from_har(&har).unwrap();
    let from_recording = state_from_recording(&recording).unwrap();
    assert_eq!(from_har.state, from_recording.state);
    assert_eq!(from_har.count(NoteKind::OtherEntry), 1 + exchanges.len(), "the page's entry and each preflight");
    assert!(
        from_har.answers.iter().all(|l| !l.contains("(differs)")),
        "a clean service's answers agree: {:?}",
        from_har.answers
    );
    // A drifting service's HAR: its differences said as the proxy says them.
    let drifting = recorded("unknown-enum");
    let body: Vec<String> = read(&drifting)
        .unwrap()
        .exchanges
        .iter()
        .map(|(_, e)| har_entry(e, &[], "http://127.0.0.1:8790", "2026-01-01T00:00:00.000Z", 1.0, &sdk))
        .collect();
    let made = state_from_har(&format!("{}{}{HAR_TAIL}", har_head("0.1.0"), body.join(","))).unwrap();
    assert!(made.answers.iter().any(|l| l.contains("lockAssets /data/*/status enum (differs)")), "{:?}", made.answers);
    State::from_json(&made.state).unwrap();
}

/// A field left out is noted once per line, counted there: two records of one
/// answer are one note of count 2; the same on the next line is a note of its own.
#[test]
fn a_note_is_counted_on_its_line_and_kept_apart_from_other_lines() {
    let answer = r#"{\"code\":0,\"message\":\"ok\",\"data\":[{\"assetNum\":\"8000000001\",\"customerId\":\"C1\",\"remark\":\"a\"},{\"assetNum\":\"8000000002\",\"customerId\":\"C1\",\"remark\":\"a\"}]}"#;
    let exchange = format!(
        r#"{{"endpoint":"listAssets","request":{{"method":"GET","path":"/order/api/order/v1/asset/EG1/list","query":null,"headers":{{}},"body":null}},"response":{{"status":200,"headers":{{}},"body":"{answer}"}},"error":null}}"#
    );
    let recording = format!("{}{exchange}\n{exchange}\n", header_line("http://u"));
    let made = loads(&recording).unwrap();
    let remarks: Vec<(usize, usize)> =
        made.notes.iter().filter(|n| n.at == "answer /data/*/remark").map(|n| (n.line, n.count)).collect();
    assert_eq!(remarks, [(2, 2), (3, 2)], "{:?}", made.notes);
}
