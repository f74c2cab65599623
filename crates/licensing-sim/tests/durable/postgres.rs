//! PostgreSQL: the stores' contract, a session's lock across processes,
//! three simulator processes sprayed with one client's calls at random (no
//! number handed out twice, each repeat key answered once, the state one
//! process fed the same calls would have), and a lost connection.

use std::sync::{Arc, Mutex};

use licensing_core::wire::Endpoint;
use licensing_sim::store::{PostgresStore, SessionHead, SessionStore};
use licensing_sim::Config;
use licensing_sim_core::{Entry, RequestHead, SessionLimits, SessionSpec, Simulator};
use serde_json::{json, Value};

use crate::pg;
use crate::support::{numbers, Client, Sim, ADMIN, SHELL};

fn head(id: &str) -> SessionHead {
    SessionHead { id: id.to_owned(), spec: json!({}), admin_token: String::from("t"), created_ms: 1, idle_ms: 60_000 }
}

#[test]
fn postgres_holds_the_contract() {
    let Some(server) = pg::server() else { return };
    crate::contract::holds(&PostgresStore::open(&server.database()).unwrap());
}

#[test]
fn a_session_is_held_by_one_process_at_a_time_and_each_sees_the_others_entries() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    // Two stores: two processes' pools on one database.
    let (a, b) = (PostgresStore::open(&url).unwrap(), Arc::new(PostgresStore::open(&url).unwrap()));
    a.create(&head("s")).unwrap();
    let held = a.begin("s", 0, 10).unwrap().unwrap();
    assert!(held.news.is_empty());
    let waited = Arc::new(Mutex::new(None));
    let (b2, waited2) = (Arc::clone(&b), Arc::clone(&waited));
    let other = std::thread::spawn(move || {
        let begun = b2.begin("s", 0, 20).unwrap().unwrap();
        let news: Vec<u64> = begun.news.iter().map(|(n, _)| *n).collect();
        *waited2.lock().unwrap() = Some(news);
        begun.held.commit(&[Entry::Reset]).unwrap()
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(waited.lock().unwrap().is_none(), "B waits while A holds the session");
    assert_eq!(held.held.commit(&[Entry::Reset, Entry::Reset]).unwrap(), 2);
    assert_eq!(other.join().unwrap(), 3, "B's entry after A's two");
    assert_eq!(waited.lock().unwrap().clone(), Some(vec![1, 2]), "B saw A's entries first");
    assert!(b.begin("gone", 0, 30).unwrap().is_none(), "a session not kept");
    // Idle past its minute by every process: let go by the store.
    assert_eq!(a.expire(60_000 + 21).unwrap(), vec![String::from("s")]);
    assert!(a.load_session("s").unwrap().is_none());
}

/// A tiny deterministic random sequence (the test's calls are the same on every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

/// One call of the spray: method, path (without the session's prefix), query, body, admin.
struct Call {
    method: &'static str,
    path: String,
    query: String,
    body: String,
    admin: bool,
}

fn call_for(i: u64, pick: u64) -> Call {
    let write = |endpoint: Endpoint, body: Value| Call {
        method: "POST",
        path: endpoint.path(None),
        query: format!("g_nonce=n{i}&appKey=app-1"),
        body: body.to_string(),
        admin: false,
    };
    match pick {
        0..=3 => write(Endpoint::ShellNums, json!({ "size": 1 + i % 3 })),
        4 => write(
            Endpoint::BindEnterprise,
            json!({ "channelCode": "CH", "channelCustomerId": format!("cc-{}", i % 4), "customerName": "A", "enterpriseName": "E", "branchName": "SH" }),
        ),
        5 => {
            let k = i % 5;
            write(
                Endpoint::BatchOrder,
                json!({ "channelCode": "WEB", "channelOrderId": format!("CO-{k}"), "syncMode": "sync",
                "orderList": [{ "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey", "crmCustomerId": format!("CRM-{k}"),
                    "enterpriseGlobalId": "EG-J", "assets": [{ "assetNos": [format!("80000000{k:02}")], "products": [{ "productUri": "gms:1001" }] }] }] }),
            )
        }
        6 => write(
            if i.is_multiple_of(2) { Endpoint::LockAssets } else { Endpoint::UnlockAssets },
            json!({ "assetNums": [format!("80000000{:02}", i % 7)], "operatorIdentity": "ops" }),
        ),
        7 => write(
            Endpoint::JoinActivity,
            json!({ "identity": format!("p{}@example.com", i % 3), "activityLabel": "spring-trial", "source": "portal", "branch": "SH" }),
        ),
        // Reads, which a process serves without the session's lock.
        8 => Call {
            method: "GET",
            path: Endpoint::ListAssets.path(Some("EG-J")),
            query: format!("g_nonce=n{i}"),
            body: String::new(),
            admin: false,
        },
        9 => Call {
            method: "GET",
            path: Endpoint::QueryEnterprises.path(None),
            query: format!("g_nonce=n{i}&channelCode=CH&channelCustomerId=cc-{}", i % 4),
            body: String::new(),
            admin: false,
        },
        _ => Call {
            method: "POST",
            path: String::from("/__sim/clock"),
            query: format!("advance={}", 1 + i % 5000),
            body: String::new(),
            admin: true,
        },
    }
}

#[test]
fn three_processes_sprayed_at_random_agree_with_one() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let procs: Vec<Sim> = (0..3).map(|_| Sim::start_on(url.as_ref(), None)).collect();
    let (status, made) =
        procs[0].call("POST", "/__sim/sessions", &[("x-sim-admin", ADMIN)], r#"{"clock":"virtual"}"#).unwrap();
    assert_eq!(status, 201, "{made}");
    let (id, token) = (made["id"].as_str().unwrap().to_owned(), made["adminToken"].as_str().unwrap().to_owned());

    // One process fed the same calls: a simulator made as the session was.
    let options = Config { admin_token: Some(ADMIN.into()), ..Config::default() }.simulator_options().unwrap();
    let mut spec = SessionSpec::from_json(r#"{"clock":"virtual"}"#, &options, &SessionLimits::default()).unwrap();
    spec.options.admin_token = token.clone();
    let one = Simulator::new(&spec.options);

    let mut random = Lcg(77);
    let mut handed = Vec::new();
    let mut batches: std::collections::HashMap<String, Value> = std::collections::HashMap::new();
    for i in 0..240 {
        let call = call_for(i, random.next(11));
        let via = &procs[usize::try_from(random.next(3)).unwrap()];
        let target = format!("/s/{id}{}?{}", call.path, call.query);
        let (status, answer) = if call.admin {
            via.call("POST", &target, &[("x-sim-admin", &token)], "")
        } else {
            via.call(
                call.method,
                &target,
                &[("authorization", "Bearer dev-all-token"), ("content-type", "application/json")],
                &call.body,
            )
        }
        .expect("an answer");
        let mut expected = RequestHead::new(call.method, &call.path, Some(&call.query));
        expected = if call.admin {
            expected.header("x-sim-admin", &token)
        } else {
            expected.header("authorization", "Bearer dev-all-token").header("content-type", "application/json")
        };
        let alone = one.handle(&expected, call.body.as_bytes(), 0);
        assert_eq!(status, alone.status, "call {i} ({}): {answer}", call.path);
        assert_eq!(
            answer,
            serde_json::from_slice::<Value>(&alone.body).unwrap_or(Value::Null),
            "call {i} ({})",
            call.path
        );
        if call.path == Endpoint::ShellNums.path(None) {
            handed.extend(numbers(&answer));
        }
        if call.path == Endpoint::BatchOrder.path(None) && status == 200 {
            let key = serde_json::from_str::<Value>(&call.body).unwrap()["channelOrderId"].clone().to_string();
            let first = batches.entry(key).or_insert_with(|| answer["data"].clone());
            assert_eq!(*first, answer["data"], "a repeat key answered once: the same results every time");
        }
    }
    let count = handed.len();
    handed.sort_unstable();
    handed.dedup();
    assert_eq!(handed.len(), count, "no number handed out twice");
    let alone = serde_json::to_value(one.snapshot()).unwrap();
    for via in &procs {
        let (status, state) = via.call("GET", &format!("/s/{id}/__sim/state"), &[("x-sim-admin", &token)], "").unwrap();
        assert_eq!(status, 200, "{state}");
        assert_eq!(state, alone, "every process holds the state one process fed the same calls holds");
    }
}

#[test]
fn three_processes_under_concurrent_load_hand_out_no_number_twice() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let procs: Vec<Sim> = (0..3).map(|_| Sim::start_on(url.as_ref(), None)).collect();
    let addrs: Vec<String> = procs.iter().map(|p| p.addr.clone()).collect();
    let handed = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..6)
        .map(|w| {
            let (addrs, handed) = (addrs.clone(), Arc::clone(&handed));
            std::thread::spawn(move || {
                let mut random = Lcg(w);
                for i in 0..60 {
                    let client = Client { addr: addrs[usize::try_from(random.next(3)).unwrap()].clone() };
                    let (status, answer) =
                        client.post(SHELL, &format!("w{w}i{i}"), r#"{"size":2}"#).expect("an answer");
                    assert_eq!(status, 200, "{answer}");
                    handed.lock().unwrap().extend(numbers(&answer));
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    let mut all = handed.lock().unwrap().clone();
    assert_eq!(all.len(), 6 * 60 * 2);
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 6 * 60 * 2, "no number handed out twice across three processes");
    assert_eq!(*all.last().unwrap(), 8_000_000_000 + 720, "none skipped either");
}

#[test]
fn a_lost_connection_answers_503_and_loses_nothing_answered() {
    if pg::server().is_none() {
        return;
    }
    // A server of its own: this test stops it.
    let server = pg::start().unwrap();
    let url = server.database();
    let sim = Sim::start_on(url.as_ref(), None);
    assert_eq!(numbers(&sim.post(SHELL, "a", r#"{"size":1}"#).unwrap().1), vec![8_000_000_001]);
    server.stop().unwrap();
    let (status, refused) = sim.post(SHELL, "b", r#"{"size":1}"#).unwrap();
    assert_eq!(status, 503, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("PostgreSQL"), "{refused}");
    let (status, health) = sim.call("GET", "/__sim/health", &[], "").unwrap();
    assert_eq!(
        (status, health["ok"].clone(), health["store"].clone()),
        (503, json!(false), json!("postgres")),
        "{health}"
    );
    server.restart().unwrap();
    // As Retry-After says: again, until the simulator has a connection again.
    let (status, answer) = (0..20)
        .map(|_| {
            let answer = sim.post(SHELL, "b", r#"{"size":1}"#).unwrap();
            if answer.0 == 503 {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
            answer
        })
        .find(|(status, _)| *status != 503)
        .unwrap_or((503, Value::Null));
    assert_eq!((status, numbers(&answer)), (200, vec![8_000_000_002]), "the refused write was not kept: {answer}");
    let (status, answer) = sim.post(SHELL, "a", r#"{"size":1}"#).unwrap();
    assert_eq!((status, answer["code"].clone()), (299, json!("13004")), "an answered nonce stays used");
    assert_eq!(sim.call("GET", "/__sim/health", &[], "").unwrap().0, 200);
}

/// Found by an adversarial pass: a client that went while its write was being
/// committed left that process behind its own log (the commit went on, what
/// the process noted of it did not), so its next request replayed its own
/// entry again and it handed out a number another process handed out too.
#[test]
fn a_client_gone_while_its_write_commits_leaves_no_process_behind_its_log() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let (a, b) = (Sim::start_on(url.as_ref(), None), Sim::start_on(url.as_ref(), None));
    assert_eq!(numbers(&a.post(SHELL, "n1", r#"{"size":1}"#).unwrap().1), vec![8_000_000_001]);
    // The log's table locked from outside: A's next commit waits on it.
    let mut outside = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut lock = outside.transaction().unwrap();
    lock.batch_execute("LOCK TABLE sim_entries IN EXCLUSIVE MODE").unwrap();
    let mut gone = std::net::TcpStream::connect(&a.addr).unwrap();
    let body = r#"{"size":1}"#;
    let request = format!(
        "POST {SHELL}?g_nonce=n2 HTTP/1.1\r\nhost: a\r\nauthorization: Bearer dev-all-token\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    std::io::Write::write_all(&mut gone, request.as_bytes()).unwrap();
    // Its commit waits on the lock; the client goes; then the lock goes.
    std::thread::sleep(std::time::Duration::from_millis(500));
    drop(gone);
    std::thread::sleep(std::time::Duration::from_millis(300));
    lock.rollback().unwrap();
    // Each process hands out the next numbers, none twice; the one the gone
    // request took (if its write was kept: the client may have gone too late
    // on a loaded machine) is the one skip.
    let mut handed = vec![8_000_000_001];
    for (sim, nonce) in [(&a, "n3"), (&b, "n4"), (&a, "n5")] {
        let (status, answer) = sim.post(SHELL, nonce, body).unwrap();
        assert_eq!(status, 200, "{answer}");
        handed.extend(numbers(&answer));
    }
    let skips: u64 = handed.windows(2).map(|w| w[1].saturating_sub(w[0] + 1)).sum();
    assert!(handed.windows(2).all(|w| w[0] < w[1]) && skips <= 1, "none twice, one skip at most: {handed:?}");
    let next = |sim: &Sim| {
        sim.call("GET", "/__sim/state", &[("x-sim-admin", ADMIN)], "").unwrap().1["nextAssetNumbers"]["domestic"]
            .clone()
    };
    assert_eq!(
        (next(&a), next(&b)),
        (json!(handed[3] - 8_000_000_000 + 1), json!(handed[3] - 8_000_000_000 + 1)),
        "{handed:?}"
    );
}

/// Found by an adversarial pass: a delete through a process that had not served
/// the session answered 404, and the session lived on in the others.
#[test]
fn a_session_is_deleted_through_any_process() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let (a, b) = (Sim::start_on(url.as_ref(), None), Sim::start_on(url.as_ref(), None));
    let admin = [("x-sim-admin", ADMIN), ("content-type", "application/json")];
    let (id, _) = session_on(&a, "{}");
    let prefixed = format!("/s/{id}{SHELL}");
    assert_eq!(a.post(&prefixed, "d1", r#"{"size":1}"#).unwrap().0, 200);
    let (status, deleted) = b.call("DELETE", &format!("/__sim/sessions/{id}"), &admin, "").unwrap();
    assert_eq!((status, deleted), (200, json!({ "deleted": true })));
    for sim in [&a, &b] {
        let (status, answer) = sim.post(&prefixed, "d2", r#"{"size":1}"#).unwrap();
        assert_eq!(status, 404, "{answer}");
    }
}

/// Found by an adversarial pass: each process counted only the sessions it
/// made itself, against `--max-sessions` and against `--sessions-per-minute`.
#[test]
fn every_process_s_sessions_count_against_the_bounds() {
    let Some(server) = pg::server() else { return };
    for (flag, refused_with) in [("--max-sessions", 507), ("--sessions-per-minute", 429)] {
        let url = server.database();
        let flags = [flag, "1"];
        let (a, b) = (Sim::start_with(url.as_ref(), None, &flags), Sim::start_with(url.as_ref(), None, &flags));
        let admin = [("x-sim-admin", ADMIN), ("content-type", "application/json")];
        assert_eq!(a.call("POST", "/__sim/sessions", &admin, "{}").unwrap().0, 201, "{flag}");
        let (status, refused) = b.call("POST", "/__sim/sessions", &admin, "{}").unwrap();
        assert_eq!(status, refused_with, "{flag}: {refused}");
    }
}

/// Found by an adversarial pass: sessions made at once, on one process,
/// passed `--max-sessions` (a list brought the registry to the store's while
/// another session was made here and not yet kept there, and let it go).
#[test]
fn sessions_made_at_once_stay_within_max_sessions() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let sim = Sim::start_with(url.as_ref(), None, &["--max-sessions", "5"]);
    let (made, listed) = made_at_once(&[&sim]);
    assert!(made <= 5 && listed <= 5, "{made} made, {listed} listed");
}

/// Ten sessions made at the same moment across `sims`: how many were made,
/// and how many the list holds then.
fn made_at_once(sims: &[&Sim]) -> (usize, usize) {
    let barrier = Arc::new(std::sync::Barrier::new(10));
    let makes: Vec<_> = (0..10)
        .map(|k| {
            let (client, barrier) = (Client { addr: sims[k % sims.len()].addr.clone() }, Arc::clone(&barrier));
            std::thread::spawn(move || {
                let admin = [("x-sim-admin", ADMIN), ("content-type", "application/json")];
                barrier.wait();
                client.call("POST", "/__sim/sessions", &admin, r#"{"idleSecs": 60}"#).map(|(status, _)| status)
            })
        })
        .collect();
    let made = makes.into_iter().filter_map(|m| m.join().ok().flatten()).filter(|&status| status == 201).count();
    let (_, list) = sims[0].call("GET", "/__sim/sessions", &[("x-sim-admin", ADMIN)], "").unwrap();
    (made, list["sessions"].as_array().map_or(0, Vec::len))
}

/// Found by an adversarial pass: sessions made at the same moment on two or
/// three processes passed `--max-sessions` and `--sessions-per-minute` (each
/// process checked what the store held when it began).
#[test]
fn sessions_made_at_once_on_several_processes_stay_within_the_bounds() {
    let Some(server) = pg::server() else { return };
    for (flag, bound) in [("--max-sessions", 3), ("--sessions-per-minute", 2)] {
        let url = server.database();
        let bound_text = bound.to_string();
        let flags = [flag, bound_text.as_str()];
        let (a, b) = (Sim::start_with(url.as_ref(), None, &flags), Sim::start_with(url.as_ref(), None, &flags));
        let (made, listed) = made_at_once(&[&a, &b]);
        assert!(made <= bound && listed <= bound, "{flag} {bound}: {made} made, {listed} listed");
        assert!(made >= 1, "{flag} {bound}: one at least is made");
    }
}

/// Found by an adversarial pass: a session read all the time went as idle when
/// its idle time was under a minute (reads kept its last use once a minute).
#[test]
fn a_session_read_all_the_time_does_not_go_as_idle() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let sim = Sim::start_on(url.as_ref(), None);
    let (id, token) = session_on(&sim, r#"{"idleSecs": 6}"#);
    assert_eq!(sim.post(&format!("/s/{id}{SHELL}"), "i1", r#"{"size":1}"#).unwrap().0, 200);
    // Twice its idle time, a read each half second (a stall of 3 s would be a fair expiry).
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(12) {
        let (status, stats) =
            sim.call("GET", &format!("/s/{id}/__sim/stats"), &[("x-sim-admin", token.as_str())], "").unwrap();
        assert_eq!(status, 200, "after {:?}: {stats}", start.elapsed());
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// A session made on `a` (its id and admin token), with `spec`.
fn session_on(a: &Sim, spec: &str) -> (String, String) {
    let admin = [("x-sim-admin", ADMIN), ("content-type", "application/json")];
    let (status, made) = a.call("POST", "/__sim/sessions", &admin, spec).unwrap();
    assert_eq!(status, 201, "{made}");
    (made["id"].as_str().unwrap().to_owned(), made["adminToken"].as_str().unwrap().to_owned())
}

/// A call on `sim` with `x-sim-fault: delay=MS`, on a thread: its answer.
fn delayed(sim: &Sim, path: String, nonce: &'static str, ms: u64) -> std::thread::JoinHandle<Option<(u16, Value)>> {
    let client = Client { addr: sim.addr.clone() };
    std::thread::spawn(move || {
        let fault = format!("delay={ms}");
        let headers = [
            ("authorization", "Bearer dev-all-token"),
            ("content-type", "application/json"),
            ("x-sim-fault", fault.as_str()),
        ];
        client.call("POST", &format!("{path}?g_nonce={nonce}"), &headers, r#"{"size":1}"#)
    })
}

/// Found by an adversarial pass: a `delay=` fault, or a client that withheld
/// its body, held the session's lock for every process (3.8 s and 29.7 s
/// measured), so every other write of the session waited for it.
#[test]
fn a_delayed_call_or_a_withheld_body_holds_no_other_process_s_write_back() {
    use std::io::{Read, Write};
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let (a, b) = (Sim::start_on(url.as_ref(), None), Sim::start_on(url.as_ref(), None));
    let (id, _) = session_on(&a, "{}");
    let path = format!("/s/{id}{SHELL}");
    assert_eq!(a.post(&path, "w0", r#"{"size":1}"#).unwrap().0, 200, "a's copy is made");
    // On a: one call delayed 60 s, one whose body never comes.
    let slow = delayed(&a, path.clone(), "w1", 60_000);
    let mut withheld = std::net::TcpStream::connect(&a.addr).unwrap();
    write!(
        withheld,
        "POST {path}?g_nonce=w2 HTTP/1.1\r\nhost: x\r\nauthorization: Bearer dev-all-token\r\n\
         content-type: application/json\r\ncontent-length: 100\r\n\r\n{{\"size\""
    )
    .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    // On b, meanwhile, writes of the same session are answered, and on a too.
    for (sim, nonce) in [(&b, "w3"), (&a, "w4")] {
        let (status, answer) = sim.post(&path, nonce, r#"{"size":1}"#).unwrap();
        assert_eq!(status, 200, "{nonce}: {answer}");
    }
    assert!(!slow.is_finished(), "the delayed call is still waiting");
    withheld.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 1];
    let still_open = matches!(withheld.read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    assert!(still_open, "the call whose body never came is still waiting");
}

/// Found by an adversarial pass: on a virtual clock, a call delayed on one
/// process and the clock move on another that would end its delay waited for
/// each other for good.
#[test]
fn a_delay_on_a_virtual_clock_ends_when_another_process_moves_the_clock() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let (a, b) = (Sim::start_on(url.as_ref(), None), Sim::start_on(url.as_ref(), None));
    let (id, token) = session_on(&a, r#"{"clock": "virtual"}"#);
    let path = format!("/s/{id}{SHELL}");
    let slow = delayed(&a, path.clone(), "v1", 60_000);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let (status, moved) =
        b.call("POST", &format!("/s/{id}/__sim/clock?advance=60000"), &[("x-sim-admin", token.as_str())], "").unwrap();
    assert_eq!(status, 200, "{moved}");
    let (status, answer) = slow.join().unwrap().expect("the delayed call is answered");
    assert_eq!(status, 200, "{answer}");
    assert_eq!(numbers(&answer).len(), 1);
}

/// A call delayed past its session's idle time here is answered by the copy
/// made again from the store (it was answered 503 while the change that
/// admits before the lock was being written).
#[test]
fn a_call_delayed_past_its_session_s_idle_time_is_answered() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let a = Sim::start_on(url.as_ref(), None);
    let (id, _) = session_on(&a, r#"{"idleSecs": 1}"#);
    let (status, answer) = delayed(&a, format!("/s/{id}{SHELL}"), "late", 2_500).join().unwrap().unwrap();
    assert_eq!((status, numbers(&answer).len()), (200, 1), "{answer}");
}

/// The other side of admitting before the lock: two processes given one
/// `g_nonce` at once (both admit it before either commits) take it once.
#[test]
fn one_nonce_sent_to_two_processes_at_once_is_taken_once() {
    let Some(server) = pg::server() else { return };
    let url = server.database();
    let (a, b) = (Sim::start_on(url.as_ref(), None), Sim::start_on(url.as_ref(), None));
    let (id, _) = session_on(&a, "{}");
    let path = format!("/s/{id}{SHELL}");
    assert_eq!(b.post(&path, "n0", r#"{"size":1}"#).unwrap().0, 200, "b's copy is made");
    let answers: Vec<_> = [&a, &b].map(|sim| delayed(sim, path.clone(), "same", 1_000)).into_iter().collect();
    let mut statuses: Vec<(u16, Value)> = answers.into_iter().map(|t| t.join().unwrap().unwrap()).collect();
    statuses.sort_by_key(|(status, _)| *status);
    assert_eq!(statuses[0].0, 200, "{statuses:?}");
    assert_eq!((statuses[1].0, statuses[1].1["code"].clone()), (299, json!("13004")), "{statuses:?}");
}
