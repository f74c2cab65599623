//! A simulator's journal as a durable shell drives it: turned on, its entries
//! taken and committed, a shared log's tail applied, and a store's entries
//! replayed into a new simulator ([`crate::journal`] holds what an entry is).
//! Apart from the journal's data, so that the simulator, which keeps entries,
//! and its journal do not import each other.

use licensing_core::wire::Endpoint;

use crate::journal::Entry;
use crate::simulator::Simulator;
use crate::sync::lock;

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
