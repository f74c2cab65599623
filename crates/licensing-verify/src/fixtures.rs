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
//! A real service adds fields, renames some and sends numbers for ids: each
//! record is read as the state format reads it (the model's tolerant reading),
//! and what it does not keep is left out and said, not refused: a field the
//! format has no place for (`remark`), a record without what names it (an
//! asset without `assetNum`), an exchange that cannot be taken; a number where
//! an id belongs is read as its text. Each [`Note`] names its line and where
//! in it, once per line, place and kind, counted. A last line cut short (a
//! proxy killed mid-write) is left out with a note, and so is a state larger
//! than a simulator reads by default.
//!
//! The state is then read as any fixture is (`State::from_value`): a recording
//! whose answers contradict each other is refused there, with the pointer.
//!
//! ```
//! use licensing_verify::fixtures::state_from_recording;
//! let recording = concat!(
//!     r#"{"format":"licensing-sdk-recording","version":1,"upstream":"https://staging.example"}"#, "\n",
//!     r#"{"endpoint":"listAssets","request":{"method":"GET","path":"/order/api/order/v1/asset/EG9/list","query":"g_nonce=n","headers":{},"body":null},"response":{"status":200,"headers":{},"body":"{\"code\":0,\"message\":\"ok\",\"data\":[{\"id\":\"A1\",\"assetNum\":\"8000000042\",\"customerId\":\"C77\",\"licenseType\":\"cloud_account\"}]}"},"error":null}"#, "\n",
//! );
//! let fixture = state_from_recording(recording)?;
//! assert!(fixture.state.contains(r#""assetNum":"8000000042""#) && fixture.state.contains(r#""domestic":43"#));
//! assert!(fixture.notes.is_empty());
//! # Ok::<(), String>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;

use licensing_core::model::{result_code, AssetNumber, AssetRecord, BatchOrderResult, BusinessCode, Partition};
use licensing_core::model::{EnterpriseCustomer, Product};
use licensing_core::wire::{Endpoint, Module};
use licensing_sim_core::{Recorded, State, DEFAULT_MAX_STATE_BYTES, STATE_FORMAT, STATE_VERSION};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::proxy::{Inspector, ProxyOptions};
use crate::recording::{read, Exchange};

/// What a recording made: the simulator state, and what of the recording it
/// left out or read otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fixture {
    /// The state, as the state format's JSON text.
    pub state: String,
    /// What was left out or read otherwise, in the order met.
    pub notes: Vec<Note>,
    /// What of the answers differs from the contract, as the checking proxy
    /// logs it (a HAR's: a recording's were logged by the proxy that made it).
    pub answers: Vec<String>,
}

/// Something of a recording the state does not hold as it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Note {
    /// The recording's line, or the HAR's entry (from 1; 0: the recording,
    /// or the state, as a whole).
    pub line: usize,
    /// `line` or `entry`: what `line` counts.
    #[serde(skip)]
    pub unit: &'static str,
    /// What kind of thing.
    pub kind: NoteKind,
    /// Where in the line (`answer /data/*/remark`; `*`: every item), or `""`.
    pub at: String,
    /// What was done, in words.
    pub what: String,
    /// How many times on that line, at that place.
    pub count: usize,
}

/// The kinds of [`Note`]: each variant with its name in reports, once.
macro_rules! note_kinds {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal;)+) => {
        /// What a [`Note`] is about.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum NoteKind {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl NoteKind {
            /// Every kind, in the order of the reports' counts.
            pub const ALL: &'static [NoteKind] = &[$(Self::$variant),+];

            /// Its name in reports (`field`, `number-as-text`, ...).
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }
        }
    };
}

note_kinds! {
    /// A field the state has no place for (or not with this value): left out.
    Field = "field";
    /// A number where the state holds text (an id): read as its text.
    NumberAsText = "number-as-text";
    /// Something the state needs and the record lacks, made up (a customer).
    StandIn = "stand-in";
    /// A record without what names it: left out.
    Record = "record";
    /// An item of the state that contradicts another: left out.
    Contradiction = "contradiction";
    /// An exchange that could not be taken: left out.
    Exchange = "exchange";
    /// The last line, cut short: left out.
    CutLine = "cut-line";
    /// HAR entries that are not the service's (another path, a preflight): skipped.
    OtherEntry = "other-entry";
    /// The state is larger than a simulator reads by default.
    LargeState = "large-state";
}

impl Serialize for NoteKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{} {}: ", self.unit, self.line)?;
        }
        if !self.at.is_empty() {
            write!(f, "{}: ", self.at)?;
        }
        f.write_str(&self.what)?;
        if self.count > 1 {
            write!(f, " ({} times)", self.count)?;
        }
        Ok(())
    }
}

impl Fixture {
    /// How many notes of `kind`, each counted as often as it was met.
    pub fn count(&self, kind: NoteKind) -> usize {
        self.notes.iter().filter(|n| n.kind == kind).map(|n| n.count).sum()
    }

    /// One line of what the notes count (`None`: nothing was left out or read
    /// otherwise).
    pub fn summary(&self) -> Option<String> {
        if self.notes.is_empty() {
            return None;
        }
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = vec![format!(
            "left out {}, {} and {}",
            plural(self.count(NoteKind::Field), "field", "fields"),
            plural(self.count(NoteKind::Record) + self.count(NoteKind::Contradiction), "record", "records"),
            plural(self.count(NoteKind::Exchange), "exchange", "exchanges"),
        )];
        let numbers = self.count(NoteKind::NumberAsText);
        if numbers > 0 {
            parts.push(format!("read {} as text", plural(numbers, "number", "numbers")));
        }
        if self.count(NoteKind::CutLine) > 0 {
            parts.push(String::from("left out the last line, cut short"));
        }
        let others = self.count(NoteKind::OtherEntry);
        if others > 0 {
            parts.push(format!("skipped {} not the service's", plural(others, "entry", "entries")));
        }
        Some(parts.join("; "))
    }

    /// The notes as a report's JSON text (`state --report FILE`): `{format:
    /// "licensing-sdk-state-report", version: 1, counts: {kind: n}, notes,
    /// answers}` (a note's `line` is a HAR's entry when the state came from one).
    pub fn report_json(&self) -> String {
        let counts: Map<String, Value> =
            NoteKind::ALL.iter().map(|k| (k.name().to_owned(), Value::from(self.count(*k)))).collect();
        json!({ "format": "licensing-sdk-state-report", "version": 1, "counts": counts, "notes": self.notes, "answers": self.answers })
            .to_string()
    }
}

/// The simulator state a recording shows, and what it left out (see the
/// module's docs); `Err` names the line and pointer of what cannot be read,
/// or what in the state contradicts itself.
pub fn state_from_recording(text: &str) -> Result<Fixture, String> {
    let recording = read(text)?;
    let mut held = Held { unit: "line", ..Held::default() };
    held.take_all(&recording.exchanges);
    if let Some(line) = recording.cut_last_line {
        held.line = line;
        held.line_notes = held.notes.len();
        held.note(
            NoteKind::CutLine,
            "",
            String::from("cut short (the recording ends mid-line, as a stopped proxy leaves it): left out"),
        );
    }
    held.into_fixture(Vec::new())
}

/// The simulator state a HAR shows (devtools', Playwright's, schemathesis's:
/// `har::read`), as [`state_from_recording`] makes one: what it leaves out
/// noted by entry, the entries that are not the service's counted; each
/// answer also held to the contract as the checking proxy holds it (the
/// differences in [`Fixture::answers`], each endpoint, code and path once).
pub fn state_from_har(text: &str) -> Result<Fixture, String> {
    let har = crate::har::read(text)?;
    let mut held = Held { unit: "entry", ..Held::default() };
    held.take_all(&har.exchanges);
    if har.skipped > 0 {
        held.line = 0;
        held.notes.push(Note {
            line: 0,
            unit: "entry",
            kind: NoteKind::OtherEntry,
            at: String::new(),
            what: String::from("not the service's (another path, or a preflight): skipped"),
            count: har.skipped,
        });
    }
    let mut inspector = Inspector::new(ProxyOptions::default());
    let mut answers = Vec::new();
    for (_, exchange) in &har.exchanges {
        if let (Some(endpoint), Some(response)) = (&exchange.endpoint, &exchange.response) {
            answers.extend(inspector.answer(endpoint, response.status, &response.body));
        }
    }
    held.into_fixture(answers)
}

/// The state `value` holds, read as any state is; an item that contradicts
/// another (an asset id twice, a reference to nothing) is left out with a
/// note, and the rest read again. `Err`: what is wrong is no item's.
fn loads(mut value: Value, notes: &mut Vec<Note>) -> Result<State, String> {
    const LISTS: [&str; 5] = ["customers", "orders", "batches", "assets", "claims"];
    loop {
        let problem = match State::from_value(value.clone()) {
            Ok(state) => return Ok(state),
            Err(problem) => problem,
        };
        let refuse = || format!("the recording's state: {problem}");
        // "simulator state: /assets/3/record/id: …": the list and the item.
        let pointer = problem.strip_prefix("simulator state: /").unwrap_or_default();
        let mut segments = pointer.split(['/', ':']);
        let (Some(list), Some(Ok(index))) = (segments.next(), segments.next().map(str::parse::<usize>)) else {
            return Err(refuse());
        };
        let Some(items) = value.get_mut(list).and_then(Value::as_array_mut).filter(|_| LISTS.contains(&list)) else {
            return Err(refuse());
        };
        if index >= items.len() {
            return Err(refuse());
        }
        items.remove(index);
        let what = format!("left out: {}", problem.strip_prefix("simulator state: ").unwrap_or(&problem));
        notes.push(Note {
            line: 0,
            unit: "line",
            kind: NoteKind::Contradiction,
            at: String::from("state"),
            what,
            count: 1,
        });
    }
}

/// What of `written` (a record as the recording has it) the state does not
/// hold as it was, against `kept` (the same read by the model and written
/// back): `(where, kind, what)`, array items as `*`.
fn differences(written: &Value, kept: &Value, at: &str, out: &mut Vec<(String, NoteKind, String)>) {
    match (written, kept) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let here = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
                match (value, b.get(key)) {
                    (Value::Null, _) => {}
                    (_, None | Some(Value::Null)) => out.push((
                        here,
                        NoteKind::Field,
                        format!("{} is left out (the state has no such field, or no such value)", excerpt(value)),
                    )),
                    (value, Some(back)) => differences(value, back, &here, out),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (x, y) in a.iter().zip(b) {
                differences(x, y, &format!("{at}/*"), out);
            }
        }
        (Value::Number(n), Value::String(s)) if n.to_string() == *s => {
            out.push((at.to_owned(), NoteKind::NumberAsText, format!("the number {n} is read as its text")));
        }
        (a, b) if a == b => {}
        (a, b) => out.push((at.to_owned(), NoteKind::Field, format!("{} is read as {}", excerpt(a), excerpt(b)))),
    }
}

fn excerpt(value: &Value) -> String {
    licensing_core::validate::excerpt(&value.to_string(), 60)
}

/// What the answers so far showed.
#[derive(Default)]
struct Held {
    /// The line (or HAR entry) of the exchange being taken.
    line: usize,
    /// What `line` counts: `line` or `entry`.
    unit: &'static str,
    /// Where the current line's notes begin in `notes`: a note is counted
    /// again only on its own line, so only those are searched (a recording of
    /// a million lines, each with a note, stays linear).
    line_notes: usize,
    /// What was left out or read otherwise so far.
    notes: Vec<Note>,
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

/// Copies the listed fields of `from` that hold text (a number: as its text)
/// into `into`: what the state keeps of a customer is text.
fn copy_text(into: &mut Map<String, Value>, from: &Value, fields: &[(&str, &str)]) {
    for (to, name) in fields {
        let text = match from.get(*name) {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => continue,
        };
        into.insert((*to).to_owned(), Value::from(text));
    }
}

impl Held {
    /// Takes the exchanges, each with its line; one that cannot be taken is
    /// left out, noted.
    fn take_all(&mut self, exchanges: &[(usize, Exchange)]) {
        for (line, exchange) in exchanges {
            self.line = *line;
            self.line_notes = self.notes.len();
            if let Err(e) = self.take(exchange) {
                self.note(NoteKind::Exchange, "", format!("left out: {e}"));
            }
        }
    }

    /// The state held, read as any state is (an item contradicting another
    /// left out), with the notes; a warning past the loader's default bound.
    fn into_fixture(mut self, answers: Vec<String>) -> Result<Fixture, String> {
        let mut notes = std::mem::take(&mut self.notes);
        let state = loads(self.into_state(), &mut notes)?.to_json();
        if state.len() > DEFAULT_MAX_STATE_BYTES {
            let what = format!(
                "the state is {} bytes of JSON, more than the {DEFAULT_MAX_STATE_BYTES} a simulator reads by default: start it with --max-state-bytes {} (maxStateBytes)",
                state.len(),
                state.len()
            );
            notes.push(Note { line: 0, unit: "line", kind: NoteKind::LargeState, at: String::new(), what, count: 1 });
        }
        Ok(Fixture { state, notes, answers })
    }

    /// Notes `what` at `at` on the current line (counted when said there before).
    fn note(&mut self, kind: NoteKind, at: &str, what: String) {
        let line = self.line;
        let this_line = self.notes.get_mut(self.line_notes..).unwrap_or_default();
        match this_line.iter_mut().find(|n| n.line == line && n.kind == kind && n.at == at && n.what == what) {
            Some(note) => note.count += 1,
            None => self.notes.push(Note { line, unit: self.unit, kind, at: at.to_owned(), what, count: 1 }),
        }
    }

    /// `record` as the state holds a `T` (read by the model, written back),
    /// what it leaves out noted at `at`; `None` (noted) when it is no `T`.
    fn fit<T: DeserializeOwned + Serialize>(&mut self, record: &Value, at: &str) -> Option<Value> {
        let kept = match T::deserialize(record).map(|typed| serde_json::to_value(&typed)) {
            Ok(Ok(kept)) => kept,
            Ok(Err(e)) | Err(e) => {
                self.note(NoteKind::Record, at, format!("left out: {e}"));
                return None;
            }
        };
        let mut found = Vec::new();
        differences(record, &kept, at, &mut found);
        for (here, kind, what) in found {
            self.note(kind, &here, what);
        }
        Some(kept)
    }

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

    /// The customer of a record (its `customerId`), the record taken in as
    /// the state holds it; `None` (noted) for a record of no customer id.
    fn customer_record(&mut self, record: &Value, at: &str) -> Option<&mut Map<String, Value>> {
        let record = &self.fit::<EnterpriseCustomer>(record, at)?;
        let Some(id) = record.get("customerId").and_then(text) else {
            self.note(NoteKind::Record, at, String::from("left out: an enterprise customer record without customerId"));
            return None;
        };
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
        let customer = self.customers.get_mut(at)?;
        let mut merged = customer.get("record").and_then(Value::as_object).cloned().unwrap_or_default();
        if let Value::Object(fields) = record {
            for (k, v) in fields {
                merged.insert(k.clone(), v.clone());
            }
        }
        customer.insert("record".into(), Value::Object(merged));
        Some(customer)
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
                "enterpriseName": request.get("customerName").filter(|v| v.is_string()).cloned().unwrap_or(Value::Null), "isDefault": true,
            });
            self.customers.push(Map::from_iter([("record".to_owned(), record)]));
            self.customers.len() - 1
        });
        if let Some(customer) = self.customers.get_mut(at) {
            copy_text(
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
        copy_text(
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
        copy_text(
            &mut record,
            order,
            &[
                ("channelCustomerId", "channelCustomerId"),
                ("enterpriseGlobalId", "enterpriseGlobalId"),
                ("enterpriseName", "customerName"),
            ],
        );
        let mut customer = Map::from_iter([("record".to_owned(), Value::Object(record))]);
        copy_text(
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
        let orders = request.get("orderList").and_then(Value::as_array).cloned().unwrap_or_default();
        let mut results = Vec::new();
        for (i, result) in data.as_array().into_iter().flatten().enumerate() {
            let Some(result) = self.fit::<BatchOrderResult>(result, "answer /data/*") else { continue };
            let Some(id) = result.get("licenseOrderId").and_then(text).map(str::to_owned) else {
                self.note(
                    NoteKind::Record,
                    "answer /data/*",
                    String::from("left out: a result without licenseOrderId"),
                );
                continue;
            };
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
            self.apply(&order, &id, customer.as_deref());
            results.push(result);
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
        // A request the service took may carry what the state has no place for
        // (the proxy forwards what it does not refuse).
        let at = "request /orderList/*/assets/*/products/*";
        let products: Vec<Value> =
            all_products(asset).as_array().into_iter().flatten().filter_map(|p| self.fit::<Product>(p, at)).collect();
        let stand_in;
        let customer = match customer {
            Some(id) => Some(id),
            None => {
                stand_in = self.customer_for(order.get("enterpriseGlobalId").and_then(text));
                stand_in.as_deref()
            }
        };
        let enterprise = order.get("enterpriseGlobalId").and_then(text).map(str::to_owned).or_else(|| {
            self.customers
                .iter()
                .find(|c| customer_id(c) == customer)
                .and_then(|c| c.get("record")?.get("enterpriseGlobalId").and_then(text).map(str::to_owned))
        });
        if !self.assets.contains_key(number) {
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
            let record = Value::Object(record);
            // Made from the request's fields: noted at the asset it came from.
            let Some(record) = self.fit::<AssetRecord>(&record, "request /orderList/*/assets/*") else { return };
            let mut stored = Map::from_iter([
                ("record".to_owned(), record),
                ("licenseOrderIds".to_owned(), json!([])),
                ("grants".to_owned(), json!([])),
            ]);
            if let Some(enterprise) = enterprise {
                stored.insert("enterpriseGlobalId".into(), Value::from(enterprise));
            }
            self.assets.insert(number.to_owned(), stored);
        }
        let Some(entry) = self.assets.get_mut(number) else { return };
        if let Some(Value::Array(ids)) = entry.get_mut("licenseOrderIds") {
            ids.push(Value::from(license_order_id));
        }
        if let Some(Value::Array(grants)) = entry.get_mut("grants") {
            grants.push(json!({ "licenseOrderId": license_order_id, "products": products, "removed": [] }));
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
        let at = "answer /data/*";
        let Some(mut record) = self.fit::<AssetRecord>(record, at) else { return };
        let Some(number) = record.get("assetNum").and_then(text).map(str::to_owned) else {
            self.note(NoteKind::Record, at, String::from("left out: an asset record without assetNum"));
            return;
        };
        let number = number.as_str();
        self.saw_number(number);
        if record.get("customerId").and_then(text).is_none() {
            // The state keeps each asset with its customer: the one it had, or
            // the listed enterprise's.
            let had = self.assets.get(number).and_then(|a| a.get("record")?.get("customerId").and_then(text));
            let Some(id) = had.map(str::to_owned).or_else(|| self.customer_for(enterprise)) else {
                self.note(NoteKind::Record, at, String::from("left out: an asset record without customerId"));
                return;
            };
            let what = format!("no customerId: the enterprise's customer {id:?} stands in");
            self.note(NoteKind::StandIn, &format!("{at}/customerId"), what);
            if let Value::Object(fields) = &mut record {
                fields.insert("customerId".into(), Value::from(id));
            }
        }
        if let Some(customer) = record.get("customerId").and_then(text) {
            let order = json!({ "enterpriseGlobalId": enterprise });
            self.ensure_customer(customer, &order);
        }
        let entry = self.assets.entry(number.to_owned()).or_insert_with(|| {
            Map::from_iter([("licenseOrderIds".to_owned(), json!([])), ("grants".to_owned(), json!([]))])
        });
        entry.insert("record".into(), record);
        if let Some(enterprise) = enterprise {
            entry.insert("enterpriseGlobalId".into(), Value::from(enterprise));
        }
    }

    /// The id of the customer of `enterprise`: the first that names it, or
    /// one made for it (`<enterpriseGlobalId>-customer`, as `createEnterprise`'s).
    fn customer_for(&mut self, enterprise: Option<&str>) -> Option<String> {
        let enterprise = enterprise.filter(|e| !e.is_empty())?;
        let of_enterprise = |c: &&Map<String, Value>| {
            c.get("record").and_then(|r| r.get("enterpriseGlobalId")).and_then(text) == Some(enterprise)
        };
        if let Some(id) = self.customers.iter().find(of_enterprise).and_then(customer_id) {
            return Some(id.to_owned());
        }
        let id = stand_in_id(enterprise);
        if !self.customers.iter().any(|c| customer_id(c) == Some(id.as_str())) {
            let record = json!({ "customerId": id, "enterpriseGlobalId": enterprise, "isDefault": true });
            self.customers.push(Map::from_iter([("record".to_owned(), record)]));
        }
        Some(id)
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
        let at = if bind.is_some() { "answer /data" } else { "answer /data/*" };
        let Some(customer) = self.customer_record(record, at) else { return Ok(()) };
        if let Some(request) = bind {
            copy_text(customer, request, &[("customerName", "customerName"), ("branchName", "branchName")]);
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
