//! The fetch client: validates, sends with the service's auth and nonce, reads
//! its envelopes, retries what is safe to retry. Works wherever a global `fetch`
//! exists: browser windows, Web Workers and Node 18+.
//!
//! ```no_run
//! # async fn demo() -> Result<(), licensing_core::response::ClientError> {
//! use licensing_sdk::client::{CallOptions, Client, ClientOptions};
//! use licensing_sdk::model::ShellNumsRequest;
//! let client = Client::new(ClientOptions::new("http://127.0.0.1:8787", "dev-order-token"))?;
//! let numbers = client.shell_nums(&ShellNumsRequest { size: Some(2) }, &CallOptions::default()).await?;
//! # Ok(()) }
//! ```
//!
//! Retry policy (per endpoint): an answer with code 500 ("network exception,
//! retry") is always retried; network failures, timeouts and HTTP 502/503/504 are
//! retried only for calls that are safe to repeat (`queryEnterprises`,
//! `listAssets`, `updateEnterprise`, `lockAssets`, `unlockAssets`), never for
//! calls that could create twice (`bindEnterprise`, `createEnterprise`,
//! `batchOrder`, `shellNums`, `joinActivity`). Each attempt has a fresh nonce and
//! its own timeout; backoff is exponential with jitter.

mod nonce;
mod transport;

use std::rc::Rc;

use licensing_core::model::*;
use licensing_core::response::{backoff_ms, read_activity, read_order, Answer, ClientError, ErrorKind};
use licensing_core::validate::{self, Issue, Locale, Options, Profile};
use licensing_core::wire::{CallUrl, Endpoint, Method, Module};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use transport::CallOptions;

/// Which side of a call warnings come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// The request's validation: warnings it was sent with.
    Request,
    /// The answer's reading: what the tolerant reader let through.
    Response,
}

impl Phase {
    /// `request` or `response`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Request => "request",
            Self::Response => "response",
        }
    }
}

/// A callback for warnings: `(endpoint, phase, warnings)`, called only when there
/// are some. It is for logs and debugging; it cannot fail a call.
pub type WarningHook = Rc<dyn Fn(Endpoint, Phase, &[Issue])>;

/// Options of a client.
#[derive(Clone)]
pub struct ClientOptions {
    /// Absolute base address, e.g. `https://licensing.example.com` (absolute is
    /// required in Node, which has no page to resolve against).
    pub base_url: String,
    /// The application access token (sent as `Authorization: Bearer …`, never logged).
    pub token: String,
    /// The integrator's app key, sent by `batchOrder`.
    pub app_key: Option<String>,
    /// Per-attempt timeout.
    pub timeout_ms: u32,
    /// Retries after the first attempt (when the policy allows).
    pub max_retries: u32,
    /// First backoff; doubles per retry, with jitter, capped at 10 s.
    pub retry_base_ms: u32,
    /// Language of validation messages.
    pub locale: Locale,
    /// Which requests the client refuses to send: those with errors under this
    /// rules profile (`Recommended` by default; `Spec` sends whatever the spec
    /// allows, with the inferred rules' issues as warnings).
    pub rules: Profile,
    /// Called with the warnings of a request it sends and of an answer it reads.
    pub on_warnings: Option<WarningHook>,
    /// A `fetch(request) → Promise<Response>` to call instead of the global
    /// one (a test double, an in-process simulator, a fetch with a proxy agent).
    pub fetch: Option<js_sys::Function>,
    /// Largest answer read, in bytes; a larger one is a `decode` error (the
    /// service has answered, so it is not retried as a network failure).
    pub max_response_bytes: usize,
    /// Extra headers on every call (tracing, the simulator's `x-sim-fault`);
    /// `Authorization` and `Content-Type` are the client's own and cannot be set here.
    pub headers: Vec<(String, String)>,
}

impl ClientOptions {
    /// Default [`ClientOptions::max_response_bytes`]: 32 MiB.
    pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 32 << 20;

    /// Options with the defaults: 30 s timeout, 2 retries, 200 ms first backoff.
    pub fn new(base_url: impl Into<String>, token: impl Into<String>) -> Self {
        Self {
            base_url: base_url.into(),
            token: token.into(),
            app_key: None,
            timeout_ms: 30_000,
            max_retries: 2,
            retry_base_ms: 200,
            locale: Locale::En,
            rules: Profile::Recommended,
            on_warnings: None,
            fetch: None,
            max_response_bytes: Self::DEFAULT_MAX_RESPONSE_BYTES,
            headers: Vec::new(),
        }
    }
}

impl core::fmt::Debug for ClientOptions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Never the token, nor header values (they may hold credentials).
        f.debug_struct("ClientOptions")
            .field("base_url", &self.base_url)
            .field("token", &"[redacted]")
            .field("app_key", &self.app_key)
            .field("timeout_ms", &self.timeout_ms)
            .field("max_retries", &self.max_retries)
            .field("retry_base_ms", &self.retry_base_ms)
            .field("locale", &self.locale)
            .field("rules", &self.rules)
            .field("on_warnings", &self.on_warnings.is_some())
            .field("fetch", &self.fetch.is_some())
            .field("max_response_bytes", &self.max_response_bytes)
            .field("headers", &self.headers.iter().map(|(k, _)| k).collect::<Vec<_>>())
            .finish()
    }
}

/// A client of the service.
#[derive(Debug, Clone)]
pub struct Client {
    opts: ClientOptions,
}

/// The longest timer `setTimeout` keeps: a longer delay fires at once.
pub const MAX_TIMER_MS: u32 = (1 << 31) - 1;

/// `Ok` when `value` is within `min..=max`; else a validation error naming the option.
pub(crate) fn check_range(name: &str, value: u32, min: u32, max: u32) -> Result<(), ClientError> {
    if (min..=max).contains(&value) {
        return Ok(());
    }
    let mut message = String::from(name);
    message.push_str(" must be an integer from ");
    message.push_str(&licensing_core::validate::itoa_u64(u64::from(min)));
    message.push_str(" to ");
    message.push_str(&licensing_core::validate::itoa_u64(u64::from(max)));
    Err(ClientError::new(ErrorKind::Validation, message))
}

fn validation_error(message: &str, issues: Vec<validate::Issue>) -> ClientError {
    let mut err = ClientError::new(ErrorKind::Validation, message);
    err.issues = issues;
    err
}

impl Client {
    /// A client, if its options are usable: an absolute `http(s)://` base URL
    /// without credentials, query or fragment; a token of visible ASCII; header
    /// names and values that can be sent; timers within what `setTimeout`
    /// keeps (2³¹ − 1 ms). The errors name the option, never its value.
    pub fn new(opts: ClientOptions) -> Result<Self, ClientError> {
        let refuse = |message: &str| Err(ClientError::new(ErrorKind::Validation, message));
        let base = opts.base_url.trim_end_matches('/');
        let after_scheme = base.strip_prefix("http://").or_else(|| base.strip_prefix("https://"));
        let authority = after_scheme.map_or("", |rest| rest.split('/').next().unwrap_or(""));
        if authority.is_empty() {
            return refuse("baseUrl must be an absolute http:// or https:// URL");
        }
        if authority.contains('@') {
            return refuse("baseUrl must not carry credentials (user:password@): use the token");
        }
        if base.contains(['?', '#']) || base.bytes().any(|b| !b.is_ascii_graphic()) {
            return refuse("baseUrl must be a plain URL: no query, fragment, spaces or control characters");
        }
        if opts.token.is_empty() || !opts.token.bytes().all(|b| b.is_ascii_graphic()) {
            return refuse("token must be visible ASCII characters (no spaces, line breaks or control characters)");
        }
        for (name, value) in &opts.headers {
            let name_ok =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
            if !name_ok {
                return refuse("headers: a header name is not an HTTP token");
            }
            if !value.bytes().all(|b| b == b'\t' || (b' '..=b'~').contains(&b)) {
                let mut message = String::from("headers: the value of ");
                message.push_str(name);
                message.push_str(" has characters a header cannot carry");
                return Err(ClientError::new(ErrorKind::Validation, message));
            }
        }
        check_range("timeoutMs", opts.timeout_ms, 1, MAX_TIMER_MS)?;
        check_range("retryBaseMs", opts.retry_base_ms, 1, 10_000)?;
        check_range("maxRetries", opts.max_retries, 0, 10)?;
        if opts.max_response_bytes == 0 {
            return refuse("maxResponseBytes must be at least 1");
        }
        let opts = ClientOptions { base_url: base.to_owned(), ..opts };
        Ok(Self { opts })
    }

    /// The options in force.
    pub fn options(&self) -> &ClientOptions {
        &self.opts
    }

    fn warn(&self, endpoint: Endpoint, phase: Phase, warnings: &[Issue]) {
        if let (Some(hook), false) = (&self.opts.on_warnings, warnings.is_empty()) {
            hook(endpoint, phase, warnings);
        }
    }

    /// Validates a request given as JSON text (under the client's rules
    /// profile), then sends it with retries; the answer's payload (`data` or
    /// `detail`) as the service sent it, with what the reader tolerated (see
    /// [`Answer`]). One non-generic future for every endpoint and for both the
    /// Rust and the JS API: the wasm carries one copy of the retry loop, and no
    /// JSON tree or serializer (the text is sent as it is).
    pub async fn send_json(&self, endpoint: Endpoint, body: &str, call: &CallOptions) -> Result<Answer, ClientError> {
        let opts = Options::default().with_locale(self.opts.locale).with_rules(self.opts.rules);
        let report = validate::validate_json(endpoint, body, &opts);
        if !report.valid {
            let mut message = String::from("invalid ");
            message.push_str(endpoint.name());
            message.push_str(" request");
            if let Some(first) = report.first_error_line() {
                message.push_str(": ");
                message.push_str(&first);
            }
            return Err(validation_error(&message, report.issues));
        }
        self.warn(endpoint, Phase::Request, &report.issues);
        if endpoint == Endpoint::BatchOrder && self.opts.app_key.as_deref().is_none_or(|k| k.trim().is_empty()) {
            return Err(validation_error("batchOrder needs the appKey client option", Vec::new()));
        }
        let payload = match endpoint.method() {
            Method::Post => Some(body),
            Method::Get => None,
        };
        let timeout_ms = call.timeout_ms.unwrap_or(self.opts.timeout_ms);
        check_range("timeoutMs", timeout_ms, 1, MAX_TIMER_MS)?;
        let call_url = CallUrl::new(endpoint, &self.opts.base_url, body, self.opts.app_key.as_deref());
        let mut attempt = 0;
        loop {
            let url = call_url.with_nonce(&nonce::fresh()?);
            let result = match transport::send(endpoint.method(), &url, &self.opts, payload, timeout_ms, call).await {
                Ok((status, text)) => match endpoint.module() {
                    Module::Order => read_order(endpoint, status, &text),
                    Module::Activity => read_activity(status, &text),
                },
                Err(e) => Err(e),
            };
            match result {
                Err(e) if attempt < self.opts.max_retries && e.is_retryable(endpoint) => {
                    attempt += 1;
                    transport::sleep(backoff_ms(attempt, self.opts.retry_base_ms, js_sys::Math::random()), call)
                        .await?;
                }
                Ok(answer) => {
                    self.warn(endpoint, Phase::Response, &answer.warnings);
                    return Ok(answer);
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Sends a typed request and reads the endpoint's payload as `T` (the
    /// response types read tolerantly, see [`licensing_core::model::tolerant`]);
    /// `T::default()` when the endpoint sends none.
    pub async fn send<B: Serialize, T: DeserializeOwned + Default>(
        &self,
        endpoint: Endpoint,
        body: &B,
        call: &CallOptions,
    ) -> Result<T, ClientError> {
        let body = serde_json::to_string(body).map_err(|e| ClientError::new(ErrorKind::Validation, e.to_string()))?;
        let answer = self.send_json(endpoint, &body, call).await?;
        answer
            .parse::<T>()
            .map_err(|e| ClientError::new(ErrorKind::Decode, format!("the {endpoint} data cannot be read: {e}")))
    }

    /// Endpoint 1.
    pub async fn bind_enterprise(
        &self,
        body: &BindEnterpriseRequest,
        call: &CallOptions,
    ) -> Result<EnterpriseCustomer, ClientError> {
        self.send(Endpoint::BindEnterprise, body, call).await
    }
    /// Endpoint 2.
    pub async fn create_enterprise(
        &self,
        body: &CreateEnterpriseRequest,
        call: &CallOptions,
    ) -> Result<EnterpriseCreation, ClientError> {
        self.send(Endpoint::CreateEnterprise, body, call).await
    }
    /// Endpoint 3.
    pub async fn query_enterprises(
        &self,
        query: &QueryEnterprisesRequest,
        call: &CallOptions,
    ) -> Result<Vec<EnterpriseCustomer>, ClientError> {
        self.send(Endpoint::QueryEnterprises, query, call).await
    }
    /// Endpoint 4 (no data).
    pub async fn update_enterprise(
        &self,
        body: &UpdateEnterpriseRequest,
        call: &CallOptions,
    ) -> Result<(), ClientError> {
        self.send::<_, serde_json::Value>(Endpoint::UpdateEnterprise, body, call).await.map(|_| ())
    }
    /// Endpoint 5 (`appKey` from the options). An async batch answered without
    /// data resolves to an empty list.
    pub async fn batch_order(
        &self,
        body: &BatchOrderRequest,
        call: &CallOptions,
    ) -> Result<Vec<BatchOrderResult>, ClientError> {
        self.send(Endpoint::BatchOrder, body, call).await
    }
    /// Endpoint 6.
    pub async fn lock_assets(&self, body: &LockRequest, call: &CallOptions) -> Result<Vec<LockResult>, ClientError> {
        self.send(Endpoint::LockAssets, body, call).await
    }
    /// Endpoint 7.
    pub async fn unlock_assets(&self, body: &LockRequest, call: &CallOptions) -> Result<Vec<LockResult>, ClientError> {
        self.send(Endpoint::UnlockAssets, body, call).await
    }
    /// Endpoint 8.
    pub async fn list_assets(
        &self,
        query: &ListAssetsRequest,
        call: &CallOptions,
    ) -> Result<Vec<AssetRecord>, ClientError> {
        self.send(Endpoint::ListAssets, query, call).await
    }
    /// Endpoint 9: the digit strings as sent (a number is read as its text);
    /// [`AssetNumber`] parses one.
    pub async fn shell_nums(&self, body: &ShellNumsRequest, call: &CallOptions) -> Result<Vec<String>, ClientError> {
        let numbers: Vec<serde_json::Value> = self.send(Endpoint::ShellNums, body, call).await?;
        Ok(numbers.iter().filter_map(tolerant::text_of).collect())
    }
    /// Endpoint 10: the claimed products.
    pub async fn join_activity(
        &self,
        body: &ActivityRequest,
        call: &CallOptions,
    ) -> Result<ActivityDetail, ClientError> {
        self.send(Endpoint::JoinActivity, body, call).await
    }
}
