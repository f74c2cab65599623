//! The steps driven by hand, with no transport: what each input leads to.

use super::*;
use licensing_core::response::ErrorKind;

/// Random bytes that change each call (so nonces differ), and a clock
/// that stays where it is set.
struct Fixed {
    now: core::cell::Cell<f64>,
    counter: core::cell::Cell<u8>,
}

impl Platform for Fixed {
    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        self.counter.set(self.counter.get().wrapping_add(1));
        bytes.fill(self.counter.get());
        Ok(())
    }
    fn now_ms(&self) -> Option<f64> {
        Some(self.now.get())
    }
}

const OK_ORDER: &str = r#"{"code":"0","message":"ok","data":{"enterpriseGlobalId":"EG1"}}"#;
const BODY: &str = r#"{"crmCustomerId":"c1","customerName":"n"}"#;

struct Run {
    opts: ClientOptions,
    platform: Fixed,
    call: Call,
    body: &'static str,
}

impl Run {
    fn new(endpoint: Endpoint, hooks: HookSet) -> Self {
        let opts = ClientOptions::new("http://127.0.0.1:1", "t0k3n").with_retry_base_ms(10).with_timeout_ms(15_000);
        let timeout_ms = opts.timeout_ms;
        let platform = Fixed { now: core::cell::Cell::new(1000.0), counter: core::cell::Cell::new(0) };
        Run { opts, platform, call: Call::new(endpoint, hooks, timeout_ms, false), body: BODY }
    }
    fn next(&mut self, input: Input) -> Action {
        let around = Around { opts: &self.opts, body: self.body, platform: &self.platform };
        self.call.next(around, input)
    }
}

fn answer(status: u16, body: &str) -> Input {
    Input::Answer(Ok(HttpResponse::new(status, body)))
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

#[test]
fn without_hooks_a_call_is_one_send_then_done() {
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    let Action::Send { method, url, headers, post, ms } = run.next(Input::Start) else { panic!("a send") };
    assert_eq!((method, post, ms), (Method::Post, true, run.opts.timeout_ms));
    assert!(url.contains("g_nonce="), "{url}");
    assert_eq!(header(&headers, "authorization"), Some("Bearer t0k3n"));
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let Action::Done(answer) = run.next(answer(200, OK_ORDER)) else { panic!("done") };
    assert!(answer.data.is_some());
}

#[test]
fn a_refused_token_asks_the_provider_again_once() {
    let hooks = HookSet { token_provider: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
    let Action::Token { request, .. } = run.next(Input::Start) else { panic!("the provider first") };
    assert!(!request.refused);
    let given = Input::Hook(HookOutcome::Settled(Ok(HookValue::Token(String::from("first")))));
    let Action::Send { headers, .. } = run.next(given) else { panic!("a send") };
    assert_eq!(header(&headers, "authorization"), Some("Bearer first"));
    let Action::Token { request, .. } = run.next(answer(401, "")) else { panic!("asked again") };
    assert!(request.refused && request.attempt == 2);
    let given = Input::Hook(HookOutcome::Settled(Ok(HookValue::Token(String::from("second")))));
    let Action::Send { headers, .. } = run.next(given) else { panic!("sent again") };
    assert_eq!(header(&headers, "authorization"), Some("Bearer second"));
    let Action::Failed(error) = run.next(answer(401, "")) else { panic!("not asked a third time") };
    assert_eq!((error.status, error.sent), (Some(401), true));
}

#[test]
fn a_provider_that_fails_once_the_token_was_refused_ends_the_call_with_the_401() {
    let hooks = HookSet { token_provider: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::ShellNums, hooks);
    run.next(Input::Start);
    let given = Input::Hook(HookOutcome::Settled(Ok(HookValue::Token(String::from("first")))));
    run.next(given);
    let Action::Token { .. } = run.next(answer(401, "")) else { panic!("asked again") };
    let Action::Failed(error) = run.next(Input::Hook(HookOutcome::Settled(Err(String::from("no session"))))) else {
        panic!("failed")
    };
    // Sent, and refused: the service's last word was the 401 (nothing was done).
    assert_eq!((error.kind, error.status, error.sent), (ErrorKind::Hook, Some(401), true));
    // A provider failing on the first ask has no answer to keep.
    let mut run = Run::new(Endpoint::ShellNums, hooks);
    run.next(Input::Start);
    let Action::Failed(error) = run.next(Input::Hook(HookOutcome::Settled(Err(String::from("x"))))) else {
        panic!("failed")
    };
    assert_eq!((error.status, error.sent), (None, false));
}

#[test]
fn what_each_hook_outcome_ends_a_call_with() {
    let hooks = HookSet { token_provider: true, ..HookSet::default() };
    // (outcome, kind, words the message holds)
    let cases: [(HookOutcome, ErrorKind, &str); 4] = [
        (HookOutcome::Settled(Ok(HookValue::Token(String::from("has space")))), ErrorKind::Hook, "not visible ASCII"),
        (HookOutcome::Settled(Err(String::from("secret words"))), ErrorKind::Hook, "the token provider failed"),
        (HookOutcome::TimedOut, ErrorKind::Hook, "did not settle within 15000 ms (the attempt's timeout)"),
        (HookOutcome::Aborted(aborted()), ErrorKind::Aborted, "aborted"),
    ];
    for (outcome, kind, words) in cases {
        let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
        run.next(Input::Start);
        let Action::Failed(error) = run.next(Input::Hook(outcome)) else { panic!("failed") };
        assert_eq!(error.kind, kind, "{}", error.message);
        assert!(error.message.contains(words), "{} lacks {words}", error.message);
        assert!(!error.message.contains("secret"), "a provider's words are not repeated");
        assert!(!error.sent);
    }
}

/// The error a transport gives when the caller aborts.
fn aborted() -> ClientError {
    crate::no_answer::NoAnswer::Aborted.error()
}

#[test]
fn before_request_may_add_headers_but_not_the_clients_own() {
    let hooks = HookSet { before_request: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
    let Action::BeforeRequest { event, .. } = run.next(Input::Start) else { panic!("the hook first") };
    assert_eq!(header(&event.headers, "authorization"), Some(REDACTED), "the token is never shown");
    let edits = vec![
        (String::from("traceparent"), String::from("00-1")),
        (String::from("Authorization"), String::from("Bearer stolen")),
    ];
    let Action::Send { headers, .. } = run.next(Input::Hook(HookOutcome::Settled(Ok(HookValue::Headers(edits)))))
    else {
        panic!("a send")
    };
    assert_eq!(header(&headers, "traceparent"), Some("00-1"));
    assert_eq!(header(&headers, "authorization"), Some("Bearer t0k3n"));

    let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
    run.next(Input::Start);
    let edits = vec![(String::from("Host"), String::from("elsewhere"))];
    let Action::Failed(error) = run.next(Input::Hook(HookOutcome::Settled(Ok(HookValue::Headers(edits))))) else {
        panic!("refused")
    };
    assert!(error.message.contains("Host is the platform's to set"), "{}", error.message);
}

#[test]
fn a_safe_call_retries_after_its_wait_with_a_fresh_nonce_and_tells_before_retry() {
    let hooks = HookSet { before_retry: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::ListAssets, hooks);
    run.body = r#"{"enterpriseGlobalId":"EG1"}"#;
    let Action::Send { url: first, .. } = run.next(Input::Start) else { panic!("a send") };
    let Action::BeforeRetry { event, ms } = run.next(answer(503, "")) else { panic!("the hook before the wait") };
    assert_eq!((event.attempt, ms), (1, run.opts.timeout_ms));
    let Action::Sleep { ms } = run.next(Input::Hook(HookOutcome::Settled(Ok(HookValue::Unit)))) else {
        panic!("the wait")
    };
    assert_eq!(ms, event.delay_ms);
    let Action::Send { url: second, .. } = run.next(Input::Slept(Ok(()))) else { panic!("sent again") };
    assert_ne!(first, second, "each attempt has its own nonce");
    let aborted = Input::Answer(Err(aborted()));
    let Action::Failed(error) = run.next(aborted) else { panic!("an abort is not retried") };
    assert_eq!((error.kind, error.sent), (ErrorKind::Aborted, true));
}

#[test]
fn after_response_failing_after_an_answer_keeps_the_answer() {
    let hooks = HookSet { after_response: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
    run.next(Input::Start);
    run.platform.now.set(1250.0);
    let Action::AfterResponse { event, .. } = run.next(answer(200, OK_ORDER)) else { panic!("the hook") };
    assert_eq!((event.status, event.duration_ms, event.code.as_deref()), (200, Some(250.0), Some("0")));
    let failed = Input::Hook(HookOutcome::Settled(Err(String::from("boom t0k3n"))));
    let Action::Failed(error) = run.next(failed) else { panic!("failed") };
    assert_eq!(error.kind, ErrorKind::Hook);
    assert!(error.data.is_some(), "the answer is kept");
    assert!(!error.message.contains("t0k3n"), "the token is redacted: {}", error.message);
}

#[test]
fn on_error_is_told_of_a_refusal_and_nothing_is_sent() {
    let hooks = HookSet { on_error: true, ..HookSet::default() };
    let mut run = Run::new(Endpoint::CreateEnterprise, hooks);
    let refused = ClientError::new(ErrorKind::Validation, "invalid");
    let Action::OnError { event, .. } = run.call.refuse(refused) else { panic!("told") };
    assert_eq!((event.attempts, event.error.sent), (0, false));
    let Action::Failed(error) = run.next(Input::Hook(HookOutcome::TimedOut)) else { panic!("ends as it was") };
    assert_eq!(error.message, "invalid");
}

#[test]
fn an_input_the_call_is_not_waiting_for_ends_it() {
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    run.next(Input::Start);
    let Action::Failed(error) = run.next(Input::Slept(Ok(()))) else { panic!("ended") };
    assert!(error.message.contains("not waiting for"), "{}", error.message);
    let Action::Failed(error) = run.next(Input::Start) else { panic!("still ended") };
    assert!(error.message.contains("has ended"), "{}", error.message);
}

#[test]
fn debug_never_shows_the_token() {
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    let send = run.next(Input::Start);
    assert!(matches!(send, Action::Send { .. }));
    for shown in [format!("{send:?}"), format!("{:?}", run.call)] {
        assert!(!shown.contains("t0k3n"), "{shown}");
    }
}

#[test]
fn the_token_is_scrubbed_from_what_the_service_and_the_runtime_said() {
    // The service echoes the Authorization header in a 299's message and cause.
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    run.next(Input::Start);
    let echoed = r#"{"code":"13004","message":"bad header Bearer t0k3n","cause":"t0k3n refused"}"#;
    let Action::Failed(error) = run.next(answer(299, echoed)) else { panic!("failed") };
    assert_eq!(error.kind, ErrorKind::Business);
    assert_eq!(error.message, "bad header Bearer [redacted]");
    assert_eq!(error.cause.as_deref(), Some("[redacted] refused"));
    // An activity's resultMessage.
    let mut run = Run::new(Endpoint::JoinActivity, HookSet::default());
    run.body = r#"{"activityCode":"A1","enterpriseGlobalId":"EG1"}"#;
    run.next(Input::Start);
    let echoed = r#"{"resultCode":"1001","resultMessage":"token t0k3n expired"}"#;
    let Action::Failed(error) = run.next(answer(200, echoed)) else { panic!("failed") };
    assert!(!error.message.contains("t0k3n"), "{}", error.message);
    // What the runtime said is the carrier's to scrub, through the call.
    assert_eq!(run.call.redact("connect: Bearer t0k3n"), "connect: Bearer [redacted]");
    // The client's own words are not cut, whatever letters the token has.
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    run.opts = ClientOptions::new("http://127.0.0.1:1", "t");
    run.next(Input::Start);
    let Action::Failed(error) = run.next(answer(200, "not JSON")) else { panic!("failed") };
    assert_eq!(error.kind, ErrorKind::Decode);
    assert!(error.message.contains("the body is not"), "{}", error.message);
}

#[test]
fn a_byte_order_mark_before_the_answer_is_not_read_as_its_text() {
    let mut run = Run::new(Endpoint::CreateEnterprise, HookSet::default());
    run.next(Input::Start);
    let Action::Done(answer) = run.next(answer(200, &format!("\u{feff}{OK_ORDER}"))) else { panic!("done") };
    assert!(answer.data.is_some());
}

#[test]
fn a_body_that_cannot_be_read_under_a_status_that_says_all_is_that_status() {
    // A 503 whose error page is not UTF-8 (or is larger than the client reads)
    // is retried as any 503 of a safe call; a 200's is still `decode`.
    let mut run = Run::new(Endpoint::ListAssets, HookSet::default());
    run.body = r#"{"enterpriseGlobalId":"EG1"}"#;
    run.next(Input::Start);
    let unreadable = |status| Input::Answer(Err(crate::no_answer::NoAnswer::NotUtf8 { status }.error()));
    let Action::Sleep { .. } = run.next(unreadable(503)) else { panic!("a 503 is retried") };
    let Action::Send { .. } = run.next(Input::Slept(Ok(()))) else { panic!("sent again") };
    let too_large = Input::Answer(Err(crate::no_answer::NoAnswer::TooLarge { status: 429, max_bytes: 1 }.error()));
    let Action::Sleep { .. } = run.next(too_large) else { panic!("a 429 is retried") };
    run.next(Input::Slept(Ok(())));
    let Action::Failed(error) = run.next(unreadable(200)) else { panic!("a 200 it cannot read ends the call") };
    assert_eq!((error.kind, error.status), (ErrorKind::Decode, Some(200)));
}
