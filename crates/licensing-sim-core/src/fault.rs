//! Fault injection by the `x-sim-fault` request header (see `--help`).

use std::collections::HashMap;

/// Header that asks for a fault.
pub const FAULT_HEADER: &str = "x-sim-fault";

/// Longest `key=` accepted.
pub(crate) const MAX_KEY_BYTES: usize = 64;
/// Most `key`s counted at once (`POST /__sim/reset` forgets them).
pub(crate) const MAX_KEYS: usize = 10_000;

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
            match name {
                "code500" => fault.code500 = true,
                "non-json" => fault.non_json = true,
                "delay" => fault.delay_ms = number(value)?.min(120_000),
                "http" => {
                    let status = number(value)?;
                    if !(200..=599).contains(&status) {
                        return Err(format!("http={status} is not a status"));
                    }
                    fault.http_status = Some(status as u16);
                }
                "times" => fault.times = Some(number(value)?.min(u64::from(u32::MAX)) as u32),
                "key" => {
                    let key = value.unwrap_or_default();
                    if key.len() > MAX_KEY_BYTES {
                        return Err(format!("key is longer than {MAX_KEY_BYTES} bytes"));
                    }
                    fault.key = Some(key.to_owned());
                }
                "stall-body" => fault.stall_body = true,
                "reset" => fault.reset = true,
                "after" => fault.after_work = true,
                "retry-after" => {
                    let value = value.unwrap_or_default().replace('_', ",");
                    if value.is_empty() || value.len() > 64 || !value.bytes().all(|b| (b' '..=b'~').contains(&b)) {
                        return Err("retry-after needs seconds or an HTTP date (up to 64 visible characters)".into());
                    }
                    fault.retry_after = Some(value);
                }
                _ => return Err(format!("unknown fault directive {name:?}")),
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
