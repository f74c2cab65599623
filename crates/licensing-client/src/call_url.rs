//! The URL of a call, built from the endpoint's wire knowledge
//! (`licensing_core::wire`) and the request's top-level values.

use licensing_core::request::request_fields;
use licensing_core::wire::{percent_encode_into, Endpoint, Method, NONCE_PARAM};

/// The URL of a call: the base, the endpoint's path (its path parameter as one
/// segment) and the query in the spec's order: `appKey` (batch orders), `g_nonce`,
/// then the endpoint's query fields, read from the request's JSON text (absent
/// ones left out), every value percent-encoded. Built once per call; each attempt
/// adds its own nonce ([`CallUrl::with_nonce`]).
///
/// ```
/// use licensing_client::CallUrl;
/// use licensing_core::wire::Endpoint;
/// let url = CallUrl::new(Endpoint::ListAssets, "http://h", r#"{"enterpriseGlobalId":"E/1 ?x","extendCode":"c"}"#, None);
/// assert_eq!(url.with_nonce("n1"), "http://h/order/api/order/v1/asset/E%2F1%20%3Fx/list?g_nonce=n1&extendCode=c");
/// // A `null` query value is absent, as validation reads it (not `extendCode=null`).
/// let url = CallUrl::new(Endpoint::ListAssets, "http://h", r#"{"enterpriseGlobalId":"E1","extendCode":null}"#, None);
/// assert_eq!(url.with_nonce("n1"), "http://h/order/api/order/v1/asset/E1/list?g_nonce=n1");
/// let url = CallUrl::new(Endpoint::BatchOrder, "http://h", "{}", Some("k 1"));
/// assert_eq!(url.with_nonce("n2"), "http://h/order/api/order/v1/licenseOrder/batchOrder?appKey=k%201&g_nonce=n2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallUrl {
    /// Up to and including `g_nonce=`.
    head: String,
    /// The query fields after the nonce.
    tail: String,
}

impl CallUrl {
    /// The URL of a call of `endpoint` with this request (JSON text).
    pub fn new(endpoint: Endpoint, base_url: &str, request: &str, app_key: Option<&str>) -> Self {
        let def = endpoint.def();
        // Only the GET endpoints put request values in the URL: a POST body (a
        // batch order may be megabytes) is not read again for it.
        let fields = match endpoint.method() {
            Method::Get => request_fields(endpoint, request),
            Method::Post => None,
        };
        let field = |name: &str| fields.as_ref().and_then(|f| f.text(name));
        let mut head = String::from(base_url);
        head.push_str(&endpoint.path(def.path_param.and_then(field).as_deref()));
        head.push('?');
        if def.app_key {
            head.push_str("appKey=");
            percent_encode_into(&mut head, app_key.unwrap_or_default());
            head.push('&');
        }
        head.push_str(NONCE_PARAM);
        head.push('=');
        let mut tail = String::new();
        for name in def.query {
            if let Some(value) = field(name) {
                tail.push('&');
                tail.push_str(name);
                tail.push('=');
                percent_encode_into(&mut tail, &value);
            }
        }
        Self { head, tail }
    }

    /// The URL with an attempt's nonce.
    pub fn with_nonce(&self, nonce: &str) -> String {
        let mut out = String::with_capacity(self.head.len() + nonce.len() + self.tail.len());
        out.push_str(&self.head);
        percent_encode_into(&mut out, nonce);
        out.push_str(&self.tail);
        out
    }
}
