//! Drifts: the simulator differing from the contract on purpose, as a real
//! service may, so that `licensing-sdk verify`, the checking proxy and a
//! portal's own tests can be tried against a service that differs, without one.
//! Each drift has a name, the same in every shell (`--drift NAME`, the
//! `x-sim-drift` header, `createSimulator({ drift })` and `sim.drift(...)`,
//! [`crate::Options::drifts`] and [`crate::Simulator::set_drifts`]).
//!
//! ```
//! use licensing_sim_core::{Drift, Options, RequestHead, Simulator};
//! let mut options = Options::default();
//! options.drifts = Drift::parse_list("missing-field")?;
//! let sim = Simulator::new(&options);
//! let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n-1"))
//!     .header("authorization", "Bearer dev-order-token")
//!     .header("content-type", "application/json");
//! assert_eq!(sim.handle(&head, br#"{"size":1}"#, 0).text(), r#"{"code":0,"data":["8000000001"]}"#);
//! # Ok::<(), String>(())
//! ```

use licensing_core::wire::{Endpoint, Module};
use serde_json::{Map, Value};

use crate::exchange::Reply;

/// Header naming drifts for one request: `x-sim-drift: unknown-enum,number-id`.
pub const DRIFT_HEADER: &str = "x-sim-drift";

macro_rules! drifts {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal;)+) => {
        /// One way the simulator can differ from the contract (see the module's docs).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Drift {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Drift {
            /// Every drift, in the order of the help text.
            pub const ALL: &'static [Drift] = &[$(Self::$variant),+];

            /// Its name (`renamed-field`, ...).
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }

            /// What it does, in one sentence (the help text and the README).
            pub fn describe(self) -> &'static str {
                match self {
                    $(Self::$variant => concat!($($doc),+).trim_ascii(),)+
                }
            }
        }
    };
}

drifts! {
    /// Records answer `customerId` as `customerID` (bind, query, batch results, assets).
    RenamedField = "renamed-field";
    /// Successful order-module answers have no `message`.
    MissingField = "missing-field";
    /// Every answer carries a field the spec does not name, `traceId`.
    ExtraField = "extra-field";
    /// Values outside their enumerations: lock status 5, asset licenseType
    /// `cloud_enterprise`, claimed products' activateType `2`.
    UnknownEnum = "unknown-enum";
    /// Batch results' `licenseOrderId` is a number past 2^53 instead of a string.
    NumberId = "number-id";
    /// Order-module business refusals come with HTTP 200 instead of 299.
    Http200Refusal = "http-200-refusal";
    /// The activity module answers in the order module's envelope (`code`,
    /// `message`, `data`).
    ActivityOrderEnvelope = "activity-order-envelope";
    /// A `g_nonce` used before is accepted again.
    NonceReplayAccepted = "nonce-replay-accepted";
    /// A token of either scope is accepted by both modules.
    ScopeNotEnforced = "scope-not-enforced";
    /// Requests are checked under the `spec` profile: the inferred rules are
    /// not enforced.
    InferredRulesNotEnforced = "inferred-rules-not-enforced";
}

/// A set of drifts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Drifts(u32);

impl Drifts {
    /// No drift: the contract as the SDK reads it.
    pub const NONE: Drifts = Drifts(0);

    /// Whether the set holds `drift`.
    pub fn has(self, drift: Drift) -> bool {
        self.0 & bit(drift) != 0
    }

    /// The set with `drift` too.
    #[must_use]
    pub fn with(self, drift: Drift) -> Drifts {
        Drifts(self.0 | bit(drift))
    }

    /// Both sets.
    #[must_use]
    pub fn union(self, other: Drifts) -> Drifts {
        Drifts(self.0 | other.0)
    }

    /// Whether there is none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The drifts in the set, in [`Drift::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Drift> {
        Drift::ALL.iter().copied().filter(move |d| self.has(*d))
    }

    /// Their names, comma-separated.
    pub fn names(self) -> String {
        self.iter().map(Drift::name).collect::<Vec<_>>().join(",")
    }
}

fn bit(drift: Drift) -> u32 {
    let index = Drift::ALL.iter().position(|d| *d == drift).unwrap_or(0);
    1 << index
}

impl Drift {
    /// A drift by its name; the error lists the names.
    pub fn parse(name: &str) -> Result<Drift, String> {
        Drift::ALL.iter().copied().find(|d| d.name() == name.trim()).ok_or_else(|| {
            let names: Vec<&str> = Drift::ALL.iter().map(|d| d.name()).collect();
            format!("unknown drift {:?} ({})", crate::trace::cut(name), names.join(", "))
        })
    }

    /// Drifts named in a comma-separated list (blank items ignored).
    pub fn parse_list(list: &str) -> Result<Drifts, String> {
        let mut set = Drifts::NONE;
        for name in list.split(',').filter(|n| !n.trim().is_empty()) {
            set = set.with(Drift::parse(name)?);
        }
        Ok(set)
    }
}

/// The reply as the drifts make it: an API answer (order or activity
/// envelope) changed; any other reply (401, 404, a fault's) as it is.
pub(crate) fn apply(drifts: Drifts, endpoint: Endpoint, mut reply: Reply) -> Reply {
    let answers = drifts.has(Drift::RenamedField)
        || drifts.has(Drift::MissingField)
        || drifts.has(Drift::ExtraField)
        || drifts.has(Drift::UnknownEnum)
        || drifts.has(Drift::NumberId)
        || drifts.has(Drift::Http200Refusal)
        || drifts.has(Drift::ActivityOrderEnvelope);
    if !answers || (reply.status != 200 && reply.status != licensing_core::wire::HTTP_BUSINESS_ERROR) {
        return reply;
    }
    let Ok(Value::Object(mut body)) = serde_json::from_slice::<Value>(&reply.body) else { return reply };
    let module = endpoint.module();
    let order_success = module == Module::Order && reply.status == 200;
    if drifts.has(Drift::Http200Refusal) && reply.status == licensing_core::wire::HTTP_BUSINESS_ERROR {
        reply.status = 200;
    }
    let payload = match module {
        Module::Order => "data",
        Module::Activity => "detail",
    };
    if let Some(data) = body.get_mut(payload) {
        for record in records(data) {
            if drifts.has(Drift::RenamedField) {
                if let Some(value) = record.remove("customerId") {
                    record.insert("customerID".into(), value);
                }
            }
            if drifts.has(Drift::UnknownEnum) {
                unknown_values(endpoint, record);
            }
            if drifts.has(Drift::NumberId) && endpoint == Endpoint::BatchOrder {
                if let Some(id) = record.get_mut("licenseOrderId") {
                    *id = number_past_2_53(id.as_str().unwrap_or_default());
                }
            }
        }
    }
    if drifts.has(Drift::MissingField) && order_success {
        body.remove("message");
    }
    if drifts.has(Drift::ActivityOrderEnvelope) && module == Module::Activity {
        body = activity_in_order_envelope(body);
    }
    if drifts.has(Drift::ExtraField) {
        body.insert("traceId".into(), Value::from("sim-drift"));
    }
    reply.body = Value::Object(body).to_string().into_bytes();
    reply
}

/// The objects of a payload: the record itself, or the records of a list
/// (and a claim's products).
fn records(data: &mut Value) -> Vec<&mut Map<String, Value>> {
    match data {
        Value::Array(items) => items.iter_mut().filter_map(Value::as_object_mut).collect(),
        Value::Object(record) => {
            if record.contains_key("products") {
                match record.get_mut("products") {
                    Some(Value::Array(items)) => items.iter_mut().filter_map(Value::as_object_mut).collect(),
                    _ => Vec::new(),
                }
            } else {
                vec![record]
            }
        }
        _ => Vec::new(),
    }
}

/// A record's enumerated value set to one its enumeration does not list.
fn unknown_values(endpoint: Endpoint, record: &mut Map<String, Value>) {
    let (field, value) = match endpoint {
        Endpoint::LockAssets | Endpoint::UnlockAssets => ("status", Value::from(5)),
        Endpoint::ListAssets => ("licenseType", Value::from("cloud_enterprise")),
        Endpoint::JoinActivity => ("activateType", Value::from("2")),
        _ => return,
    };
    if record.contains_key(field) {
        record.insert(field.into(), value);
    }
}

/// An id as a number a JavaScript number cannot hold exactly: 2^53 plus the
/// id's digits (so distinct ids stay distinct).
fn number_past_2_53(id: &str) -> Value {
    let digits: u64 = id
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0u64, |n, b| n.saturating_mul(10).saturating_add(u64::from(b - b'0')) % 1_000_000_000);
    Value::from((1u64 << 53) + 1 + digits * 2)
}

/// `{resultCode, resultMessage, detail}` as `{code, message, data}`.
fn activity_in_order_envelope(mut body: Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    let code = body.remove("resultCode").unwrap_or(Value::Null);
    let success = code.as_str() == Some(licensing_core::model::result_code::SUCCESS);
    out.insert("code".into(), if success { Value::from(0) } else { code });
    out.insert("message".into(), body.remove("resultMessage").unwrap_or(Value::Null));
    if let Some(detail) = body.remove("detail") {
        out.insert("data".into(), detail);
    }
    out.extend(body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_ones_are_refused() {
        for &drift in Drift::ALL {
            assert_eq!(Drift::parse(drift.name()), Ok(drift));
            assert!(!drift.describe().is_empty());
        }
        let set = Drift::parse_list("unknown-enum, number-id,").unwrap();
        assert_eq!(set.names(), "unknown-enum,number-id");
        let err = Drift::parse("renamed").unwrap_err();
        assert!(err.contains("renamed-field") && err.contains("\"renamed\""), "{err}");
        assert!(Drift::ALL.len() <= 32);
    }

    #[test]
    fn ids_past_2_53_stay_distinct() {
        let a = number_past_2_53("LO000001").as_u64().unwrap();
        let b = number_past_2_53("LO000002").as_u64().unwrap();
        assert!(a > 1 << 53 && b > a);
    }
}
