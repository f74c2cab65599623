//! What an outbox reads of the endpoint table (feature `outbox`: no other wasm
//! carries it): how a write is found done by a read ([`Reconcile`]), what it
//! touches ([`Touch`]), and what a portal can check when its outcome stays
//! unknown. Each an exhaustive match over the writes ([`Write`]), as
//! [`Endpoint::def`] is over the endpoints: a new write does not compile until
//! it says its facts here; a read has none.

use super::{Endpoint, Write};

/// How a write is found done by a read ([`Endpoint::reconcile`]): the
/// records of `read`'s answer that `id` did not name before the first send,
/// and that hold the write's values in every field of `same`, are the write's.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Reconcile {
    /// The read that lists what the write makes (its answer is a list of records).
    pub read: Endpoint,
    /// The read's request, field by field: each from the write's body or fixed.
    pub request: &'static [(&'static str, ReadValue)],
    /// The field that names a record: one the list did not hold before is new.
    pub id: &'static str,
    /// The fields a record made by the write holds as the write's body does.
    pub same: &'static [&'static str],
}

/// What a write changes, by which two writes of an outbox depend on each
/// other ([`Endpoint::touches`]): the values of its body at `at`, each named
/// `what`. Two writes that touch one value (a lock number, an enterprise, a
/// customer) go in the order they were made; the rest do not wait for each
/// other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Touch {
    /// The kind of thing (`asset`, `enterprise`, `customer`, ...): values of two
    /// kinds never meet.
    pub what: &'static str,
    /// Where its values are in the write's body: a JSON Pointer's segments,
    /// `*` standing for every item of an array (held as segments, not one
    /// text: splitting a text at run time cost the outbox's wasm 1 KB).
    pub at: &'static [&'static str],
}

/// A field of a reconciling read's request ([`Reconcile::request`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadValue {
    /// The value of this top-level field of the write's body.
    Body(&'static str),
    /// This value.
    Fixed(&'static str),
}

/// `bindEnterprise`'s reconciling read ([`Endpoint::reconcile`]).
const RECONCILE_BIND: Reconcile = Reconcile {
    read: Endpoint::QueryEnterprises,
    request: &[
        ("channelCode", ReadValue::Body("channelCode")),
        ("channelCustomerId", ReadValue::Body("channelCustomerId")),
        ("defaultCustomer", ReadValue::Fixed("N")),
    ],
    id: "customerId",
    same: &["channelCode", "channelCustomerId", "enterpriseName"],
};

impl Endpoint {
    /// How a write that is not safe to repeat is found done once its answer
    /// was lost (a reload, a crash, a cut connection): a read that lists what
    /// the write makes, taken before the first send and again after. `None`:
    /// a repeat settles it, or nothing can. Not a field of [`EndpointDef`](super::EndpointDef):
    /// only an outbox reads it, and through the table it would be linked into
    /// every wasm that reads the table.
    pub fn reconcile(self) -> Option<Reconcile> {
        match self.write()? {
            // Every bind stores one more customer of the channel customer, which
            // `defaultCustomer: N` lists: one not listed before, of this
            // enterprise name, is this bind's.
            Write::BindEnterprise => Some(RECONCILE_BIND),
            Write::CreateEnterprise
            | Write::UpdateEnterprise
            | Write::BatchOrder
            | Write::LockAssets
            | Write::UnlockAssets
            | Write::ShellNums
            | Write::JoinActivity => None,
        }
    }

    /// What a write changes ([`Touch`]): an outbox sends two writes that touch
    /// one value in the order they were made, and lets a write pass one that
    /// is stuck when they touch nothing in common. An order of a batch touches
    /// its asset numbers, its enterprise, its CRM customer and its channel
    /// customer; a lock or an unlock its lock numbers; an enterprise write its
    /// customer; a claim its participant; `shellNums` nothing (it makes new
    /// numbers; a write that uses them is made once they are handed out).
    /// Reads touch nothing. Two kinds of thing are told apart by `what`, so a
    /// customer id and an asset number never meet.
    pub fn touches(self) -> &'static [Touch] {
        let Some(write) = self.write() else { return &[] };
        match write {
            Write::BindEnterprise => &[Touch { what: "channelCustomer", at: &["channelCustomerId"] }],
            Write::CreateEnterprise | Write::UpdateEnterprise => &[Touch { what: "customer", at: &["crmCustomerId"] }],
            Write::BatchOrder => &[
                Touch { what: "asset", at: &["orderList", "*", "assets", "*", "assetNos", "*"] },
                Touch { what: "enterprise", at: &["orderList", "*", "enterpriseGlobalId"] },
                Touch { what: "customer", at: &["orderList", "*", "crmCustomerId"] },
                Touch { what: "channelCustomer", at: &["orderList", "*", "channelCustomerId"] },
            ],
            Write::LockAssets | Write::UnlockAssets => &[Touch { what: "asset", at: &["assetNums", "*"] }],
            Write::JoinActivity => &[Touch { what: "participant", at: &["identity"] }],
            Write::ShellNums => &[],
        }
    }

    /// For a write: what a portal can check itself when its outcome stays
    /// unknown (its answer lost, and neither a repeat nor a read can tell
    /// whether it was done; or, for a write a repeat would settle, no answer
    /// came in as many rounds as the outbox allows). `None` for a read. Not a
    /// field of [`EndpointDef`](super::EndpointDef), as [`Endpoint::reconcile`] is not.
    pub fn when_unknown(self) -> Option<&'static str> {
        match self.write()? {
            Write::BindEnterprise => Some(
            "queryEnterprises with this channelCode and channelCustomerId and defaultCustomer N lists the channel \
             customer's customers: one of this enterpriseName is this bind's, if the list did not hold it before",
            ),
            Write::CreateEnterprise => Some(
            "an enterprise created without a crmCustomerId cannot be looked up by the SDK: ask the service's \
             operators whether it exists; give every create a crmCustomerId, and a repeat is safe",
            ),
            Write::BatchOrder => Some(
            "listAssets of each order's enterpriseGlobalId shows its assets if the batch was done; give every batch \
             a channelOrderId, and a repeat is safe",
            ),
            Write::ShellNums => Some(
            "the service lists no numbers it handed out: at worst they go unused; ask again (repeatable: true \
             accepts that numbers may be wasted)",
            ),
            Write::JoinActivity => Some(
            "the participant's products show whether the claim was made; claimed again, a claim that was made \
             is refused with 3002 (unit errorCode 14005, the personal claim count exceeded)",
            ),
            Write::UpdateEnterprise => Some(
                "queryEnterprises of the customer's channel shows its name and address: this update's, if it was \
                 done; sent again, an update sets the same values",
            ),
            Write::LockAssets => Some(
                "listAssets of each lock's enterprise shows whether it is locked; sent again, locking a locked lock \
                 changes nothing",
            ),
            Write::UnlockAssets => Some(
                "listAssets of each lock's enterprise shows whether it is unlocked; sent again, unlocking an \
                 unlocked lock changes nothing",
            ),
        }
    }
}
