//! Fault injection by the `x-sim-fault` request header (see `--help`).

use std::collections::HashMap;

/// Header that asks for a fault.
pub const FAULT_HEADER: &str = "x-sim-fault";

/// What to do instead of (or before) answering normally.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Fault {
    pub(crate) delay_ms: u64,
    pub(crate) code500: bool,
    pub(crate) http_status: Option<u16>,
    pub(crate) non_json: bool,
    times: Option<u32>,
    key: Option<String>,
}

impl Fault {
    /// Parses the header; unknown directives are an error message for the caller.
    pub(crate) fn parse(header: &str) -> Result<Fault, String> {
        let mut fault = Fault::default();
        for directive in header.split(';').map(str::trim).filter(|d| !d.is_empty()) {
            let (name, value) = directive.split_once('=').map_or((directive, None), |(n, v)| (n.trim(), Some(v.trim())));
            let number = |v: Option<&str>| v.and_then(|v| v.parse::<u64>().ok()).ok_or(format!("{name} needs a number"));
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
                "key" => fault.key = value.map(String::from),
                _ => return Err(format!("unknown fault directive {name:?}")),
            }
        }
        Ok(fault)
    }

    /// Whether this request gets the fault, counting `times` per `key`.
    pub(crate) fn applies(&self, counters: &mut HashMap<String, u32>) -> bool {
        let Some(times) = self.times else { return true };
        let used = counters.entry(self.key.clone().unwrap_or_default()).or_insert(0);
        if *used < times {
            *used += 1;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_count() {
        let f = Fault::parse("code500; times=2; key=k").unwrap();
        assert!(f.code500);
        let mut counters = HashMap::new();
        assert!(f.applies(&mut counters));
        assert!(f.applies(&mut counters));
        assert!(!f.applies(&mut counters));
        assert_eq!(Fault::parse("http=503").unwrap().http_status, Some(503));
        assert_eq!(Fault::parse("delay=50;non-json").unwrap().delay_ms, 50);
        assert!(Fault::parse("explode").is_err());
        assert!(Fault::parse("http=99").is_err());
    }
}
