//! What a simulator did to its data, as entries a durable shell keeps: the
//! core stays deterministic, so the same entries applied in the same order
//! to a simulator made the same way give the same state (the same ids, the
//! same asset numbers, the same nonces refused). A shell with a store
//! commits each request's entries before it answers it, and makes a
//! simulator again after a restart by replaying them (`Simulator::replay`,
//! in `journaled.rs`).
//!
//! What is kept: every write the store took (its endpoint, its input as
//! validated, the query fields it reads, its `g_nonce`, its time), a reset,
//! a move of a virtual clock. What is not: faults, drifts set at run time,
//! traces, and the nonces of reads (a read may be replayed within the nonce
//! window after a restart; a write never).

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

/// One thing a simulator did to its data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "camelCase")]
#[non_exhaustive]
pub enum Entry {
    /// A write the store took, as the store saw it.
    Write {
        /// Its time on the simulator's clock, in milliseconds.
        at: i64,
        /// The endpoint's name.
        endpoint: String,
        /// Its input as validated (the body's JSON text).
        input: String,
        /// The query fields the store reads (`appKey`, `partition`).
        query: BTreeMap<String, String>,
        /// Its `g_nonce`, refused again after a replay too.
        nonce: Option<String>,
    },
    /// The store emptied (`POST /__sim/reset`).
    Reset,
    /// A virtual clock set to this time (`POST /__sim/clock`).
    Clock {
        /// Its time, in milliseconds since the epoch.
        now: i64,
    },
}

/// The entries not yet taken by the shell, numbered from 1 in the order the
/// store applied them.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    /// Whether entries are kept at all: only a shell that takes them asks.
    pub(crate) on: bool,
    /// The number of the last entry kept.
    pub(crate) last: u64,
    /// The entries kept and not yet taken, with their numbers.
    pub(crate) pending: VecDeque<(u64, Entry)>,
    /// The number of the last entry of a shared log applied here.
    pub(crate) applied: u64,
}

/// How far a durable shell's commits got (`Simulator::commit`).
#[derive(Debug, Default)]
pub(crate) struct Commits {
    /// The number of the last entry committed.
    pub(crate) durable: u64,
    /// Why a commit failed: from then on this simulator's memory holds
    /// entries its store does not, and it answers nothing more.
    pub(crate) failed: Option<String>,
}

impl Journal {
    /// Keeps `entry` (when on): its number.
    pub(crate) fn push(&mut self, entry: Entry) -> u64 {
        if !self.on {
            return 0;
        }
        self.last += 1;
        self.pending.push_back((self.last, entry));
        self.last
    }
}
