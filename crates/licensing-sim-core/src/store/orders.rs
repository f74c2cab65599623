//! Batch orders: check every order against the state first, then apply them all,
//! so a batch is accepted whole or refused whole.

use licensing_core::model::{
    Asset, AssetExtend, AssetRecord, BatchOrderRequest, BatchOrderResult, EnterpriseCustomer, KeyChipType, LicenseType,
    Merchandise, Open, Order, OrderType, Product,
};
use licensing_core::validate::MAX_DEPTH;

use rustc_hash::FxHashMap;
use std::sync::Arc;

use super::{Customer, Grant, Store, StoredAsset, StoredOrder};

/// A batch the state cannot take (an asset or product to delete is not there,
/// or it asks more work than the simulator does in one call).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BatchError(pub(crate) String);

/// How much work one batch may ask while the store is locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BatchLimits {
    /// Most (asset number, product) pairs the `delete_product` orders of a batch
    /// may name: each is matched against that asset's products.
    pub(crate) max_delete_pairs: u64,
}

/// Every product of an asset: its own and those of its merchandise tree.
fn all_products(asset: &Asset) -> Vec<Product> {
    fn walk(list: &[Merchandise], depth: usize, out: &mut Vec<Product>) {
        for m in list {
            out.extend(m.license_order_product_list.iter().flatten().cloned());
            if let Some(children) = m.children.as_ref().and_then(Option::as_deref).filter(|_| depth < MAX_DEPTH) {
                walk(children, depth + 1, out);
            }
        }
    }
    let mut out: Vec<Product> = asset.products.iter().flatten().cloned().collect();
    walk(asset.merchandises.as_deref().unwrap_or_default(), 0, &mut out);
    out
}

/// Whether a stored product is the one a delete_product element names: exactly
/// on time and node count when strictMatchWhenDelete, else by product mnemonic.
fn matches(stored: &Product, wanted: &Product) -> bool {
    let same_product = stored.product_uri == wanted.product_uri;
    if wanted.strict_match_when_delete == Some(true) {
        same_product
            && stored.limit_start_date == wanted.limit_start_date
            && stored.limit_end_date == wanted.limit_end_date
            && stored.limit_concurrent == wanted.limit_concurrent
    } else {
        same_product
    }
}

/// Whether an asset was bought in the refund's `srcLicenseOrderId`.
fn owns(asset: &StoredAsset, src: Option<&str>) -> bool {
    src.is_some_and(|src| asset.license_order_ids.iter().any(|o| &**o == src))
}

/// Whether a grant is within a refund's `srcLicenseOrderId` (every grant when
/// none, or when the asset was bought in it: `owns_src`, read once per asset).
fn in_scope(grant: &Grant, src: Option<&str>, owns_src: bool) -> bool {
    owns_src || src.is_none_or(|src| &*grant.license_order_id == src)
}

/// Matching steps a batch may take per `--max-delete-pairs` (see `Store::delete_work`).
const DELETE_STEPS_PER_PAIR: u64 = 4;

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.trim().is_empty())
}

/// The products of each shared list by `productUri`, built once per list a
/// batch looks into: a lookup per (number, product) pair instead of a scan.
#[derive(Default)]
struct ProductIndex(FxHashMap<usize, ByUri>);

/// The products of one list by `productUri`.
type ByUri = FxHashMap<Option<String>, Vec<usize>>;

impl ProductIndex {
    /// The index of `grant`'s product list, built on first use, and whether
    /// this call built it.
    fn of(&mut self, grant: &Grant) -> (&ByUri, bool) {
        let key = Arc::as_ptr(&grant.products).cast::<()>() as usize;
        let mut built = false;
        let by_uri = self.0.entry(key).or_insert_with(|| {
            built = true;
            let mut by_uri = ByUri::default();
            for (i, p) in grant.products.iter().enumerate() {
                by_uri.entry(p.product_uri.clone()).or_default().push(i);
            }
            by_uri
        });
        (by_uri, built)
    }

    /// The steps `find` takes for `wanted` in `grant` (the grant, each product
    /// of the same `productUri`) plus, the first time, indexing its list.
    fn cost(&mut self, grant: &Grant, wanted: &Product) -> u64 {
        let (by_uri, built) = self.of(grant);
        let indexing = if built { grant.products.len() as u64 } else { 0 };
        indexing + 1 + by_uri.get(&wanted.product_uri).map_or(0, |v| v.len() as u64)
    }

    /// The indices in `grant` of the live products a delete element names.
    fn find<'a>(&'a mut self, grant: &'a Grant, wanted: &'a Product) -> impl Iterator<Item = usize> + 'a {
        let candidates = self.of(grant).0.get(&wanted.product_uri).map_or(&[][..], Vec::as_slice);
        candidates
            .iter()
            .copied()
            .filter(move |&i| !grant.removed.contains(&i) && grant.products.get(i).is_some_and(|p| matches(p, wanted)))
    }
}

/// The (asset number, product) pairs a batch's delete_product orders name.
fn delete_pairs(orders: &[Order]) -> u64 {
    orders
        .iter()
        .filter(|o| o.order_type == Some(OrderType::DeleteProduct))
        .flat_map(|o| o.assets.iter().flatten())
        .map(|a| {
            let numbers = a.asset_nos.as_ref().map_or(0, Vec::len) as u64;
            let products = a.products.as_ref().map_or(0, Vec::len) as u64;
            numbers.saturating_mul(products)
        })
        .fold(0u64, u64::saturating_add)
}

impl Store {
    pub(crate) fn batch_order(
        &mut self,
        req: BatchOrderRequest,
        now: i64,
        limits: BatchLimits,
    ) -> Result<Vec<BatchOrderResult>, BatchError> {
        let key = (req.channel_code.clone().unwrap_or_default(), req.channel_order_id.clone().unwrap_or_default());
        // A repeat is known by its channelOrderId alone: batches without one
        // (allowed under `--rules spec`) are each new, never merged into the
        // first such batch.
        let known_by_id = !key.1.trim().is_empty();
        if let Some(results) = self.batches.get(&key).filter(|_| known_by_id) {
            return Ok(results.clone());
        }
        let orders = req.order_list.unwrap_or_default();
        let pairs = delete_pairs(&orders);
        if pairs > limits.max_delete_pairs {
            return Err(BatchError(format!(
                "the delete_product orders name {pairs} (asset number, product) pairs; this simulator matches at most {} per batch (--max-delete-pairs)",
                limits.max_delete_pairs
            )));
        }
        // Every id the batch may make (an order's, and its customer's), known
        // to be there before anything is stored: the batch is whole or refused.
        let ids = (orders.len() as u64).saturating_mul(2);
        if self.ids_left() < ids {
            return Err(BatchError(String::from(super::EXHAUSTED)));
        }
        let mut index = ProductIndex::default();
        let budget = limits.max_delete_pairs.saturating_mul(DELETE_STEPS_PER_PAIR);
        if let Err(steps) = self.delete_work(&orders, &mut index, budget) {
            return Err(BatchError(format!(
                "the delete_product orders ask more than {steps} matching steps against the stored products; this simulator does at most {budget} per batch ({DELETE_STEPS_PER_PAIR} x --max-delete-pairs)"
            )));
        }
        for (i, order) in orders.iter().enumerate() {
            self.check_order(i, order, &mut index)?;
        }
        let mut results = Vec::with_capacity(orders.len());
        for order in orders {
            let license_order_id = self.id("LO").unwrap_or_default();
            let customer_id = self.customer_for(&order);
            self.apply_order(&order, &license_order_id, &customer_id, now, &mut index);
            let result = BatchOrderResult {
                sequence: order.sequence,
                license_order_id: Some(license_order_id.clone()),
                customer_id: Some(customer_id),
            };
            let stored =
                StoredOrder { channel_code: key.0.clone(), channel_order_id: key.1.clone(), order: Some(order) };
            self.orders.insert(license_order_id, stored);
            results.push(result);
        }
        if known_by_id {
            self.batches.insert(key, results.clone());
        }
        Ok(results)
    }

    /// The matching a batch's delete_product orders ask, in steps (an asset's
    /// license orders read, a grant visited, a product of the named
    /// `productUri` compared, a product list indexed), counted only up to
    /// `budget`: `Err` once it passes it. The pairs alone do not bound it (an
    /// asset can hold many grants, a grant many products of one URI), and
    /// checking and applying each take at most these steps, so no batch holds
    /// the store's lock over work that grows faster than its body.
    fn delete_work(&self, orders: &[Order], index: &mut ProductIndex, budget: u64) -> Result<u64, u64> {
        let mut steps = 0u64;
        for order in orders.iter().filter(|o| o.order_type == Some(OrderType::DeleteProduct)) {
            for asset in order.assets.iter().flatten() {
                for number in asset.asset_nos.iter().flatten() {
                    let Some(stored) = self.assets.get(number) else { continue };
                    steps = steps.saturating_add(1 + stored.license_order_ids.len() as u64);
                    for wanted in asset.products.iter().flatten() {
                        for grant in &stored.grants {
                            steps = steps.saturating_add(index.cost(grant, wanted));
                            if steps > budget {
                                return Err(steps);
                            }
                        }
                    }
                }
            }
        }
        Ok(steps)
    }

    fn check_order(&self, i: usize, order: &Order, index: &mut ProductIndex) -> Result<(), BatchError> {
        let order_type = order.order_type.unwrap_or(OrderType::NewBuy);
        if order_type == OrderType::NewBuy {
            return Ok(());
        }
        let src = non_empty(&order.src_license_order_id);
        for (j, asset) in order.assets.iter().flatten().enumerate() {
            for number in asset.asset_nos.iter().flatten() {
                let stored = self
                    .assets
                    .get(number)
                    .filter(|a| src.is_none_or(|s| a.license_order_ids.iter().any(|o| &**o == s)))
                    .ok_or_else(|| {
                        let scope = src.map_or(String::new(), |s| format!(" in license order {s}"));
                        BatchError(format!("/orderList/{i}/assets/{j}: asset {number} not found{scope}"))
                    })?;
                if order_type == OrderType::DeleteProduct {
                    let owns_src = owns(stored, src);
                    for (k, wanted) in asset.products.iter().flatten().enumerate() {
                        let found = stored
                            .grants
                            .iter()
                            .filter(|g| in_scope(g, src, owns_src))
                            .any(|g| index.find(g, wanted).next().is_some());
                        if !found {
                            return Err(BatchError(format!(
                                "/orderList/{i}/assets/{j}/products/{k}: no product {} on asset {number} matches{}",
                                wanted.product_uri.as_deref().unwrap_or("?"),
                                if wanted.strict_match_when_delete == Some(true) { " exactly" } else { "" }
                            )));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The order's customer: by customerId, else CRM id, else channel customer;
    /// a new one when none is known.
    fn customer_for(&mut self, order: &Order) -> String {
        let found = self.customers.first_of(
            non_empty(&order.customer_id),
            non_empty(&order.crm_customer_id),
            non_empty(&order.channel_customer_id),
        );
        if let Some(id) = found.and_then(|c| c.record.customer_id.clone()) {
            return id;
        }
        let id = match non_empty(&order.customer_id) {
            Some(id) => String::from(id),
            None => self.id("C").unwrap_or_default(),
        };
        self.customers.push(Customer {
            record: EnterpriseCustomer {
                customer_id: Some(id.clone()),
                channel_code: None,
                channel_customer_id: order.channel_customer_id.clone(),
                enterprise_global_id: order.enterprise_global_id.clone(),
                enterprise_name: order.customer_name.clone(),
                is_default: Some(true),
            },
            crm_customer_id: order.crm_customer_id.clone(),
            customer_name: order.customer_name.clone(),
            branch_name: order.branch_name.clone(),
            address: order.address.clone(),
        });
        id
    }

    fn apply_order(
        &mut self,
        order: &Order,
        license_order_id: &str,
        customer_id: &str,
        now: i64,
        index: &mut ProductIndex,
    ) {
        let src = non_empty(&order.src_license_order_id).map(String::from);
        let enterprise: Option<Arc<str>> = order
            .enterprise_global_id
            .as_deref()
            .or_else(|| {
                self.customers.by_customer_id(customer_id).and_then(|c| c.record.enterprise_global_id.as_deref())
            })
            .map(Arc::from);
        let order_id: Arc<str> = Arc::from(license_order_id);
        let customer: Arc<str> = Arc::from(customer_id);
        for asset in order.assets.iter().flatten() {
            let extends: Option<Arc<[AssetExtend]>> = asset.asset_extend_list.as_deref().map(Arc::from);
            // One shared list per asset of the order, whatever its number of asset numbers.
            let products: Arc<[Product]> = match order.order_type.unwrap_or(OrderType::NewBuy) {
                OrderType::NewBuy => Arc::from(all_products(asset)),
                _ => Arc::from(Vec::new()),
            };
            for number in asset.asset_nos.iter().flatten() {
                match order.order_type.unwrap_or(OrderType::NewBuy) {
                    OrderType::NewBuy => {
                        let license_type = order.license_type;
                        let stored = self.assets.entry(number.clone()).or_insert_with(|| StoredAsset {
                            record: new_record(number, license_type, asset, now),
                            customer_id: customer.clone(),
                            extends: extends.clone(),
                            enterprise_global_id: enterprise.clone(),
                            license_order_ids: Vec::new(),
                            grants: Vec::new(),
                        });
                        stored.record.update_time = Some(now);
                        stored.license_order_ids.push(order_id.clone());
                        stored.grants.push(Grant {
                            license_order_id: order_id.clone(),
                            products: products.clone(),
                            removed: Default::default(),
                        });
                        self.keep_shell_past(number);
                    }
                    OrderType::DeleteAsset => {
                        self.assets.remove(number);
                    }
                    OrderType::DeleteProduct => {
                        if let Some(stored) = self.assets.get_mut(number) {
                            let owns_src = owns(stored, src.as_deref());
                            for grant in &mut stored.grants {
                                if !in_scope(grant, src.as_deref(), owns_src) {
                                    continue;
                                }
                                let hits: Vec<usize> = asset
                                    .products
                                    .iter()
                                    .flatten()
                                    .flat_map(|w| index.find(grant, w).collect::<Vec<_>>())
                                    .collect();
                                grant.removed.extend(hits);
                            }
                            stored.record.update_time = Some(now);
                        }
                    }
                    // An order type added to the model after this simulator was
                    // written: validation refuses values it does not know, so
                    // none reaches here; if one did, it would change nothing.
                    _ => {}
                }
            }
        }
    }
}

/// The record of a new asset, less what [`StoredAsset`] keeps shared.
fn new_record(number: &str, license_type: Option<LicenseType>, asset: &Asset, now: i64) -> AssetRecord {
    AssetRecord {
        id: Some(format!("A{number}")),
        license_type: license_type.map(Open::Known),
        asset_num: Some(number.to_owned()),
        grantable: Some(true),
        customer_id: None,
        // "digit part of the asset number": the asset number is a digit string
        // (the one `shellnums` handed out), so all of it.
        key_shell_number: Some(number.to_owned()),
        key_chip_type: Some(KeyChipType::Gen5.into()),
        locked: Some(false),
        freezing: Some(false),
        create_time: Some(now),
        update_time: Some(now),
        limit_start_time: asset.limit_start_date,
        limit_end_time: asset.limit_end_date,
        assign_status: None,
        asset_limits: None,
        asset_extends: None,
        borrowed_usb_key: asset.borrowed_usb_key,
    }
}
