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

#[derive(Default)]
pub(crate) struct Traces {
    by_id: HashMap<String, Vec<Value>>,
    order: VecDeque<String>,
}

impl Traces {
    /// Keeps an entry under an id (within the bounds above).
    pub(crate) fn record(&mut self, id: &str, entry: Value) {
        if id.is_empty() || id.len() > MAX_ID_BYTES {
            return;
        }
        if !self.by_id.contains_key(id) {
            if self.order.len() >= MAX_IDS {
                if let Some(oldest) = self.order.pop_front() {
                    self.by_id.remove(&oldest);
                }
            }
            self.order.push_back(id.to_owned());
        }
        let list = self.by_id.entry(id.to_owned()).or_default();
        if list.len() < MAX_PER_ID {
            list.push(entry);
        }
    }

    /// The entries of an id, oldest first.
    pub(crate) fn get(&self, id: &str) -> Vec<Value> {
        self.by_id.get(id).cloned().unwrap_or_default()
    }

    pub(crate) fn clear(&mut self) {
        self.by_id.clear();
        self.order.clear();
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
}
