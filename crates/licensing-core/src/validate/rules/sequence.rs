//! `sequence` is unique within `orderList` (it is echoed to match results to
//! orders); a repeat is an error at the later order's `sequence`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::slot::Slot;
use crate::validate::rule::RuleDef;

/// The rule `unique_sequence` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("unique_sequence", Code::DuplicateSequence, Inferred, Error, &[
        Message::new(Code::DuplicateSequence, "sequence {value} repeats /orderList/{first}; it must be unique within orderList", "sequence {value} 与 /orderList/{first} 重复；同一批次内必须唯一"),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/1/sequence"),
    ])
};

/// The first order index of each sequence number.
pub(crate) type SequenceIndex = HashMap<i64, usize, BuildHasherDefault<MixHasher>>;

/// A multiplicative hash for `i64` keys. Why not the default SipHash: its
/// DoS resistance buys nothing here (an attacker controls the whole body anyway
/// and a batch is bounded by its size) and it costs time and wasm bytes.
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_i64(&mut self, n: i64) {
        self.0 = (n as u64 ^ (n as u64 >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Checks the `sequence` of the order at `index` that just closed.
pub(crate) fn check(sequence: Slot, index: Option<usize>, seen: &mut SequenceIndex, ctx: &mut Ctx<'_>) {
    let (Some(seq), Some(index)) = (sequence.as_int(), index) else { return };
    match seen.get(&seq).copied() {
        Some(first) => ctx.report_at("sequence", Rule::UniqueSequence, || {
            Params::none().with("value", itoa::signed(seq)).with("first", itoa::unsigned(first as u64))
        }),
        None => {
            seen.insert(seq, index);
        }
    }
}
