//! The wire: endpoints, their methods and paths, query parameters, auth scopes,
//! request shapes, answer payloads and retry safety, each stated once
//! ([`EndpointDef`]) and read by the validator, the client, the simulator and
//! the generators.
//!
//! ```
//! use licensing_core::wire::{Endpoint, Method};
//! let e: Endpoint = "listAssets".parse().unwrap_or(Endpoint::ListAssets);
//! assert_eq!(e.method(), Method::Get);
//! assert_eq!(e.path(Some("E/1 ?x")), "/order/api/order/v1/asset/E%2F1%20%3Fx/list");
//! ```

use crate::schema::{self, Kind, Shape};

mod codes;
#[cfg(feature = "outbox")]
mod outbox;
pub use codes::{business_code, BusinessCodeDef, BUSINESS_CODES};
#[cfg(feature = "outbox")]
pub use outbox::{ReadValue, Reconcile, Touch};

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
    /// GET: the request's fields go in the path and the query.
    Get,
    /// POST: the request is the JSON body.
    Post,
}

impl Method {
    /// The method as HTTP writes it: `GET`, `POST`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// The module an endpoint belongs to; it decides the envelope and the scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    /// The order module: `{code, message, data}`, HTTP 299 on business errors.
    Order,
    /// The activity module: `{resultCode, resultMessage, detail}`, always HTTP 200.
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

/// Makes [`Endpoint`] and [`Endpoint::ALL`] from one list, so that a variant
/// cannot be left out of `ALL` (the `def` and `data` matches are exhaustive
/// already; this makes the list the third thing the compiler holds), and from
/// the list's `write`s the crate's [`Write`]: what only writes have (an
/// outbox's facts, `wire/outbox.rs`) is an exhaustive match over the writes,
/// which a new read is not asked into. A test holds `read`/`write` to the
/// method (GET reads).
macro_rules! endpoints {
    ($($(#[doc = $doc:literal])* $access:ident $name:ident,)+) => {
        /// The endpoints of the service, named as in the JS API.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(not(feature = "exhaustive"), non_exhaustive)]
        pub enum Endpoint {
            $($(#[doc = $doc])* $name,)+
        }

        impl Endpoint {
            /// All of them, in the spec's order.
            pub const ALL: [Endpoint; [$(Endpoint::$name),+].len()] = [$(Endpoint::$name),+];
        }

        endpoints!(@writes [] $($access $name,)+);
    };
    (@writes [$($w:ident)*] write $name:ident, $($rest:tt)*) => {
        endpoints!(@writes [$($w)* $name] $($rest)*);
    };
    (@writes [$($w:ident)*] read $name:ident, $($rest:tt)*) => {
        endpoints!(@writes [$($w)*] $($rest)*);
    };
    (@writes [$($w:ident)*]) => {
        /// The endpoints that write (`write` in the list), each an [`Endpoint`]'s
        /// name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[cfg_attr(not(feature = "outbox"), allow(dead_code))]
        pub(crate) enum Write {
            $($w,)*
        }

        impl Endpoint {
            /// The write it is; `None` for a read.
            #[cfg_attr(not(feature = "outbox"), allow(dead_code))]
            pub(crate) fn write(self) -> Option<Write> {
                match self {
                    $(Self::$w => Some(Write::$w),)*
                    _ => None,
                }
            }
        }
    };
}

endpoints! {
    /// 1. Create enterprise main account binding.
    write BindEnterprise,
    /// 2. Create industry customer (enterprise main account).
    write CreateEnterprise,
    /// 3. Query enterprise main accounts.
    read QueryEnterprises,
    /// 4. Update enterprise customer information.
    write UpdateEnterprise,
    /// 5. Batch create basic license orders.
    write BatchOrder,
    /// 6. Batch disable physical locks.
    write LockAssets,
    /// 7. Batch enable physical locks.
    write UnlockAssets,
    /// 8. List enterprise virtual assets.
    read ListAssets,
    /// 9. Get asset numbers.
    write ShellNums,
    /// 10. Join an activity and claim products.
    write JoinActivity,
}

/// Everything the SDK knows of an endpoint, once: its name, method, module,
/// path and query, the object it validates (its payload: [`Endpoint::data`]).
/// The validator, the client (`CallUrl`), the simulator's router and the
/// generators all read it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct EndpointDef {
    /// The JS API name (`batchOrder`, ...).
    pub name: &'static str,
    /// The spec's title of it (feature `meta`).
    #[cfg(feature = "meta")]
    pub summary: &'static str,
    /// Its title in Simplified Chinese, for forms (feature `meta`).
    #[cfg(feature = "meta")]
    pub summary_zh_cn: &'static str,
    /// GET or POST.
    pub method: Method,
    /// Order or activity module (envelope and scope).
    pub module: Module,
    /// Path template, `{NAME}` standing for the path parameter ([`EndpointDef::path_param`]).
    pub path: &'static str,
    /// The path around its parameter (see [`Endpoint::path`]).
    path_parts: (&'static str, Option<&'static str>),
    /// The request field that fills the path parameter, if any.
    pub path_param: Option<&'static str>,
    /// The request fields sent as query parameters, in the spec's order (after
    /// `g_nonce`); a GET endpoint sends its whole request there and in the path.
    pub query: &'static [&'static str],
    /// Whether the call carries the integrator's `appKey` query parameter.
    pub app_key: bool,
    /// The object the validator checks: the body, or for a GET the object of
    /// its path and query fields.
    pub request: &'static Shape,
    /// Whether a call can be repeated after an ambiguous failure (network error,
    /// timeout, 502/503/504, code 500) without risk of doing its work twice.
    pub idempotent: bool,
    /// The request field by which the service recognises a repeat of a
    /// creating call and answers it with the first call's result, if any: such
    /// a call is safe to repeat when it carries a non-blank value there.
    pub repeat_key: Option<&'static str>,
    /// Why doing a write twice is safe, or is not, in a few words: its row of
    /// the client guide's retry table (`docs/guide/client.md`, written by
    /// `cargo xtask gen`); empty for a read, whose row says "reads" (feature
    /// `meta`).
    #[cfg(feature = "meta")]
    pub repeat_note: &'static str,
    /// The reads whose answers a successful call may change: a cache of them
    /// (a portal's, TanStack Query's) is stale after it.
    pub stales: &'static [Stale],
    /// The calls its answer feeds (OpenAPI links; feature `meta`).
    #[cfg(feature = "meta")]
    pub links: &'static [Link],
}

/// A read a write makes stale ([`EndpointDef::stales`]).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Stale {
    /// The read.
    pub read: Endpoint,
    /// Which of its answers: those whose request field (the first) holds a value
    /// found in the write's body at the pointer (the second; `*` stands for
    /// every item of an array). `None`, or a body without such a value: all.
    pub by: Option<(&'static str, &'static str)>,
}

/// A call an endpoint's answer feeds: an OpenAPI link of its success answer
/// (`openapi.json`; schemathesis' stateful phase follows them to real ids). The
/// values are runtime expressions, `$request.body#/channelCode` or
/// `$response.body#/data/0`, which a request body's strings may also embed in
/// braces (`"CO-{$response.body#/data/0}"`; other tools read them as text).
#[cfg(feature = "meta")]
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Link {
    /// Its name among the answer's links.
    pub name: &'static str,
    /// The endpoint it calls.
    pub to: Endpoint,
    /// What the call does, in a sentence.
    pub description: &'static str,
    /// The called endpoint's path and query fields, by name (a GET).
    pub parameters: &'static [(&'static str, &'static str)],
    /// The called endpoint's body, as JSON text (a POST).
    pub request_body: Option<&'static str>,
}

/// A link that fills a GET's path and query fields.
#[cfg(feature = "meta")]
const fn get_link(
    name: &'static str,
    to: Endpoint,
    description: &'static str,
    parameters: &'static [(&'static str, &'static str)],
) -> Link {
    Link { name, to, description, parameters, request_body: None }
}

/// A link that sends a POST's body (JSON text).
#[cfg(feature = "meta")]
const fn post_link(name: &'static str, to: Endpoint, description: &'static str, body: &'static str) -> Link {
    Link { name, to, description, parameters: &[], request_body: Some(body) }
}

/// Every answer of a read is stale.
const fn all_of(read: Endpoint) -> Stale {
    Stale { read, by: None }
}

/// An endpoint definition: a POST of a JSON body to a fixed order-module path,
/// with its title in English (the spec's) and in Simplified Chinese.
#[cfg_attr(not(feature = "meta"), allow(unused_variables))]
const fn post(
    name: &'static str,
    summary: &'static str,
    summary_zh_cn: &'static str,
    path: &'static str,
    request: &'static Shape,
) -> EndpointDef {
    EndpointDef {
        name,
        #[cfg(feature = "meta")]
        summary,
        #[cfg(feature = "meta")]
        summary_zh_cn,
        method: Method::Post,
        module: Module::Order,
        path,
        path_parts: (path, None),
        path_param: None,
        query: &[],
        app_key: false,
        request,
        idempotent: false,
        repeat_key: None,
        #[cfg(feature = "meta")]
        repeat_note: "",
        stales: &[],
        #[cfg(feature = "meta")]
        links: &[],
    }
}

const BIND_ENTERPRISE: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "a channel customer may hold several enterprise customers (`queryEnterprises` with `defaultCustomer: 'N'` lists them): a second bind stores a second one, and the simulator does",
    // The channel customer's enterprises (and which is the default) change.
    stales: &[Stale { read: Endpoint::QueryEnterprises, by: Some(("channelCustomerId", "/channelCustomerId")) }],
    #[cfg(feature = "meta")]
    links: &[get_link(
        "QueryTheBinding",
        Endpoint::QueryEnterprises,
        "Finds the enterprise main accounts of the channel customer just bound.",
        &[
            ("channelCode", "$request.body#/channelCode"),
            ("channelCustomerId", "$request.body#/channelCustomerId"),
            ("defaultCustomer", "N"),
        ],
    )],
    ..post(
        "bindEnterprise",
        "Create enterprise main account binding",
        "创建企业主账号绑定",
        "/order/api/order/v1/enterprise/user/bind",
        &schema::BIND_ENTERPRISE,
    )
};
const CREATE_ENTERPRISE: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note:
        "the service answers a repeated `crmCustomerId` with the customer it created first (the simulator does)",
    repeat_key: Some("crmCustomerId"),
    stales: &[all_of(Endpoint::QueryEnterprises)],
    #[cfg(feature = "meta")]
    links: &[
        post_link(
            "UpdateTheCustomer",
            Endpoint::UpdateEnterprise,
            "Renames the customer just created.",
            r#"{"crmCustomerId": "$request.body#/crmCustomerId", "customerName": "renamed"}"#,
        ),
        get_link(
            "ListTheAssets",
            Endpoint::ListAssets,
            "Lists the virtual assets of the enterprise just created.",
            &[("enterpriseGlobalId", "$response.body#/data/enterpriseGlobalId")],
        ),
    ],
    ..post(
        "createEnterprise",
        "Create industry customer (enterprise main account)",
        "创建行业客户（企业主账号）",
        "/order/api/order/v1/enterprise/user/create",
        &schema::ENTERPRISE_CUSTOMER,
    )
};
const QUERY_ENTERPRISES: EndpointDef = EndpointDef {
    method: Method::Get,
    query: &["channelCode", "channelCustomerId", "defaultCustomer"],
    idempotent: true,
    ..post(
        "queryEnterprises",
        "Query enterprise main accounts",
        "查询企业主账号",
        "/order/api/order/v1/enterprise/user/query",
        &schema::QUERY_ENTERPRISES,
    )
};
const UPDATE_ENTERPRISE: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "sets the same values again",
    idempotent: true,
    stales: &[all_of(Endpoint::QueryEnterprises)],
    ..post(
        "updateEnterprise",
        "Update enterprise customer information",
        "更新企业客户信息",
        "/order/api/order/v1/enterprise/user/update",
        &schema::ENTERPRISE_CUSTOMER,
    )
};
const BATCH_ORDER: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "the service answers a repeated `channelOrderId` with the first batch's result (the simulator does)",
    app_key: true,
    repeat_key: Some("channelOrderId"),
    // The assets of each order's enterprise (an order without one: every list).
    stales: &[Stale {
        read: Endpoint::ListAssets,
        by: Some(("enterpriseGlobalId", "/orderList/*/enterpriseGlobalId")),
    }],
    #[cfg(feature = "meta")]
    links: &[get_link(
        "ListTheOrderedAssets",
        Endpoint::ListAssets,
        "Lists the assets of the first order's enterprise.",
        &[("enterpriseGlobalId", "$request.body#/orderList/0/enterpriseGlobalId")],
    )],
    ..post(
        "batchOrder",
        "Batch create basic license orders",
        "批量创建基础授权订单",
        "/order/api/order/v1/licenseOrder/batchOrder",
        &schema::BATCH_ORDER,
    )
};
const LOCK_ASSETS: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "locking a locked lock, or unlocking an unlocked one, changes nothing",
    idempotent: true,
    // An asset record says whether it is locked; the body names no enterprise.
    stales: &[all_of(Endpoint::ListAssets)],
    ..post(
        "lockAssets",
        "Batch disable physical locks",
        "批量禁用实体锁",
        "/order/api/order/v1/asset/lock",
        &schema::LOCK,
    )
};
const UNLOCK_ASSETS: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "locking a locked lock, or unlocking an unlocked one, changes nothing",
    idempotent: true,
    stales: &[all_of(Endpoint::ListAssets)],
    ..post(
        "unlockAssets",
        "Batch enable physical locks",
        "批量启用实体锁",
        "/order/api/order/v1/asset/unlock",
        &schema::LOCK,
    )
};
const LIST_ASSETS: EndpointDef = EndpointDef {
    method: Method::Get,
    // Not split at run time: a substring search pulls ~6 KB of pattern and
    // panic-formatting code into the wasm. A test keeps it equal to `path`.
    path_parts: ("/order/api/order/v1/asset/", Some("/list")),
    path_param: Some("enterpriseGlobalId"),
    query: &["extendCode"],
    idempotent: true,
    ..post(
        "listAssets",
        "List enterprise virtual assets",
        "查询企业虚拟资产列表",
        "/order/api/order/v1/asset/{enterpriseGlobalId}/list",
        &schema::LIST_ASSETS,
    )
};
const SHELL_NUMS: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "every call hands out new numbers",
    #[cfg(feature = "meta")]
    links: &[
        post_link(
            "BatchOrderOfTheNumber",
            Endpoint::BatchOrder,
            "A new_buy order of the first asset number handed out.",
            r#"{"channelCode": "link", "channelOrderId": "CO-{$response.body#/data/0}", "syncMode": "sync",
                "orderList": [{"sequence": 1, "crmCustomerId": "crm-{$response.body#/data/0}",
                    "enterpriseGlobalId": "EG-{$response.body#/data/0}", "licenseType": "normal_recover_usbkey",
                    "orderType": "new_buy",
                    "assets": [{"assetNos": ["$response.body#/data/0"], "products": [{"productUri": "gms:1001"}]}]}]}"#,
        ),
        post_link(
            "LockTheNumber",
            Endpoint::LockAssets,
            "Disables the lock of the first asset number handed out.",
            r#"{"assetNums": ["$response.body#/data/0"], "operatorIdentity": "link"}"#,
        ),
    ],
    ..post("shellNums", "Get asset numbers", "获取资产编号", "/order/api/order/v1/shellnums", &schema::SHELL_NUMS)
};
const JOIN_ACTIVITY: EndpointDef = EndpointDef {
    #[cfg(feature = "meta")]
    repeat_note: "a claim is used once made; and the activity module never answers code 500 or HTTP 299, so an order-module envelope on it is an error, never a reason to claim again",
    module: Module::Activity,
    ..post(
        "joinActivity",
        "Join an activity and claim products",
        "参加活动并领取产品",
        "/activity/services/activity",
        &schema::ACTIVITY,
    )
};

/// The endpoint name was not one of the table's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownEndpoint;

impl core::fmt::Display for UnknownEndpoint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not one of the endpoints (")?;
        for (i, e) in Endpoint::ALL.iter().enumerate() {
            f.write_str(if i == 0 { "" } else { ", " })?;
            f.write_str(e.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownEndpoint {}

impl Endpoint {
    /// Everything the SDK knows of the endpoint.
    #[inline]
    pub fn def(self) -> EndpointDef {
        match self {
            Self::BindEnterprise => BIND_ENTERPRISE,
            Self::CreateEnterprise => CREATE_ENTERPRISE,
            Self::QueryEnterprises => QUERY_ENTERPRISES,
            Self::UpdateEnterprise => UPDATE_ENTERPRISE,
            Self::BatchOrder => BATCH_ORDER,
            Self::LockAssets => LOCK_ASSETS,
            Self::UnlockAssets => UNLOCK_ASSETS,
            Self::ListAssets => LIST_ASSETS,
            Self::ShellNums => SHELL_NUMS,
            Self::JoinActivity => JOIN_ACTIVITY,
        }
    }

    /// The JS API name (`batchOrder`, ...).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// HTTP method.
    pub fn method(self) -> Method {
        self.def().method
    }

    /// Order or activity module.
    pub fn module(self) -> Module {
        self.def().module
    }

    /// Path template, `{NAME}` standing for the path parameter ([`EndpointDef::path_param`]).
    pub fn path_template(self) -> &'static str {
        self.def().path
    }

    /// The path with its parameter percent-encoded as one segment.
    pub fn path(self, param: Option<&str>) -> String {
        match self.def().path_parts {
            (head, Some(tail)) => {
                let mut out = String::from(head);
                percent_encode_into(&mut out, param.unwrap_or(""));
                out.push_str(tail);
                out
            }
            (path, None) => path.to_owned(),
        }
    }

    /// The endpoint a request path names, and its path parameter as sent
    /// (still percent-encoded): `None` for a path of no endpoint. The parameter
    /// is one non-empty segment. The simulator routes with it.
    ///
    /// ```
    /// use licensing_core::wire::Endpoint;
    /// assert_eq!(Endpoint::at_path("/order/api/order/v1/shellnums"), Some((Endpoint::ShellNums, None)));
    /// assert_eq!(Endpoint::at_path("/order/api/order/v1/asset/EG%201/list"), Some((Endpoint::ListAssets, Some("EG%201"))));
    /// assert_eq!(Endpoint::at_path("/order/api/order/v1/asset//list"), None);
    /// ```
    pub fn at_path(path: &str) -> Option<(Endpoint, Option<&str>)> {
        Self::ALL.into_iter().find_map(|e| match e.def().path_parts {
            (whole, None) => (path == whole).then_some((e, None)),
            (head, Some(tail)) => {
                let param = path.strip_prefix(head)?.strip_suffix(tail)?;
                (!param.is_empty() && !param.contains('/')).then_some((e, Some(param)))
            }
        })
    }

    /// The payload of a successful answer (`data`, or the activity `detail`).
    /// Not a field of [`EndpointDef`]: through the table every response shape
    /// would be linked into a validation-only wasm (+1.2 KB gzip, measured).
    pub fn data(self) -> &'static Kind {
        match self {
            Self::BindEnterprise => &schema::ONE_ENTERPRISE_RECORD,
            Self::CreateEnterprise => &schema::ONE_ENTERPRISE_CREATION,
            Self::QueryEnterprises => &schema::ENTERPRISE_RECORDS,
            Self::UpdateEnterprise => &schema::NO_DATA,
            Self::BatchOrder => &schema::BATCH_ORDER_RESULTS,
            Self::LockAssets | Self::UnlockAssets => &schema::LOCK_RESULTS,
            Self::ListAssets => &schema::ASSET_RECORDS,
            Self::ShellNums => &schema::ASSET_NUMBERS,
            Self::JoinActivity => &schema::ONE_ACTIVITY_DETAIL,
        }
    }

    /// Whether a call can be repeated after an ambiguous failure (network error,
    /// timeout, 502/503/504, code 500) without risk of doing its work twice.
    pub fn is_idempotent(self) -> bool {
        self.def().idempotent
    }

    /// The fields whose values, with [`EndpointDef::repeat_key`]'s, name one
    /// request to the service: a batch's `channelOrderId` is the channel's own
    /// order number, so two channels may each have a `CO-1` (the spec's
    /// "customer order number" of a "channel code"), and the service knows a
    /// repeat by both. Empty for the rest.
    ///
    /// ```
    /// use licensing_core::wire::Endpoint;
    /// assert_eq!(Endpoint::BatchOrder.repeat_scope(), &["channelCode"]);
    /// assert!(Endpoint::CreateEnterprise.repeat_scope().is_empty());
    /// ```
    pub fn repeat_scope(self) -> &'static [&'static str] {
        match self {
            Self::BatchOrder => &["channelCode"],
            Self::BindEnterprise
            | Self::CreateEnterprise
            | Self::QueryEnterprises
            | Self::UpdateEnterprise
            | Self::LockAssets
            | Self::UnlockAssets
            | Self::ListAssets
            | Self::ShellNums
            | Self::JoinActivity => &[],
        }
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
            let (head, tail) = e.def().path_parts;
            let joined = match (tail, e.def().path_param) {
                (Some(tail), Some(param)) => format!("{head}{{{param}}}{tail}"),
                (None, None) => head.to_owned(),
                _ => panic!("{e}: a path split without a parameter, or a parameter without a split"),
            };
            assert_eq!(joined, e.path_template(), "{e}");
        }
    }

    /// `read` or `write` in the `endpoints!` list is the method: a GET reads.
    #[test]
    fn the_list_says_read_where_the_method_is_get() {
        for e in Endpoint::ALL {
            assert_eq!(
                e.write().is_none(),
                e.def().method == Method::Get,
                "{e}: in the `endpoints!` list (wire/mod.rs), a GET is `read`, a POST `write`"
            );
        }
    }

    /// The client guide's retry table is written from `repeat_note`: a write
    /// says why a repeat is safe or not; a read needs no note.
    #[cfg(feature = "meta")]
    #[test]
    fn every_write_says_why_a_repeat_is_safe_or_not() {
        for e in Endpoint::ALL {
            let def = e.def();
            match def.method {
                Method::Post => assert!(
                    !def.repeat_note.trim().is_empty(),
                    "{e}: say in its EndpointDef (`repeat_note`) why doing it twice is safe, or is not"
                ),
                Method::Get => assert!(def.repeat_note.is_empty(), "{e}: a read's row says \"reads\": no repeat_note"),
            }
        }
    }

    /// A form labels every request field from the tables (`licensing-sdk/meta`'s
    /// `label`): the portal has no dictionary of fields to keep up.
    #[cfg(feature = "meta")]
    #[test]
    fn every_request_field_has_a_label_in_every_locale() {
        let mut missing = Vec::new();
        for shape in request_shapes() {
            for field in shape.fields {
                match field.label {
                    Some(label) if !label.en.trim().is_empty() && !label.zh_cn.trim().is_empty() => {}
                    _ => missing.push(format!(
                        "{}.{}: add .label(\"English\", \"中文\") to its definition (schema/endpoints/)",
                        shape.name, field.name
                    )),
                }
            }
        }
        assert!(missing.is_empty(), "request fields without a label:\n{}", missing.join("\n"));
    }

    /// A required field of a request says what its presence rests on (the spec
    /// shows none): RULES.md's presence table is generated from it, so a new
    /// endpoint's required fields need no row written there by hand.
    #[cfg(feature = "meta")]
    #[test]
    fn every_required_request_field_says_what_its_presence_rests_on() {
        use crate::schema::Presence;
        let mut wrong = Vec::new();
        for shape in request_shapes() {
            let required = shape.fields.iter().any(|f| f.presence != Presence::Optional);
            match (required, shape.presence_basis.trim().is_empty()) {
                (true, true) => wrong.push(format!(
                    "{}: add .presence_rests_on(\"what the spec says that makes these fields required\") (schema/endpoints/)",
                    shape.name
                )),
                (false, false) => wrong.push(format!("{}: no field is required, so no presence basis", shape.name)),
                _ => {}
            }
        }
        assert!(wrong.is_empty(), "presence bases:\n{}", wrong.join("\n"));
    }

    /// Every shape of every request (objects inside included), each once.
    #[cfg(feature = "meta")]
    fn request_shapes() -> Vec<&'static Shape> {
        let mut seen: Vec<&'static Shape> = Vec::new();
        for shape in Endpoint::ALL.iter().flat_map(|e| e.def().request.with_inner()) {
            if !seen.iter().any(|s| core::ptr::eq(*s, shape)) {
                seen.push(shape);
            }
        }
        seen
    }
}
