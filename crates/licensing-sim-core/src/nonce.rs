//! Anti-replay: a `g_nonce` is accepted once within the window.

use std::collections::{HashMap, VecDeque};

/// Nonces seen within the window, oldest first for cheap expiry.
pub(crate) struct NonceCache {
    /// Milliseconds a nonce is remembered.
    window_ms: i64,
    seen: HashMap<String, i64>,
    order: VecDeque<(i64, String)>,
}

/// Why a nonce is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NonceError {
    Missing,
    Replayed,
}

/// Most nonces remembered; past it the oldest are forgotten first. With nonces
/// of at most 128 characters (`simulator::MAX_NONCE_CHARS`), a bound of ~60 MB.
const MAX_REMEMBERED: usize = 200_000;

impl NonceCache {
    pub(crate) fn new(window_ms: i64) -> Self {
        Self { window_ms, seen: HashMap::new(), order: VecDeque::new() }
    }

    /// Accepts a nonce the first time within the window (`now` in milliseconds).
    pub(crate) fn accept(&mut self, nonce: Option<&str>, now: i64) -> Result<(), NonceError> {
        let nonce = nonce.filter(|n| !n.trim().is_empty()).ok_or(NonceError::Missing)?;
        self.expire(now);
        if self.seen.contains_key(nonce) {
            return Err(NonceError::Replayed);
        }
        self.seen.insert(nonce.to_owned(), now);
        self.order.push_back((now, nonce.to_owned()));
        Ok(())
    }

    fn expire(&mut self, now: i64) {
        while let Some((at, _)) = self.order.front() {
            let old = now.saturating_sub(*at) > self.window_ms || self.order.len() > MAX_REMEMBERED;
            if !old {
                break;
            }
            if let Some((_, nonce)) = self.order.pop_front() {
                self.seen.remove(&nonce);
            }
        }
    }

    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.order.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
