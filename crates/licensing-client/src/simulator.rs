//! [`SimTransport`]: the client against a [`Simulator`] in the same process,
//! with no network and no runtime: natively (`#[tokio::test]` or any
//! executor) and in wasm (wasm-bindgen-test in Node, browsers and workers).
//! Feature `simulator`.
//!
//! ```
//! use licensing_client::simulator::SimTransport;
//! use licensing_client::{CallOptions, Client, ClientOptions};
//! use licensing_core::model::ShellNumsRequest;
//! use licensing_core::valid::Valid;
//! use licensing_sim_core::{Options, Simulator};
//!
//! let transport = SimTransport::new(Simulator::new(&Options::default()));
//! let client = Client::new(ClientOptions::new("https://licensing.test", "dev-order-token"), transport.clone())?;
//! let body = Valid::new(ShellNumsRequest { size: Some(2) })?;
//! let numbers = futures_executor::block_on(client.shell_nums(&body, &CallOptions::default()))?;
//! assert_eq!(numbers, ["8000000001", "8000000002"]);
//! transport.simulator().inject_fault("code500;times=1", None)?; // the next call is retried
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Time is virtual, so tests are fast and give the same answers on every run:
//! the clock starts at [`SimTransport::START_MS`] and moves 1 ms per exchange
//! and by every backoff wait. A `delay=` fault shorter than the attempt's
//! timeout costs nothing; one as long or longer, and a body that stalls, end
//! the attempt as a `timeout` and move the clock by the attempt's timeout (the
//! simulator's state is as a client that gave up would leave it). A
//! [`VirtualClock`] the test keeps ([`SimTransport::with_clock`]) is one it can
//! move itself. Nonces come from a counter, unique per transport (and shared
//! by its clones).

use std::cell::Cell;
use std::convert::Infallible;
use std::rc::Rc;
use std::sync::Arc;

use licensing_core::response::{ClientError, ErrorKind};
use licensing_sim_core::{BodyEnd, RequestHead, Simulator};

use crate::clock::{Clock, VirtualClock};
use crate::{Client, ClientOptions, HttpRequest, HttpResponse, Transport};

/// The transport over an in-process [`Simulator`] (cheap to clone: clones
/// share the simulator, the clock and the nonce counter).
#[derive(Clone)]
pub struct SimTransport {
    sim: Arc<Simulator>,
    clock: VirtualClock,
    counter: Rc<Cell<u64>>,
}

impl std::fmt::Debug for SimTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimTransport").field("clock_ms", &self.clock.millis()).finish_non_exhaustive()
    }
}

fn timed_out(timeout_ms: u32) -> ClientError {
    let mut message = String::from("no answer within ");
    message.push_str(&timeout_ms.to_string());
    message.push_str(" ms");
    ClientError::new(ErrorKind::Timeout, message)
}

impl SimTransport {
    /// Where the virtual clock starts: 2026-01-01T00:00:00Z.
    pub const START_MS: i64 = VirtualClock::START_MS;

    /// A transport over `sim`.
    pub fn new(sim: Simulator) -> Self {
        Self::shared(Arc::new(sim))
    }

    /// A transport over a simulator shared with other code (a second client,
    /// a native shell).
    pub fn shared(sim: Arc<Simulator>) -> Self {
        Self::with_clock(sim, VirtualClock::default())
    }

    /// A transport over `sim` timed by `clock`, a clock the test keeps (to move
    /// it past a nonce window or a token's life) or shares with transports over
    /// other simulators. Two clients of one simulator share a transport's
    /// clones instead: clones share its nonce counter, two transports' counters
    /// would repeat each other's nonces.
    pub fn with_clock(sim: Arc<Simulator>, clock: VirtualClock) -> Self {
        Self { sim, clock, counter: Rc::new(Cell::new(0)) }
    }

    /// Its clock (clones share the time).
    pub fn clock(&self) -> &VirtualClock {
        &self.clock
    }

    /// The simulator: its state ([`Simulator::stats`], [`Simulator::trace`]),
    /// [`Simulator::reset`] and [`Simulator::inject_fault`].
    pub fn simulator(&self) -> &Arc<Simulator> {
        &self.sim
    }

    /// The virtual clock, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.millis()
    }

    /// Moves the virtual clock on (past a nonce window, for instance).
    pub fn advance(&self, ms: u64) {
        self.clock.advance(ms);
    }
}

impl Client<SimTransport> {
    /// A client over a fresh simulator made with `options`, and its transport
    /// (to reach the simulator).
    pub fn simulated(
        opts: ClientOptions,
        options: &licensing_sim_core::Options,
    ) -> Result<(Self, SimTransport), ClientError> {
        let transport = SimTransport::new(Simulator::new(options));
        Ok((Client::new(opts, transport.clone())?, transport))
    }
}

/// The path and query of an absolute URL (`scheme://host[:port]/path?query`);
/// a URL without a path is `/`.
fn path_and_query(url: &str) -> (&str, Option<&str>) {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let rest = rest.find('/').map_or("/", |at| rest.get(at..).unwrap_or("/"));
    let rest = rest.split_once('#').map_or(rest, |(before, _)| before);
    match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    }
}

impl Transport for SimTransport {
    type Signal = Infallible;

    async fn send(
        &self,
        request: &HttpRequest<'_>,
        timeout_ms: u32,
        _: Option<&Infallible>,
    ) -> Result<HttpResponse, ClientError> {
        self.advance(1);
        let (path, query) = path_and_query(request.url);
        let mut head = RequestHead::new(request.method.as_str(), path, query);
        for (name, value) in request.headers {
            head = head.header(name, value);
        }
        let admitted = match self.sim.admit(&head, self.now_ms()) {
            Ok(admitted) => admitted,
            Err(reply) => return self.delivered(reply, timeout_ms, request.max_response_bytes),
        };
        if admitted.delay_ms() >= u64::from(timeout_ms) {
            return Err(self.gave_up(timeout_ms));
        }
        self.advance(admitted.delay_ms());
        let body =
            if admitted.reads_body() { request.body.unwrap_or_default().as_bytes().to_vec() } else { Vec::new() };
        // A fault after the work (`after`) may delay, cut or replace the reply.
        let reply = self.sim.answer(admitted, Ok(body), self.now_ms());
        self.delivered(reply, timeout_ms, request.max_response_bytes)
    }

    async fn sleep(&self, ms: u32, _: Option<&Infallible>) -> Result<(), ClientError> {
        self.advance(u64::from(ms));
        Ok(())
    }

    /// The simulated clock (the backoff's sleeps advance it).
    fn now_ms(&self) -> Option<f64> {
        self.clock.now_ms()
    }

    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        // splitmix64 over a counter: distinct per call, the same on every run.
        for chunk in bytes.chunks_mut(8) {
            let n = self.counter.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
            self.counter.set(n);
            let mut z = n;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            for (byte, value) in chunk.iter_mut().zip(z.to_le_bytes()) {
                *byte = value;
            }
        }
        Ok(())
    }
}

impl SimTransport {
    /// A reply as the client would live it: after its delay (a timeout when
    /// the delay is longer or the body never ends), or a network failure when
    /// the connection is cut.
    fn delivered(
        &self,
        reply: licensing_sim_core::Reply,
        timeout_ms: u32,
        max_bytes: usize,
    ) -> Result<HttpResponse, ClientError> {
        if reply.delay_ms >= u64::from(timeout_ms) || reply.end == BodyEnd::Stalls {
            return Err(self.gave_up(timeout_ms));
        }
        self.advance(reply.delay_ms);
        if reply.end == BodyEnd::Reset {
            return Err(ClientError::new(ErrorKind::Network, "the connection was reset (x-sim-fault: reset)"));
        }
        self.received(reply, max_bytes)
    }

    /// The attempt's timeout, waited out on the clock.
    fn gave_up(&self, timeout_ms: u32) -> ClientError {
        self.advance(u64::from(timeout_ms));
        timed_out(timeout_ms)
    }

    fn received(&self, reply: licensing_sim_core::Reply, max_bytes: usize) -> Result<HttpResponse, ClientError> {
        if reply.body.len() > max_bytes {
            return Err(ClientError::new(ErrorKind::Decode, "the answer is larger than maxResponseBytes"));
        }
        let retry_after = reply.header_value("retry-after").map(str::to_owned);
        let body = String::from_utf8(reply.body)
            .map_err(|_| ClientError::new(ErrorKind::Decode, "the answer is not UTF-8 text"))?;
        let mut answer = HttpResponse::new(reply.status, body);
        answer.retry_after = retry_after;
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_split_into_path_and_query() {
        assert_eq!(path_and_query("https://h.test/a/b?x=1&y=2"), ("/a/b", Some("x=1&y=2")));
        assert_eq!(path_and_query("http://h:8787"), ("/", None));
        assert_eq!(path_and_query("https://h.test/a#frag"), ("/a", None));
        assert_eq!(path_and_query("/relative?q"), ("/relative", Some("q")));
    }
}
