//! Fault injection by the `x-sim-fault` request header (see `--help`).

use std::collections::HashMap;

use licensing_core::wire::Endpoint;

use crate::exchange::Reply;
use crate::respond;

/// Header that asks for a fault.
pub const FAULT_HEADER: &str = "x-sim-fault";

/// Longest `key=` accepted.
pub(crate) const MAX_KEY_BYTES: usize = 64;
/// Most `key`s counted at once (`POST /__sim/reset` forgets them).
pub(crate) const MAX_KEYS: usize = 10_000;

/// One directive of `x-sim-fault` (and of `POST /__sim/fault`): the one list
/// every place that names them is written from. The parser matches on it
/// (exhaustively: a new one does not compile until it is read), licensing-sim's
/// `--help` prints it, `cargo xtask gen` writes the kinds `sim.fault` takes
/// (`js/generated/sim-faults.js`) and the sim README's table from it, and
/// `tests/js/sim-faults.test.mjs` holds the declarations and the guide to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FaultDirective {
    /// `code500`.
    Code500,
    /// `http=STATUS`.
    Http,
    /// `retry-after=V`, with `http=`.
    RetryAfter,
    /// `non-json`.
    NonJson,
    /// `stall-body`.
    StallBody,
    /// `reset`.
    Reset,
    /// `delay=MS`.
    Delay,
    /// `after`.
    After,
    /// `times=N`.
    Times,
    /// `key=K`.
    Key,
}

impl FaultDirective {
    /// Every directive, in the order the help lists them.
    pub const ALL: [FaultDirective; 10] = [
        Self::Code500,
        Self::Http,
        Self::RetryAfter,
        Self::NonJson,
        Self::StallBody,
        Self::Reset,
        Self::Delay,
        Self::After,
        Self::Times,
        Self::Key,
    ];

    /// Its name in the header.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Code500 => "code500",
            Self::Http => "http",
            Self::RetryAfter => "retry-after",
            Self::NonJson => "non-json",
            Self::StallBody => "stall-body",
            Self::Reset => "reset",
            Self::Delay => "delay",
            Self::After => "after",
            Self::Times => "times",
            Self::Key => "key",
        }
    }

    /// The name of its value (`http=STATUS`), or `None` for a switch.
    pub const fn value(self) -> Option<&'static str> {
        match self {
            Self::Http => Some("STATUS"),
            Self::RetryAfter => Some("V"),
            Self::Delay => Some("MS"),
            Self::Times => Some("N"),
            Self::Key => Some("K"),
            Self::Code500 | Self::NonJson | Self::StallBody | Self::Reset | Self::After => None,
        }
    }

    /// Whether it is a fault of its own, a `kind` of `sim.fault({ kind })`;
    /// the others say when or how a fault applies (`after`, `times`, `key`,
    /// `retry-after`).
    pub const fn is_kind(self) -> bool {
        match self {
            Self::Code500 | Self::Http | Self::NonJson | Self::StallBody | Self::Reset | Self::Delay => true,
            Self::RetryAfter | Self::After | Self::Times | Self::Key => false,
        }
    }

    /// What it does, in lines of at most 58 characters (the help's column).
    pub const fn help(self) -> &'static str {
        match self {
            Self::Code500 => {
                "\"network exception, retry\" in the module's envelope: order\n\
                 module HTTP 299 {code: \"500\"}, activity module HTTP 200\n\
                 resultCode 1002 (it has no code 500)"
            }
            Self::Http => "answer with that HTTP status (e.g. 429, 502, 503, 504)",
            Self::RetryAfter => {
                "with http=: a Retry-After header (seconds, or an HTTP date\n\
                 with `_` for its comma)"
            }
            Self::NonJson => "answer HTTP 200 with a body that is not JSON",
            Self::StallBody => "answer HTTP 200 with the start of a body that never ends",
            Self::Reset => "no answer: the connection is cut",
            Self::Delay => "wait MS milliseconds first (for timeouts)",
            Self::After => {
                "do the work first, then apply the fault to its answer\n\
                 (lost, replaced, or delayed by delay=MS): an answer lost\n\
                 after the service did what was asked"
            }
            Self::Times => "apply only to the first N requests (of one key=K)",
            Self::Key => "with times=: count the requests carrying key K (at most\n64 bytes)",
        }
    }

    /// The directive of a name.
    pub fn parse(name: &str) -> Option<FaultDirective> {
        Self::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The directives as `--help` lists them: each with its value's name,
    /// its words in a column.
    pub fn help_lines() -> String {
        let mut out = String::new();
        for directive in Self::ALL {
            let head = match directive.value() {
                Some(value) => format!("{}={value}", directive.name()),
                None => directive.name().to_owned(),
            };
            for (i, line) in directive.help().lines().enumerate() {
                let left = if i == 0 { head.as_str() } else { "" };
                out.push_str(&format!("  {left:<17}{line}\n"));
            }
        }
        out
    }
}

/// What to do instead of (or before) answering normally.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Fault {
    pub(crate) delay_ms: u64,
    pub(crate) code500: bool,
    pub(crate) http_status: Option<u16>,
    pub(crate) non_json: bool,
    /// Answer 200 with the start of a body that never ends (for client timeouts).
    pub(crate) stall_body: bool,
    /// Cut the connection instead of answering (a proxy's reset).
    pub(crate) reset: bool,
    /// Do the work first, then lose or replace its answer (`after`): the case
    /// of an answer lost after the service did what was asked.
    pub(crate) after_work: bool,
    /// A `Retry-After` value for the `http=` answer (seconds, or an HTTP date
    /// with its commas written as `_`: the header's directives are split at `;`).
    pub(crate) retry_after: Option<String>,
    pub(crate) times: Option<u32>,
    key: Option<String>,
}

impl Fault {
    /// Parses the header; unknown directives are an error message for the caller.
    pub(crate) fn parse(header: &str) -> Result<Fault, String> {
        let mut fault = Fault::default();
        for directive in header.split(';').map(str::trim).filter(|d| !d.is_empty()) {
            let (name, value) =
                directive.split_once('=').map_or((directive, None), |(n, v)| (n.trim(), Some(v.trim())));
            let number =
                |v: Option<&str>| v.and_then(|v| v.parse::<u64>().ok()).ok_or(format!("{name} needs a number"));
            let Some(directive) = FaultDirective::parse(name) else {
                return Err(format!("unknown fault directive {name:?}"));
            };
            match directive {
                FaultDirective::Code500 => fault.code500 = true,
                FaultDirective::NonJson => fault.non_json = true,
                FaultDirective::Delay => fault.delay_ms = number(value)?.min(120_000),
                FaultDirective::Http => {
                    let status = number(value)?;
                    if !(200..=599).contains(&status) {
                        return Err(format!("http={status} is not a status"));
                    }
                    fault.http_status = Some(status as u16);
                }
                FaultDirective::Times => fault.times = Some(number(value)?.min(u64::from(u32::MAX)) as u32),
                FaultDirective::Key => {
                    let key = value.unwrap_or_default();
                    if key.len() > MAX_KEY_BYTES {
                        return Err(format!("key is longer than {MAX_KEY_BYTES} bytes"));
                    }
                    fault.key = Some(key.to_owned());
                }
                FaultDirective::StallBody => fault.stall_body = true,
                FaultDirective::Reset => fault.reset = true,
                FaultDirective::After => fault.after_work = true,
                FaultDirective::RetryAfter => {
                    let value = value.unwrap_or_default().replace('_', ",");
                    if value.is_empty() || value.len() > 64 || !value.bytes().all(|b| (b' '..=b'~').contains(&b)) {
                        return Err("retry-after needs seconds or an HTTP date (up to 64 visible characters)".into());
                    }
                    fault.retry_after = Some(value);
                }
            }
        }
        Ok(fault)
    }

    /// Whether this request gets the fault, counting `times` per `key`; `Err`
    /// when a new key would pass [`MAX_KEYS`].
    pub(crate) fn applies(&self, counters: &mut HashMap<String, u32>) -> Result<bool, String> {
        let Some(times) = self.times else { return Ok(true) };
        let key = self.key.clone().unwrap_or_default();
        if counters.len() >= MAX_KEYS && !counters.contains_key(&key) {
            return Err(format!("{MAX_KEYS} fault keys are counted already: POST /__sim/reset forgets them"));
        }
        let used = counters.entry(key).or_insert(0);
        if *used < times {
            *used += 1;
            Ok(true)
        } else {
            Ok(false)
        }
    }
}

/// A fault set on the simulator itself ([`crate::Simulator::inject_fault`]):
/// it applies to the next `remaining` calls (of one endpoint, if named), with
/// no header on the request: how in-process tests ask for faults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Injected {
    pub(crate) fault: Fault,
    pub(crate) endpoint: Option<licensing_core::wire::Endpoint>,
    pub(crate) remaining: u32,
}

/// Most injected faults waiting at once.
pub(crate) const MAX_INJECTED: usize = 64;

/// Takes the first injected fault that applies to a call of `endpoint`,
/// counting it down (and dropping it when used up).
pub(crate) fn take_injected(queue: &mut Vec<Injected>, endpoint: licensing_core::wire::Endpoint) -> Option<Fault> {
    let at = queue.iter().position(|i| i.endpoint.is_none_or(|e| e == endpoint))?;
    let injected = queue.get_mut(at)?;
    injected.remaining = injected.remaining.saturating_sub(1);
    let fault = injected.fault.clone();
    if injected.remaining == 0 {
        queue.remove(at);
    }
    Some(fault)
}

/// The reply a fault puts in place of the answer, if it replaces it (a
/// `delay` alone does not), in the endpoint's module's envelope.
pub(crate) fn fault_reply(endpoint: Endpoint, fault: &Fault) -> Option<Reply> {
    if fault.reset {
        return Some(respond::reset());
    }
    if let Some(status) = fault.http_status {
        let mut reply = respond::status_text(status);
        if let Some(value) = &fault.retry_after {
            reply.headers.push(("retry-after", value.clone()));
        }
        return Some(reply);
    }
    if fault.code500 {
        return Some(respond::retry_exception(endpoint.module(), "simulated by x-sim-fault"));
    }
    if fault.stall_body {
        return Some(respond::stalled_body());
    }
    fault.non_json.then(respond::non_json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_count() {
        let f = Fault::parse("code500; times=2; key=k").unwrap();
        assert!(f.code500);
        let mut counters = HashMap::new();
        assert_eq!(f.applies(&mut counters), Ok(true));
        assert_eq!(f.applies(&mut counters), Ok(true));
        assert_eq!(f.applies(&mut counters), Ok(false));
        assert!(Fault::parse(&format!("times=1;key={}", "k".repeat(MAX_KEY_BYTES + 1))).is_err());
        for i in 0..MAX_KEYS {
            counters.insert(format!("k{i}"), 0);
        }
        assert!(Fault::parse("times=1;key=new").unwrap().applies(&mut counters).is_err());
        assert!(Fault::parse("stall-body").unwrap().stall_body);
        let after = Fault::parse("after; reset").unwrap();
        assert!(after.after_work && after.reset);
        assert_eq!(Fault::parse("http=503").unwrap().http_status, Some(503));
        assert_eq!(Fault::parse("delay=50;non-json").unwrap().delay_ms, 50);
        assert!(Fault::parse("explode").is_err());
        assert!(Fault::parse("http=99").is_err());
    }

    #[test]
    fn every_directive_of_the_list_is_read_and_changes_the_fault() {
        for directive in FaultDirective::ALL {
            let text = match directive.value() {
                Some("STATUS") => format!("{}=503", directive.name()),
                Some("V") => format!("{}=2", directive.name()),
                Some(_) => format!("{}=5", directive.name()),
                None => directive.name().to_owned(),
            };
            let fault = Fault::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_ne!(fault, Fault::default(), "{text} changes nothing");
            assert_eq!(FaultDirective::parse(directive.name()), Some(directive));
            assert!(
                directive.help().lines().all(|l| l.len() <= 58),
                "{}'s help is wider than its column",
                directive.name()
            );
        }
        let kinds: Vec<&str> = FaultDirective::ALL.iter().filter(|d| d.is_kind()).map(|d| d.name()).collect();
        assert_eq!(kinds, ["code500", "http", "non-json", "stall-body", "reset", "delay"]);
    }

    #[test]
    fn injected_faults_count_down_per_endpoint() {
        use licensing_core::wire::Endpoint;
        let fault = Fault::parse("code500").unwrap();
        let mut queue = vec![
            Injected { fault: fault.clone(), endpoint: Some(Endpoint::BatchOrder), remaining: 2 },
            Injected { fault: Fault::parse("http=503").unwrap(), endpoint: None, remaining: 1 },
        ];
        assert_eq!(take_injected(&mut queue, Endpoint::BatchOrder), Some(fault.clone()));
        assert_eq!(take_injected(&mut queue, Endpoint::ShellNums).and_then(|f| f.http_status), Some(503));
        assert_eq!(take_injected(&mut queue, Endpoint::ShellNums), None);
        assert_eq!(take_injected(&mut queue, Endpoint::BatchOrder), Some(fault));
        assert!(queue.is_empty());
    }
}
