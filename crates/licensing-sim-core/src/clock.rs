//! The simulator's time: the shell's clock (`real`, the default: every call
//! takes the shell's `now`), or a virtual one (`--clock virtual`, `{"clock":
//! "virtual"}`) that starts at 2026-01-01T00:00:00Z and moves only when a test
//! says so (`POST /__sim/clock?advance=MS` or `?set=MS`), beside the page's
//! own clock in a browser test (Playwright's `page.clock`). Under a virtual
//! clock, the stamps the simulator stores, its nonce window and the delays of
//! its faults (the shells wait for the clock to pass them) are the virtual
//! time; reading a body stays real time (it is real I/O).
//!
//! ```text
//! curl -X POST -H 'x-sim-admin: TOKEN' 'http://127.0.0.1:8787/__sim/clock?advance=20000'
//! {"clock":"virtual","now":1767225620000,"date":"2026-01-01 00:00:20"}
//! ```

use std::sync::Mutex;

use serde_json::{json, Value};

use crate::sync::lock;

/// Where a virtual clock starts: [`licensing_core::CLOCK_START_MS`], as the
/// client's virtual clocks do.
pub const VIRTUAL_CLOCK_START_MS: i64 = licensing_core::CLOCK_START_MS;

/// Whose time the simulator answers by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ClockMode {
    /// The shell's clock, read on every call.
    #[default]
    Real,
    /// A clock of its own, moved by `POST /__sim/clock`.
    Virtual,
}

impl ClockMode {
    /// `real` or `virtual`; the error names both.
    pub fn parse(name: &str) -> Result<Self, String> {
        match name {
            "real" => Ok(Self::Real),
            // "manual", its name before 0.1.0, as journals and scripts wrote it then.
            "virtual" | "manual" => Ok(Self::Virtual),
            other => Err(format!("unknown clock {other:?} (real, virtual)")),
        }
    }

    /// `real` or `virtual`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Real => "real",
            Self::Virtual => "virtual",
        }
    }
}

/// The clock of one simulator.
#[derive(Debug)]
pub(crate) struct SimClock {
    virtual_time: Option<Mutex<i64>>,
}

impl SimClock {
    pub(crate) fn new(mode: ClockMode) -> Self {
        Self { virtual_time: (mode == ClockMode::Virtual).then(|| Mutex::new(VIRTUAL_CLOCK_START_MS)) }
    }

    /// The virtual time, or `shell_now` under the real clock.
    pub(crate) fn now(&self, shell_now: i64) -> i64 {
        self.virtual_now().unwrap_or(shell_now)
    }

    /// The virtual time; `None` under the real clock.
    pub(crate) fn virtual_now(&self) -> Option<i64> {
        self.virtual_time.as_ref().map(|time| *lock(time))
    }

    /// `POST /__sim/clock`: with `advance=MS` or `set=MS` (milliseconds since
    /// the Unix epoch, no earlier than now), moves a virtual clock; with
    /// neither, reads it. The answer says which clock and its time; a
    /// real clock cannot be moved (409).
    pub(crate) fn admin(&self, query: Option<&str>, shell_now: i64) -> Result<Value, (u16, String)> {
        let mut moved = None;
        for (name, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
            let ms = || {
                value.parse::<i64>().ok().filter(|ms| *ms >= 0).ok_or_else(|| {
                    (400, format!("{name} expects a whole number of milliseconds, 0 or more, not {value:?}"))
                })
            };
            let step = match name.as_ref() {
                "advance" => Move::By(ms()?),
                "set" => Move::To(ms()?),
                other => return Err((400, format!("unknown parameter {:?} (advance, set)", crate::trace::cut(other)))),
            };
            if moved.replace(step).is_some() {
                return Err((400, String::from("one of advance and set, once")));
            }
        }
        let Some(time) = &self.virtual_time else {
            if moved.is_some() {
                return Err((
                    409,
                    String::from("this simulator runs on the real clock: start it with --clock virtual"),
                ));
            }
            return Ok(answer(ClockMode::Real, shell_now));
        };
        let mut now = lock(time);
        let to = match moved {
            None => return Ok(answer(ClockMode::Virtual, *now)),
            Some(Move::By(ms)) => now.saturating_add(ms),
            Some(Move::To(ms)) if ms < *now => {
                return Err((409, format!("the clock only moves forward: it is at {} already", *now)));
            }
            Some(Move::To(ms)) => ms,
        };
        if to > licensing_core::CLOCK_END_MS {
            return Err((
                400,
                format!(
                    "the clock goes no further than {} ({}, the last instant a JavaScript Date holds): it is at {}",
                    licensing_core::CLOCK_END_MS,
                    crate::time::format_millis(licensing_core::CLOCK_END_MS),
                    *now
                ),
            ));
        }
        *now = to;
        Ok(answer(ClockMode::Virtual, to))
    }
}

impl SimClock {
    /// Sets a virtual clock to `now` (a journal's entry replayed); a real
    /// clock has nothing to set.
    pub(crate) fn set(&self, now: i64) -> Result<(), (u16, String)> {
        match &self.virtual_time {
            Some(time) => {
                *lock(time) = now;
                Ok(())
            }
            None => Err((409, String::from("journal: a clock entry for a simulator on the real clock"))),
        }
    }
}

/// How `POST /__sim/clock` moves the clock.
enum Move {
    By(i64),
    To(i64),
}

fn answer(mode: ClockMode, now: i64) -> Value {
    json!({ "clock": mode.as_str(), "now": now, "date": crate::time::format_millis(now) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_virtual_clock_moves_forward_only_when_told() {
        let clock = SimClock::new(ClockMode::Virtual);
        assert_eq!(clock.now(5), VIRTUAL_CLOCK_START_MS);
        let read = clock.admin(None, 5).map(|v| v["now"].as_i64());
        assert_eq!(read, Ok(Some(VIRTUAL_CLOCK_START_MS)));
        let moved = clock.admin(Some("advance=20000"), 5).map(|v| v["date"].clone());
        assert_eq!(moved, Ok(json!("2026-01-01 00:00:20")));
        assert_eq!(clock.now(5), VIRTUAL_CLOCK_START_MS + 20_000);
        assert_eq!(clock.admin(Some("set=1767229200000"), 5).map(|v| v["now"].as_i64()), Ok(Some(1_767_229_200_000)));
        assert!(clock.admin(Some("set=0"), 5).is_err_and(|(status, why)| status == 409 && why.contains("forward")));
    }

    #[test]
    fn bad_queries_and_a_real_clock_are_refused() {
        let own = SimClock::new(ClockMode::Virtual);
        for query in
            ["advance=-1", "advance=1e3", "advance=", "set=x", "advance=1&set=2", "advance=1&advance=1", "at=5"]
        {
            assert!(own.admin(Some(query), 0).is_err_and(|(status, _)| status == 400), "{query}");
        }
        assert_eq!(own.now(0), VIRTUAL_CLOCK_START_MS, "a refused query moves nothing");
        let real = SimClock::new(ClockMode::Real);
        assert_eq!(real.now(42), 42);
        assert_eq!(real.admin(None, 42).map(|v| v["clock"].clone()), Ok(json!("real")));
        assert!(real.admin(Some("advance=1"), 42).is_err_and(|(status, _)| status == 409));
        assert_eq!(ClockMode::parse("virtual"), Ok(ClockMode::Virtual));
        // Past the last instant a Date holds: refused, by advance or by set, and nothing moves.
        let end = licensing_core::CLOCK_END_MS;
        for query in ["advance=9000000000000000000", "advance=9223372036854775807", &format!("set={}", end + 1)] {
            assert!(
                own.admin(Some(query), 0).is_err_and(|(status, why)| status == 400 && why.contains("Date")),
                "{query}"
            );
        }
        assert_eq!(own.now(0), VIRTUAL_CLOCK_START_MS);
        assert_eq!(own.admin(Some(&format!("set={end}")), 0).map(|v| v["now"].as_i64()), Ok(Some(end)), "up to it");
        assert!(own.admin(Some("advance=1"), 0).is_err_and(|(status, _)| status == 400));
        assert_eq!(ClockMode::parse("manual"), Ok(ClockMode::Virtual), "its earlier name");
        assert_eq!(ClockMode::Virtual.as_str(), "virtual");
        assert!(ClockMode::parse("fake").is_err_and(|e| e.contains("real, virtual")));
    }
}
