//! Locks, the asset list and asset numbers.

use licensing_core::model::{AssetNumber, AssetRecord, LicenseType, LockResult, LockStatus, Open, Partition};

use super::Store;

/// The lock types that can be disabled and enabled. The spec: "Only recoverable
/// locks and large-customer locks can be disabled". Recoverable locks are the two
/// `normal_recover_*` types. The spec names no "large-customer" licence type; the
/// asset record says limits and staff assignment are "meaningful for
/// large-customer locks", which fits the `lk_*` locks (product lock, login lock),
/// the only other lock family that is neither standalone/network nor an identity
/// lock bound to one person. Everything else answers status 4 (wrong lock type).
pub(super) const LOCKABLE: [LicenseType; 4] = [
    LicenseType::NormalRecoverUsbkey,
    LicenseType::NormalRecoverLanUsbkey,
    LicenseType::LkProductUsbkey,
    LicenseType::LkAuthUsbkey,
];

impl Store {
    /// Disables (`locked = true`) or enables the locks; one result per number.
    pub(crate) fn set_locked(&mut self, numbers: &[String], locked: bool, now: i64) -> Vec<LockResult> {
        numbers
            .iter()
            .map(|number| {
                let status = match self.assets.get_mut(number) {
                    None => LockStatus::UnknownLock,
                    Some(a)
                        if !a
                            .record
                            .license_type
                            .as_ref()
                            .and_then(Open::known)
                            .is_some_and(|t| LOCKABLE.contains(t)) =>
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
    /// when one is given.
    pub(crate) fn list_assets(&self, enterprise_global_id: &str, extend_code: Option<&str>) -> Vec<AssetRecord> {
        let extend_code = extend_code.filter(|c| !c.is_empty());
        self.assets
            .values()
            .filter(|a| a.enterprise_global_id.as_deref() == Some(enterprise_global_id))
            .filter(|a| {
                extend_code.is_none_or(|code| {
                    a.extends.iter().flat_map(|e| e.iter()).any(|e| e.extend_code.as_deref() == Some(code))
                })
            })
            .map(|a| a.answer())
            .collect()
    }

    /// `size` fresh asset numbers of a partition, from its increasing sequence.
    pub(crate) fn shell_nums(&mut self, size: u64, partition: Partition) -> Option<Vec<String>> {
        let slot = usize::from(partition == Partition::Singapore);
        let next = self.shell_next.get_mut(slot)?;
        let numbers = (0..size)
            .map(|k| AssetNumber::from_parts(partition, *next + k).map(String::from))
            .collect::<Option<Vec<_>>>()?;
        *next += size;
        Some(numbers)
    }
}
