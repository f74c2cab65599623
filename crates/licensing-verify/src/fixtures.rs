//! What the real service held, as a simulator state: `npx licensing-sdk-sim
//! state --from-recording FILE` turns a recording (`recording.rs`) into the
//! versioned state format (`licensing_sim_core::State`), so that a test starts
//! from what staging showed.
//!
//! Only what the successful answers showed goes in, with the requests that
//! asked for them:
//!
//! - **customers**: the records of `bindEnterprise` and `queryEnterprises`
//!   answers (with the bind's `customerName` and `branchName`); a
//!   `createEnterprise` with its CRM customer, names and address (its answer
//!   shows no customer id: the customer is named `<enterpriseGlobalId>-customer`
//!   until a record of that enterprise shows the real one);
//!   `updateEnterprise`'s changes; and for each customer id an order or an
//!   asset names without a record, a customer of that id;
//! - **orders** and **batches**: each `batchOrder` with its results;
//! - **assets**: each asset number a `new_buy` order bought (with its products,
//!   by license order), replaced by the record a `listAssets` answer showed for
//!   it; `delete_asset` and `delete_product` orders applied; locked or unlocked
//!   by the lock answers that said so (status 1);
//! - the next **asset numbers** past every one seen (`shellNums`' included),
//!   and (derived by the state's reader) the ids past every one of the
//!   simulator's form (`C…`, `EG…`, `LO…`) the state holds, so the simulator
//!   hands out none of them again.
//!
//! The activity claims are left out: they mean something only with the
//! activities' definitions (`--activities`), which no answer shows.
//!
//! The state is then read as any fixture is (`State::from_json`): a recording
//! whose answers contradict each other is refused there, with the pointer.
//!
//! ```
//! use licensing_verify::fixtures::state_from_recording;
//! let recording = concat!(
//!     r#"{"format":"licensing-sdk-recording","version":1,"upstream":"https://staging.example"}"#, "\n",
//!     r#"{"endpoint":"listAssets","request":{"method":"GET","path":"/order/api/order/v1/asset/EG9/list","query":"g_nonce=n","headers":{},"body":null},"response":{"status":200,"headers":{},"body":"{\"code\":0,\"message\":\"ok\",\"data\":[{\"id\":\"A1\",\"assetNum\":\"8000000042\",\"customerId\":\"C77\",\"licenseType\":\"cloud_account\"}]}"},"error":null}"#, "\n",
//! );
//! let state = state_from_recording(recording)?;
//! assert!(state.contains(r#""assetNum":"8000000042""#) && state.contains(r#""domestic":43"#));
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;

use licensing_core::model::{result_code, AssetNumber, BusinessCode, Partition};
use licensing_core::wire::{Endpoint, Module};
use licensing_sim_core::{Recorded, State, STATE_FORMAT, STATE_VERSION};
use serde_json::{json, Map, Value};

use crate::recording::{read, Exchange};

/// The simulator state a recording shows, as the state format's JSON text;
/// `Err` names the line and pointer of what cannot be read, or what in the
/// state contradicts itself.
pub fn state_from_recording(text: &str) -> Result<String, String> {
    let (_, exchanges) = read(text)?;
    let mut held = Held::default();
    for (i, exchange) in exchanges.iter().enumerate() {
        held.take(exchange).map_err(|e| format!("exchange {} (line {}): {e}", i + 1, i + 2))?;
    }
    let state = State::from_value(held.into_state()).map_err(|e| format!("the recording's state: {e}"))?;
    Ok(state.to_json())
}

/// What the answers so far showed.
#[derive(Default)]
struct Held {
    /// Customers by id, in the order first seen.
    customers: Vec<Map<String, Value>>,
    orders: Vec<Value>,
    /// Batches by (channelCode, channelOrderId).
    batches: BTreeMap<(String, String), Value>,
    /// Assets by asset number.
    assets: BTreeMap<String, Map<String, Value>>,
    /// The largest asset number sequence seen, per partition.
    numbers: [u64; 2],
}

fn object_of(text: &str) -> Map<String, Value> {
    match serde_json::from_str(text) {
        Ok(Value::Object(o)) => o,
        _ => Map::new(),
    }
}

fn text(value: &Value) -> Option<&str> {
    value.as_str().filter(|s| !s.is_empty())
}

/// Copies the listed fields of `from` that hold a value into `into`.
fn copy(into: &mut Map<String, Value>, from: &Value, fields: &[(&str, &str)]) {
    for (to, name) in fields {
        if let Some(v) = from.get(*name).filter(|v| !v.is_null()) {
            into.insert((*to).to_owned(), v.clone());
        }
    }
}

impl Held {
    /// Takes one exchange into account (a failed or refused one shows nothing).
    fn take(&mut self, exchange: &Exchange) -> Result<(), String> {
        let Some(name) = &exchange.endpoint else { return Ok(()) };
        let Ok(endpoint) = name.parse::<Endpoint>() else { return Ok(()) };
        let Some(response) = &exchange.response else { return Ok(()) };
        let answer = object_of(&response.body);
        let success = response.status == 200
            && match endpoint.module() {
                Module::Order => answer.get("code").is_some_and(|c| match c {
                    Value::String(s) => BusinessCode::from(s.as_str()).is_success(),
                    other => BusinessCode::from(other.to_string().as_str()).is_success(),
                }),
                Module::Activity => answer.get("resultCode").and_then(Value::as_str) == Some(result_code::SUCCESS),
            };
        if !success {
            return Ok(());
        }
        let request = Value::Object(object_of(exchange.request.body.as_deref().unwrap_or("{}")));
        let data = answer.get("data").cloned().unwrap_or(Value::Null);
        // What each endpoint's answer shows is read beside the simulator's
        // dispatch (licensing-sim-core's `recorded`); kept here as facts.
        licensing_sim_core::recorded(endpoint, &exchange.request.path, &request, &data, self)
    }

    /// The customer of a record (its `customerId`), the record taken in.
    fn customer_record(&mut self, record: &Value) -> Result<&mut Map<String, Value>, String> {
        let id = record.get("customerId").and_then(text).ok_or("an enterprise customer record without customerId")?;
        let enterprise = record.get("enterpriseGlobalId").and_then(text).map(str::to_owned);
        // A customer named after its enterprise (createEnterprise's) gets its real id.
        let stand_in = enterprise.as_deref().map(stand_in_id);
        let at = match self.customers.iter().position(|c| customer_id(c) == Some(id)) {
            Some(at) => at,
            None => match self.customers.iter().position(|c| customer_id(c) == stand_in.as_deref()) {
                Some(at) => at,
                None => {
                    self.customers.push(Map::new());
                    self.customers.len() - 1
                }
            },
        };
        let customer = self.customers.get_mut(at).ok_or("no customer")?;
        let mut merged = customer.get("record").and_then(Value::as_object).cloned().unwrap_or_default();
        if let Value::Object(fields) = record {
            for (k, v) in fields {
                merged.insert(k.clone(), v.clone());
            }
        }
        customer.insert("record".into(), Value::Object(merged));
        Ok(customer)
    }

    fn created(&mut self, request: &Value, data: &Value) {
        let Some(enterprise) = data.get("enterpriseGlobalId").and_then(text) else { return };
        let crm = request.get("crmCustomerId").and_then(text);
        let found = self.customers.iter().position(|c| {
            c.get("record").and_then(|r| r.get("enterpriseGlobalId")).and_then(text) == Some(enterprise)
                || (crm.is_some() && c.get("crmCustomerId").and_then(text) == crm)
        });
        let at = found.unwrap_or_else(|| {
            let record = json!({
                "customerId": stand_in_id(enterprise), "enterpriseGlobalId": enterprise,
                "enterpriseName": request.get("customerName").cloned().unwrap_or(Value::Null), "isDefault": true,
            });
            self.customers.push(Map::from_iter([("record".to_owned(), record)]));
            self.customers.len() - 1
        });
        if let Some(customer) = self.customers.get_mut(at) {
            copy(
                customer,
                request,
                &[
                    ("crmCustomerId", "crmCustomerId"),
                    ("customerName", "customerName"),
                    ("branchName", "branchName"),
                    ("address", "address"),
                ],
            );
        }
    }

    fn updated(&mut self, request: &Value) {
        let Some(crm) = request.get("crmCustomerId").and_then(text) else { return };
        let Some(customer) = self.customers.iter_mut().find(|c| c.get("crmCustomerId").and_then(text) == Some(crm))
        else {
            return;
        };
        copy(
            customer,
            request,
            &[("customerName", "customerName"), ("branchName", "branchName"), ("address", "address")],
        );
        if let (Some(name), Some(Value::Object(record))) = (request.get("customerName"), customer.get_mut("record")) {
            record.insert("enterpriseName".into(), name.clone());
        }
    }

    /// A customer of this id, made from an order's customer data when none is known.
    fn ensure_customer(&mut self, id: &str, order: &Value) {
        if self.customers.iter().any(|c| customer_id(c) == Some(id)) {
            return;
        }
        let mut record = Map::from_iter([("customerId".to_owned(), Value::from(id))]);
        copy(
            &mut record,
            order,
            &[
                ("channelCustomerId", "channelCustomerId"),
                ("enterpriseGlobalId", "enterpriseGlobalId"),
                ("enterpriseName", "customerName"),
            ],
        );
        let mut customer = Map::from_iter([("record".to_owned(), Value::Object(record))]);
        copy(
            &mut customer,
            order,
            &[
                ("crmCustomerId", "crmCustomerId"),
                ("customerName", "customerName"),
                ("branchName", "branchName"),
                ("address", "address"),
            ],
        );
        self.customers.push(customer);
    }

    fn batch(&mut self, request: &Value, data: &Value) -> Result<(), String> {
        let channel_code = request.get("channelCode").and_then(Value::as_str).unwrap_or_default().to_owned();
        let channel_order_id = request.get("channelOrderId").and_then(Value::as_str).unwrap_or_default().to_owned();
        let key = (channel_code.clone(), channel_order_id.clone());
        // A batch answered again (a repeat of its channelOrderId) changed nothing.
        if !channel_order_id.trim().is_empty() && self.batches.contains_key(&key) {
            return Ok(());
        }
        let results = data.as_array().cloned().unwrap_or_default();
        let orders = request.get("orderList").and_then(Value::as_array).cloned().unwrap_or_default();
        for (i, result) in results.iter().enumerate() {
            let id = result.get("licenseOrderId").and_then(text).ok_or(format!("/data/{i}: no licenseOrderId"))?;
            // The order a result is for: by its echoed sequence, else by position.
            let order = orders
                .iter()
                .find(|o| o.get("sequence").is_some_and(|s| Some(s) == result.get("sequence")))
                .or_else(|| orders.get(i))
                .cloned()
                .unwrap_or(Value::Null);
            self.orders
                .push(json!({ "licenseOrderId": id, "channelCode": channel_code, "channelOrderId": channel_order_id }));
            let customer = result.get("customerId").and_then(text).map(str::to_owned);
            if let Some(customer) = &customer {
                self.ensure_customer(customer, &order);
            }
            self.apply(&order, id, customer.as_deref());
        }
        if !channel_order_id.trim().is_empty() {
            let batch = json!({ "channelCode": key.0, "channelOrderId": key.1, "results": results });
            self.batches.insert(key, batch);
        }
        Ok(())
    }

    /// An order's assets as the service took them.
    fn apply(&mut self, order: &Value, license_order_id: &str, customer: Option<&str>) {
        let order_type = order.get("orderType").and_then(Value::as_str).unwrap_or("new_buy");
        let src = order.get("srcLicenseOrderId").and_then(text);
        for asset in order.get("assets").and_then(Value::as_array).into_iter().flatten() {
            let numbers = asset.get("assetNos").and_then(Value::as_array).cloned().unwrap_or_default();
            for number in numbers.iter().filter_map(Value::as_str) {
                self.saw_number(number);
                match order_type {
                    "delete_asset" => {
                        self.assets.remove(number);
                    }
                    "delete_product" => self.delete_products(number, asset, src),
                    _ => self.bought(number, asset, order, license_order_id, customer),
                }
            }
        }
    }

    fn bought(&mut self, number: &str, asset: &Value, order: &Value, license_order_id: &str, customer: Option<&str>) {
        let enterprise = order.get("enterpriseGlobalId").and_then(text).map(str::to_owned).or_else(|| {
            self.customers
                .iter()
                .find(|c| customer_id(c) == customer)
                .and_then(|c| c.get("record")?.get("enterpriseGlobalId").and_then(text).map(str::to_owned))
        });
        let entry = self.assets.entry(number.to_owned()).or_insert_with(|| {
            let mut record = Map::from_iter([("assetNum".to_owned(), Value::from(number))]);
            copy(&mut record, order, &[("licenseType", "licenseType")]);
            copy(
                &mut record,
                asset,
                &[
                    ("limitStartTime", "limitStartDate"),
                    ("limitEndTime", "limitEndDate"),
                    ("borrowedUsbKey", "borrowedUsbKey"),
                ],
            );
            if let Some(extends) = asset.get("assetExtendList").filter(|v| v.is_array()) {
                record.insert("assetExtends".into(), extends.clone());
            }
            if let Some(customer) = customer {
                record.insert("customerId".into(), Value::from(customer));
            }
            let mut stored = Map::from_iter([
                ("record".to_owned(), Value::Object(record)),
                ("licenseOrderIds".to_owned(), json!([])),
                ("grants".to_owned(), json!([])),
            ]);
            if let Some(enterprise) = enterprise {
                stored.insert("enterpriseGlobalId".into(), Value::from(enterprise));
            }
            stored
        });
        if let Some(Value::Array(ids)) = entry.get_mut("licenseOrderIds") {
            ids.push(Value::from(license_order_id));
        }
        if let Some(Value::Array(grants)) = entry.get_mut("grants") {
            grants.push(json!({ "licenseOrderId": license_order_id, "products": all_products(asset), "removed": [] }));
        }
    }

    /// A `delete_product` order's products taken off an asset: by product
    /// mnemonic, or exactly on time and node count when `strictMatchWhenDelete`.
    fn delete_products(&mut self, number: &str, asset: &Value, src: Option<&str>) {
        let wanted = asset.get("products").and_then(Value::as_array).cloned().unwrap_or_default();
        let Some(stored) = self.assets.get_mut(number) else { return };
        let owns_src = src.is_some_and(|s| {
            stored.get("licenseOrderIds").and_then(Value::as_array).is_some_and(|ids| ids.iter().any(|i| i == s))
        });
        let Some(Value::Array(grants)) = stored.get_mut("grants") else { return };
        for grant in grants {
            let in_scope =
                owns_src || src.is_none_or(|s| grant.get("licenseOrderId").and_then(Value::as_str) == Some(s));
            if !in_scope {
                continue;
            }
            let products = grant.get("products").and_then(Value::as_array).cloned().unwrap_or_default();
            let mut removed: Vec<u64> = grant
                .get("removed")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .collect();
            for (k, product) in products.iter().enumerate() {
                let k = k as u64;
                if !removed.contains(&k) && wanted.iter().any(|w| matches(product, w)) {
                    removed.push(k);
                }
            }
            removed.sort_unstable();
            grant["removed"] = json!(removed);
        }
    }

    fn listed(&mut self, record: &Value, enterprise: Option<&str>) {
        let Some(number) = record.get("assetNum").and_then(text) else { return };
        self.saw_number(number);
        if let Some(customer) = record.get("customerId").and_then(text) {
            let order = json!({ "enterpriseGlobalId": enterprise });
            self.ensure_customer(customer, &order);
        }
        let entry = self.assets.entry(number.to_owned()).or_insert_with(|| {
            Map::from_iter([("licenseOrderIds".to_owned(), json!([])), ("grants".to_owned(), json!([]))])
        });
        entry.insert("record".into(), record.clone());
        if let Some(enterprise) = enterprise {
            entry.insert("enterpriseGlobalId".into(), Value::from(enterprise));
        }
    }

    fn saw_number(&mut self, number: &str) {
        if let Ok(n) = number.parse::<AssetNumber>() {
            let slot = usize::from(n.partition() == Partition::Singapore);
            if let Some(max) = self.numbers.get_mut(slot) {
                *max = (*max).max(n.sequence());
            }
        }
    }

    /// The state, its `lastId` left to the reader to derive.
    fn into_state(self) -> Value {
        let [domestic, singapore] = self.numbers;
        let assets: Vec<Value> = self.assets.into_values().map(Value::Object).collect();
        json!({
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "nextAssetNumbers": { "domestic": domestic + 1, "singapore": singapore + 1 },
            "customers": self.customers.into_iter().map(Value::Object).collect::<Vec<_>>(),
            "orders": self.orders,
            "batches": self.batches.into_values().collect::<Vec<_>>(),
            "assets": assets,
            "claims": [],
        })
    }
}

impl Recorded for Held {
    fn customer(&mut self, record: &Value, bind: Option<&Value>) -> Result<(), String> {
        let customer = self.customer_record(record)?;
        if let Some(request) = bind {
            copy(customer, request, &[("customerName", "customerName"), ("branchName", "branchName")]);
        }
        Ok(())
    }

    fn created(&mut self, request: &Value, data: &Value) {
        Held::created(self, request, data);
    }

    fn updated(&mut self, request: &Value) {
        Held::updated(self, request);
    }

    fn batch(&mut self, request: &Value, data: &Value) -> Result<(), String> {
        Held::batch(self, request, data)
    }

    fn lock(&mut self, number: &str, locked: bool) {
        if let Some(Value::Object(record)) = self.assets.get_mut(number).and_then(|asset| asset.get_mut("record")) {
            record.insert("locked".into(), Value::Bool(locked));
        }
    }

    fn listed(&mut self, record: &Value, enterprise: Option<&str>) {
        Held::listed(self, record, enterprise);
    }

    fn number(&mut self, number: &str) {
        self.saw_number(number);
    }
}

fn customer_id(customer: &Map<String, Value>) -> Option<&str> {
    customer.get("record")?.get("customerId").and_then(text)
}

/// The id a `createEnterprise`'s customer is given until a record shows its own.
fn stand_in_id(enterprise: &str) -> String {
    format!("{enterprise}-customer")
}

/// An asset's products and those of its merchandise tree.
fn all_products(asset: &Value) -> Value {
    fn walk(list: &Value, depth: usize, out: &mut Vec<Value>) {
        for m in list.as_array().into_iter().flatten() {
            out.extend(m["licenseOrderProductList"].as_array().into_iter().flatten().cloned());
            if depth < licensing_core::validate::MAX_DEPTH {
                walk(&m["children"], depth + 1, out);
            }
        }
    }
    let mut out: Vec<Value> = asset["products"].as_array().cloned().unwrap_or_default();
    walk(&asset["merchandises"], 0, &mut out);
    Value::Array(out)
}

/// Whether a stored product is the one a delete element names.
fn matches(stored: &Value, wanted: &Value) -> bool {
    let same = stored.get("productUri") == wanted.get("productUri");
    if wanted.get("strictMatchWhenDelete").and_then(Value::as_bool) == Some(true) {
        same && ["limitStartDate", "limitEndDate", "limitConcurrent"].iter().all(|f| stored.get(*f) == wanted.get(*f))
    } else {
        same
    }
}
