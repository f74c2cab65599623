//! What the client reads of a request's JSON text before sending it: its
//! top-level fields by name (a GET call's path parameter and query, an
//! endpoint's repeat key), with the answers' reader (`response/answer.rs`).

use crate::response::answer;
use crate::wire::Endpoint;

/// The top-level values of a request's JSON text, read by name as the text
/// they hold (a string decoded, a number as written; `null` counts as absent,
/// as it does for validation): what a GET call puts in its URL. `None` when
/// the text is not JSON.
///
/// ```
/// use licensing_core::request::request_fields;
/// use licensing_core::wire::Endpoint;
/// let fields = request_fields(Endpoint::ListAssets, r#"{"enterpriseGlobalId": "E\u0031"}"#).unwrap();
/// assert_eq!(fields.text("enterpriseGlobalId").as_deref(), Some("E1"));
/// assert_eq!(fields.text("extendCode"), None);
/// let fields = request_fields(Endpoint::ListAssets, r#"{"enterpriseGlobalId": "E1", "extendCode": null}"#).unwrap();
/// assert_eq!(fields.text("extendCode"), None);
/// ```
pub fn request_fields(endpoint: Endpoint, text: &str) -> Option<RequestFields<'_>> {
    answer::request(text, endpoint).map(RequestFields)
}

/// A request's top-level values ([`request_fields`]).
pub struct RequestFields<'a>(answer::Envelope<'a>);

impl RequestFields<'_> {
    /// The value of a top-level field as text; `None` when it is absent or `null`.
    pub fn text(&self, name: &str) -> Option<String> {
        self.0.text(name).filter(|value| value != "null" || self.0.is_string(name))
    }
}

impl Endpoint {
    /// Whether this call, with this request (JSON text), is safe to repeat:
    /// the endpoint is idempotent, or the request carries a non-blank
    /// [`EndpointDef::repeat_key`](crate::wire::EndpointDef::repeat_key) by which
    /// the service answers a repeat with the first result (a batch's `channelOrderId`).
    ///
    /// ```
    /// use licensing_core::wire::Endpoint;
    /// assert!(Endpoint::BatchOrder.is_safe_to_repeat(r#"{"channelOrderId":"CO-1"}"#));
    /// assert!(!Endpoint::BatchOrder.is_safe_to_repeat(r#"{"channelOrderId":" "}"#));
    /// assert!(!Endpoint::ShellNums.is_safe_to_repeat(r#"{"size":1}"#));
    /// assert!(Endpoint::LockAssets.is_safe_to_repeat("{}"));
    /// ```
    pub fn is_safe_to_repeat(self, request: &str) -> bool {
        let def = self.def();
        def.idempotent
            || def.repeat_key.is_some_and(|key| {
                request_fields(self, request)
                    .and_then(|fields| fields.text(key))
                    .is_some_and(|value| !value.trim().is_empty())
            })
    }
}
