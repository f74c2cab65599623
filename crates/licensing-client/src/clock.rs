//! Where a transport's time comes from. Every time the client reads (the
//! backoff's sleeps, a `Retry-After` date, each attempt's timeout, a hook's
//! time limit) goes through its [`Transport`](crate::Transport), and the
//! transport reads it from a [`Clock`]: the real one, a JS clock object
//! (`fetch::JsClock` with the feature `fetch`, `createVirtualClock` of licensing-sdk/testing),
//! or a [`VirtualClock`] that moves only when told, shared by a
//! [`SimTransport`](crate::simulator::SimTransport) and the code that tests it.
//!
//! ```
//! use licensing_client::clock::{Clock, VirtualClock};
//! let clock = VirtualClock::new(VirtualClock::START_MS);
//! let same = clock.clone(); // clones share one time
//! clock.advance(20_000);
//! assert_eq!(same.now_ms(), Some((VirtualClock::START_MS + 20_000) as f64));
//! ```

use std::cell::Cell;
use std::rc::Rc;

/// A source of the time, in milliseconds since the Unix epoch.
pub trait Clock {
    /// The time now, if this clock has one to give (a JS clock that throws or
    /// answers a non-number has none: durations are then unknown).
    fn now_ms(&self) -> Option<f64>;
}

/// Time that moves only when told ([`VirtualClock::advance`], or a transport's
/// sleeps); cheap to clone, and clones share it.
#[derive(Debug, Clone)]
pub struct VirtualClock(Rc<Cell<i64>>);

impl VirtualClock {
    /// 2026-01-01T00:00:00Z ([`licensing_core::CLOCK_START_MS`]), where
    /// `createVirtualClock` and the simulator's virtual clock start too.
    pub const START_MS: i64 = licensing_core::CLOCK_START_MS;

    /// A clock at `start_ms` (milliseconds since the Unix epoch).
    pub fn new(start_ms: i64) -> Self {
        Self(Rc::new(Cell::new(start_ms)))
    }

    /// The time, in milliseconds since the Unix epoch.
    pub fn millis(&self) -> i64 {
        self.0.get()
    }

    /// Moves the clock `ms` on (saturating).
    pub fn advance(&self, ms: u64) {
        let ms = i64::try_from(ms).unwrap_or(i64::MAX);
        self.0.set(self.0.get().saturating_add(ms));
    }

    /// Sets the clock to `ms` (back in time too: a test of a clock that jumps).
    pub fn set(&self, ms: i64) {
        self.0.set(ms);
    }
}

impl Default for VirtualClock {
    fn default() -> Self {
        Self::new(Self::START_MS)
    }
}

impl Clock for VirtualClock {
    fn now_ms(&self) -> Option<f64> {
        Some(self.0.get() as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_one_time_and_advancing_saturates() {
        let clock = VirtualClock::new(5);
        let other = clock.clone();
        clock.advance(10);
        assert_eq!(other.millis(), 15);
        other.set(i64::MAX - 1);
        clock.advance(u64::MAX);
        assert_eq!(clock.millis(), i64::MAX);
        assert_eq!(VirtualClock::default().now_ms(), Some(VirtualClock::START_MS as f64));
    }
}
