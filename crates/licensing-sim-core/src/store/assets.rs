//! Locks, the asset list and asset numbers.

use std::sync::Arc;

use licensing_core::model::{AssetExtend, AssetNumber, AssetRecord, LockResult, LockStatus, Open, Partition};

use super::Store;

/// A `listAssets` answer past its byte bound: how many records fitted and how
/// many bytes they and the one that did not fit make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLarge {
    pub(crate) listed: usize,
    pub(crate) bytes: usize,
}

/// The records of a `listAssets` answer, taken from the store with what their
/// order shares still shared (a 500 KB extension on 400 numbers is one `Arc`).
pub(crate) struct Listed(Vec<ListedRecord>);

/// A record less its customer and extensions, and those two as the store shares them.
type ListedRecord = (AssetRecord, Arc<str>, Option<Arc<[AssetExtend]>>);

impl Listed {
    /// The answer's records, or [`TooLarge`] as soon as their JSON passes
    /// `max_bytes`: each record repeats what its order stores once, so a small
    /// store can make an answer of hundreds of MB. It is counted record by
    /// record and never built whole (and never under the store's lock).
    pub(crate) fn answer(self, max_bytes: usize) -> Result<Vec<AssetRecord>, TooLarge> {
        let mut records = Vec::with_capacity(self.0.len());
        // The array's brackets and commas.
        let mut bytes = 2usize;
        for (mut record, customer_id, extends) in self.0 {
            record.customer_id = Some(customer_id.to_string());
            record.asset_extends = extends.map(|e| e.to_vec());
            bytes = bytes.saturating_add(json_len(&record)).saturating_add(1);
            if bytes > max_bytes {
                return Err(TooLarge { listed: records.len(), bytes });
            }
            records.push(record);
        }
        Ok(records)
    }
}

/// The length of a value's JSON text, counted without keeping the text.
pub(crate) fn json_len(value: &impl serde::Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 = self.0.saturating_add(buf.len());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail; a value serde refuses counts as what it wrote.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

impl Store {
    /// Disables (`locked = true`) or enables the locks; one result per number.
    pub(crate) fn set_locked(&mut self, numbers: &[String], locked: bool, now: i64) -> Vec<LockResult> {
        numbers
            .iter()
            .map(|number| {
                let status = match self.assets.get_mut(number) {
                    None => LockStatus::UnknownLock,
                    Some(a)
                        if !a.record.license_type.as_ref().and_then(Open::known).is_some_and(|t| t.is_lockable()) =>
                    {
                        LockStatus::WrongLockType
                    }
                    Some(a) => {
                        a.record.locked = Some(locked);
                        a.record.update_time = Some(now);
                        LockStatus::Success
                    }
                };
                LockResult { asset_num: Some(number.clone()), status: Some(status.into()) }
            })
            .collect()
    }

    /// The assets bought under an enterprise main account (by the order's
    /// enterpriseGlobalId or its customer's), having an extension `extendCode`
    /// when one is given, as [`Listed`] records: their shared parts are not
    /// copied here, under the store's lock, but by [`Listed::answer`] after it.
    pub(crate) fn list_assets(&self, enterprise_global_id: &str, extend_code: Option<&str>) -> Listed {
        let extend_code = extend_code.filter(|c| !c.is_empty());
        let records = self
            .assets
            .values()
            .filter(|a| a.enterprise_global_id.as_deref() == Some(enterprise_global_id))
            .filter(|a| {
                extend_code.is_none_or(|code| {
                    a.extends.iter().flat_map(|e| e.iter()).any(|e| e.extend_code.as_deref() == Some(code))
                })
            })
            .map(|a| (a.record.clone(), a.customer_id.clone(), a.extends.clone()))
            .collect();
        Listed(records)
    }

    /// The partition's sequence moved past `number`, an asset number an order
    /// stored: shellNums never hands out a number the store holds, and a
    /// snapshot reads back (a state whose sequence is not past its stored
    /// numbers is refused). Before, an order's `8000000001` on a fresh
    /// simulator was handed out again by the next shellNums.
    pub(crate) fn keep_shell_past(&mut self, number: &str) {
        let Ok(parsed) = number.parse::<AssetNumber>() else { return };
        let slot = super::slot(parsed.partition());
        if let Some(next) = self.shell_next.get_mut(slot) {
            *next = (*next).max(parsed.sequence().saturating_add(1));
        }
    }

    /// `size` fresh asset numbers of a partition, from its increasing sequence.
    pub(crate) fn shell_nums(&mut self, size: u64, partition: Partition) -> Option<Vec<String>> {
        let slot = super::slot(partition);
        let next = self.shell_next.get_mut(slot)?;
        let end = next.checked_add(size)?;
        // Every number past the sequence's 9 digits is refused by from_parts.
        let numbers = (*next..end)
            .map(|n| AssetNumber::from_parts(partition, n).map(String::from))
            .collect::<Option<Vec<_>>>()?;
        *next = end;
        Some(numbers)
    }
}
