//! The tests of `recovery`: each decision against the endpoint table and the
//! write, and a call's end against what it makes of the job.

use super::*;
use licensing_core::wire::Method;
use Endpoint::*;

const BATCH: &str = r#"{"channelCode":"CH","channelOrderId":"CO-1","syncMode":"sync","orderList":[]}"#;
const BATCH_BLANK: &str = r#"{"channelCode":"CH","channelOrderId":" ","syncMode":"sync","orderList":[]}"#;
const CREATE: &str = r#"{"crmCustomerId":"CRM-1","customerName":"ACME"}"#;
const CREATE_BLANK: &str = r#"{"customerName":"ACME"}"#;
const UPDATE: &str = r#"{"crmCustomerId":"CRM-1","customerName":"ACME 2"}"#;
const LOCK: &str = r#"{"assetNums":["8000000001"],"operatorIdentity":"ops"}"#;
const SHELL: &str = r#"{"size":2}"#;
const CLAIM: &str = r#"{"identity":"a@b.c","activityLabel":"spring","source":"portal","branch":"SH"}"#;
const BIND: &str = r#"{"channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
const OLD: &str = r#"{"customerId":"C1","channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
const NEW: &str = r#"{"customerId":"C2","channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"ACME"}"#;
const OTHER: &str = r#"{"customerId":"C3","channelCode":"CH","channelCustomerId":"cc-1","enterpriseName":"Other"}"#;
const QUERY: &str = r#"{"channelCode":"CH","channelCustomerId":"cc-1","defaultCustomer":"N"}"#;

fn write<'a>(endpoint: Endpoint, text: &'a str, known: Known) -> StoredWrite<'a> {
    StoredWrite::new(endpoint, text, known)
}

fn unknown_of(endpoint: Endpoint) -> Recovery {
    Recovery::Unknown { check: endpoint.when_unknown().unwrap_or_default() }
}

fn read() -> Recovery {
    Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 0 }
}

/// Every write endpoint × what is known, and the step that follows.
#[test]
fn the_recovery_as_a_table() {
    use Known::*;
    let list = |items: &[&str]| format!("[{}]", items.join(","));
    let (before, with_new, with_other) = (list(&[OLD]), list(&[OLD, NEW]), list(&[OLD, OTHER]));
    let bind = |known, before: Option<&'static str>, since: Option<&'static str>| StoredWrite {
        before,
        since,
        ..write(BindEnterprise, BIND, known)
    };
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let cases: Vec<(&str, StoredWrite<'_>, Recovery)> = vec![
        // Never sent: sent, whatever the endpoint (a reconciled one reads first).
        ("batch, stored", write(BatchOrder, BATCH, Stored), Recovery::Send),
        ("shellNums, stored", write(ShellNums, SHELL, Stored), Recovery::Send),
        ("joinActivity, stored", write(JoinActivity, CLAIM, Stored), Recovery::Send),
        ("bind, stored, nothing read", bind(Stored, None, None), read()),
        ("bind, stored, read", bind(Stored, Some(leak(before.clone())), None), Recovery::Send),
        (
            "bind, stored, the read refused",
            StoredWrite { before_refused: true, ..bind(Stored, None, None) },
            Recovery::Send,
        ),
        (
            "bind, maybe sent, the read before refused",
            StoredWrite { before_refused: true, ..bind(MaybeSent, None, Some(leak(with_new.clone()))) },
            unknown_of(BindEnterprise),
        ),
        // Maybe sent, safe to repeat: sent again with the same text.
        ("batch with its key", write(BatchOrder, BATCH, MaybeSent), Recovery::Send),
        ("create with its key", write(CreateEnterprise, CREATE, MaybeSent), Recovery::Send),
        ("update (idempotent)", write(UpdateEnterprise, UPDATE, MaybeSent), Recovery::Send),
        ("lock (idempotent)", write(LockAssets, LOCK, MaybeSent), Recovery::Send),
        ("unlock (idempotent)", write(UnlockAssets, LOCK, MaybeSent), Recovery::Send),
        // Maybe sent, not safe: unknown, with what to check.
        ("batch, blank key", write(BatchOrder, BATCH_BLANK, MaybeSent), unknown_of(BatchOrder)),
        ("create, no key", write(CreateEnterprise, CREATE_BLANK, MaybeSent), unknown_of(CreateEnterprise)),
        ("shellNums", write(ShellNums, SHELL, MaybeSent), unknown_of(ShellNums)),
        ("joinActivity", write(JoinActivity, CLAIM, MaybeSent), unknown_of(JoinActivity)),
        // ... unless the caller said it may be done twice.
        (
            "shellNums, repeatable",
            StoredWrite { repeatable: true, ..write(ShellNums, SHELL, MaybeSent) },
            Recovery::Send,
        ),
        // bindEnterprise: read again; a new record of its name is its answer, none means not done.
        (
            "bind, known as maybe sent for 10 s, not read since: the read waits for the send's 30 s",
            StoredWrite { maybe_sent_for_ms: Some(10_000), ..bind(MaybeSent, Some(leak(before.clone())), None) },
            Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 20_000 },
        ),
        (
            "bind, known as maybe sent for 40 s: read at once",
            StoredWrite { maybe_sent_for_ms: Some(40_000), ..bind(MaybeSent, Some(leak(before.clone())), None) },
            read(),
        ),
        (
            "bind, sent 100 ms ago with a 500 ms timeout",
            StoredWrite {
                maybe_sent_for_ms: Some(100),
                settle_ms: 500,
                ..bind(MaybeSent, Some(leak(before.clone())), None)
            },
            Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 400 },
        ),
        (
            "bind, one read found nothing: the next waits twice the timeout after the send",
            StoredWrite {
                maybe_sent_for_ms: Some(40_000),
                reads: 1,
                ..bind(MaybeSent, Some(leak(before.clone())), None)
            },
            Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 20_000 },
        ),
        (
            "bind, two reads found nothing: the third waits four times the timeout",
            StoredWrite { maybe_sent_for_ms: Some(0), reads: 2, ..bind(MaybeSent, Some(leak(before.clone())), None) },
            Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 120_000 },
        ),
        (
            "bind, three reads found nothing: unknown, never sent again on a guess",
            StoredWrite { reads: 3, ..bind(MaybeSent, Some(leak(before.clone())), None) },
            unknown_of(BindEnterprise),
        ),
        (
            "bind, how long it has been maybe sent not known: the read waits the whole timeout",
            bind(MaybeSent, Some(leak(before.clone())), None),
            Recovery::Read { endpoint: QueryEnterprises, request: QUERY.into(), wait_ms: 30_000 },
        ),
        (
            "bind, a new record",
            bind(MaybeSent, Some(leak(before.clone())), Some(leak(with_new.clone()))),
            Recovery::Settled { data: NEW.to_owned() },
        ),
        (
            "bind, nothing new: not found (yet), not sent again",
            bind(MaybeSent, Some(leak(before.clone())), Some(leak(before.clone()))),
            Recovery::NotFound,
        ),
        (
            "bind, only another enterprise's record is new",
            bind(MaybeSent, Some(leak(before.clone())), Some(leak(with_other))),
            Recovery::NotFound,
        ),
        // The bound: as many rounds as allowed without a verdict.
        (
            "batch, stored, its rounds spent: given up (nothing of it was done)",
            StoredWrite { rounds: 10, ..write(BatchOrder, BATCH, Stored) },
            Recovery::GiveUp,
        ),
        (
            "lock, maybe sent, its rounds spent: unknown, with what to check",
            StoredWrite { rounds: 3, max_rounds: 3, ..write(LockAssets, LOCK, MaybeSent) },
            unknown_of(LockAssets),
        ),
        (
            "batch, maybe sent, one round left: sent again",
            StoredWrite { rounds: 9, ..write(BatchOrder, BATCH, MaybeSent) },
            Recovery::Send,
        ),
        (
            "bind, the list before unknown",
            bind(MaybeSent, None, Some(leak(with_new.clone()))),
            unknown_of(BindEnterprise),
        ),
        (
            "bind, an unreadable list",
            bind(MaybeSent, Some(leak(before)), Some("{\"x\":1}")),
            unknown_of(BindEnterprise),
        ),
        ("bind, repeatable: no read", StoredWrite { repeatable: true, ..bind(MaybeSent, None, None) }, Recovery::Send),
    ];
    for (label, write, want) in cases {
        assert_eq!(recovery(&write), want, "{label}");
    }
}

#[test]
fn every_write_says_what_to_check_when_its_outcome_stays_unknown_and_reads_never_do() {
    for e in Endpoint::ALL {
        let write = e.def().method == Method::Post;
        assert_eq!(
            e.when_unknown().is_some(),
            write,
            "{e}: a write says in when_unknown what a portal can check (a write a repeat settles ends unknown \
             too, once its rounds are spent); a read does not"
        );
        if let Some(check) = e.when_unknown() {
            assert!(check.len() > 40 && !check.ends_with('.'), "{e}: a clause, no full stop: {check:?}");
        }
    }
}

#[test]
fn a_reconciling_read_asks_a_get_and_compares_fields_both_shapes_have() {
    use licensing_core::schema::Kind;
    for e in Endpoint::ALL {
        let Some(reconcile) = e.reconcile() else { continue };
        assert_eq!(reconcile.read.method(), Method::Get, "{e}: the read is a GET");
        let Kind::Array(Kind::Object(record)) = reconcile.read.data() else {
            panic!("{e}: the read must answer a list of records")
        };
        assert!(record.find(reconcile.id).is_some(), "{e}: records have {}", reconcile.id);
        for field in reconcile.same {
            assert!(record.find(field).is_some(), "{e}: records have {field}");
            assert!(e.def().request.find(field).is_some(), "{e}: the write's body has {field}");
        }
        // The read's request, made from an example body, passes its own validation.
        let body = licensing_core::validate::example_json(e);
        let request = reconcile.read_request(&body).unwrap_or_default();
        let report = licensing_core::validate::validate_json(reconcile.read, &request, &Default::default());
        assert!(report.valid, "{e}: the read's request {request} is refused: {:?}", report.issues);
    }
}

#[test]
fn a_call_s_end_makes_the_write_settled_failed_stored_or_maybe_sent() {
    let e = |kind, status: Option<u16>, code: Option<&str>, sent| {
        let mut e = ClientError::new(kind, "x");
        e.status = status;
        e.code = code.map(String::from);
        e.sent = sent;
        e
    };
    use ErrorKind::*;
    let cases: Vec<(&str, Endpoint, ClientError, AfterCall)> = vec![
        ("refused", BatchOrder, e(Business, Some(299), Some("13004"), true), AfterCall::Failed),
        ("invalid", BatchOrder, e(Validation, None, None, false), AfterCall::Failed),
        ("HTTP 400", BatchOrder, e(Http, Some(400), None, true), AfterCall::Failed),
        ("unreadable", BatchOrder, e(Decode, Some(200), None, true), AfterCall::Failed),
        ("activity refusal", JoinActivity, e(Activity, Some(200), Some("3002"), true), AfterCall::Failed),
        ("code 500, sent", BatchOrder, e(Business, Some(299), Some("500"), true), AfterCall::MaybeSent),
        ("code 500 on an activity call", JoinActivity, e(Business, Some(299), Some("500"), true), AfterCall::Failed),
        ("network, sent", ShellNums, e(Network, None, None, true), AfterCall::MaybeSent),
        ("timeout, sent", ShellNums, e(Timeout, None, None, true), AfterCall::MaybeSent),
        ("503, sent", LockAssets, e(Http, Some(503), None, true), AfterCall::MaybeSent),
        ("aborted before sending", ShellNums, e(Aborted, None, None, false), AfterCall::Stored),
        ("token provider failed", ShellNums, e(Hook, None, None, false), AfterCall::Stored),
        ("a hook failed after sending", ShellNums, e(Hook, None, None, true), AfterCall::MaybeSent),
        (
            "the token refused (401), and the provider could not give another: not done",
            ShellNums,
            e(Hook, Some(401), None, true),
            AfterCall::Stored,
        ),
        ("HTTP 401 without a provider: a verdict", ShellNums, e(Http, Some(401), None, true), AfterCall::Failed),
    ];
    for (label, endpoint, error, want) in cases {
        assert_eq!(after_call(endpoint, &error, false), want, "{label}");
    }
    let hook = e(Hook, Some(200), None, true);
    assert_eq!(after_call(ShellNums, &hook, true), AfterCall::Settled, "the answer came before the hook failed");
    let refused = e(Business, Some(299), Some("13004"), true);
    assert_eq!(after_call(ShellNums, &refused, true), AfterCall::Failed, "only a hook's error holds an answer");
    // A refused nonce (the simulator's replay refusal, each module's): a copy of the request reached the
    // service first (a browser resends a POST by itself on a cut connection), so maybe done, not refused.
    let mut replayed = e(Business, Some(299), Some("13004"), true);
    replayed.message = String::from("g_nonce was already used (replay refused)");
    assert!(replayed.is_nonce_refused());
    assert_eq!(after_call(BatchOrder, &replayed, false), AfterCall::MaybeSent);
    assert_eq!(
        recovery(&StoredWrite::new(BatchOrder, r#"{"channelCode":"C","channelOrderId":"O"}"#, Known::MaybeSent)),
        Recovery::Send
    );
    let mut claimed = e(Activity, Some(200), Some("1001"), true);
    claimed.message = String::from("g_nonce was already used (replay refused)");
    assert_eq!(after_call(JoinActivity, &claimed, false), AfterCall::MaybeSent);
    // A parameter refusal of anything else, or a nonce named under another code, stays a verdict.
    let mut other = e(Business, Some(299), Some("13004"), true);
    other.message = String::from("size: must be at least 1");
    assert_eq!(after_call(BatchOrder, &other, false), AfterCall::Failed);
    let mut coded = e(Business, Some(299), Some("13001"), true);
    coded.message = String::from("g_nonce");
    assert!(!coded.is_nonce_refused());
}

#[test]
fn keys_and_admission() {
    assert_eq!(write_key(BatchOrder, BATCH).as_deref(), Some("CO-1"));
    assert_eq!(write_key(BatchOrder, BATCH_BLANK), None);
    assert_eq!(write_key(CreateEnterprise, CREATE).as_deref(), Some("CRM-1"));
    assert_eq!(write_key(ShellNums, SHELL), None);
    assert_eq!(write_key(UpdateEnterprise, UPDATE), None, "updates have no repeat key");
    assert_eq!(admission(BATCH, None), Admission::New);
    let reordered = r#"{ "orderList": [], "syncMode": "sync", "channelOrderId": "CO-1", "channelCode": "CH" }"#;
    assert_eq!(admission(reordered, Some(BATCH)), Admission::Same);
    let changed = BATCH.replace("sync\"", "async\"");
    assert_eq!(admission(&changed, Some(BATCH)), Admission::Conflict);
    let message = conflict_message(BatchOrder, BATCH, false);
    assert!(message.contains("channelCode \"CH\" and channelOrderId \"CO-1\""), "{message}");
    let message = conflict_message(CreateEnterprise, CREATE, true);
    assert!(message.contains("was done under crmCustomerId \"CRM-1\" (its job was pruned"), "{message}");
    // A job pruned: its digest alone says whether a write is its request.
    let digest = request_digest(BATCH).unwrap_or_default();
    let reordered_digest = request_digest(reordered).unwrap_or_default();
    assert_eq!(digest, reordered_digest);
    assert_eq!(admission_of_digest(reordered, &digest), Admission::Same);
    assert_eq!(admission_of_digest(&changed, &digest), Admission::Conflict);
    assert_eq!(admission_of_digest("not json", &digest), Admission::Conflict);
    // The key's scope: a batch's channelCode with its channelOrderId.
    let other_channel = BATCH.replace("\"CH\"", "\"APP\"");
    assert_eq!(write_key(BatchOrder, &other_channel), write_key(BatchOrder, BATCH), "the same key");
    assert_ne!(key_id(BatchOrder, &other_channel), key_id(BatchOrder, BATCH), "of another channel");
    let no_channel = r#"{"channelOrderId":"CO-1"}"#;
    assert_eq!(key_id(BatchOrder, no_channel).as_deref(), Some("batchOrder\u{0}\u{0}CO-1"));
    assert_eq!(key_id(UpdateEnterprise, UPDATE), None, "updates have no repeat key");
}

#[test]
fn safe_to_repeat_reads_as_the_client_reads() {
    let keys = ["\"CO-1\"", "\" \"", "\"\"", "null", "12", "\"\\u0043O\"", "\"\\u0020\"", "[\"x\"]", "{}"];
    for e in Endpoint::ALL {
        let mut bodies = vec![String::from("{}"), String::from("[]"), String::from("not json")];
        for name in ["channelOrderId", "crmCustomerId", "other"] {
            bodies.extend(keys.iter().map(|value| format!("{{\"{name}\":{value},\"size\":1}}")));
        }
        for body in &bodies {
            assert_eq!(is_safe_to_repeat(e, body), e.is_safe_to_repeat(body), "{e} {body}");
        }
    }
}

/// Every variant's word is in the list the JS runner is held to, at the
/// variant's place (the matches are exhaustive: a new variant fails to
/// compile here until it has its place).
#[test]
fn every_step_and_end_has_one_word_of_its_list() {
    let place = |step: &Recovery| match step {
        Recovery::Send => 0,
        Recovery::Read { .. } => 1,
        Recovery::Settled { .. } => 2,
        Recovery::NotFound => 3,
        Recovery::Unknown { .. } => 4,
        Recovery::GiveUp => 5,
    };
    let steps = [
        Recovery::Send,
        Recovery::Read { endpoint: QueryEnterprises, request: String::new(), wait_ms: 0 },
        Recovery::Settled { data: String::new() },
        Recovery::NotFound,
        Recovery::Unknown { check: "" },
        Recovery::GiveUp,
    ];
    assert_eq!(steps.len(), Recovery::WORDS.len());
    for step in &steps {
        assert_eq!(Recovery::WORDS.get(place(step)), Some(&step.word()), "{step:?}");
    }
    let place = |end: AfterCall| match end {
        AfterCall::Settled => 0,
        AfterCall::Failed => 1,
        AfterCall::Stored => 2,
        AfterCall::MaybeSent => 3,
    };
    let ends = [AfterCall::Settled, AfterCall::Failed, AfterCall::Stored, AfterCall::MaybeSent];
    assert_eq!(ends.len(), AfterCall::WORDS.len());
    for end in ends {
        assert_eq!(AfterCall::WORDS.get(place(end)), Some(&end.word()), "{end:?}");
    }
}

#[test]
fn resends_wait_longer_each_round_up_to_a_minute() {
    assert_eq!(resend_delay_ms(0, 0.9), 0);
    assert_eq!(resend_delay_ms(1, 0.0), 500);
    assert_eq!(resend_delay_ms(2, 0.0), 1_000);
    assert_eq!(resend_delay_ms(1, 1.0), 1_000);
    assert_eq!(resend_delay_ms(7, 1.0), 60_000);
    assert_eq!(resend_delay_ms(u32::MAX, 1.0), 60_000);
    assert!(unknown_message(ShellNums, "look at x").ends_with(": look at x"));
}
