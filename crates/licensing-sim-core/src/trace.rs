//! Request traces for client tests: the requests that carried `x-sim-trace: ID`,
//! kept per id for `GET /__sim/trace/{ID}` (an admin route). Bounded: a trace
//! is never a way to fill the simulator's memory, nor to read a token.
//!
//! ```ignore
//! traces.record("t-1", entry);            // after the auth check only
//! traces.get("t-1");                      // the entries, oldest first
//! ```

use std::collections::{HashMap, VecDeque};

use serde_json::Value;

/// Longest trace id kept (longer ids are not traced).
pub(crate) const MAX_ID_BYTES: usize = 64;
/// Most trace ids kept; the oldest is forgotten first.
pub(crate) const MAX_IDS: usize = 256;
/// Most requests kept per id.
pub(crate) const MAX_PER_ID: usize = 1000;
/// Longest path or query kept in an entry (cut past it, marked with `…`).
pub(crate) const MAX_TEXT_CHARS: usize = 512;
/// Most bytes all traces may take (entries as their JSON text, plus a fixed
/// cost each); past it the oldest ids are forgotten first. The counts alone
/// allowed 256 x 1,000 entries of ~2.65 KB: ~680 MB.
pub(crate) const MAX_BYTES: usize = 16 << 20;

#[derive(Default)]
pub(crate) struct Traces {
    by_id: HashMap<String, (Vec<Value>, usize)>,
    order: VecDeque<String>,
    bytes: usize,
}

/// The bytes an entry is counted for: its JSON text and the value tree around it.
fn cost(entry: &Value) -> usize {
    serde_json::to_string(entry).map_or(MAX_BYTES, |text| text.len() * 2 + 128)
}

impl Traces {
    /// Keeps an entry under an id (within the bounds above).
    pub(crate) fn record(&mut self, id: &str, entry: Value) {
        if id.is_empty() || id.len() > MAX_ID_BYTES {
            return;
        }
        if self.by_id.get(id).is_some_and(|(list, _)| list.len() >= MAX_PER_ID) {
            return;
        }
        let size = cost(&entry) + id.len();
        if size > MAX_BYTES {
            return;
        }
        while self.bytes + size > MAX_BYTES || (!self.by_id.contains_key(id) && self.order.len() >= MAX_IDS) {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some((_, bytes)) = self.by_id.remove(&oldest) {
                self.bytes = self.bytes.saturating_sub(bytes);
            }
        }
        if !self.by_id.contains_key(id) {
            self.order.push_back(id.to_owned());
        }
        let (list, bytes) = self.by_id.entry(id.to_owned()).or_default();
        list.push(entry);
        *bytes += size;
        self.bytes += size;
    }

    /// The entries of an id, oldest first.
    pub(crate) fn get(&self, id: &str) -> Vec<Value> {
        self.by_id.get(id).map(|(list, _)| list.clone()).unwrap_or_default()
    }

    /// What the kept entries are counted for, in bytes.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    pub(crate) fn clear(&mut self) {
        self.by_id.clear();
        self.order.clear();
        self.bytes = 0;
    }
}

/// A text for an entry, cut to [`MAX_TEXT_CHARS`].
pub(crate) fn cut(text: &str) -> String {
    licensing_core::validate::excerpt(text, MAX_TEXT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_entries_are_bounded() {
        let mut traces = Traces::default();
        for i in 0..(MAX_IDS + 10) {
            traces.record(&format!("id-{i}"), Value::from(i));
        }
        assert_eq!(traces.by_id.len(), MAX_IDS);
        assert!(traces.get("id-0").is_empty(), "the oldest ids are forgotten");
        assert_eq!(traces.get(&format!("id-{}", MAX_IDS + 9)), [Value::from(MAX_IDS + 9)]);
        for _ in 0..(MAX_PER_ID + 5) {
            traces.record("busy", Value::Null);
        }
        assert_eq!(traces.get("busy").len(), MAX_PER_ID);
        traces.record(&"x".repeat(MAX_ID_BYTES + 1), Value::Null);
        assert!(traces.get(&"x".repeat(MAX_ID_BYTES + 1)).is_empty());
        assert_eq!(cut(&"é".repeat(600)).chars().count(), MAX_TEXT_CHARS + 1);
    }

    #[test]
    fn the_traces_stay_within_their_bytes() {
        let mut traces = Traces::default();
        // Entries as large as a request can make them (path and query cut to 512 characters of 4 bytes).
        let long = Value::from(cut(&"\u{1F600}".repeat(600)));
        for i in 0..20_000 {
            traces.record(&format!("id-{}", i % MAX_IDS), serde_json::json!({ "path": long, "query": long }));
        }
        assert!(traces.bytes() <= MAX_BYTES, "{} bytes", traces.bytes());
        assert!(traces.bytes() > MAX_BYTES / 2, "{} bytes: the bound is used, not the count", traces.bytes());
        assert!(!traces.get("id-15").is_empty(), "the newest are kept");
    }
}
