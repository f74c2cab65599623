//! [`SimSession`]: a session of its own on a simulator a team shares
//! (`licensing-sim`, `npx licensing-sdk-sim`), over any [`Transport`]: the
//! neighbour of [`crate::simulator::SimTransport`] for a simulator across
//! the network, natively (reqwest) and in wasm (fetch, wasm-bindgen-test).
//! A client pointed at [`SimSession::base_url`] sees the session's state,
//! clock, faults and nonce window and nobody else's; the session's methods
//! are those of the in-process simulator (faults, snapshot, trace, the virtual
//! clock's advance, reset), as HTTP calls with the session's own admin token.
//!
//! ```no_run
//! # #[cfg(feature = "reqwest")]
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use licensing_client::native::ReqwestTransport;
//! use licensing_client::sim_session::SimSession;
//! use licensing_client::{Client, ClientOptions};
//!
//! let transport = ReqwestTransport::new()?;
//! let spec = serde_json::json!({ "clock": "virtual" });
//! let session = SimSession::open(transport.clone(), "http://127.0.0.1:8787", "the-admin-token", &spec).await?;
//! let client = Client::new(ClientOptions::new(&session.base_url(), "dev-order-token"), transport)?;
//! session.inject_fault("code500;times=1", None).await?; // this session's next call only
//! session.close().await?;
//! # Ok(())
//! # }
//! ```

use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::wire::{percent_encode, Endpoint, Method};
use serde_json::Value;

use crate::{HttpRequest, Transport};

/// The header the simulator's admin routes read.
const ADMIN_HEADER: &str = "x-sim-admin";

/// How long an admin call may take.
const ADMIN_TIMEOUT_MS: u32 = 10_000;

/// The most bytes of an admin answer read (a snapshot of a large state).
const MAX_ANSWER_BYTES: usize = 64 << 20;

/// A session on a running simulator (see the module's documentation).
#[derive(Clone)]
pub struct SimSession<T> {
    transport: T,
    origin: String,
    id: String,
    admin_token: String,
    /// The simulator's admin token it was made with (to delete it).
    registry_token: String,
}

impl<T> std::fmt::Debug for SimSession<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The tokens are left out: a Debug print ends up in logs.
        f.debug_struct("SimSession").field("origin", &self.origin).field("id", &self.id).finish_non_exhaustive()
    }
}

/// An admin call to `url`: its answer's JSON, or an `http` error with the
/// simulator's own words.
async fn admin_call<T: Transport>(
    transport: &T,
    method: Method,
    url: &str,
    token: &str,
    body: Option<&str>,
) -> Result<Value, ClientError> {
    let mut headers = vec![(String::from(ADMIN_HEADER), token.to_owned())];
    if body.is_some() {
        headers.push((String::from("content-type"), String::from("application/json")));
    }
    let request = HttpRequest { method, url, headers: &headers, body, max_response_bytes: MAX_ANSWER_BYTES };
    let answer = transport.send(&request, ADMIN_TIMEOUT_MS, None).await?;
    let json: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    if (200..300).contains(&answer.status) {
        return Ok(json);
    }
    let said = json.get("error").and_then(Value::as_str).map_or_else(|| answer.body.clone(), str::to_owned);
    let mut error = ClientError::new(ErrorKind::Http, format!("the simulator answered {}: {said}", answer.status));
    error.status = Some(answer.status);
    Err(error)
}

impl<T: Transport> SimSession<T> {
    /// Makes a session on the simulator at `origin` (`http://host:port`)
    /// with its admin token; `spec` is the JSON of `POST /__sim/sessions`
    /// (`{}`, or `seed`, `state`, `clock`, `drift`, `nonceWindowSecs`,
    /// `rules`, `idleSecs`).
    pub async fn open(transport: T, origin: &str, admin_token: &str, spec: &Value) -> Result<Self, ClientError> {
        let origin = origin.trim_end_matches('/').to_owned();
        let url = format!("{origin}/__sim/sessions");
        let made = admin_call(&transport, Method::Post, &url, admin_token, Some(&spec.to_string())).await?;
        let field = |name: &str| made.get(name).and_then(Value::as_str).map(str::to_owned);
        let (Some(id), Some(token)) = (field("id"), field("adminToken")) else {
            return Err(ClientError::new(ErrorKind::Decode, format!("a session made without an id or token: {made}")));
        };
        Ok(Self { transport, origin, id, admin_token: token, registry_token: admin_token.to_owned() })
    }

    /// The session's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The session's own admin token (it reaches this session only).
    pub fn admin_token(&self) -> &str {
        &self.admin_token
    }

    /// The base URL a client of this session uses: the simulator's, with the
    /// session's path prefix (no header to add, no CORS preflight).
    pub fn base_url(&self) -> String {
        format!("{}/s/{}", self.origin, self.id)
    }

    async fn admin(&self, method: Method, route: &str, body: Option<&str>) -> Result<Value, ClientError> {
        let url = format!("{}{route}", self.base_url());
        admin_call(&self.transport, method, &url, &self.admin_token, body).await
    }

    /// Injects a fault (`x-sim-fault` directives) into this session's next
    /// calls, of one endpoint or of all.
    pub async fn inject_fault(&self, directives: &str, endpoint: Option<Endpoint>) -> Result<(), ClientError> {
        let mut route = format!("/__sim/fault?fault={}", percent_encode(directives));
        if let Some(endpoint) = endpoint {
            route.push_str("&endpoint=");
            route.push_str(endpoint.name());
        }
        self.admin(Method::Post, &route, None).await.map(drop)
    }

    /// The session's state (`GET /__sim/state`): what `SimTransport`'s
    /// simulator's `snapshot()` gives, as JSON.
    pub async fn snapshot(&self) -> Result<Value, ClientError> {
        self.admin(Method::Get, "/__sim/state", None).await
    }

    /// Counts of what the session holds (`GET /__sim/stats`).
    pub async fn stats(&self) -> Result<Value, ClientError> {
        self.admin(Method::Get, "/__sim/stats", None).await
    }

    /// The requests that carried `x-sim-trace: ID`, tokens redacted.
    pub async fn trace(&self, id: &str) -> Result<Value, ClientError> {
        self.admin(Method::Get, &format!("/__sim/trace/{}", percent_encode(id)), None).await
    }

    /// Moves the session's virtual clock `ms` on (a session made with
    /// `"clock": "virtual"`): its time, as the simulator answers it.
    pub async fn advance_clock(&self, ms: u64) -> Result<Value, ClientError> {
        self.admin(Method::Post, &format!("/__sim/clock?advance={ms}"), None).await
    }

    /// Empties the session's state (its spec's state, if it named one).
    pub async fn reset(&self) -> Result<(), ClientError> {
        self.admin(Method::Post, "/__sim/reset", None).await.map(drop)
    }

    /// Deletes the session (with the simulator's admin token it was made
    /// with: a session's own token cannot delete it). A session not closed
    /// goes once idle past its `idleSecs`.
    pub async fn close(&self) -> Result<(), ClientError> {
        let url = format!("{}/__sim/sessions/{}/delete", self.origin, self.id);
        admin_call(&self.transport, Method::Post, &url, &self.registry_token, None).await.map(drop)
    }
}
