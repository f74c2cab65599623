//! What goes in and out of the simulator: a request's head, its body (or why
//! it could not be read), and the reply. Plain values, so any shell can carry
//! them: hyper in the binary, a `Request`/`Response` pair in JS, a Rust
//! transport in process.
//!
//! ```
//! use licensing_sim_core::RequestHead;
//! let head = RequestHead::new("GET", "/order/api/order/v1/asset/EG-1/list", Some("g_nonce=n1"))
//!     .header("Authorization", "Bearer dev-order-token");
//! assert_eq!(head.header_value("authorization"), Some("Bearer dev-order-token"));
//! ```

/// The head of an HTTP request: method, path, raw query and headers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestHead {
    /// `GET`, `POST`, ... (compared without regard to case).
    pub method: String,
    /// The path, still percent-encoded (`/order/api/...`).
    pub path: String,
    /// The query string without its `?`, still percent-encoded.
    pub query: Option<String>,
    /// The headers in the order given; names compare without regard to case.
    pub headers: Vec<(String, String)>,
}

impl RequestHead {
    /// A head without headers.
    pub fn new(method: &str, path: &str, query: Option<&str>) -> Self {
        Self { method: method.to_owned(), path: path.to_owned(), query: query.map(str::to_owned), headers: Vec::new() }
    }

    /// The same head with one more header.
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The first value of a header (names compare without regard to case).
    pub fn header_value(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Why a shell could not hand over a request's body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BodyError {
    /// More bytes than the simulator's `max_body_bytes` arrived.
    TooLarge,
    /// The body did not arrive within the shell's body timeout (seconds).
    TimedOut {
        /// The timeout that passed, in seconds.
        secs: u64,
    },
}

/// How a reply's body ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum BodyEnd {
    /// The body is complete.
    Complete,
    /// The body is only a start and never ends (`x-sim-fault: stall-body`): the
    /// shell sends it and then holds the stream open until the client goes.
    Stalls,
    /// There is no answer: the shell cuts the connection (`x-sim-fault:
    /// reset`), and the client sees a network failure.
    Reset,
}

/// The simulator's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status (200, 299, 401, ...).
    pub status: u16,
    /// The headers of the answer (`content-type`, `allow`).
    pub headers: Vec<(&'static str, String)>,
    /// The body bytes (UTF-8 JSON for every API answer).
    pub body: Vec<u8>,
    /// Whether the body is whole or stalls after these bytes.
    pub end: BodyEnd,
    /// Milliseconds the shell waits before it answers (`x-sim-fault: delay=MS`).
    pub delay_ms: u64,
}

impl Reply {
    /// A complete answer, sent at once.
    pub(crate) fn new(status: u16, content_type: Option<&'static str>, body: Vec<u8>) -> Self {
        let headers = content_type.map(|t| vec![("content-type", t.to_owned())]).unwrap_or_default();
        Self { status, headers, body, end: BodyEnd::Complete, delay_ms: 0 }
    }

    /// The value of one of the reply's headers.
    pub fn header_value(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as text (every answer of the simulator is UTF-8).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The reply with one more header.
    pub fn with_header(mut self, name: &'static str, value: &str) -> Self {
        self.headers.push((name, value.to_owned()));
        self
    }

    pub(crate) fn delayed(mut self, delay_ms: u64) -> Self {
        self.delay_ms = delay_ms;
        self
    }
}
