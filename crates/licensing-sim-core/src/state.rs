//! The simulator's state as a fixture: what [`Simulator::snapshot`] writes and
//! `GET /__sim/state` answers, and what `createSimulator({ state })`,
//! `licensing-sim --state FILE` and [`Options::state`] start from. One
//! versioned JSON format for the native and the wasm simulator (documented in
//! `crates/licensing-sim/README.md`). A state that is not this format, comes
//! from a newer version, has a field of the wrong type or names one thing
//! twice is refused whole, with the JSON Pointer of what is wrong.
//!
//! ```
//! use licensing_sim_core::{Options, RequestHead, Simulator, State};
//!
//! let sim = Simulator::new(&Options::default());
//! let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n-1"))
//!     .header("authorization", "Bearer dev-order-token")
//!     .header("content-type", "application/json");
//! sim.handle(&head, br#"{"size":2}"#, 0);
//! let saved = sim.snapshot().to_json();
//! // A new simulator started from it hands out the next numbers.
//! let mut options = Options::default();
//! options.state = Some(State::from_json(&saved)?);
//! let again = Simulator::new(&options);
//! let reply = again.handle(&head, br#"{"size":1}"#, 0);
//! assert!(reply.text().contains("8000000003"));
//! assert!(State::from_json(r#"{"format":"licensing-sim-state","version":2}"#).unwrap_err().contains("version 2"));
//! # Ok::<(), String>(())
//! ```
//!
//! [`Simulator::snapshot`]: crate::Simulator::snapshot
//! [`Options::state`]: crate::Options::state

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use licensing_core::model::{AssetNumber, AssetRecord, BatchOrderResult, EnterpriseCustomer, Order, Product};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{Customer, Grant, Store, StoredAsset, StoredOrder};

/// The `format` of every state.
pub const STATE_FORMAT: &str = "licensing-sim-state";
/// The version this simulator writes and the newest it reads.
pub const STATE_VERSION: u32 = 1;
/// The default of the largest state a simulator reads, in bytes of JSON
/// (`--max-state-bytes`, `maxStateBytes`): 64 MiB, about 240,000 assets.
pub const DEFAULT_MAX_STATE_BYTES: usize = 64 << 20;
/// Where asset number sequences end: 9 digits after the partition marker.
const SEQUENCE_END: u64 = 1_000_000_000;

/// A simulator's stored data (customers, orders, batches, assets, claims, the
/// next ids and asset numbers; not its options, nonces, faults or traces): the
/// format of `Simulator::snapshot`, `GET /__sim/state`, `sim.snapshot()` and
/// `licensing-sim --state FILE`, alike in the native and the in-process
/// simulator, described in the simulator's README. Declared for TypeScript
/// (`SimulatorState` in `licensing-sdk/testing`) from these types, by ts-rs
/// (the feature `ts`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorState"))]
pub struct State {
    /// Always `licensing-sim-state` (`STATE_FORMAT`).
    #[cfg_attr(feature = "ts", ts(type = "\"licensing-sim-state\""))]
    format: String,
    /// The version of the format (`STATE_VERSION`); a newer one is refused.
    #[cfg_attr(feature = "ts", ts(type = "1"))]
    version: u32,
    /// The last sequence number given to an id (`C000001`, `LO000002`, …);
    /// derived from the data when left out.
    #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
    last_id: u64,
    /// The sequence of the next asset number `shellNums` gives, per partition;
    /// derived from the data when left out.
    #[cfg_attr(feature = "ts", ts(as = "Option<NextAssetNumbers>", optional))]
    next_asset_numbers: NextAssetNumbers,
    /// The customers, oldest first (a lookup finds the oldest match).
    customers: Vec<StateCustomer>,
    /// The accepted license orders.
    orders: Vec<StateOrder>,
    /// The answered batches by (channelCode, channelOrderId): a resubmission gets the same results.
    batches: Vec<StateBatch>,
    /// The assets, by asset number.
    assets: Vec<StateAsset>,
    /// The activity claims made, per identity and unit.
    claims: Vec<StateClaim>,
}

/// The sequence of the next asset number of each partition.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateAssetNumbers"))]
struct NextAssetNumbers {
    domestic: u64,
    singapore: u64,
}

/// A customer: as `queryEnterprises` answers it, and what `createEnterprise` and
/// `updateEnterprise` stored (each when given).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateCustomer"))]
struct StateCustomer {
    #[cfg_attr(feature = "ts", ts(type = "EnterpriseCustomer"))]
    record: EnterpriseCustomer,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    crm_customer_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    customer_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    branch_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    address: Option<String>,
}

/// An accepted license order, and the batch that made it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateOrder"))]
struct StateOrder {
    license_order_id: String,
    channel_code: String,
    channel_order_id: String,
    /// The order as its batch sent it (the fields the simulator knows): its
    /// history, which reads of the order answer from, while `assets` hold
    /// what is on each asset now. Absent when not known (an order a recording
    /// shows the result of but not the request).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Order"))]
    order: Option<Order>,
}

/// An answered batch: the results a resubmission of it gets again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateBatch"))]
struct StateBatch {
    channel_code: String,
    channel_order_id: String,
    #[cfg_attr(feature = "ts", ts(type = "BatchOrderResult[]"))]
    results: Vec<BatchOrderResult>,
}

/// An asset, and the license orders that put products on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateAsset"))]
struct StateAsset {
    /// As `listAssets` answers it (`customerId` and `assetExtends` included).
    #[cfg_attr(feature = "ts", ts(type = "AssetRecord"))]
    record: AssetRecord,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    enterprise_global_id: Option<String>,
    license_order_ids: Vec<String>,
    grants: Vec<StateGrant>,
}

/// The products one license order put on an asset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateGrant"))]
struct StateGrant {
    license_order_id: String,
    #[cfg_attr(feature = "ts", ts(type = "Product[]"))]
    products: Vec<Product>,
    /// The indices in `products` a `delete_product` order took off this asset.
    removed: Vec<usize>,
}

/// The claims one identity made of an activity unit, counted from 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SimulatorStateClaim"))]
struct StateClaim {
    identity: String,
    activity_unit_id: String,
    count: u32,
}

/// The state format's TypeScript declarations, as ts-rs derives them from the
/// types above: `SimulatorState` first, then each type it names that is
/// declared here (found by walking its fields), each with its doc comment;
/// xtask formats them into `js/generated/sim-state.d.ts`. Large integers are
/// `number`: the format is JSON, which JavaScript reads as numbers.
#[cfg(feature = "ts")]
pub fn typescript_declarations() -> Vec<String> {
    use ts_rs::{Config, TypeVisitor, TS};
    struct Declarations {
        cfg: Config,
        names: Vec<String>,
        out: Vec<String>,
    }
    impl TypeVisitor for Declarations {
        fn visit<T: TS + 'static + ?Sized>(&mut self) {
            // Built-in types (string, number, arrays, options) have no file of their own.
            if T::output_path().is_none() || self.names.contains(&T::ident(&self.cfg)) {
                T::visit_generics(self);
                return;
            }
            self.names.push(T::ident(&self.cfg));
            self.out.push(T::docs().unwrap_or_default() + &T::decl(&self.cfg));
            T::visit_dependencies(self);
        }
    }
    let mut declarations =
        Declarations { cfg: Config::new().with_large_int("number"), names: Vec::new(), out: Vec::new() };
    declarations.visit::<State>();
    declarations.out
}

/// A [`State`] with its lists' items still JSON, and its counters optional
/// (left out, they are derived from the data).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Parts {
    format: String,
    version: u32,
    #[serde(default)]
    last_id: Option<u64>,
    #[serde(default)]
    next_asset_numbers: Option<NextAssetNumbers>,
    customers: Vec<Value>,
    orders: Vec<Value>,
    batches: Vec<Value>,
    assets: Vec<Value>,
    claims: Vec<Value>,
}

/// The items of the list `name`, each read on its own and read back (an
/// error names it, and what in it the format does not read as written).
fn items<T: DeserializeOwned + Serialize>(name: &str, items: Vec<Value>) -> Result<Vec<T>, String> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let at = format!("/{name}/{i}");
        let typed = T::deserialize(&item).map_err(|e| refused(&at, &e.to_string()))?;
        // The model reads answers tolerantly (a number too large for a Long
        // reads as absent, a field it does not know is skipped): in a state,
        // what does not read back as it was written is refused.
        let back = serde_json::to_value(&typed).map_err(|e| refused(&at, &e.to_string()))?;
        if let Some((pointer, what)) = difference(&item, &back) {
            return Err(refused(&format!("{at}{pointer}"), &what));
        }
        out.push(typed);
    }
    Ok(out)
}

/// Where `written` and `read` (the same value read and written back) differ
/// first, and how; `null` and an absent field are the same.
fn difference(written: &Value, read: &Value) -> Option<(String, String)> {
    match (written, read) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let at = format!("/{}", key.replace('~', "~0").replace('/', "~1"));
                match (value, b.get(key)) {
                    (Value::Null, None | Some(Value::Null)) => {}
                    (_, None) => {
                        return Some((
                            at,
                            format!("{} is not read here (an unknown field, or a value out of range)", excerpt(value)),
                        ))
                    }
                    (value, Some(back)) => {
                        if let Some((inner, what)) = difference(value, back) {
                            return Some((format!("{at}{inner}"), what));
                        }
                    }
                }
            }
            b.iter()
                .find(|(key, value)| !value.is_null() && !a.contains_key(*key))
                .map(|(key, value)| (format!("/{key}"), format!("absent, but read as {}", excerpt(value))))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).enumerate().find_map(|(i, (x, y))| difference(x, y).map(|(p, w)| (format!("/{i}{p}"), w)))
        }
        (a, b) if a == b => None,
        (a, b) => Some((String::new(), format!("{} is read as {}", excerpt(a), excerpt(b)))),
    }
}

/// A value as messages show it (cut at 60 characters).
fn excerpt(value: &Value) -> String {
    licensing_core::validate::excerpt(&value.to_string(), 60)
}

/// "simulator state: POINTER: WHAT".
fn refused(pointer: &str, what: &str) -> String {
    let mut message = String::from("simulator state: ");
    if !pointer.is_empty() {
        message.push_str(pointer);
        message.push_str(": ");
    }
    message.push_str(what);
    message
}

/// The sequence number of an id the simulator makes (`C000012`, `EG000003`,
/// `LO000007`), so that it makes none of them again.
fn generated_sequence(id: &str) -> Option<u64> {
    let digits = ["LO", "EG", "C"].iter().find_map(|p| id.strip_prefix(p))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())?
}

impl State {
    /// The state as JSON text, its fields in the documented order.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A state from its JSON text, checked whole (see the module's docs): a
    /// key given twice is refused, as in a request body.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let value = crate::unique_json::parse(text).map_err(|e| refused("", &format!("not JSON, or not one ({e})")))?;
        Self::from_value(value)
    }

    /// A state from its JSON value (`createSimulator({ state })` passes an object).
    pub fn from_value(value: Value) -> Result<Self, String> {
        let Value::Object(fields) = &value else { return Err(refused("", "expected an object")) };
        if fields.get("format").and_then(Value::as_str) != Some(STATE_FORMAT) {
            return Err(refused("/format", &format!("expected \"{STATE_FORMAT}\" (is this a simulator state?)")));
        }
        match fields.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(STATE_VERSION) => {}
            Some(v) if v > u64::from(STATE_VERSION) => {
                let what = format!("version {v} is newer than this simulator reads ({STATE_VERSION}): update licensing-sdk / licensing-sim");
                return Err(refused("/version", &what));
            }
            _ => return Err(refused("/version", &format!("expected {STATE_VERSION}"))),
        }
        // The lists' items are read one by one, so that an error names its item.
        let parts: Parts = serde_json::from_value(value).map_err(|e| refused("", &e.to_string()))?;
        let mut state = State {
            format: parts.format,
            version: parts.version,
            last_id: 0,
            next_asset_numbers: NextAssetNumbers { domestic: 0, singapore: 0 },
            customers: items("customers", parts.customers)?,
            orders: items("orders", parts.orders)?,
            batches: items("batches", parts.batches)?,
            assets: items("assets", parts.assets)?,
            claims: items("claims", parts.claims)?,
        };
        state.check()?;
        state.counters(parts.last_id, parts.next_asset_numbers)?;
        Ok(state)
    }

    /// What the types cannot say: nothing named twice, and every reference
    /// to something the state holds.
    fn check(&self) -> Result<(), String> {
        let mut customers = HashSet::new();
        for (i, customer) in self.customers.iter().enumerate() {
            let at = format!("/customers/{i}/record/customerId");
            let Some(id) = &customer.record.customer_id else { return Err(refused(&at, "missing")) };
            if !customers.insert(id.as_str()) {
                return Err(refused(&at, &format!("{id:?} twice")));
            }
        }
        let mut orders = HashSet::new();
        for (i, order) in self.orders.iter().enumerate() {
            if !orders.insert(order.license_order_id.as_str()) {
                let what = format!("{:?} twice", order.license_order_id);
                return Err(refused(&format!("/orders/{i}/licenseOrderId"), &what));
            }
        }
        let stored_order = |id: &str, at: String| {
            if orders.contains(id) {
                Ok(())
            } else {
                Err(refused(&at, &format!("{id:?} is not a stored order (/orders)")))
            }
        };
        let stored_customer = |id: &str, at: String| {
            if customers.contains(id) {
                Ok(())
            } else {
                Err(refused(&at, &format!("{id:?} is not a stored customer (/customers)")))
            }
        };
        let mut batches = HashSet::new();
        for (i, batch) in self.batches.iter().enumerate() {
            if !batches.insert((batch.channel_code.as_str(), batch.channel_order_id.as_str())) {
                return Err(refused(&format!("/batches/{i}"), "this (channelCode, channelOrderId) twice"));
            }
            for (j, result) in batch.results.iter().enumerate() {
                let at = |field: &str| format!("/batches/{i}/results/{j}/{field}");
                match &result.license_order_id {
                    Some(id) => stored_order(id, at("licenseOrderId"))?,
                    None => return Err(refused(&at("licenseOrderId"), "missing")),
                }
                if let Some(id) = &result.customer_id {
                    stored_customer(id, at("customerId"))?;
                }
            }
        }
        let mut numbers = HashSet::new();
        let mut record_ids = HashSet::new();
        for (i, asset) in self.assets.iter().enumerate() {
            let at = |field: &str| format!("/assets/{i}/{field}");
            let number = asset.record.asset_num.as_deref().unwrap_or_default();
            if number.parse::<AssetNumber>().is_err() {
                return Err(refused(&at("record/assetNum"), &format!("{number:?} is not an asset number")));
            }
            if !numbers.insert(number) {
                return Err(refused(&at("record/assetNum"), &format!("{number:?} twice")));
            }
            if let Some(id) = &asset.record.id {
                if !record_ids.insert(id.as_str()) {
                    return Err(refused(&at("record/id"), &format!("{id:?} is another asset's id too")));
                }
            }
            match &asset.record.key_shell_number {
                Some(digits) if digits != number => {
                    let what = format!("{digits:?} is not the digits of its asset number {number}");
                    return Err(refused(&at("record/keyShellNumber"), &what));
                }
                _ => {}
            }
            match &asset.record.customer_id {
                Some(id) => stored_customer(id, at("record/customerId"))?,
                None => return Err(refused(&at("record/customerId"), "missing")),
            }
            for (k, id) in asset.license_order_ids.iter().enumerate() {
                stored_order(id, at(&format!("licenseOrderIds/{k}")))?;
            }
            for (k, grant) in asset.grants.iter().enumerate() {
                let grant_at = |field: &str| at(&format!("grants/{k}/{field}"));
                stored_order(&grant.license_order_id, grant_at("licenseOrderId"))?;
                if !asset.license_order_ids.contains(&grant.license_order_id) {
                    let what = format!("{:?} is not one of the asset's licenseOrderIds", grant.license_order_id);
                    return Err(refused(&grant_at("licenseOrderId"), &what));
                }
                let mut seen = HashSet::new();
                for (r, &index) in grant.removed.iter().enumerate() {
                    if index >= grant.products.len() {
                        let what = format!("{index} is past the grant's {} products", grant.products.len());
                        return Err(refused(&grant_at(&format!("removed/{r}")), &what));
                    }
                    if !seen.insert(index) {
                        return Err(refused(&grant_at(&format!("removed/{r}")), &format!("{index} twice")));
                    }
                }
            }
        }
        let mut claims = HashSet::new();
        for (i, claim) in self.claims.iter().enumerate() {
            if !claims.insert((claim.identity.as_str(), claim.activity_unit_id.as_str())) {
                return Err(refused(&format!("/claims/{i}"), "this (identity, activityUnitId) twice"));
            }
            if claim.count == 0 {
                return Err(refused(&format!("/claims/{i}/count"), "0: a claim is made at least once"));
            }
        }
        Ok(())
    }

    /// The counters, given or derived: `lastId` at least every id of the
    /// simulator's making the state holds, each partition's next asset number
    /// past every stored one (and within the 9-digit sequence).
    fn counters(&mut self, last_id: Option<u64>, next: Option<NextAssetNumbers>) -> Result<(), String> {
        let customer_ids = self.customers.iter().enumerate().flat_map(|(i, c)| {
            let ids = [(&c.record.customer_id, "customerId"), (&c.record.enterprise_global_id, "enterpriseGlobalId")];
            ids.into_iter()
                .filter_map(move |(id, f)| id.as_deref().map(|id| (id, format!("/customers/{i}/record/{f}"))))
        });
        let order_ids = self
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| (o.license_order_id.as_str(), format!("/orders/{i}/licenseOrderId")));
        let asset_ids = self.assets.iter().enumerate().filter_map(|(i, a)| {
            a.enterprise_global_id.as_deref().map(|id| (id, format!("/assets/{i}/enterpriseGlobalId")))
        });
        let highest = customer_ids
            .chain(order_ids)
            .chain(asset_ids)
            .filter_map(|(id, at)| generated_sequence(id).map(|n| (n, id.to_owned(), at)))
            .max_by_key(|(n, _, _)| *n);
        self.last_id = match (last_id, highest) {
            (Some(given), Some((n, id, at))) if given < n => {
                return Err(refused("/lastId", &format!("{given} is below the stored id {id} ({at})")));
            }
            (Some(given), _) => given,
            (None, highest) => highest.map_or(0, |(n, _, _)| n),
        };
        let mut top: [Option<(u64, &str, usize)>; 2] = [None, None];
        for (i, asset) in self.assets.iter().enumerate() {
            let Some(number) = asset.record.asset_num.as_deref() else { continue };
            let Ok(parsed) = number.parse::<AssetNumber>() else { continue };
            let slot = crate::store::slot(parsed.partition());
            if let Some(best) = top.get_mut(slot) {
                if best.is_none_or(|(n, _, _)| parsed.sequence() > n) {
                    *best = Some((parsed.sequence(), number, i));
                }
            }
        }
        let derived = |slot: usize| top.get(slot).copied().flatten().map_or(1, |(n, _, _)| n + 1);
        let given = next.unwrap_or(NextAssetNumbers { domestic: derived(0), singapore: derived(1) });
        for (slot, (name, value)) in
            [("domestic", given.domestic), ("singapore", given.singapore)].into_iter().enumerate()
        {
            let at = format!("/nextAssetNumbers/{name}");
            if value > SEQUENCE_END {
                return Err(refused(&at, &format!("{value} is past the 9-digit sequence ({SEQUENCE_END})")));
            }
            if let Some((n, number, i)) = top.get(slot).copied().flatten() {
                if value <= n {
                    let what =
                        format!("{value} is not past the stored asset number {number} (/assets/{i}/record/assetNum)");
                    return Err(refused(&at, &what));
                }
            }
        }
        self.next_asset_numbers = given;
        Ok(())
    }

    /// The claims checked against the activities a simulator is made with:
    /// each of a unit it knows, and within the unit's claims per identity.
    pub(crate) fn check_claims(&self, catalogue: &crate::ActivityCatalogue) -> Result<(), String> {
        for (i, claim) in self.claims.iter().enumerate() {
            let unit = catalogue.activities.iter().flat_map(|a| &a.units).find(|u| u.id == claim.activity_unit_id);
            let Some(unit) = unit else {
                let what = format!(
                    "{:?} is not a unit of the simulator's activities (--activities, the activities option)",
                    claim.activity_unit_id
                );
                return Err(refused(&format!("/claims/{i}/activityUnitId"), &what));
            };
            if claim.count > unit.claims_per_identity {
                let what = format!(
                    "{} is more than unit {}'s {} claims per identity",
                    claim.count, unit.id, unit.claims_per_identity
                );
                return Err(refused(&format!("/claims/{i}/count"), &what));
            }
        }
        Ok(())
    }
}

impl Store {
    /// The stored data as a [`State`]; every list in a fixed order, so the
    /// same data always writes the same text.
    pub(crate) fn state(&self) -> State {
        let mut orders: Vec<StateOrder> = self
            .orders
            .iter()
            .map(|(id, order)| StateOrder {
                license_order_id: id.clone(),
                channel_code: order.channel_code.clone(),
                channel_order_id: order.channel_order_id.clone(),
                order: order.order.clone(),
            })
            .collect();
        orders.sort_by(|a, b| a.license_order_id.cmp(&b.license_order_id));
        let mut batches: Vec<StateBatch> = self
            .batches
            .iter()
            .map(|((code, order), results)| StateBatch {
                channel_code: code.clone(),
                channel_order_id: order.clone(),
                results: results.clone(),
            })
            .collect();
        batches.sort_by(|a, b| (&a.channel_code, &a.channel_order_id).cmp(&(&b.channel_code, &b.channel_order_id)));
        let mut claims: Vec<StateClaim> = self
            .claims
            .iter()
            .map(|((identity, unit), count)| StateClaim {
                identity: identity.clone(),
                activity_unit_id: unit.clone(),
                count: *count,
            })
            .collect();
        claims.sort_by(|a, b| (&a.identity, &a.activity_unit_id).cmp(&(&b.identity, &b.activity_unit_id)));
        let [domestic, singapore] = self.shell_next;
        State {
            format: STATE_FORMAT.to_owned(),
            version: STATE_VERSION,
            last_id: self.next_id,
            next_asset_numbers: NextAssetNumbers { domestic, singapore },
            customers: self.customers.list().iter().map(StateCustomer::from).collect(),
            orders,
            batches,
            assets: self.assets.values().map(StateAsset::from).collect(),
            claims,
        }
    }

    /// The store a [`State`] describes (checked when it was read).
    pub(crate) fn from_state(state: &State) -> Store {
        let mut store = Store {
            next_id: state.last_id,
            shell_next: [state.next_asset_numbers.domestic, state.next_asset_numbers.singapore],
            ..Store::default()
        };
        for customer in &state.customers {
            store.customers.push(Customer {
                record: customer.record.clone(),
                crm_customer_id: customer.crm_customer_id.clone(),
                customer_name: customer.customer_name.clone(),
                branch_name: customer.branch_name.clone(),
                address: customer.address.clone(),
            });
        }
        store.orders = state
            .orders
            .iter()
            .map(|o| {
                let order = StoredOrder {
                    channel_code: o.channel_code.clone(),
                    channel_order_id: o.channel_order_id.clone(),
                    order: o.order.clone(),
                };
                (o.license_order_id.clone(), order)
            })
            .collect::<HashMap<_, _>>();
        store.batches = state
            .batches
            .iter()
            .map(|b| ((b.channel_code.clone(), b.channel_order_id.clone()), b.results.clone()))
            .collect();
        store.assets = state
            .assets
            .iter()
            .map(|a| (a.record.asset_num.clone().unwrap_or_default(), a.stored()))
            .collect::<BTreeMap<_, _>>();
        store.claims =
            state.claims.iter().map(|c| ((c.identity.clone(), c.activity_unit_id.clone()), c.count)).collect();
        store
    }
}

impl From<&Customer> for StateCustomer {
    fn from(c: &Customer) -> Self {
        StateCustomer {
            record: c.record.clone(),
            crm_customer_id: c.crm_customer_id.clone(),
            customer_name: c.customer_name.clone(),
            branch_name: c.branch_name.clone(),
            address: c.address.clone(),
        }
    }
}

impl From<&StoredAsset> for StateAsset {
    fn from(a: &StoredAsset) -> Self {
        let mut record = a.record.clone();
        record.customer_id = Some(a.customer_id.to_string());
        record.asset_extends = a.extends.as_deref().map(<[_]>::to_vec);
        let mut grants: Vec<StateGrant> = Vec::with_capacity(a.grants.len());
        for grant in &a.grants {
            let mut removed: Vec<usize> = grant.removed.iter().copied().collect();
            removed.sort_unstable();
            grants.push(StateGrant {
                license_order_id: grant.license_order_id.to_string(),
                products: grant.products.to_vec(),
                removed,
            });
        }
        StateAsset {
            record,
            enterprise_global_id: a.enterprise_global_id.as_deref().map(String::from),
            license_order_ids: a.license_order_ids.iter().map(|id| id.to_string()).collect(),
            grants,
        }
    }
}

impl StateAsset {
    fn stored(&self) -> StoredAsset {
        let mut record = self.record.clone();
        let customer_id: Arc<str> = record.customer_id.take().unwrap_or_default().into();
        let extends = record.asset_extends.take().map(Arc::from);
        StoredAsset {
            record,
            customer_id,
            extends,
            enterprise_global_id: self.enterprise_global_id.as_deref().map(Arc::from),
            license_order_ids: self.license_order_ids.iter().map(|id| Arc::from(id.as_str())).collect(),
            grants: self
                .grants
                .iter()
                .map(|g| Grant {
                    license_order_id: Arc::from(g.license_order_id.as_str()),
                    products: Arc::from(g.products.as_slice()),
                    removed: g.removed.iter().copied().collect(),
                })
                .collect(),
        }
    }
}
