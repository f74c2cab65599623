//! The simulator's state, in memory, behind one mutex (consistent under
//! concurrency: every call sees and leaves a whole state).

mod assets;
mod enterprise;
mod orders;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use licensing_core::model::{
    AssetExtend, AssetRecord, BatchOrderResult, EnterpriseCustomer, Order, Partition, Product,
};

pub(crate) use assets::{json_len, TooLarge};

/// A partition's index in [`Store::shell_next`] (and in a state's counters).
pub(crate) fn slot(partition: Partition) -> usize {
    usize::from(partition == Partition::Singapore)
}
pub(crate) use orders::BatchLimits;

/// The refusal of a call that needs a fresh id or asset number when the
/// sequence is spent.
pub(crate) const EXHAUSTED: &str = "the simulator's id sequence is spent (the state's lastId is at its end)";

/// A customer of the authorization platform.
#[derive(Debug, Clone)]
pub(crate) struct Customer {
    pub(crate) record: EnterpriseCustomer,
    pub(crate) crm_customer_id: Option<String>,
    pub(crate) customer_name: Option<String>,
    pub(crate) branch_name: Option<String>,
    pub(crate) address: Option<String>,
}

/// The customers in the order they were made, indexed by every id a request
/// finds one by, so that no request scans them under the store's lock (a batch
/// of 5,000 orders with new customers against 35,000 stored took 95 s with a
/// scan). Each index keeps the first customer made with that key, as the scan
/// it replaces found; customers are only ever added (a reset makes a new store).
#[derive(Default)]
pub(crate) struct Customers {
    list: Vec<Customer>,
    by_customer_id: HashMap<String, usize>,
    by_crm: HashMap<String, usize>,
    by_channel_customer: HashMap<String, usize>,
    by_channel: HashMap<(String, String), Vec<usize>>,
    by_enterprise: HashMap<String, usize>,
}

impl Customers {
    /// All of them, oldest first.
    pub(crate) fn list(&self) -> &[Customer] {
        &self.list
    }

    /// How many there are.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    /// Adds one, indexed by its ids.
    pub(crate) fn push(&mut self, customer: Customer) {
        let at = self.list.len();
        let record = &customer.record;
        if let Some(id) = &record.customer_id {
            self.by_customer_id.entry(id.clone()).or_insert(at);
        }
        if let Some(crm) = &customer.crm_customer_id {
            self.by_crm.entry(crm.clone()).or_insert(at);
        }
        if let Some(channel_customer) = &record.channel_customer_id {
            self.by_channel_customer.entry(channel_customer.clone()).or_insert(at);
            if let Some(code) = &record.channel_code {
                self.by_channel.entry((code.clone(), channel_customer.clone())).or_default().push(at);
            }
        }
        if let Some(enterprise) = &record.enterprise_global_id {
            self.by_enterprise.entry(enterprise.clone()).or_insert(at);
        }
        self.list.push(customer);
    }

    /// The first customer of a CRM customer id.
    pub(crate) fn by_crm(&self, crm: &str) -> Option<&Customer> {
        self.by_crm.get(crm).and_then(|&at| self.list.get(at))
    }

    /// The first customer of a CRM customer id, to change.
    pub(crate) fn by_crm_mut(&mut self, crm: &str) -> Option<&mut Customer> {
        let at = *self.by_crm.get(crm)?;
        self.list.get_mut(at)
    }

    /// The first customer with this customer id.
    pub(crate) fn by_customer_id(&self, id: &str) -> Option<&Customer> {
        self.by_customer_id.get(id).and_then(|&at| self.list.get(at))
    }

    /// The customers of (channelCode, channelCustomerId), oldest first.
    pub(crate) fn of_channel<'a>(&'a self, code: &str, customer: &str) -> impl Iterator<Item = &'a Customer> + 'a {
        let found = self.by_channel.get(&(code.to_owned(), customer.to_owned()));
        found.into_iter().flatten().filter_map(|&at| self.list.get(at))
    }

    /// Whether a customer has this enterprise main account.
    pub(crate) fn has_enterprise(&self, id: &str) -> bool {
        self.by_enterprise.contains_key(id)
    }

    /// The oldest customer matching any of the ids given (`None`: not looked for).
    pub(crate) fn first_of(
        &self,
        customer_id: Option<&str>,
        crm: Option<&str>,
        channel_customer: Option<&str>,
    ) -> Option<&Customer> {
        let hits = [
            customer_id.and_then(|k| self.by_customer_id.get(k)),
            crm.and_then(|k| self.by_crm.get(k)),
            channel_customer.and_then(|k| self.by_channel_customer.get(k)),
        ];
        hits.into_iter().flatten().min().and_then(|&at| self.list.get(at))
    }
}

/// An asset and the products licensed on it, by license order.
///
/// What an order gives all its asset numbers alike (its customer, its
/// enterprise, an asset's extensions) is kept once per order and shared by
/// every number: a 494 KB body of 400 numbers and one 500 KB `extendValue`
/// used to add 192 MB, one copy per number.
#[derive(Debug, Clone)]
pub(crate) struct StoredAsset {
    /// The record as answered, less `customer_id` and `asset_extends` (below;
    /// `Store::list_assets` and `Listed::answer` put them back).
    pub(crate) record: AssetRecord,
    pub(crate) customer_id: Arc<str>,
    pub(crate) extends: Option<Arc<[AssetExtend]>>,
    pub(crate) enterprise_global_id: Option<Arc<str>>,
    pub(crate) license_order_ids: Vec<Arc<str>>,
    pub(crate) grants: Vec<Grant>,
}

/// The products one license order put on an asset. The product list is shared
/// by every asset number of that order's asset: a batch that gives 3,000 numbers
/// the same 3,000 products stores them once, not 9 million times.
#[derive(Debug, Clone)]
pub(crate) struct Grant {
    pub(crate) license_order_id: Arc<str>,
    pub(crate) products: Arc<[Product]>,
    /// Which of them this asset no longer has (`delete_product`), by index:
    /// as many entries as were deleted (a flag per product made a 30 KB delete
    /// of 1,000 numbers write 20 million flags against 20,000 shared products).
    pub(crate) removed: rustc_hash::FxHashSet<usize>,
}

/// One accepted license order: its batch, and the order as the batch sent it.
#[derive(Debug, Clone)]
pub(crate) struct StoredOrder {
    pub(crate) channel_code: String,
    pub(crate) channel_order_id: String,
    /// The order as read from its batch (what the simulator does not know of it
    /// left out): its history, which a read of the order answers from, while
    /// `assets` hold what it left on each asset now. `None` in a state that
    /// does not hold it (one made from a recording that lost the request).
    pub(crate) order: Option<Order>,
}

#[derive(Default)]
pub(crate) struct Store {
    pub(crate) next_id: u64,
    pub(crate) customers: Customers,
    pub(crate) orders: HashMap<String, StoredOrder>,
    /// (channelCode, channelOrderId) → results, so a resubmitted batch is not
    /// stored twice.
    pub(crate) batches: HashMap<(String, String), Vec<BatchOrderResult>>,
    pub(crate) assets: BTreeMap<String, StoredAsset>,
    /// Next asset number sequence per partition (domestic, Singapore: [`slot`]).
    pub(crate) shell_next: [u64; 2],
    /// Claims per (identity, activity unit id).
    pub(crate) claims: HashMap<(String, String), u32>,
}

impl Store {
    /// An empty store whose sequences start after `seed` (see `Options::seed`).
    pub(crate) fn new(seed: u64) -> Self {
        // Asset numbers have 9 digits of sequence: the seed moves their start
        // within the first 900 million, leaving room to hand out.
        let shell_start = 1 + seed % 900_000_000;
        Self { next_id: seed, shell_next: [shell_start, shell_start], ..Self::default() }
    }

    /// A fresh id with a readable prefix (`C000001`, `LO000002`, ...); `None`
    /// once the sequence is spent (a state may start it anywhere up to
    /// `u64::MAX`: it never wraps to an id given before).
    pub(crate) fn id(&mut self, prefix: &str) -> Option<String> {
        self.next_id = self.next_id.checked_add(1)?;
        Some(format!("{prefix}{:06}", self.next_id))
    }

    /// How many fresh ids are left.
    pub(crate) fn ids_left(&self) -> u64 {
        u64::MAX - self.next_id
    }

    /// Number of stored license orders (for the load test's exactly-once check).
    pub(crate) fn order_count(&self) -> usize {
        self.orders.len()
    }
}
