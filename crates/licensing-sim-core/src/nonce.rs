//! Anti-replay: a `g_nonce` is accepted once within the window.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// Nonces seen within the window, oldest first for cheap expiry; each text
/// kept once (shared by the map and the queue).
pub(crate) struct NonceCache {
    /// Milliseconds a nonce is remembered.
    window_ms: i64,
    seen: HashMap<Arc<str>, i64>,
    order: VecDeque<(i64, Arc<str>)>,
    /// What the remembered nonces take, as [`cost`] counts it.
    bytes: usize,
}

/// Why a nonce is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NonceError {
    Missing,
    Replayed,
}

/// Most nonces remembered, and most bytes they may take (the text plus the
/// map's and the queue's entries); past either the oldest are forgotten
/// first. 200,000 nonces of the longest kind (128 characters of 4 bytes:
/// 512 B) took ~216 MB when each text was kept twice; now at most 32 MiB.
const MAX_REMEMBERED: usize = 200_000;
const MAX_BYTES: usize = 32 << 20;

/// The bytes one remembered nonce takes: its text, an `Arc` header, a map
/// slot and a queue slot (measured sizes rounded up).
/// The nonce a call gave: a blank one is none.
fn given(nonce: Option<&str>) -> Result<&str, NonceError> {
    nonce.filter(|n| !n.trim().is_empty()).ok_or(NonceError::Missing)
}

fn cost(nonce: &str) -> usize {
    nonce.len() + 96
}

impl NonceCache {
    pub(crate) fn new(window_ms: i64) -> Self {
        Self { window_ms, seen: HashMap::new(), order: VecDeque::new(), bytes: 0 }
    }

    /// Accepts a nonce the first time within the window (`now` in milliseconds).
    pub(crate) fn accept(&mut self, nonce: Option<&str>, now: i64) -> Result<(), NonceError> {
        let nonce = given(nonce)?;
        self.expire(now, cost(nonce));
        if self.seen.contains_key(nonce) {
            return Err(NonceError::Replayed);
        }
        let text: Arc<str> = Arc::from(nonce);
        self.seen.insert(text.clone(), now);
        self.order.push_back((now, text));
        self.bytes += cost(nonce);
        Ok(())
    }

    /// What [`NonceCache::accept`] would say, without remembering the nonce.
    pub(crate) fn check(&self, nonce: Option<&str>, now: i64) -> Result<(), NonceError> {
        let nonce = given(nonce)?;
        match self.seen.get(nonce) {
            Some(at) if now.saturating_sub(*at) <= self.window_ms => Err(NonceError::Replayed),
            _ => Ok(()),
        }
    }

    /// Forgets the nonces past the window, then the oldest while there are too
    /// many or `incoming` more bytes would pass [`MAX_BYTES`].
    fn expire(&mut self, now: i64, incoming: usize) {
        while let Some((at, _)) = self.order.front() {
            let old = now.saturating_sub(*at) > self.window_ms
                || self.order.len() >= MAX_REMEMBERED
                || self.bytes + incoming > MAX_BYTES;
            if !old {
                break;
            }
            if let Some((_, nonce)) = self.order.pop_front() {
                self.bytes = self.bytes.saturating_sub(cost(&nonce));
                self.seen.remove(&nonce);
            }
        }
    }

    /// What the remembered nonces take, in bytes.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.order.clear();
        self.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_says_what_accept_would_and_remembers_nothing() {
        let mut cache = NonceCache::new(10_000);
        let t0 = 1_700_000_000_000;
        assert_eq!(cache.check(Some("n1"), t0), Ok(()));
        assert_eq!(cache.check(Some("n1"), t0), Ok(()), "a check spends nothing");
        assert_eq!(cache.check(Some(" "), t0), Err(NonceError::Missing));
        cache.accept(Some("n1"), t0).unwrap();
        assert_eq!(cache.check(Some("n1"), t0 + 10_000), Err(NonceError::Replayed));
        assert_eq!(cache.check(Some("n1"), t0 + 10_001), Ok(()), "past the window, as accept");
        assert_eq!(cache.accept(Some("n1"), t0 + 10_001), Ok(()));
    }

    #[test]
    fn a_nonce_is_accepted_once_within_the_window() {
        let mut cache = NonceCache::new(10_000);
        let t0 = 1_700_000_000_000;
        assert_eq!(cache.accept(None, t0), Err(NonceError::Missing));
        assert_eq!(cache.accept(Some(" "), t0), Err(NonceError::Missing));
        assert_eq!(cache.accept(Some("a"), t0), Ok(()));
        assert_eq!(cache.accept(Some("a"), t0 + 5_000), Err(NonceError::Replayed));
        assert_eq!(cache.accept(Some("a"), t0 + 11_000), Ok(()));
    }

    #[test]
    fn the_remembered_nonces_stay_within_their_bytes() {
        let mut cache = NonceCache::new(600_000);
        let t0 = 1_700_000_000_000;
        // The longest kind: 128 characters of 4 bytes each.
        let long = "\u{1F600}".repeat(127);
        for i in 0..100_000 {
            assert_eq!(cache.accept(Some(&format!("{long}{i:06}")), t0), Ok(()));
        }
        assert!(cache.bytes() <= MAX_BYTES, "{} bytes", cache.bytes());
        // The newest is still refused as a replay; the oldest was forgotten.
        assert_eq!(cache.accept(Some(&format!("{long}{:06}", 99_999)), t0), Err(NonceError::Replayed));
        assert_eq!(cache.accept(Some(&format!("{long}{:06}", 0)), t0), Ok(()));
    }
}
