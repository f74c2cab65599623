//! What a failed call is: its kind, what the service said, and whether it may
//! be retried.

use super::answer;
use super::RawJson;
use crate::model::{ActivityRejection, BusinessCode};
use crate::validate::{Issue, Report};
use crate::wire::{Endpoint, Module, NONCE_PARAM};

/// What went wrong with a call. The wire names (`as_str`) are the JS `kind`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The request did not pass validation; nothing was sent.
    Validation,
    /// Order module: HTTP 299, or HTTP 200 with a non-zero `code`.
    Business,
    /// Activity module: a `resultCode` other than `0000`.
    Activity,
    /// Any other HTTP status.
    Http,
    /// The request could not be sent or the response not read.
    Network,
    /// An attempt took longer than its timeout.
    Timeout,
    /// The caller's AbortSignal fired.
    Aborted,
    /// The body is not the expected JSON.
    Decode,
    /// A hook or the token provider threw, rejected or gave an unusable value:
    /// the call stops there (nothing more is sent).
    Hook,
}

impl ErrorKind {
    /// `validation`, `business`, `activity`, `http`, `network`, `timeout`, `aborted`, `decode`, `hook`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Validation => "validation",
            Self::Business => "business",
            Self::Activity => "activity",
            Self::Http => "http",
            Self::Network => "network",
            Self::Timeout => "timeout",
            Self::Aborted => "aborted",
            Self::Decode => "decode",
            Self::Hook => "hook",
        }
    }

    /// The kind of a wire name ([`ErrorKind::as_str`]); `None` for a name of
    /// none. An outbox reads back the kind of an error it stored.
    #[cfg(feature = "outbox")]
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "validation" => Self::Validation,
            "business" => Self::Business,
            "activity" => Self::Activity,
            "http" => Self::Http,
            "network" => Self::Network,
            "timeout" => Self::Timeout,
            "aborted" => Self::Aborted,
            "decode" => Self::Decode,
            "hook" => Self::Hook,
            _ => return None,
        })
    }
}

/// A failed call: the kind and what the service or the runtime said. Never holds
/// the bearer token.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ClientError {
    /// What went wrong (the JS `kind`).
    pub kind: ErrorKind,
    /// What the service or the runtime said, cut to [`MAX_ERROR_TEXT`].
    pub message: String,
    /// Business code or activity `resultCode`, as a string.
    pub code: Option<String>,
    /// The order module's `cause`.
    pub cause: Option<String>,
    /// HTTP status, when a response arrived.
    pub status: Option<u16>,
    /// Validation issues (kind `validation`).
    pub issues: Vec<Issue>,
    /// `activityDtoList` of a 3002 refusal, checked; typed by
    /// [`ClientError::activity_rejections`].
    pub activities: Option<RawJson>,
    /// Whether the request may have reached the service: `false` when
    /// nothing left the machine (validation, options, a hook or the token
    /// provider before the first attempt), `true` once an attempt was handed
    /// to the network, whatever came back.
    pub sent: bool,
    /// The answer's payload when the service answered the call but a hook
    /// failed after it (kind `hook`): the work is done, and its result is here.
    pub data: Option<RawJson>,
}

impl ClientError {
    /// A failure of a kind with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            code: None,
            cause: None,
            status: None,
            issues: Vec::new(),
            activities: None,
            sent: false,
            data: None,
        }
    }

    pub(super) fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }

    /// The `activityDtoList` of a 3002 refusal, typed.
    pub fn activity_rejections(&self) -> Option<Vec<ActivityRejection>> {
        self.activities.as_ref().and_then(|raw| raw.parse().ok())
    }

    /// Whether the service asked for a retry (order code 500, "network exception, retry").
    pub fn is_retry_code(&self) -> bool {
        self.kind == ErrorKind::Business && self.code.as_deref() == Some(BusinessCode::RETRY)
    }

    /// Whether the service refused the call's `g_nonce`: a parameter refusal
    /// (order code 13004, activity `resultCode` 1001) whose words name it, as
    /// a replay's do. The client never sends a nonce twice, so it says that a
    /// copy of this very request reached the service before: a browser resends
    /// a POST by itself when a reused connection is cut before the answer
    /// (Chromium does), and the first copy may have done the work: an outbox
    /// counts the write as maybe sent (licensing-client's `recovery::after_call`),
    /// not refused. The spec shows no replay answer; this is the simulator's
    /// (its words name `g_nonce`).
    pub fn is_nonce_refused(&self) -> bool {
        let parameter = match self.kind {
            ErrorKind::Business => BusinessCode::VALIDATION,
            ErrorKind::Activity => crate::model::result_code::PARAMETER_ERROR,
            _ => return false,
        };
        let (text, name) = (self.message.as_bytes(), NONCE_PARAM.as_bytes());
        self.code.as_deref() == Some(parameter) && text.windows(name.len()).any(|at| at == name)
    }

    /// Whether this failure may be retried for a call of this endpoint that
    /// is not known to be safe to repeat otherwise: [`Self::is_retryable_when`]
    /// with the endpoint's idempotence.
    pub fn is_retryable(&self, endpoint: Endpoint) -> bool {
        self.is_retryable_when(endpoint, endpoint.is_idempotent())
    }

    /// Whether this failure may be retried, for a call that is `safe_to_repeat`
    /// or not ([`Endpoint::is_safe_to_repeat`], or the caller's word). Only an
    /// ambiguous failure is retried, and only when repeating is safe: code 500
    /// ("network exception, retry": the spec does not say the work was not
    /// done) from the order module, network failures, timeouts and HTTP
    /// 429/502/503/504. The activity module never answers code 500, so an
    /// order envelope on an activity call is no reason to claim again.
    pub fn is_retryable_when(&self, endpoint: Endpoint, safe_to_repeat: bool) -> bool {
        let ambiguous = match self.kind {
            ErrorKind::Network | ErrorKind::Timeout => true,
            ErrorKind::Http => matches!(self.status, Some(429 | 502..=504)),
            ErrorKind::Business => self.is_retry_code() && endpoint.module() == Module::Order,
            _ => false,
        };
        ambiguous && safe_to_repeat
    }
}

impl core::fmt::Display for ClientError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.message)
    }
}

impl std::error::Error for ClientError {}

/// A failed validation as a call's error (kind `validation`, nothing sent), so
/// that `Valid::new(body)?` works in a function returning `ClientError`. The
/// message is the report's gist (its first error); `issues` holds every issue.
impl From<Report> for ClientError {
    fn from(report: Report) -> Self {
        let mut message = String::from("invalid request");
        if let Some(first) = report.first_error_line() {
            message.push_str(": ");
            message.push_str(&first);
        }
        let mut err = ClientError::new(ErrorKind::Validation, message);
        err.issues = report.issues;
        err
    }
}

pub(super) fn decode_error(status: u16, what: &str, reason: &str) -> ClientError {
    let mut message = String::from("HTTP ");
    message.push_str(crate::validate::itoa_u64(u64::from(status)).as_str());
    message.push_str(": the body is not ");
    message.push_str(what);
    message.push_str(": ");
    message.push_str(reason);
    ClientError::new(ErrorKind::Decode, message).with_status(status)
}

pub(super) fn http_error(status: u16) -> ClientError {
    let mut message = String::from("HTTP ");
    message.push_str(crate::validate::itoa_u64(u64::from(status)).as_str());
    ClientError::new(ErrorKind::Http, message).with_status(status)
}

/// Most characters of a service's text kept in an error (`message`, `cause`,
/// `code`): the rest is cut, marked with `…` (an error is logged and shown; a
/// 100 MB message must not be).
pub const MAX_ERROR_TEXT: usize = 2_000;

/// A text of the service, cut for an error.
pub(super) fn cut(text: String) -> String {
    if text.len() <= MAX_ERROR_TEXT {
        return text;
    }
    crate::validate::excerpt(&text, MAX_ERROR_TEXT)
}

/// A business failure from an order envelope (HTTP 299, or 200 with code ≠ 0).
pub(super) fn business(status: u16, envelope: &answer::Envelope<'_>) -> ClientError {
    let code = cut(envelope.text("code").unwrap_or_default());
    let message = match envelope.text("message").filter(|m| !m.is_empty()) {
        Some(m) => cut(m),
        None => String::from("business error ") + &code,
    };
    let mut err = ClientError::new(ErrorKind::Business, message).with_status(status);
    err.code = Some(code);
    err.cause = envelope.text("cause").map(cut);
    err
}

#[cfg(all(test, feature = "outbox"))]
mod tests {
    use super::ErrorKind;

    #[test]
    fn every_kind_reads_back_from_its_wire_name() {
        // The match makes a new kind a compile error here until it is listed.
        let all = [
            ErrorKind::Validation,
            ErrorKind::Business,
            ErrorKind::Activity,
            ErrorKind::Http,
            ErrorKind::Network,
            ErrorKind::Timeout,
            ErrorKind::Aborted,
            ErrorKind::Decode,
            ErrorKind::Hook,
        ];
        for kind in all {
            match kind {
                ErrorKind::Validation
                | ErrorKind::Business
                | ErrorKind::Activity
                | ErrorKind::Http
                | ErrorKind::Network
                | ErrorKind::Timeout
                | ErrorKind::Aborted
                | ErrorKind::Decode
                | ErrorKind::Hook => {}
            }
            assert_eq!(ErrorKind::parse(kind.as_str()), Some(kind), "{kind:?}: add it to ErrorKind::parse");
        }
        assert_eq!(ErrorKind::parse("Hook"), None);
    }
}
