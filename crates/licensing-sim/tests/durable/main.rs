//! The simulator's sessions outlive it (`--store`): the stores' one
//! contract, a restart that finds everything answered, a store that fails,
//! and the process killed at each point of a write.

/// A simulator process, and HTTP to it without a client library.
#[cfg(unix)]
mod support;

/// One contract, every store: what `SessionStore` promises, run against each.
mod contract;
/// The process killed as `kill -9` would, at each point of a write and at random.
#[cfg(unix)]
mod crash;
/// A process out of file descriptors waits for one: it does not spin.
#[cfg(target_os = "linux")]
mod descriptors;
/// A store that takes no write: 503 with Retry-After, nothing answered lost, the health route says so.
mod faults;
/// A real PostgreSQL server in a temporary folder.
#[cfg(unix)]
mod pg;
/// PostgreSQL: the contract, a session's lock across processes, three processes that agree.
#[cfg(unix)]
mod postgres;
/// A restart finds the simulator and its sessions as they were.
mod restart;
