//! What a simulator did to its data, as entries a durable shell keeps: the
//! core stays deterministic, so the same entries applied in the same order
//! to a simulator made the same way give the same state (the same ids, the
//! same asset numbers, the same nonces refused). A shell with a store
//! commits each request's entries before it answers it, and makes a
//! simulator again after a restart by replaying them ([`Simulator::replay`]).
//!
//! What is kept: every write the store took (its endpoint, its input as
//! validated, the query fields it reads, its `g_nonce`, its time), a reset,
//! a move of a manual clock. What is not: faults, drifts set at run time,
//! traces, and the nonces of reads (a read may be replayed within the nonce
//! window after a restart; a write never).

use std::collections::{BTreeMap, VecDeque};

use licensing_core::wire::Endpoint;
use serde::{Deserialize, Serialize};

use crate::simulator::{lock, Simulator};

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
    /// A manual clock set to this time (`POST /__sim/clock`).
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
    last: u64,
    pending: VecDeque<(u64, Entry)>,
    /// The number of the last entry of a shared log applied here.
    applied: u64,
}

/// How far a durable shell's commits got ([`Simulator::commit`]).
#[derive(Debug, Default)]
pub(crate) struct Commits {
    /// The number of the last entry committed.
    durable: u64,
    /// Why a commit failed: from then on this simulator's memory holds
    /// entries its store does not, and it answers nothing more.
    failed: Option<String>,
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

impl Simulator {
    /// Keeps what this simulator does to its data as entries from now on
    /// ([`Simulator::take_journal`]): a shell with a durable store turns it on.
    pub fn keep_journal(&self) {
        lock(&self.journal).on = true;
    }

    /// The entries kept since the last take, in order, with their numbers.
    pub fn take_journal(&self) -> Vec<(u64, Entry)> {
        lock(&self.journal).pending.drain(..).collect()
    }

    /// The number of the last entry kept (0: none yet).
    pub fn journal_last(&self) -> u64 {
        lock(&self.journal).last
    }

    /// Commits the entries kept so far through `keep` (a durable store's
    /// append), one commit at a time and in the order the store applied
    /// them: when it returns `Ok`, every entry kept before the call is
    /// committed, whichever call committed it (calls that arrive together
    /// share one commit). After a failed commit this simulator's memory is
    /// ahead of its store: this and every later call fail with the store's
    /// words, and the shell makes the simulator again from its store.
    pub fn commit<E: std::fmt::Display>(
        &self,
        keep: impl FnOnce(&[(u64, Entry)]) -> Result<(), E>,
    ) -> Result<(), String> {
        let wanted = self.journal_last();
        let mut commits = lock(&self.commits);
        if let Some(failed) = &commits.failed {
            return Err(failed.clone());
        }
        if commits.durable >= wanted {
            return Ok(());
        }
        let pending = self.take_journal();
        let Some(&(last, _)) = pending.last() else { return Ok(()) };
        match keep(&pending) {
            Ok(()) => {
                commits.durable = last;
                Ok(())
            }
            Err(e) => {
                let failed = e.to_string();
                commits.failed = Some(failed.clone());
                Err(failed)
            }
        }
    }

    /// The number of the last entry of a log several processes share (a
    /// shell's store) that this simulator applied, by a replay or as its own:
    /// where its next catch-up starts.
    pub fn applied(&self) -> u64 {
        lock(&self.journal).applied
    }

    /// Sets where the next catch-up starts ([`Simulator::applied`]).
    pub fn set_applied(&self, number: u64) {
        lock(&self.journal).applied = number;
    }

    /// Whether entries are kept that no commit has taken yet.
    pub fn uncommitted(&self) -> bool {
        self.journal_last() > lock(&self.commits).durable
    }

    /// Why a commit failed, if one did ([`Simulator::commit`]).
    pub fn commit_failed(&self) -> Option<String> {
        lock(&self.commits).failed.clone()
    }

    /// Applies an entry a store kept, as it was applied first (no token, no
    /// fault, the nonce refused from then on); not kept again.
    pub fn replay(&self, entry: &Entry) -> Result<(), String> {
        match entry {
            Entry::Write { at, endpoint, input, query, nonce } => {
                let endpoint: Endpoint = endpoint.parse().map_err(|_| format!("journal: no endpoint {endpoint:?}"))?;
                if let Some(nonce) = nonce {
                    let _ = lock(&self.nonces).accept(Some(nonce), *at);
                }
                self.count_replayed(input.len());
                let value: serde_json::Value =
                    serde_json::from_str(&licensing_core::validate::without_lone_surrogates(input))
                        .map_err(|e| format!("journal: an input that is not JSON: {e}"))?;
                let query = query.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                let mut store = lock(&self.store);
                let _ = self.apply_write(&mut store, endpoint, value, &query, *at);
                Ok(())
            }
            Entry::Reset => {
                drop(self.reset_data());
                Ok(())
            }
            Entry::Clock { now } => self.clock.set(*now).map_err(|(_, e)| e),
        }
    }
}
