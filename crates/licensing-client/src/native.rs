//! [`ReqwestTransport`]: the client natively, over reqwest and tokio (servers,
//! server-side rendering, command-line tools). Plain HTTP unless the `rustls`
//! feature is on. A call is cancelled by dropping its future (the `Signal` is
//! `Infallible`: there is none to give).
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use licensing_client::{CallOptions, Client, ClientOptions};
//! use licensing_core::model::ShellNumsRequest;
//! use licensing_core::valid::Valid;
//! let client = Client::reqwest(ClientOptions::new("http://127.0.0.1:8787", "dev-order-token"))?;
//! let numbers = client.shell_nums(&Valid::new(ShellNumsRequest { size: Some(2) })?, &CallOptions::default()).await?;
//! # Ok(()) }
//! ```

use std::convert::Infallible;
use std::time::Duration;

use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::wire::Method;

use crate::{Client, ClientOptions, HttpRequest, HttpResponse, Transport};

/// The transport over a reqwest client (redirects off; its own connection pool).
#[derive(Debug, Clone)]
pub struct ReqwestTransport {
    http: reqwest::Client,
}

impl ReqwestTransport {
    /// A transport with a fresh reqwest client that follows no redirect (a
    /// 307/308 would re-send the body, customer data included, elsewhere).
    pub fn new() -> Result<Self, ClientError> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| ClientError::new(ErrorKind::Network, e.to_string()))?;
        Ok(Self { http })
    }

    /// A transport over a caller's reqwest client (its proxy, TLS, pool…); it
    /// should not follow redirects.
    pub fn with_client(http: reqwest::Client) -> Self {
        Self { http }
    }
}

impl Client<ReqwestTransport> {
    /// A client over a fresh [`ReqwestTransport`].
    pub fn reqwest(opts: ClientOptions) -> Result<Self, ClientError> {
        Client::new(opts, ReqwestTransport::new()?)
    }
}

fn failed(e: &reqwest::Error) -> ClientError {
    // reqwest's text names the URL, never a header: the token stays out.
    let kind = if e.is_timeout() { ErrorKind::Timeout } else { ErrorKind::Network };
    ClientError::new(kind, e.to_string())
}

impl Transport for ReqwestTransport {
    type Signal = Infallible;

    async fn send(
        &self,
        request: &HttpRequest<'_>,
        timeout_ms: u32,
        _signal: Option<&Infallible>,
    ) -> Result<HttpResponse, ClientError> {
        let method = match request.method {
            Method::Get => reqwest::Method::GET,
            Method::Post => reqwest::Method::POST,
        };
        let mut builder = self.http.request(method, request.url);
        for (name, value) in request.headers {
            builder = builder.header(name, value);
        }
        if let Some(body) = request.body {
            builder = builder.body(body.to_owned());
        }
        let exchange = async {
            let mut response = builder.send().await.map_err(|e| failed(&e))?;
            let status = response.status().as_u16();
            let retry_after =
                response.headers().get(reqwest::header::RETRY_AFTER).and_then(|v| v.to_str().ok()).map(str::to_owned);
            let decode = |what: &str| {
                let mut err = ClientError::new(ErrorKind::Decode, format!("HTTP {status}: {what}"));
                err.status = Some(status);
                err
            };
            if response.status().is_redirection() {
                let mut err = ClientError::new(
                    ErrorKind::Http,
                    format!("HTTP {status}: the service answered with a redirect, which is not followed (it would send the request to another address)"),
                );
                err.status = Some(status);
                return Err(err);
            }
            let mut bytes = Vec::new();
            while let Some(chunk) = response.chunk().await.map_err(|e| failed(&e))? {
                if bytes.len() + chunk.len() > request.max_response_bytes {
                    return Err(decode(&format!(
                        "the answer is larger than {} bytes (maxResponseBytes)",
                        request.max_response_bytes
                    )));
                }
                bytes.extend_from_slice(&chunk);
            }
            let body = String::from_utf8(bytes).map_err(|_| decode("the answer is not UTF-8 text"))?;
            let mut answer = HttpResponse::new(status, body);
            answer.retry_after = retry_after;
            Ok(answer)
        };
        match tokio::time::timeout(Duration::from_millis(u64::from(timeout_ms)), exchange).await {
            Ok(result) => result,
            Err(_) => Err(ClientError::new(ErrorKind::Timeout, format!("no answer within {timeout_ms} ms"))),
        }
    }

    async fn sleep(&self, ms: u32, _signal: Option<&Infallible>) -> Result<(), ClientError> {
        tokio::time::sleep(Duration::from_millis(u64::from(ms))).await;
        Ok(())
    }

    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        getrandom::fill(bytes).map_err(|e| ClientError::new(ErrorKind::Network, format!("no random source: {e}")))
    }

    fn now_ms(&self) -> Option<f64> {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(since.as_secs_f64() * 1000.0)
    }
}
