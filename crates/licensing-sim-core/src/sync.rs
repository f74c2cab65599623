//! The simulator's one way to lock its data, shared by every module that holds
//! a mutex (a module of its own, below all of them).

use std::sync::{Mutex, MutexGuard};

/// Locks a mutex; a poisoned one (a panic elsewhere) still holds whole data here,
/// because every mutation completes before the guard drops.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
