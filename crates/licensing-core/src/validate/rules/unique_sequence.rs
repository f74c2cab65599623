//! `sequence` is unique within `orderList` (it is echoed to match results to
//! orders); a repeat is an error at the later order's `sequence`.

use super::{slot, Closed};
use crate::schema::{index_of, Role, ORDER_FIELDS};
use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// `sequence` is unique within `orderList`.
pub(crate) const RULE: super::Rule = super::Rule::UniqueSequence;

/// `sequence` is repeated within `orderList`.
pub(crate) const CODE_DUPLICATE_SEQUENCE: super::CodeDef = super::CodeDef::new(
    super::Code::DuplicateSequence,
    "duplicate_sequence",
    "`O/sequence` of each later repeat",
    "`value`, `first` (index of the first order with it)",
);

/// The rule `unique_sequence` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("unique_sequence", Code::DuplicateSequence, Inferred, Error, &[
        Message::new(Code::DuplicateSequence, "sequence {value} repeats /orderList/{first}; it must be unique within orderList", "sequence {value} 与 /orderList/{first} 重复；同一批次内必须唯一"),
    ])
    .cross_field()
    .depends(&[
        depends_across(None, &["orderList/*/sequence"], &["orderList/*/sequence"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/1/sequence"),
        // The later repeat is the issue, whatever lies between.
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":2,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/2/sequence"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":2,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#),
    ])
    .in_schemas(No("uniqueItems compares whole items, not one key of them"))
};

/// The first order index of each sequence number: a small open-addressing
/// table (linear probing, at most half full). Written by hand because
/// `std::collections::HashMap` brought 2.4 KB of hashbrown into the wasm
/// (docs/design.md); this is a few hundred bytes and still O(1) per order.
#[derive(Default)]
pub(crate) struct SequenceIndex {
    /// A power of two long (or empty); `None` marks a free slot.
    slots: Vec<Option<(i64, usize)>>,
    len: usize,
}

impl SequenceIndex {
    /// The first index seen with `seq`, or `None` after recording `index` as it.
    pub(crate) fn first_or_insert(&mut self, seq: i64, index: usize) -> Option<usize> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len().saturating_sub(1);
        let mut at = hash(seq) & mask;
        // The table is at most half full, so a free slot is ahead; the bound
        // makes a broken probe a wrong answer the tests see, never a hang.
        for _ in 0..self.slots.len() {
            let Some(slot) = self.slots.get_mut(at) else { break };
            match slot {
                Some((key, first)) if *key == seq => return Some(*first),
                Some(_) => at = (at + 1) & mask,
                None => {
                    *slot = Some((seq, index));
                    self.len += 1;
                    return None;
                }
            }
        }
        None
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![None; capacity]);
        self.len = 0;
        for (seq, index) in old.into_iter().flatten() {
            self.first_or_insert(seq, index);
        }
    }
}

/// A multiplicative hash (Fibonacci hashing), its high bits folded down. Why not
/// SipHash: its DoS resistance buys nothing here (the caller controls the whole
/// body anyway and a batch is bounded by its size).
fn hash(seq: i64) -> usize {
    let h = (seq as u64 ^ (seq as u64 >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h ^ (h >> 32)) as usize
}

/// Checks the `sequence` of the order at `index` that just closed.
/// The objects it runs on, when they close.
pub(crate) const CLOSES: &[Role] = &[Role::Order];
const SEQUENCE: usize = index_of(ORDER_FIELDS, "sequence");

/// An order closed: its `sequence` against the batch's so far.
pub(crate) fn on_close(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
    check(slot(closed.slots, SEQUENCE), ctx.index_at(0), &mut closed.state.sequences, ctx);
}

pub(crate) fn check(sequence: Slot, index: Option<usize>, seen: &mut SequenceIndex, ctx: &mut Ctx<'_>) {
    let (Some(seq), Some(index)) = (sequence.as_int(), index) else { return };
    if let Some(first) = seen.first_or_insert(seq, index) {
        ctx.report_at("sequence", Rule::UniqueSequence, || {
            Params::none().with("value", itoa::signed(seq)).with("first", itoa::unsigned(first as u64))
        });
    }
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Order];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    let taken =
        |sequence: &serde_json::Value| around.before.iter().any(|order| order.get("sequence") == Some(sequence));
    let own = object.get("sequence").filter(|s| s.is_i64() && !taken(s));
    if own.is_none() {
        let free = (around.index as i64 + 1..).map(serde_json::Value::from).find(|s| !taken(s));
        if let Some(free) = free {
            object["sequence"] = free;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{hash, SequenceIndex};

    #[test]
    fn the_hash_spreads_the_sequences_a_batch_has() {
        // Consecutive numbers, and numbers far apart: most take slots of their own.
        for keys in
            [(1..=32).collect::<Vec<i64>>(), (1..=32).map(|k| k << 40).collect(), (1..=32).map(|k| -k).collect()]
        {
            let mut homes: Vec<usize> = keys.iter().map(|&k| hash(k) & 63).collect();
            homes.sort_unstable();
            homes.dedup();
            assert!(homes.len() >= 20, "{keys:?} take {} of 64 slots", homes.len());
        }
    }

    #[test]
    fn the_table_grows_past_half_full_only() {
        let mut seen = SequenceIndex::default();
        for seq in 0..8 {
            assert_eq!(seen.first_or_insert(seq, 0), None);
        }
        assert_eq!(seen.slots.len(), 16, "8 keys fill 16 slots half");
        assert_eq!(seen.first_or_insert(8, 0), None);
        assert_eq!(seen.slots.len(), 32, "the 9th grows the table");
    }

    #[test]
    fn a_probe_past_the_last_slot_wraps_to_the_first() {
        // Three keys that all hash to the last of 16 slots, and one to the first:
        // the second and third wrap around to slots 0 and 1, and the fourth
        // probes past them.
        let to = |slot: usize| (0..).filter(move |&k: &i64| hash(k) & 15 == slot);
        let last: Vec<i64> = to(15).take(3).collect();
        let first = to(0).next().unwrap_or_default();
        let mut seen = SequenceIndex::default();
        let keys = [last[0], last[1], last[2], first];
        for (index, &seq) in keys.iter().enumerate() {
            assert_eq!(seen.first_or_insert(seq, index), None, "{seq} is new");
        }
        assert_eq!(seen.slots.len(), 16, "four keys do not grow the table");
        assert_eq!(seen.slots.first().copied().flatten(), Some((last[1], 1)), "the second key wrapped to slot 0");
        assert_eq!(seen.slots.get(2).copied().flatten(), Some((first, 3)), "the fourth probed past the wrapped ones");
        for (index, &seq) in keys.iter().enumerate() {
            assert_eq!(seen.first_or_insert(seq, 10 + index), Some(index), "{seq} is found");
        }
    }

    #[test]
    fn the_first_index_of_each_sequence_across_growth() {
        let mut seen = SequenceIndex::default();
        // Keys that collide in the low bits, negative ones and the extremes.
        let keys: Vec<i64> = (0..5_000).map(|k| (k << 20) - 2_500).chain([i64::MIN, i64::MAX, 0, -1]).collect();
        for (index, &seq) in keys.iter().enumerate() {
            let expected = keys.iter().position(|&k| k == seq).filter(|&first| first != index);
            assert_eq!(seen.first_or_insert(seq, index), expected, "sequence {seq} at {index}");
        }
        for (index, &seq) in keys.iter().enumerate() {
            let first = keys.iter().position(|&k| k == seq);
            assert_eq!(seen.first_or_insert(seq, index + keys.len()), first, "repeat of {seq}");
        }
    }
}
