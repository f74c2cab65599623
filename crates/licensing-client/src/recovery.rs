//! What an outbox does with a write it stored: send it, send it again, read
//! first, settle it, say that its outcome is unknown, or give it up; what a
//! call's end makes of it; whether a new write may join one kept under its
//! repeat key; and which writes wait for which. Pure functions of the write
//! and of the endpoint table (`repeat_key`, `repeat_scope`, `idempotent`,
//! `reconcile`, `touches`, `when_unknown`), as `next_step.rs` is for the
//! retries within one call: the outbox (the npm package's
//! `licensing-sdk/outbox`, or a Rust one) stores, sends and reads, and asks
//! here what follows.
//!
//! The promise: a write is done once, or its job says `unknown` and it was
//! not repeated; never twice. A write whose answer was lost is sent again only
//! when a repeat is safe: an idempotent one, a keyed one with a non-blank key
//! (the service answers a repeat with the first result), or one the caller
//! said is `repeatable`. A write the table reconciles (`bindEnterprise`) is
//! looked for in a read, more than once and each time longer after the lost
//! send (the service may still be making it), and is never sent again once
//! it may have been: found, it settles; not found, it ends unknown. The rest
//! (`shellNums`, `joinActivity`, a keyed write with a blank key) end as
//! unknown, with what a portal can check.
//!
//! No decision here reads a wall clock: what a wait measures is given as a
//! time that does not jump (`maybe_sent_for_ms`, from the outbox's monotonic
//! clock within one life, and from the outbox's opening for a send an earlier
//! life made), so a clock set an hour ahead neither repeats a write nor holds
//! one back for the hour.
//!
//! ```
//! use licensing_client::recovery::{recovery, Known, Recovery, StoredWrite};
//! use licensing_core::wire::Endpoint;
//!
//! // A batch order whose answer a reload lost is sent again with the same text.
//! let batch = r#"{"channelCode":"CH","channelOrderId":"CO-1","syncMode":"sync","orderList":[]}"#;
//! let write = StoredWrite::new(Endpoint::BatchOrder, batch, Known::MaybeSent);
//! assert_eq!(recovery(&write), Recovery::Send);
//! // Asset numbers are never asked for twice.
//! let write = StoredWrite::new(Endpoint::ShellNums, r#"{"size":1}"#, Known::MaybeSent);
//! assert!(matches!(recovery(&write), Recovery::Unknown { .. }));
//! ```

use licensing_core::request::{request_digest, same_request};
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::wire::Endpoint;

use crate::{Client, Transport};

/// What is known of a stored write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Known {
    /// Not done, and nothing of it is under way: stored and not handed to the
    /// client yet, or every call of it ended in a way that proves it was not
    /// done (nothing left the machine, or the service refused the token).
    Stored,
    /// Handed to the client, with no answer recorded: a reload or a crash
    /// came first, or the call ended without a verdict (a network failure, a
    /// timeout, code 500 after it was sent). It may have done its work.
    MaybeSent,
}

/// A write as an outbox stored it, with what is known of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct StoredWrite<'a> {
    /// The write's endpoint.
    pub endpoint: Endpoint,
    /// The request's JSON text, exactly as validated and first sent.
    pub text: &'a str,
    /// The caller's word that it may be done twice (`CallOptions::repeatable`).
    pub repeatable: bool,
    /// What is known of it.
    pub known: Known,
    /// For a reconciled write: what its reconciling read held before the
    /// first send (JSON text; [`Reconcile::ids_of`](licensing_core::wire::Reconcile::ids_of)
    /// of it is enough), once taken.
    pub before: Option<&'a str>,
    /// For a reconciled write: that read was refused (a verdict, not a
    /// network failure), so there is no list to compare with; the write is
    /// sent without one, and ends unknown if its answer is lost.
    pub before_refused: bool,
    /// For a reconciled write that may have been sent: the payload of the
    /// same read taken since (JSON text), once taken.
    pub since: Option<&'a str>,
    /// How long this life of the outbox has known the write as maybe sent,
    /// by a clock that does not jump (a monotonic one, never the wall clock):
    /// since its last send began, or, for a send an earlier life made (a
    /// reload, a restart), since this life opened the outbox, which is no
    /// sooner than that send began. `None`: not known (a read then waits the
    /// whole time).
    pub maybe_sent_for_ms: Option<u64>,
    /// How long a send may still be on its way to the service, or inside it:
    /// its attempt's timeout (the client's 30 s unless the write set one). A
    /// reconciling read taken sooner could miss the record the lost send is
    /// still making.
    pub settle_ms: u32,
    /// Its rounds so far, over every life of the job: calls of it (sends, or
    /// reconciling reads) that ended with no verdict.
    pub rounds: u32,
    /// How many rounds an outbox allows a job before it gives it up
    /// ([`Recovery::GiveUp`], or [`Recovery::Unknown`] once it may have been sent).
    pub max_rounds: u32,
    /// For a reconciled write that may have been sent: its reconciling reads
    /// since that found no record of it.
    pub reads: u32,
}

/// What [`StoredWrite::settle_ms`] is unless the write set its own timeout:
/// the client's default attempt timeout.
pub const DEFAULT_SETTLE_MS: u32 = 30_000;

/// What [`StoredWrite::max_rounds`] is unless the outbox set its own: ten
/// rounds, about six minutes of backoff ([`resend_delay_ms`]).
pub const DEFAULT_MAX_ROUNDS: u32 = 10;

/// How many reconciling reads a maybe-sent write gets before it ends unknown:
/// the first once its attempt's timeout has passed since the send, each next
/// one twice as long after it (with the client's 30 s: at 30 s, 1 min and
/// 2 min), since a service slower than the client's timeout may still be
/// making the record.
pub const RECONCILE_READS: u32 = 3;

impl<'a> StoredWrite<'a> {
    /// A write with nothing read for it, no round yet, and no word that it
    /// is repeatable.
    pub fn new(endpoint: Endpoint, text: &'a str, known: Known) -> Self {
        Self {
            endpoint,
            text,
            repeatable: false,
            known,
            before: None,
            before_refused: false,
            since: None,
            maybe_sent_for_ms: None,
            settle_ms: DEFAULT_SETTLE_MS,
            rounds: 0,
            max_rounds: DEFAULT_MAX_ROUNDS,
            reads: 0,
        }
    }
}

/// What follows for a stored write.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Recovery {
    /// Send the stored text (the first time, or again: a repeat is safe).
    Send,
    /// Take this read (a GET: its request's fields as JSON text), then decide
    /// again with its payload as `before` (not sent yet) or `since`.
    Read {
        /// The read.
        endpoint: Endpoint,
        /// Its request, as JSON text.
        request: String,
        /// Wait this long first: the lost send may still be making its record.
        wait_ms: u64,
    },
    /// It was done: this is its answer's payload (JSON text), the record
    /// the read found.
    Settled {
        /// The payload, as the write's call would have answered it.
        data: String,
    },
    /// The reconciling read shows no record of it yet: count the read
    /// ([`StoredWrite::reads`]), forget `since`, and decide again (a later
    /// read, or unknown once [`RECONCILE_READS`] found nothing).
    NotFound,
    /// It may have been done, and it is not sent again: the job ends here.
    Unknown {
        /// What a portal can check ([`Endpoint::when_unknown`]).
        check: &'static str,
    },
    /// It was not done, and no call of it got a verdict in
    /// [`StoredWrite::max_rounds`] rounds: the job ends with the error its
    /// last call ended with (nothing of it reached the service to be done).
    GiveUp,
}

impl Recovery {
    /// Every step's word, as [`Recovery::word`] gives them: what an outbox's
    /// runner switches on (the JS one is held to this list by a test).
    pub const WORDS: &'static [&'static str] = &["send", "read", "settled", "notFound", "unknown", "giveUp"];

    /// The step's word, one of [`Recovery::WORDS`].
    pub fn word(&self) -> &'static str {
        match self {
            Self::Send => "send",
            Self::Read { .. } => "read",
            Self::Settled { .. } => "settled",
            Self::NotFound => "notFound",
            Self::Unknown { .. } => "unknown",
            Self::GiveUp => "giveUp",
        }
    }
}

/// The next step for a stored write.
pub fn recovery(write: &StoredWrite<'_>) -> Recovery {
    // The bound: a job with no verdict in as many rounds as allowed ends.
    if write.rounds >= write.max_rounds {
        return match write.known {
            Known::Stored => Recovery::GiveUp,
            Known::MaybeSent => unknown(write.endpoint),
        };
    }
    let reconcile = write.endpoint.reconcile().filter(|_| !write.repeatable);
    let read = |reconcile: licensing_core::wire::Reconcile, wait_ms: u64| match reconcile.read_request(write.text) {
        Some(request) => Recovery::Read { endpoint: reconcile.read, request, wait_ms },
        None => unknown(write.endpoint),
    };
    match (write.known, reconcile) {
        // Never sent: the list as it stands before the first send, then send.
        (Known::Stored, Some(reconcile)) if write.before.is_none() && !write.before_refused => read(reconcile, 0),
        (Known::Stored, _) => Recovery::Send,
        (Known::MaybeSent, _) if write.repeatable || is_safe_to_repeat(write.endpoint, write.text) => Recovery::Send,
        (Known::MaybeSent, Some(reconcile)) => match (write.before, write.since) {
            // What the list held before the first send is what tells a new record from an old one.
            (None, _) => unknown(write.endpoint),
            (Some(_), None) if write.reads >= RECONCILE_READS => unknown(write.endpoint),
            (Some(_), None) => read(reconcile, reconcile_wait_ms(write)),
            (Some(before), Some(since)) => match reconcile.made_by(write.text, before, since) {
                Ok(Some(record)) => Recovery::Settled { data: record },
                Ok(None) => Recovery::NotFound,
                Err(_) => unknown(write.endpoint),
            },
        },
        (Known::MaybeSent, None) => unknown(write.endpoint),
    }
}

/// How long a reconciling read still waits: the read after `reads` that found
/// nothing is taken no sooner than `settle_ms × 2^reads` after the lost send
/// began (measured as [`StoredWrite::maybe_sent_for_ms`] measures it).
fn reconcile_wait_ms(write: &StoredWrite<'_>) -> u64 {
    let due = u64::from(write.settle_ms).saturating_mul(1u64 << write.reads.min(16));
    due.saturating_sub(write.maybe_sent_for_ms.unwrap_or(0))
}

/// [`Endpoint::is_safe_to_repeat`], read with [`write_key`] (the scanner
/// alone) rather than the validator's walk, which the outbox's wasm does not
/// carry; a test holds the two to the same answers.
fn is_safe_to_repeat(endpoint: Endpoint, text: &str) -> bool {
    endpoint.is_idempotent() || write_key(endpoint, text).is_some()
}

fn unknown(endpoint: Endpoint) -> Recovery {
    Recovery::Unknown { check: endpoint.when_unknown().unwrap_or("the service's own records") }
}

/// What a call of a stored write made of it, by how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AfterCall {
    /// Answered: the job settles with the answer (the payload of a success,
    /// or of a kind `hook` error's `data`: the work is done).
    Settled,
    /// A verdict: refused (validation, business, activity, HTTP), or an answer
    /// that cannot be read: the job fails with the error.
    Failed,
    /// Not done, and nothing of it under way: nothing left the machine (the
    /// error's `sent` is false), or the service refused the token and the
    /// provider could not give another. The job is as stored, and is sent
    /// later (a round without a verdict).
    Stored,
    /// No verdict after it was sent: [`recovery`] with [`Known::MaybeSent`].
    MaybeSent,
}

impl AfterCall {
    /// Every end's word, as [`AfterCall::word`] gives them.
    pub const WORDS: &'static [&'static str] = &["settled", "failed", "stored", "maybe-sent"];

    /// The end's word, one of [`AfterCall::WORDS`].
    pub fn word(self) -> &'static str {
        match self {
            Self::Settled => "settled",
            Self::Failed => "failed",
            Self::Stored => "stored",
            Self::MaybeSent => "maybe-sent",
        }
    }
}

/// What a call's error makes of the stored write it sent: a verdict fails
/// the job; an ambiguous end (a network failure, a timeout, HTTP
/// 429/502/503/504, code 500, a refused nonce: `ClientError::is_nonce_refused`),
/// an abort or a failed hook leave it stored when
/// nothing was sent, and maybe sent otherwise. A token provider that fails
/// after the service refused the token (HTTP 401, the error's `status`)
/// leaves it stored: every attempt that reached the service was refused, or
/// was one a repeat settles (only the idempotent and keyed writes are retried
/// after an ambiguous end). `answered`: the error carries the answer's payload
/// (kind `hook` after the answer: `error.data.is_some()`), so the work is done.
pub fn after_call(endpoint: Endpoint, error: &ClientError, answered: bool) -> AfterCall {
    if error.kind == ErrorKind::Hook && answered {
        return AfterCall::Settled;
    }
    if error.kind == ErrorKind::Hook && error.status == Some(401) {
        return AfterCall::Stored;
    }
    // A refused nonce: a copy of this request reached the service before (a browser's own resend), so it
    // may have done the work, as after a lost answer (a refusal would fail a job whose order was made).
    let open = matches!(error.kind, ErrorKind::Aborted | ErrorKind::Hook)
        || error.is_retryable_when(endpoint, true)
        || error.is_nonce_refused();
    match (open, error.sent) {
        (false, _) => AfterCall::Failed,
        (true, false) => AfterCall::Stored,
        (true, true) => AfterCall::MaybeSent,
    }
}

/// What a job whose outcome is unknown says (an outbox's error of kind
/// `unknown`, `sent` true): what happened, and what a portal can check.
pub fn unknown_message(endpoint: Endpoint, check: &str) -> String {
    let mut message = String::from("the outcome of this ");
    message.push_str(endpoint.name());
    message.push_str(" is unknown: its answer was lost, and it is not sent twice; to learn whether it was done: ");
    message.push_str(check);
    message
}

/// How long an outbox waits before it sends a write again after its
/// `rounds`-th call ended without a verdict (1, 2, …): 1 s doubled per round
/// up to a minute, half of it `jitter` (a number in [0, 1)). A reload sends
/// at once (round 0: no wait).
pub fn resend_delay_ms(rounds: u32, jitter: f64) -> u32 {
    if rounds == 0 {
        return 0;
    }
    let ceiling = 1_000u64.saturating_mul(1u64 << (rounds - 1).min(6)).min(60_000);
    (ceiling as f64 * (0.5 + 0.5 * jitter.clamp(0.0, 1.0))) as u32
}

impl<T: Transport> Client<T> {
    /// [`resend_delay_ms`] with jitter from the transport's random source
    /// (the one the nonces and the backoff use).
    pub fn resend_delay_ms(&self, rounds: u32) -> u32 {
        resend_delay_ms(rounds, crate::nonce::jitter(&self.transport))
    }
}

/// Whether a new write may join a job kept under the same endpoint and
/// repeat key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Admission {
    /// No job is kept under its key (or it has none): a new job.
    New,
    /// The kept job holds the same request: the write is that job.
    Same,
    /// The kept job holds another request under this key: refused
    /// ([`conflict_message`]), nothing stored or sent; the service would
    /// answer it with the kept one's result.
    Conflict,
}

/// The repeat key of a write: the value of its endpoint's `repeat_key` field,
/// when it is not blank (a job's `key`). Two writes with the same endpoint,
/// key and [`Endpoint::repeat_scope`] values are one request to the service
/// ([`key_id`]).
pub fn write_key(endpoint: Endpoint, text: &str) -> Option<String> {
    let key = endpoint.def().repeat_key?;
    licensing_core::request::member_text(text, key).filter(|value| !value.trim().is_empty())
}

/// What names one request to the service among every write of an outbox:
/// the endpoint, the values of its [`Endpoint::repeat_scope`] fields (an absent
/// one as empty) and its [`write_key`], joined by NUL; `None` without a key. A
/// store keeps one job per `key_id` (IndexedDB's unique index).
///
/// ```
/// use licensing_client::recovery::key_id;
/// use licensing_core::wire::Endpoint;
/// let web = key_id(Endpoint::BatchOrder, r#"{"channelCode":"WEB","channelOrderId":"CO-1"}"#);
/// let app = key_id(Endpoint::BatchOrder, r#"{"channelCode":"APP","channelOrderId":"CO-1"}"#);
/// assert_eq!(web.as_deref(), Some("batchOrder\u{0}WEB\u{0}CO-1"));
/// assert_ne!(web, app, "two channels' own order numbers");
/// assert_eq!(key_id(Endpoint::CreateEnterprise, r#"{"crmCustomerId":"C-1"}"#).as_deref(), Some("createEnterprise\u{0}C-1"));
/// assert_eq!(key_id(Endpoint::ShellNums, r#"{"size":1}"#), None);
/// ```
pub fn key_id(endpoint: Endpoint, text: &str) -> Option<String> {
    let key = write_key(endpoint, text)?;
    let mut out = String::from(endpoint.name());
    for field in endpoint.repeat_scope() {
        out.push('\u{0}');
        out.push_str(&licensing_core::request::member_text(text, field).unwrap_or_default());
    }
    out.push('\u{0}');
    out.push_str(&key);
    Some(out)
}

/// Whether `text` may join `kept`, the request of a job kept under the same
/// [`key_id`] (`None`: there is none).
pub fn admission(text: &str, kept: Option<&str>) -> Admission {
    match kept {
        None => Admission::New,
        Some(kept) if same_request(kept, text) => Admission::Same,
        Some(_) => Admission::Conflict,
    }
}

/// [`admission`] against a write whose job was pruned, of which only its
/// [`request_digest`] was kept.
pub fn admission_of_digest(text: &str, kept_digest: &str) -> Admission {
    match request_digest(text) {
        Some(digest) if digest == kept_digest => Admission::Same,
        _ => Admission::Conflict,
    }
}

/// What a write refused for its key says (an outbox's error of kind
/// `conflict`, nothing stored or sent): its key and scope as `text` holds
/// them; `pruned` when the other request's job is gone and only its key and
/// digest were kept.
pub fn conflict_message(endpoint: Endpoint, text: &str, pruned: bool) -> String {
    let mut message = String::from("another ");
    message.push_str(endpoint.name());
    message.push_str(if pruned { " request was done under " } else { " request is kept under " });
    for field in endpoint.repeat_scope() {
        message.push_str(field);
        message.push_str(" \"");
        message.push_str(&licensing_core::request::member_text(text, field).unwrap_or_default());
        message.push_str("\" and ");
    }
    message.push_str(endpoint.def().repeat_key.unwrap_or("its key"));
    message.push_str(" \"");
    message.push_str(&write_key(endpoint, text).unwrap_or_default());
    message.push_str(if pruned { "\" (its job was pruned from the outbox)" } else { "\"" });
    message.push_str(": the service would answer this one with that one's result; nothing was stored or sent");
    licensing_core::validate::excerpt(&message, licensing_core::response::MAX_ERROR_TEXT)
}

#[cfg(test)]
mod tests;
