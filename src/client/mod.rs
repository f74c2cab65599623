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

use licensing_core::model::*;
use licensing_core::response::{backoff_ms, read_activity, read_order, ClientError, ErrorKind, RawJson};
use licensing_core::validate::{self, Locale, Options};
use licensing_core::wire::{CallUrl, Endpoint, Method, Module};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use transport::CallOptions;

/// Options of a client.
#[derive(Debug, Clone)]
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
    /// Extra headers on every call (tracing, the simulator's `x-sim-fault`);
    /// `Authorization` and `Content-Type` are the client's own and cannot be set here.
    pub headers: Vec<(String, String)>,
}

impl ClientOptions {
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
            headers: Vec::new(),
        }
    }
}

/// A client of the service.
#[derive(Debug, Clone)]
pub struct Client {
    opts: ClientOptions,
}

fn validation_error(message: &str, issues: Vec<validate::Issue>) -> ClientError {
    let mut err = ClientError::new(ErrorKind::Validation, message);
    err.issues = issues;
    err
}

impl Client {
    /// A client; the base URL must be absolute `http(s)://`.
    pub fn new(opts: ClientOptions) -> Result<Self, ClientError> {
        let base = opts.base_url.trim_end_matches('/');
        if !(base.starts_with("http://") || base.starts_with("https://")) || base.len() <= "https://".len() {
            return Err(ClientError::new(ErrorKind::Validation, "baseUrl must be an absolute http:// or https:// URL"));
        }
        if opts.token.trim().is_empty() {
            return Err(ClientError::new(ErrorKind::Validation, "token is required"));
        }
        let opts = ClientOptions { base_url: base.to_owned(), ..opts };
        Ok(Self { opts })
    }

    /// The options in force.
    pub fn options(&self) -> &ClientOptions {
        &self.opts
    }

    /// Validates a request given as JSON text, then sends it with retries; the
    /// payload (`data` or `detail`) as checked JSON text, `None` when the endpoint
    /// returns none. One non-generic future for every endpoint and for both the
    /// Rust and the JS API: the wasm carries one copy of the retry loop, and no
    /// JSON tree or serializer (the text is sent as it is).
    pub async fn send_json(&self, endpoint: Endpoint, body: &str, call: &CallOptions) -> Result<Option<RawJson>, ClientError> {
        let report = validate::validate_json(endpoint, body, &Options { locale: self.opts.locale, ..Options::default() });
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
        if endpoint == Endpoint::BatchOrder && self.opts.app_key.as_deref().is_none_or(|k| k.trim().is_empty()) {
            return Err(validation_error("batchOrder needs the appKey client option", Vec::new()));
        }
        let payload = match endpoint.method() {
            Method::Post => Some(body),
            Method::Get => None,
        };
        let timeout_ms = call.timeout_ms.unwrap_or(self.opts.timeout_ms);
        let call_url = CallUrl::new(endpoint, &self.opts.base_url, body, self.opts.app_key.as_deref());
        let mut attempt = 0;
        loop {
            let url = call_url.with_nonce(&nonce::fresh()?);
            let result = match transport::send(endpoint.method(), &url, &self.opts, payload, timeout_ms, call).await {
                Ok((status, text)) => match endpoint.module() {
                    Module::Order => read_order(endpoint, status, &text),
                    Module::Activity => read_activity(status, &text).map(Some),
                },
                Err(e) => Err(e),
            };
            match result {
                Err(e) if attempt < self.opts.max_retries && e.is_retryable(endpoint) => {
                    attempt += 1;
                    transport::sleep(backoff_ms(attempt, self.opts.retry_base_ms, js_sys::Math::random()), call).await?;
                }
                other => return other,
            }
        }
    }

    /// Sends a typed request and decodes the endpoint's data (checked against
    /// the response tables, then typed by serde).
    pub async fn send<B: Serialize, T: DeserializeOwned>(
        &self,
        endpoint: Endpoint,
        body: &B,
        call: &CallOptions,
    ) -> Result<Option<T>, ClientError> {
        let body = serde_json::to_string(body).map_err(|e| ClientError::new(ErrorKind::Validation, e.to_string()))?;
        let Some(data) = self.send_json(endpoint, &body, call).await? else { return Ok(None) };
        data.parse::<T>()
            .map(Some)
            .map_err(|e| ClientError::new(ErrorKind::Decode, format!("the {endpoint} data is not as expected: {e}")))
    }

    async fn data<B: Serialize, T: DeserializeOwned>(&self, endpoint: Endpoint, body: &B, call: &CallOptions) -> Result<T, ClientError> {
        self.send(endpoint, body, call)
            .await?
            .ok_or_else(|| ClientError::new(ErrorKind::Decode, format!("the {endpoint} answer has no data")))
    }

    /// Endpoint 1.
    pub async fn bind_enterprise(&self, body: &BindEnterpriseRequest, call: &CallOptions) -> Result<EnterpriseCustomer, ClientError> {
        self.data(Endpoint::BindEnterprise, body, call).await
    }
    /// Endpoint 2.
    pub async fn create_enterprise(&self, body: &CreateEnterpriseRequest, call: &CallOptions) -> Result<EnterpriseCreation, ClientError> {
        self.data(Endpoint::CreateEnterprise, body, call).await
    }
    /// Endpoint 3.
    pub async fn query_enterprises(&self, query: &QueryEnterprisesRequest, call: &CallOptions) -> Result<Vec<EnterpriseCustomer>, ClientError> {
        self.data(Endpoint::QueryEnterprises, query, call).await
    }
    /// Endpoint 4 (no data).
    pub async fn update_enterprise(&self, body: &UpdateEnterpriseRequest, call: &CallOptions) -> Result<(), ClientError> {
        self.send::<_, serde::de::IgnoredAny>(Endpoint::UpdateEnterprise, body, call).await.map(|_| ())
    }
    /// Endpoint 5 (`appKey` from the options).
    pub async fn batch_order(&self, body: &BatchOrderRequest, call: &CallOptions) -> Result<Vec<BatchOrderResult>, ClientError> {
        self.data(Endpoint::BatchOrder, body, call).await
    }
    /// Endpoint 6.
    pub async fn lock_assets(&self, body: &LockRequest, call: &CallOptions) -> Result<Vec<LockResult>, ClientError> {
        self.data(Endpoint::LockAssets, body, call).await
    }
    /// Endpoint 7.
    pub async fn unlock_assets(&self, body: &LockRequest, call: &CallOptions) -> Result<Vec<LockResult>, ClientError> {
        self.data(Endpoint::UnlockAssets, body, call).await
    }
    /// Endpoint 8.
    pub async fn list_assets(&self, query: &ListAssetsRequest, call: &CallOptions) -> Result<Vec<AssetRecord>, ClientError> {
        self.data(Endpoint::ListAssets, query, call).await
    }
    /// Endpoint 9.
    pub async fn shell_nums(&self, body: &ShellNumsRequest, call: &CallOptions) -> Result<Vec<AssetNumber>, ClientError> {
        self.data(Endpoint::ShellNums, body, call).await
    }
    /// Endpoint 10: the claimed products.
    pub async fn join_activity(&self, body: &ActivityRequest, call: &CallOptions) -> Result<ActivityDetail, ClientError> {
        self.data(Endpoint::JoinActivity, body, call).await
    }
}
