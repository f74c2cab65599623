//! The wire: endpoints, their methods and paths, auth scopes and retry safety.
//! One definition shared by the validator, the client and the simulator.
//!
//! ```
//! use licensing_core::wire::{Endpoint, Method};
//! let e: Endpoint = "listAssets".parse().unwrap_or(Endpoint::ListAssets);
//! assert_eq!(e.method(), Method::Get);
//! assert_eq!(e.path(Some("E/1 ?x")), "/order/api/order/v1/asset/E%2F1%20%3Fx/list");
//! ```

/// Query parameter carrying the anti-replay nonce on every call.
pub const NONCE_PARAM: &str = "g_nonce";
/// HTTP status of an order-module business exception.
pub const HTTP_BUSINESS_ERROR: u16 = 299;
/// Scope needed by order-module calls.
pub const SCOPE_ORDER: &str = "auth_order";
/// Scope needed by activity-module calls.
pub const SCOPE_ACTIVITY: &str = "auth_activity";

/// HTTP method of an endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

/// The module an endpoint belongs to; it decides the envelope and the scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    Order,
    Activity,
}

impl Module {
    /// Scope an application token needs for this module.
    pub fn scope(self) -> &'static str {
        match self {
            Self::Order => SCOPE_ORDER,
            Self::Activity => SCOPE_ACTIVITY,
        }
    }
}

/// The ten endpoints of the service, named as in the JS API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    BindEnterprise,
    CreateEnterprise,
    QueryEnterprises,
    UpdateEnterprise,
    BatchOrder,
    LockAssets,
    UnlockAssets,
    ListAssets,
    ShellNums,
    JoinActivity,
}

/// The endpoint name was not one of the ten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownEndpoint;

impl core::fmt::Display for UnknownEndpoint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not one of the ten endpoints (bindEnterprise, createEnterprise, queryEnterprises, updateEnterprise, batchOrder, lockAssets, unlockAssets, listAssets, shellNums, joinActivity)")
    }
}

impl std::error::Error for UnknownEndpoint {}

impl Endpoint {
    /// All ten, in the spec's order.
    pub const ALL: [Endpoint; 10] = [
        Self::BindEnterprise,
        Self::CreateEnterprise,
        Self::QueryEnterprises,
        Self::UpdateEnterprise,
        Self::BatchOrder,
        Self::LockAssets,
        Self::UnlockAssets,
        Self::ListAssets,
        Self::ShellNums,
        Self::JoinActivity,
    ];

    /// The JS API name (`batchOrder`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::BindEnterprise => "bindEnterprise",
            Self::CreateEnterprise => "createEnterprise",
            Self::QueryEnterprises => "queryEnterprises",
            Self::UpdateEnterprise => "updateEnterprise",
            Self::BatchOrder => "batchOrder",
            Self::LockAssets => "lockAssets",
            Self::UnlockAssets => "unlockAssets",
            Self::ListAssets => "listAssets",
            Self::ShellNums => "shellNums",
            Self::JoinActivity => "joinActivity",
        }
    }

    /// HTTP method.
    pub fn method(self) -> Method {
        match self {
            Self::QueryEnterprises | Self::ListAssets => Method::Get,
            _ => Method::Post,
        }
    }

    /// Order or activity module.
    pub fn module(self) -> Module {
        match self {
            Self::JoinActivity => Module::Activity,
            _ => Module::Order,
        }
    }

    /// Path template, `{enterpriseGlobalId}` standing for the one path parameter.
    pub fn path_template(self) -> &'static str {
        match self {
            Self::BindEnterprise => "/order/api/order/v1/enterprise/user/bind",
            Self::CreateEnterprise => "/order/api/order/v1/enterprise/user/create",
            Self::QueryEnterprises => "/order/api/order/v1/enterprise/user/query",
            Self::UpdateEnterprise => "/order/api/order/v1/enterprise/user/update",
            Self::BatchOrder => "/order/api/order/v1/licenseOrder/batchOrder",
            Self::LockAssets => "/order/api/order/v1/asset/lock",
            Self::UnlockAssets => "/order/api/order/v1/asset/unlock",
            Self::ListAssets => "/order/api/order/v1/asset/{enterpriseGlobalId}/list",
            Self::ShellNums => "/order/api/order/v1/shellnums",
            Self::JoinActivity => "/activity/services/activity",
        }
    }

    /// The path with its parameter percent-encoded as one segment.
    pub fn path(self, enterprise_global_id: Option<&str>) -> String {
        match self.path_parts() {
            (head, Some(tail)) => {
                let mut out = String::from(head);
                percent_encode_into(&mut out, enterprise_global_id.unwrap_or(""));
                out.push_str(tail);
                out
            }
            (path, None) => path.to_owned(),
        }
    }

    /// The path template around its parameter: (before, after), `None` after
    /// when the path has none. (Not by splitting the template at run time: a
    /// substring search pulls ~6 KB of pattern and panic-formatting code into
    /// the wasm.) A test keeps it equal to [`Endpoint::path_template`].
    fn path_parts(self) -> (&'static str, Option<&'static str>) {
        match self {
            Self::ListAssets => ("/order/api/order/v1/asset/", Some("/list")),
            other => (other.path_template(), None),
        }
    }

    /// Whether a call can be repeated after an ambiguous failure (network error,
    /// timeout, 502/503/504) without risk of creating something twice.
    pub fn is_idempotent(self) -> bool {
        matches!(
            self,
            Self::QueryEnterprises | Self::ListAssets | Self::UpdateEnterprise | Self::LockAssets | Self::UnlockAssets
        )
    }
}

impl core::str::FromStr for Endpoint {
    type Err = UnknownEndpoint;
    fn from_str(s: &str) -> Result<Self, UnknownEndpoint> {
        Self::ALL.into_iter().find(|e| e.name() == s).ok_or(UnknownEndpoint)
    }
}

impl core::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The URL of a call: the base, the endpoint's path (`enterpriseGlobalId` as one
/// segment) and the query in the spec's order: `appKey` (batch orders), `g_nonce`,
/// then the endpoint's query fields, read from the request's JSON text (absent
/// ones left out), every value percent-encoded. Built once per call; each attempt
/// adds its own nonce ([`CallUrl::with_nonce`]).
///
/// ```
/// use licensing_core::wire::{CallUrl, Endpoint};
/// let url = CallUrl::new(Endpoint::ListAssets, "http://h", r#"{"enterpriseGlobalId":"E/1 ?x","extendCode":"c"}"#, None);
/// assert_eq!(url.with_nonce("n1"), "http://h/order/api/order/v1/asset/E%2F1%20%3Fx/list?g_nonce=n1&extendCode=c");
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
        let query_fields: &[&str] = match endpoint {
            Endpoint::QueryEnterprises => &["channelCode", "channelCustomerId", "defaultCustomer"],
            Endpoint::ListAssets => &["extendCode"],
            _ => &[],
        };
        // Only the GET endpoints put request values in the URL: a POST body (a
        // batch order may be megabytes) is not read again for it.
        let fields = match endpoint.method() {
            Method::Get => crate::validate::answer::request(request, endpoint),
            Method::Post => None,
        };
        let field = |name: &str| fields.as_ref().and_then(|f| f.text(name));
        let mut head = String::from(base_url);
        head.push_str(&endpoint.path(field("enterpriseGlobalId").as_deref()));
        head.push('?');
        if endpoint == Endpoint::BatchOrder {
            head.push_str("appKey=");
            percent_encode_into(&mut head, app_key.unwrap_or_default());
            head.push('&');
        }
        head.push_str(NONCE_PARAM);
        head.push('=');
        let mut tail = String::new();
        for name in query_fields {
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

/// Percent-encodes everything but RFC 3986 unreserved characters, so a value is
/// always one path segment or one query value. Hand-written: ten lines instead of a
/// dependency, and the exact set matters here.
pub fn percent_encode_into(out: &mut String, value: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in value.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
}

/// Percent-encodes a value (see [`percent_encode_into`]).
pub fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    percent_encode_into(&mut out, value);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_parts_are_the_template_split_at_its_parameter() {
        for e in Endpoint::ALL {
            let (head, tail) = e.path_parts();
            let joined = match tail {
                Some(tail) => format!("{head}{{enterpriseGlobalId}}{tail}"),
                None => head.to_owned(),
            };
            assert_eq!(joined, e.path_template(), "{e}");
        }
    }
}
