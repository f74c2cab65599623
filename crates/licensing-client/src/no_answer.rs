//! Why an exchange over `fetch` ended without an answer the client can read,
//! as the transport saw it, and the error each of these ends the attempt
//! with. One list for the two transports over `fetch` (the Rust one, feature
//! `fetch`, and the npm package's JavaScript loop), so that both say the same.

use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::validate::itoa_u64;

/// What ended an exchange without a readable answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoAnswer<'a> {
    /// The caller's signal fired (kind `aborted`).
    Aborted,
    /// The attempt's time ran out (kind `timeout`).
    TimedOut {
        /// The attempt's time.
        ms: u32,
    },
    /// The runtime failed (no connection, CORS, …): what it said (kind `network`).
    Network(&'a str),
    /// The request could not be built: what the runtime said (kind `network`).
    Unbuildable(&'a str),
    /// A header was refused by the runtime (kind `network`).
    HeaderRefused,
    /// What the `fetch` option gave is not a usable Response: why (kind `network`).
    NotAResponse(&'a str),
    /// Reading the answer's `body` threw (kind `decode`).
    BodyThrew {
        /// The answer's status.
        status: u16,
    },
    /// The service answered with a redirect, which is not followed (kind
    /// `http`, not retried): its status, `None` for an opaque redirect.
    Redirect {
        /// The status, when the runtime shows it.
        status: Option<u16>,
    },
    /// The answer is larger than the client reads (kind `decode`).
    TooLarge {
        /// The answer's status.
        status: u16,
        /// `maxResponseBytes`.
        max_bytes: usize,
    },
    /// The body cannot be read: already read, or locked by a reader (kind `decode`).
    BodyLocked {
        /// The answer's status.
        status: u16,
    },
    /// The body failed while read (kind `decode`).
    BodyFailed {
        /// The answer's status.
        status: u16,
    },
    /// The body's chunks are not bytes (kind `decode`).
    NotBytes {
        /// The answer's status.
        status: u16,
    },
    /// The body is not UTF-8 text, which JSON is (kind `decode`).
    NotUtf8 {
        /// The answer's status.
        status: u16,
    },
    /// The `clock` option's `setTimeout` threw: what it said (kind `hook`:
    /// nothing more is sent, as when a hook fails).
    ClockThrew(&'a str),
    /// There is no `crypto.getRandomValues` for the nonce (kind `network`).
    NoRandom,
}

/// "HTTP <status>" and the rest of a message.
fn http_message(status: u16, rest: &str) -> String {
    let mut message = String::from("HTTP ");
    message.push_str(&itoa_u64(u64::from(status)));
    message.push_str(rest);
    message
}

impl NoAnswer<'_> {
    /// The error the attempt ends with.
    pub fn error(self) -> ClientError {
        let with_status = |kind, status: u16, rest: &str| {
            let mut error = ClientError::new(kind, http_message(status, rest));
            error.status = Some(status);
            error
        };
        let text = |prefix: &str, said: &str| String::from(prefix) + said;
        match self {
            Self::Aborted => ClientError::new(ErrorKind::Aborted, "the call was aborted"),
            Self::TimedOut { ms } => {
                let mut message = String::from("no answer within ");
                message.push_str(&itoa_u64(u64::from(ms)));
                message.push_str(" ms");
                ClientError::new(ErrorKind::Timeout, message)
            }
            Self::Network(said) => ClientError::new(ErrorKind::Network, said),
            Self::Unbuildable(said) => ClientError::new(ErrorKind::Network, text("cannot build the request: ", said)),
            Self::HeaderRefused => ClientError::new(ErrorKind::Network, "a header cannot be sent"),
            Self::NotAResponse(why) => {
                ClientError::new(ErrorKind::Network, text("the fetch option's answer is not a usable Response: ", why))
            }
            Self::BodyThrew { status } => {
                let mut error = ClientError::new(
                    ErrorKind::Decode,
                    "the fetch option's answer is not a usable Response: reading body threw",
                );
                error.status = Some(status);
                error
            }
            Self::Redirect { status } => {
                let rest = ": the service answered with a redirect, which is not followed (it would send the request to another address)";
                let mut error = ClientError::new(ErrorKind::Http, http_message(status.unwrap_or(0), rest));
                error.status = status;
                error
            }
            Self::TooLarge { status, max_bytes } => {
                let mut rest = String::from(": the answer is larger than ");
                rest.push_str(&itoa_u64(max_bytes as u64));
                rest.push_str(" bytes (maxResponseBytes)");
                with_status(ErrorKind::Decode, status, &rest)
            }
            Self::BodyLocked { status } => with_status(
                ErrorKind::Decode,
                status,
                ": the answer's body cannot be read (already read, or locked by a reader)",
            ),
            Self::BodyFailed { status } => {
                with_status(ErrorKind::Decode, status, ": the answer's body failed while read")
            }
            Self::NotBytes { status } => with_status(ErrorKind::Decode, status, ": the answer's body is not bytes"),
            Self::NotUtf8 { status } => with_status(ErrorKind::Decode, status, ": the answer is not UTF-8 text"),
            Self::ClockThrew(said) => {
                ClientError::new(ErrorKind::Hook, text("the clock option's setTimeout threw: ", said))
            }
            Self::NoRandom => ClientError::new(ErrorKind::Network, "no crypto.getRandomValues in this environment"),
        }
    }
}
