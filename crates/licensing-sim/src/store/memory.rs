//! Sessions kept in memory: nothing outlives the process. The contract's
//! plainest reading, which the suite holds the durable stores to; the shell
//! without `--store` keeps no journal at all.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use licensing_sim_core::Entry;

use super::{KeptSession, SessionHead, SessionStore, StoreError};

/// The sessions of this process.
#[derive(Debug, Default)]
pub struct MemoryStore {
    sessions: Mutex<BTreeMap<String, KeptSession>>,
    last_uses: Mutex<HashMap<String, i64>>,
}

impl MemoryStore {
    fn sessions(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, KeptSession>> {
        self.sessions.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn last_uses_kept(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.last_uses.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl SessionStore for MemoryStore {
    fn kind(&self) -> &'static str {
        "memory"
    }

    fn load(&self) -> Result<Vec<KeptSession>, StoreError> {
        Ok(self.sessions().values().cloned().collect())
    }

    fn load_session(&self, id: &str) -> Result<Option<KeptSession>, StoreError> {
        Ok(self.sessions().get(id).cloned())
    }

    fn create(&self, head: &SessionHead) -> Result<(), StoreError> {
        self.sessions().insert(head.id.clone(), KeptSession { head: head.clone(), entries: Vec::new() });
        self.last_uses_kept().insert(head.id.clone(), head.created_ms);
        Ok(())
    }

    fn append(&self, id: &str, entries: &[(u64, Entry)]) -> Result<(), StoreError> {
        let mut sessions = self.sessions();
        let session = sessions.get_mut(id).ok_or_else(|| StoreError(format!("no session {id:?} kept")))?;
        session.entries.extend(entries.iter().cloned());
        Ok(())
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.sessions().remove(id);
        self.last_uses_kept().remove(id);
        Ok(())
    }

    fn health(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn ids(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.sessions().keys().cloned().collect())
    }

    fn note_used(&self, used: Vec<(String, i64)>) -> Result<(), StoreError> {
        let mut kept = self.last_uses_kept();
        for (id, at) in used {
            if let Some(last) = kept.get_mut(&id) {
                *last = (*last).max(at);
            }
        }
        Ok(())
    }

    fn last_uses(&self) -> Result<HashMap<String, i64>, StoreError> {
        Ok(self.last_uses_kept().clone())
    }
}
