//! `FetchTransport` (feature `fetch`): the client over the global `fetch` of browser windows,
//! Web Workers and Node 18+ (or a caller's own `fetch`), with each attempt's
//! timeout and the caller's `AbortSignal`, and an abortable sleep for the
//! backoff. Written over web-sys rather than gloo-net: see docs/design.md.
//!
//! Why the exchange is raced against its own stop signal rather than left to the
//! `AbortSignal` alone: Node's fetch (undici) follows a request's signal through
//! a weak reference, so after a garbage collection a response whose body never
//! finishes may ignore the abort; the race ends the call at the deadline anyway,
//! and the abort still asks the runtime to drop the connection.

#[cfg(feature = "fetch")]
mod clock;
pub mod js;
#[cfg(feature = "fetch")]
mod transport;

#[cfg(feature = "fetch")]
pub use clock::JsClock;
#[cfg(feature = "fetch")]
pub use transport::FetchTransport;
