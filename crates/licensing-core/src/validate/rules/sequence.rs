//! `sequence` is unique within `orderList` (it is echoed to match results to
//! orders); a repeat is an error at the later order's `sequence`.

use std::collections::HashMap;

use crate::validate::json::Json;

use crate::validate::ctx::{Ctx, Seg};
use crate::validate::report::{Code, Params};

pub(crate) fn check<'a>(orders: &'a [Json<'a>], ctx: &mut Ctx<'a>) {
    let mut first_index: HashMap<i64, usize> = HashMap::with_capacity(orders.len());
    for (i, order) in orders.iter().enumerate() {
        let Some(seq) = order.get("sequence").and_then(Json::as_i64) else { continue };
        match first_index.get(&seq) {
            Some(&first) => ctx.at(Seg::Index(i), |ctx| {
                ctx.error_at("sequence", Code::DuplicateSequence, || {
                    Params::none().with("value", seq.to_string()).with("first", first.to_string())
                })
            }),
            None => {
                first_index.insert(seq, i);
            }
        }
    }
}
