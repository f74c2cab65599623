//! The simulator's state, in memory, behind one mutex (consistent under
//! concurrency: every call sees and leaves a whole state).

mod assets;
mod enterprise;
mod orders;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use licensing_core::model::{AssetRecord, BatchOrderResult, EnterpriseCustomer, Product};

pub(crate) use orders::BatchLimits;

/// A customer of the authorization platform.
#[derive(Debug, Clone)]
pub(crate) struct Customer {
    pub(crate) record: EnterpriseCustomer,
    pub(crate) crm_customer_id: Option<String>,
    pub(crate) customer_name: Option<String>,
    pub(crate) branch_name: Option<String>,
    pub(crate) address: Option<String>,
}

/// An asset and the products licensed on it, by license order.
#[derive(Debug, Clone)]
pub(crate) struct StoredAsset {
    pub(crate) record: AssetRecord,
    pub(crate) enterprise_global_id: Option<String>,
    pub(crate) license_order_ids: Vec<String>,
    pub(crate) grants: Vec<Grant>,
}

/// The products one license order put on an asset. The product list is shared
/// by every asset number of that order's asset: a batch that gives 3,000 numbers
/// the same 3,000 products stores them once, not 9 million times.
#[derive(Debug, Clone)]
pub(crate) struct Grant {
    pub(crate) license_order_id: Arc<str>,
    pub(crate) products: Arc<[Product]>,
    /// Which of them this asset no longer has (`delete_product`), by index;
    /// empty while none is deleted.
    pub(crate) removed: Vec<bool>,
}

/// One accepted license order.
#[derive(Debug, Clone)]
pub(crate) struct StoredOrder {
    pub(crate) channel_code: String,
    pub(crate) channel_order_id: String,
}

#[derive(Default)]
pub(crate) struct Store {
    next_id: u64,
    pub(crate) customers: Vec<Customer>,
    pub(crate) orders: HashMap<String, StoredOrder>,
    /// (channelCode, channelOrderId) → results, so a resubmitted batch is not
    /// stored twice.
    pub(crate) batches: HashMap<(String, String), Vec<BatchOrderResult>>,
    pub(crate) assets: BTreeMap<String, StoredAsset>,
    /// Next asset number sequence per partition (domestic, Singapore).
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

    /// A fresh id with a readable prefix (`C000001`, `LO000002`, ...).
    pub(crate) fn id(&mut self, prefix: &str) -> String {
        self.next_id = self.next_id.wrapping_add(1);
        format!("{prefix}{:06}", self.next_id)
    }

    /// Number of stored license orders (for the load test's exactly-once check).
    pub(crate) fn order_count(&self) -> usize {
        self.orders.len()
    }
}
